"""``arpad serve`` (the web application) and ``arpad token create/list/revoke`` (who may
write through it). The web packages are imported inside ``serve`` only, so the rest of
the command line starts without them."""

from __future__ import annotations

from typing import Annotated

import typer

from arpad.cli.ledger import DEFAULT_DB, DbOption
from arpad.errors import ConfigError

LOOPBACK = "127.0.0.1"


def _check_address(host: str, port: int) -> None:
    """Raises: ConfigError: the address cannot be listened on (in use, not this machine's)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(infos[0][4])
    except OSError as exc:
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[
        str,
        typer.Option(help="Address to listen on; loopback unless you say otherwise."),
    ] = LOOPBACK,
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    max_upload_mb: Annotated[
        float, typer.Option(min=0.01, help="Largest upload accepted, in MiB.")
    ] = 5.0,
    secure_cookies: Annotated[
        bool, typer.Option(help="Mark the officer's cookie Secure (behind HTTPS).")
    ] = False,
    proxy_headers: Annotated[
        bool,
        typer.Option(help="Trust X-Forwarded-* from a reverse proxy on this machine."),
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(min=1, max=64, help="Worker processes (default: one per CPU, 2 to 8)."),
    ] = None,
    job_memory_mb: Annotated[
        int,
        typer.Option(min=64, help="Memory cap of the job that reads uploads, in MiB."),
    ] = 1024,
) -> None:
    """Serve the ledger on the web: rating lists, players, rated crosstables,
    estimators, a JSON API (/openapi.json) and uploads that an officer previews and
    commits (with a token from 'arpad token create').

    Examples:

        arpad serve

        arpad serve --db postgresql://arpad@localhost/ratings --port 8080
    """
    try:
        import uvicorn

        from arpad.web import WebSettings, create_app
    except ModuleNotFoundError as exc:
        raise ConfigError(
            f"arpad serve needs the web extra ({exc.name} is missing): pip install 'arpad[web]'"
        ) from None
    from arpad.web.server import export_settings, uvicorn_options

    settings = WebSettings(
        db=db,
        max_upload_bytes=int(max_upload_mb * 1024 * 1024),
        secure_cookies=secure_cookies,
        job_memory_bytes=job_memory_mb * 1024 * 1024,
    )
    _check_address(host, port)
    create_app(settings).state.ledger.close()  # the ledger opens (and is upgraded) here
    export_settings(settings)
    if host not in (LOOPBACK, "localhost", "::1"):
        typer.echo(f"arpad: listening on {host}: reachable from other machines", err=True)
    typer.echo(f"arpad: serving {db} on http://{host}:{port}/ (Ctrl-C stops)", err=True)
    uvicorn.run(
        "arpad.web.server:app_from_environment",
        factory=True,
        host=host,
        port=port,
        proxy_headers=proxy_headers,
        forwarded_allow_ips=LOOPBACK if proxy_headers else None,
        log_level="warning",
        **uvicorn_options(workers or default_workers()),
    )


def default_workers() -> int:
    """One worker process per CPU, at least 2 (a slow page never holds up the others)
    and at most 8 (each keeps its own caches)."""
    import os

    return max(2, min(8, os.cpu_count() or 1))


def token_create(
    name: Annotated[str, typer.Argument(help="Who holds the token (for the list).")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a token and print it once (the ledger keeps only its hash).

    Example:

        arpad token create "club rating officer"
    """
    from arpad.ledger import Ledger
    from arpad.ledger.tokens import create_token

    with Ledger.open(db) as ledger, ledger.engine.begin() as conn:
        made = create_token(conn, name)
    typer.echo(made.token)
    typer.echo(
        f"token {made.info.id} for {made.info.name!r}: keep it secret; it is not shown again",
        err=True,
    )


def token_list(db: DbOption = DEFAULT_DB) -> None:
    """List the tokens (id, holder, created, revoked)."""
    from arpad.ledger import Ledger
    from arpad.ledger.tokens import list_tokens

    with Ledger.open(db) as ledger, ledger.engine.connect() as conn:
        rows = list_tokens(conn)
    for t in rows:
        state = f"revoked {t.revoked_at}" if t.revoked_at else "active"
        typer.echo(f"{t.id:>4}  {t.created_at}  {state:<34}  {t.name}")
    if not rows:
        typer.echo("no tokens")


def token_revoke(
    token_id: Annotated[int, typer.Argument(help="The token's id (see 'arpad token list').")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Revoke a token: writes with it are refused at once."""
    from arpad.ledger import Ledger
    from arpad.ledger.tokens import revoke_token

    with Ledger.open(db) as ledger, ledger.engine.begin() as conn:
        done = revoke_token(conn, token_id)
    typer.echo(f"revoked token {done.id} ({done.name})")


def register(app: typer.Typer) -> None:
    app.command()(serve)
    tokens = typer.Typer(
        help="API tokens for writing through 'arpad serve' (only their hashes are stored).",
        no_args_is_help=True,
    )
    app.add_typer(tokens, name="token")
    tokens.command("create")(token_create)
    tokens.command("list")(token_list)
    tokens.command("revoke")(token_revoke)

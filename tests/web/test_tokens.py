"""API tokens: made on the command line, shown once, only their hash stored, revocable."""

from __future__ import annotations

import subprocess
import sys

from sqlalchemy import select
from typer.testing import CliRunner

from arpad.cli import app
from arpad.ledger import Ledger, schema
from arpad.ledger.tokens import create_token, list_tokens, revoke_token, token_hash, verify_token

runner = CliRunner()


def test_token_commands(ledger_path: str) -> None:
    made = runner.invoke(app, ["token", "create", "club officer", "--db", ledger_path])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip().splitlines()[0]
    assert token.startswith("arpad_") and len(token) > 40
    with Ledger.open(ledger_path) as ledger, ledger.engine.connect() as conn:
        stored = conn.execute(select(schema.api_tokens)).all()
        assert verify_token(conn, token) == 1
    assert [r.sha256 for r in stored] == [token_hash(token)]
    assert all(token not in str(tuple(r)) for r in stored)  # the token itself is not kept
    listed = runner.invoke(app, ["token", "list", "--db", ledger_path])
    assert "club officer" in listed.stdout and "active" in listed.stdout
    assert token not in listed.stdout
    revoked = runner.invoke(app, ["token", "revoke", "1", "--db", ledger_path])
    assert revoked.exit_code == 0 and "revoked token 1" in revoked.stdout
    with Ledger.open(ledger_path) as ledger, ledger.engine.connect() as conn:
        assert verify_token(conn, token) is None
    missing = runner.invoke(app, ["token", "revoke", "7", "--db", ledger_path])
    assert missing.exit_code != 0


def test_tokens_are_distinct_and_names_checked(ledger_path: str) -> None:
    with Ledger.open(ledger_path) as ledger, ledger.engine.begin() as conn:
        a, b = create_token(conn, "a"), create_token(conn, "  b  ")
        assert a.token != b.token and b.info.name == "b"
        assert verify_token(conn, a.token + "x") is None
        assert verify_token(conn, "arpad_") is None
        revoke_token(conn, a.info.id)
        assert [t.revoked_at is not None for t in list_tokens(conn)] == [True, False]
        assert verify_token(conn, b.token) == b.info.id


def test_importing_the_cli_does_not_import_the_web_stack() -> None:
    code = (
        "import sys, arpad.cli; "
        "print(sorted(m for m in ('fastapi', 'starlette', 'uvicorn', 'jinja2', 'arpad.web') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

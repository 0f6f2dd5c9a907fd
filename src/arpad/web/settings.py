"""The server's settings (one frozen value, checked when made)."""

from __future__ import annotations

from dataclasses import dataclass

from arpad.errors import ConfigError
from arpad.ledger import DEFAULT_DB

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True, slots=True)
class WebSettings:
    db: str = DEFAULT_DB
    """The ledger: a SQLite path or a database URL."""
    max_upload_bytes: int = 5 * 1024 * 1024
    """The largest request body accepted (an upload with its form fields)."""
    page_size: int = 50
    max_page_size: int = 500
    max_pending_uploads: int = 20
    """Uploads kept waiting for a decision at once (the oldest is dropped): with
    ``max_upload_bytes`` they bound the work folder's size."""
    job_memory_bytes: int = 1024 * 1024 * 1024
    """The background job's memory cap (``RLIMIT_DATA``): reading and previewing one
    upload may use this much; a file that needs more is refused with one line."""
    work_dir: str | None = None
    """Where uploads wait and the job keeps its lock and status (default: a private
    folder per ledger in the system's temporary folder)."""
    upload_ttl_seconds: int = 3600
    session_ttl_seconds: int = 8 * 3600
    secure_cookies: bool = False
    """Mark the session cookie ``Secure`` (set behind an HTTPS reverse proxy)."""
    max_failed_logins: int = 10
    """Failed logins allowed per client address per ten minutes."""

    def __post_init__(self) -> None:
        for name in (
            "max_upload_bytes",
            "page_size",
            "max_page_size",
            "max_pending_uploads",
            "job_memory_bytes",
        ):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1, not {getattr(self, name)!r}")
        if self.page_size > self.max_page_size:
            raise ConfigError("page_size cannot exceed max_page_size")

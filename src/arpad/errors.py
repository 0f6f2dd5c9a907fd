"""The arpad exception hierarchy.

Our exception hierarchy::

    ArpadError                      base of everything arpad raises on purpose
    ├── InputError (ValueError)     a file or record we were given is wrong
    │                               (carries path, line, column, field)
    ├── ConfigError (ValueError)    a configuration value is out of range or unknown
    └── RatingError                 an event cannot be rated as asked
                                    (e.g. a match between ineligible players)

Input errors say what is wrong, where (``file:line:column``), the offending value
(``!r``) and, where there is one, the fix. The command line turns any ``ArpadError`` into
one line on stderr and exit code 2.
"""

from __future__ import annotations

import errno


class ArpadError(Exception):
    """Base class of every error arpad raises deliberately."""


class InputError(ArpadError, ValueError):
    """Bad input: a file, a record or a field that cannot be accepted.

    Attributes:
        path: the file the input came from, if any.
        line: 1-based line number, if known.
        column: 1-based column number, if known.
        field: the name of the offending field, if any.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.field = field

    def located(self, path: str | None = None, line: int | None = None) -> InputError:
        """Return a copy that also knows its file (and line, when it had none)."""
        return InputError(
            self.message,
            path=self.path if self.path is not None else path,
            line=self.line if self.line is not None else line,
            column=self.column,
            field=self.field,
        )

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
        elif self.line is not None:
            where = f"line {self.line}"
        return f"{where}: {self.message}" if where else self.message


class ConfigError(ArpadError, ValueError):
    """A configuration value is unknown or outside its allowed range."""


class RatingError(ArpadError):
    """An event cannot be rated as asked (the rules forbid it)."""


_OS_WORDS = {
    errno.ENOSPC: "the disk is full (no space left on device)",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
}


def os_error_line(exc: OSError) -> str:
    """One line for an operating-system error: the file, then what went wrong in words
    a user acts on ("the disk is full"), never a traceback (issue 24.2).

    >>> import errno
    >>> os_error_line(OSError(errno.ENOSPC, "No space left on device", "out.csv"))
    'out.csv: the disk is full (no space left on device)'
    """
    words = _OS_WORDS.get(exc.errno or 0) or exc.strerror or str(exc).splitlines()[0]
    return f"{exc.filename}: {words}" if exc.filename else words

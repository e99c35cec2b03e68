"""A machine whose locale is not UTF-8 (Windows' cp1252, say), for code that reads and writes
text files with pathlib: Spanish pages and results must not depend on the locale."""

from __future__ import annotations

import io


def locale_encoding(monkeypatch, name: str = "cp1252") -> None:
    """Make `Path.read_text`/`write_text` without an `encoding` use `name`, as they would on a
    machine with that locale (pathlib asks `io.text_encoding`; `open()` itself is not covered)."""
    default = io.text_encoding
    monkeypatch.setattr(io, "text_encoding", lambda encoding, stacklevel=2: name if encoding is None
                        else default(encoding))

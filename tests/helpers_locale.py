"""A machine whose locale is not UTF-8 (Windows' cp1252, say), for code that reads and writes
text files with pathlib (and, through `open_encoding`, the builtin `open`): Spanish pages,
results and cohorts must not depend on the locale."""

from __future__ import annotations

import builtins
import io


def locale_encoding(monkeypatch, name: str = "cp1252") -> None:
    """Make `Path.read_text`/`write_text` without an `encoding` use `name`, as they would on a
    machine with that locale (pathlib asks `io.text_encoding`; `open()` itself is not covered)."""
    default = io.text_encoding
    monkeypatch.setattr(io, "text_encoding", lambda encoding, stacklevel=2: name if encoding is None
                        else default(encoding))


def open_encoding(monkeypatch, module, name: str = "cp1252") -> None:
    """Make the builtin `open()` in `module` use `name` when given no encoding, as it would on a
    machine with that locale (the builtin asks the C library, which a test cannot switch to
    cp1252: this machine has no such locale)."""
    def opener(file, mode="r", buffering=-1, encoding=None, *args, **kwargs):
        if "b" not in mode and encoding is None:
            encoding = name
        return builtins.open(file, mode, buffering, encoding, *args, **kwargs)

    monkeypatch.setattr(module, "open", opener, raising=False)

"""Writing an output file without harming what is at its path.

Why: the commands wrote ``FILE.tmp`` and renamed it over ``FILE``. That is atomic for a plain
file, but a rename replaces whatever the path names: a symbolic link became a plain file (the
file it pointed to left stale), a named pipe was replaced, and as root ``-o /dev/full`` replaced
the device itself with a JSON file; a ``FILE.tmp`` of the user's was overwritten on the way; and
``-o ''`` or ``-o .`` ended in a traceback. Now a link is followed and its target replaced, a
path that is not a regular file (a pipe, ``/dev/stdout``, a device) is written in place, as a
shell's ``>`` would, the temporary file has a name of its own, and a path that names no file
(a folder, nothing) is refused with a message.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from fairdraw.core.errors import InputError


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``: a regular file (or a new one) atomically, through a link to
    its target, anything else in place. InputError names the path when it cannot be written."""
    source = str(path)
    if not source or source.endswith(os.sep) or path.name in ("", ".", ".."):
        raise InputError("the output path names no file (give a file name, e.g. -o seating.json)", source=source or "-o")
    try:
        mode = path.stat().st_mode  # through a link, to what it names
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise InputError(f"cannot write the output: {exc.strerror}", source=source) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise InputError("the output path is a folder: give a file name in it", source=source)
    try:
        if mode is not None and not stat.S_ISREG(mode):
            with open(path, "wb") as stream:  # a pipe, a terminal, /dev/null: as `>` writes it
                stream.write(data)
            return
        _replace_atomically(Path(os.path.realpath(path)), data)
    except OSError as exc:
        raise InputError(f"cannot write the output: {exc.strerror or exc}", source=source) from None


def _replace_atomically(target: Path, data: bytes) -> None:
    """A temporary file beside ``target`` (its own name: never a file of the user's), then a
    rename over it, so a reader sees the old file or the new one, never half of one. It is made
    with the mode a new file gets (the umask applies), or the mode of the file it replaces."""
    name = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        if target.exists():  # keep the file's permissions
            os.chmod(name, stat.S_IMODE(target.stat().st_mode))
        os.replace(name, target)
    except BaseException:
        name.unlink(missing_ok=True)
        raise

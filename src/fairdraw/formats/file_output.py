"""Writing an output file without harming what is at its path.

Why: the commands wrote ``FILE.tmp`` and renamed it over ``FILE``. That is atomic for a plain
file, but a rename replaces whatever the path names: a symbolic link became a plain file (the
file it pointed to left stale), a named pipe was replaced, and as root ``-o /dev/full`` replaced
the device itself with a JSON file; a ``FILE.tmp`` of the user's was overwritten on the way; and
``-o ''`` or ``-o .`` ended in a traceback. Now a link is followed and its target replaced, a
path that is not a regular file (a pipe, ``/dev/stdout``, a device) is written in place, as a
shell's ``>`` would, the temporary file has a name of its own, and a path that names no file
(a folder, nothing) is refused with a message.

``check_destination`` runs the same rules before a command's work, so a path the write would
refuse is refused before a long seating or season is computed for nothing.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from fairdraw.core.errors import InputError


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``: a regular file (or a new one) atomically, through a link to
    its target, anything else in place. InputError names the path when it cannot be written."""
    mode = _what_is_there(path)
    try:
        if mode is not None and not stat.S_ISREG(mode):
            with open(path, "wb") as stream:  # a pipe, a terminal, /dev/null: as `>` writes it
                stream.write(data)
            return
        _replace_atomically(Path(os.path.realpath(path)), data)
    except OSError as exc:
        raise _cannot_write(path, exc) from None


def check_destination(path: Path) -> None:
    """Refuse now what ``write_file`` would refuse after the work: a league of 80 players or a
    big seating computed for half a minute and only then found its ``-o`` folder missing
    (issue: an unusable -o path is found only after the work). The same rules as the write,
    through the same helpers: the path must name a file (``_what_is_there``); a regular file or
    a new one needs a temporary file of its own beside the target, so one is made and removed
    at once (``_temporary_beside``: a missing folder, a file in the folder's place, a read-only
    folder or disc all fail here as they would there); a pipe or a device must be writable by
    us, asked without opening it (opening a pipe waits for its reader)."""
    mode = _what_is_there(path)
    try:
        if mode is not None and not stat.S_ISREG(mode):
            if not os.access(path, os.W_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
            return
        name, handle = _temporary_beside(Path(os.path.realpath(path)))
        os.close(handle)
        name.unlink()
    except OSError as exc:
        raise _cannot_write(path, exc) from None


def _what_is_there(path: Path) -> int | None:
    """The mode of what ``path`` names (through a link), None when nothing is there yet.
    InputError when the path names no file: empty, ending in a separator, ``.``/``..``, a
    folder, or a path the system cannot even look at."""
    source = str(path)
    if not source or source.endswith(os.sep) or path.name in ("", ".", ".."):
        raise InputError("the output path names no file (give a file name, e.g. -o seating.json)", source=source or "-o")
    try:
        mode = path.stat().st_mode  # through a link, to what it names
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _cannot_write(path, exc) from None
    if stat.S_ISDIR(mode):
        raise InputError("the output path is a folder: give a file name in it", source=source)
    return mode


def _cannot_write(path: Path, exc: OSError) -> InputError:
    """The one message of a write the system refused, naming the path and the system's reason."""
    return InputError(f"cannot write the output: {exc.strerror or exc}", source=str(path))


def _temporary_beside(target: Path) -> tuple[Path, int]:
    """A new temporary file in ``target``'s folder, with a name of its own (never a file of the
    user's), open for writing; the mode a new file gets (the umask applies)."""
    name = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    return name, os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)


def _replace_atomically(target: Path, data: bytes) -> None:
    """A temporary file beside ``target`` (``_temporary_beside``), then a rename over it, so a
    reader sees the old file or the new one, never half of one. It keeps the mode of the file
    it replaces."""
    name, handle = _temporary_beside(target)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        if target.exists():  # keep the file's permissions
            os.chmod(name, stat.S_IMODE(target.stat().st_mode))
        os.replace(name, target)
    except BaseException:
        name.unlink(missing_ok=True)
        raise

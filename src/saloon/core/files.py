"""Users' files, read and written so that nothing is lost.

* :func:`read_text` reads a text file a person named (a record, an options
  or content file) only if it is a regular file of reasonable size, and
  turns every way that can fail (missing, a folder, a device such as
  ``/dev/zero``, too big, not UTF-8, a name with a NUL in it) into one
  :class:`~saloon.core.errors.SaloonError` of the caller's kind.
* :func:`write_text` writes atomically (a temporary file in the same
  folder, flushed to disk, then renamed), so a failed write never destroys
  the file it was replacing, and leaves no temporary file behind; with
  ``overwrite=False`` it never replaces a file at all.
* :func:`check_writable` checks, before a game starts, that a file can be
  written there later; :func:`fresh_path` makes a timestamped name that no
  file has yet (recovery files, end-of-game records).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from saloon.core.errors import ContentError, SaloonError, printable

#: The largest text file Saloon reads (records, options, content): 16 MiB.
MAX_TEXT_BYTES = 16 * 1024 * 1024


def _name(path: str | Path) -> str:
    """A file name as a message shows it (quoted if long or not printable)."""
    return printable(str(path))


def read_text(
    path: str | Path,
    *,
    what: str = "file",
    limit: int = MAX_TEXT_BYTES,
    error: type[SaloonError] = SaloonError,
) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes;
    ``error`` (one line naming the file and the problem) otherwise.

    >>> read_text("no/such/file.json", what="record")
    Traceback (most recent call last):
    ...
    saloon.core.errors.SaloonError: cannot read record no/such/file.json: No such file or directory
    """
    name = _name(path)
    try:
        # Non-blocking, so a named pipe with no writer does not hang the open.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            kind = os.fstat(fh.fileno()).st_mode
            data = fh.read(limit + 1) if stat.S_ISREG(kind) else b""
    except IsADirectoryError:
        raise error(f"{what} {name} is a folder, not a file") from None
    except OSError as exc:
        raise error(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise error(f"{what} name {name} is not a usable file name") from None
    if stat.S_ISDIR(kind):
        raise error(f"{what} {name} is a folder, not a file")
    if not stat.S_ISREG(kind):
        raise error(f"{what} {name} is not a regular file")
    if len(data) > limit:
        raise error(f"{what} {name} is larger than {size_text(limit)}; it is not one")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{what} {name} is not a text file (not UTF-8)") from None


def size_text(size: int) -> str:
    """A size in bytes as people read it: in the largest unit it is a whole
    number of, else in bytes.

    >>> size_text(64 * 1024), size_text(16 * 1024 * 1024), size_text(2**30)
    ('64 KiB', '16 MiB', '1 GiB')
    >>> size_text(1536), size_text(100_000), size_text(1)
    ('1,536 bytes', '100,000 bytes', '1 byte')
    """
    for unit, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit:,} {name}"
    return f"{size:,} byte{'' if size == 1 else 's'}"


def write_text(path: str | Path, text: str, *, overwrite: bool = True) -> None:
    """Write ``text`` to ``path`` atomically; with ``overwrite=False`` raise
    :class:`FileExistsError` rather than replace a file that is there.

    Raises :class:`OSError` (or :class:`ValueError` for a name with a NUL)
    if the file cannot be written; the old file, if any, is then intact and
    no temporary file is left.
    """
    path = Path(path)
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if overwrite:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)


def _link_new(tmp: str, path: Path) -> None:
    """Give ``tmp`` the name ``path`` only if no file has it (atomically
    where the file system has hard links), then drop the ``tmp`` name."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:  # no hard links here: check, then rename
        if os.path.lexists(path):
            raise FileExistsError(f"{path} exists") from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of a renamed file (best effort; POSIX only)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def check_writable(
    path: str | Path, *, overwrite: bool, what: str = "file", flag: str = "--force"
) -> None:
    """Refuse (:class:`SaloonError`) a file that could not be written later:
    its folder missing or not writable, a folder in its place, or a file
    already there when ``overwrite`` is false (``flag`` allows it)."""
    name = _name(path)
    if not str(path).strip():
        raise SaloonError(f"{what} needs a file name")
    p = Path(path)
    folder = p.parent
    try:
        is_folder, folder_ok = p.is_dir(), folder.is_dir()
        writable = folder_ok and os.access(folder, os.W_OK | os.X_OK)
        exists = os.path.lexists(p)
    except (OSError, ValueError):  # a name too long, or a NUL in it
        raise SaloonError(f"{what} name {name} is not a usable file name") from None
    if is_folder:
        raise SaloonError(f"{what} {name} is a folder; give a file name")
    if not folder_ok:
        raise SaloonError(f"cannot write {what} {name}: the folder {_name(folder)} does not exist")
    if not writable:
        raise SaloonError(f"cannot write {what} {name}: the folder {_name(folder)} is read-only")
    if exists and not overwrite:
        raise SaloonError(f"{what} {name} exists; add {flag} to replace it")


def fresh_path(stem: str, suffix: str = ".json", folder: str | Path = ".") -> Path:
    """A name ``STEM-YYYYMMDD-HHMMSS.SUFFIX`` in ``folder`` that no file has
    (``-2``, ``-3``... added if one has): files named with it never
    overwrite each other.

    >>> fresh_path("saloon-recovery").name.startswith("saloon-recovery-")
    True
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = Path(folder) / f"{stem}-{stamp}"
    candidate = base.with_name(base.name + suffix)
    n = 1
    while os.path.lexists(candidate):
        n += 1
        candidate = base.with_name(f"{base.name}-{n}{suffix}")
    return candidate


def write_fresh(stem: str, text: str, suffix: str = ".json", folder: str | Path = ".") -> Path:
    """Write ``text`` to a new :func:`fresh_path` (never over another file,
    even one made at the same moment by another process); its path."""
    for _ in range(100):
        path = fresh_path(stem, suffix, folder)
        try:
            write_text(path, text, overwrite=False)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no free name for {stem} in {folder}")  # pragma: no cover


#: The largest content file (a map, a deck, a scenario) read: 1 MiB.
MAX_CONTENT_BYTES = 1024 * 1024


def read_content(path: str | None, package: str, default: str) -> tuple[str, dict[str, Any]]:
    """A game's TOML content: the user's file ``path``, or the built-in
    ``content/<default>`` of ``package`` when ``path`` is ``None``; returns
    the name messages give it and its table. Any failure to read or to
    parse is one :class:`~saloon.core.errors.ContentError` naming the file.

    >>> source, data = read_content(None, "saloon.games.d6shooters", "map-ep1.toml")
    >>> source, "towns" in data
    ('map-ep1.toml', True)
    """
    if path is None:
        text = resources.files(package).joinpath("content", default).read_text(encoding="utf-8")
        source = default
    else:
        # The person's file, or the bundle a reference stands for.
        from saloon.core.content import read_file

        source, text = read_file(
            path, what="content file", limit=MAX_CONTENT_BYTES, error=ContentError
        )
    try:
        return source, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source} is not valid TOML: {exc}") from exc
    except (ValueError, RecursionError):  # a huge number, tables nested too deep
        raise ContentError(f"{source} is not TOML that Saloon can read") from None

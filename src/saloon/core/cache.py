"""On-disk caches of solved tables: checksummed, verified, written atomically.

A solver's tables take seconds to minutes to build and are kept between
runs in :func:`cache_dir` (``$SALOON_CACHE``, else ``~/.cache/saloon``).
A cache must never be served wrong: a file cut short by a crash, emptied
by a full disk, or altered by hand is detected and rebuilt, not trusted.

One cache file holds JSON metadata and named NumPy arrays::

    {"format": "saloon-cache/1", "meta": {...}, "arrays": [[name, dtype, shape], ...],
     "sha256": "..."}\\n
    <the arrays' bytes, one after the other>

The checksum is the SHA-256 of the metadata, the array list and the bytes.
:func:`read` verifies it (and the format, the sizes, the dtypes, and
whatever the caller's ``build`` checks) before anything is used; a file
that fails is reported once on stderr and treated as missing, so the
caller recomputes and :func:`write` replaces it. :func:`write` writes a
temporary file in the same folder, flushes it to disk and renames it over
the old one; a failed write removes its temporary file, and the temporary
files of writers that died (older than an hour) are removed too. No
pickle, no zip: nothing in the file is executed or decompressed.

>>> import tempfile, numpy as np
>>> folder = Path(tempfile.mkdtemp())
>>> write(folder / "demo.cache", {"n": 2}, {"x": np.arange(2.0)})
True
>>> read(folder / "demo.cache", lambda meta, arrays: (meta["n"], arrays["x"].tolist()))
(2, [0.0, 1.0])
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

FORMAT = "saloon-cache/1"
#: The largest cache file read: 2 GiB (the solvers refuse bigger tables).
MAX_CACHE_BYTES = 2 * 1024**3
#: The longest metadata line.
MAX_HEADER_BYTES = 16 * 1024 * 1024
#: The array types a cache may hold.
DTYPES = ("<f8", "<i8", "|u1")
#: Temporary files older than this (seconds) belong to writers that died.
STALE_SECONDS = 3600

T = TypeVar("T")
Arrays = dict[str, npt.NDArray[Any]]

_TOLD: set[tuple[str, str]] = set()


class CacheDamaged(Exception):
    """A cache file that cannot be trusted (the reason is the message)."""


def cache_dir() -> Path:
    """Where caches are kept: ``$SALOON_CACHE``, else ``~/.cache/saloon``."""
    env = os.environ.get("SALOON_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "saloon"


def tell_once(path: Path, kind: str, message: str) -> None:
    """``message`` on stderr, once per file and kind of problem per process."""
    key = (str(path), kind)
    if key in _TOLD:
        return
    _TOLD.add(key)
    print(f"saloon: {message}", file=sys.stderr)


def _digest(meta_and_arrays: bytes, payload: memoryview | bytes) -> str:
    h = hashlib.sha256(meta_and_arrays)
    h.update(b"\0")
    h.update(payload)
    return h.hexdigest()


def _canonical(meta: Mapping[str, Any], specs: list[list[Any]]) -> bytes:
    return json.dumps(
        {"meta": meta, "arrays": specs}, sort_keys=True, separators=(",", ":"), allow_nan=False
    ).encode()


# -- building --------------------------------------------------------------------------------


@contextlib.contextmanager
def building(path: Path) -> Iterator[None]:
    """Hold the lock of the cache file ``path`` while it is read, built and
    written, so that processes wanting the same table (``simulate
    --workers``, the test suite's workers) build it once: the others wait,
    then read what the first wrote. The lock is an advisory ``flock`` on
    ``PATH.lock``, released if the holder dies; where it cannot be taken (a
    read-only folder, a system without ``fcntl``), each process builds on
    its own, as before.
    """
    handle = None
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_name(path.name + ".lock"), "a")  # noqa: SIM115
        fcntl.flock(handle, fcntl.LOCK_EX)
    except (ImportError, OSError):
        if handle is not None:
            handle.close()
        handle = None
    try:
        yield
    finally:
        if handle is not None:
            handle.close()  # closing releases the lock


# -- writing ---------------------------------------------------------------------------------


def write(path: Path, meta: Mapping[str, Any], arrays: Mapping[str, npt.NDArray[Any]]) -> bool:
    """Write ``meta`` and ``arrays`` to ``path`` atomically, with their
    checksum; False (said once on stderr) if the file cannot be written,
    in which case no temporary file is left and the old file is intact."""
    try:
        _write(path, meta, arrays)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        tell_once(
            path, "write", f"could not write the cache file {path} ({reason}); going on without it"
        )
        return False
    return True


def _write(path: Path, meta: Mapping[str, Any], arrays: Mapping[str, npt.NDArray[Any]]) -> None:
    blocks = [np.ascontiguousarray(a) for a in arrays.values()]
    specs = [[name, a.dtype.str, list(a.shape)] for name, a in zip(arrays, blocks, strict=True)]
    for name, dtype, _ in specs:
        if dtype not in DTYPES:
            raise ValueError(f"array {name} has the type {dtype}, not one of {', '.join(DTYPES)}")
    head = _canonical(meta, specs)
    h = hashlib.sha256(head)
    h.update(b"\0")
    for a in blocks:
        h.update(a.data.cast("B"))
    header = json.dumps(
        {"format": FORMAT, "meta": meta, "arrays": specs, "sha256": h.hexdigest()},
        allow_nan=False,
    ).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(header + b"\n")
            for a in blocks:
                fh.write(a.data.cast("B"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _remove_stale(path: Path) -> None:
    """Remove the temporary files of writers of ``path`` that died mid-write."""
    now = time.time()
    with contextlib.suppress(OSError):
        for old in path.parent.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                if now - old.stat().st_mtime > STALE_SECONDS:
                    old.unlink()


# -- reading ---------------------------------------------------------------------------------


def read(path: Path, build: Callable[[dict[str, Any], Arrays], T]) -> T | None:
    """``build(meta, arrays)`` from the verified file at ``path``; ``None``
    if there is no such file, or (said once on stderr) if it is damaged:
    unreadable, the wrong format, a checksum that does not match, or
    contents that ``build`` refuses by raising ``KeyError``, ``IndexError``,
    ``TypeError`` or ``ValueError``. The caller then recomputes and writes."""
    try:
        meta, arrays = load(path)
        return build(meta, arrays)
    except FileNotFoundError:
        return None
    except CacheDamaged as exc:
        reason = str(exc)
    except OSError as exc:
        reason = f"unreadable: {exc.strerror or exc}"
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        reason = f"its contents do not fit ({type(exc).__name__}: {exc})"
    tell_once(path, "damaged", f"the cache file {path} is damaged ({reason}); recomputing it")
    return None


def load(path: Path) -> tuple[dict[str, Any], Arrays]:
    """The metadata and arrays of a verified cache file; raises
    :class:`CacheDamaged` (or ``OSError``) if it cannot be trusted."""
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > MAX_CACHE_BYTES:
            raise CacheDamaged(f"{size} bytes, more than a cache file holds")
        data = bytearray(size)
        got = fh.readinto(data)
    if got != size:
        raise CacheDamaged("it was cut short while being read")
    if size == 0:
        raise CacheDamaged("it is empty")
    end = data.find(b"\n", 0, MAX_HEADER_BYTES)
    if end < 0:
        raise CacheDamaged("it has no header")
    try:
        header = json.loads(bytes(data[:end]))
    except (ValueError, RecursionError):
        raise CacheDamaged("its header is not JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise CacheDamaged(f"it is not a {FORMAT} file")
    meta, specs, digest = header.get("meta"), header.get("arrays"), header.get("sha256")
    if not isinstance(meta, dict) or not isinstance(specs, list) or not isinstance(digest, str):
        raise CacheDamaged("its header lacks the metadata, the arrays or the checksum")
    payload = memoryview(data)[end + 1 :]
    try:
        expected = _digest(_canonical(meta, specs), payload)
    except (TypeError, ValueError):
        raise CacheDamaged("its header cannot be checked") from None
    if expected != digest:
        raise CacheDamaged("its checksum does not match its contents")
    arrays: Arrays = {}
    offset = 0
    for spec in specs:
        if (
            not isinstance(spec, list)
            or len(spec) != 3
            or not isinstance(spec[0], str)
            or spec[1] not in DTYPES
            or not isinstance(spec[2], list)
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in spec[2])
        ):
            raise CacheDamaged("its list of arrays is malformed")
        name, dtype, shape = spec
        kind = np.dtype(dtype)
        count = math.prod(shape)
        if offset + count * kind.itemsize > len(payload):
            raise CacheDamaged(f"array {name} runs past the end of the file")
        arrays[name] = np.frombuffer(payload, kind, count, offset).reshape(shape)
        offset += count * kind.itemsize
    if offset != len(payload):
        raise CacheDamaged("it has bytes beyond its arrays")
    return meta, arrays

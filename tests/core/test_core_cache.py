"""On-disk caches: a checksum verified on reading, atomic writes, and a damaged
file rebuilt, said once (issue 10)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from saloon.core import cache


def build(meta: dict[str, Any], arrays: dict[str, Any]) -> tuple[int, list[float]]:
    if arrays["x"].shape != (3,):
        raise ValueError("shape")
    return meta["n"], arrays["x"].tolist()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    cache._TOLD.clear()
    p = tmp_path / "t.cache"
    assert cache.write(p, {"n": 3}, {"x": np.arange(3.0), "y": np.zeros((2, 2), dtype=np.int64)})
    return p


def test_round_trip(path: Path) -> None:
    assert cache.read(path, build) == (3, [0.0, 1.0, 2.0])
    assert cache.read(path.with_name("other.cache"), build) is None  # absent: no message


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    header, _, payload = data.partition(b"\n")
    if how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "altered value":
        values = bytearray(payload)
        values[8] ^= 0x40  # a bit of the second float
        path.write_bytes(header + b"\n" + bytes(values))
    elif how == "extra bytes":
        path.write_bytes(data + b"\0")
    elif how == "garbage":
        path.write_bytes(os.urandom(200))
    elif how == "missing key":  # the checksum made again by hand: the contents still refused
        h = json.loads(header)
        h["meta"] = {}
        h["sha256"] = cache._digest(cache._canonical({}, h["arrays"]), payload)
        path.write_bytes(json.dumps(h).encode() + b"\n" + payload)
    elif how == "wrong shape":
        h = json.loads(header)
        h["arrays"] = [["x", "<f8", [1]], ["y", "<f8", [6]]]
        h["sha256"] = cache._digest(cache._canonical(h["meta"], h["arrays"]), payload)
        path.write_bytes(json.dumps(h).encode() + b"\n" + payload)


@pytest.mark.parametrize(
    "how",
    ["empty", "truncated", "altered value", "extra bytes", "garbage", "missing key", "wrong shape"],
)
def test_a_damaged_file_is_never_served_and_is_said_once(
    path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(path, how)
    assert cache.read(path, build) is None
    assert cache.read(path, build) is None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is damaged" in err[0] and "recomputing it" in err[0], err
    # The caller recomputes and writes; then it reads again.
    assert cache.write(path, {"n": 3}, {"x": np.arange(3.0)})
    assert cache.read(path, build) == (3, [0.0, 1.0, 2.0])


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = path.read_bytes()

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    assert not cache.write(path, {"n": 4}, {"x": np.ones(3)})
    assert not cache.write(path, {"n": 4}, {"x": np.ones(3)})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "No space left on device" in err[0]


def test_stale_temporary_files_of_dead_writers_are_removed(path: Path) -> None:
    stale = path.parent / f".{path.name}.abc.tmp"
    stale.write_bytes(b"half")
    os.utime(stale, (0, 0))
    fresh = path.parent / f".{path.name}.def.tmp"
    fresh.write_bytes(b"being written")
    cache.write(path, {"n": 3}, {"x": np.arange(3.0)})
    assert not stale.exists() and fresh.exists()


def _hold_then_release(path: str, held: Any, release: Any) -> None:
    with cache.building(Path(path)):
        held.set()
        release.wait(30)


def test_a_second_builder_waits_for_the_first(tmp_path: Path) -> None:
    """Two processes wanting the same table: the second takes the lock only
    once the first has let it go (then reads what the first wrote)."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    held, release = ctx.Event(), ctx.Event()
    path = tmp_path / "table.cache"
    first = ctx.Process(target=_hold_then_release, args=(str(path), held, release))
    first.start()
    try:
        assert held.wait(60)
        order: list[str] = []
        waiter = threading.Thread(target=lambda: _take(path, order))
        waiter.start()
        waiter.join(0.5)
        assert order == []  # still waiting for the other process
        order.append("released")
        release.set()
        waiter.join(30)
        assert order == ["released", "taken"]
    finally:
        release.set()
        first.join(30)


def _take(path: Path, order: list[str]) -> None:
    with cache.building(path):
        order.append("taken")


def test_building_in_a_folder_that_cannot_hold_a_lock_still_builds(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with cache.building(blocker / "sub" / "table.cache"):  # no lock possible: go on without
        pass

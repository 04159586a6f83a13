"""Worker processes follow their owner: gone within a second of its death,
under every start method, with or without the kernel's parent-death signal."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from saloon.analysis.pool import owner_gone, pid_alive, process_pool

#: A pool of two sleeping workers whose owner prints their pids, then waits
#: to be killed.
OWNER = textwrap.dedent(
    """
    import multiprocessing, os, sys, time
    from concurrent.futures import ProcessPoolExecutor
    from saloon.analysis.pool import follow_owner

    if __name__ == "__main__":
        context = multiprocessing.get_context(sys.argv[1])
        signal = sys.argv[2] == "signal"
        pool = ProcessPoolExecutor(
            2, mp_context=context, initializer=follow_owner,
            initargs=(os.getpid(), 0.1, signal),
        )
        for _ in range(2):
            pool.submit(time.sleep, 120)
        while len(pool._processes) < 2:
            time.sleep(0.01)
        time.sleep(0.3)  # the initializers have run
        print(*pool._processes, flush=True)
        time.sleep(120)
    """
)


@pytest.mark.parametrize(
    ("method", "means"),
    [("fork", "thread"), ("spawn", "thread"), ("forkserver", "thread"), ("forkserver", "signal")],
)
def test_workers_leave_when_their_owner_is_killed(tmp_path: Path, method: str, means: str) -> None:
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    script = tmp_path / "owner.py"
    script.write_text(OWNER, encoding="utf-8")
    owner = subprocess.Popen(
        [sys.executable, str(script), method, means], stdout=subprocess.PIPE, text=True
    )
    workers: list[int] = []
    try:
        assert owner.stdout is not None
        workers = [int(w) for w in owner.stdout.readline().split()]
        assert len(workers) == 2 and all(pid_alive(w) for w in workers)
        owner.kill()
        owner.wait()
        began = time.monotonic()
        while any(pid_alive(w) for w in workers):
            assert time.monotonic() - began < 2, f"{method}/{means}: workers outlived the owner"
            time.sleep(0.02)
    finally:
        owner.kill()
        owner.wait()
        for w in workers:
            if pid_alive(w):
                os.kill(w, signal.SIGKILL)


def test_owner_gone() -> None:
    me, parent = os.getpid(), os.getppid()
    assert not owner_gone(parent, parent)  # forked or spawned: the owner is the parent
    assert owner_gone(parent, parent + 1)  # the parent changed: re-parented
    assert not owner_gone(me, parent)  # a fork server's child: the owner is looked up
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    began = time.monotonic()
    while pid_alive(child.pid):  # exited but not reaped yet: a zombie counts as gone
        assert time.monotonic() - began < 10
        time.sleep(0.01)
    if Path("/proc/self/stat").exists():
        assert Path(f"/proc/{child.pid}").exists()  # the zombie is there, not yet reaped
    assert owner_gone(child.pid, parent)
    child.wait()
    assert not pid_alive(child.pid) and owner_gone(child.pid, parent)


def test_a_pool_works_and_its_workers_are_this_process_children() -> None:
    with process_pool(2) as pool:
        assert set(pool.map(_parent, range(4))) == {os.getpid()}


def _parent(_: int) -> int:
    return os.getppid()

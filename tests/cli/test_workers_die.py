"""``--workers N``: the worker processes die with the command, whatever
signal ends it (SIGKILL included), within a second; Ctrl-C still keeps the
games already played (docs/hardening.md, "Worker processes")."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="finds the workers through /proc"
)

#: A run far longer than any test: only a signal ends it.
LONG = ["simulate", "shootout", "-n", "5000000", "--workers", "2", "--no-progress"]


def saloon_command() -> list[str]:
    script = Path(sys.executable).with_name("saloon")
    return [str(script)] if script.exists() else [sys.executable, "-m", "saloon.cli.main"]


def stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state,
    parent...), or ``None`` if there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    return text[text.rfind(b")") + 2 :].decode().split()


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = stat(int(entry))
            if fields is not None and fields[1] == str(pid):
                found.append(int(entry))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting to be reaped does not)."""
    fields = stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def start(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], list[int]]:
    """The long run, started with its workers at work: the command and the workers' pids."""
    child = subprocess.Popen(
        [*saloon_command(), *LONG, *extra],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
        start_new_session=True,  # its own process group, as a command in a terminal
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        assert child.poll() is None, child.communicate()
        time.sleep(0.05)
        workers = children(child.pid)
    assert len(workers) == 2, workers
    time.sleep(0.5)  # at work
    assert all(running(w) for w in workers)
    return child, workers


def gone_within(workers: list[int], seconds: float) -> float:
    """How long the workers took to go (fails past ``seconds``)."""
    began = time.monotonic()
    while any(running(w) for w in workers):
        left = [w for w in workers if running(w)]
        assert time.monotonic() - began < seconds, f"workers {left} outlived their parent"
        time.sleep(0.02)
    return time.monotonic() - began


def stop(child: subprocess.Popen[bytes], workers: list[int]) -> None:
    """Never leave a process of a failed test behind."""
    for pid in [child.pid, *workers]:
        if running(pid):
            os.kill(pid, signal.SIGKILL)
    child.communicate()


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_workers_die_with_a_killed_parent(tmp_path: Path, signum: int) -> None:
    child, workers = start(tmp_path, "--no-db")
    try:
        child.send_signal(signum)
        child.wait(timeout=10)
        assert child.returncode == -signum
        gone_within(workers, 1.0)
    finally:
        stop(child, workers)


def test_ctrl_c_keeps_the_games_played_and_leaves_no_worker(tmp_path: Path) -> None:
    """Ctrl-C at a terminal interrupts the command's whole process group."""
    child, workers = start(tmp_path, "--db", "lab.sqlite")
    try:
        os.killpg(child.pid, signal.SIGINT)
        _, stderr = child.communicate(timeout=30)
        assert child.returncode == 130 and stderr.decode().strip().endswith("interrupted")
        gone_within(workers, 2.0)
    finally:
        stop(child, workers)
    with sqlite3.connect(tmp_path / "lab.sqlite") as conn:
        status, stored = conn.execute(
            "SELECT status, (SELECT COUNT(*) FROM games) FROM runs WHERE id = '1'"
        ).fetchone()
        writers = conn.execute("SELECT COUNT(*) FROM writers").fetchone()[0]
    conn.close()
    assert status == "interrupted" and 0 < stored < 5_000_000 and writers == 0


def test_a_sigint_to_the_parent_alone(tmp_path: Path) -> None:
    child, workers = start(tmp_path, "--no-db")
    try:
        child.send_signal(signal.SIGINT)
        child.communicate(timeout=30)
        assert child.returncode == 130
        gone_within(workers, 2.0)
    finally:
        stop(child, workers)

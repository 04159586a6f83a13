"""Running the real ``saloon`` command: as a subprocess, and in a pseudo-terminal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest


def saloon_command() -> list[str]:
    """The installed console script beside this Python, else the module."""
    script = Path(sys.executable).with_name("saloon")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "saloon.cli.main"]


def cli_env() -> dict[str, str]:
    """Plain output (no colour, a fixed width) for matching."""
    env = dict(os.environ)
    env.update({"TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "120"})
    return env


def run(
    args: Sequence[str], cwd: Path, stdin: str = "", timeout: float = 30
) -> subprocess.CompletedProcess[str]:
    """Run ``saloon ARGS`` with ``stdin`` typed in; returns the finished process."""
    return subprocess.run(
        [*saloon_command(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=cli_env(),
        timeout=timeout,
    )


@pytest.fixture
def saloon(tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``saloon(*args, stdin=...)`` run in a fresh directory."""

    def call(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return run(args, tmp_path, stdin)

    return call


def _default_interrupt() -> None:
    """In the spawned program, Ctrl-C as a terminal gives it: the default
    SIGINT, unblocked. A test worker may have ignored or blocked it (a
    library's thread pool, a server), and both would pass to the child
    across ``exec``, so that a Ctrl-C test would wait for nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """``spawn(*args)``: the command in a pseudo-terminal (pexpect)."""
    pexpect = pytest.importorskip("pexpect")
    children: list[Any] = []

    def start(*args: str) -> Any:
        command = saloon_command()
        child = pexpect.spawn(
            command[0],
            [*command[1:], *args],
            cwd=str(tmp_path),
            env=cli_env(),
            encoding="utf-8",
            timeout=15,
            dimensions=(50, 120),
            preexec_fn=_default_interrupt,
        )
        children.append(child)
        return child

    yield start
    for child in children:
        if child.isalive():
            child.terminate(force=True)

"""Worker processes that never outlive the command that started them.

A :class:`~concurrent.futures.ProcessPoolExecutor` of ``simulate``,
``arena`` or ``sweep`` is made by :func:`process_pool`, whose workers
follow their owner: when the process that made the pool dies, by any
signal (SIGKILL included, when it could not say so), each worker leaves
within a second instead of finishing its queue and waiting for work that
never comes.

Two means, either enough on its own:

- on Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the kernel kills the
  worker the moment its parent dies, even while the worker holds the GIL in
  a long compiled loop;
- everywhere, a daemon thread that looks every :data:`WATCH_EVERY` seconds
  whether the owner is still there (:func:`owner_gone`), and ends the
  worker if it is not.

Under the ``fork`` and ``spawn`` start methods the owner is the worker's
parent, so the thread watches ``os.getppid()``. Under ``forkserver`` the
parent is the fork server, not the owner: then the thread watches the
owner's own pid too (and the fork server, which leaves when the owner does).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext

__all__ = ["WATCH_EVERY", "follow_owner", "owner_gone", "pid_alive", "process_pool"]

#: How often a worker's watching thread looks for its owner (seconds).
WATCH_EVERY = 0.2

#: ``PR_SET_PDEATHSIG`` from ``<linux/prctl.h>``.
_PR_SET_PDEATHSIG = 1


def process_pool(workers: int, mp_context: BaseContext | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that die with this one (see the module)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=mp_context,
        initializer=follow_owner,
        initargs=(os.getpid(),),
    )


def follow_owner(owner: int, every: float = WATCH_EVERY, death_signal: bool = True) -> None:
    """A worker's initializer: end this process when ``owner`` (the pid of
    the process that made the pool) is gone, by the kernel's parent-death
    signal where there is one (unless not ``death_signal``) and by a
    thread that looks every ``every`` seconds, everywhere."""
    parent = os.getppid()
    if death_signal:
        _ask_for_death_signal()
    if owner_gone(owner, parent):  # gone before the signal was asked for
        os._exit(1)

    def watch() -> None:
        while not owner_gone(owner, parent):
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="saloon-follow-owner", daemon=True).start()


def owner_gone(owner: int, parent: int) -> bool:
    """Whether the owner ``owner`` of this worker has died, ``parent`` being
    this worker's parent when it started (the owner itself, or a fork server).

    A dead parent re-parents the worker, so ``os.getppid()`` changes; an
    owner that is not the parent is looked up by its pid (a zombie counts as
    dead: it will run nothing more).
    """
    now = os.getppid()
    if now != parent:
        return True
    return owner != parent and not pid_alive(owner)


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists and (where ``/proc`` tells) is not a zombie."""
    if os.path.exists("/proc/self/stat"):
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
        except FileNotFoundError:
            return False
        except OSError:
            pass
        else:
            state = stat[stat.rfind(b")") + 2 :][:1]  # the field after the command's name
            return state not in (b"Z", b"X")
    try:  # no /proc: ask the kernel (a zombie still answers, till its parent reaps it)
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _ask_for_death_signal() -> None:
    """On Linux, have the kernel send SIGKILL to this process when its parent
    dies; elsewhere (or if refused) nothing: the watching thread suffices."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # the C library this Python runs on
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        return

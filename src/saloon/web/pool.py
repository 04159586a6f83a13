"""Where the web table's bots and advisors think: fairly, within a budget, cancellably.

Every visitor's bot gets the same budget a decision (:data:`BOT_SECONDS`),
and no game's search can hold up another game for longer than that:

* **light** work (a ``random`` bot, a game's ``heuristic``: milliseconds)
  runs in a thread at once, never queued behind a search;
* **heavy** work (searches, solvers, the advisor) runs in worker processes,
  one job each at a time, taken from the games' queues in turn (round
  robin by game, so a game with many jobs waits its turn like the others);
* a job still running past its deadline (the budget and a grace period) has
  its worker process stopped and replaced, and fails with
  :class:`OverBudget`; deleting a game (:meth:`Pool.cancel`) drops its queued
  jobs and stops the worker running one of them.

With ``kind="thread"`` (the tests' in-process server) heavy work runs in
threads too: nothing is stopped, a deadline only stops the waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Literal

from saloon.web import workers

log = logging.getLogger("saloon.web")

#: The longest a bot may think over one decision on this server, in
#: seconds: the same for every visitor (a seat asking for more is refused).
BOT_SECONDS = 10.0
#: What a job may run past its budget before its worker is stopped.
GRACE_SECONDS = 5.0


class OverBudget(Exception):
    """A job ran past its deadline and was stopped."""


@dataclass
class _Job:
    game: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    limit: float
    future: asyncio.Future[Any]


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    job: _Job | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Pool:
    """Light work in threads, heavy work in ``workers`` processes shared by
    game in turn; see the module doc."""

    def __init__(
        self,
        kind: Literal["process", "thread"] = "process",
        workers: int = 2,
        *,
        grace: float = GRACE_SECONDS,
    ) -> None:
        self.kind = kind
        self.size = workers
        self.grace = grace
        self.queues: OrderedDict[str, deque[_Job]] = OrderedDict()
        self.idle: list[_Worker] = []
        self.busy: list[_Worker] = []
        self.closed = False
        self._threads = asyncio.Semaphore(workers) if kind == "thread" else None
        if kind == "process":
            self._context = multiprocessing.get_context("spawn")
            self.idle = [self._spawn() for _ in range(workers)]

    # -- asking ----------------------------------------------------------------------

    async def light(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run quick work in a thread, now."""
        return await asyncio.to_thread(fn, *args)

    async def heavy(
        self, game: str, fn: Callable[..., Any], *args: Any, budget: float = BOT_SECONDS
    ) -> Any:
        """Run ``fn(*args)`` (picklable) for game ``game`` in its turn, within
        ``budget`` seconds and the grace period; :class:`OverBudget` past it."""
        limit = budget + self.grace
        if self._threads is not None:
            async with self._threads:
                try:
                    return await asyncio.wait_for(asyncio.to_thread(fn, *args), limit)
                except TimeoutError:
                    raise OverBudget(f"no answer within {limit:g} s") from None
        if self.closed:
            raise RuntimeError("the pool is closed")
        job = _Job(game, fn, args, limit, asyncio.get_running_loop().create_future())
        self.queues.setdefault(game, deque()).append(job)
        self._dispatch()
        try:
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            self._drop(job)
            raise

    def cancel(self, game: str) -> None:
        """Drop ``game``'s queued jobs and stop the worker running one."""
        for job in self.queues.pop(game, deque()):
            if not job.future.done():
                job.future.cancel()
        for worker in list(self.busy):
            if worker.job is not None and worker.job.game == game:
                self._stop(worker)

    # -- scheduling ----------------------------------------------------------------

    def _dispatch(self) -> None:
        """Give idle workers the next jobs, one game after another."""
        while self.idle and self.queues:
            game, queue = next(iter(self.queues.items()))
            job = queue.popleft()
            if queue:
                self.queues.move_to_end(game)  # its next job waits for the others'
            else:
                del self.queues[game]
            if job.future.done():
                continue
            worker = self.idle.pop()
            worker.job = job
            self.busy.append(worker)
            worker.task = asyncio.get_running_loop().create_task(self._run(worker, job))

    async def _run(self, worker: _Worker, job: _Job) -> None:
        try:
            worker.conn.send((job.fn, job.args))
            ready = await asyncio.to_thread(worker.conn.poll, job.limit)
            if worker.job is not job:  # stopped meanwhile (cancelled)
                return
            if not ready:
                self._stop(worker)
                _settle(job.future, error=OverBudget(f"no answer within {job.limit:g} s"))
                return
            ok, value = worker.conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:
            if worker.job is job:
                self._stop(worker)
                _settle(job.future, error=RuntimeError(f"a worker process failed: {exc}"))
            return
        worker.job = None
        self.busy.remove(worker)
        self.idle.append(worker)
        if ok:
            _settle(job.future, value=value)
        else:
            _settle(job.future, error=RuntimeError(value))
        if not self.closed:
            self._dispatch()

    def _drop(self, job: _Job) -> None:
        """A waiter gave up on ``job``: unqueue it, or stop its worker."""
        queue = self.queues.get(job.game)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self.queues[job.game]
            return
        for worker in list(self.busy):
            if worker.job is job:
                self._stop(worker)

    # -- the processes ---------------------------------------------------------------

    def _spawn(self) -> _Worker:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(
            target=workers.serve, args=(theirs, os.getpid()), name="saloon-bot", daemon=True
        )
        process.start()
        theirs.close()
        return _Worker(process, mine)

    def _stop(self, worker: _Worker) -> None:
        """Stop a worker in the middle of a job and put a fresh one in its place."""
        worker.job = None
        with contextlib.suppress(ValueError):
            self.busy.remove(worker)
        with contextlib.suppress(OSError):
            worker.process.kill()
        with contextlib.suppress(OSError):
            worker.conn.close()
        if not self.closed:
            self.idle.append(self._spawn())
            self._dispatch()

    async def close(self) -> None:
        self.closed = True
        for queue in self.queues.values():
            for job in queue:
                job.future.cancel()
        self.queues.clear()
        for worker in [*self.idle, *self.busy]:
            with contextlib.suppress(OSError, ValueError):
                worker.process.kill()
            with contextlib.suppress(OSError):
                worker.conn.close()
        self.idle, self.busy = [], []


def _settle(
    future: asyncio.Future[Any], *, value: Any = None, error: Exception | None = None
) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)

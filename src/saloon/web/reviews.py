"""A game's review at the web table: made in parts in the worker pool, kept, polled.

A review (:func:`saloon.analysis.review.review`) asks the game's advisor
about every decision: about 2 s a game of Shoot Out, a few seconds for the
d6 Shooters, half a minute for Cowboys and a minute or more for D6. The
server makes it in **parts** of about :data:`MIN_PART` decisions or more
(at most :data:`PARTS` parts), each a job of the heavy pool
(:func:`saloon.web.workers.review_part`, within :data:`PART_SECONDS`), one
after the other, and the reviews of all the tables together run on all
the workers but one (:func:`review_slots`): a bot's or the advisor's job
never waits behind a review's part (but on a pool of one worker), and the
parts done are the progress a browser is shown (a part's own progress
does not cross the process boundary). :func:`merge` puts the parts
together into the review the whole game would have had.

A table keeps its reviews by its number of steps (:class:`ReviewJob`): a
second request while one is made waits on the same job, and a finished
one is answered at once. Undo forgets them.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from saloon.analysis.review import EPSILON, CurvePoint, Review, default_scale, seat_review
from saloon.core.record import GameRecord
from saloon.core.state import CHANCE
from saloon.web import workers
from saloon.web.pool import Pool

#: A review is made in at most this many parts (a short game in fewer).
PARTS = 12
#: Each part judges at least this many decisions (fewer only at the end).
MIN_PART = 6
#: The longest one part may take, in seconds, before its worker is stopped.
PART_SECONDS = 120.0
#: How long a request waits for a review being made before it answers 202.
WAIT_SECONDS = 2.0
#: How many reviews a table keeps (one for each number of steps asked about).
KEEP = 2


def plan(record: GameRecord) -> list[tuple[int, int | None, int]]:
    """The parts of ``record``'s review: ``(first, last, decisions)``, steps
    from 1 with both ends included (``None``: to the end). Each part but
    the last ends on a decision; a roll after it opens the next part.

    >>> from saloon.core.record import GameRecord
    >>> rec = GameRecord("g", {}, ["a", "b"], moves=[(CHANCE, "r"), *[(0, "x")] * 14])
    >>> plan(rec)
    [(1, 7, 6), (8, None, 8)]
    """
    decisions = [k for k, (by, _) in enumerate(record.moves, start=1) if by != CHANCE]
    size = max(MIN_PART, math.ceil(len(decisions) / PARTS))
    parts: list[tuple[int, int | None, int]] = []
    first = 1
    for end in range(size, len(decisions) - MIN_PART + 1, size):
        last = decisions[end - 1]
        parts.append((first, last, size))
        first = last + 1
    parts.append((first, None, len(decisions) - size * len(parts)))
    return parts


def merge(parts: Sequence[Review]) -> Review:
    """The review of the whole game from its parts' (in order), as
    :func:`~saloon.analysis.review.review` would have made it at once: the
    steps one after the other, each seat's figures and the costliest over
    them all, and the curve joined. A part's curve starts afresh (a seat
    not valued yet in it is ``None``): a seat's value is carried from the
    part before until the part values it, and where a part opens with a
    decision, its point before that decision (the best value) takes the
    place of the previous part's last point."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    n = len(first.seats)
    steps = tuple(s for part in parts for s in part.steps)
    curve: list[CurvePoint] = []
    for part in parts:
        for point in part.curve:
            chance = point.chance
            if curve and point.step <= curve[-1].step:
                chance = curve.pop().chance
            base: tuple[float | None, ...] = curve[-1].values if curve else (None,) * n
            values = tuple(b if v is None else v for v, b in zip(point.values, base, strict=True))
            curve.append(CurvePoint(point.step, values, chance))
    reviewed = {s.seat for s in first.seat_reviews}
    seat_reviews = tuple(
        seat_review(p, first.seats[p], [s for s in steps if s.seat == p])
        for p in range(n)
        if p in reviewed
    )
    judged = [s for s in steps if s.judged and s.cost is not None]
    ranked = sorted(
        judged,
        key=lambda s: (s.kind != "probability", s.within_spread, -(s.cost or 0.0), s.index),
    )
    notes: list[str] = []
    for part in parts:
        notes.extend(note for note in part.notes if note not in notes)
    return Review(
        game=first.game,
        title=first.title,
        options=first.options,
        seats=first.seats,
        steps=steps,
        seat_reviews=seat_reviews,
        curve=tuple(curve),
        costliest=tuple(s for s in ranked if (s.cost or 0.0) > EPSILON)[:3],
        scale=first.scale,
        result=parts[-1].result,
        notes=tuple(notes),
    )


@dataclass
class ReviewJob:
    """A review being made, or made, for one table at one number of steps."""

    total: int
    """The decisions to review."""
    done: int = 0
    """The decisions of the parts finished."""
    started: float = field(default_factory=time.monotonic)
    task: asyncio.Task[dict[str, Any]] | None = field(default=None, repr=False)

    def progress(self) -> dict[str, Any]:
        """The answer while it runs (202)."""
        return {
            "status": "running",
            "done": self.done,
            "total": self.total,
            "seconds": round(time.monotonic() - self.started, 1),
        }


def review_slots(pool: Pool) -> asyncio.Semaphore:
    """How many parts of reviews the pool runs at once: all its workers but
    one, which is left to the bots and the advisor (one, for a pool of one)."""
    return asyncio.Semaphore(max(1, pool.size - 1))


async def make_review(
    pool: Pool,
    slots: asyncio.Semaphore,
    game_id: str,
    record: GameRecord,
    job: ReviewJob,
    scale: float | None = None,
) -> dict[str, Any]:
    """``record`` reviewed part after part in ``pool`` under ``game_id``'s
    turn, each part taking one of ``slots`` (:func:`review_slots`), counting
    ``job.done``, at ``scale`` times the advisor's budget (by default the
    whole game's share, as ``saloon review`` spends it:
    :func:`~saloon.analysis.review.default_scale`); the review's JSON with
    ``status: done``."""
    if scale is None:
        scale = await asyncio.to_thread(default_scale, record)
    data = record.to_json()
    parts: list[Review] = []
    for first, last, decisions in plan(record):
        async with slots:
            part: Review = await pool.heavy(
                game_id, workers.review_part, data, first, last, scale, budget=PART_SECONDS
            )
        parts.append(part)
        job.done += decisions
    whole = await asyncio.to_thread(lambda: merge(parts).to_json())
    return {"status": "done", **whole, "seconds": round(time.monotonic() - job.started, 1)}

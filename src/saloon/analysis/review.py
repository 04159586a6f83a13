"""A game reviewed: every decision scored against the best by the game's own judge.

:func:`review` walks a record step by step. At each decision (of every seat,
or of the seat asked for) it asks the game's advisor (its strongest judge,
:meth:`saloon.core.game.Game.advice`) for the value of every legal choice
and compares the action taken with the advisor's first choice:

* Shoot Out: the exact chance to win, from the solved game;
* The d6 Shooters: the exact chance to win the Showdown there; elsewhere
  the planner's value (episode 2: its chance to reach the destination;
  episode 1: its score, a chance plus 0.2 x the expected score / 50, not a
  probability);
* Cowboys and D6: a search of the heuristic's play with a stated budget
  (``scale`` times the advisor's default; by default the review's share,
  :func:`review_scale`: :data:`REVIEW_DECISIONS` decisions' worth for the
  whole game), an estimate with each value's spread (its standard error).

The decisions are judged first, each a pure function of its state, over
a pool of worker processes (``workers``), then the record is walked with
the answers: the same review on any number of workers.

**The cost** of a decision is the best choice's value less the chosen
one's, never below 0. **Marks**, on the cost in win probability (values of
kind ``"probability"`` only), as chess sites mark moves:

================  =================================
mark              cost in chance to win
================  =================================
``inaccuracy``    at least :data:`INACCURACY` (5 points)
``mistake``       at least :data:`MISTAKE` (10 points)
``blunder``       at least :data:`BLUNDER` (20 points)
================  =================================

No mark where the cost is within the judge's 95% interval: ``cost <= 1.96
x sqrt(spread_best² + spread_chosen²)`` (an estimate cannot tell those two
choices apart). Values of kind ``"score"`` get a cost in the score's units
and no mark.

**Accuracy** of a seat: the mean over its decisions valued in win
probability *in an open position* of ``103.1668 x exp(-0.04354 x 100 x
cost) - 3.1669``, held to 0-100 (the transform chess sites use on the loss
of winning chances, in points): 100 for no cost at all, about 80 for a mean
cost of 5 points, about 64 for 10, about 40 for 20. A position is open
where the best choice's chance to win is within :data:`OPEN` (5% to 95%):
once a game is all but decided every choice is worth about the same and
costs about nothing, and a player who fell behind early would otherwise
score his many moves in a lost game as accurate (over 200 games of Shoot
Out, MCTS, which loses to the heuristic 97 times in 100, had the higher
accuracy over all its decisions and the lower over its open ones;
``docs/games/shootout.md``). Decisions in decided positions are shown,
marked and costed all the same. A decision with one legal choice is
forced: shown, not judged, not counted.

**The curve**: each seat's chance to win after each step: where a
decision follows, its best value (for the seat to move); after a decision
otherwise, the chosen choice's value; at the end, the result (a shared win
counts 1/k). In a game of two seats the other seat's chance is 1 - v; with
more, only the seat valued moves and the others' values are carried
forward. Only values of kind ``"probability"`` are drawn.

Hidden information: the advisors value from the mover's own information,
so a decision is judged by what its player could know.

**A sample** (``sample=N``): only N decisions of the record are judged,
drawn at random (seeded by ``sample_seed``) among those reviewed with at
least two legal choices; the others are listed as "not sampled" (not
judged, not counted), and the judge is asked nowhere else, so a review
costs N answers of the advisor whatever the game's length. The curve then
has points only where a sampled decision was valued.

>>> from saloon.core.registry import get_game
>>> from saloon.agents import make_agent
>>> from saloon.core.driver import play
>>> from saloon.core.dice import RandomDice
>>> game = get_game("shootout")
>>> bots = [make_agent("solver", game, seed=1), make_agent("solver", game, seed=2)]
>>> rec = play(game, None, bots, RandomDice(3), seed=3)
>>> r = review(rec)
>>> [s.accuracy for s in r.seat_reviews], sum(s.marked for s in r.seat_reviews)
([100.0, 100.0], 0)
>>> mark_for(0.12, 0.0), mark_for(0.12, 0.07), mark_for(0.03, 0.0)
('mistake', None, None)
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.context
import os
import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from saloon.core.advice import INTERVAL_Z, Advice, Valued, ValueKind
from saloon.core.errors import SaloonError
from saloon.core.record import GameRecord, at_fork
from saloon.core.state import CHANCE, State

#: The least cost in chance to win (0-1) of each mark, worst first.
BLUNDER, MISTAKE, INACCURACY = 0.20, 0.10, 0.05
MARKS: tuple[tuple[str, float], ...] = (
    ("blunder", BLUNDER),
    ("mistake", MISTAKE),
    ("inaccuracy", INACCURACY),
)
#: A position is open (its decision counts in the accuracy) where the best
#: choice's chance to win is within these.
OPEN = (0.05, 0.95)
#: Costs below this are rounding (two equally good choices).
EPSILON = 1e-9
#: Why a decision left out by ``sample`` was not judged.
NOT_SAMPLED = "not sampled"

#: ``progress(done, total)``: called after each decision judged.
Progress = Callable[[int, int], None]
#: A judge: the advice at a state for the player to move, or ``None``.
Judge = Callable[[State], Advice | None]


class ReviewError(SaloonError):
    """A review that cannot be made (a step range that does not fit, a seat
    that is not in the game)."""


def mark_for(cost: float, spread: float) -> str | None:
    """The mark of a decision costing ``cost`` in chance to win, whose two
    values have the combined standard error ``spread`` (none within its 95%
    interval).

    >>> mark_for(0.25, 0.0), mark_for(0.05, 0.0), mark_for(0.049, 0.0)
    ('blunder', 'inaccuracy', None)
    """
    if cost <= INTERVAL_Z * spread + EPSILON:
        return None
    for name, least in MARKS:
        if cost >= least - EPSILON:
            return name
    return None


def accuracy_of(cost: float) -> float:
    """One decision's accuracy, 0-100, from its cost in chance to win.

    >>> accuracy_of(0.0), round(accuracy_of(0.05), 1), round(accuracy_of(0.2), 1)
    (100.0, 79.8, 40.0)
    """
    raw = 103.1668 * math.exp(-0.04354 * 100 * cost) - 3.1669
    return 100.0 if cost <= EPSILON else min(100.0, max(0.0, raw))


@dataclass(frozen=True)
class StepReview:
    """One step of the game: a decision (judged or not) or a chance outcome."""

    index: int
    """The step's number, from 1 (as ``saloon replay`` counts)."""
    seat: int
    """The player who decided (from 0), or :data:`~saloon.core.state.CHANCE`."""
    notation: str
    words: str
    probability: float | None = None
    """A chance outcome's probability (``None`` if the game did not list it)."""
    judged: bool = False
    why_not: str = ""
    """Why a decision was not judged (forced, no advice there, not the seat asked for)."""
    kind: ValueKind | None = None
    exact: bool = True
    heading: str = ""
    """What the values are and how sure (the advice's heading)."""
    note: str = ""
    """What the values are (the advice's note)."""
    choices: int = 0
    chosen_value: float | None = None
    chosen_spread: float = 0.0
    best_value: float | None = None
    best_spread: float = 0.0
    best_notation: str = ""
    best_words: str = ""
    cost: float | None = None
    spread: float = 0.0
    """The combined standard error of the two values (0: exact)."""
    mark: str | None = None

    @property
    def is_chance(self) -> bool:
        return self.seat == CHANCE

    @property
    def in_open_position(self) -> bool:
        """A decision judged in chance to win whose best choice had between
        5% and 95% (:data:`OPEN`): one that counts in the accuracy."""
        return (
            self.judged
            and self.kind == "probability"
            and self.best_value is not None
            and OPEN[0] <= self.best_value <= OPEN[1]
        )

    @property
    def within_spread(self) -> bool:
        """The cost is inside the judge's 95% interval (no mark for it)."""
        return self.cost is not None and self.cost <= INTERVAL_Z * self.spread + EPSILON

    def shown(self, value: float | None, spread: float = 0.0) -> str:
        """A value as a person reads it (per cent for a chance)."""
        if value is None or self.kind is None:
            return ""
        return Valued(None, value, spread).shown(self.kind)  # type: ignore[arg-type]

    def cost_shown(self) -> str:
        if self.cost is None:
            return ""
        if self.kind == "probability":
            return f"{self.cost * 100:.1f}"
        return f"{self.cost:.3f}"

    def why(self) -> str:
        """Why the best choice was better, in words: the two values and what they are."""
        if not self.judged or self.best_value is None:
            return ""
        best = self.shown(self.best_value, self.best_spread)
        chosen = self.shown(self.chosen_value, self.chosen_spread)
        how = "exact" if self.exact else "estimates"
        return (
            f"{_capital(self.best_words)} was worth {best} against {chosen} for the choice "
            f"made ({self.words}); the values are {self.note} ({how})."
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "step": self.index,
            "seat": None if self.is_chance else self.seat,
            "chance": self.is_chance,
            "action": self.notation,
            "words": self.words,
        }
        if self.is_chance:
            out["probability"] = self.probability
            return out
        out["judged"] = self.judged
        if not self.judged:
            out["why_not"] = self.why_not
            return out
        out.update(
            kind=self.kind,
            exact=self.exact,
            heading=self.heading,
            note=self.note,
            choices=self.choices,
            chosen_value=self.chosen_value,
            chosen_spread=self.chosen_spread,
            best_value=self.best_value,
            best_spread=self.best_spread,
            best_action=self.best_notation,
            best_words=self.best_words,
            cost=self.cost,
            spread=self.spread,
            within_spread=self.within_spread,
            mark=self.mark,
        )
        return out


@dataclass(frozen=True)
class SeatReview:
    """One seat's figures: decisions, marks, mean cost and accuracy."""

    seat: int
    name: str
    decisions: int
    """Its decisions in the steps reviewed (forced ones included)."""
    judged: int
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    mean_cost: float | None = None
    """The mean cost in chance to win over its decisions valued so."""
    accuracy: float | None = None
    """The accuracy over its decisions in open positions (``None``: none)."""
    open_judged: int = 0
    """Its decisions valued in chance to win in an open position (those the accuracy counts)."""
    score_judged: int = 0
    mean_score_cost: float | None = None
    """The mean cost in the score's units over its decisions valued by a score."""

    @property
    def marked(self) -> int:
        return self.inaccuracies + self.mistakes + self.blunders

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "judged": self.judged,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "mean_cost": self.mean_cost,
            "accuracy": self.accuracy,
            "open_judged": self.open_judged,
            "score_judged": self.score_judged,
            "mean_score_cost": self.mean_score_cost,
        }


@dataclass(frozen=True)
class CurvePoint:
    """Each seat's chance to win after ``step`` steps (``None``: not yet valued)."""

    step: int
    values: tuple[float | None, ...]
    chance: bool = False
    """The step was a chance outcome (a roll, a draw)."""


@dataclass(frozen=True)
class Review:
    """A whole review: the steps, each seat's figures, the curve, the costliest."""

    game: str
    title: str
    options: str
    seats: tuple[str, ...]
    steps: tuple[StepReview, ...]
    seat_reviews: tuple[SeatReview, ...]
    curve: tuple[CurvePoint, ...]
    costliest: tuple[StepReview, ...]
    scale: float = 1.0
    result: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    """What the values are, one line per kind of advice met (estimate or exact)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "options": self.options,
            "seats": list(self.seats),
            "scale": self.scale,
            "result": self.result,
            "notes": list(self.notes),
            "thresholds": {name: least for name, least in MARKS},
            "steps": [s.to_json() for s in self.steps],
            "seat_reviews": [s.to_json() for s in self.seat_reviews],
            "curve": [
                {"step": p.step, "values": list(p.values), "chance": p.chance} for p in self.curve
            ],
            "costliest": [
                {"step": s.index, "seat": s.seat, "cost": s.cost, "kind": s.kind, "why": s.why()}
                for s in self.costliest
            ],
        }


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _combined(a: float, b: float) -> float:
    return math.sqrt(a * a + b * b)


def _chance_of(state: State, notation: str) -> float | None:
    try:
        for outcome, p in state.chance_outcomes():
            if str(outcome) == notation:
                return float(p)
    except (NotImplementedError, ValueError):
        return None
    return None


def _result_chances(state: State) -> tuple[float, ...]:
    winners = state.result().winners
    n = state.num_players
    return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))


def parse_steps(text: str) -> tuple[int, int | None]:
    """A range of steps ``A:B`` (from 1, both ends included; either may be
    left out) as ``(first, last)``.

    >>> parse_steps("5:20"), parse_steps(":10"), parse_steps("30:")
    ((5, 20), (1, 10), (30, None))
    """
    first, sep, last = text.partition(":")
    try:
        a = int(first) if first.strip() else 1
        b = int(last) if last.strip() else None
    except ValueError:
        raise ReviewError(f"a range of steps is A:B (e.g. 1:40), not {text[:40]!r}") from None
    if not sep or a < 1 or (b is not None and b < a):
        raise ReviewError(
            f"a range of steps is A:B with 1 <= A <= B (e.g. 1:40), not {text[:40]!r}"
        )
    return a, b


def review(
    record: GameRecord,
    *,
    seat: int | None = None,
    scale: float | None = None,
    steps: tuple[int, int | None] | None = None,
    judge: Judge | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
    sample: int | None = None,
    sample_seed: int = 0,
) -> Review:
    """Review ``record``: every decision of every seat (or of ``seat``, from
    0) in ``steps`` (``(first, last)`` from 1, both included; all by
    default), judged by the game's advisor at ``scale`` times its budget
    (by default the review's share, :func:`review_scale`) or by ``judge``.
    Unfinished games are reviewed as far as they go.

    The decisions are judged first, on ``workers`` processes (by default the
    machine's cores for the game's advisor, one for a ``judge`` of the
    caller's, which must pickle to run on more), then the record is walked
    reading their advice: each advice is a function of its state alone, so
    the review is the same on any number of workers. ``progress(done,
    total)`` is called after each decision judged.

    ``sample``: judge only that many decisions, drawn at random (seeded by
    ``sample_seed``) among those reviewed with at least two legal choices
    (all of them if there are fewer); the others are listed as "not
    sampled". The curve then has points only where a sampled decision was
    valued."""
    final = record.replay()  # checks every move first
    game = final.game
    n = final.num_players
    if seat is not None and not 0 <= seat < n:
        raise ReviewError(f"this game has seats 1 to {n}, not {seat + 1}")
    if scale is not None and not (scale > 0 and math.isfinite(scale)):
        raise ReviewError(f"the budget's scale is a positive number, not {scale}")
    if workers is not None and workers < 1:
        raise ReviewError(f"a review runs on at least 1 worker process, not {workers}")
    total = len(record.moves)
    first, last = steps if steps is not None else (1, None)
    last = total if last is None else min(last, total)
    if total and first > total:
        raise ReviewError(f"the game has steps 1 to {total}, not {first}")

    start = at_fork(game.new_state(game.options_from_dict(record.options), n), 0, record.forks)
    to_judge = _decisions_to_judge(record, start, seat, first, last)
    if sample is not None:
        picked = _sampled(to_judge, sample, sample_seed, last)
        to_judge = [(k, s) for k, s in to_judge if k in picked]
    if scale is None:
        scale = review_scale(len(to_judge))
    if judge is None:
        ask: Judge = GameJudge(scale)
        workers = default_workers() if workers is None else workers
    else:
        ask, workers = judge, 1 if workers is None else workers
    advices = _judge_all(to_judge, ask, workers, progress)
    unjudged = NOT_SAMPLED if sample is not None else "not among the decisions judged"
    return _walk(record, start, final, seat, first, last, scale, advices, unjudged)


def sample_steps(
    record: GameRecord,
    sample: int,
    seed: int = 0,
    seat: int | None = None,
    steps: tuple[int, int | None] | None = None,
) -> frozenset[int]:
    """The steps (from 1) of ``sample`` decisions drawn at random, seeded by
    ``seed``, among the decisions of ``record`` (of ``seat``, in ``steps``)
    with at least two legal choices; all of them if there are fewer (what
    ``review(record, sample=..., sample_seed=...)`` judges).

    >>> from saloon.core.registry import get_game
    >>> from saloon.agents import make_agent
    >>> from saloon.core.driver import play
    >>> from saloon.core.dice import RandomDice
    >>> game = get_game("shootout")
    >>> bots = [make_agent("random", game, seed=1), make_agent("random", game, seed=2)]
    >>> rec = play(game, None, bots, RandomDice(3), seed=3)
    >>> picked = sample_steps(rec, 2, seed=7)
    >>> len(picked), picked == sample_steps(rec, 2, seed=7)
    (2, True)
    >>> sample_steps(rec, 0)
    Traceback (most recent call last):
    ...
    saloon.analysis.review.ReviewError: a sample is at least 1 decision a game, not 0
    """
    final = record.replay()
    game = final.game
    start = game.new_state(game.options_from_dict(record.options), final.num_players)
    start = at_fork(start, 0, record.forks)
    first, last = steps if steps is not None else (1, None)
    last = len(record.moves) if last is None else min(last, len(record.moves))
    return _sampled(_decisions_to_judge(record, start, seat, first, last), sample, seed, last)


def _sampled(
    to_judge: Sequence[tuple[int, State]], sample: int, seed: int, last: int
) -> frozenset[int]:
    """``sample`` steps drawn at random (seeded by ``seed``) among the
    decisions ``to_judge`` up to step ``last`` (the one after the range,
    judged for the curve alone, is not drawn)."""
    if sample < 1:
        raise ReviewError(f"a sample is at least 1 decision a game, not {sample}")
    eligible = [k for k, _ in to_judge if k <= last]
    if len(eligible) <= sample:
        return frozenset(eligible)
    return frozenset(random.Random(seed).sample(eligible, sample))


#: The decisions' worth of the advisor's default budget a whole review
#: spends by default (:func:`review_scale`).
REVIEW_DECISIONS = 40


def review_scale(decisions: int) -> float:
    """The review's default scale of the search advisor's budget for a game
    of ``decisions`` decisions to judge: :data:`REVIEW_DECISIONS`
    decisions' worth of the default budget shared evenly, each decision at
    most the default (exact judges have no budget and ignore it).

    >>> review_scale(26), review_scale(80), review_scale(400)
    (1.0, 0.5, 0.1)
    """
    return min(1.0, REVIEW_DECISIONS / decisions) if decisions else 1.0


def default_scale(record: GameRecord, seat: int | None = None) -> float:
    """The review's default scale for the whole of ``record`` (of ``seat``
    only, if given): :func:`review_scale` of its decisions to judge (for a
    review made in parts, that each part uses the whole game's share)."""
    final = record.replay()
    game = final.game
    start = game.new_state(game.options_from_dict(record.options), final.num_players)
    start = at_fork(start, 0, record.forks)
    return review_scale(len(_decisions_to_judge(record, start, seat, 1, len(record.moves))))


def default_workers() -> int:
    """The worker processes of a review by default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity on this platform
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class GameJudge:
    """The game's own advisor at ``scale`` times its budget: a judge that
    pickles, so that worker processes can run it."""

    scale: float

    def __call__(self, state: State) -> Advice | None:
        return state.game.advice(state, scale=self.scale)


def _decisions_to_judge(
    record: GameRecord, start: State, seat: int | None, first: int, last: int
) -> list[tuple[int, State]]:
    """The decisions the review asks the judge about, as ``(step, state
    before it)``: every decision with two legal choices or more of the seat
    reviewed (every seat by default) from step ``first`` to ``last + 1``
    (the one after the range values the curve's last point; it may be the
    state after the record's last move, in an unfinished game). The one
    place that chooses what is judged."""
    state = start.clone()
    out: list[tuple[int, State]] = []
    moves = record.moves
    end = min(last + 1, len(moves) + 1)
    for k in range(1, end + 1):
        mover = state.to_move
        if (
            k >= first
            and mover is not None
            and mover != CHANCE
            and (seat is None or mover == seat)
            and len(state.legal_actions()) >= 2
        ):
            out.append((k, state.clone()))
        if k == end or k > len(moves):
            break
        state.apply(state.parse(moves[k - 1][1]))
        state = at_fork(state, k, record.forks)  # a forked game's hidden cards drawn again
    return out


def _judge_all(
    jobs: Sequence[tuple[int, State]], ask: Judge, workers: int, progress: Progress | None
) -> dict[int, Advice | None]:
    """The judge's advice at each ``(step, state)``, by step: in this
    process (one worker, or one decision) or over a pool of ``workers``
    processes, ``progress(done, total)`` after each. With a pool the first
    decision is still judged here, so that what the judge loads once (a
    solution, a table) is loaded before the workers start and, where they
    are forked, inherited by them."""
    total = len(jobs)
    out: dict[int, Advice | None] = {}

    def tick() -> None:
        if progress is not None:
            progress(len(out), total)

    if workers <= 1 or total <= 1:
        for k, state in jobs:
            out[k] = ask(state)
            tick()
        return out
    try:
        pickle.dumps(ask)
    except (pickle.PicklingError, AttributeError, TypeError):
        raise ReviewError(
            "a judge run on several worker processes must pickle (a function defined at a "
            "module's top level); pass workers=1 to run it in this process"
        ) from None
    k, state = jobs[0]
    out[k] = ask(state)
    tick()
    rest = jobs[1:]
    pool = ProcessPoolExecutor(max_workers=min(workers, len(rest)), mp_context=_pool_context())
    try:
        pending = {pool.submit(ask, state): k for k, state in rest}
        for done in as_completed(pending):
            out[pending[done]] = done.result()
            tick()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return out


def _pool_context() -> multiprocessing.context.BaseContext:
    """How worker processes start: forked where the platform can (they
    inherit the game already loaded), else the platform's default."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _walk(
    record: GameRecord,
    start: State,
    final: State,
    seat: int | None,
    first: int,
    last: int,
    scale: float,
    advices: Mapping[int, Advice | None],
    unjudged: str = "not among the decisions judged",
) -> Review:
    """The review itself: the record walked step by step, each decision
    read from ``advices`` (the judge's advice by step)."""
    game = final.game
    n = final.num_players
    state = start.clone()
    names = tuple(
        f"{base} ({who})" if who and who.lower() != base.lower() else base
        for base, who in zip(game.seat_names(state.options, n), record.seats, strict=False)
    )
    reviewed: list[StepReview] = []
    curve: list[CurvePoint] = []
    current: list[float | None] = [None] * n
    notes: list[str] = []
    pending_after: float | None = None  # the chosen value of the last decision
    pending_seat = -1

    def set_value(player: int, v: float) -> None:
        current[player] = v
        if n == 2:
            current[1 - player] = 1.0 - v

    for k, (by, text) in enumerate(record.moves, start=1):
        if k > last:
            break
        action = state.parse(text)
        in_range = k >= first
        if by == CHANCE:
            step = StepReview(
                k, CHANCE, text, state.describe_action(action),
                probability=_chance_of(state, text) if in_range else None,
            )  # fmt: skip
        else:
            step = _decision(state, k, by, text, action, seat, advices, in_range, unjudged)
            if step.judged and step.heading and step.heading not in notes:
                notes.append(step.heading)
        seen = len(state.log)
        state.apply(action)
        state = at_fork(state, k, record.forks)  # a forked game's hidden cards drawn again
        if by == CHANCE and in_range:
            told = " ".join(e.text for e in state.log[seen:])
            if told:
                step = _replace(step, words=told if len(told) <= 200 else told[:199] + "…")
        if not in_range:
            continue
        # the curve after this step
        if step.judged and step.kind == "probability" and step.best_value is not None:
            if not curve:
                set_value(by, step.best_value)  # before the first step reviewed
                curve.append(CurvePoint(k - 1, tuple(current)))
            pending_after, pending_seat = step.chosen_value, by
        else:
            pending_after = None
        if state.is_over:
            current = list(_result_chances(state))
        else:
            nxt = _next_best(state, advices.get(k + 1))
            if nxt is not None:
                set_value(nxt[0], nxt[1])
            elif pending_after is not None:
                set_value(pending_seat, pending_after)
        curve.append(CurvePoint(k, tuple(current), chance=by == CHANCE))
        reviewed.append(step)
    seat_reviews = tuple(
        seat_review(p, names[p], [s for s in reviewed if s.seat == p])
        for p in range(n)
        if seat is None or p == seat
    )
    judged = [s for s in reviewed if s.judged and s.cost is not None]
    ranked = sorted(
        judged,
        key=lambda s: (s.kind != "probability", s.within_spread, -(s.cost or 0.0), s.index),
    )
    costliest = tuple(s for s in ranked if (s.cost or 0.0) > EPSILON)[:3]
    return Review(
        game=game.id,
        title=game.title,
        options=state.options.describe(),
        seats=names,
        steps=tuple(reviewed),
        seat_reviews=seat_reviews,
        curve=tuple(curve),
        costliest=costliest,
        scale=scale,
        result=final.result().text if final.is_over else "the game is not over",
        notes=tuple(notes),
    )


def _next_best(state: State, advice: Advice | None) -> tuple[int, float] | None:
    """The seat to move at ``state`` and its best value, where it is a
    decision that the review judged (``advice``: so no extra search)."""
    mover = state.to_move
    if advice is None or mover is None or mover == CHANCE or advice.kind != "probability":
        return None
    return mover, advice.best.value


def _decision(
    state: State,
    k: int,
    by: int,
    text: str,
    action: Any,
    seat: int | None,
    advices: Mapping[int, Advice | None],
    in_range: bool,
    unjudged: str = "not among the decisions judged",
) -> StepReview:
    words = state.describe_action(action)
    legal = state.legal_actions()
    base = StepReview(k, by, text, words, choices=len(legal))
    if not in_range:
        return base
    if seat is not None and by != seat:
        return _replace(base, why_not="not the seat reviewed")
    if len(legal) < 2:
        return _replace(base, why_not="forced: the only legal choice")
    if k not in advices:
        return _replace(base, why_not=unjudged)
    advice = advices[k]
    if advice is None:
        return _replace(base, why_not=state.game.advice_note(state))
    chosen = next((v for v in advice.values if str(v.action) == text), None)
    if chosen is None:
        return _replace(base, why_not="the advisor did not value this choice")
    best = advice.best
    cost = max(0.0, best.value - chosen.value)
    if cost <= EPSILON:
        cost = 0.0
    spread = _combined(best.spread, chosen.spread)
    mark = mark_for(cost, spread) if advice.kind == "probability" else None
    return StepReview(
        k, by, text, words,
        judged=True, kind=advice.kind, exact=advice.exact, heading=advice.heading(),
        note=advice.note,
        choices=len(legal),
        chosen_value=chosen.value, chosen_spread=chosen.spread,
        best_value=best.value, best_spread=best.spread,
        best_notation=str(best.action), best_words=state.describe_action(best.action),
        cost=cost, spread=spread, mark=mark,
    )  # fmt: skip


def _replace(step: StepReview, **changes: Any) -> StepReview:
    from dataclasses import replace

    return replace(step, **changes)


def seat_review(p: int, name: str, steps: Sequence[StepReview]) -> SeatReview:
    """Seat ``p``'s figures over ``steps`` (its decisions among them): marks,
    mean cost and accuracy."""
    decisions = [s for s in steps if not s.is_chance]
    judged = [s for s in decisions if s.judged and s.cost is not None]
    prob = [s for s in judged if s.kind == "probability"]
    score = [s for s in judged if s.kind == "score"]
    marks = [s.mark for s in prob]
    in_play = [s for s in prob if s.in_open_position]
    return SeatReview(
        seat=p,
        name=name,
        decisions=len(decisions),
        judged=len(judged),
        inaccuracies=marks.count("inaccuracy"),
        mistakes=marks.count("mistake"),
        blunders=marks.count("blunder"),
        mean_cost=sum(s.cost or 0.0 for s in prob) / len(prob) if prob else None,
        accuracy=(
            round(sum(accuracy_of(s.cost or 0.0) for s in in_play) / len(in_play), 1)
            if in_play
            else None
        ),
        open_judged=len(in_play),
        score_judged=len(score),
        mean_score_cost=sum(s.cost or 0.0 for s in score) / len(score) if score else None,
    )

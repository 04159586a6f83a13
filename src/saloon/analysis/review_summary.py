"""Many games reviewed, pooled per agent: accuracy with its interval, cost, marks.

:func:`summarise` takes reviews (:func:`saloon.analysis.review.review`)
of games of one game, each with the agent at every seat (the record's
``seats``), and gives per agent:

* **games**: the games in which it sat at a seat reviewed;
* **judged**: its decisions judged (any kind of value) and **valued**: those
  valued in chance to win, the ones the figures below pool;
* **accuracy**: the mean of :func:`~saloon.analysis.review.accuracy_of`
  over its valued decisions in open positions (the best choice's chance to
  win within :data:`~saloon.analysis.review.OPEN`, as a game's review
  counts them), every such decision of every game pooled (a game of many
  decisions weighs more than a short one);
* **its 95% interval**: a percentile bootstrap over games (the games are
  drawn again with replacement, :data:`BOOTSTRAP` times, seeded, and the
  pooled accuracy taken again), so decisions of one game, which are not
  independent, move together;
* **mean cost** in points of chance to win, and the marks per 100 valued
  decisions.

Agents are ordered by accuracy, best first (no valued decision: last).

>>> from saloon.analysis.review import Review, StepReview, mark_for
>>> def step(seat: int, cost: float) -> StepReview:
...     return StepReview(
...         1, seat, "a", "a", judged=True, kind="probability", cost=cost, best_value=0.5,
...         mark=mark_for(cost, 0.0),
...     )
>>> def game(*steps: StepReview) -> Review:
...     return Review("shootout", "Shoot Out", "default", ("P1", "P2"), steps, (), (), ())
>>> games = [
...     (("solver", "random"), game(step(0, 0.0), step(1, 0.2), step(1, 0.0))),
...     (("random", "solver"), game(step(0, 0.1), step(1, 0.0))),
... ]
>>> s = summarise(games)
>>> [(a.agent, a.games, a.valued, round(a.accuracy or 0, 1)) for a in s.agents]
[('solver', 2, 2, 100.0), ('random', 2, 3, 67.9)]
>>> round(s.agents[1].mean_cost * 100, 1), s.agents[1].marks_per_100
(10.0, 66.7)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from saloon.analysis.review import Review, accuracy_of
from saloon.core.errors import SaloonError

#: Bootstrap resamples of the games for the accuracy's interval.
BOOTSTRAP = 2000
#: The interval's coverage.
LEVEL = 0.95


class SummaryError(SaloonError):
    """Reviews that cannot be pooled (none, or of several games)."""


@dataclass(frozen=True)
class AgentSummary:
    """One agent's figures over every game it played in the reviews."""

    agent: str
    games: int
    judged: int
    """Its decisions judged, of any kind of value."""
    valued: int
    """Its decisions judged in chance to win (what the cost and marks pool)."""
    not_judged: int
    """Its decisions listed but not judged (forced, not sampled, no advice)."""
    accuracy: float | None
    low: float | None
    """The low end of the 95% bootstrap interval over games (``None``: one game)."""
    high: float | None
    mean_cost: float | None
    """The mean cost in chance to win (0-1) over its valued decisions."""
    open: int = 0
    """Its valued decisions in an open position (what the accuracy pools)."""
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0

    @property
    def marked(self) -> int:
        return self.inaccuracies + self.mistakes + self.blunders

    @property
    def marks_per_100(self) -> float | None:
        """Marked decisions per 100 valued ones, to a tenth."""
        return round(100 * self.marked / self.valued, 1) if self.valued else None

    def per_100(self, count: int) -> float | None:
        """``count`` per 100 valued decisions, to a tenth.

        >>> AgentSummary("a", 1, 4, 4, 0, 90.0, None, None, 0.02, blunders=1).per_100(1)
        25.0
        """
        return round(100 * count / self.valued, 1) if self.valued else None

    def to_json(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "games": self.games,
            "judged": self.judged,
            "valued": self.valued,
            "open": self.open,
            "not_judged": self.not_judged,
            "accuracy": self.accuracy,
            "ci95": None if self.low is None else [self.low, self.high],
            "mean_cost": self.mean_cost,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "marks_per_100": self.marks_per_100,
            "inaccuracies_per_100": self.per_100(self.inaccuracies),
            "mistakes_per_100": self.per_100(self.mistakes),
            "blunders_per_100": self.per_100(self.blunders),
        }


@dataclass(frozen=True)
class Summary:
    """Every agent's figures, best accuracy first."""

    game: str
    title: str
    records: int
    agents: tuple[AgentSummary, ...]
    scale: float = 1.0
    sample: int | None = None
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "records": self.records,
            "scale": self.scale,
            "sample": self.sample,
            "interval": f"{LEVEL:.0%} percentile bootstrap over games ({BOOTSTRAP} resamples)",
            "notes": list(self.notes),
            "agents": [a.to_json() for a in self.agents],
        }

    def to_markdown(self) -> str:
        """The figures as a Markdown table.

        >>> table = Summary("shootout", "Shoot Out", 0, ()).to_markdown().splitlines()
        >>> table[0][:45]
        '| agent | games | judged | open | accuracy | '
        >>> table[1]
        '|---|---:|---:|---:|---:|---|---:|---:|---|'
        """
        lines = [
            "| agent | games | judged | open | accuracy | 95% CI | mean cost (points) "
            "| marks per 100 | inaccuracies / mistakes / blunders per 100 |",
            "|---|---:|---:|---:|---:|---|---:|---:|---|",
        ]
        for a in self.agents:
            cost = None if a.mean_cost is None else a.mean_cost * 100
            lines.append(
                f"| {a.agent} | {a.games} | {a.valued} | {a.open} | {shown(a.accuracy)} | "
                f"{interval_shown(a)} | {shown(cost, 2)} "
                f"| {shown(a.marks_per_100)} | {shown(a.per_100(a.inaccuracies))} / "
                f"{shown(a.per_100(a.mistakes))} / {shown(a.per_100(a.blunders))} |"
            )
        return "\n".join(lines)


def shown(value: float | None, digits: int = 1) -> str:
    """A figure to ``digits`` decimals, or a dash.

    >>> shown(97.25), shown(None), shown(0.123, 2)
    ('97.2', '–', '0.12')
    """
    return "–" if value is None else f"{value:.{digits}f}"


def interval_shown(a: AgentSummary) -> str:
    """An agent's 95% interval as ``low – high`` (a dash with one game)."""
    if a.low is None or a.high is None:
        return "–"
    return f"{a.low:.1f} – {a.high:.1f}"


@dataclass
class _Pool:
    games: int = 0
    judged: int = 0
    not_judged: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    cost: float = 0.0
    valued: int = 0

    def __post_init__(self) -> None:
        # per game: (sum of accuracies, valued decisions in open positions)
        self.per_game: list[tuple[float, int]] = []


def one_game(ids: Sequence[str]) -> str:
    """The one game that ``ids`` (each record's game) name, else a
    :class:`SummaryError`.

    >>> one_game(["shootout", "shootout"])
    'shootout'
    >>> one_game(["shootout", "cowboys", "shootout"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon...SummaryError: the records are of several games (cowboys, shootout); summarise ...
    """
    names = sorted(set(ids))
    if len(names) != 1:
        raise SummaryError(
            "there is no record to summarise"
            if not names
            else f"the records are of several games ({', '.join(names)}); "
            "summarise one game at a time"
        )
    return names[0]


def summarise(
    games: Sequence[tuple[Sequence[str], Review]],
    *,
    seed: int = 0,
    resamples: int = BOOTSTRAP,
    sample: int | None = None,
) -> Summary:
    """Pool ``games`` (each the agents at its seats and its review) per
    agent; the bootstrap is seeded by ``seed``. All the reviews must be of
    one game (its options may differ)."""
    if not games:
        raise SummaryError("there is no review to summarise")
    one_game([r.game for _, r in games])
    pools: dict[str, _Pool] = {}
    notes: list[str] = []
    for agents, r in games:
        for note in r.notes:
            if note not in notes:
                notes.append(note)
        reviewed = {sr.seat for sr in r.seat_reviews} or set(range(len(agents)))
        per_game: dict[str, tuple[float, int]] = {}
        for p in sorted(reviewed):
            name = agents[p] if p < len(agents) else f"seat {p + 1}"
            pools.setdefault(name, _Pool())
            per_game.setdefault(name, (0.0, 0))
        for s in r.steps:
            if s.is_chance or s.seat not in reviewed:
                continue
            name = agents[s.seat] if s.seat < len(agents) else f"seat {s.seat + 1}"
            pool = pools[name]
            if not (s.judged and s.cost is not None):
                pool.not_judged += 1
                continue
            pool.judged += 1
            if s.kind != "probability":
                continue
            pool.valued += 1
            if s.in_open_position:
                total, n = per_game[name]
                per_game[name] = (total + accuracy_of(s.cost), n + 1)
            pool.cost += s.cost
            if s.mark == "inaccuracy":
                pool.inaccuracies += 1
            elif s.mark == "mistake":
                pool.mistakes += 1
            elif s.mark == "blunder":
                pool.blunders += 1
        for name, figures in per_game.items():
            pools[name].games += 1
            pools[name].per_game.append(figures)
    out = [_agent(name, pool, seed, resamples) for name, pool in pools.items()]
    out.sort(key=lambda a: (a.accuracy is None, -(a.accuracy or 0.0), a.agent))
    first = games[0][1]
    return Summary(
        game=first.game,
        title=first.title,
        records=len(games),
        agents=tuple(out),
        scale=first.scale,
        sample=sample,
        notes=tuple(notes),
    )


def _agent(name: str, pool: _Pool, seed: int, resamples: int) -> AgentSummary:
    valued = pool.valued
    in_open = sum(n for _, n in pool.per_game)
    accuracy = sum(t for t, _ in pool.per_game) / in_open if in_open else None
    low, high = (
        bootstrap_interval(pool.per_game, seed=seed, resamples=resamples)
        if in_open
        else (None, None)
    )
    return AgentSummary(
        agent=name,
        games=pool.games,
        judged=pool.judged,
        valued=valued,
        open=in_open,
        not_judged=pool.not_judged,
        accuracy=accuracy,
        low=low,
        high=high,
        mean_cost=pool.cost / valued if valued else None,
        inaccuracies=pool.inaccuracies,
        mistakes=pool.mistakes,
        blunders=pool.blunders,
    )


def bootstrap_interval(
    per_game: Sequence[tuple[float, int]],
    *,
    seed: int = 0,
    resamples: int = BOOTSTRAP,
    level: float = LEVEL,
) -> tuple[float | None, float | None]:
    """The percentile bootstrap interval of a pooled mean, resampling games:
    each game is ``(sum of its values, how many)``. ``(None, None)`` with
    fewer than two games holding a value.

    >>> bootstrap_interval([(100.0, 1), (0.0, 1)] * 50)
    (40.0, 60.0)
    >>> bootstrap_interval([(90.0, 1)])
    (None, None)
    """
    games = [g for g in per_game if g[1] > 0]
    if len(games) < 2:
        return None, None
    rng = random.Random(seed)
    k = len(games)
    means: list[float] = []
    for _ in range(resamples):
        total, count = 0.0, 0
        for _ in range(k):
            t, n = games[rng.randrange(k)]
            total += t
            count += n
        means.append(total / count)
    means.sort()
    tail = (1.0 - level) / 2
    lo = means[min(resamples - 1, int(tail * resamples))]
    hi = means[min(resamples - 1, int((1.0 - tail) * resamples) - 1)]
    return lo, hi

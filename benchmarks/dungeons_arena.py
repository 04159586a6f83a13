"""D6 Dungeons: one agent against copies of another at 2, 3 and 4 players on
both maps: by default the ``heuristic`` against ``random`` (reported, never
asserted).

Agent A sits in each seat in turn (game ``g`` seats it at ``g mod n``)
against ``n - 1`` copies of B; every game is seeded from
``numpy.random.SeedSequence(seed)`` (its dice and each seat's agent). Each
line gives the games, A's wins (a win shared by ``k`` players counts
``1/k``), A's score with its 95% Wilson interval against the fair share
``1/n``, A's mean glory, the best other's, the mean margin between them
(A's glory less the best other's) with its 95% interval, and A's mean CPU
milliseconds a decision.

With ``--gain SWEEPS`` (B the heuristic), each of A's decisions that
departs from what B would choose in A's seat is measured by ``SWEEPS``
paired rollouts of B from the true state (``saloon.analysis.gain``); a
game's gain is the sum of its departures' advantages, and the line adds
A's departures a game, its gain a game and A's score by that gain (the
fair share plus the gain), each with its 95% interval: the same edge as
the score's, unbiased, with the luck of the games taken out. Where A is a
paired search, a second table groups its departures by the sweeps it ran
before departing (with ``look``, the look that settled them), each
group's mean advantage with its interval, beside the search's own
estimate of the same departures (its sweeps' mean difference); where it
confirms its departures (``confirm``), a line adds how many of the
departures its race proposed the fresh sweeps turned down.

    python benchmarks/dungeons_arena.py [--agents A,B] [--games N] [--players 2,3,4]
        [--maps standard,advanced] [--seed S] [--jobs J] [--gain SWEEPS] [-o KEY=VALUE ...]

For instance ``--agents mcts:iterations=100,rollout=heuristic,top=4;heuristic``
(a spec with commas: separate A and B with ``;``), or two settings of the
heuristic's knobs. ``-o`` sets a game option for every game (``-o
rounds=6``: the extended season).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from saloon.agents import make_agent, parse_spec
from saloon.analysis.gain import advantage
from saloon.analysis.stats import mean_ci, wilson_interval
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.games.dungeons import Dungeons
from saloon.games.dungeons.options import DungeonsOptions


def agent(game: Dungeons, spec: str, seed: int) -> Agent:
    return make_agent(spec, game, seed=seed)


@dataclass
class Tally:
    games: int = 0
    score: float = 0.0
    glory: float = 0.0
    best_other: float = 0.0
    margins: list[float] = field(default_factory=list)
    thinking: float = 0.0
    decisions: int = 0
    #: With ``--gain``: each game's sum of advantages, and A's departures.
    gains: list[float] = field(default_factory=list)
    departures: int = 0
    #: With ``--gain`` and A a paired search: each departure's sweeps (the
    #: search's, at that decision), its measured advantage, and the search's
    #: own estimate of it (its sweeps' mean difference, in win shares).
    settled: list[tuple[int, float, float]] = field(default_factory=list)
    #: With A a search that confirms its departures (``confirm``): the
    #: departures its race proposed that the fresh sweeps turned down.
    turned_down: int = 0

    def by_sweeps(self) -> list[str]:
        """A's departures grouped by the sweeps its search ran before
        departing, each group's mean advantage with its 95% interval, beside
        the mean of what the search itself made of them (the gap is the
        winner's curse: a departure is taken where its sweeps ran high)."""
        groups: dict[int, list[tuple[float, float]]] = {}
        for sweeps, adv, own in self.settled:
            groups.setdefault(sweeps, []).append((adv, own))
        out = [
            "| sweeps | departures | mean advantage, 95% | the search's estimate |",
            "|---:|---:|---|---:|",
        ]
        for sweeps in sorted(groups):
            g = mean_ci([adv for adv, _ in groups[sweeps]])
            owns = [own for _, own in groups[sweeps] if not math.isnan(own)]
            estimate = f"{float(np.mean(owns)):+.1%}" if owns else "-"
            out.append(
                f"| {sweeps} | {len(groups[sweeps])} | {g.mean:+.1%} ({g.lo:+.1%} – {g.hi:+.1%}) "
                f"| {estimate} |"
            )
        return out

    def confirmations(self) -> str:
        """How many of the departures the race proposed the fresh sweeps
        turned down, and how many were taken.

        >>> Tally(games=4, departures=6, turned_down=10).confirmations()
        'confirm: of 16 departures proposed (4.0 a game), 10 turned down, 6 taken'
        """
        proposed = self.departures + self.turned_down
        return (
            f"confirm: of {proposed} departures proposed ({proposed / max(1, self.games):.1f}"
            f" a game), {self.turned_down} turned down, {self.departures} taken"
        )

    def line(self, label: str, a: str, b: str, players: int) -> str:
        lo, hi = wilson_interval(self.score, self.games)
        ms = 1000 * self.thinking / max(1, self.decisions)
        m = np.asarray(self.margins)
        half = 1.96 * float(m.std(ddof=1)) / math.sqrt(len(m)) if len(m) > 1 else math.nan
        out = (
            f"| {label} | {players} | {a} | {b} ×{players - 1} | {self.games} "
            f"| {self.score:g} | {self.score / self.games:.1%} | {lo:.1%} – {hi:.1%} "
            f"| {1 / players:.0%} | {self.glory / self.games:.2f} "
            f"| {self.best_other / self.games:.2f} | {float(m.mean()):+.2f} ± {half:.2f} "
            f"| {ms:.2f} |"
        )
        if self.gains:
            g = mean_ci(self.gains)
            fair = 1 / players
            out += (
                f" {self.departures / self.games:.1f} | {g.mean:+.1%} ({g.lo:+.1%} – {g.hi:+.1%}) "
                f"| {fair + g.mean:.1%} ({fair + g.lo:.1%} – {fair + g.hi:.1%}) |"
            )
        return out


def search_estimate(
    sweeps: dict[Action, list[float]], action: Action, baseline: Action | None, players: int
) -> float:
    """A paired search's own estimate of ``action`` against ``baseline``:
    the mean difference of their sweeps (``nan`` where a determinization
    forbade one), in win shares; ``nan`` if it did not sweep both.

    D6's returns are ``(P * share - 1) / (P - 1)`` (ruling DG-R25), so a
    difference of returns is ``P / (P - 1)`` times one of win shares:

    >>> from saloon.testing.tiny import Add, Stop
    >>> search_estimate({Add(2): [0.0, 0.0], Stop(): [2.0, math.nan]}, Stop(), Add(2), 2)
    1.0
    >>> search_estimate({Add(2): [0.0] * 3, Stop(): [4 / 3, 0.0, 0.0]}, Stop(), Add(2), 4)
    0.3333333333333333
    >>> search_estimate({Add(2): [0.0]}, Stop(), Add(2), 2)
    nan
    """
    if action not in sweeps or baseline not in sweeps:
        return math.nan
    diffs = np.asarray(sweeps[action]) - np.asarray(sweeps[baseline])
    diffs = diffs[~np.isnan(diffs)]
    if not len(diffs):
        return math.nan
    return float(diffs.mean()) * (players - 1) / players


def play_one(
    options: DungeonsOptions,
    players: int,
    a: str,
    b: str,
    g: int,
    seq: np.random.SeedSequence,
    gain: int = 0,
    until: int | None = None,
) -> Tally:
    """Game ``g``: ``a`` in seat ``g mod players``, ``b`` in the others;
    with ``gain``, A's departures from B measured by that many sweeps. With
    ``until``, the game stops after A's first ``until`` decisions and the
    tally holds only its decisions and departures (a test's budget)."""
    game = Dungeons()
    tally = Tally()
    dice, *seats = seq.spawn(players + 1)
    # spawned after the game's own seeds, so that --gain leaves the games as they were
    (judging,) = seq.spawn(1)
    judge = agent(game, b, 0) if gain else None
    sweep_seeds = np.random.default_rng(judging)
    gained = 0.0
    me = g % players
    state = game.new_state(options, players)
    agents = [
        agent(game, a if s == me else b, int(seats[s].generate_state(1)[0])) for s in range(players)
    ]
    rng = np.random.default_rng(dice)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        if until is not None and tally.decisions >= until:
            return tally
        began = time.process_time()
        action = agents[mover].choose(state)
        if mover == me:
            tally.thinking += time.process_time() - began
            tally.decisions += 1
            own_choice = None if judge is None else judge.choose(state)
            confirmation = getattr(agents[mover], "last_confirmation", None)
            if confirmation and action == next(iter(confirmation)):
                tally.turned_down += 1  # the fresh sweeps kept the race's first
            if judge is not None and action != own_choice:
                tally.departures += 1
                key = int(sweep_seeds.integers(2**63))
                adv = float(advantage(state, action, judge, gain, key).mean())
                gained += adv
                sweeps = getattr(agents[mover], "last_sweeps", None)
                if sweeps:
                    estimate = search_estimate(sweeps, action, own_choice, players)
                    tally.settled.append((len(next(iter(sweeps.values()))), adv, estimate))
        state.apply(action)
    result = state.result()
    tally.games = 1
    if me in result.winners:
        tally.score = 1 / len(result.winners)
    best_other = max(v for s, v in enumerate(result.scores) if s != me)
    tally.glory = result.scores[me]
    tally.best_other = best_other
    tally.margins.append(result.scores[me] - best_other)
    if judge is not None:
        tally.gains.append(gained)
    return tally


def _play_one(
    job: tuple[DungeonsOptions, int, str, str, int, np.random.SeedSequence, int],
) -> Tally:
    return play_one(*job)


def play(
    options: DungeonsOptions,
    players: int,
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int = 1,
    gain: int = 0,
) -> Tally:
    """``a`` in each seat in turn against ``players - 1`` copies of ``b``,
    the games shared among ``jobs`` processes (each game seeded alike
    whatever the number of processes)."""
    work = [
        (options, players, a, b, g, seq, gain)
        for g, seq in enumerate(np.random.SeedSequence(seed).spawn(games))
    ]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            played = pool.map(_play_one, work, chunksize=1)
    else:
        played = [_play_one(job) for job in work]
    tally = Tally()
    for one in played:
        tally.games += one.games
        tally.score += one.score
        tally.glory += one.glory
        tally.best_other += one.best_other
        tally.margins.extend(one.margins)
        tally.thinking += one.thinking
        tally.decisions += one.decisions
        tally.gains.extend(one.gains)
        tally.departures += one.departures
        tally.settled.extend(one.settled)
        tally.turned_down += one.turned_down
    return tally


def options_of(map_id: str, pairs: Sequence[str]) -> DungeonsOptions:
    opts = DungeonsOptions.parse([*pairs, f"map={map_id}"])
    assert isinstance(opts, DungeonsOptions)
    return opts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--agents", default="heuristic,random", help="A,B (or A;B)")
    parser.add_argument("--games", type=int, default=100, help="games per map and table size")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--maps", default="standard,advanced")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument(
        "--gain", type=int, default=0, metavar="SWEEPS",
        help="measure A's departures from B (the heuristic) by SWEEPS paired rollouts each",
    )  # fmt: skip
    parser.add_argument(
        "-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
        help="a game option for every game, e.g. rounds=6 (repeatable)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    sep = ";" if ";" in args.agents else ","
    a, b = (x.strip() for x in args.agents.split(sep))
    if args.gain < 0:
        parser.error(f"--gain is a number of sweeps, 0 or more, not {args.gain}")
    if args.gain:
        name, params = parse_spec(b)
        if name != "heuristic" or float(params.get("jitter", 0)) != 0:
            parser.error(
                "--gain measures A against a deterministic B: the heuristic without jitter"
            )
    head = (
        "| map | players | A | B | games | A wins | A score | 95% CI | fair | A glory "
        "| best other | margin, 95% | A ms/decision |"
    )
    rule = "|---|---:|---|---|---:|---:|---:|---|---:|---:|---:|---|---:|"
    if args.gain:
        head += " departures a game | gain a game, 95% | score by the gain, 95% |"
        rule += "---:|---|---|"
    print(head)
    print(rule)
    for map_id in args.maps.split(","):
        for n in args.players.split(","):
            began = time.perf_counter()
            tally = play(
                options_of(map_id, args.options),
                int(n), a, b, args.games, args.seed, args.jobs, args.gain,
            )  # fmt: skip
            print(tally.line(map_id, a, b, int(n)), flush=True)
            if tally.settled:
                print("\n".join(tally.by_sweeps()), flush=True)
            if args.gain and tally.turned_down:
                print(tally.confirmations(), flush=True)
            print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()

"""D6 Dungeons: why the later seats win less in heuristic self-play (reported,
never asserted).

Each game is seeded from ``numpy.random.SeedSequence(seed)`` (its dice and
each seat's agent); a win shared by ``k`` players counts ``1/k``, and every
share is given with its 95% Wilson interval. Experiments (``--experiments``):

* ``selfplay``: the heuristic in every seat, as ``saloon simulate`` plays
  it: each seat's share, beside what it drafted (the class board and the
  gather board: seats pick in seat order, ruling DG-R26);
* ``rotated``: the same, but the draft scripted: the heuristic's own
  packages of the table size (the classes and boards its draft hands out),
  the classes rotated round the seats game by game (game ``g`` gives seat
  ``s`` the class of draft place ``(s + g) mod n``) and the boards
  independently of them (draft place ``(s + g // n) mod n``), so every
  seat plays every class and board equally often. What is left of the gap
  is the seat's own (turn order, the end of the season, the bot's play
  against a seat); the shares by class and by board, each over every seat,
  say what the draft hands out;
* ``random``: class and gather board picked at random at setup (the rest
  is the heuristic): all four classes at every table size;
* ``left``: the heuristic's draft, but the last seat takes the class the
  draft leaves (at three players the Explorer rather than the Woodling):
  what the last seat's own pick costs it;
* ``fixed``: the heuristic's draft with the packages reversed (seat 1
  gets what the last seat would have drafted): does the gap follow the
  seat or the class?

``--order reversed`` is a counterfactual, not the game: every round's turns
go from the last seat to the first (the draft, the stat rolls, the events'
player one and the GM, the next seat, are as before; the heuristic still
counts the turns it has left in a round as in seat order). If the seat's own
edge moves with it to the last seat, it is the turn order's (who acts
first in a round); if it stays with seat 1, it is something else tied to
the seat's number. ``-o house_rules=uneventful`` takes the GM events out
(player one makes the events' choices: ruling DG-R14).

Each line: the experiment, map, players, games; then by seat (or class, or
board) its share with its interval. The seat lines add the seat's mean
glory at the end and after the first round, its turns a game, the red
cards its opponents played in its turns a game, and what it drafted.

    python benchmarks/dungeons_seats.py [--games N] [--players 2,3,4]
        [--maps standard,advanced] [--experiments selfplay,rotated,random]
        [--seed S] [--agent SPEC] [--jobs J] [--order seat|reversed] [-o KEY=VALUE ...]

``--agent`` is the seats' agent (``heuristic`` unless said, any spec with
its knobs). A game takes 0.05 s (two players) to 0.2 s (four) on one
core: ``--games 1000`` over the three default experiments, both maps and
the three table sizes, about an hour.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from saloon.agents import make_agent
from saloon.analysis.stats import wilson_interval
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.state import State
from saloon.games.dungeons import Dungeons
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import common, turn
from saloon.games.dungeons.rules.state import DungeonsState


def _reversed_round(self: turn.StartRound, s: DungeonsState) -> None:
    """``StartRound.run`` with the round's turns from the last seat to the
    first (the counterfactual of ``--order reversed``)."""
    _seat_round(self, s)
    n = s.num_players
    top = s.agenda[-n:]  # StartTurn(n - 1) ... StartTurn(0), the first on top
    assert [t.seat for t in top if isinstance(t, turn.StartTurn)] == list(range(n))[::-1]
    s.agenda[-n:] = top[::-1]


_seat_round = turn.StartRound.run


class Drafted:
    """An agent whose class board and gather board are given (``cls``,
    ``board``) or, where one is ``"random"``, picked at random among those
    left; every other decision is ``inner``'s."""

    def __init__(self, inner: Agent, cls: str, board: str, seed: int) -> None:
        self.inner = inner
        self.name = f"drafted {inner.name}"
        self.cls = cls
        self.board = board
        self._rng = np.random.default_rng(seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, DungeonsState)
        node = type(state.agenda[-1]).__name__
        want = {"PickClass": self.cls, "PickBoard": self.board}.get(node)
        if want is None:
            return self.inner.choose(state)
        legal = list(state.legal_actions())
        if want == "random":
            return legal[int(self._rng.integers(len(legal)))]
        for act in legal:
            if isinstance(act, a.Pick) and act.value == want:
                return act
        raise ValueError(f"{want} is not open: {[str(x) for x in legal]}")


def drafts(options: DungeonsOptions, players: int, spec: str) -> list[tuple[str, str]]:
    """The class board and gather board each seat takes when ``spec`` drafts
    in every seat (the draft has no dice: the same every game)."""
    game = Dungeons()
    state = game.new_state(options, players)
    agents = [make_agent(spec, game, seed=0) for _ in range(players)]
    assert isinstance(state, DungeonsState)
    while not state.is_chance:
        mover = state.to_move
        assert mover is not None
        state.apply(agents[mover].choose(state))
    return [(h.hero_class, h.board) for h in state.heroes]


@dataclass
class Tally:
    """Win shares and what goes with them, by seat, class and board."""

    players: int
    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    seat_glory: list[float] = field(default_factory=list)
    #: glory at the end of the first round
    seat_first: list[float] = field(default_factory=list)
    seat_turns: list[float] = field(default_factory=list)
    seat_reds: list[float] = field(default_factory=list)
    #: class or board -> [share of wins, games played with it]
    classes: dict[str, list[float]] = field(default_factory=dict)
    boards: dict[str, list[float]] = field(default_factory=dict)
    #: seat -> the packages it played, counted
    packages: list[dict[tuple[str, str], int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.players
        self.seat_wins = self.seat_wins or [0.0] * n
        self.seat_glory = self.seat_glory or [0.0] * n
        self.seat_first = self.seat_first or [0.0] * n
        self.seat_turns = self.seat_turns or [0.0] * n
        self.seat_reds = self.seat_reds or [0.0] * n
        self.packages = self.packages or [{} for _ in range(n)]

    def add(self, other: Tally) -> None:
        self.games += other.games
        for p in range(self.players):
            self.seat_wins[p] += other.seat_wins[p]
            self.seat_glory[p] += other.seat_glory[p]
            self.seat_first[p] += other.seat_first[p]
            self.seat_turns[p] += other.seat_turns[p]
            self.seat_reds[p] += other.seat_reds[p]
            for pkg, v in other.packages[p].items():
                self.packages[p][pkg] = self.packages[p].get(pkg, 0) + v
        for mine, theirs in ((self.classes, other.classes), (self.boards, other.boards)):
            for name, (w, g) in theirs.items():
                row = mine.setdefault(name, [0.0, 0.0])
                row[0] += w
                row[1] += g


def play_one(
    options: DungeonsOptions,
    players: int,
    spec: str,
    picks: Sequence[tuple[str, str]] | None,
    seq: np.random.SeedSequence,
) -> Tally:
    """One game: ``picks`` gives each seat's class and board (``None``: the
    agents draft as they would)."""
    game = Dungeons()
    dice, *seats = seq.spawn(players + 1)
    agents: list[Agent] = []
    for s in range(players):
        seed = int(seats[s].generate_state(1)[0])
        inner = make_agent(spec, game, seed=seed)
        agents.append(inner if picks is None else Drafted(inner, *picks[s], seed=seed + 1))
    state = game.new_state(options, players)
    assert isinstance(state, DungeonsState)
    rng = np.random.default_rng(dice)
    tally = Tally(players, games=1)
    first_round = True
    while not state.is_over:
        if first_round and state.round > 1:
            first_round = False
            tally.seat_first = [float(common.glory(state, p)) for p in range(players)]
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        mover = state.to_move
        assert mover is not None
        action = agents[mover].choose(state)
        turn = state.turn
        if turn is not None and mover != turn.seat and isinstance(action, a.Play):
            tally.seat_reds[turn.seat] += 1
        state.apply(action)
    result = state.result()
    if first_round:
        tally.seat_first = [float(common.glory(state, p)) for p in range(players)]
    for e in state.log:
        if e.kind == "turn" and e.player is not None:
            tally.seat_turns[e.player] += 1
    for p in range(players):
        share = 1 / len(result.winners) if p in result.winners else 0.0
        h = state.heroes[p]
        tally.seat_wins[p] = share
        tally.seat_glory[p] = result.scores[p]
        tally.classes[h.hero_class] = [share, 1.0]
        tally.boards[h.board] = [share, 1.0]
        tally.packages[p][(h.hero_class, h.board)] = 1
    return tally


def _play_one(
    job: tuple[DungeonsOptions, int, str, Sequence[tuple[str, str]] | None, np.random.SeedSequence],
) -> Tally:
    return play_one(*job)


def picks_for(
    experiment: str,
    g: int,
    players: int,
    draft: Sequence[tuple[str, str]],
    spare: Sequence[str] = (),
) -> list[tuple[str, str]] | None:
    """Each seat's class and board in game ``g`` of ``experiment``.

    >>> d = [("slayer", "ember"), ("mesmerist", "dusk"), ("woodling", "moss")]
    >>> picks_for("rotated", 4, 3, d)
    [('mesmerist', 'dusk'), ('woodling', 'moss'), ('slayer', 'ember')]
    >>> picks_for("rotated", 3, 3, d)[0], picks_for("fixed", 0, 3, d)[0]
    (('slayer', 'dusk'), ('woodling', 'moss'))
    >>> picks_for("selfplay", 0, 3, d) is None
    True
    >>> picks_for("left", 0, 3, d, ["explorer"])[2]
    ('explorer', 'moss')
    """
    n = players
    if experiment == "selfplay":
        return None
    if experiment == "random":
        return [("random", "random")] * n
    if experiment == "left":
        picks = list(draft)
        if spare:
            picks[-1] = (spare[0], picks[-1][1])
        return picks
    if experiment == "fixed":
        return list(reversed(draft))
    if experiment == "rotated":
        return [(draft[(s + g) % n][0], draft[(s + g // n) % n][1]) for s in range(n)]
    raise ValueError(f"no experiment {experiment!r} (selfplay, rotated, random, left, fixed)")


def play(
    experiment: str,
    options: DungeonsOptions,
    players: int,
    spec: str,
    games: int,
    seed: int,
    jobs: int = 1,
) -> Tally:
    draft = drafts(options, players, spec)
    taken = {c for c, _ in draft}
    content = Dungeons().new_state(options, players)
    assert isinstance(content, DungeonsState)
    spare = [c.id for c in content.content.classes if not c.expansion and c.id not in taken]
    work = [
        (options, players, spec, picks_for(experiment, g, players, draft, spare), seq)
        for g, seq in enumerate(np.random.SeedSequence(seed).spawn(games))
    ]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            played = pool.map(_play_one, work, chunksize=8)
    else:
        played = [_play_one(job) for job in work]
    tally = Tally(players)
    for one in played:
        tally.add(one)
    return tally


def share(wins: float, games: float) -> str:
    """A share with its 95% Wilson interval.

    >>> share(60, 100)
    '60.0% (50.2% – 69.1%)'
    """
    lo, hi = wilson_interval(wins, int(games))
    return f"{wins / games:.1%} ({lo:.1%} – {hi:.1%})"


def report(experiment: str, map_id: str, t: Tally) -> list[str]:
    n, g = t.players, t.games
    out = []
    for p in range(n):
        drafted = ", ".join(
            f"{c}/{b}" + ("" if k == g else f" {k / g:.0%}")
            for (c, b), k in sorted(t.packages[p].items(), key=lambda kv: -kv[1])[:2]
        )
        if len(t.packages[p]) > 2:
            drafted += ", ..."
        out.append(
            f"| {experiment} | {map_id} | {n} | {g} | seat {p + 1} | {share(t.seat_wins[p], g)} "
            f"| {t.seat_glory[p] / g:.2f} | {t.seat_first[p] / g:.2f} | {t.seat_turns[p] / g:.2f} "
            f"| {t.seat_reds[p] / g:.2f} | {drafted} |"
        )
    if experiment != "selfplay":
        for label, rows in (("class", t.classes), ("board", t.boards)):
            for k, (w, played) in sorted(rows.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
                out.append(
                    f"| {experiment} | {map_id} | {n} | {int(played)} | {label} {k} "
                    f"| {share(w, played)} | | | | | |"
                )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a line")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--maps", default="standard,advanced")
    parser.add_argument("--experiments", default="selfplay,rotated,random")
    parser.add_argument("--agent", default="heuristic", help="every seat's agent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument(
        "-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
        help="a game option for every game, e.g. rounds=6 (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--order", choices=("seat", "reversed"), default="seat",
        help="reversed: the counterfactual of every round's turns from the last seat",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.order == "reversed":
        if args.jobs > 1:
            parser.error("--order reversed plays in one process (--jobs 1)")
        turn.StartRound.run = _reversed_round
    print(
        "| experiment | map | players | games | seat | share, 95% | glory "
        "| glory after round 1 | turns | opponents' red cards | class/board |"
    )
    print("|---|---|---:|---:|---|---|---:|---:|---:|---:|---|")
    for experiment in args.experiments.split(","):
        for map_id in args.maps.split(","):
            opts = DungeonsOptions.parse([*args.options, f"map={map_id}"])
            assert isinstance(opts, DungeonsOptions)
            for n in args.players.split(","):
                began = time.perf_counter()
                t = play(experiment, opts, int(n), args.agent, args.games, args.seed, args.jobs)
                print("\n".join(report(experiment, map_id, t)), flush=True)
                print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()

"""Cowboys: how fast the rules engine and the heuristic play (reported, never asserted).

* random playouts: uniform random legal actions through ``apply_unchecked``
  and ``sample_chance``, with ``quiet`` set, as the generic agents' rollouts
  play them: games and transitions per second, one process;
* ``heuristic`` games (both seats, every action checked by ``apply``, as
  ``saloon simulate`` plays them): games and transitions per second, and the
  heuristic's mean time per decision.

Each figure is the median of ``--repeats`` runs, timed in the process's
CPU seconds (steadier than wall time on a shared machine).

    python benchmarks/cowboys_speed.py [--games N] [--repeats R] [--scenarios a,b] [--no-heuristic]
        [-o key=value ...]
    python benchmarks/cowboys_speed.py --lists N [-o key=value ...] [--scenarios a,b]
    python benchmarks/cowboys_speed.py --mcts SPEC [--decisions D] [--scenarios a,b]

With ``--lists``: the size of the legal lists (a figure's action to choose)
in the same positions with the basic rules and with the options given,
and the CPU milliseconds to derive each afresh.

With ``--mcts``: the mean CPU seconds of that agent a decision (those with
more than one choice), in seat 1 against the heuristic.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from saloon.core.agent import Agent
from saloon.games.cowboys import Cowboys
from saloon.games.cowboys.options import CowboysOptions

SCENARIOS = (
    "brawl",
    "hickok-tutt",
    "coffeyville",
    "the-witness",
    "ok-corral",
    "saloon-siege",
    "three-way-standoff",
    "stage-holdup",
    "jailbreak",
)


def _options(scenario: str, extra: tuple[str, ...]) -> CowboysOptions:
    """The scenario with the options given as ``-o key=value``."""
    return CowboysOptions.parse([f"scenario={scenario}", *extra])


def playouts(
    scenario: str, games: int, seed: int = 0, extra: tuple[str, ...] = ()
) -> tuple[float, float]:
    """(games/s, transitions/s) of uniform random play."""
    game = Cowboys()
    options = _options(scenario, extra)
    rng = np.random.default_rng(seed)
    steps = 0
    began = time.process_time()
    for _ in range(games):
        state = game.new_state(options)
        state.quiet = True
        while not state.is_over:
            if state.is_chance:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_unchecked(action)
            steps += 1
    seconds = time.process_time() - began
    return games / seconds, steps / seconds


def heuristic_games(
    scenario: str, games: int, seed: int = 0, extra: tuple[str, ...] = ()
) -> tuple[float, float, float]:
    """(games/s, transitions/s, ms per decision) of the heuristic in every seat."""
    from saloon.games.cowboys.strategy import HeuristicAgent

    game = Cowboys()
    options = _options(scenario, extra)
    rng = np.random.default_rng(seed)
    steps = decisions = 0
    thinking = 0.0
    began = time.process_time()
    for g in range(games):
        state = game.new_state(options)
        state.quiet = True
        agents: list[Agent] = [
            HeuristicAgent(seed=seed * 1000 + g * 10 + k) for k in range(state.num_players)
        ]
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            if state.is_chance:
                action = state.sample_chance(rng)
            else:
                t = time.process_time()
                action = agents[mover].choose(state)
                thinking += time.process_time() - t
                decisions += 1
            state.apply(action)
            steps += 1
    seconds = time.process_time() - began
    return games / seconds, steps / seconds, 1000 * thinking / max(decisions, 1)


def mcts_decisions(
    scenario: str, spec: str, decisions: int, seed: int = 0, extra: tuple[str, ...] = ()
) -> float:
    """Mean CPU seconds of the agent ``spec`` (an MCTS) a decision with more
    than one choice, in seat 1 against the heuristic in seat 2 (new games
    until ``decisions`` are timed)."""
    from saloon.agents import make_agent

    game = Cowboys()
    options = _options(scenario, extra)
    rng = np.random.default_rng(seed)
    timed: list[float] = []
    g = 0
    while len(timed) < decisions:
        state = game.new_state(options)
        state.quiet = True
        agents = [make_agent(spec, game, seed=seed + g), make_agent("heuristic", game, seed=g)]
        g += 1
        while not state.is_over and len(timed) < decisions:
            mover = state.to_move
            assert mover is not None
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            many = len(state.legal_actions()) > 1
            t = time.process_time()
            action = agents[min(mover, 1)].choose(state)
            if mover == 0 and many:
                timed.append(time.process_time() - t)
            state.apply(action)
    return statistics.fmean(timed)


def legal_lists(
    scenario: str, positions: int, extra: tuple[str, ...], seed: int = 0
) -> list[tuple[str, float, int, int, float]]:
    """The legal lists of the same positions (the choices of a figure's
    action, from random games of the basic game), with the basic rules and
    with the options ``extra``: (rules, mean size, median, largest, CPU ms
    a list). Each list is derived afresh (none of the position's own
    derived values kept)."""
    from saloon.games.cowboys.rules.phase import Phase
    from saloon.games.cowboys.rules.state import CowboysState

    game = Cowboys()
    rng = np.random.default_rng(seed)
    states: list[CowboysState] = []
    while len(states) < positions:
        state = game.new_state(CowboysOptions(scenario=scenario))
        assert isinstance(state, CowboysState)
        while not state.is_over and len(states) < positions:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == Phase.SELECT:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    rules = _options(scenario, extra).optional_rules
    out = []
    for name, on in (("basic", frozenset[str]()), ("+".join(rules) or "basic", frozenset(rules))):
        sizes: list[int] = []
        began = time.process_time()
        for st in states:
            st.rules = on
            st._cache.clear()
            st.town.cache.pop("move-shoot-plans", None)
            sizes.append(len(st.legal_actions()))
        ms = 1000 * (time.process_time() - began) / len(states)
        sizes.sort()
        out.append((name, statistics.fmean(sizes), sizes[len(sizes) // 2], sizes[-1], ms))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--no-heuristic", action="store_true")
    parser.add_argument("--mcts", metavar="SPEC", help="time this MCTS's decisions instead")
    parser.add_argument("--decisions", type=int, default=30, help="MCTS decisions timed")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="an option, key=value (repeatable)"
    )
    parser.add_argument(
        "--lists", type=int, metavar="N", help="the legal lists of N positions instead"
    )
    args = parser.parse_args()
    extra = tuple(args.option)
    if args.lists:
        for scenario in args.scenarios.split(","):
            for name, mean, median, most, ms in legal_lists(scenario, args.lists, extra):
                print(
                    f"{scenario:20} {name:34} {mean:6.0f} mean {median:5d} median "
                    f"{most:5d} largest {ms:6.2f} ms a list",
                    flush=True,
                )
        return
    if args.mcts:
        for scenario in args.scenarios.split(","):
            seconds = mcts_decisions(scenario, args.mcts, args.decisions, extra=extra)
            print(f"{scenario:20} {args.mcts} {seconds:5.2f} s/decision", flush=True)
        return
    for scenario in args.scenarios.split(","):
        runs = [playouts(scenario, args.games, seed=r, extra=extra) for r in range(args.repeats)]
        line = (
            f"{scenario:20} random {statistics.median(r[0] for r in runs):8.1f} games/s "
            f"{statistics.median(r[1] for r in runs):9,.0f} transitions/s"
        )
        if not args.no_heuristic:
            hs = [
                heuristic_games(scenario, args.games, seed=r, extra=extra)
                for r in range(args.repeats)
            ]
            line += (
                f" | heuristic {statistics.median(h[0] for h in hs):7.1f} games/s "
                f"{statistics.median(h[1] for h in hs):8,.0f} transitions/s "
                f"{statistics.median(h[2] for h in hs):6.2f} ms/decision"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()

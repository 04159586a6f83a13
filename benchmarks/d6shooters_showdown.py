"""The exact Ghost Town Showdown solver (The d6 Shooters, episode 2): build
time, a grid of win chances, and the solver's play against the heuristic.

Builds the table for every state up to 12 Posse, 25 Crowes and 15 Ammo,
with and without Medicine/Bandages, with the cache off (the Numba machine
code is compiled or loaded first, outside the timing; the time is given
on the clock and in CPU time, which a busy machine does not inflate as
much), prints the Posse's chance to win with best play for Posse 2..10
against Crowes 4..20 at Ammo 0, 3 and 6 (no Tactic spent), and with
Medicine at Ammo 0 and 3, then plays Monte Carlo Showdowns from a few
states with the solver (``best_showdown_action``) and with
``HeuristicAgent``. ``--cap`` also measures what the engine's 50-round
limit (D6-S6) takes off the values, with and without Medicine.

    python benchmarks/d6shooters_showdown.py [--games N] [--seed S] [--cap]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from saloon.core.action import Action
from saloon.core.state import CHANCE
from saloon.games.d6shooters import GAME
from saloon.games.d6shooters import showdown as sd
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import MEDICINE, P_TACTIC
from saloon.games.d6shooters.scenario import turn_start
from saloon.games.d6shooters.strategy import HeuristicAgent

OPTIONS = GAME.parse_options(["episode=2"])
#: (Posse, Crowe dice, Ammo, Medicine held)
STATES = [
    (10, 20, 4, False),
    (8, 14, 3, False),
    (6, 12, 3, False),
    (6, 8, 0, False),
    (4, 8, 1, False),
    (6, 12, 3, True),
    (6, 8, 0, True),
    (4, 8, 1, True),
]


def showdown_state(posse: int, crowes: int, ammo: int, medicine: bool) -> D6State:
    st = turn_start(OPTIONS, posse=posse, ammo=ammo, items=MEDICINE if medicine else 0)
    st.showdown.posse, st.showdown.crowes, st.showdown.round, st.showdown.tactics_used = (
        posse,
        crowes,
        0,
        0,
    )
    st.mode, st.phase, st.quiet = "showdown", P_TACTIC, True
    return st


def play(
    state: tuple[int, int, int, bool], choose: Callable[[D6State], Action], games: int, seed: int
) -> tuple[float, float, int]:
    """Win rate, mean rounds, and games that reached the 50-round limit."""
    rng = np.random.default_rng(seed)
    wins = rounds = capped = 0
    for _ in range(games):
        st = showdown_state(*state)
        while st.to_move is not None:
            if st.to_move == CHANCE:
                st.apply_unchecked(st.sample_chance(rng))
            else:
                st.apply_unchecked(choose(st))
        wins += st.journey.ended == "won"
        rounds += st.showdown.round
        capped += st.showdown.round >= 50 and st.journey.ended != "won"
    return wins / games, rounds / games, capped


def grid(tab: sd.ShowdownTable, ammo: int, medicine: bool = False) -> None:
    crowes = list(range(4, 21, 2))
    held = ", Medicine held" if medicine else ""
    print(f"\nAmmo {ammo}{held}: Posse (rows) against Crowes (columns), no Tactic spent")
    print("      " + "".join(f"{c:>7}" for c in crowes))
    for p in range(2, 11):
        row = "".join(f"{tab.win(p, c, ammo, medicine=medicine):7.3f}" for c in crowes)
        print(f"{p:>5} " + row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", action="store_true", help="measure the 50-round limit")
    args = parser.parse_args()

    began = time.perf_counter()
    sd.build_table(2, 2, 1)
    print(f"kernel compiled or loaded in {time.perf_counter() - began:.1f}s")
    cpu = time.process_time()
    tab = sd.build_table(12, 25, 15)
    cpu = time.process_time() - cpu
    print(
        f"table for posse <= 12, crowes <= 25, ammo <= 15, with and without Medicine: "
        f"built in {tab.seconds:.1f}s ({cpu:.1f}s CPU)"
    )
    for ammo in (0, 3, 6):
        grid(tab, ammo)
    for ammo in (0, 3):
        grid(tab, ammo, medicine=True)

    sd._CURRENT[:] = [tab]  # the agent reads the table just built
    heuristic = HeuristicAgent()
    print(f"\nMonte Carlo, {args.games} games each (sigma <= {0.5 / args.games**0.5:.3f})")
    print("state (p, c, ammo, medicine)  exact    solver  (rounds, capped)   heuristic  (rounds)")
    for i, state in enumerate(STATES):
        p, c, a, medicine = state
        exact = tab.win(p, c, a, medicine=medicine)
        t0 = time.perf_counter()
        won, rounds, capped = play(state, sd.best_showdown_action, args.games, args.seed + i)
        t1 = time.perf_counter()
        h_won, h_rounds, _ = play(state, heuristic.choose, args.games, args.seed + 100 + i)
        print(
            f"{state!s:<28} {exact:7.4f}   {won:7.4f}  ({rounds:4.1f}, {capped})"
            f"          {h_won:7.4f}  ({h_rounds:4.1f})   [{t1 - t0:.1f}s solver games]"
        )

    if args.cap:
        for dims in [(6, 10, 3), (8, 16, 2), (10, 20, 1)]:
            t0 = time.perf_counter()
            capped_values = sd.capped_values(*dims, 50)
            full = sd.build_table(*dims).values
            print(f"\n50-round limit, posse <= {dims[0]}, crowes <= {dims[1]}, ammo <= {dims[2]}:")
            for m, held in enumerate(("without Medicine", "with Medicine")):
                gap = full[m] - capped_values[m]
                where = np.unravel_index(int(gap.argmax()), gap.shape)
                print(
                    f"  {held}: values lower by at most {gap.max():.2e} (u, a, p, c = "
                    f"{tuple(int(i) for i in where)})"
                )
            print(f"  [{time.perf_counter() - t0:.0f}s]")


if __name__ == "__main__":
    main()

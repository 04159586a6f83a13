"""Cowboys: which cards the ``heuristic`` plays, in self-play over every
built-in scenario that deals cards (the figures of docs/games/cowboys.md,
"Bots").

Game ``g`` plays scenario ``g mod n`` (the scenarios in their order) with
seed ``g``, the heuristic in every seat. A card counts as played whenever
the heuristic plays it, in its own part or answering; as dealt whenever it
is in a side's hand at the deal. Each line gives the card, how many of the
deck's 54 faces carry it, the games' deals and plays of it, and the first
game in which it was played. A card the heuristic never plays would be a
card it holds in vain (the test ``test_the_heuristic_plays_every_card`` runs
the same games until every card has been played).

    python benchmarks/cowboys_card_plays.py [--games N] [--seed S] [-o KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from saloon.agents import make_agent
from saloon.games.cowboys import GAME
from saloon.games.cowboys.cards import Effect, load_deck
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import builtin_scenarios


def dealing_scenarios() -> tuple[str, ...]:
    """The built-in scenarios that deal cards to at least one side."""
    return tuple(sid for sid, sc in builtin_scenarios().items() if any(s.cards for s in sc.sides))


def card_names() -> tuple[str, ...]:
    """Every card a side may hold: the names of the deck's cards, in the
    order of the deck file, blanks left out."""
    names: list[str] = []
    for card in load_deck().cards:
        if card.effect is not Effect.BLANK and card.name not in names:
            names.append(card.name)
    return tuple(names)


@dataclass
class Plays:
    """What the games showed: plays and deals per card name, the first game
    (0-based) in which each was played, and the games played."""

    played: Counter[str] = field(default_factory=Counter)
    dealt: Counter[str] = field(default_factory=Counter)
    first: dict[str, int] = field(default_factory=dict)
    games: int = 0


def play_games(games: int, seed: int = 0, *, until_all: bool = False, **options: object) -> Plays:
    """Heuristic self-play: ``games`` games (fewer with ``until_all``, which
    stops as soon as every card of :func:`card_names` has been played)."""
    scenarios = dealing_scenarios()
    wanted = set(card_names())
    out = Plays()
    for g in range(games):
        sc = scenarios[g % len(scenarios)]
        s = GAME.new_state(CowboysOptions(scenario=sc, **options))  # type: ignore[arg-type]
        assert isinstance(s, CowboysState)
        s.quiet = True
        rng = np.random.default_rng(seed + g)
        agents = [
            make_agent("heuristic", GAME, seed=(seed + g) * 8 + k) for k in range(s.num_players)
        ]
        while not s.is_over:
            if s.is_chance:
                s.apply(s.sample_chance(rng))
            else:
                mover = s.to_move
                assert mover is not None and mover >= 0
                s.apply(agents[mover].choose(s))
        faces = [face for _, face in s.played]
        for face in faces + [c for hand in s.hands for c in hand]:
            if s.card(face).effect is not Effect.BLANK:  # a card the scenario forbids
                out.dealt[s.card(face).name] += 1
        for face in faces:
            name = s.card(face).name
            out.played[name] += 1
            out.first.setdefault(name, g)
        out.games = g + 1
        if until_all and wanted <= set(out.played):
            break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options: dict[str, object] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = {"true": True, "false": False}.get(value, value)
    faces = Counter(c.name for c in load_deck().cards)
    start = time.perf_counter()
    got = play_games(args.games, args.seed, **options)
    took = time.perf_counter() - start
    scenarios = ", ".join(dealing_scenarios())
    print(f"{got.games} games of heuristic self-play ({scenarios}), seed {args.seed}: {took:.0f} s")
    print("| card | faces | dealt | played | first played in game |")
    print("|---|---:|---:|---:|---:|")
    for name in card_names():
        first = got.first.get(name)
        print(
            f"| {name} | {faces[name]} | {got.dealt[name]:,} | {got.played[name]:,} "
            f"| {'never' if first is None else first + 1} |"
        )
    never = [n for n in card_names() if not got.played[n]]
    print(f"never played: {', '.join(never) or 'none'}")


if __name__ == "__main__":
    main()

"""Justified bounds on a game of The d6 Shooters: its score and its length.

Gold and Ammo have no cap in the rulebook, and Poker can double a stake, so
the score's upper bound comes from a potential: ``W = 2 * Gold + Ammo``.

* Dice add at most a fixed amount of Gold a turn (episode 1: ten dice with
  Critters and the Prospector's Map give 5; episode 2: eleven dice-worth,
  the black die counting twice, give 3 sets of 3s); turns are at most the
  Day limit.
* An Event adds at most its Gold (Lost Gunsight Mine) plus the Gold for
  selling a full load of Food, and a Wagon Train at rate ``r`` multiplies
  ``W`` by at most ``r / 2`` (buying Ammo at ``r`` per Gold).
* A Town multiplies ``W`` by at most 2.5: Poker doubles a stake of Gold and
  Ammo, and 5 Ammo for 2 Gold turns 4 of ``W`` into 5; a prisoner pays 3 Gold.
* Resource spaces add at most 2 (G+) or 1 (A+).

Adding every gain first and multiplying after can only overestimate, so
``W`` never exceeds :func:`wealth_bound`; Gold and Ammo score at most
``W * gold_points / 2``.
"""

from __future__ import annotations

from math import ceil

from saloon.games.d6shooters.content import load_events, load_map
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules.nodes import (
    MAX_POKER_TIES,
    MAX_SHOOTOUT_TIES,
    MAX_SHOWDOWN_ROUNDS,
)


def _limits(o: D6ShootersOptions) -> tuple[int, int, int]:
    m = load_map(o.map, o.episode)
    shorter = o.version == "shorter"
    limit = o.day_limit(m)
    dest = m.town_at(m.short_destination if shorter else m.destination)
    towns = sum(1 for t in m.towns if m.start < t < dest)
    events = sum(1 for e in m.events if e < dest) + 1  # the Special Event
    return limit, towns, events


def wealth_bound(o: D6ShootersOptions) -> int:
    """An upper bound on ``2 * Gold + Ammo`` at any moment of a game."""
    m = load_map(o.map, o.episode)
    ev = load_events(o.events_file, o.episode)
    limit, towns, events = _limits(o)
    cap = 12 if o.episode == 1 else 10
    w: int = 2 * 5 + 6  # the most Gold and Ammo at the start (Easier Version)
    w += 2 * (5 if o.episode == 1 else 3) * limit
    specs = [*ev.cards.values(), *ev.d6]
    gold_event: int = max([s.params.get("gold", 0) for s in specs] + [0])
    rate: int = max([s.params.get("rate", 2) for s in specs if s.kind == "wagon_train"] + [2])
    w += events * (2 * gold_event + 2 * (cap // 2)) + towns * 6
    w += sum(2 if c == "G+" else 1 for c in m.resources.values() if c in ("G+", "A+"))
    growth = (max(1.0, rate / 2) ** events) * (2.5 if o.episode == 1 else 1.25) ** towns
    return ceil(w * growth)


def score_bound(o: D6ShootersOptions) -> int:
    """An upper bound on the score ("Scoring"): the base, 2 a Day early,
    3 a Posse member, Food, and Gold and Ammo through :func:`wealth_bound`."""
    limit, _, _ = _limits(o)
    cap = 12 if o.episode == 1 else 10
    base, gold_points = (10, 2) if o.episode == 1 else (15, 3)
    return base + 2 * limit + 3 * cap + cap + ceil(wealth_bound(o) * gold_points / 2)


def length_bound(o: D6ShootersOptions) -> int:
    """An upper bound on the steps of a game (decisions and outcomes).

    A turn takes at least one Day; it has at most 4 opening steps, 3 rolls
    of at most 3 groups and 2 keep decisions, the Binoculars' reroll, the
    item and Event decisions, the 3s, the 4s, the Heat's and the Gang's
    dice, a few loss decisions, and at most one Shootout of at most posse
    + gang - 1 rounds, each round two rolls, repeated after a tie at most
    :data:`MAX_SHOOTOUT_TIES` times. Every Event square is met once (the
    road only goes forward) plus the Special Event, with at most a small
    Shootout (Bandits); every Town once, with at most one buy per Gold held,
    Poker and Crowe's Hometown's Shootout.
    """
    limit, towns, events = _limits(o)
    dice = 11
    round_steps = 2 * (MAX_SHOOTOUT_TIES + 1)
    per_turn = 4 + 9 + 2 + 2 + 1 + 1 + 1 + 1 + 2 + 2 + 6 + (2 * dice) * round_steps + 2
    per_event = 10 + 4 * round_steps
    poker = 1 + (MAX_POKER_TIES + 1) * 6
    per_town = 6 + 1 + 3 + wealth_bound(o) // 2 + poker + 1 + 3 * round_steps + 2
    showdown = MAX_SHOWDOWN_ROUNDS * 12 if o.episode == 2 else 0
    return 1 + limit * per_turn + events * per_event + (towns + 1) * per_town + showdown

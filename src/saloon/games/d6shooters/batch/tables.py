"""Options, content and the heuristic's knobs as the arrays the kernel reads.

The kernel cannot read :class:`~..content.MapData` or
:class:`~..content.EventTable`; :func:`build` turns the options (and the
map and Event list they load, a user's files included) into a few NumPy
arrays, once per run:

* ``cfg``: the episode, the version's numbers, the Day limit, the
  destination (:data:`.slots.C_EPISODE` ...);
* ``route``: a code per space (plain, Town, Event square, resource space),
  with the next stop, the next and the last Town of each space;
* ``events``: a row per Event (the 21 cards, then the six d6 entries): its
  kind and its numbers; ``payments``: the payments a demand offers;
* ``items``: the Special Item die's faces (Ep.1/Ep.2 "Special Items"): bit
  and price;
* ``knobs_i`` and ``knobs_f``: the heuristic's :class:`~..strategy.Knobs`;
* ``odds``: the heuristic's Shootout tables (the expected Posse lost and
  the chance to win), computed as :func:`~..strategy.shootout_loss` does,
  to the last bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from saloon.core.errors import SaloonError
from saloon.games.d6shooters.batch import slots as S
from saloon.games.d6shooters.content import (
    EVENT_KINDS,
    EventSpec,
    load_events,
    load_map,
)
from saloon.games.d6shooters.dice import TARGET_HANDS, hand_key
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules.nodes import CROWE_MEMBERS, ITEM_BITS, ITEM_DIE, ITEM_PRICE
from saloon.games.d6shooters.strategy import Knobs

#: The Event kinds the kernel plays, in the order of their codes.
KINDS = tuple(EVENT_KINDS)
(
    EK_NOTHING, EK_STAMPEDE, EK_RATTLESNAKES, EK_BILLY, EK_DEER, EK_GOLD_HILLS, EK_WAGON,
    EK_SLOW_TRAIN, EK_DOWNHILL, EK_GUNSIGHT, EK_SHORTCUT, EK_SHORTCUT_ROLL, EK_LOST,
    EK_DEMANDS, EK_FISHING, EK_BANDITS, EK_PRISONER, EK_CAMPFIRE, EK_CRITTERS,
    EK_LOST_FAMILY, EK_DESERTERS, EK_GUIDE, EK_TRAITOR, EK_HOMETOWN,
) = range(24)  # fmt: skip
PLAYABLE = (
    "nothing", "stampede", "rattlesnakes", "billy_escapes", "deer_herd", "gold_hills",
    "wagon_train", "slow_train", "downhill", "gunsight", "shortcut", "shortcut_roll", "lost",
    "demands", "fishing_hole", "bandits", "prisoner", "campfire", "critters", "lost_family",
    "deserters", "indian_guide", "traitor", "hometown",
)  # fmt: skip

#: The columns of an Event's row: its kind, then its numbers by name.
EV_KIND = 0
EV_PARAMS = (
    "loss", "ahead", "days", "small_ammo", "small_food", "big_ammo", "big_days", "big_bonus",
    "rate", "gold", "spaces", "food", "posse_dice", "gang_dice", "men",
)  # fmt: skip
(
    EV_LOSS, EV_AHEAD, EV_DAYS, EV_SMALL_AMMO, EV_SMALL_FOOD, EV_BIG_AMMO, EV_BIG_DAYS,
    EV_BIG_BONUS, EV_RATE, EV_GOLD, EV_SPACES, EV_FOOD, EV_POSSE_DICE, EV_GANG_DICE, EV_MEN,
) = range(1, 16)  # fmt: skip
EV_RED_DOWNHILL = 16  # a Downhill Ride of red 1s (Ep.2), drawn again with the Compass
EV_OPTIONS = 17  # how many payments the Event offers
EV_WIDTH = 18
#: Rows: the card list 1-1 .. 6-6 (low die first), then the d6 table's 1 .. 6.
CARD_ROWS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
D6_ROW = len(CARD_ROWS)

#: The route array's columns: the space's code, the spaces to the next stop
#: (the heuristic's ``next_stop``), the next Town ahead and the last Town at
#: or behind (0: none).
RT_CODE, RT_STOP, RT_NEXT_TOWN, RT_LAST_TOWN = range(4)

#: The Shootout tables' bounds: the Posse's dice (a Fight's 4s and the
#: Campfire's die), the Gang's (the 6s), and the bonus beyond which every
#: round is won (so the tables hold it as the same numbers).
MAX_POSSE, MAX_GANG = 12, 11
MAX_BONUS = 6 * MAX_GANG


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything a run of the kernel reads (see the module's docstring)."""

    cfg: np.ndarray
    route: np.ndarray
    events: np.ndarray
    payments: np.ndarray
    items: np.ndarray
    hands: np.ndarray
    knobs_i: np.ndarray
    knobs_f: np.ndarray
    odds: np.ndarray


def build(options: D6ShootersOptions, knobs: Knobs) -> Tables:
    """The arrays for a run of ``options`` with the heuristic's ``knobs``.

    >>> t = build(D6ShootersOptions(), Knobs())
    >>> int(t.cfg[S.C_LIMIT]), int(t.cfg[S.C_DEST]), t.events.shape
    (40, 95, (27, 18))
    """
    options.validate()
    ep = options.episode
    m = load_map(options.map, ep)
    table = load_events(options.events_file, ep)
    shorter = options.version == "shorter"
    easier = options.version == "easier"
    cfg = np.zeros(S.C_SIZE, np.int64)
    cfg[S.C_EPISODE] = ep
    cfg[S.C_EASIER] = easier
    cfg[S.C_EVENTS_D6] = options.events == "d6"
    cfg[S.C_HIDE_PER_DIE] = options.hide_days == "per_die"
    # Ep.1/Ep.2 "Your Posse", "Food": the caps; "Starting Resources"; Ep.1
    # "Easier Version", "Shorter Version" (D6-E1, D6-E3 for episode 2).
    cfg[S.C_CAP] = 12 if ep == 1 else 10
    cfg[S.C_LIMIT] = options.day_limit(m)  # the map's, or a designer's own (days)
    dest = m.town_at(m.short_destination if shorter else m.destination)
    cfg[S.C_DEST] = dest
    cfg[S.C_START] = m.start
    if ep == 1:
        food, ammo, gold, posse = (12 if easier else 6), 6, (5 if easier else 3), 12
    else:
        food, ammo, gold, posse = (10 if easier else 5), 4, (5 if easier else 3), 10
    cfg[S.C_FOOD], cfg[S.C_AMMO], cfg[S.C_GOLD], cfg[S.C_POSSE] = food, ammo, gold, posse
    cfg[S.C_CROWES] = (m.short_crowe if shorter else CROWE_MEMBERS) if ep == 2 else 0
    route = np.zeros((m.length + 1, 4), np.int64)
    for space in m.events:
        route[space, RT_CODE] = S.SP_EVENT
    for space, code in m.resources.items():
        route[space, RT_CODE] = S.RESOURCE_CODE[code]
    towns = sorted(m.towns)
    for space in towns:
        route[space, RT_CODE] = S.SP_TOWN
    stops = [t for t in towns if t < dest] + [dest]
    for space in range(m.length + 1):
        ahead = [t for t in stops if t > space]
        route[space, RT_STOP] = (ahead[0] if ahead and ep == 1 else dest) - space
        later = [t for t in towns if t > space]
        route[space, RT_NEXT_TOWN] = later[0] if later else 0
        behind = [t for t in towns if t <= space]
        route[space, RT_LAST_TOWN] = behind[-1] if behind else 0
    specs = [table.cards[k] for k in CARD_ROWS] + list(table.d6)
    most = max(len(e.params.get("options", ())) for e in specs)
    events = np.zeros((len(specs), EV_WIDTH), np.int64)
    payments = np.zeros((len(specs), max(most, 1), 4), np.int64)
    for row, e in enumerate(specs):
        _event_row(table.source, e, events[row], payments[row])
    rows = range(D6_ROW, len(specs)) if options.events == "d6" else range(D6_ROW)
    if ep == 2 and all(events[r, EV_RED_DOWNHILL] for r in rows):
        raise SaloonError(
            f"{table.source}: every Event is a Downhill Ride of red 1s, which the Compass "
            "draws again; the kernel cannot draw an Event"
        )
    names = ITEM_DIE[ep]
    items = np.zeros((7, 2), np.int64)
    for face, name in enumerate(names, 1):
        items[face, 0] = ITEM_BITS[name]
        items[face, 1] = ITEM_PRICE[ep].get(name, 0)
    hands = np.array([0, *(hand_code(hand_key(h)) for h in TARGET_HANDS)], np.int64)
    knobs_i = np.array([int(getattr(knobs, k)) for k in S.KNOBS_I], np.int64)
    knobs_f = np.array([float(getattr(knobs, k)) for k in S.KNOBS_F], np.float64)
    return Tables(cfg, route, events, payments, items, hands, knobs_i, knobs_f, shootout_odds())


def _event_row(source: str, e: EventSpec, row: np.ndarray, pays: np.ndarray) -> None:
    if e.kind not in PLAYABLE:
        raise SaloonError(
            f"{source}: the batch engine cannot play an Event of kind {e.kind!r} "
            f"(it plays {', '.join(PLAYABLE)}); use the reference engine"
        )
    row[EV_KIND] = PLAYABLE.index(e.kind)
    for i, name in enumerate(EV_PARAMS, 1):
        value = e.params.get(name)
        if isinstance(value, int):
            row[i] = value
    row[EV_RED_DOWNHILL] = e.kind == "downhill" and e.params.get("mode") == "red_ones"
    options = e.params.get("options", ())
    row[EV_OPTIONS] = len(options)
    for i, pay in enumerate(options):
        pays[i] = pay


def hand_code(key: tuple[int, tuple[int, ...]]) -> int:
    """A poker hand's key (:func:`~..dice.hand_key`) as one number that
    orders the same way: the rank, then the grouped faces as digits (a rank
    fixes how many faces follow).

    >>> hand_code((2, (5, 2, 1)))
    2000521
    """
    rank, order = key
    digits = 0
    for f in order:
        digits = digits * 10 + f
    return rank * 1_000_000 + digits


def _sum_counts(n: int) -> list[int]:
    """Ways for ``n`` dice to total each sum (index = sum)."""
    ways = [1]
    for _ in range(n):
        nxt = [0] * (len(ways) + 6)
        for s, w in enumerate(ways):
            if w:
                for f in range(1, 7):
                    nxt[s + f] += w
        ways = nxt
    return ways


@cache
def shootout_odds() -> np.ndarray:
    """``odds[0, p, g, b]``: the heuristic's expected Posse lost in a
    Shootout of ``p`` dice plus ``b`` against ``g`` dice; ``odds[1, ...]``
    the chance to win it (:func:`~..strategy.shootout_loss`,
    :func:`~..strategy.shootout_win`, "Shootout!"). Exact rationals as the
    reference's :func:`~..dice.round_odds` (``float`` of a ratio of whole
    numbers rounds the same as of the ratio of fractions), then the same
    recursion in the same order, so every number is the reference's."""
    out = np.zeros((2, MAX_POSSE + 1, MAX_GANG + 1, MAX_BONUS + 1))
    sums = [_sum_counts(n) for n in range(MAX_POSSE + MAX_GANG + 1)]
    for b in range(MAX_BONUS + 1):
        win_r = np.zeros((MAX_POSSE + 1, MAX_GANG + 1))
        lose_r = np.zeros((MAX_POSSE + 1, MAX_GANG + 1))
        for p in range(1, MAX_POSSE + 1):
            a = sums[p]
            for g in range(1, MAX_GANG + 1):
                c = sums[g]
                below = [0] * (len(c) + 1)  # below[x]: ways the Gang totals less than x
                for s, w in enumerate(c):
                    below[s + 1] = below[s] + w
                total_g = below[-1]
                win = lose = 0
                for sa, wa in enumerate(a):
                    if wa:
                        x = min(sa + b, len(c))
                        win += wa * below[x]
                        at = c[sa + b] if sa + b < len(c) else 0
                        lose += wa * (total_g - below[x] - at)
                total = win + lose
                win_r[p, g] = win / total
                lose_r[p, g] = lose / total
        for p in range(MAX_POSSE + 1):
            for g in range(MAX_GANG + 1):
                if g == 0:
                    loss, won = 0.0, 1.0
                elif p == 0:
                    loss, won = float(g), 0.0
                else:
                    w, lo = win_r[p, g], lose_r[p, g]
                    loss = w * out[0, p, g - 1, b] + lo * out[0, p - 1, g, b]
                    won = w * out[1, p, g - 1, b] + lo * out[1, p - 1, g, b]
                out[0, p, g, b] = loss
                out[1, p, g, b] = won
    out.setflags(write=False)
    return out

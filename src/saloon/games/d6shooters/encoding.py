"""The d6 Shooters as numbers: action ids, chance outcome ids and an
observation vector (the contract: :mod:`saloon.core.encoding`).

Everything is computed from the variant's structure (its episode, version,
Event list, map and caps), never by walking states.

**Actions** are numbered in blocks (:attr:`D6ShootersEncoding.blocks`):

* ``keep``: ids ``0 .. 2**P - 1``, *relative to the dice showing*. Bit ``i``
  keeps the die at position ``i`` of the dice now showing: the black die,
  then the red dice, then the white dice, each colour's faces sorted.
  ``P`` is the most dice a turn can show (:attr:`~D6ShootersEncoding.positions`).
  Dice of one colour and one face are interchangeable, so only the
  *canonical* mask of a keep is legal: of equal dice, the leftmost are kept.
  Keeping every die showing is ``stop``. Poker keeps white dice only.
* the other decisions have one id each, whatever the state: words (``roll``,
  ``pass``, ``buy food 2``...), the splits of the 4s, the amounts
  (``guide N``, ``recruit N``, ``heat food N``, ``absorb N``, ``assign N``,
  ``buy guns N``...), the one-die changes (``hills``, ``charm``, ``nudge``),
  ``family``, the Events' payments, the Wagon Train's trades (counted in
  lots of the Event's rate: ``trade -4f +4a`` at rate 2 is ``-2`` lots of
  Food and ``+2`` of Ammo), the Showdown's rerolls (by the faces rerolled)
  and Poker's stakes.

Gold and Ammo have no cap in the rulebook, so ``buy guns N``, ``trade``
and ``stake`` are numbered up to :data:`MOST_GOLD` Gold and
:data:`MOST_AMMO` Ammo held (constructor arguments); a state that offers
more raises :class:`~saloon.core.errors.SaloonError` rather than reusing
an id.

**Chance outcomes** are numbered in blocks too: each group of dice (``red``,
``white``, ``posse``, ``crowe``, ``heat``...) has every sorted multiset of 1
up to its most dice, by size and then in lexicographic order; then each
one-die label (``item``, ``hand``...) and the 2d6 Event pairs.

**The observation** is made from ``state.view(player)`` and the variant's
map (a fixed part of the options): :meth:`ObservationLayout.describe
<saloon.core.encoding.ObservationLayout.describe>` prints its fields.

>>> from saloon.core import get_game
>>> game = get_game("d6shooters")
>>> enc = game.encoding()
>>> enc.positions, enc.num_actions, enc.observation_shape
(10, 24002, (301,))
>>> state = game.new_state()
>>> state.apply(game.parse_action("roll"))
>>> state.apply(game.parse_action("red 256")); state.apply(game.parse_action("white 11346"))

The dice showing are red 2 5 6 (positions 0-2, the 5 and the 6 locked) and
white 1 1 3 4 6 (positions 3-7):

>>> str(enc.action(state, 0b01011110))
'keep r56 w114'
>>> enc.action_id(state, game.parse_action("stop")) == 0b11111111
True
>>> enc.action(state, 0b01010110)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saloon.core.errors.IllegalAction: action id 86 keeps the same dice as id 78 (of equal ...)
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, pairwise
from math import comb
from typing import Any, cast

import numpy as np

from saloon.core.action import Action
from saloon.core.encoding import Encoding, Field, ObservationLayout
from saloon.core.errors import IllegalAction, SaloonError
from saloon.core.state import State
from saloon.games.d6shooters.actions import (
    ITEM_NAMES,
    WORDS,
    Amount,
    Change,
    Face,
    Faces,
    Fours,
    Keep,
    Pair,
    Pay,
    Place,
    Reroll,
    Roll,
    Stake,
    Trade,
    Word,
)
from saloon.games.d6shooters.bounds import wealth_bound
from saloon.games.d6shooters.content import (
    RESOURCE_CODES,
    EventSpec,
    MapData,
    load_events,
    load_map,
)
from saloon.games.d6shooters.dice import multisets
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules.events import spec as event_spec
from saloon.games.d6shooters.rules.harm import LOSS_SOURCES
from saloon.games.d6shooters.rules.moves import fours_args, fours_options
from saloon.games.d6shooters.rules.nodes import (
    C_CHECK,
    C_HAND,
    C_ROLL,
    CROWE_LEADERS,
    CROWE_MEMBERS,
    FREE_GUNS,
    FX_NAMES,
    ITEM_BITS,
    ITEM_DIE,
    MAX_POKER_TIES,
    MAX_SHOOTOUT_TIES,
    MAX_SHOWDOWN_ROUNDS,
    OVER,
    P_ASSIGN,
    P_EVENT_CHOICE,
    P_FOURS,
    P_FREE_ITEM,
    P_KEEP,
    P_REROLL,
    P_STAKE,
    PASS,
    STOP,
    TACTICS,
)
from saloon.games.d6shooters.rules.sheet import PRISONER_AWAITED, PRISONER_HELD
from saloon.games.d6shooters.rules.showdown import reroll_options
from saloon.games.d6shooters.rules.state import D6State

__all__ = ["MOST_AMMO", "MOST_GOLD", "Block", "D6ShootersEncoding", "d6shooters_encoding"]

#: The most Gold held at a decision whose choices grow with the Gold
#: (``buy guns N``, ``trade``, ``stake``) that the default numbering covers.
#: The rulebook caps neither Gold nor Ammo; no game of the random, heuristic
#: or planner agents over every variant has come near (17-19 Gold at most).
MOST_GOLD = 40
#: The most Ammo held at such a decision (``trade``, ``stake``) the default
#: numbering covers (random play buys Ammo freely and has reached 33).
MOST_AMMO = 40

#: Roll groups in the order of their outcome blocks.
_GROUPS = (
    "black", "red", "white", "deserters", "heat", "gang", "posse", "crowe", "snakes", "fish",
    "stampede",
)  # fmt: skip
#: Groups of dice that may wait to be rolled at a ``C_ROLL`` node (``TurnDice.to_roll``).
_TO_ROLL = ("black", "red", "white", "posse", "crowe")
#: The checks and Event dice ``Pending.roll_for`` names.
_ROLL_FOR = ("heat", "gang", "snakes", "fish", "stampede", "shortcut", "deer")
_SHOOTOUT_KINDS = ("gang", "bandits", "hometown")
_MODES = ("turn", "poker", "showdown")
#: Decision nodes (10..28), chance nodes (40..48) and the end, as one-hot places.
_PHASES = (*range(P_FREE_ITEM, P_ASSIGN + 1), *range(C_ROLL, C_HAND + 1), OVER)
#: The stages of a turn (``nodes.S_START`` .. ``nodes.S_END``).
_STAGES = 14
_FX_BITS = tuple(FX_NAMES)


@dataclass(frozen=True)
class Block:
    """One run of ids: ``start .. start + size - 1`` and what they name."""

    name: str
    start: int
    size: int
    doc: str


# -- the structure a variant's numbering comes from ------------------------------------------


def _event_list(o: D6ShootersOptions) -> tuple[tuple[str, EventSpec], ...]:
    """The Event list in use, keyed as ``Pending.event_key`` is: the 2d6
    list (``events=cards``) or the one-die table (``events=d6``); the
    Special Event draws from the same list (``rules.events.draws``)."""
    table = load_events(o.events_file, o.episode)
    if o.events == "d6":
        return tuple((str(i + 1), e) for i, e in enumerate(table.d6))
    return tuple((f"{lo}-{hi}", table.cards[(lo, hi)]) for lo, hi in sorted(table.cards))


def _params(events: Iterable[EventSpec], kind: str, key: str) -> list[int]:
    return [int(e.p(key)) for e in events if e.kind == kind]


@lru_cache(maxsize=64)
def _rank(n: int) -> dict[Faces, int]:
    """The place of each sorted multiset of ``n`` dice in :func:`multisets` order."""
    return {f: i for i, f in enumerate(multisets(n)[0])}


def _count_multisets(n: int) -> int:
    return comb(n + 5, 5)


# -- keeping: ids relative to the dice showing ---------------------------------------------


def _runs(faces: Faces, start: int, forced: Faces) -> list[tuple[int, int, int]]:
    """Runs of equal faces: ``(first position, count, forced count)``."""
    out = []
    i = 0
    while i < len(faces):
        f = faces[i]
        j = i
        while j < len(faces) and faces[j] == f:
            j += 1
        out.append((start + i, j - i, forced.count(f)))
        i = j
    return out


@lru_cache(maxsize=1 << 12)
def _keep_ids(black: Faces, red: Faces, white: Faces, locked: Faces) -> np.ndarray:
    """The ids of every legal keep of these dice (``stop`` included), sorted:
    each run of equal faces keeps its leftmost ``k`` dice, ``k`` at least
    the locked ones ("Gameplay": the red 5s and 6s of the first roll stay)."""
    ids = [0]
    runs = [
        *_runs(black, 0, ()),
        *_runs(red, len(black), locked),
        *_runs(white, len(black) + len(red), ()),
    ]
    for first, count, forced in runs:
        # Each run's bits lie above all the earlier runs', so this stays sorted.
        ids = [(((1 << k) - 1) << first) + i for k in range(forced, count + 1) for i in ids]
    out = np.array(ids, dtype=np.int32)
    out.setflags(write=False)
    return out


def _keep_mask(shown: Sequence[Faces], kept: Sequence[Faces]) -> int:
    """The canonical mask of keeping ``kept`` (per colour) of ``shown``."""
    mask = 0
    start = 0
    for faces, keep in zip(shown, kept, strict=True):
        prev, k = 0, 0
        for f in keep:
            k = k + 1 if f == prev else 0
            prev = f
            try:
                at = faces.index(f) + k
            except ValueError:
                raise SaloonError(f"keep {f}: no such die showing") from None
            if at >= len(faces) or faces[at] != f:
                raise SaloonError(f"keep: more {f}s kept than are showing")
            mask |= 1 << (start + at)
        start += len(faces)
    return mask


# -- the encoding ----------------------------------------------------------------------------


class D6ShootersEncoding(Encoding):
    """The numbering and the observation of one variant of The d6 Shooters.

    ``most_gold`` and ``most_ammo`` bound the amounts that Gold and Ammo
    make possible (``buy guns N``, ``trade``, ``stake``), which the rules
    leave unbounded; a state holding more at such a decision raises
    :class:`~saloon.core.errors.SaloonError`.

    >>> enc = D6ShootersEncoding(D6ShootersOptions(episode=2))
    >>> [b.name for b in enc.blocks][:4]
    ['keep', 'word', 'fours', 'guide']
    >>> enc.num_actions, enc.num_outcomes
    (2543, 285203)
    """

    def __init__(
        self,
        options: D6ShootersOptions,
        *,
        most_gold: int = MOST_GOLD,
        most_ammo: int = MOST_AMMO,
    ) -> None:
        o = options
        ep = o.episode
        self.options = o
        self.episode = ep
        self.most_gold = most_gold
        self.most_ammo = most_ammo
        self.map: MapData = load_map(o.map, ep)
        events = _event_list(o)
        self.event_keys = tuple(k for k, _ in events)
        specs = [e for _, e in events]
        kinds = {e.kind for e in specs}
        shorter = o.version == "shorter"
        # Ep.1/Ep.2 "Your Posse", "Food": the caps (rules.state.D6State).
        self.cap = cap = 12 if ep == 1 else 10
        # Ep.1 "Gameplay": 3 red and 5 white dice; Ep.2: a black, 2 red and 5
        # white, the black counting as two; Critters Everywhere adds 2 white
        # (D6-V7; rules.turn.first_roll).
        self.reds = reds = 3 if ep == 1 else 2
        self.blacks = blacks = 0 if ep == 1 else 1
        self.whites = whites = 5 + (2 if "critters" in kinds else 0)
        #: The most dice a turn shows: the positions of a keep's mask.
        self.positions = blacks + reds + whites
        #: The most dice counted at resolution (the black die twice).
        self.counted = counted = 2 * blacks + reds + whites
        self.limit = o.day_limit(self.map)
        self.destination = self.map.town_at(
            self.map.short_destination if shorter else self.map.destination
        )
        # The Crowe Gang track and its two leaders (RULINGS d6; D6-E3, D6-V14).
        self.crowe_track = (self.map.short_crowe if shorter else CROWE_MEMBERS) if ep == 2 else 0
        self.items = ITEM_DIE[ep]
        self.wealth = wealth_bound(o)
        men = max(_params(specs, "deserters", "men"), default=0)
        camp = 1 if "campfire" in kinds else 0
        bandits_posse = max(_params(specs, "bandits", "posse_dice"), default=0)
        bandits_gang = max(_params(specs, "bandits", "gang_dice"), default=0)
        # A Shootout's dice ("Shootout!"): the 4s that Fight against at least
        # one 6 (rules.moves.fours_options), +1 for the Campfire Songs; the
        # Bandits' dice (Event list); Crowe's Hometown's 2 and 2
        # (rules.towns.reach_town).
        shootout_posse = max(counted - 1 + camp, bandits_posse + camp, 2 if ep == 2 else 0)
        shootout_gang = max(counted, bandits_gang, 2 if ep == 2 else 0)
        self._most_dice = {
            "black": blacks,
            "red": reds,
            "white": whites,
            "deserters": men,
            "heat": counted,
            "gang": shootout_gang,
            # The Showdown rolls a die per Posse member (Ep.2 "Combat").
            "posse": max(shootout_posse, cap if ep == 2 else 0),
            "crowe": self.crowe_track + CROWE_LEADERS if ep == 2 else 0,
            "snakes": cap if "rattlesnakes" in kinds else 0,
            "fish": cap if "fishing_hole" in kinds else 0,
            "stampede": 2 if "stampede" in kinds else 0,
        }
        self._build_actions(specs, kinds, men)
        self._build_outcomes(kinds, specs)
        self._build_layout(specs, kinds, men, shootout_posse, shootout_gang)

    # -- the action blocks ---------------------------------------------------------------

    def _build_actions(self, specs: list[EventSpec], kinds: set[str], men: int) -> None:
        ep, cap = self.episode, self.cap
        o = self.options
        blocks: list[Block] = []
        table: list[Action] = []

        def add(name: str, actions: Sequence[Action], doc: str) -> None:
            if actions:
                at = (1 << self.positions) + len(table)
                blocks.append(Block(name, at, len(actions), f"{_span(actions)}: {doc}"))
                table.extend(actions)

        deer_big = [e for e in specs if e.kind == "deer_herd" and e.p("big_ammo")]
        deer_small = [e for e in specs if e.kind == "deer_herd" and not e.p("big_ammo")]
        possible = {
            "roll": ep == 1,  # Ep.1 "Special Event": called at the start of a turn
            "special": ep == 1,
            "poker": ep == 1,  # Ep.1 "Poker"
            "done": ep == 2,  # Distract's pips (Ep.2 "Tactics")
            "fight": "bandits" in kinds,
            "herd": bool(deer_small),
            "deer small": bool(deer_big),
            "deer big": bool(deer_big),
            "mine": "gunsight" in kinds,
            "campfire": "campfire" in kinds,
            "stop": False,  # the keep mask of every die showing
        }
        words: list[Action] = []
        for w in WORDS:
            verb, _, name = w.partition(" ")
            if verb == "tactic":
                ok = ep == 2
            elif verb == "buy" and name in ITEM_NAMES:
                ok = name in self.items
            elif verb == "start":
                ok = o.version == "easier" and name in self.items  # D6-E1, D6-E2
            else:
                ok = possible.get(w, True)
            if ok:
                words.append(Word(w))
        add("word", words, "the decisions without a number, in this order")

        # The splits of the 4s: every split rules.moves.fours_options offers for
        # some count of 4s, 5s and 6s among the dice counted (Ep.1: Backroads
        # two 4s a space; Ep.2: a 4 a space, at most two; no Shelter under
        # Lost Gunsight Mine; no Backroads once movement has stopped).
        splits: set[Fours] = set()
        d = self.counted
        step = 2 if ep == 1 else 1
        for n4 in range(d + 1):
            back = n4 if ep == 1 else min(2, n4)
            for n5 in range(d + 1 - n4):
                for n6 in range(d + 1 - n4 - n5):
                    for shelter in (n5, 0):
                        for b in (back, 0):
                            splits.update(fours_options(n4, shelter, n6, b, step))
        ordered: list[Fours] = sorted(splits, key=_fours_key)
        add(
            "fours",
            ordered,
            "every split of the 4s a roll can offer (Seek Shelter, Hide, Fight, Backroads), "
            "sorted by its four numbers",
        )
        if "indian_guide" in kinds:
            add("guide", [Amount("guide", n) for n in range(1, 7)], "the Indian Guide's red die")
        # Binoculars: Ep.1 a locked red 5; Ep.2 a red 5 or 6 (rules.turn.binoculars_targets).
        add(
            "binoculars",
            [Amount("binoculars", f) for f in ((5,) if ep == 1 else (5, 6))],
            "the locked red die the Binoculars reroll",
        )
        if ep == 2:
            # Ep.2 "Dice Actions": a set of three 3s per recruit.
            sets = self.counted // 3
            add("recruit", [Amount("recruit", k) for k in range(sets + 1)], "sets of 3s recruiting")
        else:
            # Ep.1 "Extreme Heat!": a hit paid with 2 Food, at most the Food cap's worth.
            top = min(self.counted, cap // 2)
            add("heat food", [Amount("heat food", k) for k in range(top + 1)], "Heat hits paid")
        # Deserters taking a loss: at most the most Army Deserters (D6-V9).
        add("absorb", [Amount("absorb", k) for k in range(men + 1)], "Deserters taking a loss")
        if ep == 2:
            # "Combat": a Posse 4-6 per Crowe 1-2 removed, at most the Posse's dice.
            top = min(cap, self.crowe_track + CROWE_LEADERS)
            add("assign", [Amount("assign", k) for k in range(top + 1)], "Crowe 1-2s removed")
        add(
            "buy guns",
            [Amount("buy guns", n) for n in range(1, self.most_gold + 1)],
            "Better Guns for that Gold (the rulebook caps no Gold: `most_gold`)",
        )
        if "gold_hills" in kinds:
            # Gold in Them Hills: Ep.1 any die but a red 5 or 6; Ep.2 a white die.
            hills = [Change("hills", "r", f, 3) for f in (1, 2, 4)] if ep == 1 else []
            hills += [Change("hills", "w", f, 3) for f in (1, 2, 4, 5, 6)]
            add("hills", hills, "the die Gold in Them Hills turns into a 3")
        if "charm" in self.items:
            add("charm", _pips("charm", "w"), "the white die the Lucky Charm moves a pip")
        if ep == 2:
            add("nudge", _pips("nudge", "p") + _pips("nudge", "c"), "Distract's pip")
        if "lost_family" in kinds:
            add(
                "family",
                [Place(r, w) for r in range(1, 7) for w in range(1, 7)],
                "the Lost Family's red and white dice, red first",
            )
        pays = sorted(
            {Pay(*p) for e in specs if e.kind in ("demands", "bandits") for p in e.p("options")},
            key=lambda a: (a.gold, a.food, a.ammo, a.posse),
        )
        add("pay", pays, "a payment an Event demands, by Gold, Food, Ammo, Posse")
        add(
            "reroll",
            list(_REROLLS) if ep == 2 else [],
            "the Showdown's reroll of 1 to 3 dice, by their number, then the Posse's "
            "number, then the faces",
        )
        self._reroll_start = next((b.start for b in blocks if b.name == "reroll"), -1)
        self._fours_ids: dict[tuple[int, ...], np.ndarray] = {}
        self._table: tuple[Action, ...] = tuple(table)
        self._index: dict[Action, int] = {
            a: (1 << self.positions) + i for i, a in enumerate(self._table)
        }
        at = (1 << self.positions) + len(table)
        # The Wagon Train (D6-V3): lots of the rate bought (+) or sold (-);
        # Food sold down to 0 and bought up to the cap; Ammo sold down to 0
        # and bought with the Gold (and the Food sold) (rules.events.trades).
        rates = _params(specs, "wagon_train", "rate")
        if rates:
            r = min(rates)
            self._food_lots = (-(cap // r), -(-cap // r))
            self._ammo_lots = (-(self.most_ammo // r), self.most_gold + cap // r)
            n_food = self._food_lots[1] - self._food_lots[0] + 1
            self._n_ammo_lots = self._ammo_lots[1] - self._ammo_lots[0] + 1
            blocks.append(
                Block(
                    "trade",
                    at,
                    n_food * self._n_ammo_lots,
                    f"`trade`: F lots of Food ({self._food_lots[0]}..{self._food_lots[1]}) and "
                    f"A of Ammo ({self._ammo_lots[0]}..{self._ammo_lots[1]}), a lot being the "
                    f"Event's rate, sold (-) or bought (+): (F + {-self._food_lots[0]}) x "
                    f"{self._n_ammo_lots} + A + {-self._ammo_lots[0]}; F = A = 0 names nothing",
                )
            )
            self._trade_start = at
            at += n_food * self._n_ammo_lots
        else:
            self._trade_start = -1
        if ep == 1:
            # Ep.1 "Poker" (RULINGS d6): any Gold, Food (up to the cap) and
            # Ammo held, at least one in all.
            size = (self.most_gold + 1) * (cap + 1) * (self.most_ammo + 1) - 1
            blocks.append(
                Block(
                    "stake",
                    at,
                    size,
                    f"`stake Gg Ff Aa` (Gold 0..{self.most_gold}, Food 0..{cap}, Ammo "
                    f"0..{self.most_ammo}, at least one): (G x {cap + 1} + F) x "
                    f"{self.most_ammo + 1} + A - 1",
                )
            )
            self._stake_start = at
            at += size
        else:
            self._stake_start = -1
        blocks.insert(
            0,
            Block(
                "keep",
                0,
                (1 << self.positions),
                "`keep`: bit i keeps the die at position i of the dice showing ("
                + ("black, " if self.blacks else "")
                + "red, white, each colour sorted); of equal dice, the leftmost; "
                "every die showing is `stop`",
            ),
        )
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.num_actions = at

    # -- the outcome blocks --------------------------------------------------------------

    def _build_outcomes(self, kinds: set[str], specs: list[EventSpec]) -> None:
        blocks: list[Block] = []
        self._roll_offsets: dict[tuple[str, int], int] = {}
        at = 0
        for g in _GROUPS:
            top = self._most_dice[g]
            if not top:
                continue
            low = 2 if g == "stampede" else 1  # Stampede! rolls two dice
            start = at
            for n in range(low, top + 1):
                self._roll_offsets[g, n] = at
                at += _count_multisets(n)
            first, last = Roll(g, (1,) * low), Roll(g, (6,) * top)
            blocks.append(
                Block(
                    g,
                    start,
                    at - start,
                    f"`{first}` .. `{last}`: "
                    + (
                        f"every roll of {low} to {top} dice, by their number, then the faces"
                        if low < top
                        else f"every roll of {top} {'die' if top == 1 else 'dice'}, by the faces"
                    ),
                )
            )
        self._face_offsets: dict[str, int] = {}
        labels = [
            ("event", self.options.events == "d6"),
            ("item", True),
            ("hand", self.episode == 1),
            ("deer", any(e.kind == "deer_herd" and e.p("big_ammo") for e in specs)),
            ("shortcut", "shortcut_roll" in kinds),
        ]
        for label, ok in labels:
            if ok:
                self._face_offsets[label] = at - 1  # faces 1..6
                blocks.append(Block(label, at, 6, f"`{label} 1` .. `{label} 6`"))
                at += 6
        if self.options.events == "cards":
            self._pair_start = at
            blocks.append(
                Block(
                    "event pair", at, 21, "`event 1-1`, `event 1-2` .. `event 6-6`: the 2d6 Event"
                )
            )
            at += 21
        else:
            self._pair_start = -1
        self.outcome_blocks: tuple[Block, ...] = tuple(blocks)
        self.num_outcomes = at
        # The pairs, in order (low, high).
        self._pairs = [(lo, hi) for lo in range(1, 7) for hi in range(lo, 7)]
        self._pair_index = {p: i for i, p in enumerate(self._pairs)}

    # -- actions -------------------------------------------------------------------------

    def action_id(self, state: State, action: Action) -> int:
        if isinstance(action, Keep) or action == STOP:
            d = _d6(state).dice
            if action == STOP:
                return (1 << (len(d.black) + len(d.red) + len(d.white))) - 1
            assert isinstance(action, Keep)
            return _keep_mask((d.black, d.red, d.white), (action.black, action.red, action.white))
        i = self._index.get(action)
        if i is not None:
            return i
        if isinstance(action, Trade) and self._trade_start >= 0:
            rate = int(event_spec(_d6(state)).p("rate"))
            return self._trade_id(action.food // rate, action.ammo // rate, action)
        if isinstance(action, Stake) and self._stake_start >= 0:
            g, f, a = action.gold, action.food, action.ammo
            if g > self.most_gold or a > self.most_ammo:
                raise self._too_rich(action)
            return self._stake_start + (g * (self.cap + 1) + f) * (self.most_ammo + 1) + a - 1
        if isinstance(action, Amount) and action.verb == "buy guns":
            raise self._too_rich(action)
        raise SaloonError(f"The d6 Shooters' numbering has no id for {action}")

    def _trade_id(self, food: int, ammo: int, action: Action) -> int:
        (f0, _), (a0, a1) = self._food_lots, self._ammo_lots
        if not a0 <= ammo <= a1:
            raise self._too_rich(action)
        return self._trade_start + (food - f0) * self._n_ammo_lots + ammo - a0

    def _too_rich(self, action: Action) -> SaloonError:
        return SaloonError(
            f"{action}: this numbering covers amounts of up to {self.most_gold} Gold and "
            f"{self.most_ammo} Ammo held; number a richer posse with "
            "D6ShootersEncoding(options, most_gold=..., most_ammo=...)"
        )

    def action(self, state: State, action_id: int) -> Action:
        st = _d6(state)
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is outside 0..{self.num_actions - 1}")
        keeps = 1 << self.positions
        a: Action
        if action_id < keeps:
            a = self._keep_action(st, action_id)
        elif action_id < keeps + len(self._table):
            a = self._table[action_id - keeps]
        elif action_id < self._stake_start or self._stake_start < 0:
            if st.phase != P_EVENT_CHOICE or st.pending.event_kind != "wagon_train":
                raise IllegalAction(f"action id {action_id} is a trade: no Wagon Train here")
            rate = int(event_spec(st).p("rate"))
            food, ammo = divmod(action_id - self._trade_start, self._n_ammo_lots)
            food += self._food_lots[0]
            ammo += self._ammo_lots[0]
            if not (food or ammo):
                raise IllegalAction(f"action id {action_id} trades nothing")
            a = Trade(food * rate, ammo * rate)
        else:
            g, rest = divmod(
                action_id - self._stake_start + 1, (self.cap + 1) * (self.most_ammo + 1)
            )
            f, am = divmod(rest, self.most_ammo + 1)
            a = Stake(g, f, am)
        if not st.is_legal(a):
            raise IllegalAction(f"action id {action_id} names {a}, which is not legal here")
        return a

    def _keep_action(self, st: D6State, action_id: int) -> Action:
        if st.phase != P_KEEP:
            raise IllegalAction(f"action id {action_id} keeps dice: there is no keep to make now")
        d = st.dice
        shown = (d.black, d.red, d.white)
        n = len(d.black) + len(d.red) + len(d.white)
        if action_id >> n:
            raise IllegalAction(f"action id {action_id} keeps dice beyond the {n} showing")
        if action_id == (1 << n) - 1:
            return STOP
        kept: list[Faces] = []
        start = 0
        for faces in shown:
            kept.append(tuple(f for i, f in enumerate(faces) if action_id >> (start + i) & 1))
            start += len(faces)
        keep = Keep(*kept)
        canonical = _keep_mask(shown, kept)
        if canonical != action_id:
            raise IllegalAction(
                f"action id {action_id} keeps the same dice as id {canonical} "
                "(of equal dice, the leftmost are kept)"
            )
        return keep

    def legal_ids(self, state: State) -> list[int]:
        return cast(list[int], self._legal_array(_d6(state)).tolist())

    def legal_mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self._legal_array(_d6(state))] = 1
        return mask

    def _legal_array(self, st: D6State) -> np.ndarray:
        """The legal ids, sorted; the big decisions from tables kept by what
        their choices depend on, not by listing the actions."""
        ph = st.phase
        if ph == P_KEEP:
            d = st.dice
            return _keep_ids(d.black, d.red, d.white, d.locked)
        if ph == P_FOURS:
            args = fours_args(st)
            ids = self._fours_ids.get(args)
            if ids is None:
                ids = self._fours_ids[args] = _frozen(self._index[a] for a in fours_options(*args))
            return ids
        if ph == P_STAKE:
            j = st.journey
            return self._stake_ids(j.gold, j.food, j.ammo)
        if ph == P_REROLL:
            sd = st.showdown
            rel = _reroll_ids(sd.posse_faces, sd.crowe_faces)
            return np.concatenate(([self._index[PASS]], rel + self._reroll_start))
        if st.to_move != 0:
            return _NO_IDS
        legal = st.legal_actions()
        index = self._index
        try:
            return _frozen(index[a] for a in legal)
        except KeyError:  # trades and guns are numbered, not listed
            return _frozen(self.action_id(st, a) for a in legal)

    def _stake_ids(self, gold: int, food: int, ammo: int) -> np.ndarray:
        if gold > self.most_gold or ammo > self.most_ammo:
            raise self._too_rich(Stake(gold, 0, ammo))
        a_size = self.most_ammo + 1
        ids = (
            np.arange(gold + 1)[:, None, None] * ((self.cap + 1) * a_size)
            + np.arange(food + 1)[None, :, None] * a_size
            + np.arange(ammo + 1)[None, None, :]
        ).ravel()[1:]  # not (0, 0, 0): a stake is at least one
        out: np.ndarray = ids + (self._stake_start - 1)
        return out

    # -- chance outcomes -----------------------------------------------------------------

    def outcome_id(self, state: State, outcome: Action) -> int:
        if isinstance(outcome, Roll):
            n = len(outcome.faces)
            start = self._roll_offsets.get((outcome.group, n))
            if start is None:
                raise SaloonError(f"{outcome}: no {outcome.group} roll of {n} dice is numbered")
            return start + _rank(n)[outcome.faces]
        if isinstance(outcome, Face):
            return self._face_offsets[outcome.label] + outcome.n
        if isinstance(outcome, Pair):
            return self._pair_start + self._pair_index[outcome.low, outcome.high]
        raise SaloonError(f"{outcome} is not a chance outcome of The d6 Shooters")

    def outcome(self, state: State, outcome_id: int) -> Action:
        if not 0 <= outcome_id < self.num_outcomes:
            raise IllegalAction(f"outcome id {outcome_id} is outside 0..{self.num_outcomes - 1}")
        o: Action | None = None
        if outcome_id >= self._pair_start >= 0:
            o = Pair(*self._pairs[outcome_id - self._pair_start])
        else:
            for label, off in self._face_offsets.items():
                if off < outcome_id <= off + 6:
                    o = Face(label, outcome_id - off)
            if o is None:
                for (group, n), start in self._roll_offsets.items():
                    if start <= outcome_id < start + _count_multisets(n):
                        o = Roll(group, multisets(n)[0][outcome_id - start])
                        break
        assert o is not None
        st = _d6(state)
        if st.phase in (C_ROLL, C_CHECK):
            # A multinomial roll: any faces of the group and number rolling.
            possible = isinstance(o, Roll) and (o.group, len(o.faces)) == st._rolling()
        else:
            possible = any(o == c for c, _ in state.chance_outcomes())
        if not possible:
            raise IllegalAction(f"outcome id {outcome_id} names {o}, which cannot happen here")
        return o

    def chance_ids(self, state: State) -> list[tuple[int, float]]:
        st = _d6(state)
        if st.phase == C_ROLL or st.phase == C_CHECK:  # a multinomial roll
            group, n = st._rolling()
            return list(_roll_ids(self._roll_offsets[group, n], n))
        return super().chance_ids(state)

    # -- the observation -----------------------------------------------------------------

    def _build_layout(
        self,
        specs: list[EventSpec],
        kinds: set[str],
        men: int,
        shootout_posse: int,
        shootout_gang: int,
    ) -> None:
        ep, cap, m = self.episode, self.cap, self.map
        start, dest = m.start, self.destination
        span = dest - start
        towns = sorted(t for t in m.towns if t <= dest)
        gaps = [b - a for a, b in pairwise(towns)] or [span]
        # The most spaces one turn's 1s move: every die counted, the red 1s
        # again (Compass; Ep.2 Downhill Ride) and Ep.1 Downhill's extra 1.
        self.reach = reach = self.counted + self.reds + 1
        codes = [c for c in RESOURCE_CODES if c in m.resources.values()]
        road_kinds = ["town", "event", *codes]
        colours = ["black", "red", "white"][1 - self.blacks :]
        to_roll = [g for g in _TO_ROLL if ep == 2 or g in ("red", "white")]
        most_to_roll = max(self._most_dice[g] for g in to_roll)
        loss = max(cap, self.counted, shootout_gang, *_params(specs, "stampede", "loss"))
        p = self.positions
        wealth = self.wealth
        crowe_dice = self.crowe_track + CROWE_LEADERS
        fields = [
            Field("phase", len(_PHASES), 0, 1, _PHASE_DOC),
            Field("mode", 3, 0, 1, "whose dice are rolled: the turn's, Poker's, the Showdown's"),
            Field("stage", _STAGES, 0, 1, _STAGE_DOC),
            Field("day", 1, 0, self.limit, "Days marked off"),
            Field("days_left", 1, 0, self.limit, f"Days left of the {self.limit}"),
            Field("rations_in", 1, 1, 5, "Days to the next Rations Day (every 5th Day)"),
            Field("space", 1, start, dest, "the posse's space on the route"),
            Field("to_destination", 1, 0, span, f"spaces to {self._dest_name()}"),
            Field("to_town", 1, 0, max(gaps), "spaces to the next Town ahead (0 at the end)"),
            Field("to_event", 1, 0, span, "spaces to the next Event square ahead (0: none)"),
            Field(
                "road",
                reach * len(road_kinds),
                0,
                1,
                f"the next {reach} spaces, each one-hot over {', '.join(road_kinds)} "
                "(zero: a plain space or past the end)",
            ),
            Field("posse", 1, 0, cap, "Posse members"),
            Field("food", 1, 0, cap, "Food"),
            Field("ammo", 1, 0, wealth, "Ammo (no cap; the bound is bounds.wealth_bound)"),
            Field("gold", 1, 0, wealth // 2, "Gold (no cap; the bound is bounds.wealth_bound)"),
        ]
        if ep == 2:
            fields.append(Field("crowes", 1, 0, self.crowe_track, "Crowe Gang members left"))
        fields += [
            Field("items", len(self.items), 0, 1, "Special Items owned: " + ", ".join(self.items)),
            Field("guns_bonus", 1, 0, max(wealth // 2, FREE_GUNS), "what Better Guns add"),
        ]
        if ep == 1:
            fields.append(Field("special_used", 1, 0, 1, "the Special Event is spent"))
        fields += [
            Field("rolls", 1, 0, 3, "rolls made this turn (or this hand of Poker)"),
            Field(
                "dice",
                p * 6,
                0,
                1,
                f"the {p} positions of the keep mask ({', '.join(colours)}, each sorted): "
                "each die's face one-hot (zero: no die)",
            ),
            Field(
                "dice_colour",
                p * len(colours),
                0,
                1,
                "each position's colour: " + ", ".join(colours),
            ),
            Field("dice_locked", p, 0, 1, "each position: a locked red die (of equal, the first)"),
            Field(
                "faces",
                len(colours) * 6,
                0,
                self.whites,
                "dice showing per colour (" + ", ".join(colours) + ") and face 1..6",
            ),
            Field(
                "to_roll",
                len(to_roll),
                0,
                most_to_roll,
                "dice waiting to be rolled: " + ", ".join(to_roll),
            ),
        ]
        if "indian_guide" in kinds or "lost_family" in kinds:
            fields.append(
                Field("set_dice", 12, 0, 2, "dice set before rolling: red then white, per face")
            )
        fields += [
            Field("dice_flags", 2, 0, 1, "Gold in Them Hills used; the Binoculars' reroll"),
            Field(
                "resolved",
                6,
                0,
                reach,
                "the 1s (spaces) .. 6s as counted at resolution (the black die twice)",
            ),
            Field("fours_used", 2, 0, self.counted, "4s that Fight; Backroads spaces"),
            Field("movement_left", 1, 0, span, "spaces still to move (at most to the end)"),
            Field("movement_flags", 3, 0, 1, "moved this stretch; no movement; stopped at a Town"),
            Field("effects", len(_FX_BITS), 0, 1, _FX_DOC),
            Field("prisoner", 2, 0, 1, "the Prisoner: awaited (next red 6), held"),
            # At least 1: a field whose bounds are equal is refused (Field).
            Field("deserters", 1, 0, max(men, 1), "Army Deserters riding along"),
            Field("lost_family", 1, 0, 1, "the next turn sets two dice (Lost Family)"),
        ]
        if ep == 2:
            fields.append(Field("hometown", 1, 0, 1, "Crowe's Hometown until the next Town"))
        fields += [
            Field(
                "event",
                len(self.event_keys),
                0,
                1,
                "the last Event drawn, one-hot over the list: " + " ".join(self.event_keys),
            ),
            Field(
                "roll_for", len(_ROLL_FOR), 0, 1, "the check or Event die: " + ", ".join(_ROLL_FOR)
            ),
            Field("check_dice", 1, 0, max(self.counted, cap), "dice the check rolls"),
        ]
        if ep == 1:
            fields.append(Field("heat_hits", 1, 0, self.counted, "Heat hits to pay"))
        fields += [
            Field("loss", 1, 0, loss, "the Posse loss waiting for Medicine or Deserters"),
            Field("loss_source", len(LOSS_SOURCES), 0, 1, "its source: " + ", ".join(LOSS_SOURCES)),
            Field("more_losses", 1, 0, 3, "losses waiting after it (3: three or more)"),
            Field(
                "shootout_dice",
                2,
                0,
                max(shootout_posse, shootout_gang),
                "the last Shootout's dice left: the Posse's, the Gang's",
            ),
            Field("shootout_kind", 3, 0, 1, "what started it: " + ", ".join(_SHOOTOUT_KINDS)),
            Field("shootout_round", 1, 0, shootout_posse + shootout_gang, "its round"),
            Field("shootout_roll", 6, 0, shootout_posse, "the Posse's dice of the round, per face"),
            Field("shootout_ties", 1, 0, MAX_SHOOTOUT_TIES, "ties in a row this round"),
            Field(
                "visit",
                2 if ep == 1 else 1,
                0,
                1,
                "a Town to visit" + ("; Poker played" if ep == 1 else ""),
            ),
            Field("offered", len(self.items), 0, 1, "the Special Item for sale, one-hot"),
            Field("posse_bought", 1, 0, 3 if ep == 1 else 2, "Posse members bought on this visit"),
        ]
        if ep == 1:
            fields += [
                Field("stake", 3, 0, wealth, "Poker's stake: Gold, Food, Ammo"),
                Field("poker_ties", 1, 0, MAX_POKER_TIES, "hands replayed after a tie"),
            ]
        else:
            fields += [
                Field("sd_round", 1, 0, MAX_SHOWDOWN_ROUNDS, "Showdown rounds fought"),
                Field("tactics_used", 3, 0, 1, "Tactics spent: defend, charge, distract"),
                Field("tactic", 4, 0, 1, "this round's Tactic: none, defend, charge, distract"),
                Field(
                    "sd_dice", 2, 0, max(cap, crowe_dice), "the Showdown's dice left: Posse, Crowes"
                ),
                Field("sd_posse_faces", 6, 0, cap, "the Posse's dice rolled, per face"),
                Field("sd_crowe_faces", 6, 0, crowe_dice, "the Crowes' dice rolled, per face"),
                Field("sd_flags", 1, 0, 1, "this round's Ammo reroll spent"),
                Field("pips_left", 1, 0, 3, "Distract's pips left"),
            ]
        self.layout = ObservationLayout(fields)
        self._off = {f.name: self.layout.offset(f.name) for f in fields}
        self._colours = colours
        self._to_roll = {g: i for i, g in enumerate(to_roll)}
        self._zeros: list[float] = [0.0] * self.layout.size
        self._pack = struct.Struct(f"{self.layout.size}f")
        self._road = _road_table(m, dest, reach, road_kinds)
        self._town_after = _next_after(towns, start, dest)
        self._event_after = _next_after(sorted(e for e in m.events if e < dest), start, dest)
        self._event_index = {k: i for i, k in enumerate(self.event_keys)}
        self._item_index = {n: i for i, n in enumerate(self.items)}

    def _dest_name(self) -> str:
        return self.map.towns[self.destination]

    def observe(self, view: Mapping[str, Any], player: int | None) -> np.ndarray:
        """The vector made from ``view = state.view(player)`` (every player,
        and a spectator, sees the same: the game has no hidden information)."""
        return self._fill(
            (view["phase"], view["stage"], view["mode"]),
            view["journey"],
            view["dice"],
            view["resolution"],
            view["effects"],
            view["pending"],
            view["shootout"],
            view["visit"],
            view["showdown"],
            view["journey"]["items"],
        )

    def observation(self, state: State, player: int | None) -> np.ndarray:
        """As :meth:`observe` of ``state.view(player)``, read from the records
        that ``view`` copies (without copying them: the same numbers, faster)."""
        st = _d6(state)
        return self._fill(
            (st.phase, st.stage, st.mode),
            st.journey.__dict__,
            st.dice.__dict__,
            st.resolution.__dict__,
            st.effects.__dict__,
            st.pending.__dict__,
            st.shootout.__dict__,
            st.visit.__dict__,
            st.showdown.__dict__,
            _owned(st.journey.items),
        )

    def _fill(
        self,
        node: tuple[int, int, str],
        j: Mapping[str, Any],
        d: Mapping[str, Any],
        res: Mapping[str, Any],
        fx: Mapping[str, Any],
        pend: Mapping[str, Any],
        sh: Mapping[str, Any],
        visit: Mapping[str, Any],
        sd: Mapping[str, Any],
        items: Iterable[str],
    ) -> np.ndarray:
        """The observation from the records of a view (:data:`.sheet.RECORDS`
        in order) and the node ``(phase, stage, mode)``."""
        out = self._zeros.copy()
        off = self._off
        ep = self.episode
        phase, stage, mode = node
        out[off["phase"] + _PHASE_INDEX[phase]] = 1
        out[off["mode"] + _MODES.index(mode)] = 1
        out[off["stage"] + stage] = 1
        day, space = j["day"], j["space"]
        out[off["day"]] = day
        out[off["days_left"]] = self.limit - day
        out[off["rations_in"]] = 5 - day % 5
        out[off["space"]] = space
        left = self.destination - space
        out[off["to_destination"]] = left
        out[off["to_town"]] = self._town_after[space]
        out[off["to_event"]] = self._event_after[space]
        road = self._road[space]
        out[off["road"] : off["road"] + len(road)] = road
        out[off["posse"]] = j["posse"]
        out[off["food"]] = j["food"]
        out[off["ammo"]] = j["ammo"]
        out[off["gold"]] = j["gold"]
        if ep == 2:
            out[off["crowes"]] = j["crowes"]
        for name in items:
            out[off["items"] + self._item_index[name]] = 1
        out[off["guns_bonus"]] = j["guns_bonus"]
        if ep == 1:
            out[off["special_used"]] = j["special_used"]
        out[off["rolls"]] = d["rolls"]
        dice = _dice_block(d["black"], d["red"], d["white"], d["locked"], self.positions, ep)
        out[off["dice"] : off["dice"] + len(dice)] = dice
        for group, n in d["to_roll"]:
            out[off["to_roll"] + self._to_roll[group]] += n
        if "set_dice" in off:
            for f in d["set_red"]:
                out[off["set_dice"] + f - 1] += 1
            for f in d["set_white"]:
                out[off["set_dice"] + 5 + f] += 1
        out[off["dice_flags"]] = d["hills_used"]
        out[off["dice_flags"] + 1] = d["binoculars_reroll"]
        at = off["resolved"]
        out[at : at + 6] = (
            res["ones"], res["twos"], res["threes"], res["fours"], res["fives"], res["sixes"],
        )  # fmt: skip
        out[off["fours_used"]] = res["fight"]
        out[off["fours_used"] + 1] = res["backroads"]
        out[off["movement_left"]] = min(res["movement_left"], left)
        at = off["movement_flags"]
        out[at : at + 3] = (res["moved"], res["no_movement"], res["town_stop"])
        bits = fx["until_town_or_event"]
        if bits:
            for i, bit in enumerate(_FX_BITS):
                if bits & bit:
                    out[off["effects"] + i] = 1
        if fx["prisoner"] == PRISONER_AWAITED:
            out[off["prisoner"]] = 1
        elif fx["prisoner"] == PRISONER_HELD:
            out[off["prisoner"] + 1] = 1
        out[off["deserters"]] = fx["deserters"]
        out[off["lost_family"]] = fx["lost_family"]
        if ep == 2:
            out[off["hometown"]] = fx["hometown"]
        key = pend["event_key"]
        if key:
            out[off["event"] + self._event_index[key]] = 1
        if pend["roll_for"]:
            out[off["roll_for"] + _ROLL_FOR.index(pend["roll_for"])] = 1
        out[off["check_dice"]] = pend["dice"]
        if ep == 1:
            out[off["heat_hits"]] = pend["heat_hits"]
        losses = pend["losses"]
        if losses:
            n, source = losses[0]
            out[off["loss"]] = n
            out[off["loss_source"] + _SOURCE_INDEX[source]] = 1
            out[off["more_losses"]] = min(3, len(losses) - 1)
        out[off["shootout_dice"]] = sh["posse_dice"]
        out[off["shootout_dice"] + 1] = sh["gang_dice"]
        if sh["kind"]:
            out[off["shootout_kind"] + _SHOOTOUT_KINDS.index(sh["kind"])] = 1
        out[off["shootout_round"]] = sh["round"]
        for f in sh["posse_roll"]:
            out[off["shootout_roll"] + f - 1] += 1
        out[off["shootout_ties"]] = sh["ties"]
        out[off["visit"]] = visit["pending"]
        if visit["item_offered"]:
            out[off["offered"] + self._item_index[visit["item_offered"]]] = 1
        out[off["posse_bought"]] = visit["posse_bought"]
        if ep == 1:
            out[off["visit"] + 1] = visit["poker_played"]
            at = off["stake"]
            out[at : at + 3] = visit["stake"]
            out[off["poker_ties"]] = visit["ties"]
        else:
            out[off["sd_round"]] = sd["round"]
            used = sd["tactics_used"]
            for i in range(3):
                if used & (2 << i):  # the bits of defend, charge, distract
                    out[off["tactics_used"] + i] = 1
            out[off["tactic"] + TACTICS.index(sd["tactic"])] = 1
            out[off["sd_dice"]] = sd["posse"]
            out[off["sd_dice"] + 1] = sd["crowes"]
            for f in sd["posse_faces"]:
                out[off["sd_posse_faces"] + f - 1] += 1
            for f in sd["crowe_faces"]:
                out[off["sd_crowe_faces"] + f - 1] += 1
            out[off["sd_flags"]] = sd["rerolled"]
            out[off["pips_left"]] = sd["pips_left"]
        vector = np.empty(len(out), dtype=np.float32)
        self._pack.pack_into(vector.data, 0, *out)  # a third of np.array(out)'s time
        return vector

    # -- the docs ------------------------------------------------------------------------

    def describe_actions(self) -> str:
        """The action numbering as a Markdown table (for the docs)."""
        return _describe(self.blocks)

    def describe_outcomes(self) -> str:
        """The chance outcomes' numbering as a Markdown table."""
        return _describe(self.outcome_blocks)


# -- helpers ---------------------------------------------------------------------------------

_PHASE_INDEX = {ph: i for i, ph in enumerate(_PHASES)}
_SOURCE_INDEX = {s: i for i, s in enumerate(LOSS_SOURCES)}
_PHASE_DOC = (
    "the node, one-hot: the decisions free item, begin, guide, family, binoculars, hills, "
    "keep, charm, recruit, fours, heat food, loss, event choice, shop, stake, tactic, "
    "reroll, nudge, assign; the chance nodes roll, deserters, check, posse volley, gang "
    "volley, event, event die, item, hand; over"
)
_STAGE_DOC = (
    "the step of the turn, one-hot: start, deserters, guide, family, roll, 1s, 2s, 3s, "
    "4s, Backroads, 5s, 6s, Town, end"
)
_FX_DOC = "effects until the next Town or Event: " + ", ".join(FX_NAMES.values())


def _d6(state: State) -> D6State:
    if not isinstance(state, D6State):
        raise SaloonError(f"not a state of The d6 Shooters: {type(state).__name__}")
    return state


def _span(actions: Sequence[Action]) -> str:
    """A block's actions in the notation: all of them, or the first and last."""
    if len(actions) <= 2 or (len(actions) <= 24 and not isinstance(actions[0], Amount)):
        return ", ".join(f"`{a}`" for a in actions)
    return f"`{actions[0]}` .. `{actions[-1]}`"


def _fours_key(a: Fours) -> tuple[int, int, int, int]:
    return (a.shelter, a.hide, a.fight, a.back)


def _pips(verb: str, side: str) -> list[Action]:
    out: list[Action] = []
    for f in range(1, 7):
        if f > 1:
            out.append(Change(verb, side, f, f - 1))
        if f < 6:
            out.append(Change(verb, side, f, f + 1))
    return out


def _rerolls() -> list[Action]:
    """Every reroll for 1 Ammo: up to three dice from either side ("Combat")."""
    out: list[Action] = []
    for total in (1, 2, 3):
        for k in range(total + 1):
            for p in combinations_with_replacement(range(1, 7), k):
                for c in combinations_with_replacement(range(1, 7), total - k):
                    out.append(Reroll(p, c))
    return out


_NO_IDS = np.zeros(0, dtype=np.int64)
_NO_IDS.setflags(write=False)
#: Every Showdown reroll, in the order of the ``reroll`` block.
_REROLLS = tuple(_rerolls())
_REROLL_INDEX = {r: i for i, r in enumerate(_REROLLS)}


def _frozen(ids: Iterable[int]) -> np.ndarray:
    out = np.array(sorted(ids), dtype=np.int64)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=1 << 12)
def _reroll_ids(posse: Faces, crowe: Faces) -> np.ndarray:
    """The places in the ``reroll`` block of the rerolls of these dice."""
    return _frozen(_REROLL_INDEX[r] for r in reroll_options(posse, crowe))


@cache
def _roll_ids(start: int, n: int) -> tuple[tuple[int, float], ...]:
    return tuple((start + i, p) for i, p in enumerate(multisets(n)[1]))


def _road_table(m: MapData, dest: int, reach: int, kinds: list[str]) -> list[list[float]]:
    """For each space, the next ``reach`` spaces one-hot over ``kinds``."""
    k = len(kinds)
    out = []
    for space in range(dest + 1):
        row = [0.0] * (reach * k)
        for i in range(reach):
            s = space + 1 + i
            if s > dest:
                break
            if s in m.towns:
                row[i * k] = 1.0
            elif s in m.events:
                row[i * k + 1] = 1.0
            elif s in m.resources:
                row[i * k + kinds.index(m.resources[s])] = 1.0
        out.append(row)
    return out


def _next_after(spaces: list[int], start: int, dest: int) -> list[int]:
    """For each space, the distance to the next of ``spaces`` ahead (0: none)."""
    out = []
    for space in range(dest + 1):
        ahead = [s for s in spaces if s > space]
        out.append(ahead[0] - space if ahead else 0)
    return out


@cache
def _owned(bits: int) -> tuple[str, ...]:
    """The Special Items owned, by name (as ``view`` lists them)."""
    return tuple(name for name, bit in ITEM_BITS.items() if bits & bit)


@lru_cache(maxsize=1 << 12)
def _dice_block(
    black: Faces, red: Faces, white: Faces, locked: Faces, positions: int, episode: int
) -> tuple[float, ...]:
    """The fields ``dice``, ``dice_colour``, ``dice_locked`` and ``faces``."""
    colours = (black, red, white) if episode == 2 else (red, white)
    c = len(colours)
    face = [0.0] * (positions * 6)
    colour = [0.0] * (positions * c)
    lock = [0.0] * positions
    counts = [0.0] * (c * 6)
    i = 0
    for ci, faces in enumerate(colours):
        held = list(locked) if ci == c - 2 else []  # the red dice
        for f in faces:
            face[i * 6 + f - 1] = 1.0
            colour[i * c + ci] = 1.0
            if f in held:
                held.remove(f)
                lock[i] = 1.0
            counts[ci * 6 + f - 1] += 1.0
            i += 1
    return (*face, *colour, *lock, *counts)


def _describe(blocks: Iterable[Block]) -> str:
    rows = ["| ids | block | meaning |", "|---|---|---|"]
    for b in blocks:
        rows.append(f"| {b.start}..{b.start + b.size - 1} | `{b.name}` | {b.doc} |")
    return "\n".join(rows)


@cache
def d6shooters_encoding(options: D6ShootersOptions) -> D6ShootersEncoding:
    """The encoding of one variant with the default bounds (built once)."""
    return D6ShootersEncoding(options)

"""The d6 Shooters' rules: state, decisions, chance nodes and transitions.

Citations are to the rulebook ``d6-shooters.txt`` by episode and section
("Ep.1 Dice Actions: Move", "Ep.2 Resource Spaces", ...), to the binding
facts in RULINGS.md ("RULINGS d6") and to Saloon's own rulings in
``docs/rulings.md`` ("D6-n").

The state is flat (ints, strings and small tuples) so that :meth:`clone`
is a dictionary copy. A turn runs through *stages* (start, rolling, the
1s to the 6s, the Town, the end of the Day); whenever the player has a
choice or dice must be rolled the state stops at a *phase* (a decision or a
chance node) and :meth:`D6State._advance` carries on once it is resolved.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache
from itertools import product
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.errors import IllegalAction
from saloon.core.state import CHANCE, Result, State
from saloon.games.d6shooters.actions import (
    ITEM_NAMES,
    Amount,
    Change,
    Count,
    Face,
    Faces,
    Fours,
    Keep,
    Pair,
    Pay,
    Place,
    Reroll,
    Roll,
    Round,
    Trade,
    Word,
)
from saloon.games.d6shooters.content import EventSpec, EventTable, MapData, load_events, load_map
from saloon.games.d6shooters.dice import (
    TARGET_HANDS,
    binomial,
    draw,
    hand_key,
    multisets,
    round_odds,
    two_dice,
    two_dice_sums,
)
from saloon.games.d6shooters.options import D6ShootersOptions

if TYPE_CHECKING:
    from saloon.core.game import Game

# -- constants ------------------------------------------------------------------------------

#: Items as bits (Ep.1/Ep.2 "Special Items").
COMPASS, HUNTER, MAP, BINOCULARS, MEDICINE, GUNS, CHARM = 1, 2, 4, 8, 16, 32, 64
ITEM_BITS = dict(
    zip(ITEM_NAMES, (COMPASS, HUNTER, MAP, BINOCULARS, MEDICINE, GUNS, CHARM), strict=True)
)
#: The Special Item die, face 1 to 6, per episode (Ep.1 / Ep.2 "Special Items").
ITEM_DIE = {
    1: ("compass", "hunter", "map", "binoculars", "medicine", "guns"),
    2: ("compass", "hunter", "charm", "binoculars", "medicine", "guns"),
}
ITEM_PRICE = {
    1: {"compass": 2, "hunter": 3, "map": 3, "binoculars": 2, "medicine": 2},
    2: {"compass": 3, "hunter": 3, "charm": 2, "binoculars": 2, "medicine": 2},
}
ITEM_TITLES = {
    "compass": "Compass",
    "hunter": "Hunter",
    "map": "Prospector's Map",
    "binoculars": "Binoculars",
    "medicine": "Medicine/Bandages",
    "guns": "Better Guns",
    "charm": "Lucky Charm",
}
#: Better Guns taken as the Easier Version's free item adds this (D6-E2).
FREE_GUNS = 2

# Effects that last "until the next Town or Event", as bits.
FX_HILLS, FX_DOWNHILL, FX_GUNSIGHT, FX_CAMPFIRE, FX_CRITTERS, FX_GUIDE, FX_HOMETOWN = (
    1, 2, 4, 8, 16, 32, 64,
)  # fmt: skip
FX_NAMES = {
    FX_HILLS: "Gold in Them Hills",
    FX_DOWNHILL: "Downhill Ride",
    FX_GUNSIGHT: "Lost Gunsight Mine (no Seek Shelter)",
    FX_CAMPFIRE: "Campfire Songs (+1 Fight die)",
    FX_CRITTERS: "Critters Everywhere (+2 dice)",
    FX_GUIDE: "Indian Guide",
    FX_HOMETOWN: "Crowe's Hometown",
}

#: The Crowe Gang's members to cross off, and the two who never are (RULINGS d6).
CROWE_MEMBERS = 18
CROWE_LEADERS = 2
#: A tied poker hand is replayed at most this often, then the wager stands (D6-T6).
MAX_POKER_TIES = 3
#: The Showdown ends after this many rounds with the Crowes escaping (D6-S6).
MAX_SHOWDOWN_ROUNDS = 50

#: Losses Medicine and Army Deserters can take (D6-I5, D6-V9).
INJURIES = frozenset({"heat", "gang", "shootout", "stampede", "snakes"})

# Phases: RUN (nothing pending), OVER, decisions, chance nodes.
RUN, OVER = 0, 1
(
    P_ITEM0, P_BEGIN, P_GUIDE, P_FAMILY, P_BINO, P_HILLS, P_KEEP, P_CHARM, P_RECRUIT,
    P_FOURS, P_HEAT, P_LOSS, P_CHOICE, P_SHOP, P_STAKE_G, P_STAKE_F, P_STAKE_A,
    P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN,
) = range(10, 31)  # fmt: skip
C_ROLL, C_DESERT, C_COUNT, C_ROUND, C_EVENT, C_FACE, C_ITEM, C_HAND = range(40, 48)
CHANCE_PHASES = frozenset(range(40, 48))
#: The player's decisions of the Ghost Town Showdown.
SHOWDOWN_PHASES = frozenset((P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN))

# Stages of a turn.
(
    S_TURN, S_DESERT, S_GUIDE, S_FAMILY, S_ROLL, S_MOVED, S_FOOD, S_GOLD, S_FOURS,
    S_BACK, S_HEAT, S_GANG, S_TOWN, S_END,
) = range(14)  # fmt: skip

PASS = Word("pass")
STOP = Word("stop")
ROLL = Word("roll")
SPECIAL = Word("special")
LEAVE = Word("leave")
DONE = Word("done")
TACTICS = ("none", "defend", "charge", "distract")


# -- cached enumerations --------------------------------------------------------------------


def _counts(faces: Faces) -> list[int]:
    c = [0] * 7
    for f in faces:
        c[f] += 1
    return c


@cache
def _subsets(faces: Faces, must: Faces) -> tuple[Faces, ...]:
    """Every sub-multiset of ``faces`` containing ``must`` (sorted tuples)."""
    have = _counts(faces)
    need = _counts(must)
    ranges = [range(need[f], have[f] + 1) for f in range(1, 7)]
    out = []
    for combo in product(*ranges):
        out.append(tuple(f for f in range(1, 7) for _ in range(combo[f - 1])))
    return tuple(out)


@cache
def _keeps(group: str, shown: Faces, forced: Faces, first: bool) -> tuple[Action, ...]:
    """The keep decisions for one colour: every sub-multiset of its dice
    (forced dice always kept); ``stop`` is offered at the first colour."""
    out: list[Action] = [Keep(group, sub) for sub in _subsets(shown, forced)]
    if first:
        out.append(STOP)
    return tuple(out)


@cache
def _is_sub(small: Faces, big: Faces) -> bool:
    cs, cb = _counts(small), _counts(big)
    return all(cs[f] <= cb[f] for f in range(1, 7))


def _minus(big: Faces, small: Faces) -> Faces:
    rest = list(big)
    for f in small:
        rest.remove(f)
    return tuple(rest)


@cache
def _reroll_options(posse: Faces, crowe: Faces) -> tuple[Reroll, ...]:
    """Showdown rerolls: up to three dice, from either side ("Combat")."""
    out = []
    for p in _subsets(posse, ()):
        if len(p) > 3:
            continue
        for c in _subsets(crowe, ()):
            if 1 <= len(p) + len(c) <= 3:
                out.append(Reroll(p, c))
    return tuple(out)


@cache
def _fours_options(n4: int, shelter: int, n6: int, back: int, step: int) -> tuple[Fours, ...]:
    """Every split of ``n4`` 4s (Ep.1/Ep.2 Dice Actions: the 4s): Seek
    Shelter up to the 5s showing, Hide up to the pairs of 6s, Fight only
    against 6s that remain, Backroads in steps of ``step`` dice."""
    out = []
    for s in range(min(n4, shelter) + 1):
        for h in range(min(n4 - s, (n6 + 1) // 2) + 1):
            for b in range(0, min(n4 - s - h, back) + 1, step):
                rest = n4 - s - h - b
                fmax = rest if n6 - 2 * h > 0 else 0
                for f in range(fmax + 1):
                    out.append(Fours(s, h, f, b))
    return tuple(out)


@cache
def _fours_set(n4: int, shelter: int, n6: int, back: int, step: int) -> frozenset[Fours]:
    """:func:`_fours_options` as a set, for a quick legality check."""
    return frozenset(_fours_options(n4, shelter, n6, back, step))


@cache
def _keep_ok(faces: Faces, shown: Faces, forced: Faces) -> bool:
    """A keep is legal: sorted faces among those shown, the forced ones in it."""
    return tuple(sorted(faces)) == faces and _is_sub(faces, shown) and _is_sub(forced, faces)


@cache
def _roll_outcomes(group: str, n: int) -> tuple[tuple[Outcome, float], ...]:
    faces, probs, _ = multisets(n)
    return tuple((Roll(group, f), p) for f, p in zip(faces, probs, strict=True))


@cache
def _roll_objects(group: str, n: int) -> tuple[Roll, ...]:
    return tuple(Roll(group, f) for f in multisets(n)[0])


@cache
def _count_outcomes(label: str, n: int, hits: int) -> tuple[tuple[Outcome, float], ...]:
    counts, probs, _ = binomial(n, hits)
    return tuple((Count(label, k), p) for k, p in zip(counts, probs, strict=True))


# -- the state ------------------------------------------------------------------------------


class D6State(State):
    """A game of The d6 Shooters in progress (solo: player 0)."""

    options: D6ShootersOptions

    def __init__(self, game: Game, options: D6ShootersOptions) -> None:
        super().__init__(game, options, 1)
        o = options
        ep = o.episode
        self.ep = ep
        self.m: MapData = load_map(o.map, ep)
        self.ev: EventTable = load_events(o.events_file, ep)
        shorter = o.version == "shorter"
        # Ep.1 "Shorter Version": Essen in 30 Days (D6-E3 for episode 2).
        self.limit = self.m.short_limit if shorter else self.m.limit
        self.dest = self.m.town_at(self.m.short_destination if shorter else self.m.destination)
        self.dest_name = self.m.towns[self.dest]
        # Ep.1/Ep.2 "Your Posse", "Food": the caps.
        self.cap = 12 if ep == 1 else 10
        easier = o.version == "easier"
        # Ep.1/Ep.2 "Starting Resources"; Ep.1 "Easier Version" (D6-E1 for episode 2).
        if ep == 1:
            self.food, self.ammo, self.gold, self.posse = (
                (12 if easier else 6),
                6,
                (5 if easier else 3),
                12,
            )
        else:
            self.food, self.ammo, self.gold, self.posse = (
                (10 if easier else 5),
                4,
                (5 if easier else 3),
                10,
            )
        self.day = 0
        self.pos = self.m.start
        # Crowe Gang track (RULINGS d6); the Shorter Version's is shorter (D6-E3).
        self.crowe = (self.m.short_crowe if shorter else CROWE_MEMBERS) if ep == 2 else 0
        self.items = 0
        self.guns = 0
        self.special_used = False
        self.fx = 0
        self.prisoner = 0
        self.deserters = 0
        self.family = False
        self.phase = P_ITEM0 if easier else RUN
        self.stage = S_TURN
        self.ended = ""
        self.arrival = 0
        self._reset_turn()
        # Event, loss, shootout, town, poker and showdown registers.
        self.event = ""
        self.event_key = ""
        self.sub = ""
        self.loss_n = 0
        self.loss_src = ""
        self.sh_p = 0
        self.sh_g = 0
        self.sh_kind = ""
        self.town_pending = False
        self.town = 0
        self.offer = ""
        self.bought_posse = 0
        self.poker_done = False
        self.stake = (0, 0, 0)
        self.ties = 0
        self.sd_round = 0
        self.sd_used = 0
        self.sd_tactic = "none"
        self.sd_p: Faces = ()
        self.sd_c: Faces = ()
        self.sd_pn = 0
        self.sd_cn = 0
        self.sd_rerolled = False
        self.sd_nudges = 0
        if self.phase == RUN:
            self._advance()

    def _reset_turn(self) -> None:
        self.rolls = 0
        self.mode = "turn"
        self.sr: Faces = ()
        self.sw: Faces = ()
        self.sb: Faces = ()
        self.forced: Faces = ()
        self.queue: tuple[tuple[str, int], ...] = ()
        self.kgroups: tuple[str, ...] = ()
        self.kfirst = False
        self.krolls: tuple[tuple[str, int], ...] = ()
        self.placed_r: Faces = ()
        self.placed_w: Faces = ()
        self.nomove = False
        self.stopped = False
        self.hills_done = False
        self.mv = 0
        self.moved = False
        self.n_moves = 0
        self.n_food = 0
        self.n_three = 0
        self.n4 = 0
        self.n5 = 0
        self.n6 = 0
        self.fight = 0
        self.back = 0

    # -- the contract: queries ----------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        ph = self.phase
        if ph == OVER:
            return None
        if ph in CHANCE_PHASES:
            return CHANCE
        return 0

    def legal_actions(self) -> Sequence[Action]:
        ph = self.phase
        if ph == P_KEEP:
            group = self.kgroups[0]
            return _keeps(
                group, self._shown(group), self.forced if group == "red" else (), self.kfirst
            )
        if ph == P_BEGIN:
            return (ROLL, SPECIAL)
        if ph == P_FOURS:
            return self._fours_legal()
        return self._other_legal(ph)

    def _fours_legal(self) -> tuple[Fours, ...]:
        """Ep.1/Ep.2 Dice Actions (4s): the splits worth offering."""
        return _fours_options(*self._fours_args())

    def _fours_args(self) -> tuple[int, int, int, int, int]:
        ep = self.ep
        shelter = 0 if self.fx & FX_GUNSIGHT else self.n5
        can_move = not (self.nomove or self.stopped)
        if ep == 1:
            back, step = (self.n4 if can_move else 0), 2
        else:
            back, step = (min(2, self.n4) if can_move else 0), 1
        return self.n4, shelter, self.n6, back, step

    def _other_legal(self, ph: int) -> list[Action]:
        out: list[Action] = []
        if ph == P_ITEM0:
            return [Word(f"start {name}") for name in ITEM_DIE[self.ep]]
        if ph == P_GUIDE:
            return [Amount("guide", n) for n in range(1, 7)]
        if ph == P_FAMILY:
            return [Place(r, w) for r in range(1, 7) for w in range(1, 7)]
        if ph == P_BINO:
            return [Word("binoculars"), PASS]
        if ph == P_HILLS:
            return [*self._hills_changes(), PASS]
        if ph == P_CHARM:
            for f in sorted(set(self.sw)):
                if f > 1:
                    out.append(Change("charm", "w", f, f - 1))
                if f < 6:
                    out.append(Change("charm", "w", f, f + 1))
            return [*out, PASS]
        if ph == P_RECRUIT:
            sets = self.n_three // 3
            return [Amount("recruit", k) for k in range(min(sets, self.cap - self.posse) + 1)]
        if ph == P_HEAT:
            return [Amount("heat food", k) for k in range(min(self.loss_n, self.food // 2) + 1)]
        if ph == P_LOSS:
            if self.items & MEDICINE:
                out.append(Word("medicine"))
            return [
                *out,
                *(Amount("absorb", k) for k in range(min(self.deserters, self.loss_n) + 1)),
            ]
        if ph == P_CHOICE:
            return self._event_choices()
        if ph == P_SHOP:
            return self._shop()
        if ph == P_STAKE_G:
            g_min = 0 if self.food + self.ammo > 0 else 1
            return [Amount("stake gold", g) for g in range(g_min, self.gold + 1)]
        if ph == P_STAKE_F:
            f_min = 0 if self.stake[0] > 0 or self.ammo > 0 else 1
            return [Amount("stake food", f) for f in range(f_min, self.food + 1)]
        if ph == P_STAKE_A:
            a_min = 0 if self.stake[0] + self.stake[1] > 0 else 1
            return [Amount("stake ammo", a) for a in range(a_min, self.ammo + 1)]
        if ph == P_TACTIC:
            return [
                Word(f"tactic {t}")
                for i, t in enumerate(TACTICS)
                if i == 0 or not self.sd_used & (1 << i)
            ]
        if ph == P_REROLL:
            return [*_reroll_options(self.sd_p, self.sd_c), PASS]
        if ph == P_NUDGE:
            for side, faces in (("p", self.sd_p), ("c", self.sd_c)):
                for f in sorted(set(faces)):
                    if f > 1:
                        out.append(Change("nudge", side, f, f - 1))
                    if f < 6:
                        out.append(Change("nudge", side, f, f + 1))
            return [*out, DONE]
        if ph == P_ASSIGN:
            lo, hi = self._assign_range()
            return [Amount("assign", r) for r in range(lo, hi + 1)]
        return out

    def _hills_changes(self) -> list[Action]:
        """Gold in Them Hills: one die to a 3 (Ep.1: any die but a locked red
        5 or 6; Ep.2: a white die)."""
        out: list[Action] = []
        if self.ep == 1:
            free_red = _minus(self.sr, self.forced)
            out += [Change("hills", "r", f, 3) for f in sorted(set(free_red)) if f != 3]
        out += [Change("hills", "w", f, 3) for f in sorted(set(self.sw)) if f != 3]
        return out

    def is_legal(self, action: Action) -> bool:
        ph = self.phase
        if ph == P_KEEP:
            if action == STOP:
                return self.kfirst
            if not isinstance(action, Keep) or action.group != self.kgroups[0]:
                return False
            forced = self.forced if action.group == "red" else ()
            return _keep_ok(action.faces, self._shown(action.group), forced)
        if ph == P_FOURS:
            return isinstance(action, Fours) and action in _fours_set(*self._fours_args())
        if ph == P_REROLL:
            if action == PASS:
                return True
            return (
                isinstance(action, Reroll)
                and 1 <= len(action.posse) + len(action.crowe) <= 3
                and _is_sub(action.posse, self.sd_p)
                and _is_sub(action.crowe, self.sd_c)
                and tuple(sorted(action.posse)) == action.posse
                and tuple(sorted(action.crowe)) == action.crowe
            )
        if ph in CHANCE_PHASES or ph == OVER:
            return False
        return action in self.legal_actions()

    def apply(self, action: Action) -> None:
        """As :meth:`State.apply`, with a direct check of rolled dice (the
        big roll nodes are not listed to check one outcome)."""
        if self.phase == C_ROLL and isinstance(action, Roll) and self.queue:
            group, n = self.queue[0]
            faces = action.faces
            if action.group == group and len(faces) == n and tuple(sorted(faces)) == faces:
                self.history.append((CHANCE, action))
                self.apply_unchecked(action)
                return
            raise IllegalAction(
                f"{action} is not a possible outcome here; expected {self.chance_prompt()}"
            )
        super().apply(action)

    # -- chance ----------------------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        ph = self.phase
        if ph == C_ROLL:
            group, n = self.queue[0]
            return _roll_outcomes(group, n)
        if ph == C_COUNT:
            return _count_outcomes(self.sub, self.loss_n, self._count_hits())
        if ph == C_ROUND:
            win, lose = round_odds(self.sh_p, self.sh_g, self.ammo + self.guns)
            return tuple((Round(w), p) for w, p in ((True, win), (False, lose)) if p > 0)
        if ph == C_EVENT:
            return self._event_draws()
        if ph == C_FACE:
            if self.sub == "stampede":
                sums, probs, _ = two_dice_sums()
                return tuple((Face("stampede", s), p) for s, p in zip(sums, probs, strict=True))
            return tuple((Face(self.sub, n), 1 / 6) for n in range(1, 7))
        if ph == C_ITEM:
            faces = self._item_faces()
            return tuple((Face("item", f), 1 / len(faces)) for f in faces)
        if ph == C_HAND:
            return tuple((Face("hand", n), 1 / 6) for n in range(1, 7))
        if ph == C_DESERT:
            return _roll_outcomes("deserters", self.deserters)
        raise IllegalAction("this is not a chance node")

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        ph = self.phase
        if ph == C_ROLL:
            group, n = self.queue[0]
            return _roll_objects(group, n)[draw(multisets(n)[2], float(rng.random()))]
        if ph == C_COUNT:
            counts, _, cum = binomial(self.loss_n, self._count_hits())
            return Count(self.sub, counts[draw(cum, float(rng.random()))])
        if ph == C_ROUND:
            win, _ = round_odds(self.sh_p, self.sh_g, self.ammo + self.guns)
            if win >= 1.0:
                return Round(True)
            if win <= 0.0:
                return Round(False)
            return Round(bool(rng.random() < win))
        if ph == C_FACE and self.sub != "stampede":
            return Face(self.sub, int(rng.integers(1, 7)))
        if ph == C_HAND:
            return Face("hand", int(rng.integers(1, 7)))
        return super().sample_chance(rng)

    def _count_hits(self) -> int:
        """Faces out of 6 that count, per Count label."""
        s = self.sub
        if s == "heat":
            return 4 if self.ep == 1 else 3  # Ep.1: 3-6; Ep.2: 4-6 ("Extreme Heat!")
        if s == "gang":
            return 4  # 3-6 ("The Griggs/Crowe Gang Attacks!")
        if s == "fish":
            return 2  # 1 or 2 (Fishing Hole)
        return 1  # snakes: 6s

    def _item_faces(self) -> list[int]:
        """Ep.1 "Special Items": reroll an Item already owned, i.e. uniform
        over the Items not owned (D6-T3)."""
        names = ITEM_DIE[self.ep]
        return [i + 1 for i, n in enumerate(names) if not self.items & ITEM_BITS[n]]

    def _event_draws(self) -> Sequence[tuple[Outcome, float]]:
        """The Event drawn: 2d6 (low die first) or a d6 (Ep.1/Ep.2 "Events").
        Ep.2 2-5 Downhill Ride is drawn again with the Compass: conditioned away."""
        skip_downhill = self.ep == 2 and bool(self.items & COMPASS)
        rows: list[tuple[Outcome, float]]
        if self.options.events == "d6":
            rows = [
                (Face("event", i + 1), 1.0)
                for i, e in enumerate(self.ev.d6)
                if not (skip_downhill and _is_red_downhill(e))
            ]
        else:
            pairs, probs, _ = two_dice()
            rows = [
                (Pair(a, b), p)
                for (a, b), p in zip(pairs, probs, strict=True)
                if not (skip_downhill and _is_red_downhill(self.ev.cards[(a, b)]))
            ]
        total = sum(p for _, p in rows)
        return tuple((o, p / total) for o, p in rows)

    def chance_prompt(self) -> str:
        ph = self.phase
        if ph == C_ROLL:
            group, n = self.queue[0]
            return f"the {n} {group} dice rolled, e.g. '{group} {'1' * n}'"
        if ph == C_COUNT:
            return f"how many of the {self.loss_n} {self.sub} dice count, e.g. '{self.sub} 1'"
        if ph == C_ROUND:
            return "who won the Shootout round (ties are rolled again): 'round win' or 'round lose'"
        if ph == C_EVENT:
            return (
                "the Event: 'event 3-5' (two dice, low first)"
                if self.options.events == "cards"
                else "the Event die: 'event N'"
            )
        if ph == C_DESERT:
            return f"the deserters' dice, e.g. 'deserters {'1' * self.deserters}'"
        return super().chance_prompt()

    # -- transitions --------------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        ph = self.phase
        if ph == C_ROLL:
            assert isinstance(action, Roll)
            self._rolled(action.faces)
        elif ph == P_KEEP:
            self._keep(action)
        elif ph == P_FOURS:
            assert isinstance(action, Fours)
            self._fours(action)
            self._advance()
        elif ph == P_BEGIN:
            self.phase = RUN
            if action == SPECIAL:
                # Ep.1/Ep.2 "Special Event": once per game, at the start of a turn.
                self.special_used = True
                self._say("special", "You call the Special Event.")
                self._start_event()
            self._advance()
        elif ph in CHANCE_PHASES:
            self._chance(ph, action)
        else:
            self._decide(ph, action)

    # ---- stages

    def _advance(self) -> None:
        """Run automatic steps until a decision, a chance node or the end."""
        while self.phase == RUN:
            if self.town_pending:
                self.town_pending = False
                self._enter_town()
            elif self.mv > 0:
                self._step()
            else:
                self._stage()

    def _stage(self) -> None:
        st = self.stage
        if st == S_TURN:
            self.stage = S_DESERT
            if not self.special_used:
                self.phase = P_BEGIN
        elif st == S_DESERT:
            self.stage = S_GUIDE
            if self.deserters > 0:
                # Army Deserters (D6-V9): before each turn a die for each.
                self.phase = C_DESERT
        elif st == S_GUIDE:
            self.stage = S_FAMILY
            if self.fx & FX_GUIDE:
                self.phase = P_GUIDE
        elif st == S_FAMILY:
            self.stage = S_ROLL
            if self.family:
                self.phase = P_FAMILY
        elif st == S_ROLL:
            self._first_roll()
        elif st == S_MOVED:
            self.stage = S_FOOD
        elif st == S_FOOD:
            self._find_food()
        elif st == S_GOLD:
            self._prospect()
        elif st == S_FOURS:
            self.stage = S_BACK
            if self.n4 > 0:
                opts = self._fours_legal()
                if len(opts) == 1:
                    self._fours(opts[0])
                else:
                    self.phase = P_FOURS
        elif st == S_BACK:
            self.stage = S_HEAT
            if self.back and not (self.nomove or self.stopped):
                self.moved = False
                self.mv = self.back
        elif st == S_HEAT:
            self._heat()
        elif st == S_GANG:
            self._gang()
        elif st == S_TOWN:
            self.stage = S_END
            if self.stopped and self.ep == 1:
                self._enter_town()
        elif st == S_END:
            self._end_of_day()

    # ---- rolling (Ep.1/Ep.2 "Gameplay")

    def _first_roll(self) -> None:
        """Ep.1 "Gameplay": 3 red and 5 white dice; Ep.2: a black, 2 red and
        5 white. Critters Everywhere adds 2 white dice (D6-V7); dice set by
        the Indian Guide or Lost Family start kept (D6-V8)."""
        self.stage = S_MOVED
        reds = (3 if self.ep == 1 else 2) - len(self.placed_r)
        whites = 5 + (2 if self.fx & FX_CRITTERS else 0) - len(self.placed_w)
        self.sr, self.sw, self.sb = self.placed_r, self.placed_w, ()
        q = []
        if self.ep == 2:
            q.append(("black", 1))
        if reds > 0:
            q.append(("red", reds))
        if whites > 0:
            q.append(("white", whites))
        self.queue = tuple(q)
        self.rolls = 0
        self.mode = "turn"
        self.phase = C_ROLL

    def _rolled(self, faces: Faces) -> None:
        group, _ = self.queue[0]
        self.queue = self.queue[1:]
        mode = self.mode
        if mode == "showdown":
            if group == "posse":
                self.sd_p = tuple(sorted(self.sd_p + faces))
            else:
                self.sd_c = tuple(sorted(self.sd_c + faces))
            if not self.queue:
                self._showdown_rolled()
            return
        if group == "red":
            self.sr = tuple(sorted(self.sr + faces))
            if self.rolls == 0 and mode == "turn" and self.sub != "bino":
                # Ep.1/Ep.2 "Gameplay": red 5s and 6s of the first roll lock.
                self.forced = tuple(sorted(self.forced + tuple(f for f in faces if f >= 5)))
        elif group == "white":
            self.sw = tuple(sorted(self.sw + faces))
        else:
            self.sb = tuple(sorted(self.sb + faces))
        if self.queue:
            return
        if self.sub == "bino":
            self.sub = ""
            self._after_binoculars()
            return
        self.rolls += 1
        if mode == "poker":
            if self.rolls >= 3:
                self.phase = C_HAND
            else:
                self._to_keep()
            return
        if not self.quiet:
            self._say("roll", f"Roll {self.rolls}: {self._dice_text()}.")
        if self.rolls == 1 and self.items & BINOCULARS and self._bino_target():
            self.phase = P_BINO
            return
        self._after_binoculars()

    def _bino_target(self) -> int:
        """The forced red die Binoculars may reroll (Ep.1: a 5; Ep.2: a 5 or 6)."""
        if 5 in self.forced:
            return 5
        if self.ep == 2 and 6 in self.forced:
            return 6
        return 0

    def _after_binoculars(self) -> None:
        if self.rolls == 1 and self.fx & FX_HILLS and not self.hills_done and self._hills_changes():
            self.phase = P_HILLS
            return
        self._to_keep()

    def _to_keep(self) -> None:
        if self.rolls >= 3 or len(self.forced) == len(self.sr) + len(self.sw) + len(self.sb):
            self._locked()
            return
        self.kgroups = tuple(
            g for g, faces in (("black", self.sb), ("red", self.sr), ("white", self.sw)) if faces
        )
        self.kfirst = True
        self.krolls = ()
        self.phase = P_KEEP

    def _shown(self, group: str) -> Faces:
        return self.sr if group == "red" else self.sw if group == "white" else self.sb

    def _keep(self, action: Action) -> None:
        """Lock or unlock freely between rolls; the forced dice stay
        ("Gameplay"). Asked colour by colour (D6-D3)."""
        if action == STOP:
            if self.mode == "poker":
                self.phase = C_HAND
            else:
                self._locked()
            return
        assert isinstance(action, Keep)
        group = action.group
        n = len(self._shown(group)) - len(action.faces)
        if group == "red":
            self.sr = action.faces
        elif group == "white":
            self.sw = action.faces
        else:
            self.sb = action.faces
        if n:
            self.krolls = (*self.krolls, (group, n))
        self.kfirst = False
        self.kgroups = self.kgroups[1:]
        if self.kgroups:
            return
        if not self.krolls:
            # Every die kept: the same as stopping.
            self._keep(STOP)
            return
        self.queue = self.krolls
        self.phase = C_ROLL

    def _locked(self) -> None:
        if self.ep == 2 and self.items & CHARM and self.sw:
            self.phase = P_CHARM
            return
        self._resolve()

    def _resolve(self) -> None:
        """All dice locked: counted and resolved 1s to 6s ("Gameplay").
        The black die counts as two of its number (Ep.2 "Gameplay")."""
        self.phase = RUN
        c = [0] * 7
        for f in self.sr:
            c[f] += 1
        for f in self.sw:
            c[f] += 1
        for f in self.sb:
            c[f] += 2
        red1 = self.sr.count(1)
        moves = c[1]
        # Compass: red 1s move two (Ep.1/Ep.2 "Special Items"); Ep.2 Downhill the same.
        if self.items & COMPASS or (self.fx & FX_DOWNHILL and self.ep == 2):
            moves += red1
        # Ep.1 Downhill Ride: an extra 1 every turn (D6-V4).
        if self.fx & FX_DOWNHILL and self.ep == 1:
            moves += 1
        self.n_moves = moves
        self.n_food = c[2] + (self.sr.count(2) if self.items & HUNTER else 0)
        self.n_three = c[3]
        self.n4, self.n5, self.n6 = c[4], c[5], c[6]
        if self.prisoner == 1 and 6 in self.sr:
            # Prisoner (RULINGS d6, 4-4): the next red 6 sits out.
            self.prisoner = 2
            self.n6 -= 1
            self._say("prisoner", "A red 6 is taken prisoner and sits out.")
        self.stage = S_MOVED
        self.moved = False
        if not (self.nomove or self.stopped):
            self.mv = moves
        self._advance()

    # ---- movement (Ep.1/Ep.2 Dice Actions: Move; Ep.2 Movement)

    def _step(self) -> None:
        """One space on. An E square pauses movement for its Event (RULINGS
        d6); a Town stops it in episode 1 and is visited on the way in
        episode 2; the destination ends the journey."""
        self.pos += 1
        self.mv -= 1
        self.moved = True
        pos = self.pos
        m = self.m
        if pos >= self.dest:
            self.pos = self.dest
            self.mv = 0
            self._arrive()
            return
        town = m.towns.get(pos)
        if town is not None:
            self._reach_town(pos, town)
            return
        if pos in m.events:
            self._start_event()
            return
        if self.mv == 0 and pos in m.resources:
            self._resource(m.resources[pos])

    def _resource(self, code: str) -> None:
        """Ep.2 "Resource Spaces": landing exactly gains or loses one."""
        what, sign = code[0], code[1]
        d = 1 if sign == "+" else -1
        self._say("resource", f"A resource space ({code}).")
        if what == "D":
            self._add_days(1)
        elif what == "P":
            if d > 0:
                self.posse = min(self.cap, self.posse + 1)
            else:
                self._lose_posse(1)
        elif what == "F":
            self.food = max(0, min(self.cap, self.food + d))
        elif what == "G":
            self.gold = max(0, self.gold + d)
        else:
            self.ammo = max(0, self.ammo + d)

    def _end_effects(self) -> None:
        if self.fx:
            self.fx = 0

    def _reach_town(self, pos: int, name: str) -> None:
        """A Town ends the "until the next Town or Event" effects; a held
        prisoner pays 3 Gold (D6-V6). Episode 1 stops here (movement dice
        wasted, Town visited at the end of the turn); episode 2 visits now."""
        hometown = bool(self.fx & FX_HOMETOWN)
        self._end_effects()
        self.town = pos
        self._say("town", f"You reach {name}.")
        if self.prisoner == 2:
            self.gold += 3
            self.prisoner = 0
            self._say("prisoner", "You hand over the prisoner for 3 Gold.")
        if self.ep == 1:
            self.mv = 0
            self.stopped = True
            return
        self.town_pending = True
        if hometown and self.mv == 0:
            # Ep.2 2-6 Crowe's Hometown: a Shootout where you stop (D6-V10).
            self._shootout(2, 2, "hometown")

    def _arrive(self) -> None:
        """Ep.1 "End of the Game": Reno reached, the rest of the turn is
        disregarded and the game is won. Ep.2: the Ghost Town Showdown."""
        self.arrival = self.day + 1
        self._say("arrive", f"You reach {self.dest_name} on Day {self.arrival}.")
        if self.ep == 1:
            self._end("won")
            return
        self.sd_pn = self.posse
        self.sd_cn = self.crowe + CROWE_LEADERS
        self.sd_round = 0
        self.sd_used = 0
        self.mode = "showdown"
        self.phase = P_TACTIC

    # ---- the 2s to the 6s

    def _find_food(self) -> None:
        """Ep.1/Ep.2 Dice Actions: one Food for every two 2s (capped)."""
        self.stage = S_GOLD
        gain = self.n_food // 2
        if gain:
            self.food = min(self.cap, self.food + gain)

    def _prospect(self) -> None:
        """Ep.1 Prospect: a Gold for three 3s (two with the Prospector's Map);
        Ep.2: each three 3s recruit a Posse member or find a Gold."""
        self.stage = S_FOURS
        if self.ep == 1:
            self.gold += self.n_three // (2 if self.items & MAP else 3)
            return
        sets = self.n_three // 3
        if sets:
            if self.posse >= self.cap:
                self.gold += sets
            else:
                self.phase = P_RECRUIT

    def _fours(self, a: Fours) -> None:
        """Ep.1/Ep.2 Dice Actions (4s): Seek Shelter removes a 5 per 4; Hide
        removes (up to) two 6s per 4 and adds Days at once; Fight sets the
        Shootout's dice; Backroads moves (Ep.1: a space per two 4s; Ep.2: a
        space per 4, at most 2)."""
        self.phase = RUN
        self.n5 -= a.shelter
        if a.hide:
            self.n6 = max(0, self.n6 - 2 * a.hide)
            days = a.hide if (self.ep == 1 or self.options.hide_days == "per_die") else 1
            self._say("hide", f"You hide: {days} Day{'s' if days > 1 else ''} added.")
            self._add_days(days)
        self.fight = a.fight
        self.back = a.back // 2 if self.ep == 1 else a.back

    def _heat(self) -> None:
        """Extreme Heat (5s): reroll each 5 left; Ep.1: each 3-6 costs 2 Food or
        a Posse member; Ep.2: each 4-6 costs a Posse member."""
        self.stage = S_GANG
        if self.n5 > 0:
            self.sub = "heat"
            self.loss_n = self.n5
            self.phase = C_COUNT

    def _gang(self) -> None:
        """The Gang attacks (6s): a Shootout if any 4 Fights, else reroll each 6
        and lose a Posse member on each 3-6."""
        self.stage = S_TOWN
        if self.n6 <= 0:
            return
        if self.fight > 0:
            extra = 1 if self.fx & FX_CAMPFIRE else 0
            self._shootout(self.fight + extra, self.n6, "gang")
        else:
            self.sub = "gang"
            self.loss_n = self.n6
            self.phase = C_COUNT

    def _shootout(self, posse: int, gang: int, kind: str) -> None:
        """Ep.1/Ep.2 "Shootout!": rounds until one side has no dice."""
        self.sh_p, self.sh_g, self.sh_kind = posse, gang, kind
        self.phase = C_ROUND

    def _round(self, won: bool) -> None:
        if won:
            self.sh_g -= 1
        else:
            self.sh_p -= 1
        if self.sh_g > 0 and self.sh_p > 0:
            return
        # Ammo -1 after every Shootout, never below 0.
        self.ammo = max(0, self.ammo - 1)
        self.phase = RUN
        if self.sh_g == 0:
            self._say("shootout", "You win the Shootout.")
            if self.ep == 2 and self.sh_kind != "bandits" and self.crowe > 0:
                # Ep.2 "Shootout!": a win crosses off a Crowe Gang member.
                self.crowe -= 1
            return
        self._say("shootout", f"You lose the Shootout: {self.sh_g} Gang dice remain.")
        if self.prisoner == 2:
            # Prisoner: a lost Shootout frees him, and costs 1 Gold (D6-V6).
            self.prisoner = 0
            self.gold = max(0, self.gold - 1)
        self._posse_loss(self.sh_g, "shootout")

    def _posse_loss(self, n: int, source: str) -> None:
        """A loss of ``n`` Posse; Medicine or Army Deserters may take it."""
        if n <= 0:
            return
        if source in INJURIES and (self.items & MEDICINE or self.deserters):
            self.loss_n, self.loss_src = n, source
            self.phase = P_LOSS
            return
        self._lose_posse(n)

    def _lose_posse(self, n: int) -> None:
        """Posse 0 loses the game ("Your Posse"); the Hunter leaves at 1."""
        self.posse = max(0, self.posse - n)
        if not self.quiet:
            self._say("loss", f"You lose {n} Posse ({self.posse} left).")
        if self.posse <= 1:
            self.items &= ~HUNTER
        if self.posse == 0:
            self._end("posse")

    # ---- days, rations, end of the turn

    def _add_days(self, n: int) -> None:
        """Ep.1/Ep.2 "Days": added Days are marked at once; a Rations Day is
        paid at once; the journey fails once the limit has passed."""
        for _ in range(n):
            if self.phase == OVER:
                return
            self.day += 1
            if self.day >= self.limit:
                self._end("late")
                return
            if self.day % 5 == 0:
                self._rations()

    def _rations(self) -> None:
        """Ep.1/Ep.2 "Food": every 5th Day one Food per Posse member; no Food
        at all loses the game; short Food loses the unfed."""
        if self.food == 0:
            self._say("rations", f"Rations on Day {self.day}: no Food left.")
            self._end("starved")
            return
        short = self.posse - self.food
        self.food = max(0, self.food - self.posse)
        self._say("rations", f"Rations on Day {self.day}.")
        if short > 0:
            self._lose_posse(short)

    def _end_of_day(self) -> None:
        """ "At the end of each turn, check off one Day"."""
        self.stage = S_TURN
        self._add_days(1)
        if self.phase != OVER:
            self._reset_turn()

    def _end(self, category: str) -> None:
        self.ended = category
        self.phase = OVER
        self.mv = 0
        self.town_pending = False
        if category == "won":
            self._say("end", f"You win with {self.score()} points.")
        else:
            self._say("end", f"The journey fails ({category}).")

    # ---- chance outcomes

    def _chance(self, ph: int, action: Action) -> None:
        if ph == C_COUNT:
            assert isinstance(action, Count)
            self.phase = RUN
            self._counted(action.label, action.n)
        elif ph == C_ROUND:
            assert isinstance(action, Round)
            self._round(action.won)
        elif ph == C_EVENT:
            self.phase = RUN
            if isinstance(action, Pair):
                spec = self.ev.cards[(action.low, action.high)]
                self.event_key = f"{action.low}-{action.high}"
            else:
                assert isinstance(action, Face)
                spec = self.ev.d6[action.n - 1]
                self.event_key = str(action.n)
            self._run_event(spec)
        elif ph == C_FACE:
            assert isinstance(action, Face)
            self.phase = RUN
            self._event_die(action.label, action.n)
        elif ph == C_ITEM:
            assert isinstance(action, Face)
            self.offer = ITEM_DIE[self.ep][action.n - 1]
            self._say("item", f"{ITEM_TITLES[self.offer]} is for sale.")
            self.phase = P_SHOP
        elif ph == C_HAND:
            assert isinstance(action, Face)
            self._poker_result(action.n)
        elif ph == C_DESERT:
            assert isinstance(action, Roll)
            self.phase = RUN
            for f in action.faces:
                if f >= 5:
                    self.deserters -= 1
                    if f == 6:
                        self.food = max(0, self.food - 1)
                        self.gold = max(0, self.gold - 1)
            self._advance()
            return
        self._advance()

    def _counted(self, label: str, n: int) -> None:
        if label == "heat":
            if self.ep == 1 and n and self.food >= 2:
                self.loss_n = n
                self.phase = P_HEAT
                return
            self._posse_loss(n, "heat")
        elif label == "gang":
            self._posse_loss(n, "gang")
        elif label == "snakes":
            # Rattlesnakes: the first 6 adds a Day, each further 6 costs a Posse member.
            if n:
                self._add_days(1)
                if self.phase != OVER:
                    self._posse_loss(n - 1, "snakes")
        elif label == "fish":
            self.food = min(self.cap, self.food + n)

    # ---- decisions

    def _decide(self, ph: int, action: Action) -> None:
        self.phase = RUN
        if ph == P_ITEM0:
            assert isinstance(action, Word)
            name = action.text.split()[1]
            self._gain_item(name, FREE_GUNS)
        elif ph == P_GUIDE:
            assert isinstance(action, Amount)
            self.placed_r = (action.n,)
        elif ph == P_FAMILY:
            assert isinstance(action, Place)
            self.family = False
            self.placed_r = tuple(sorted((*self.placed_r, action.red)))
            self.placed_w = (action.white,)
        elif ph == P_BINO:
            if action == PASS:
                self._after_binoculars()
                return
            f = self._bino_target()
            self.forced = _minus(self.forced, (f,))
            self.sr = _minus(self.sr, (f,))
            self.sub = "bino"
            self.queue = (("red", 1),)
            self.phase = C_ROLL
            return
        elif ph == P_HILLS:
            self.hills_done = True
            if isinstance(action, Change):
                self._change_die(action)
            self._to_keep()
            return
        elif ph == P_CHARM:
            if isinstance(action, Change):
                self._change_die(action)
            self._resolve()
            return
        elif ph == P_RECRUIT:
            assert isinstance(action, Amount)
            sets = self.n_three // 3
            self.posse = min(self.cap, self.posse + action.n)
            self.gold += sets - action.n
        elif ph == P_HEAT:
            assert isinstance(action, Amount)
            self.food -= 2 * action.n
            self._posse_loss(self.loss_n - action.n, "heat")
        elif ph == P_LOSS:
            if action == Word("medicine"):
                # Medicine/Bandages: all of one source's loss, then discarded.
                self.items &= ~MEDICINE
                self._say("medicine", "Medicine saves your Posse.")
            else:
                assert isinstance(action, Amount)
                self.deserters -= action.n
                if self.loss_n - action.n > 0:
                    self._lose_posse(self.loss_n - action.n)
        elif ph == P_CHOICE:
            self._event_choice(action)
        elif ph in (P_SHOP, P_STAKE_G, P_STAKE_F, P_STAKE_A):
            self._shop_action(ph, action)
            if self.phase != RUN:
                return
        elif ph in SHOWDOWN_PHASES:
            self._showdown_action(ph, action)
            return
        self._advance()

    def _change_die(self, a: Change) -> None:
        if a.colour == "r":
            self.sr = tuple(sorted((*_minus(self.sr, (a.face,)), a.to)))
        elif a.colour == "w":
            self.sw = tuple(sorted((*_minus(self.sw, (a.face,)), a.to)))
        elif a.colour == "p":
            self.sd_p = tuple(sorted((*_minus(self.sd_p, (a.face,)), a.to)))
        else:
            self.sd_c = tuple(sorted((*_minus(self.sd_c, (a.face,)), a.to)))

    def _gain_item(self, name: str, price: int) -> None:
        bit = ITEM_BITS[name]
        self.items |= bit
        if name == "guns":
            self.guns = price
        if name == "hunter":
            # The Hunter counts as a Posse member (D6-I2).
            self.posse = min(self.cap, self.posse + 1)
        self._say("item", f"You gain the {ITEM_TITLES[name]}.")

    # ---- Events (Ep.1/Ep.2 "Events", "Event List"; RULINGS d6)

    def _start_event(self) -> None:
        """Reaching an Event ends the "until the next Town or Event" effects."""
        self._end_effects()
        self.phase = C_EVENT

    def _run_event(self, e: EventSpec) -> None:
        self.event = e.kind
        self._say("event", f"Event {self.event_key}: {e.name}. {e.text}")
        k = e.kind
        if k == "nothing":
            return
        if k == "stampede" or k == "shortcut_roll":
            self.sub = "stampede" if k == "stampede" else "shortcut"
            self.phase = C_FACE
        elif k == "deer_herd":
            if self.ammo >= e.p("small_ammo"):
                self.phase = P_CHOICE
        elif k == "rattlesnakes":
            self.sub = "snakes"
            self.loss_n = self.posse
            self.phase = C_COUNT
        elif k == "fishing_hole":
            self.sub = "fish"
            self.loss_n = self.posse
            self.phase = C_COUNT
        elif k == "billy_escapes":
            behind = max(t for t in self.m.towns if t <= self.pos)
            ahead = min(t for t in self.m.towns if t > self.pos)
            if ahead - self.pos < self.pos - behind:
                self.mv += e.p("ahead")
            self._add_days(e.p("days"))
        elif k == "gold_hills":
            self.fx |= FX_HILLS
        elif k in ("wagon_train", "gunsight", "campfire", "demands", "bandits"):
            if self._event_choices():
                self.phase = P_CHOICE
            else:
                self._end("event")
        elif k == "slow_train":
            self.mv = 0
            self.nomove = True
        elif k == "downhill":
            self.fx |= FX_DOWNHILL
        elif k == "shortcut":
            self.mv += e.p("spaces")
        elif k == "lost":
            # "Lost": lose the Food, then the Day; no Food loses the game.
            if self.food < e.p("food"):
                self._end("event")
                return
            self.food -= e.p("food")
            self._add_days(e.p("days"))
        elif k == "prisoner":
            if self.prisoner == 0:
                self.prisoner = 1
        elif k == "critters":
            self.fx |= FX_CRITTERS
        elif k == "lost_family":
            self.family = True
            self._add_days(e.p("days"))
        elif k == "deserters":
            self.deserters = max(self.deserters, e.p("men"))
        elif k == "indian_guide":
            self.fx |= FX_GUIDE
        elif k == "traitor":
            self.crowe = min(CROWE_MEMBERS, self.crowe + 1)
            self._lose_posse(1)
        elif k == "hometown":
            self.fx |= FX_HOMETOWN

    def _spec(self) -> EventSpec:
        if self.options.events == "d6" or "-" not in self.event_key:
            return self.ev.d6[int(self.event_key) - 1]
        lo, hi = self.event_key.split("-")
        return self.ev.cards[(int(lo), int(hi))]

    def _event_choices(self) -> list[Action]:
        e = self._spec()
        k = e.kind
        out: list[Action] = []
        if k == "deer_herd":
            if self.ammo >= e.p("small_ammo"):
                out.append(Word("deer small") if e.p("big_ammo") else Word("herd"))
            if e.p("big_ammo") and self.ammo >= e.p("big_ammo"):
                out.append(Word("deer big"))
        elif k == "gunsight":
            out.append(Word("mine"))
        elif k == "campfire":
            if self.food >= e.p("food"):
                out.append(Word("campfire"))
        elif k == "wagon_train":
            out = list(self._trades(e.p("rate")))
        elif k in ("demands", "bandits"):
            for g, f, a, p in e.p("options"):
                if self.gold >= g and self.food >= f and self.ammo >= a:
                    out.append(Pay(g, f, a, p))
            if k == "bandits":
                out.append(Word("fight"))
            return out
        return [*out, PASS]

    def _trades(self, rate: int) -> list[Trade]:
        """Wagon Train: units of ``rate`` Food or Ammo bought or sold for 1 Gold
        each; Food is bought only while it fits under the cap (D6-V3)."""
        out = []
        f_hi = -(-(self.cap - self.food) // rate)
        for fu in range(-(self.food // rate), f_hi + 1):
            for au in range(-(self.ammo // rate), self.gold - fu + 1):
                if (fu or au) and fu + au <= self.gold:
                    out.append(Trade(fu, au))
        return out

    def _event_choice(self, action: Action) -> None:
        e = self._spec()
        if action == PASS:
            return
        if isinstance(action, Pay):
            self.gold -= action.gold
            self.food -= action.food
            self.ammo -= action.ammo
            if action.posse:
                self._lose_posse(action.posse)
            return
        if isinstance(action, Trade):
            rate = e.p("rate")
            self.gold -= action.food + action.ammo
            self.food = min(self.cap, self.food + rate * action.food)
            self.ammo += rate * action.ammo
            return
        assert isinstance(action, Word)
        t = action.text
        if t in ("deer small", "herd"):
            self.ammo -= e.p("small_ammo")
            self.food = min(self.cap, self.food + e.p("small_food"))
        elif t == "deer big":
            self.ammo -= e.p("big_ammo")
            self.sub = "deer"
            self.phase = C_FACE
        elif t == "mine":
            self.gold += e.p("gold")
            self.fx |= FX_GUNSIGHT
        elif t == "campfire":
            self.food -= e.p("food")
            self.fx |= FX_CAMPFIRE
        elif t == "fight":
            extra = 1 if self.fx & FX_CAMPFIRE else 0
            self._shootout(e.p("posse_dice") + extra, e.p("gang_dice"), "bandits")

    def _event_die(self, label: str, n: int) -> None:
        e = self._spec()
        if label == "stampede":
            # Stampede!: two dice lower than the Posse cost 2 Posse.
            if n < self.posse:
                self._posse_loss(e.p("loss"), "stampede")
        elif label == "shortcut":
            # Shortcut? (RULINGS d6, 3-3): a die minus 3.
            if n > 3:
                self.mv += n - 3
            elif n < 3:
                self._add_days(1)
        elif label == "deer":
            # Deer Herd, the big hunt: a die plus the bonus in Food (and a Day in Ep.1).
            self.food = min(self.cap, self.food + n + e.p("big_bonus"))
            self._add_days(e.p("big_days"))

    # ---- Towns (Ep.1/Ep.2 "Towns", "Items", "Poker")

    def _enter_town(self) -> None:
        self.offer = ""
        self.bought_posse = 0
        self.poker_done = False
        self.ties = 0
        if self._item_faces():
            self.phase = C_ITEM
        else:
            self.phase = P_SHOP

    def _shop(self) -> list[Action]:
        out: list[Action] = []
        g = self.gold
        if g >= 1 and self.food < self.cap:
            out.append(Word("buy food 2"))
            if g >= 2:
                out.append(Word("buy food 5"))
        if g >= 1:
            out.append(Word("buy ammo 2"))
            if g >= 2:
                out.append(Word("buy ammo 5"))
        if g >= 1 and self.posse < self.cap and self.bought_posse < (3 if self.ep == 1 else 2):
            out.append(Word("buy posse"))
        if self.offer and not self.items & ITEM_BITS[self.offer]:
            if self.offer == "guns":
                out += [Amount("buy guns", n) for n in range(1, g + 1)]
            elif g >= ITEM_PRICE[self.ep][self.offer]:
                out.append(Word(f"buy {self.offer}"))
        if self.ep == 1 and not self.poker_done and g + self.food + self.ammo > 0:
            out.append(Word("poker"))
        out.append(LEAVE)
        return out

    def _shop_action(self, ph: int, action: Action) -> None:
        self.phase = P_SHOP
        if ph == P_STAKE_G:
            assert isinstance(action, Amount)
            self.stake = (action.n, 0, 0)
            self.phase = P_STAKE_F
            return
        if ph == P_STAKE_F:
            assert isinstance(action, Amount)
            self.stake = (self.stake[0], action.n, 0)
            self.phase = P_STAKE_A
            return
        if ph == P_STAKE_A:
            assert isinstance(action, Amount)
            self.stake = (self.stake[0], self.stake[1], action.n)
            self._poker_deal()
            return
        if action == LEAVE:
            self.offer = ""
            self.phase = RUN
            return
        if isinstance(action, Amount):  # buy guns N
            self.gold -= action.n
            self._gain_item("guns", action.n)
            return
        assert isinstance(action, Word)
        t = action.text
        if t == "buy food 2":
            self.gold -= 1
            self.food = min(self.cap, self.food + 2)
        elif t == "buy food 5":
            self.gold -= 2
            self.food = min(self.cap, self.food + 5)
        elif t == "buy ammo 2":
            self.gold -= 1
            self.ammo += 2
        elif t == "buy ammo 5":
            self.gold -= 2
            self.ammo += 5
        elif t == "buy posse":
            self.gold -= 1
            self.posse += 1
            self.bought_posse += 1
        elif t == "poker":
            self.poker_done = True
            self.phase = P_STAKE_G
        else:
            name = t.split()[1]
            self.gold -= ITEM_PRICE[self.ep][name]
            self._gain_item(name, 0)

    def _poker_deal(self) -> None:
        """Ep.1 "Poker": the best hand in three rolls of the white dice."""
        self.mode = "poker"
        self.rolls = 0
        self.sr, self.sw, self.sb, self.forced = (), (), (), ()
        self.queue = (("white", 5),)
        self.phase = C_ROLL

    def _poker_result(self, n: int) -> None:
        """Compare with the hand to beat (a die); a tie starts over (D6-T6)."""
        mine, theirs = hand_key(self.sw), hand_key(TARGET_HANDS[n - 1])
        g, f, a = self.stake
        if mine == theirs and self.ties < MAX_POKER_TIES:
            self.ties += 1
            self._say("poker", "A tie: the hand is played again.")
            self._poker_deal()
            return
        if mine > theirs:
            self.gold += g
            self.food = min(self.cap, self.food + f)
            self.ammo += a
            self._say("poker", "You win at Poker.")
        elif mine < theirs:
            self.gold -= g
            self.food -= f
            self.ammo -= a
            self._say("poker", "You lose at Poker.")
        self.stake = (0, 0, 0)
        self.mode = "turn"
        self.sw = ()
        self.phase = P_SHOP

    # ---- the Ghost Town Showdown (Ep.2)

    def _showdown_action(self, ph: int, action: Action) -> None:
        if ph == P_TACTIC:
            assert isinstance(action, Word)
            t = action.text.split()[1]
            i = TACTICS.index(t)
            if i:
                self.sd_used |= 1 << i
            self.sd_tactic = t
            self.sd_rerolled = False
            self.sd_nudges = 3 if t == "distract" else 0
            self.sd_p, self.sd_c = (), ()
            self.queue = (("posse", self.sd_pn), ("crowe", self.sd_cn))
            self.phase = C_ROLL
        elif ph == P_REROLL:
            self.sd_rerolled = True
            if isinstance(action, Reroll):
                # Once a round, 1 Ammo rerolls up to three dice ("Combat").
                self.ammo -= 1
                self.sd_p = _minus(self.sd_p, action.posse)
                self.sd_c = _minus(self.sd_c, action.crowe)
                q = []
                if action.posse:
                    q.append(("posse", len(action.posse)))
                if action.crowe:
                    q.append(("crowe", len(action.crowe)))
                self.queue = tuple(q)
                self.phase = C_ROLL
            else:
                self._showdown_rolled()
        elif ph == P_NUDGE:
            if isinstance(action, Change):
                self._change_die(action)
                self.sd_nudges -= 1
            else:
                self.sd_nudges = 0
            self._showdown_rolled()
        elif ph == P_ASSIGN:
            assert isinstance(action, Amount)
            self._showdown_resolve(action.n)

    def _showdown_rolled(self) -> None:
        if not self.sd_rerolled and self.ammo > 0:
            self.phase = P_REROLL
            return
        if self.sd_nudges > 0:
            self.phase = P_NUDGE
            return
        if self.sd_tactic in ("none", "distract"):
            lo, hi = self._assign_range()
            if hi > lo:
                self.phase = P_ASSIGN
                return
            self._showdown_resolve(lo)
            return
        self._showdown_resolve(0)

    def _assign_range(self) -> tuple[int, int]:
        """Posse 4-6s each may remove a Crowe 1-2 ("Combat"): the player says
        how many do (0 up to the number possible); the rest set Crowe 5-6s
        aside (D6-S4). Splits that waste a success are offered too: the
        rulebook's "may" leaves them to the player."""
        s = sum(1 for f in self.sd_p if f >= 4)
        low = sum(1 for f in self.sd_c if f <= 2)
        return 0, min(s, low)

    def _showdown_resolve(self, removed: int) -> None:
        """One round of combat ("The Ghost Town Showdown": Combat, Tactics)."""
        t = self.sd_tactic
        p, c = self.sd_p, self.sd_c
        if t == "defend":
            s = sum(1 for f in p if f >= 3)
            kills = min(s, sum(1 for f in c if f <= 2))
            hits = sum(1 for f in c if f == 6)
        elif t == "charge":
            s = sum(1 for f in p if f >= 3)
            kills = min(s, sum(1 for f in c if f <= 3))
            hits = sum(1 for f in c if f >= 4)
        else:
            s = sum(1 for f in p if f >= 4)
            high = sum(1 for f in c if f >= 5)
            kills = removed
            hits = high - min(s - removed, high)
        self.sd_round += 1
        self.sd_cn -= kills
        hits = min(hits, self.sd_pn)
        self.sd_pn -= hits
        self.posse = self.sd_pn
        if not self.quiet:
            self._say(
                "showdown",
                f"Round {self.sd_round}: {kills} Crowe dice removed, {hits} Posse lost "
                f"({self.sd_pn} against {self.sd_cn}).",
            )
        self.phase = RUN
        if self.sd_pn == 0:
            self._end("showdown")
        elif self.sd_cn <= 0:
            self.sd_cn = 0
            self._end("won")
        elif self.sd_round >= MAX_SHOWDOWN_ROUNDS:
            self._end("showdown")
        else:
            self.phase = P_TACTIC

    # -- results --------------------------------------------------------------------------------

    def score(self) -> int:
        """Ep.1/Ep.2 "Scoring": only when won (RULINGS d6: days early =
        limit - the day of arrival)."""
        if self.ended != "won":
            return 0
        early = max(0, self.limit - self.arrival)
        if self.ep == 1:
            return 10 + 2 * early + 3 * self.posse + 2 * self.gold + self.food + self.ammo // 2
        return 15 + 2 * early + 3 * self.posse + 3 * self.gold + self.food + self.ammo // 2

    def returns(self) -> tuple[float, ...]:
        return (float(self.score()),)

    def result(self) -> Result:
        won = self.ended == "won"
        return Result(
            returns=self.returns(),
            scores=(float(self.score()),),
            winners=(0,) if won else (),
            category=self.ended,
            details={
                "day": self.day,
                "arrival": self.arrival,
                "position": self.pos,
                "posse": self.posse,
                "food": self.food,
                "ammo": self.ammo,
                "gold": self.gold,
                "crowe": self.crowe,
            },
        )

    _KEY = (
        "phase", "stage", "day", "pos", "food", "ammo", "gold", "posse", "crowe", "items",
        "guns", "special_used", "fx", "prisoner", "deserters", "family", "ended", "arrival",
        "rolls", "mode", "sr", "sw", "sb", "forced", "queue", "kgroups", "kfirst", "krolls",
        "placed_r", "placed_w",
        "nomove", "stopped", "hills_done", "mv", "moved", "n_moves", "n_food", "n_three",
        "n4", "n5", "n6", "fight", "back", "event", "event_key", "sub", "loss_n", "loss_src",
        "sh_p", "sh_g", "sh_kind", "town_pending", "town", "offer", "bought_posse",
        "poker_done", "stake", "ties", "sd_round", "sd_used", "sd_tactic", "sd_p", "sd_c",
        "sd_pn", "sd_cn", "sd_rerolled", "sd_nudges",
    )  # fmt: skip

    def key(self) -> Hashable:
        return _KEY_GETTER(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything is public in this solo game (the next Event and dice
        are chance nodes, not hidden state)."""
        out: dict[str, Any] = dict(zip(self._KEY, _KEY_GETTER(self), strict=True))
        out["to_move"] = (
            None if self.phase == OVER else (CHANCE if self.phase in CHANCE_PHASES else 0)
        )
        out["limit"] = self.limit
        out["destination"] = self.dest_name
        out["effects"] = (
            self.effects() if (self.fx or self.prisoner or self.deserters or self.family) else []
        )
        out["items"] = _item_list(self.items)
        return out

    def effects(self) -> list[str]:
        """The effects in force, for the player (Event List: "until ...")."""
        out = [name for bit, name in FX_NAMES.items() if self.fx & bit]
        if self.prisoner == 1:
            out.append("Prisoner (waiting for a red 6)")
        elif self.prisoner == 2:
            out.append("Prisoner held")
        if self.deserters:
            out.append(f"Army Deserters ({self.deserters})")
        if self.family:
            out.append("Lost Family (set two dice next turn)")
        return out

    def clone(self) -> D6State:
        new = object.__new__(D6State)
        new.__dict__ = self.__dict__.copy()
        new.history = self.history[:]
        new.log = self.log[:]
        return new

    # -- text -------------------------------------------------------------------------------------

    def _say(self, kind: str, text: str) -> None:
        if not self.quiet:
            self.log.append(Event(kind, text, 0))

    def _dice_text(self) -> str:
        parts = []
        for name, faces in (("black", self.sb), ("red", self.sr), ("white", self.sw)):
            if faces:
                parts.append(f"{name} {' '.join(map(str, faces))}")
        return ", ".join(parts)

    def describe_action(self, action: Action) -> str:
        if action == STOP:
            return "keep every die and stop rolling"
        if isinstance(action, Keep):
            return f"{action} (roll the other {action.group} dice again)"
        return str(action)


_KEY_GETTER = attrgetter(*D6State._KEY)


@cache
def _item_list(bits: int) -> tuple[str, ...]:
    return tuple(n for n in ITEM_NAMES if bits & ITEM_BITS[n])


def _is_red_downhill(e: EventSpec) -> bool:
    return e.kind == "downhill" and e.p("mode") == "red_ones"

"""Cowboys as numbers: action ids from the scenario's structure, chance
outcome ids, and an observation of the town made from a side's view.

The core contract is :mod:`saloon.core.encoding`; this module gives one
:class:`CowboysEncoding` per scenario and set of rules
(:func:`cowboys_encoding`, cached per options).

**Action ids.** Each kind of action (:mod:`saloon.games.cowboys.actions`)
has a block of ids, and inside it a mixed-radix number over the parts of
the action, the first digit the most significant: a move is ``figure x
end x facing``, a shot ``figure x target x shots``, a card played ``card
x target``. The digits come from the scenario alone: its figures (in the
order of their ids, cowboys then town folk, each by number), its horses,
the squares of its town (row by row), the 54 faces of the deck, the four
weapon slots, the four facings, its sides, and the rules in play. A kind
the rules cannot offer has no block (``fan`` only with ``fan_fire``, and
so on). A move's *end* is a square on foot, a square mounted (only the
squares a horse may stand on, and only if the scenario has horses), or
``off`` the town on foot or mounted (only if a figure may leave it). A
*target* is a figure or a horse. Kinds only a cowboy may take (fan fire,
fist fights, move and shoot, reaction fire) count cowboys, not figures.

One id is relative to the state: ``discard`` (Advanced Optional Rule 7's
draw) is a 5-bit mask over the side's poker hand sorted as the notation
sorts it (by rank, then suit; bit 0 the lowest card), ``stand`` the mask 0.

:meth:`CowboysEncoding.action` gives the action an id names *if it is
legal* at the state, and raises :class:`~saloon.core.errors.IllegalAction`
otherwise; :meth:`CowboysEncoding.name` reads an id without a state.

**Chance outcome ids**: two dice (low die first, as :data:`ROLLS` lists
them), a card by its face (dealt, flipped for the order of play, dealt for
the poker hand, flipped for damage), a fist fight's dice, a modifier's die,
and the activation cup's markers, each in a block when the rules can
produce it.

**The observation** is made from ``state.view(player)`` alone; its fields
(:attr:`CowboysEncoding.fields`, :meth:`ObservationLayout.describe`) are,
in order: the header (whose observation, who decides, the phase, the
turn, the order of play), one plane per feature over the town's squares
(row by row), a table of the figures (one field per column, a value per
figure in figure order), a table of the horses, the cards (the viewer's
own hand, the other sides' hand sizes and the cards a side has been shown,
the cards played, the deck), and the action under way (its kind, figure,
target, stage, the card being answered). The town's walls, doors, windows
and terrain never change in a game, so they are not in the vector: a
learner reads them once from the scenario (``state.town``).

>>> from saloon.games.cowboys.options import CowboysOptions
>>> enc = cowboys_encoding(CowboysOptions(scenario="hickok-tutt"))
>>> enc.num_actions, enc.num_outcomes, enc.observation_shape
(2650, 75, (1388,))
>>> enc.block("move").layout()
'figure(5) x end(88) x facing(4)'
>>> enc.name(enc.block("shoot").id_of(1, 0, 1))
'C2 shoot C1 x2'
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action
from saloon.core.encoding import Encoding, Field, ObservationLayout
from saloon.core.errors import IllegalAction, SaloonError
from saloon.games.cowboys.actions import (
    DICE,
    END,
    FISTS,
    PASS,
    ROLLS,
    STAY,
    Arm,
    DamageCard,
    Deal,
    Die,
    Discard,
    Draw,
    End,
    Fan,
    Fist,
    Fists,
    Flip,
    Marker,
    Move,
    MoveShoot,
    Pass,
    Pickup,
    Pistols,
    Play,
    PokerCard,
    React,
    Reload,
    Roll,
    Shoot,
    ShootMove,
    Spin,
    SpinSplit,
    Split,
    Stay,
    Wait,
    parse_action,
)
from saloon.games.cowboys.cards import Deck, Effect, all_faces, load_deck
from saloon.games.cowboys.geometry import FACINGS
from saloon.games.cowboys.options import CowboysOptions, rules_in_play
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH, HORSE_HEALTH, SLOTS
from saloon.games.cowboys.rules.legal import Actions
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.placement import place
from saloon.games.cowboys.rules.setup import Setup
from saloon.games.cowboys.shotchart import CAPACITY, Weapon

if TYPE_CHECKING:
    from saloon.core.state import State

__all__ = ["Block", "CowboysEncoding", "cowboys_encoding"]

#: How many shared pieces of the engine's action lists the encoding keeps
#: the ids of (:meth:`CowboysEncoding.legal_mask`; a few megabytes).
_MEMO = 20_000
#: The 54 faces, in the deck's order (clubs, diamonds, hearts, spades, each
#: 2 to ace, then the jokers): a card's digit.
CARDS: tuple[str, ...] = tuple(str(c) for c in all_faces())
_CARD = {c: k for k, c in enumerate(CARDS)}
#: What a figure may pick up from his square (Movement to Change Weapons).
ITEMS = ("pistol", "rifle", "shotgun", "loot")
#: The most cards in a poker hand (Advanced Optional Rule 7): a draw is a
#: mask of this many bits.
POKER_HAND = 5
#: The stages of an action under way (:class:`~.rules.phase.Pending`).
STAGES = (
    "start",
    "execute",
    "walk",
    "aim",
    "before",
    "roll",
    "after",
    "flip",
    "damage",
    "fists",
    "shoot_move",
)
#: What an answering side answers (Card Play): an action's kind, or a card.
ANSWERS = ("move", "fire", "reload", "fist_fight", "card")
_FACING = {f: k for k, f in enumerate(FACINGS)}
_SLOT = {s: k for k, s in enumerate(SLOTS)}
_ITEM = {s: k for k, s in enumerate(ITEMS)}
_STAGE = {s: k for k, s in enumerate(STAGES)}
#: A move action's choice of a change of weapon (the other reading
#: ``weapon_in_move``, CW-O2) is read as the stage ``shoot_move``: the same
#: decision after an action's move or shot, the pending kind (a move, not a
#: shoot and move) telling the two apart.
_STAGE["weapon"] = _STAGE["shoot_move"]
_ANSWER = {s: k for k, s in enumerate(ANSWERS)}
_PHASE = {p.name.lower(): int(p) for p in Phase}
_SLOT_CAPACITY = {
    "pistol": CAPACITY[Weapon.PISTOL],
    "pistol2": CAPACITY[Weapon.PISTOL],
    "rifle": CAPACITY[Weapon.RIFLE],
    "shotgun": CAPACITY[Weapon.SHOTGUN],
}


@dataclass(frozen=True)
class Block:
    """One kind of action (or of chance outcome) and its ids: ``start`` to
    ``start + size - 1``, a mixed-radix number over ``digits`` (each a
    name and a radix), the first digit the most significant.

    >>> b = Block("shoot", 100, (("figure", 5), ("target", 5), ("shots", 2)))
    >>> b.size, b.id_of(1, 3, 0), b.values(117)
    (50, 116, (1, 3, 1))
    """

    kind: str
    start: int
    digits: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        return math.prod(r for _, r in self.digits)

    @property
    def stop(self) -> int:
        return self.start + self.size

    def id_of(self, *values: int) -> int:
        """The id of the digits ``values``."""
        n = 0
        for (_, radix), v in zip(self.digits, values, strict=True):
            n = n * radix + v
        return self.start + n

    def values(self, action_id: int) -> tuple[int, ...]:
        """The digits of ``action_id`` (an id of this block)."""
        n = action_id - self.start
        out: list[int] = []
        for _, radix in reversed(self.digits):
            n, v = divmod(n, radix)
            out.append(v)
        return tuple(reversed(out))

    def layout(self) -> str:
        """The radix layout in words: ``figure(5) x target(7) x shots(2)``."""
        return " x ".join(f"{name}({radix})" for name, radix in self.digits) or "one id"


def _blocks(kinds: Sequence[tuple[str, tuple[tuple[str, int], ...]]]) -> tuple[Block, ...]:
    out: list[Block] = []
    at = 0
    for kind, digits in kinds:
        b = Block(kind, at, digits)
        out.append(b)
        at = b.stop
    return tuple(out)


def _figure_key(fid: str) -> tuple[int, int]:
    """Figure order: cowboys then town folk, each by number."""
    return (0 if fid[0] == "C" else 1, int(fid[1:]))


def _start_of(blocks: Mapping[str, Block], kind: str) -> int:
    """The first id of ``kind``'s block, or -1 when the options give it none."""
    block = blocks.get(kind)
    return -1 if block is None else block.start


class CowboysEncoding(Encoding):
    """The encoding of one scenario (``setup``) under the rules ``rules``
    (the Advanced Optional Rules and Advanced Rules in play, by option
    name, the scenario's own included) and a deck (for the bounds of the
    cards' bonuses). See the module docstring for the numbering and the
    observation.
    """

    def __init__(self, setup: Setup, rules: frozenset[str], deck: Deck | None = None) -> None:
        self.setup = setup
        self.rules = rules
        deck = deck if deck is not None else load_deck()
        town = setup.town
        pieces = place(setup)
        self.num_players = n = len(setup.sides)
        self._figures0 = sorted(pieces.figures, key=lambda f: _figure_key(f.id))
        #: The figures' ids in figure order: cowboys, then town folk.
        self.figures: tuple[str, ...] = tuple(f.id for f in self._figures0)
        #: The cowboys' ids (of the sides and the bystanders), by number.
        self.cowboys: tuple[str, ...] = tuple(f for f in self.figures if f[0] == "C")
        #: The horses' ids, by number.
        self.horses: tuple[str, ...] = tuple(
            sorted((h.id for h in pieces.horses), key=lambda h: int(h[1:]))
        )
        #: What can be shot at: the figures, then the horses.
        self.targets: tuple[str, ...] = self.figures + self.horses
        self.width, self.height = town.width, town.height
        #: The town's squares' references, row by row (a square's digit).
        self.squares: tuple[str, ...] = tuple(town.ref(xy) for xy in town.squares())
        ride = tuple(town.ref(xy) for xy in town.squares() if town.horse_ok(xy))
        leaves = bool(setup.exits or setup.leavers)
        horses = bool(self.horses)
        #: A move's ends: (square or ``off``, mounted), in digit order.
        self.ends: tuple[tuple[str, bool], ...] = (
            tuple((r, False) for r in self.squares)
            + (tuple((r, True) for r in ride) if horses else ())
            + ((("off", False),) if leaves else ())
            + ((("off", True),) if leaves and horses else ())
        )
        #: A move and shoot's ends: never off the town.
        self.aim_ends = tuple(e for e in self.ends if e[0] != "off")
        self.sides: tuple[str, ...] = tuple(f"s{k + 1}" for k in range(n))
        #: A card's targets: none, a figure, a weapon slot, a side.
        self.play_targets: tuple[str | None, ...] = (None, *self.figures, *SLOTS, *self.sides)
        town_folk_sides = sorted({f.side for f in pieces.figures if f.id[0] == "T" and f.side >= 0})
        #: The activation cup's markers: the sides' cowboys, then the sides
        #: with town folk (Advanced Rules, Player Turn Sequence; CW-V2).
        self.markers: tuple[str, ...] = tuple(
            f.id for f in self._figures0 if f.id[0] == "C" and f.side >= 0
        ) + tuple(f"s{s + 1}" for s in town_folk_sides)
        self._build_actions()
        self._build_outcomes()
        self._build_layout(pieces, deck)

    # -- the numbering of actions ------------------------------------------------------

    def rule(self, name: str) -> bool:
        return name in self.rules

    def _build_actions(self) -> None:
        F, C, T = len(self.figures), len(self.cowboys), len(self.targets)
        E, A = len(self.ends), len(self.aim_ends)
        fig, cow, tgt = ("figure", F), ("cowboy", C), ("target", T)
        fac = ("facing", len(FACINGS))
        kinds: list[tuple[str, tuple[tuple[str, int], ...]]] = [
            ("end", ()),
            ("pass", ()),
        ]
        if self.rule("move_and_shoot") or self.rule("weapon_in_move"):
            kinds.append(("stay", ()))
        kinds += [
            ("wait", (fig,)),
            ("move", (fig, ("end", E), fac)),
            ("arm", (fig, ("slot", len(SLOTS)))),
            ("pickup", (fig, ("item", len(ITEMS)))),
            ("reload", (fig, ("slot", len(SLOTS)))),
            ("shoot", (fig, tgt, ("shots", 2))),
            ("draw", (fig, tgt)),
            ("spin", (fig, fac, tgt)),
        ]
        if self.rule("fan_fire"):
            kinds.append(("fan", (cow, tgt)))
        if self.rule("two_pistols"):
            kinds.append(("pistols", (fig, tgt)))
        if self.rule("two_targets"):
            kinds.append(("split", (fig, tgt, ("second", T))))
            if self.rule("spin_two_shots"):
                kinds.append(("spin_split", (fig, fac, tgt, ("second", T))))
        if self.rule("fist_fights"):
            kinds.append(("fist", (cow, ("figure", F))))
        if self.rule("move_and_shoot"):
            kinds.append(("shoot_move", (cow, tgt)))
            kinds.append(("move_shoot", (cow, ("end", A), fac, tgt)))
        if self.rule("reaction_fire"):
            kinds.append(("react", (cow, tgt)))
        kinds.append(("play", (("card", len(CARDS)), ("target", len(self.play_targets)))))
        if self.rule("poker_order"):
            kinds.append(("discard", (("mask", 2**POKER_HAND),)))
        self.blocks: tuple[Block, ...] = _blocks(kinds)
        self._by_kind = {b.kind: b for b in self.blocks}
        self._starts = [b.start for b in self.blocks]
        self.num_actions = self.blocks[-1].stop
        self._encoders = self._make_encoders()
        self._memo: dict[int, tuple[Sequence[Action], np.ndarray]] = {}

    def block(self, kind: str) -> Block:
        """The block of ``kind`` (``move``, ``shoot``, ...); SaloonError if
        the rules in play offer no such action."""
        b = self._by_kind.get(kind) or self._outcome_kind.get(kind)
        if b is None:
            raise SaloonError(f"no {kind!r} ids under these rules")
        return b

    def _make_encoders(self) -> dict[type, Callable[[Any, Any], int]]:
        """For each action type, a function of the action (and the state)
        to its id: the digits' arithmetic inline, for speed."""
        F, T, E, A = len(self.figures), len(self.targets), len(self.ends), len(self.aim_ends)
        fig = {f: k for k, f in enumerate(self.figures)}
        cow = {c: k for k, c in enumerate(self.cowboys)}
        tgt = {t: k for k, t in enumerate(self.targets)}
        foot = {r: k for k, (r, m) in enumerate(self.ends) if not m}
        mounted = {r: k for k, (r, m) in enumerate(self.ends) if m}
        aim_foot = {r: k for k, (r, m) in enumerate(self.aim_ends) if not m}
        aim_mounted = {r: k for k, (r, m) in enumerate(self.aim_ends) if m}
        ptgt = {t: k for k, t in enumerate(self.play_targets)}
        P = len(self.play_targets)
        nf = len(FACINGS)
        by = self._by_kind

        def start(kind: str) -> int:
            return _start_of(by, kind)

        b_end, b_pass, b_stay, b_wait = start("end"), start("pass"), start("stay"), start("wait")
        b_move, b_arm, b_pickup, b_reload = (
            start("move"),
            start("arm"),
            start("pickup"),
            start("reload"),
        )
        b_shoot, b_draw, b_spin, b_fan = start("shoot"), start("draw"), start("spin"), start("fan")
        b_pistols, b_split, b_spin_split = start("pistols"), start("split"), start("spin_split")
        b_fist, b_shoot_move, b_move_shoot = start("fist"), start("shoot_move"), start("move_shoot")
        b_react, b_play, b_discard = start("react"), start("play"), start("discard")

        def move(a: Move, s: Any) -> int:
            end = (mounted if a.ride else foot)[a.dest]
            return b_move + (fig[a.fig] * E + end) * nf + _FACING[a.facing]

        def move_shoot(a: MoveShoot, s: Any) -> int:
            end = (aim_mounted if a.ride else aim_foot)[a.dest]
            return (
                b_move_shoot + ((cow[a.fig] * A + end) * nf + _FACING[a.facing]) * T + tgt[a.target]
            )

        def discard(a: Discard, s: Any) -> int:
            hand = _poker_hand(s)
            mask = 0
            for c in a.cards:
                mask |= 1 << hand.index(c)
            return b_discard + mask

        enc: dict[type, Callable[[Any, Any], int]] = {
            End: lambda a, s: b_end,
            Pass: lambda a, s: b_pass,
            Stay: lambda a, s: b_stay,
            Wait: lambda a, s: b_wait + fig[a.fig],
            Move: move,
            Arm: lambda a, s: b_arm + fig[a.fig] * 4 + _SLOT[a.slot],
            Pickup: lambda a, s: b_pickup + fig[a.fig] * 4 + _ITEM[a.item],
            Reload: lambda a, s: b_reload + fig[a.fig] * 4 + _SLOT[a.slot],
            Shoot: lambda a, s: b_shoot + (fig[a.fig] * T + tgt[a.target]) * 2 + a.shots - 1,
            Draw: lambda a, s: b_draw + fig[a.fig] * T + tgt[a.target],
            Spin: lambda a, s: b_spin + (fig[a.fig] * nf + _FACING[a.facing]) * T + tgt[a.target],
            Fan: lambda a, s: b_fan + cow[a.fig] * T + tgt[a.target],
            Pistols: lambda a, s: b_pistols + fig[a.fig] * T + tgt[a.target],
            Split: lambda a, s: b_split + (fig[a.fig] * T + tgt[a.target]) * T + tgt[a.second],
            SpinSplit: lambda a, s: (
                b_spin_split
                + ((fig[a.fig] * nf + _FACING[a.facing]) * T + tgt[a.target]) * T
                + tgt[a.second]
            ),
            Fist: lambda a, s: b_fist + cow[a.fig] * F + fig[a.target],
            ShootMove: lambda a, s: b_shoot_move + cow[a.fig] * T + tgt[a.target],
            MoveShoot: move_shoot,
            React: lambda a, s: b_react + cow[a.fig] * T + tgt[a.target],
            Play: lambda a, s: b_play + _CARD[a.card] * P + ptgt[a.target],
            Discard: discard,
        }
        # Only the kinds the rules offer: any other action has no id.
        return {t: f for t, f in enc.items() if _KIND[t] in by}

    def action_id(self, state: State, action: Action) -> int:
        """The id of ``action`` (legal at ``state``).

        >>> from saloon.games.cowboys import GAME
        >>> from saloon.games.cowboys.options import CowboysOptions
        >>> options = CowboysOptions(scenario="hickok-tutt")
        >>> enc, state = cowboys_encoding(options), GAME.new_state(options)
        >>> i = enc.action_id(state, state.parse("C2 shoot C1 x2"))
        >>> enc.block("shoot").values(i)  # C2 is figure 1, C1 target 0, two shots
        (1, 0, 1)
        """
        f = self._encoders.get(type(action))
        if f is not None:
            try:
                i = f(action, state)
            except (KeyError, ValueError):
                i = -1
            if i >= 0:
                return i
        raise SaloonError(
            f"{self.setup.name}: {action} has no id under these rules "
            "(a kind of action they do not offer, or a figure, square, target or card "
            "the scenario does not have)"
        )

    def _find(self, action_id: int) -> Block:
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is outside 0..{self.num_actions - 1}")
        return self.blocks[bisect_right(self._starts, action_id) - 1]

    def _decode(self, b: Block, action_id: int, state: State | None) -> Action:
        """The action of ``action_id`` (in ``b``), whether legal or not; the
        draw's mask is read against ``state``'s poker hand."""
        v = b.values(action_id)
        k = b.kind
        figs, cows, tg = self.figures, self.cowboys, self.targets
        if k == "end":
            return END
        if k == "pass":
            return PASS
        if k == "stay":
            return STAY
        if k == "wait":
            return Wait(figs[v[0]])
        if k == "move":
            dest, ride = self.ends[v[1]]
            return Move(figs[v[0]], dest, FACINGS[v[2]], ride)
        if k == "arm":
            return Arm(figs[v[0]], SLOTS[v[1]])
        if k == "pickup":
            return Pickup(figs[v[0]], ITEMS[v[1]])
        if k == "reload":
            return Reload(figs[v[0]], SLOTS[v[1]])
        if k == "shoot":
            return Shoot(figs[v[0]], tg[v[1]], v[2] + 1)
        if k == "draw":
            return Draw(figs[v[0]], tg[v[1]])
        if k == "spin":
            return Spin(figs[v[0]], FACINGS[v[1]], tg[v[2]])
        if k == "fan":
            return Fan(cows[v[0]], tg[v[1]])
        if k == "pistols":
            return Pistols(figs[v[0]], tg[v[1]])
        if k == "split":
            return Split(figs[v[0]], tg[v[1]], tg[v[2]])
        if k == "spin_split":
            return SpinSplit(figs[v[0]], FACINGS[v[1]], tg[v[2]], tg[v[3]])
        if k == "fist":
            return Fist(cows[v[0]], figs[v[1]])
        if k == "shoot_move":
            return ShootMove(cows[v[0]], tg[v[1]])
        if k == "move_shoot":
            dest, ride = self.aim_ends[v[1]]
            return MoveShoot(cows[v[0]], dest, FACINGS[v[2]], tg[v[3]], ride)
        if k == "react":
            return React(cows[v[0]], tg[v[1]])
        if k == "play":
            return Play(CARDS[v[0]], self.play_targets[v[1]])
        assert k == "discard"
        if state is None:
            raise SaloonError("a draw's id is a mask over the poker hand: it needs a state")
        hand = _poker_hand(state)
        mask = v[0]
        if mask >> len(hand):
            raise IllegalAction(
                f"action id {action_id} discards card {mask.bit_length()} of a poker hand "
                f"of {len(hand)}"
            )
        return Discard(tuple(c for j, c in enumerate(hand) if mask >> j & 1))

    def action(self, state: State, action_id: int) -> Action:
        """The action ``action_id`` names at ``state``, if it is legal
        there; :class:`~saloon.core.errors.IllegalAction` otherwise.

        >>> from saloon.games.cowboys.options import CowboysOptions
        >>> from saloon.games.cowboys import GAME
        >>> enc = cowboys_encoding(CowboysOptions(scenario="hickok-tutt"))
        >>> state = GAME.new_state(CowboysOptions(scenario="hickok-tutt"))
        >>> enc.action(state, 0)
        Traceback (most recent call last):
        ...
        saloon.core.errors.IllegalAction: action id 0 (end) is not legal now
        """
        a = self._decode(self._find(action_id), action_id, state)
        if state.to_move is None or state.is_chance or not state.is_legal(a):
            raise IllegalAction(f"action id {action_id} ({a}) is not legal now")
        return a

    def name(self, action_id: int) -> str:
        """What ``action_id`` names, in notation, with no state (a draw:
        its mask).

        >>> from saloon.games.cowboys.options import CowboysOptions
        >>> enc = cowboys_encoding(CowboysOptions(scenario="brawl"))
        >>> enc.name(enc.block("move").start), enc.name(1)
        ('C1 move B:a1 N', 'pass')
        """
        b = self._find(action_id)
        if b.kind == "discard":
            return f"discard mask {action_id - b.start:05b}"
        return str(self._decode(b, action_id, None))

    def _ids(self, state: State) -> np.ndarray:
        """The ids of the legal actions at ``state`` (in no set order).

        The engine shares pieces of its lists between states (a figure's
        moves to a square are made once per town: :attr:`.Actions.chunks`),
        so the ids of a shared piece are kept, as an array, by the piece's
        identity and read back the next time. The memo holds the pieces it
        keys, so an identity is never reused while it is there; it starts
        afresh past :data:`_MEMO` pieces. A state's own pieces (lists), and
        every list of a phase but the choice of a figure's action (where a
        draw's id depends on the hand), are worked out each time."""
        legal = state.legal_actions()
        pieces: Sequence[Sequence[Action]] = (legal,)
        shared = isinstance(legal, Actions)
        if isinstance(legal, Actions):
            pieces = legal.chunks
        memo = self._memo
        enc = self._encoders
        kept: list[np.ndarray] = []
        fresh: list[int] = []
        try:
            for piece in pieces:
                if shared and type(piece) is tuple:
                    got = memo.get(id(piece))
                    if got is None or got[0] is not piece:
                        ids = [enc[type(a)](a, state) for a in piece]
                        got = memo[id(piece)] = (piece, np.array(ids, dtype=np.intp))
                    kept.append(got[1])
                else:
                    fresh += [enc[type(a)](a, state) for a in piece]
        except (KeyError, ValueError):
            for a in legal:
                self.action_id(state, a)  # raises, naming the action
            raise  # pragma: no cover
        if len(memo) > _MEMO:
            memo.clear()
        kept.append(np.fromiter(fresh, np.intp, len(fresh)))
        return np.concatenate(kept)

    def legal_ids(self, state: State) -> list[int]:
        ids: list[int] = np.sort(self._ids(state)).tolist()
        return ids

    def legal_mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self._ids(state)] = 1
        return mask

    # -- chance outcomes -----------------------------------------------------------------

    def _build_outcomes(self) -> None:
        kinds: list[tuple[str, tuple[tuple[str, int], ...]]] = [
            ("roll", (("dice", len(ROLLS)),)),
            ("deal", (("card", len(CARDS)),)),
        ]
        if self.rule("fist_fights"):
            kinds.append(("fists", (("attacker", 6), ("defender", 6))))
        if self.rule("random_modifiers"):
            kinds.append(("die", (("face", 6),)))
        if self.rule("high_card"):
            kinds.append(("flip", (("card", len(CARDS)),)))
        if self.rule("poker_order"):
            kinds.append(("poker", (("card", len(CARDS)),)))
        if self.rule("variable_damage"):
            kinds.append(("damage", (("card", len(CARDS)),)))
        if self.rule("activation_cup") and self.markers:
            kinds.append(("marker", (("marker", len(self.markers)),)))
        self.outcome_blocks: tuple[Block, ...] = _blocks(kinds)
        self._outcome_kind = {b.kind: b for b in self.outcome_blocks}
        self._outcome_starts = [b.start for b in self.outcome_blocks]
        self.num_outcomes = self.outcome_blocks[-1].stop
        roll_ix = {r: k for k, r in enumerate(ROLLS)}
        marker_ix = {m: k for k, m in enumerate(self.markers)}
        by = self._outcome_kind

        def start(kind: str) -> int:
            return _start_of(by, kind)

        b_roll, b_deal, b_fists, b_die = start("roll"), start("deal"), start("fists"), start("die")
        b_flip, b_poker, b_damage, b_marker = (
            start("flip"),
            start("poker"),
            start("damage"),
            start("marker"),
        )
        self._outcome_encoders: dict[type, Callable[[Any], int]] = {
            Roll: lambda o: b_roll + roll_ix[o],
            Deal: lambda o: b_deal + _CARD[o.card],
            Fists: lambda o: b_fists + (o.a - 1) * 6 + o.b - 1,
            Die: lambda o: b_die + o.face - 1,
            Flip: lambda o: b_flip + _CARD[o.card],
            PokerCard: lambda o: b_poker + _CARD[o.card],
            DamageCard: lambda o: b_damage + _CARD[o.card],
            Marker: lambda o: b_marker + marker_ix[o.marker],
        }
        kind = {Roll: "roll", Deal: "deal", Fists: "fists", Die: "die", Flip: "flip"}
        kind |= {PokerCard: "poker", DamageCard: "damage", Marker: "marker"}
        self._outcome_encoders = {t: f for t, f in self._outcome_encoders.items() if kind[t] in by}

    def outcome_id(self, state: State, outcome: Action) -> int:
        f = self._outcome_encoders.get(type(outcome))
        if f is not None:
            try:
                i = f(outcome)
            except KeyError:
                i = -1
            if i >= 0:
                return i
        raise SaloonError(f"{self.setup.name}: outcome {outcome} has no id under these rules")

    def outcome(self, state: State, outcome_id: int) -> Action:
        """The chance outcome ``outcome_id`` names, if possible at ``state``."""
        if not 0 <= outcome_id < self.num_outcomes:
            raise IllegalAction(f"outcome id {outcome_id} is outside 0..{self.num_outcomes - 1}")
        b = self.outcome_blocks[bisect_right(self._outcome_starts, outcome_id) - 1]
        k, v = b.kind, outcome_id - b.start
        o: Action
        if k == "roll":
            o = ROLLS[v]
        elif k == "fists":
            o = FISTS[v]
        elif k == "die":
            o = DICE[v]
        elif k == "marker":
            o = Marker(self.markers[v])
        else:
            o = {"deal": Deal, "flip": Flip, "poker": PokerCard, "damage": DamageCard}[k](CARDS[v])
        if not state.is_chance or o not in {x for x, _ in state.chance_outcomes()}:
            raise IllegalAction(f"outcome id {outcome_id} ({o}) is not possible now")
        return o

    # -- the observation ---------------------------------------------------------------

    def _build_layout(self, pieces: Any, deck: Deck) -> None:
        setup, n = self.setup, self.num_players
        F, H, S = len(self.figures), len(self.horses), len(self.squares)
        figs0 = self._figures0
        bystanders = any(f.side < 0 for f in figs0)
        fig_names = ", ".join(self.figures)
        side_names = ", ".join(f"{s.name or k + 1}" for k, s in enumerate(setup.sides))
        per_fig = f"one per figure ({fig_names})"
        per_side = f"one per side ({side_names})"
        town_doc = f"{self.width} x {self.height} squares, row by row from the top left"
        fields: list[Field] = [
            Field("me", n, 0, 1, f"whose observation this is, one-hot, {per_side}; 0: a spectator"),
            Field("to_move", n, 0, 1, "the side deciding now, one-hot (0 at chance, at the end)"),
            Field("active", n, 0, 1, "the side whose part of the turn it is, one-hot"),
            Field("phase", len(Phase), 0, 1, "the phase, one-hot: " + ", ".join(_PHASE)),
            Field("turn", 1, 1, setup.turns, f"the turn, 1..{setup.turns}"),
            Field("order", n * n, 0, 1, "the order of play: for each place, its side, one-hot"),
            Field("winner", n, 0, 1, "the side that won, one-hot (0 while playing, and a draw)"),
        ]
        # Planes over the town.
        per_side_count = [sum(f.side == s for f in figs0) for s in range(n)]
        for s in range(n):
            fields.append(
                Field(f"plane_side{s + 1}", S, 0, per_side_count[s],
                      f"standing figures of side {s + 1} on each square ({town_doc})")
            )  # fmt: skip
        if bystanders:
            fields.append(
                Field("plane_bystanders", S, 0, sum(f.side < 0 for f in figs0),
                      "standing bystanders (town folk on no side) on each square")
            )  # fmt: skip
        fields.append(Field("plane_bodies", S, 0, F, "figures down (bodies) on each square"))
        if H:
            fields.append(Field("plane_horses", S, 0, H, "live horses on each square"))
        items = _item_counts(pieces)
        for item in ITEMS:
            fields.append(
                Field(f"plane_{item}", S, 0, max(items[item], 1), f"{item}s lying on each square"
                      if item != "loot" else "loot lying on each square")
            )  # fmt: skip
        fields.append(Field("plane_obstacles", S, 0, 1, "cattle and the stagecoach (obstacles)"))
        # The figures' table, column by column.
        hmax = max([COWBOY_HEALTH, *(f.health for f in figs0)])
        mods = [f.modifier for f in figs0]
        mod_lo = min([0, *mods])
        mod_hi = max([*mods, 2 if self.rule("random_modifiers") else 0])
        bonus_hi = sum(c.number("bonus") for c in deck if c.effect is Effect.LASTING_BONUS)
        cols: list[tuple[str, float, float, str]] = [
            *((f"side{s + 1}", 0, 1, f"on side {s + 1}") for s in range(n)),
            *((("bystander", 0, 1, "a bystander, on no side"),) if bystanders else ()),
            ("cowboy", 0, 1, "a cowboy (0: a town folk)"),
            ("standing", 0, 1, "on his feet in the town"),
            ("down", 0, 1, "down (health 0)"),
            ("gone", 0, 1, "has left the town"),
            ("health", 0, hmax, "health left"),
            ("square", -1, S - 1, "his square's index in the planes (-1: not in the town)"),
            *((f"facing_{d}", 0, 1, f"faces {d}") for d in FACINGS),
            ("modifier", mod_lo, mod_hi, "his shot modifier"),
            ("bonus", 0, bonus_hi, "his lasting shot bonus (A Good Day for a Killing)"),
            *((f"in_hand_{s}", 0, 1, f"his {s} is in his hand") for s in SLOTS),
            *((f"carries_{s}", 0, 1, f"he carries a weapon in the {s} slot") for s in SLOTS),
            *((f"ammo_{s}", 0, _SLOT_CAPACITY[s], f"rounds in his {s}") for s in SLOTS),
            *((f"jammed_{s}", 0, 1, f"his {s} is jammed") for s in SLOTS),
            ("mounted", 0, 1, "on a horse"),
            ("actions", 0, 2, "actions left to him in his side's part (2 with Adrenaline)"),
            ("stunned", 0, 1, "stunned: loses his side's next part"),
            ("knocked", 0, 1, "knocked down: may not move"),
            ("pinned", 0, 1, "pinned by a graze (Variable Damage)"),
            ("loot", 0, 1, "carries the loot"),
        ]
        self._fig_cols = [c[0] for c in cols]
        for k, (name, lo, hi, doc) in enumerate(cols):
            # A column the setup holds constant (no modifiers, no bonus cards) is
            # bounded one wider: a field's bounds may not meet (core.encoding.Field).
            hi = max(hi, lo + 1)
            fields.append(
                Field(f"fig_{name}", F, lo, hi, f"{doc}; {per_fig if k == 0 else 'per figure'}")
            )
        if H:
            hcols: list[tuple[str, float, float, str]] = [
                ("alive", 0, 1, "alive and in the town"),
                ("square", -1, S - 1, "its square's index (-1: dead)"),
                ("health", 0, HORSE_HEALTH, "health left"),
                *((f"facing_{d}", 0, 1, f"faces {d}") for d in FACINGS),
                ("ridden", 0, 1, "has a rider"),
                ("moved", 0, 1, "has carried a rider this turn"),
            ]
            self._horse_cols = [c[0] for c in hcols]
            per_horse = f"one per horse ({', '.join(self.horses)})"
            for k, (name, lo, hi, doc) in enumerate(hcols):
                more = per_horse if k == 0 else "per horse"
                fields.append(Field(f"horse_{name}", H, lo, hi, f"{doc}; {more}"))
        # The cards.
        cards_doc = "by face (2C..AC, 2D..AD, 2H..AH, 2S..AS, JK1, JK2)"
        most = max(s.cards for s in setup.sides) or 1
        fields += [
            Field("hand", len(CARDS), 0, 1, f"the viewer's own hand, {cards_doc}"),
            Field("hand_sizes", n, 0, most, f"cards in each side's hand, {per_side}"),
            Field("seen", n * len(CARDS), 0, 1,
                  "cards of each other side's hand the viewer has been shown (Card Sharp), "
                  "side by side, 54 each (his own side's row is 0)"),
            Field("played", n * len(CARDS), 0, 1, "the cards each side has played, side by side"),
            Field("deck", 1, 0, len(CARDS), "cards left in the deck"),
            Field("under", 1, 0, len(CARDS), "cards put under the deck"),
            Field("own_card_used", n, 0, 1, "each side has played its card of its own actions"),
            Field("opp_card_used", n, 0, 1, "each side has played its card of the others' actions"),
        ]  # fmt: skip
        if self.rule("variable_damage"):
            fields.append(
                Field("turned", len(CARDS), 0, 1, "cards ever flipped for damage, by face")
            )
        if self.rule("high_card"):
            fields.append(
                Field("flipped", len(CARDS), 0, 1, "cards flipped for the order of play, by face")
            )
        if self.rule("poker_order"):
            fields += [
                Field("poker_hand", len(CARDS), 0, 1, "the viewer's poker hand, by face"),
                Field("poker_sizes", n, 0, POKER_HAND, "cards in each side's poker hand"),
                Field("shown", len(CARDS), 0, 1, "poker cards shown, by face"),
            ]
        # The action under way.
        self.pending_kinds = tuple(
            b.kind for b in self.blocks if b.kind not in ("end", "pass", "stay", "play", "discard")
        )
        T = len(self.targets)
        shots = 6 if self.rule("fan_fire") else 4 if self.rule("two_pistols") else 2
        # Two rolls (a shotgun), each two hits at most (a natural 12, Deadly
        # Shots), and with Variable Damage each hit up to four (an ace).
        hits = 2 * 2 * (4 if self.rule("variable_damage") else 1)
        fields += [
            Field("pending_kind", len(self.pending_kinds), 0, 1,
                  "the kind of the action under way, one-hot: " + ", ".join(self.pending_kinds)),
            Field("pending_figure", F, 0, 1, "the figure acting, one-hot in figure order"),
            Field("pending_aim", T, 0, 1,
                  "the action's (first) target, one-hot: figures then horses"),
            Field("pending_dest", 1, -1, S - 1,
                  "the square its move ends on (-1: none, or off the town)"),
            Field("pending_stage", len(STAGES), 0, 1, "its stage, one-hot: " + ", ".join(STAGES)),
            Field("pending_card", len(CARDS), 0, 1, "the card just played, waiting for answers"),
            Field("pending_target", T, 0, 1, "the target of the shot under way, one-hot"),
            Field("pending_shot", 1, 0, shots, "the shot under way, counted from 0"),
            Field("pending_shots", 1, 0, shots, "shots the action fires"),
            Field("pending_hits", 1, 0, hits, "hits (damage) of the shot under way"),
            Field("answering", len(ANSWERS), 0, 1,
                  "what the side deciding answers, one-hot: " + ", ".join(ANSWERS)),
            Field("ally", F, 0, 1, "the town folk directed now (Friend in Town), one-hot"),
        ]  # fmt: skip
        if self.rule("reaction_fire"):
            fields += [
                Field("react_mover", F, 0, 1, "the figure moving through sight, one-hot"),
                Field("react_square", 1, -1, S - 1, "the square he has entered (-1: none)"),
                Field("react_ready", F, 0, 1, "the asked side's cowboys who may react"),
            ]
        if self.rule("activation_cup") and self.markers:
            m = ", ".join(self.markers)
            fields += [
                Field("cup", len(self.markers), 0, 1, f"markers in the cup ({m})"),
                Field("drawn", len(self.markers), 0, 1, "the marker drawn last, one-hot"),
            ]
        self.layout = ObservationLayout(fields)
        off = self.layout.offset
        self._off = {f.name: off(f.name) for f in fields}
        self._sq = {r: k for k, r in enumerate(self.squares)}
        self._fig = {f: k for k, f in enumerate(self.figures)}
        self._tgt = {t: k for k, t in enumerate(self.targets)}
        self._horse = {h: k for k, h in enumerate(self.horses)}
        self._marker = {m: k for k, m in enumerate(self.markers)}
        self._kind_ix = {k: j for j, k in enumerate(self.pending_kinds)}
        self._plane_of = {item: off(f"plane_{item}") for item in ITEMS}
        self._fig_at = {name: off(f"fig_{name}") for name in self._fig_cols}
        self._fig_facing = {d: off(f"fig_facing_{d}") for d in FACINGS}
        self._fig_in_hand = {s: off(f"fig_in_hand_{s}") for s in SLOTS}
        self._fig_carries = {s: off(f"fig_carries_{s}") for s in SLOTS}
        self._fig_ammo = {s: off(f"fig_ammo_{s}") for s in SLOTS}
        self._fig_jammed = {s: off(f"fig_jammed_{s}") for s in SLOTS}
        self._fig_flags = tuple(
            (flag, off(f"fig_{flag}")) for flag in ("stunned", "knocked", "pinned", "loot")
        )
        if H:
            self._horse_at = {name: off(f"horse_{name}") for name in self._horse_cols}
        # Each side's column and plane; the bystanders' (side -1) last.
        self._side_col = [off(f"fig_side{s + 1}") for s in range(n)]
        self._side_plane = [off(f"plane_side{s + 1}") for s in range(n)]
        if bystanders:
            self._side_col.append(off("fig_bystander"))
            self._side_plane.append(off("plane_bystanders"))
        #: The ones that never change: each figure's side, and whether he is
        #: a cowboy.
        self._static = tuple(self._side_col[f.side] + k for k, f in enumerate(figs0)) + tuple(
            off("fig_cowboy") + k for k, f in enumerate(figs0) if f.id[0] == "C"
        )

    def observe(self, view: Mapping[str, Any], player: int | None) -> np.ndarray:
        """The vector of ``view`` (``state.view(player)``).

        The places of the ones (each one added: the planes count) and the
        other numbers with their places are gathered in lists and the
        vector made from them at once, quicker than writing into the array
        number by number; a zero is not written."""
        o = self._off
        n = self.num_players
        sq = self._sq
        fig = self._fig
        tgt = self._tgt
        ones: list[int] = list(self._static)
        at: list[int] = []
        val: list[float] = []
        one = ones.append
        put = at.append
        value = val.append
        if player is not None:
            one(o["me"] + player)
        mover = view["to_move"]
        if mover is not None and mover >= 0:
            one(o["to_move"] + mover)
        one(o["active"] + view["active"])
        one(o["phase"] + _PHASE[view["phase"]])
        put(o["turn"])
        value(view["turn"])
        for k, side in enumerate(view["order"]):
            one(o["order"] + k * n + side)
        if view["winner"] is not None:
            one(o["winner"] + view["winner"])
        # The figures: the planes and the table, a column per field.
        c = self._fig_at
        side_plane = self._side_plane
        facing_col, hand_col = self._fig_facing, self._fig_in_hand
        carries_col, ammo_col, jammed_col = self._fig_carries, self._fig_ammo, self._fig_jammed
        bodies = o["plane_bodies"]
        standing_col, down_col, gone_col = c["standing"], c["down"], c["gone"]
        health_col, square_col, mod_col, bonus_col = (
            c["health"],
            c["square"],
            c["modifier"],
            c["bonus"],
        )
        mounted_col, actions_col = c["mounted"], c["actions"]
        flags = self._fig_flags
        for fv in view["figures"]:
            k = fig[fv["id"]]
            side = fv["side"]
            where = fv["square"]
            here = -1 if where is None else sq[where]
            down = fv["down"]
            standing = not down and here >= 0
            if standing:
                one(side_plane[side] + here)
                one(standing_col + k)
            elif down:
                one(down_col + k)
                if here >= 0:
                    one(bodies + here)
            if fv["gone"]:
                one(gone_col + k)
            put(health_col + k)
            value(fv["health"])
            put(square_col + k)
            value(here)
            one(facing_col[fv["facing"]] + k)
            if fv["modifier"]:
                put(mod_col + k)
                value(fv["modifier"])
            if fv["bonus"]:
                put(bonus_col + k)
                value(fv["bonus"])
            if fv["in_hand"] is not None:
                one(hand_col[fv["in_hand"]] + k)
            for w in fv["weapons"]:
                slot = w["slot"]
                one(carries_col[slot] + k)
                put(ammo_col[slot] + k)
                value(w["ammo"])
                if w["jammed"]:
                    one(jammed_col[slot] + k)
            if fv["horse"] is not None:
                one(mounted_col + k)
            put(actions_col + k)
            value(fv["actions"])
            for flag, col in flags:
                if fv[flag]:
                    one(col + k)
        if self.horses:
            h = self._horse_at
            planes = o["plane_horses"]
            for hv in view["horses"]:
                k = self._horse[hv["id"]]
                where = hv["square"]
                here = -1 if where is None else sq[where]
                if here >= 0:
                    one(planes + here)
                    one(h["alive"] + k)
                put(h["square"] + k)
                value(here)
                put(h["health"] + k)
                value(hv["health"])
                one(h["facing_" + hv["facing"]] + k)
                if hv["rider"] is not None:
                    one(h["ridden"] + k)
                if hv["moved"]:
                    one(h["moved"] + k)
        plane_of = self._plane_of
        for where, item, _ in view["ground"]:
            one(plane_of[item] + sq[where])
        for where in view["obstacles"]:
            one(o["plane_obstacles"] + sq[where])
        # The cards.
        C = len(CARDS)
        for s, hand in enumerate(view["hands"]):
            put(o["hand_sizes"] + s)
            if isinstance(hand, list):
                value(len(hand))
                for card in hand:
                    one(o["hand"] + _CARD[card])
            else:
                value(hand["count"])
                for card in hand["seen"]:
                    one(o["seen"] + s * C + _CARD[card])
        for s, card in set(map(tuple, view["played"])):
            one(o["played"] + s * C + _CARD[card])
        put(o["deck"])
        value(view["deck"])
        put(o["under"])
        value(view["under"])
        used = view["cards_used"]
        for s in range(n):
            if used["own"][s]:
                one(o["own_card_used"] + s)
            if used["opponent"][s]:
                one(o["opp_card_used"] + s)
        if "turned" in o:
            for card in set(view["turned"]):  # a card reshuffled may turn again
                one(o["turned"] + _CARD[card])
        if "flipped" in o:
            for card in set(view["flipped"]):
                one(o["flipped"] + _CARD[card])
        if "poker_hand" in o:
            for s, cards in enumerate(view["poker"]):
                put(o["poker_sizes"] + s)
                if isinstance(cards, list):
                    value(len(cards))
                    for card in cards:
                        one(o["poker_hand"] + _CARD[card])
                else:
                    value(cards["count"])
            for card in view["shown"]:
                one(o["shown"] + _CARD[card])
        # The action under way.
        p = view["pending"]
        dest = -1
        if p is not None:
            act = _parsed(p["action"])
            one(o["pending_kind"] + self._kind_ix[_KIND[type(act)]])
            one(o["pending_figure"] + fig[act.fig])
            aim = getattr(act, "target", None)
            if aim is not None:
                one(o["pending_aim"] + tgt[aim])
            to = getattr(act, "dest", None)
            if to is not None and to != "off":
                dest = sq[to]
            one(o["pending_stage"] + _STAGE[p["stage"]])
            if p["card"] is not None:
                one(o["pending_card"] + _CARD[p["card"]])
            if p["target"] is not None:
                one(o["pending_target"] + tgt[p["target"]])
            for key in ("shot", "shots", "hits"):
                put(o["pending_" + key])
                value(p[key])
        put(o["pending_dest"])
        value(dest)
        if view["answering"] is not None:
            one(o["answering"] + _ANSWER[view["answering"]])
        if view["ally"] is not None:
            one(o["ally"] + fig[view["ally"]])
        if "react_mover" in o:
            r = view["reaction"]
            put(o["react_square"])
            value(-1 if r is None else sq[r["square"]])
            if r is not None:
                one(o["react_mover"] + fig[r["mover"]])
                # a cowboy is listed once for the mover, once for his horse
                for fid in {rv["id"] for rv in r["reactors"]}:
                    one(o["react_ready"] + fig[fid])
        if "cup" in o:
            for m in view["cup"]:
                one(o["cup"] + self._marker[m])
            if view["drawn"] is not None:
                one(o["drawn"] + self._marker[view["drawn"]])
        # The ones counted (a plane may hold two), then the numbers, each in
        # a place of its own (never a one's).
        ones_at = np.fromiter(ones, np.intp, len(ones))
        out = np.bincount(ones_at, minlength=self.layout.size).astype(np.float32)
        out[np.fromiter(at, np.intp, len(at))] = np.fromiter(val, np.float32, len(val))
        return out

    # -- words ---------------------------------------------------------------------------

    def describe_actions(self) -> str:
        """The action numbering as a Markdown table (for the docs)."""
        rows = ["| kind | ids | radix layout |", "|---|---|---|"]
        for b in self.blocks:
            rows.append(f"| `{b.kind}` | {b.start}..{b.stop - 1} | {b.layout()} |")
        return "\n".join(rows)

    def describe_outcomes(self) -> str:
        """The chance outcomes' numbering as a Markdown table."""
        rows = ["| outcome | ids | radix layout |", "|---|---|---|"]
        for b in self.outcome_blocks:
            rows.append(f"| `{b.kind}` | {b.start}..{b.stop - 1} | {b.layout()} |")
        return "\n".join(rows)


#: Each action's kind, as the blocks name it.
_KIND: dict[type, str] = {
    End: "end",
    Pass: "pass",
    Stay: "stay",
    Play: "play",
    Discard: "discard",
    Wait: "wait",
    Move: "move",
    Arm: "arm",
    Pickup: "pickup",
    Reload: "reload",
    Shoot: "shoot",
    Draw: "draw",
    Spin: "spin",
    Fan: "fan",
    Pistols: "pistols",
    Split: "split",
    SpinSplit: "spin_split",
    Fist: "fist",
    ShootMove: "shoot_move",
    MoveShoot: "move_shoot",
    React: "react",
}


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Any:
    """The action under way, read back from the view's notation."""
    return parse_action(text)


def _poker_hand(state: Any) -> tuple[str, ...]:
    """The deciding side's poker hand, sorted as the notation sorts a draw."""
    return Discard(tuple(state.poker[state.active])).cards


def _item_counts(pieces: Any) -> dict[str, int]:
    """How many of each item could ever lie on the ground: every weapon of
    the setup, and the loot (on the ground or carried)."""
    counts = dict.fromkeys(ITEMS, 0)
    for f in pieces.figures:
        for h in f.weapons:
            counts[h.weapon.value] += 1
        counts["loot"] += f.loot
    for d in pieces.ground:
        counts[d.item] += 1
    return counts


@cache
def _encoding(options: CowboysOptions) -> CowboysEncoding:
    from saloon.games.cowboys import setup_of

    setup = setup_of(options)
    rules = rules_in_play(options, setup.optional)
    return CowboysEncoding(setup, rules, load_deck(options.cards))


def cowboys_encoding(options: CowboysOptions) -> CowboysEncoding:
    """The encoding of the scenario and rules ``options`` name, built once
    per options.

    >>> from saloon.games.cowboys.options import CowboysOptions
    >>> cowboys_encoding(CowboysOptions()) is cowboys_encoding(CowboysOptions())
    True
    """
    return _encoding(options)

"""Cowboys' game cards: the 54-card deck, its effects, and its poker ranks.

Every card is at once a game card with an effect (Cowboys rulebook, "Game
Cards", "Card Play") and a card of a poker deck of 52 plus two jokers, whose
rank the Advanced Rules read (Variable Damage; Advanced Optional Rules 6
and 7). The rulebook prints four cards only; the whole deck is authored in
``content/cards.toml``, marked ``reconstructed`` (ruling CW-R2), and a
player can load his own with :func:`load_deck`; a malformed file raises
:class:`~saloon.core.errors.ContentError` naming the file and the key.

A card is written by its face: rank (2-10, J, Q, K, A) then suit (C, D, H,
S), or ``JK1`` / ``JK2`` for the jokers. Cards are equal when their faces
are: the effect is what a deck says the face does.

>>> deck = load_deck()
>>> len(deck), str(deck.card("qs")), deck.card("QS").name
(54, 'QS', 'Critical Hit')
>>> deck.card("2S").window, deck.card("2S").effect, deck.card("2S").number("bonus")
(<Window.OWN_BEFORE_SHOT: 'own_before_shot'>, <Effect.SHOT_BONUS: 'shot_bonus'>, 2)

Each effect is played in one window (:class:`Window`): the engine opens a
decision, with ``pass``, wherever a card in a player's hand could be played.
A player plays at most one card during his own actions of a turn and one
during his opponent's (Cowboys rulebook, "Card Play").
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from functools import cache
from types import MappingProxyType
from typing import Any

import saloon.games.cowboys._frozen  # noqa: F401  (read-only tables pickle)
from saloon.core.errors import ContentError, NotationError, shown
from saloon.games.cowboys.shotchart import (
    content_header,
    content_int,
    content_str,
    read_content,
)

#: Cards a side may play per turn during its own actions, and during the
#: opponent's (Cowboys rulebook, "Card Play").
CARDS_IN_OWN_ACTIONS = 1
CARDS_IN_OPPONENT_ACTIONS = 1

#: Suits, in the deck's order: clubs, diamonds, hearts, spades.
SUITS = ("C", "D", "H", "S")
SUIT_NAMES = MappingProxyType({"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"})
#: Ranks 2..14 (11 jack, 12 queen, 13 king, 14 ace).
RANKS = tuple(range(2, 15))
_RANK_TEXT = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
_TEXT_RANK = {t: r for r, t in _RANK_TEXT.items()}
JOKERS = (1, 2)
#: The deck has this many cards: 52 and two jokers.
DECK_SIZE = 54


class Window(StrEnum):
    """When a card may be played (Cowboys rulebook, "Card Play": at the start
    of a figure's move or shoot action in your own turn; just after an
    announcement in the opponent's; a card's own text may say otherwise,
    as Critical Hit and Dead Eye do)."""

    #: Your turn: one of your figures is starting a move or a shoot action.
    OWN_ACTION_START = "own_action_start"
    #: Your turn: one of your figures is starting a move action.
    OWN_MOVE_START = "own_move_start"
    #: Your turn: one of your figures is starting a shoot action, before any roll.
    OWN_SHOOT_START = "own_shoot_start"
    #: Your turn: during a shoot action, before any one of its shots is rolled.
    OWN_BEFORE_SHOT = "own_before_shot"
    #: Your turn: one of your shots has just been found to hit (a shotgun
    #: shot once both its rolls are known; with Variable Damage once its
    #: damage cards are turned), before its damage is marked.
    OWN_AFTER_HIT = "own_after_hit"
    #: The opponent's turn: he has just announced a move or shoot action, or
    #: played a card.
    OPPONENT_ANNOUNCED = "opponent_announced"
    #: Never: a blank card (a card a scenario forbids).
    NEVER = "never"

    @property
    def own(self) -> bool:
        """Whether a card played here counts as the one card of one's own
        actions (else as the one card of the opponent's actions).

        >>> Window.OWN_AFTER_HIT.own, Window.OPPONENT_ANNOUNCED.own
        (True, False)
        """
        return self.value.startswith("own_")


class Effect(StrEnum):
    """What a card does (Cowboys rulebook, "Game Cards": a card says what
    it does and may override the rules; ruling CW-C12); each kind's
    parameters and windows are in :data:`EFFECTS`. "The figure" is the one
    whose action opened the window; "your" means the side playing the card."""

    #: One of your cowboys whose printed modifier is at most ``max_modifier``,
    #: or one of your town folk, adds ``bonus`` to every shot for the rest of
    #: the scenario (A Good Day for a Killing).
    LASTING_BONUS = "lasting_bonus"
    #: The figure may, this turn, follow its move with a second move action
    #: or with a shoot action (Adrenaline).
    DOUBLE_ACTION = "double_action"
    #: ``bonus`` on the one shot about to be rolled; both rolls of a shotgun
    #: shot (Dead Eye).
    SHOT_BONUS = "shot_bonus"
    #: ``bonus`` on every shot of the shoot action starting.
    ACTION_BONUS = "action_bonus"
    #: The hits of the shot just found to hit are multiplied by ``factor``
    #: (Critical Hit).
    DAMAGE_MULTIPLIER = "damage_multiplier"
    #: The target just hit, if still standing, is knocked down: dismounted
    #: into its square if mounted, and it may not take a move action in its
    #: side's next turn (it may still shoot).
    KNOCK_DOWN = "knock_down"
    #: The announced shoot action that fires a weapon is lost: no roll, no
    #: ammunition spent, the figure has acted. With ``until_reload`` that
    #: weapon cannot fire until a reload action (town folk's too).
    JAM = "jam"
    #: The announced action (the figure has still acted), or the card just
    #: played (it is still spent), has no effect; ``answers`` says which of
    #: the two it may cancel: ``action``, ``card`` or ``any``.
    NEGATE = "negate"
    #: Look at every card in one opposing side's hand.
    LOOK_HAND = "look_hand"
    #: One weapon of the figure (``all_weapons``: every one) is fully
    #: loaded at once, and its action goes ahead.
    SPEED_LOAD = "speed_load"
    #: The figure has ``squares`` extra movement points for this move.
    RUN = "run"
    #: One of your wounded cowboys regains ``health`` (and the movement that
    #: goes with it), never above 4.
    HEAL = "heal"
    #: Before the figure acts, one town folk not on your side takes one move
    #: or shoot action that you direct; this does not use up its own action.
    ALLY = "ally"
    #: No effect: a card a scenario forbids (Cowboys rulebook, "Card Play").
    BLANK = "blank"


#: A parameter's value: a whole number, a flag or a word.
ParamValue = int | bool | str


@dataclass(frozen=True)
class Param:
    """An effect parameter: its default and its range (``lo``..``hi`` for a
    number, ``choices`` for a word; a bool default makes a flag)."""

    default: ParamValue
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class EffectSpec:
    """The windows an effect kind may be played in, and its parameters."""

    windows: frozenset[Window]
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))


_STARTS = frozenset({Window.OWN_ACTION_START, Window.OWN_MOVE_START, Window.OWN_SHOOT_START})
_MOVE = frozenset({Window.OWN_MOVE_START})
_AFTER_HIT = frozenset({Window.OWN_AFTER_HIT})
_ANSWER = frozenset({Window.OPPONENT_ANNOUNCED})


def _spec(windows: frozenset[Window], **params: Param) -> EffectSpec:
    return EffectSpec(windows, MappingProxyType(params))


#: The effect vocabulary: every kind, its windows and its parameters.
EFFECTS: Mapping[Effect, EffectSpec] = MappingProxyType(
    {
        Effect.LASTING_BONUS: _spec(_STARTS, bonus=Param(1, 1, 3), max_modifier=Param(1, 0, 2)),
        Effect.DOUBLE_ACTION: _spec(_MOVE),
        Effect.SHOT_BONUS: _spec(frozenset({Window.OWN_BEFORE_SHOT}), bonus=Param(2, 1, 4)),
        Effect.ACTION_BONUS: _spec(frozenset({Window.OWN_SHOOT_START}), bonus=Param(1, 1, 3)),
        Effect.DAMAGE_MULTIPLIER: _spec(_AFTER_HIT, factor=Param(2, 2, 4)),
        Effect.KNOCK_DOWN: _spec(_AFTER_HIT),
        Effect.JAM: _spec(_ANSWER, until_reload=Param(False)),
        Effect.NEGATE: _spec(_ANSWER, answers=Param("any", choices=("action", "card", "any"))),
        Effect.LOOK_HAND: _spec(_STARTS),
        Effect.SPEED_LOAD: _spec(_STARTS, all_weapons=Param(False)),
        Effect.RUN: _spec(_MOVE, squares=Param(2, 1, 6)),
        Effect.HEAL: _spec(_STARTS, health=Param(1, 1, 3)),
        Effect.ALLY: _spec(_STARTS),
        Effect.BLANK: _spec(frozenset({Window.NEVER})),
    }
)

#: What an opponent can announce, to which a card in the window
#: ``opponent_announced`` may answer: a move action, a shoot action that
#: fires a weapon (shoot, draw and shoot, spin and shoot, fan fire...), a
#: reload, a fist fight, or a card.
ANNOUNCEMENTS = ("move", "fire", "reload", "fist_fight", "card")
_ANSWERS = {
    "action": frozenset({"move", "fire", "reload", "fist_fight"}),
    "card": frozenset({"card"}),
    "any": frozenset(ANNOUNCEMENTS),
}

_BLANK_TEXT = "A blank in this scenario: it has no effect, and is kept."


@dataclass(frozen=True)
class Card:
    """One card: its face (``rank`` 2..14 and ``suit``, or ``joker`` 1 or 2
    with rank 0 and no suit) and what the deck says it does.

    Equality and hashing are by face only. ``str(card)`` is its notation,
    which :func:`parse_card` reads back.

    >>> Card(12, "S"), str(Card(10, "H")), str(Card(0, "", joker=2))
    (Card(rank=12, suit='S', joker=0, name=''), '10H', 'JK2')
    >>> Card(12, "S") == load_deck().card("QS")
    True
    """

    rank: int
    suit: str
    joker: int = 0
    name: str = field(default="", compare=False)
    text: str = field(default="", compare=False, repr=False)
    window: Window = field(default=Window.NEVER, compare=False, repr=False)
    effect: Effect = field(default=Effect.BLANK, compare=False, repr=False)
    params: Mapping[str, ParamValue] = field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False
    )
    #: Whether the rulebook prints this card's effect (else Saloon's).
    printed: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.joker:
            ok = self.joker in JOKERS and self.rank == 0 and self.suit == ""
        else:
            ok = self.rank in RANKS and self.suit in SUITS
        if not ok or isinstance(self.rank, bool) or isinstance(self.joker, bool):
            raise ValueError(
                f"no such card: rank {shown(self.rank)}, suit {shown(self.suit)}, "
                f"joker {shown(self.joker)}"
            )

    def __str__(self) -> str:
        if self.joker:
            return f"JK{self.joker}"
        return _RANK_TEXT[self.rank] + self.suit

    @property
    def is_joker(self) -> bool:
        return self.joker != 0

    @property
    def is_blank(self) -> bool:
        """Whether the card has no effect (a scenario forbids it)."""
        return self.effect is Effect.BLANK

    def number(self, key: str) -> int:
        """The whole-number parameter ``key`` of this card's effect."""
        value = self.params[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{self}: {key} is not a number")
        return value

    def flag(self, key: str) -> bool:
        """The yes/no parameter ``key`` of this card's effect."""
        value = self.params[key]
        if not isinstance(value, bool):
            raise TypeError(f"{self}: {key} is not a flag")
        return value

    def word(self, key: str) -> str:
        """The word parameter ``key`` of this card's effect."""
        value = self.params[key]
        if not isinstance(value, str):
            raise TypeError(f"{self}: {key} is not a word")
        return value

    def answers(self, announcement: str) -> bool:
        """Whether this card may be played just after the opponent announces
        ``announcement`` (one of :data:`ANNOUNCEMENTS`).

        >>> deck = load_deck()
        >>> deck.card("2C").answers("fire"), deck.card("2C").answers("move")
        (True, False)
        >>> deck.card("JC").answers("move"), deck.card("JC").answers("card")
        (True, False)
        """
        if announcement not in ANNOUNCEMENTS:
            raise ValueError(
                f"{shown(announcement)} is not an announcement: {', '.join(ANNOUNCEMENTS)}"
            )
        if self.window is not Window.OPPONENT_ANNOUNCED:
            return False
        if self.effect is Effect.JAM:
            return announcement == "fire"
        if self.effect is Effect.NEGATE:
            return announcement in _ANSWERS[self.word("answers")]
        return False  # pragma: no cover - every answering kind is above

    def blank(self) -> Card:
        """This card as a blank: same face and name, no effect, never
        played (Cowboys rulebook, "Card Play": a card a scenario forbids).

        >>> c = load_deck().card("10H").blank()
        >>> c.is_blank, c.window, c.name, c == load_deck().card("10H")
        (True, <Window.NEVER: 'never'>, 'Adrenaline', True)
        """
        return replace(
            self,
            text=_BLANK_TEXT,
            window=Window.NEVER,
            effect=Effect.BLANK,
            params=MappingProxyType({}),
        )


def _face(text: str) -> tuple[int, str, int] | None:
    """``(rank, suit, joker)`` of the notation ``text`` (any case), or None."""
    t = text.strip()
    if not t.isascii():  # "ſ".upper() is "S": only ASCII letters name a card
        return None
    t = t.upper()
    if t in ("JK1", "JK2"):
        return (0, "", int(t[2]))
    if 2 <= len(t) <= 3 and t[-1] in SUITS and t[:-1] in _TEXT_RANK:
        return (_TEXT_RANK[t[:-1]], t[-1], 0)
    return None


def parse_card(text: str, deck: Deck | None = None) -> Card:
    """The card of ``deck`` (the built-in deck if None) whose notation is
    ``text``, in any case; :class:`NotationError` if there is none.

    >>> parse_card("jk1").name, parse_card(" as ").name
    ('Lady Luck', 'Critical Hit')
    >>> parse_card("1S")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.NotationError: '1S' is not a card: a rank 2-10, J, Q, K or A and a suit ...
    """
    face = _face(text) if isinstance(text, str) and len(text) <= 12 else None
    if face is None:
        raise NotationError(
            f"{shown(text)} is not a card: a rank 2-10, J, Q, K or A and a suit "
            "C, D, H or S (10H, QS), or JK1 or JK2"
        )
    return (deck or load_deck()).by_face[Card(*face)]


#: When a card may be played, in a few words (the hand, the choices).
WINDOW_WORDS: Mapping[Window, str] = MappingProxyType(
    {
        Window.OWN_ACTION_START: "as your figure starts an action",
        Window.OWN_MOVE_START: "as your figure starts a move",
        Window.OWN_SHOOT_START: "as your figure starts to shoot",
        Window.OWN_BEFORE_SHOT: "before your shot is rolled",
        Window.OWN_AFTER_HIT: "after your shot hits",
        Window.OPPONENT_ANNOUNCED: "answers the opponent",
        Window.NEVER: "never played",
    }
)

_TIMES = {2: "double", 3: "triple", 4: "four times the"}


def effect_words(card: Card) -> str:
    """What ``card`` does, in a short clause read beside its name (the
    hand, the log of a card played); the card's :attr:`~Card.text` says it
    in full, with when it is played (ruling CW-C12).

    >>> deck = load_deck()
    >>> for face in ("2S", "6S", "QS", "5C", "10D"):
    ...     print(face, effect_words(deck.card(face)))
    2S +2 on one shot
    6S +1 on every shot of the action
    QS the shot does double damage
    5C the announced shot is lost and the weapon jams until reloaded
    10D cancels the announced action or the card just played
    """
    e = card.effect
    if e is Effect.LASTING_BONUS:
        top = card.number("max_modifier")
        return (
            f"+{card.number('bonus')} on every shot of one of your figures (a cowboy of "
            f"+{top} or less) for the rest of the scenario"
        )
    if e is Effect.DOUBLE_ACTION:
        return "the figure may follow its move with another move or a shoot action"
    if e is Effect.SHOT_BONUS:
        return f"+{card.number('bonus')} on one shot"
    if e is Effect.ACTION_BONUS:
        return f"+{card.number('bonus')} on every shot of the action"
    if e is Effect.DAMAGE_MULTIPLIER:
        factor = card.number("factor")
        return f"the shot does {_TIMES.get(factor, f'{factor} times the')} damage"
    if e is Effect.KNOCK_DOWN:
        return "the target, if still standing, is knocked down: he may not move next turn"
    if e is Effect.JAM:
        if card.flag("until_reload"):
            return "the announced shot is lost and the weapon jams until reloaded"
        return "the announced shot is lost"
    if e is Effect.NEGATE:
        return {
            "action": "cancels the announced action",
            "card": "cancels the card just played",
            "any": "cancels the announced action or the card just played",
        }[card.word("answers")]
    if e is Effect.LOOK_HAND:
        return "look at an opposing side's hand"
    if e is Effect.SPEED_LOAD:
        if card.flag("all_weapons"):
            return "every weapon of the figure fully loaded at once"
        return "one weapon of the figure fully loaded at once"
    if e is Effect.RUN:
        return f"{card.number('squares')} more movement points for the move"
    if e is Effect.HEAL:
        return f"a wounded cowboy of yours gets back {card.number('health')} health"
    if e is Effect.ALLY:
        return "a town folk not on your side takes one action you direct"
    return "a blank in this scenario, with no effect"


def card_words(card: Card) -> str:
    """A card as the hand and the choices show it: ``QS Critical Hit: the
    shot does double damage (after your shot hits)``.

    >>> card_words(load_deck().card("2S"))
    'Dead Eye: +2 on one shot (before your shot is rolled)'
    """
    return f"{card.name}: {effect_words(card)} ({WINDOW_WORDS[card.window]})"


# --- what a referee types: a card as printed ---------------------------------

_RANK_WORDS = {
    **{str(r): r for r in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "TWO": 2,
    "THREE": 3,
    "FOUR": 4,
    "FIVE": 5,
    "SIX": 6,
    "SEVEN": 7,
    "EIGHT": 8,
    "NINE": 9,
    "TEN": 10,
    "JACK": 11,
    "QUEEN": 12,
    "KING": 13,
    "ACE": 14,
}
_SUIT_WORDS = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "CLUB": "C",
    "CLUBS": "C",
    "DIAMOND": "D",
    "DIAMONDS": "D",
    "HEART": "H",
    "HEARTS": "H",
    "SPADE": "S",
    "SPADES": "S",
    "\u2663": "C",
    "\u2667": "C",
    "\u2666": "D",
    "\u2662": "D",
    "\u2665": "H",
    "\u2661": "H",
    "\u2660": "S",
    "\u2664": "S",
}
_SUIT_SYMBOLS = "\u2663\u2667\u2666\u2662\u2665\u2661\u2660\u2664"

#: How a referee may type a card, for the prompts.
CARD_TYPING = (
    "rank and suit as printed (QH, 10S, 7 of clubs, Q\u2665), or a joker by its "
    "number or name (joker 1, JK2, Lady Luck)"
)


def read_card(text: str, deck: Deck | None = None) -> Card:
    """The card a referee typed as he reads it off the real card: the
    notation (``QH``, ``10s``, ``jk1``), a rank and suit in any order and
    case, words or suit symbols (``10 S``, ``queen of hearts``, ``Q\u2665``,
    ``T\u2660``), or a joker: ``joker 1``, ``joker2``, or by its name in
    ``deck`` (``Lady Luck``); ``joker`` alone when the deck has one joker.
    :class:`NotationError` says what was not understood; a deck with two
    jokers asks which one was meant (their names say), so a referee never
    has to know the engine's numbering.

    >>> [str(read_card(t)) for t in ("qh", "10S", "10 of spades", "Q\u2665", "t s", "Ace Clubs")]
    ['QH', '10S', '10S', 'QH', '10S', 'AC']
    >>> [str(read_card(t)) for t in ("joker 2", "JK1", "lady luck")]
    ['JK2', 'JK1', 'JK1']
    >>> read_card("joker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.NotationError: 'joker': which joker? joker 1 (Lady Luck) or joker 2 ...
    """
    deck = deck or load_deck()
    if not isinstance(text, str) or len(text) > 40:
        raise NotationError(f"{shown(text)} is not a card: {CARD_TYPING}")
    face = _face(text)
    if face is not None:
        return deck.by_face[Card(*face)]
    t = " ".join(text.strip().split())
    jokers = [c for c in deck if c.is_joker]
    for c in jokers:
        if c.name and t.casefold() == c.name.casefold():
            return c
    low = t.casefold().replace(" ", "")
    if low.startswith("joker"):
        rest = low[len("joker") :]
        if rest in ("1", "2"):
            return deck.by_face[Card(0, "", int(rest))]
        if not rest and len(jokers) == 1:
            return jokers[0]
        if not rest:
            which = " or ".join(f"joker {c.joker} ({c.name})" for c in jokers)
            raise NotationError(f"{shown(text)}: which joker? {which}")
    # Rank and suit, as words, letters or symbols, with "of" between.
    spaced = t.upper()
    for sym in _SUIT_SYMBOLS:
        spaced = spaced.replace(sym, f" {sym} ")
    words = [w for w in spaced.split() if w != "OF"]
    if len(words) == 1 and len(words[0]) >= 2:
        w = words[0]
        words = [w[:-1], w[-1]]
    if len(words) == 2:
        for rank_w, suit_w in (words, words[::-1]):
            rank, suit = _RANK_WORDS.get(rank_w), _SUIT_WORDS.get(suit_w)
            if rank is not None and suit is not None:
                return deck.by_face[Card(rank, suit)]
    raise NotationError(f"{shown(text)} is not a card: {CARD_TYPING}")


@dataclass(frozen=True)
class Damage:
    """A Variable Damage card's result (Cowboys rulebook, Advanced Rules,
    "Variable Damage"): the hits it marks, whether the target is pinned (it
    may not move the next time it would act), and whether the hit became a
    miss."""

    hits: int
    pinned: bool = False
    miss: bool = False


def variable_damage(card: Card) -> Damage:
    """The hits a hit marks when ``card`` is turned for Variable Damage:
    a joker turns the hit into a miss, a 2 grazes (no damage, pinned), 3-10
    one hit, a jack or queen two, a king three, an ace four.

    >>> [variable_damage(parse_card(t)).hits for t in ("3C", "10D", "JH", "QS", "KC", "AD")]
    [1, 1, 2, 2, 3, 4]
    >>> variable_damage(parse_card("2H")), variable_damage(parse_card("JK2"))
    (Damage(hits=0, pinned=True, miss=False), Damage(hits=0, pinned=False, miss=True))
    """
    if card.joker:
        return Damage(0, miss=True)
    if card.rank == 2:
        return Damage(0, pinned=True)
    if card.rank <= 10:
        return Damage(1)
    return Damage({11: 2, 12: 2, 13: 3, 14: 4}[card.rank])


def high_card_value(card: Card) -> int:
    """A card's value in a flip for the play order (Advanced Optional Rule 6,
    high card wins): its rank, 2 to 14 (ace high); a joker is worth 1, below
    every other card, as in Variable Damage where it is a miss (CW-C9).

    >>> high_card_value(parse_card("AS")), high_card_value(parse_card("JK1"))
    (14, 1)
    """
    return 1 if card.joker else card.rank


# --- poker (Advanced Optional Rule 7: five-card draw) ------------------------


class HandCategory(IntEnum):
    """Poker hand categories, weakest first; five of a kind exists only
    with wild jokers."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


@dataclass(frozen=True, order=True)
class PokerHand:
    """A hand's rank: its category, then the ranks that break ties, most
    significant first (the grouped ranks, then the kickers; a straight's
    top card, 5 for A-2-3-4-5). Compare hands with ``<``, ``==``; equal
    hands split (suits never rank)."""

    category: HandCategory
    ranks: tuple[int, ...]

    def __str__(self) -> str:
        words = self.category.name.lower().replace("_", " ")
        return f"{words} ({' '.join(_RANK_TEXT.get(r, '-') for r in self.ranks)})"


def _rank_faces(faces: Sequence[tuple[int, str]], dead: int = 0) -> PokerHand:
    """The rank of natural ``faces`` (up to five) plus ``dead`` dead cards."""
    ranks = sorted((r for r, _ in faces), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups) + (1,) * dead
    shape = tuple(c for _, c in groups)
    top = None
    if len(faces) == 5 and len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    flush = len(faces) == 5 and len({s for _, s in faces}) == 1
    if top is not None and flush:
        return PokerHand(HandCategory.STRAIGHT_FLUSH, (top,))
    if shape[0] == 4:
        return PokerHand(HandCategory.FOUR_OF_A_KIND, order)
    if shape[:2] == (3, 2):
        return PokerHand(HandCategory.FULL_HOUSE, order)
    if flush:
        return PokerHand(HandCategory.FLUSH, order)
    if top is not None:
        return PokerHand(HandCategory.STRAIGHT, (top,))
    if shape[0] == 3:
        return PokerHand(HandCategory.THREE_OF_A_KIND, order)
    if shape[:2] == (2, 2):
        return PokerHand(HandCategory.TWO_PAIR, order)
    if shape[0] == 2:
        return PokerHand(HandCategory.PAIR, order)
    return PokerHand(HandCategory.HIGH_CARD, order)


_ALL_FACES = tuple((r, s) for s in SUITS for r in RANKS)


def poker_hand(cards: Iterable[Card], *, jokers_wild: bool = True) -> PokerHand:
    """The rank of a five-card poker hand (Advanced Optional Rule 7).

    Jokers are wild by default (CW-C10): each stands for the card, not
    already in the hand, that makes the best hand, and a joker with four
    (or two with three) of a rank make five of a kind, the best hand of
    all. With ``jokers_wild=False`` a joker is a dead card: it pairs with
    nothing, completes no straight or flush, and is the lowest kicker.

    >>> def hand(text, **kw):
    ...     return str(poker_hand([parse_card(t) for t in text.split()], **kw))
    >>> hand("AS KS QS JS 10S"), hand("5D 4C 3H 2S AC")
    ('straight flush (A)', 'straight (5)')
    >>> hand("KH KD 5S 5C 5H"), hand("9C 9D JK1 4S 2H"), hand("9C 9D JK1 4S 2H", jokers_wild=False)
    ('full house (5 K)', 'three of a kind (9 4 2)', 'pair (9 4 2 -)')
    >>> poker_hand([parse_card(t) for t in "AS AH AD JK1 JK2".split()]).category.name
    'FIVE_OF_A_KIND'
    """
    hand = list(cards)
    if len(hand) != 5 or len(set(hand)) != 5:
        raise ValueError(f"a poker hand is five different cards, not {shown(hand)}")
    faces = [(c.rank, c.suit) for c in hand if not c.joker]
    jokers = 5 - len(faces)
    if not jokers:
        return _rank_faces(faces)
    if not jokers_wild:
        return _rank_faces(faces, dead=jokers)
    if len({r for r, _ in faces}) == 1:
        return PokerHand(HandCategory.FIVE_OF_A_KIND, (faces[0][0],))
    free = [f for f in _ALL_FACES if f not in faces]
    return max(_rank_faces(faces + list(sub)) for sub in itertools.combinations(free, jokers))


# --- the deck -----------------------------------------------------------------


def all_faces() -> tuple[Card, ...]:
    """The 54 faces in the deck's order: clubs, diamonds, hearts, spades,
    each 2 to ace, then JK1 and JK2 (bare cards, no effect).

    >>> [str(c) for c in all_faces()][:3], len(all_faces())
    (['2C', '3C', '4C'], 54)
    """
    return tuple(Card(r, s) for s in SUITS for r in RANKS) + tuple(
        Card(0, "", joker=j) for j in JOKERS
    )


@dataclass(frozen=True, eq=False)
class Deck:
    """The 54 cards, in the order of :func:`all_faces`, with where they came
    from and whether they are Saloon's reconstruction."""

    source: str
    reconstructed: bool
    reason: str
    cards: tuple[Card, ...]
    #: Each card by its face (a bare ``Card(rank, suit)`` finds it).
    by_face: Mapping[Card, Card] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_face", MappingProxyType({c: c for c in self.cards}))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def card(self, text: str) -> Card:
        """The card whose notation is ``text`` (:func:`parse_card`)."""
        return parse_card(text, self)

    def named(self, name: str) -> tuple[Card, ...]:
        """Every card called ``name`` (any case).

        >>> [str(c) for c in load_deck().named("critical hit")]
        ['QS', 'KS', 'AS']
        """
        key = name.strip().casefold()
        return tuple(c for c in self.cards if c.name.casefold() == key)

    def with_forbidden(
        self, forbidden: Iterable[object], *, source: str = "scenario", key: str = "forbidden"
    ) -> Deck:
        """This deck with the cards a scenario forbids made blanks (Cowboys
        rulebook, "Card Play"; :meth:`Card.blank`). Each item of
        ``forbidden`` names a face (``10H``), a card name (``Adrenaline``)
        or an effect kind (``heal``); one that names nothing in this deck is
        a ContentError naming ``source`` and ``key``.

        >>> deck = load_deck().with_forbidden(["Adrenaline", "JK1"])
        >>> [str(c) for c in deck if c.is_blank]
        ['10H', 'JH', 'QH', 'JK1']
        >>> load_deck().with_forbidden(["Gatling"], source="duel.toml")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        saloon.core.errors.ContentError: duel.toml: forbidden[0] 'Gatling' is not a card, ...
        """
        banned: set[Card] = set()
        for i, item in enumerate(forbidden):
            hits: tuple[Card, ...] = ()
            if isinstance(item, str) and len(item) <= 100:
                face = _face(item)
                kind = item.strip().lower()
                if face is not None:
                    hits = (Card(*face),)
                elif kind in {e.value for e in Effect} and kind != Effect.BLANK:
                    hits = tuple(c for c in self.cards if c.effect == kind)
                else:
                    hits = self.named(item)
            if not hits:
                raise ContentError(
                    f"{source}: {key}[{i}] {shown(item)} is not a card, a card name "
                    "or an effect kind of this deck"
                )
            banned.update(hits)
        cards = tuple(c.blank() if c in banned else c for c in self.cards)
        return replace(self, cards=cards)


@dataclass(frozen=True)
class _CardType:
    name: str
    text: str
    window: Window
    effect: Effect
    params: Mapping[str, ParamValue]
    printed: bool


_TYPE_KEYS = ("name", "text", "window", "effect", "printed")


def _card_type(source: str, where: str, data: object) -> _CardType:
    if not isinstance(data, dict):
        raise ContentError(f"{source}: {where} must be a table with name, text, window, effect")
    kind = data.get("effect")
    if not isinstance(kind, str) or kind not in {e.value for e in Effect}:
        raise ContentError(
            f"{source}: {where}.effect must be one of {', '.join(Effect)}, not {shown(kind)}"
        )
    effect = Effect(kind)
    spec = EFFECTS[effect]
    window = data.get("window")
    if not isinstance(window, str) or window not in {w.value for w in spec.windows}:
        allowed = ", ".join(sorted(w.value for w in spec.windows))
        raise ContentError(
            f"{source}: {where}.window must be {allowed} for a {effect} card, not {shown(window)}"
        )
    for key in data:
        if key not in _TYPE_KEYS and key not in spec.params:
            names = ", ".join(spec.params) or "none"
            raise ContentError(
                f"{source}: {where}.{shown(key)} is not a key of a {effect} card "
                f"(its parameters: {names})"
            )
    params: dict[str, ParamValue] = {}
    for key, p in spec.params.items():
        value = data.get(key, p.default)
        if isinstance(p.default, bool):
            if not isinstance(value, bool):
                raise ContentError(f"{source}: {where}.{key} must be true or false")
        elif isinstance(p.default, int):
            value = content_int(source, f"{where}.{key}", value, p.lo, p.hi)
        elif value not in p.choices:
            raise ContentError(
                f"{source}: {where}.{key} must be one of {', '.join(p.choices)}, not {shown(value)}"
            )
        params[key] = value
    printed = data.get("printed", False)
    if not isinstance(printed, bool):
        raise ContentError(f"{source}: {where}.printed must be true or false")
    return _CardType(
        name=content_str(source, f"{where}.name", data.get("name"), limit=60),
        text=content_str(source, f"{where}.text", data.get("text"), limit=200),
        window=Window(window),
        effect=effect,
        params=MappingProxyType(params),
        printed=printed,
    )


def load_deck(path: str | None = None) -> Deck:
    """The deck of the user's file ``path``, or the built-in one, validated:
    all 54 faces, each with a known effect kind, a window that kind allows,
    and well-typed parameters; cards of the same name do the same thing.

    >>> load_deck().reconstructed, sum(c.printed for c in load_deck())
    (True, 12)
    """
    return _load_deck(path)


_TOP_KEYS = ("reconstructed", "reason", "types", "cards")


@cache
def _load_deck(path: str | None) -> Deck:
    source, data = read_content(path, "cards.toml")
    reconstructed, reason = content_header(source, data)
    for key in data:
        if key not in _TOP_KEYS:
            raise ContentError(f"{source}: {shown(key)} is not one of {', '.join(_TOP_KEYS)}")
    types_raw = data.get("types", {})
    if not isinstance(types_raw, dict):
        raise ContentError(f"{source}: types must be a table of card types")
    types: dict[str, _CardType] = {}
    for tid, t in types_raw.items():
        if not tid.isprintable() or len(tid) > 40:
            raise ContentError(f"{source}: types.{shown(tid)} needs a short printable name")
        types[tid] = _card_type(source, f"types.{tid}", t)
    cards_raw = data.get("cards")
    if not isinstance(cards_raw, dict):
        raise ContentError(f"{source}: a [cards] table giving each of the 54 faces is missing")
    for key in cards_raw:
        face = _face(key) if len(key) <= 12 else None
        if face is None:
            raise ContentError(
                f"{source}: cards.{shown(key)} is not a card (2-10, J, Q, K, A with C, D, H, S; "
                "JK1, JK2)"
            )
        if str(Card(*face)) != key:
            raise ContentError(f"{source}: cards.{shown(key)} must be written {Card(*face)}")
    cards: list[Card] = []
    by_name: dict[str, tuple[str, _CardType]] = {}
    for face_card in all_faces():
        key = str(face_card)
        if key not in cards_raw:
            raise ContentError(f"{source}: cards.{key} is missing (the deck has all 54 faces)")
        entry: Any = cards_raw[key]
        if isinstance(entry, str):
            if entry not in types:
                raise ContentError(
                    f"{source}: cards.{key} names the type {shown(entry)}, not in [types]"
                )
            ctype = types[entry]
        else:
            ctype = _card_type(source, f"cards.{key}", entry)
        same = by_name.setdefault(ctype.name.casefold(), (key, ctype))
        if (same[1].effect, same[1].window, same[1].params) != (
            ctype.effect,
            ctype.window,
            ctype.params,
        ):
            raise ContentError(
                f"{source}: cards.{key} is called {shown(ctype.name)} like cards.{same[0]} "
                "but does something else; give it another name"
            )
        cards.append(
            replace(
                face_card,
                name=ctype.name,
                text=ctype.text,
                window=ctype.window,
                effect=ctype.effect,
                params=ctype.params,
                printed=ctype.printed,
            )
        )
    return Deck(source=source, reconstructed=reconstructed, reason=reason, cards=tuple(cards))

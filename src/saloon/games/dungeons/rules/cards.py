"""The decks and the hands: drawing, the hand limit, discarding.

Part I, Shuffle and Draw (the Advantage, Heroic Quest and Bounty decks; the
hand limit by strength, counted over the whole hand, and the discard before
a draw at the limit: ruling DG-R2); Part II, Advantage Cards ("all cards are
one-time use"). A card drawn into a hand is told to its holder alone; the
others learn that a card was drawn. Ruling DG-R11: a deck that runs out
draws nothing until the end of the turn, when its discard pile is shuffled
into a new deck.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.games.dungeons.actions import PASS, Draw, Lost, Pick
from saloon.games.dungeons.content import AdvantageCard, QuestCard
from saloon.games.dungeons.rules import common
from saloon.games.dungeons.rules.agenda import Chance, Decision, Step, push
from saloon.games.dungeons.rules.model import Deck

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The words a hand's decks go by (``alliance``: Part III, Alliance).
HAND_DECKS = ("advantage", "quest", "alliance")


def card(s: DungeonsState, cid: str) -> AdvantageCard | QuestCard:
    """The card ``cid`` (an Advantage or a Heroic Quest card)."""
    got = s.index.advantages.get(cid)
    if got is not None:
        return got
    ally = s.index.alliances.get(cid)
    if ally is not None:
        return ally
    return s.index.quests[cid]


def deck_of(s: DungeonsState, cid: str) -> str:
    if cid in s.index.advantages:
        return "advantage"
    return "alliance" if cid in s.index.alliances else "quest"


def card_name(s: DungeonsState, cid: str) -> str:
    return card(s, cid).name


def hand(s: DungeonsState, seat: int) -> tuple[str, ...]:
    """Every card in ``seat``'s hand, Advantage cards first, Alliance cards last."""
    h = s.heroes[seat]
    return h.advantage + h.quests + h.allies


def give(s: DungeonsState, seat: int, deck: str, cid: str) -> None:
    h = s.heroes[seat]
    if deck == "advantage":
        s.heroes[seat] = replace(h, advantage=tuple(sorted((*h.advantage, cid))))
    elif deck == "alliance":
        s.heroes[seat] = replace(h, allies=tuple(sorted((*h.allies, cid))))
    else:
        s.heroes[seat] = replace(h, quests=tuple(sorted((*h.quests, cid))))


def take(s: DungeonsState, seat: int, cid: str) -> None:
    """``cid`` leaves ``seat``'s hand (the caller says where it goes)."""
    h = s.heroes[seat]
    if cid in h.advantage:
        a = list(h.advantage)
        a.remove(cid)
        s.heroes[seat] = replace(h, advantage=tuple(a))
    elif cid in h.allies:
        x = list(h.allies)
        x.remove(cid)
        s.heroes[seat] = replace(h, allies=tuple(x))
    else:
        q = list(h.quests)
        q.remove(cid)
        s.heroes[seat] = replace(h, quests=tuple(q))


def discard(s: DungeonsState, cid: str) -> None:
    """A card goes face up onto its deck's discard pile."""
    deck = deck_of(s, cid)
    s.discards[deck] = (*s.discards[deck], cid)


def spend(s: DungeonsState, seat: int, cid: str) -> None:
    """A card played leaves the hand for the discard pile (one-time use)."""
    take(s, seat, cid)
    discard(s, cid)


def build_deck(ids: list[str]) -> Deck:
    return Deck(cards=tuple(sorted(ids)))


def refill(s: DungeonsState) -> None:
    """Ruling DG-R11: at the end of a turn an empty Advantage or Heroic
    Quest deck takes its shuffled discard pile."""
    for name in HAND_DECKS:
        if name in s.decks and s.decks[name].size == 0 and s.discards[name]:
            s.decks[name] = Deck(cards=tuple(sorted(s.discards[name])))
            s.discards[name] = ()
            s.say("shuffle", f"The {_deck_words(name)} discard pile is shuffled into a new deck.")


def _deck_words(name: str) -> str:
    return {
        "advantage": "Advantage",
        "quest": "Heroic Quest",
        "alliance": "Alliance",
        "bounty": "Bounty",
    }[name]


# -- drawing ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawCard(Step):
    """``seat`` draws a card from ``deck``: nothing if the deck is empty;
    at the hand limit, first the choice to discard (ruling DG-R2). ``must``:
    the draw was paid for (an Advantage card bought), so the discard is
    not optional."""

    seat: int
    deck: str
    must: bool = False

    def run(self, s: DungeonsState) -> None:
        if s.decks[self.deck].size == 0:
            s.say(
                "draw",
                f"The {_deck_words(self.deck)} deck is empty: {s.name(self.seat)} draws nothing.",
            )
            return
        h = s.heroes[self.seat]
        if h.hand_size >= common.hand_limit(s, self.seat):
            if h.hand_size == 0:
                return
            push(s, HandLimit(self.seat, self.deck, self.must))
            return
        push(s, DrawNode(self.seat, self.deck))


@dataclass(frozen=True, slots=True)
class HandLimit(Decision):
    """At the hand limit before a draw: discard a card first, or ``pass``
    and draw nothing (ruling DG-R2). The card is drawn once the hand is
    below the limit (Part I, Shuffle and Draw, GM's Note), so a hand over
    it takes a discard for every card too many, and one more."""

    seat: int
    deck: str
    must: bool = False

    def legal(self, s: DungeonsState) -> list[Action]:
        out: list[Action] = [Pick("discard", c) for c in dict.fromkeys(hand(s, self.seat))]
        if not self.must:
            out.append(PASS)
        return out

    def prompt(self, s: DungeonsState) -> str:
        card = common.article(_deck_words(self.deck))
        if self.must:
            # The draw was paid for: no pass is offered, so none is named.
            paid = _deck_words(self.deck)
            return f"at the hand limit: discard a card to draw the {paid} card paid for"
        return f"at the hand limit: discard a card to draw {card} card, or pass"

    def answer(self, s: DungeonsState, action: Action) -> None:
        if isinstance(action, Pick):
            spend(s, self.seat, action.value)
            s.say(
                "discard",
                f"{s.name(self.seat)} discards {card_name(s, action.value)} to make room.",
                self.seat,
            )
            # The hand must be below the limit before the draw: a hero over
            # it (his strength fell) is asked again.
            push(s, DrawCard(self.seat, self.deck, self.must))
        else:
            s.say("draw", f"{s.name(self.seat)} is at the hand limit and draws nothing.", self.seat)


@dataclass(frozen=True, slots=True)
class DrawNode(Chance):
    """A card drawn from a deck: any unseen card in it, each copy alike
    likely; the cards put under the deck come last."""

    seat: int
    deck: str

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        return deck_outcomes(s, self.deck)

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        return deck_possible(s, self.deck, outcome)

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        return deck_sample(s, self.deck, rng)

    def kind(self, s: DungeonsState) -> Hashable:
        return ("DrawNode", self.deck)

    def prompt(self, s: DungeonsState) -> str:
        return f"the card {s.name(self.seat)} draws, as printed (e.g. {_example_words(self.deck)})"

    def help(self, s: DungeonsState) -> str:
        return deck_help(s, self.deck)

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Draw)
        take_from_deck(s, self.deck, outcome.card)
        give(s, self.seat, self.deck, outcome.card)
        who = s.name(self.seat)
        words = _deck_words(self.deck)
        s.say("draw", f"You draw {card_name(s, outcome.card)} ({words}).", self.seat, (self.seat,))
        s.say("draw", f"{who} draws {common.article(words)} card.", self.seat, besides=(self.seat,))


def deck_outcomes(s: DungeonsState, deck: str) -> list[tuple[Outcome, float]]:
    d = s.decks[deck]
    known = d.next_known
    if known is not None:
        return [(Draw(deck, known), 1.0)]
    counts: dict[str, int] = {}
    for c in d.cards:
        counts[c] = counts.get(c, 0) + 1
    total = len(d.cards)
    return [(Draw(deck, c), k / total) for c, k in counts.items()]


def deck_sample(s: DungeonsState, deck: str, rng: np.random.Generator) -> Outcome:
    """A card drawn from ``deck`` as :func:`deck_outcomes` says."""
    d = s.decks[deck]
    known = d.next_known
    if known is not None:
        return Draw(deck, known)
    return Draw(deck, d.cards[int(rng.integers(len(d.cards)))])


def printed_cards(s: DungeonsState, deck: str) -> list[str]:
    """The ids ``deck`` is printed with (each once), sorted: what a person
    may be told of a deck without learning what is left in it (which would
    tell what the others hold)."""
    c = s.content
    printed = {
        "advantage": [x.id for x in c.advantages],
        "quest": [x.id for x in c.quests],
        "alliance": [x.id for x in c.alliances],
        "bounty": [b.id for b in c.bounty_deck(s.map.id)],
    }[deck]
    return sorted(set(printed))


def _example(s: DungeonsState, deck: str) -> str:
    return printed_cards(s, deck)[0]


def _example_words(deck: str) -> str:
    """How a card of ``deck`` is typed as printed (the prompt's example)."""
    return {
        "advantage": "Short Sword, or d8 ranged",
        "quest": "Windfall",
        "alliance": "War Chest",
    }.get(deck, "beast 4 2")


def deck_help(s: DungeonsState, deck: str) -> str:
    """How a referee types the card drawn from the real ``deck``: by what
    it prints (:mod:`saloon.games.dungeons.printed`), with the cards the
    deck is printed with (:func:`printed_cards`), never those left in it."""
    from saloon.games.dungeons.printed import deck_help as printed_help

    return printed_help(s, deck)


def deck_possible(s: DungeonsState, deck: str, outcome: Outcome) -> bool:
    if not isinstance(outcome, Draw) or outcome.deck != deck:
        return False
    d = s.decks[deck]
    known = d.next_known
    return outcome.card == known if known is not None else outcome.card in d.cards


def take_from_deck(s: DungeonsState, deck: str, cid: str) -> None:
    d = s.decks[deck]
    if d.cards:
        cards = list(d.cards)
        cards.remove(cid)
        s.decks[deck] = replace(d, cards=tuple(cards))
    else:
        s.decks[deck] = replace(d, bottom=d.bottom[1:])


@dataclass(frozen=True, slots=True)
class TurnBounty(Chance):
    """A Bounty card turned face up (Part I, Shuffle and Draw; Enemy
    Engagement: there must always be three in play)."""

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        return deck_outcomes(s, "bounty")

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        return deck_possible(s, "bounty", outcome)

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        return deck_sample(s, "bounty", rng)

    def prompt(self, s: DungeonsState) -> str:
        example = _example_words("bounty")
        return f"the Bounty card turned up: its class, space and glory (e.g. {example})"

    def help(self, s: DungeonsState) -> str:
        return deck_help(s, "bounty")

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Draw)
        take_from_deck(s, "bounty", outcome.card)
        s.bounties = (*s.bounties, outcome.card)
        b = s.index.bounties[outcome.card]
        s.say(
            "bounty",
            f"A bounty is posted: {common.article(b.monster_class)} in space {b.space}, "
            f"{b.glory} glory.",
        )


@dataclass(frozen=True, slots=True)
class TurnBounties(Step):
    """Fill the face-up bounties up to three, while the deck lasts (Part I,
    Shuffle and Draw; Enemy Engagement: three are always in play); ``upto``
    eight at Hide Collection's setup (Part III, Hide Collection)."""

    upto: int = 3

    def run(self, s: DungeonsState) -> None:
        missing = self.upto - len(s.bounties)
        if missing <= 0:
            return
        if s.decks["bounty"].size == 0:
            s.say("bounty", "The Bounty deck is empty: no bounty is posted.")
            return
        push(s, TurnBounty(), TurnBounties(self.upto))


# -- random discards ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LoseRandom(Chance):
    """A card leaves ``seat``'s hand at random (effect ``discard_random``)."""

    seat: int

    def outcomes(self, s: DungeonsState) -> list[tuple[Outcome, float]]:
        cards = hand(s, self.seat)
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return [(Lost(c), k / len(cards)) for c, k in counts.items()]

    def possible(self, s: DungeonsState, outcome: Outcome) -> bool:
        return isinstance(outcome, Lost) and outcome.card in hand(s, self.seat)

    def sample(self, s: DungeonsState, rng: np.random.Generator) -> Outcome:
        cards = hand(s, self.seat)
        return Lost(cards[int(rng.integers(len(cards)))])

    def prompt(self, s: DungeonsState) -> str:
        # No example: any card named here would show a card of the hand.
        return f"the card {s.name(self.seat)} loses at random (lost CARD)"

    def help(self, s: DungeonsState) -> str:
        return (
            f"Take one of {s.name(self.seat)}'s cards at random, face down, and type it: "
            "lost CARD, CARD its id as the hand shows it."
        )

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Lost)
        spend(s, self.seat, outcome.card)
        s.say("discard", f"{s.name(self.seat)} loses {card_name(s, outcome.card)} at random.")

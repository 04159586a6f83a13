"""The order of play by a hand of five-card draw (Advanced Optional Rule 7, ruling CW-A7).

Cowboys rulebook, Advanced Optional Rules, item 7: before the scenario's
cards are dealt, the sides play a hand of five-card draw poker; the winner
acts first for the whole scenario. The poker cards go to the bottom of the
deck, and the deal takes its cards from the top.

Each side is dealt five cards, one at a time in rounds in the scenario's
order (each a chance node, :class:`~saloon.games.cowboys.actions.PokerCard`,
told to its holder alone). Then each side in that order makes its draw, a
decision (:class:`~saloon.games.cowboys.actions.Discard`): it throws away
none to five of its cards and is dealt as many. The hands are then shown
and ranked as ruling CW-C10 (jokers wild); the sides act in the order of
their hands, best first; sides with equal hands play another hand among
themselves (CW-C10), the others keeping their places. A hand is played only
if the cards not yet used can supply its every draw (ten a side); else the
sides still equal keep the scenario's order among themselves (CW-A7). Every
poker card goes under the deck as it is dealt (as Rule 6's flipped cards,
:func:`~saloon.games.cowboys.rules.high_card.top_of_deck`): none is dealt
again while another card is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.cowboys.cards import HandCategory, PokerHand, poker_hand
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.play_order import settle, side_names, split, unsettled

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

#: The cards a hand of five-card draw may take from the deck, a side: five
#: dealt and five drawn.
MOST_A_SIDE = 10


def start(state: CowboysState) -> None:
    """The poker hand begins: every side plays, in the scenario's order."""
    state.ranking = (state.order,)
    state.say(
        "poker",
        "Poker (Advanced Optional Rule 7): the sides play a hand of five-card draw "
        "for the order of play.",
    )
    _next_hand(state)


def _next_hand(state: CowboysState) -> None:
    """A hand for the sides not yet ranked, or the order decided when none
    is left or the deck cannot supply the hand (CW-A7)."""
    sides = unsettled(state)
    if sides:
        under = set(state.bottom)
        if MOST_A_SIDE * len(sides) <= sum(1 for c in state.deck if c not in under):
            state.poker = tuple(() for _ in range(state.num_players))
            state.poker_queue = tuple(s for _ in range(5) for s in sides)
            state.drawing = sides
            state.phase = Phase.POKER
            return
        state.say(
            "poker",
            "Too few cards are left to deal again: "
            f"{side_names(state, sides)} keep the scenario's order among themselves.",
        )
    _decide(state)


def deal(state: CowboysState, face: str) -> None:
    """A poker card dealt to the side next in line, told to it alone; it is
    under the deck from now on. After the last card, the next draw or the
    showdown."""
    side = state.poker_queue[0]
    state.poker_queue = state.poker_queue[1:]
    state.bottom = (*state.bottom, face)
    state.poker = tuple(
        (*cards, face) if s == side else cards for s, cards in enumerate(state.poker)
    )
    state.poker_cards = tuple(
        (*cards, face) if s == side else cards for s, cards in enumerate(state.poker_cards)
    )
    name = f"{state.the(side, True)} {state.agree(side, 'is', 'are')}"
    state.say("poker", f"{name} dealt a poker card.", side, besides=(side,))
    state.say("poker", f"{name} dealt {face} for the poker hand.", side, (side,))
    if not state.poker_queue:
        _after_cards(state)


def _after_cards(state: CowboysState) -> None:
    if state.drawing:
        state.phase = Phase.DRAW
        state.active = state.drawing[0]
    else:
        _showdown(state)


def draw(state: CowboysState, cards: tuple[str, ...]) -> None:
    """The side making its draw throws away ``cards`` (the number is public,
    the faces its own) and is dealt as many."""
    side = state.drawing[0]
    state.drawing = state.drawing[1:]
    name = state.the(side, True)
    state.poker = tuple(
        tuple(c for c in hand if c not in cards) if s == side else hand
        for s, hand in enumerate(state.poker)
    )
    if cards:
        draws = state.agree(side, "draws", "draw")
        throws = state.agree(side, "throws", "throw")
        state.say("poker", f"{name} {draws} {len(cards)}.", side, besides=(side,))
        state.say(
            "poker",
            f"{name} {throws} away {' '.join(cards)} and {draws} {len(cards)}.",
            side,
            (side,),
        )
        state.poker_queue = (side,) * len(cards)
        state.phase = Phase.POKER
    else:
        state.say("poker", f"{name} {state.agree(side, 'stands', 'stand')} pat.", side)
        _after_cards(state)


def hand_of(state: CowboysState, side: int) -> PokerHand:
    """The rank of ``side``'s five poker cards (CW-C10: jokers wild)."""
    return poker_hand(state.card(c) for c in state.poker[side])


def _showdown(state: CowboysState) -> None:
    """The hands are shown; each group of sides still equal is split by
    them, best first; equal hands play again (CW-C10)."""
    ranking: list[tuple[int, ...]] = []
    ties: list[tuple[int, ...]] = []
    for group in state.ranking:
        if len(group) == 1:
            ranking.append(group)
            continue
        hands = {s: hand_of(state, s) for s in group}
        for s in group:
            state.shown = (*state.shown, *state.poker[s])
            state.say(
                "poker",
                f"{state.the(s, True)} {state.agree(s, 'shows', 'show')} "
                f"{' '.join(state.poker[s])}: {hands[s]}.",
                s,
            )
        for sub in split(group, hands.__getitem__):
            ranking.append(sub)
            if len(sub) > 1:
                ties.append(sub)
    state.ranking = tuple(ranking)
    state.poker = tuple(() for _ in range(state.num_players))
    for sub in ties:
        state.say("poker", f"{side_names(state, sub)} have equal hands: they play again.")
    _next_hand(state)


def _decide(state: CowboysState) -> None:
    """The order of play for the whole scenario: the ranking, best hand
    first; the poker cards are under the deck, and the deal follows the new
    order (Advanced Optional Rule 7)."""
    state.poker_queue = ()
    state.drawing = ()
    used = sum(len(cards) for cards in state.poker_cards)
    settle(state, "poker", f"The {used} poker cards go to the bottom of the deck.")


def simple_discards(state: CowboysState, side: int) -> tuple[str, ...]:
    """The cards a simple player throws away: none from a straight or
    better; else it keeps pairs and better (every card whose rank it holds
    twice or more) and jokers, or, with no pair, its highest card and any
    joker, and throws away the rest."""
    hand = state.poker[side]
    if hand_of(state, side).category >= HandCategory.STRAIGHT:
        return ()
    cards = [state.card(c) for c in hand]
    ranks = [c.rank for c in cards if not c.joker]
    keep = {str(c) for c in cards if c.joker or ranks.count(c.rank) >= 2}
    if not any(ranks.count(r) >= 2 for r in ranks) and ranks:
        top = max((c for c in cards if not c.joker), key=lambda c: c.rank)
        keep.add(str(top))
    return tuple(c for c in hand if c not in keep)

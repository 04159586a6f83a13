"""The order of play by high card (Advanced Optional Rule 6, ruling CW-A6).

Cowboys rulebook, Advanced Optional Rules, item 6: before the scenario's
cards are dealt, each side flips cards from the deck and keeps its highest
(values as ruling CW-C9: aces high, a joker below a 2); a side flips one
card, and one more for each point of its best cowboy's modifier. The
highest card acts first for the whole scenario. The flipped cards go to the
bottom of the deck, and the deal takes its cards from the top.

The deck is shuffled and unseen, so a card flipped or dealt from its top
is any card not yet seen, all equally likely; the flipped cards, once
under the deck, come out only when every other card has (each flip and
each deal is a chance node, :class:`~saloon.games.cowboys.actions.Flip`
and :class:`~saloon.games.cowboys.actions.Deal`). Sides with equal cards
flip again, among themselves, until no two are equal (CW-C9); the others
keep their places. Each round of flips is made only if the cards not yet
flipped can supply it; else the sides still equal keep the scenario's
order among themselves (CW-A6), so the flips are at most the deck's size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.cowboys.cards import high_card_value
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.play_order import settle, side_names, split, unsettled

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def cards_to_flip(state: CowboysState, side: int) -> int:
    """How many cards ``side`` flips: one, and one more for each point of
    the best modifier among its cowboys (a +1 flips 2, a +2 flips 3; the
    scenario's, or as rolled on the rule's die table); town folk do not
    count (Advanced Optional Rule 6).

    >>> from saloon.games.cowboys import GAME
    >>> from saloon.games.cowboys.options import CowboysOptions
    >>> brawl = GAME.new_state(CowboysOptions(scenario="brawl"))
    >>> cards_to_flip(brawl, 0), cards_to_flip(brawl, 1)
    (2, 3)
    """
    mods = [f.modifier for f in state.figures if f.side == side and f.cowboy]
    return 1 + max([0, *mods])


def top_of_deck(state: CowboysState) -> tuple[str, ...]:
    """The cards that may come off the top of the deck now: those not put
    under it, while any are left; else the first card put under."""
    under = set(state.bottom)
    top = tuple(c for c in state.deck if c not in under)
    return top if top or not state.bottom else state.bottom[:1]


def start(state: CowboysState) -> None:
    """The flips begin: every side flips, in the scenario's order."""
    state.ranking = (state.order,)
    state.say(
        "flip",
        "High card (Advanced Optional Rule 6): each side flips cards for the order of play.",
    )
    _next_round(state)


def _next_round(state: CowboysState) -> None:
    """A round of flips for the sides not yet ranked, or the order decided
    when none is left or the deck cannot supply the round (CW-A6)."""
    sides = unsettled(state)
    if sides:
        queue = tuple(s for s in sides for _ in range(cards_to_flip(state, s)))
        under = set(state.bottom)
        if len(queue) <= sum(1 for c in state.deck if c not in under):
            state.flip_queue = queue
            state.flips = tuple(() for _ in range(state.num_players))
            state.phase = Phase.FLIP
            return
        state.say(
            "flip",
            "Too few cards are left to flip again: "
            f"{side_names(state, sides)} keep the scenario's order among themselves.",
        )
    _decide(state)


def flip(state: CowboysState, face: str) -> None:
    """A card flipped by the side next to flip; it goes under the deck.
    After the round's last card, each side keeps its highest."""
    side = state.flip_queue[0]
    state.flip_queue = state.flip_queue[1:]
    state.bottom = (*state.bottom, face)
    state.flipped = (*state.flipped, face)
    state.flips = tuple(
        (*cards, face) if s == side else cards for s, cards in enumerate(state.flips)
    )
    state.say(
        "flip",
        f"{state.the(side, True)} {state.agree(side, 'flips', 'flip')} {face} "
        f"(worth {_value(state, face)}).",
        side,
    )
    if not state.flip_queue:
        _settle(state)


def _value(state: CowboysState, face: str) -> int:
    return high_card_value(state.card(face))


def best(state: CowboysState, side: int) -> str:
    """The highest card ``side`` flipped this round (the first of equals)."""
    return max(state.flips[side], key=lambda c: _value(state, c))


def _settle(state: CowboysState) -> None:
    """Each flipping side keeps its best card; each group of sides still
    equal is split by those cards, highest first; sides with equal cards
    flip again (CW-C9)."""
    ranking: list[tuple[int, ...]] = []
    ties: list[tuple[int, ...]] = []
    for group in state.ranking:
        if len(group) == 1:
            ranking.append(group)
            continue
        kept = {s: best(state, s) for s in group}
        state.say(
            "flip",
            "Each keeps its highest: "
            + ", ".join(f"{state.the(s)} {kept[s]}" for s in group)
            + ".",
        )
        values = {s: _value(state, kept[s]) for s in group}
        for sub in split(group, values.__getitem__):
            ranking.append(sub)
            if len(sub) > 1:
                ties.append(sub)
    state.ranking = tuple(ranking)
    for sub in ties:
        state.say("flip", f"{side_names(state, sub)} are equal: they flip again.")
    _next_round(state)


def _decide(state: CowboysState) -> None:
    """The order of play for the whole scenario: the ranking, highest card
    first; the flipped cards are under the deck, and the deal follows the
    new order (Advanced Optional Rule 6)."""
    state.flip_queue = ()
    state.flips = ()
    settle(state, "flip", f"The {len(state.flipped)} flipped cards go to the bottom of the deck.")


def deal_order(state: CowboysState) -> tuple[int, ...]:
    """The sides dealt a card, one entry per card, in rounds in the order
    of play (Game Set Up; CW-T17)."""
    sides = state.setup.sides
    most = max(side.cards for side in sides)
    return tuple(s for k in range(most) for s in state.order if sides[s].cards > k)

"""Variable Damage (Advanced Rules): a card flipped for each hit; cards put back under the deck.

Cowboys rulebook, Advanced Rules, "Variable Damage": each hit a shot
scores makes the shooting side flip the top card of the unused part of the
deck, which says what the hit does (:func:`~saloon.games.cowboys.cards.variable_damage`:
a joker a miss, a 2 a graze that pins, 3-10 one hit, J-Q two, K three, A
four); card effects still apply, so a Critical Hit played after the flip
doubles it (the rule's example: a Jack is 2 hits, 4 with Critical Hit).
Cards played from a hand go to the bottom of the unused deck, and the
unused deck is reshuffled at the end of a turn when cards were put back.
Rulings CW-V10..V16 (``docs/rulings.md``, "Advanced Rules: variable
damage, shot horses, spin and shoot").

The deck's order is unknown to every side: the flipped card is a chance
node (:class:`~saloon.games.cowboys.actions.DamageCard`) among the cards
that can be on top (:func:`~.high_card.top_of_deck`: the shuffled part,
``state.deck`` less ``state.bottom``; only when none is left, the first
card put under). Every flip is public (``state.turned``), and so is every
card put under the deck (the cards played, ``state.played``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from saloon.games.cowboys.cards import Deck, variable_damage
from saloon.games.cowboys.rules.high_card import top_of_deck

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.phase import Pending
    from saloon.games.cowboys.rules.state import CowboysState


def begin(state: CowboysState, p: Pending) -> None:
    """A shot has scored ``p.hits`` hits: each will flip a card (CW-V10);
    ``hits`` now counts the damage the cards do."""
    state.pending = replace(p, stage="flip", to_flip=p.hits, hits=0)


def waiting(state: CowboysState, p: Pending) -> bool:
    """Whether a card must be flipped now for the pending shot's next hit
    (a chance node); otherwise the flips are settled here: with no card
    left to flip, each hit left is one hit (CW-V14); once every hit has
    its card, the window after a hit opens if the cards left any damage,
    else the shot is over (CW-V11)."""
    from saloon.games.cowboys.rules.execute import next_shot

    if p.to_flip > 0:
        if top_of_deck(state):
            return True
        n = p.to_flip
        state.say(
            "damage",
            f"No card is left in the deck to flip: {_hits_words(n)} "
            f"{'counts' if n == 1 else 'count'} one hit each.",
            state.active,
        )
        p = replace(p, to_flip=0, hits=p.hits + n)
    if p.hits > 0:
        state.pending = replace(p, stage="after")
    else:
        target = state.name_of(p.target_id or "")
        state.say("damage", f"The shot does {target} no damage.", state.active)
        next_shot(state, p)
    return False


def flip(state: CowboysState, face: str) -> None:
    """The card ``face`` is flipped for the pending shot's next hit, and
    goes under the deck (CW-V12); a 2 pins a figure it grazes (CW-V11)."""
    p = state.pending
    assert p is not None and p.target_id is not None
    card = state.card(face)
    got = variable_damage(card)
    state.bottom = (*(c for c in state.bottom if c != face), face)
    state.turned = (*state.turned, face)
    t = p.target_id
    target = state.name_of(t)
    if got.miss:
        what = "a miss after all"
    elif got.pinned:
        what = "a graze, no damage"
        if t in state.index:
            j = state.index[t]
            g = state.figures[j]
            if g.standing:
                state.figures[j] = replace(g, pinned=True)
                what += f"; {target} is pinned and may not move the next time he acts"
    else:
        what = _hits_words(got.hits)
    left = p.to_flip - 1
    more = f" {left} more to flip." if left else ""
    # the shooting side flips (the active side's, or an ally's director)
    side = state.active if p.ally else state.figures[state.index[p.act.fig]].side
    state.say(
        "damage",
        f"{state.the(side, True)} {state.agree(side, 'flips', 'flip')} {face} ({card.name}) "
        f"for a hit on {target}: {what}.{more}",
        state.active,
    )
    state.pending = replace(p, to_flip=p.to_flip - 1, hits=p.hits + got.hits)


def return_card(state: CowboysState, face: str) -> None:
    """A card played from a hand goes to the bottom of the unused deck
    instead of out of the game (Variable Damage; CW-V12)."""
    state.deck = state.in_deck_order((*state.deck, face))
    state.bottom = (*state.bottom, face)


def reshuffle(state: CowboysState) -> None:
    """The end of a turn: the unused deck is reshuffled if cards were put
    under it, which merge with the rest in an order nobody knows (CW-V13)."""
    if not state.bottom:
        return
    n = len(state.bottom)
    state.bottom = ()
    state.say(
        "damage",
        f"The {n} card{'s' if n != 1 else ''} under the deck {'are' if n != 1 else 'is'} "
        f"shuffled back in: {len(state.deck)} cards in the unused deck.",
    )


def _hits_words(n: int) -> str:
    return "one hit" if n == 1 else f"{n} hits"


@cache
def mean_hits(deck: Deck) -> float:
    """The damage one hit does on average under Variable Damage, over the
    whole deck: 76/54 (about 1.41) for the standard deck of 52 and two
    jokers (a joker or a 2 none, 3-10 one, J-Q two, K three, A four).

    >>> from saloon.games.cowboys.cards import load_deck
    >>> round(mean_hits(load_deck()), 3)
    1.407
    """
    cards = list(deck)
    return sum(variable_damage(c).hits for c in cards) / len(cards)


@cache
def hits_distribution(deck: Deck) -> tuple[float, ...]:
    """The chances of 0, 1, 2, 3, 4 damage from one hit's flip, over the
    whole deck (the heuristic's estimate; a flip draws from the unseen
    cards, close to the whole deck).

    >>> from saloon.games.cowboys.cards import load_deck
    >>> [round(p * 54) for p in hits_distribution(load_deck())]
    [6, 32, 8, 4, 4]
    """
    cards = list(deck)
    out = [0.0] * 5
    for c in cards:
        out[variable_damage(c).hits] += 1 / len(cards)
    return tuple(out)

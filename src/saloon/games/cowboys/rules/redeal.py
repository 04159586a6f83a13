"""The hidden cards redealt for one seat: a world it cannot tell from the real one.

Cowboys rulebook, Game Set Up (the cards dealt face down, a side's hand
shared by its players), Card Play. A redeal for ``player`` keeps everything
that seat has seen: its own hand, the cards a Card Sharp showed it (CW-T16),
the cards flipped for the order of play (Advanced Optional Rule 6), the
poker hands shown and its own poker cards (Rule 7), and with Variable
Damage the cards played and flipped for damage, back in the deck in sight
of all (CW-V12). The rest (the other sides' unseen cards, the deck, the
others' unseen poker cards) is dealt again at random, with the hands'
sizes kept and every fact announced to all kept true: a side that
announced a move needing a Run card's points holds a Run card that big
until it plays one (CW-T6, ``run_claims``). A side that saw another's hand
sees the same places in the new world (its ``known`` cards follow them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from saloon.games.cowboys.cards import Effect
from saloon.games.cowboys.rules.cards_play import runs_for

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

#: A place in a hand: the side and the card's index in it.
Slot = tuple[int, int]

#: How many times a redeal with claims on several sides is drawn again
#: before the claims are met one card each (:func:`_deal`).
TRIES = 64


@dataclass(frozen=True, slots=True)
class _Need:
    """A side's places to fill, with at least one Run card of ``points``
    points among them (0: no claim)."""

    side: int
    slots: tuple[Slot, ...]
    points: int


def redeal(state: CowboysState, player: int, rng: np.random.Generator) -> CowboysState:
    """``state`` with the cards ``player`` has not seen dealt again at random
    (see the module docstring)."""
    new = state.clone()
    mine = 0 <= player < state.num_players
    seen = frozenset(state.flipped) | frozenset(state.shown)
    # Variable Damage: the cards played and flipped for damage go back
    # under the deck, in sight of all.
    seen |= frozenset(c for _, c in state.played) | frozenset(state.turned)
    if mine:
        seen |= frozenset(state.poker_cards[player])
    known = (state.known[player] if mine else frozenset()) | seen
    pool: list[str] = [c for c in state.deck if c not in seen]
    needs: list[_Need] = []
    for s in range(state.num_players):
        if s == player:
            continue
        slots = tuple((s, k) for k, c in enumerate(state.hands[s]) if c not in known)
        pool += [state.hands[s][k] for _, k in slots]
        fixed = [c for c in state.hands[s] if c in known]
        needs.append(_Need(s, slots, _claim(state, s, fixed)))
    placed, leftover = _deal(state, pool, needs, rng)
    hands = [list(h) for h in state.hands]
    moved: dict[str, str] = {}
    for (s, k), c in placed.items():
        moved[hands[s][k]] = c
        hands[s][k] = c
    new.hands = [state.in_deck_order(h) for h in hands]
    # Whoever saw a hand (Card Sharp) sees the same places in the new world.
    new.known = [
        k if q == player else frozenset(moved.get(c, c) for c in k)
        for q, k in enumerate(state.known)
    ]
    _redeal_poker(state, new, seen, leftover)
    rest = set(leftover) | {c for c in state.deck if c in seen}
    new.deck = tuple(c for c in state._deck_order() if c in rest)
    new._cache = {}
    return new


def _claim(state: CowboysState, side: int, fixed: list[str]) -> int:
    """The points of the biggest Run card ``side`` is known to hold
    (``run_claims``), or 0 if none, or if a card the redeal keeps in its
    hand is one (a Run card big enough for the biggest claim is big
    enough for every claim)."""
    points = max((n for s, n in state.run_claims if s == side), default=0)
    if points and any(runs_for(state.card(c), points) for c in fixed):
        return 0
    return points


def _deal(
    state: CowboysState, pool: list[str], needs: list[_Need], rng: np.random.Generator
) -> tuple[dict[Slot, str], list[str]]:
    """The pool dealt to the places of ``needs``, each side's claim met;
    returns the cards placed and the cards left, in a random order. A side
    with a claim is dealt first, strictest first, at random among the deals
    that meet it (:func:`_deal_claimed`); the rest are shuffled. With claims
    on several sides a deal that leaves a later claim no card is drawn
    again; after :data:`TRIES` such draws each claim takes one card."""
    claimed = sorted((n for n in needs if n.points), key=lambda n: -n.points)
    free = [slot for n in needs if not n.points for slot in n.slots]
    for attempt in range(TRIES + 1):
        left = list(pool)
        placed: dict[Slot, str] = {}
        ok = True
        for need in claimed:
            got = _deal_claimed(state, left, need, rng, least=attempt == TRIES)
            if got is None:
                ok = False
                break
            placed.update(got)
        if ok:
            order = rng.permutation(len(left))
            shuffled = [left[int(j)] for j in order]
            placed.update(zip(free, shuffled, strict=False))
            return placed, shuffled[len(free) :]
    raise AssertionError("the claims cannot be met: no world is consistent with them")


def _deal_claimed(
    state: CowboysState,
    left: list[str],
    need: _Need,
    rng: np.random.Generator,
    least: bool = False,
) -> dict[Slot, str] | None:
    """Deal ``need``'s places from ``left`` (taking the cards out of it)
    with at least one Run card of ``need.points`` points among them: how
    many such cards it gets is drawn from the hypergeometric law given at
    least one, then which ones, all alike likely. ``least``: exactly one,
    and no other Run card while other cards are left (so that the claims
    still to deal find theirs). ``None`` if ``left`` holds no such card."""
    runs = [c for c in left if runs_for(state.card(c), need.points)]
    others = [c for c in left if not runs_for(state.card(c), need.points)]
    h = len(need.slots)
    if not runs or not h:
        return None if h else {}
    k = 1 if least else _how_many(len(runs), len(others), h, rng)
    picked = [runs[int(j)] for j in rng.choice(len(runs), k, replace=False)]
    if least:
        # Run cards last: shuffled, then stably sorted by being one.
        others = [others[int(j)] for j in rng.permutation(len(others))]
        others.sort(key=lambda c: state.card(c).effect is Effect.RUN)
        picked += others[: h - k]
    else:
        picked += [others[int(j)] for j in rng.choice(len(others), h - k, replace=False)]
    for c in picked:
        left.remove(c)
    order = rng.permutation(h)
    return {need.slots[int(j)]: c for j, c in zip(order, picked, strict=True)}


def _how_many(runs: int, others: int, hand: int, rng: np.random.Generator) -> int:
    """How many of ``runs`` cards a hand of ``hand`` cards drawn from
    ``runs + others`` holds, given that it holds at least one
    (hypergeometric).

    >>> rng = np.random.default_rng(0)
    >>> {_how_many(1, 9, 3, rng) for _ in range(20)}
    {1}
    >>> sorted({_how_many(3, 1, 3, rng) for _ in range(50)})
    [2, 3]
    """
    lo = max(1, hand - others)
    hi = min(hand, runs)
    weights = [math.comb(runs, j) * math.comb(others, hand - j) for j in range(lo, hi + 1)]
    u = rng.random() * sum(weights)
    for j, w in zip(range(lo, hi + 1), weights, strict=True):
        u -= w
        if u < 0:
            return j
    return hi


def _redeal_poker(
    state: CowboysState, new: CowboysState, seen: frozenset[str], leftover: list[str]
) -> None:
    """Advanced Optional Rule 7: the others' poker cards not yet shown,
    under the deck, take the first faces of the cards left (shuffled)."""
    hidden = [c for c in state.bottom if c not in seen]
    if not hidden:
        return
    swap = dict(zip(hidden, leftover, strict=False))
    new.bottom = tuple(swap.get(c, c) for c in state.bottom)
    new.poker = tuple(tuple(swap.get(c, c) for c in h) for h in state.poker)
    new.poker_cards = tuple(tuple(swap.get(c, c) for c in h) for h in state.poker_cards)

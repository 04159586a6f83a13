"""Card play: which cards a side may play at a window, with their targets, and who is asked.

Cowboys rulebook, Card Play: one card during one's own actions of a turn
and one during the opponents'; in one's own turn at the start of a
figure's move or shoot action (and where a card says so: before a shot,
after a hit); in the opponent's just after he announces an action or plays
a card, which may cancel it. The cards played and their effects are
carried out by :mod:`saloon.games.cowboys.rules.card_windows`; the
vocabulary is :class:`saloon.games.cowboys.cards.Effect` (rulings
CW-C1..C12).

Who is asked at a window (ruling CW-T15) is judged on what every seat
sees, never on the cards a side holds: a side with a card in hand that has
not yet played its card of that part of the turn is asked whenever a card
of the deck could be played there now (:func:`asked_to_answer`,
:func:`asked_to_start`, :func:`asked_at_shot`); with nothing playable its
only choice is ``pass``. So being asked tells no one what a side holds.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Act, Arm, Move, Pickup, Play, React
from saloon.games.cowboys.cards import Card, Deck, Effect, Window
from saloon.games.cowboys.rules.figures import COWBOY_HEALTH, Figure

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.phase import Pending
    from saloon.games.cowboys.rules.state import CowboysState

#: The windows at the start of an action, by what it is (Card Play).
START_WINDOWS = {
    "move": frozenset({Window.OWN_ACTION_START, Window.OWN_MOVE_START}),
    "fire": frozenset({Window.OWN_ACTION_START, Window.OWN_SHOOT_START}),
    "reload": frozenset({Window.OWN_ACTION_START, Window.OWN_SHOOT_START}),
    # A fist fight is a shoot action (Advanced Optional Rule 8; CW-A8).
    "fist_fight": frozenset({Window.OWN_ACTION_START, Window.OWN_SHOOT_START}),
}


def _distinct(cards: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    for c in cards:
        if c not in seen:
            seen.append(c)
    return seen


def acting_side(state: CowboysState) -> int:
    """The side whose figure's action is under way: the side acting, or in
    a reaction shot the reacting cowboy's side (Reaction Fire), which
    plays in its windows with the other reading ``reaction_cards``
    (CW-O6)."""
    p = state.pending
    if p is not None and isinstance(p.act, React):
        return state.figures[state.index[p.act.fig]].side
    return state.active


def card_used(state: CowboysState, side: int) -> bool:
    """Whether ``side`` has played its card of this part of the turn: its
    card of its own actions when it is the side acting, else its card of
    the others' (Card Play, CW-C4). A reaction shot is fired in the
    mover's side's part: the reacting side plays its card of the others'
    actions there, the mover's side its own (CW-O6)."""
    return (state.own_used if side == state.active else state.opp_used)[side]


def mark_used(state: CowboysState, side: int) -> None:
    """``side`` has played its card of this part of the turn (:func:`card_used`)."""
    (state.own_used if side == state.active else state.opp_used)[side] = True


def start_plays(state: CowboysState, side: int, p: Pending) -> list[Play]:
    """The cards ``side`` may play as its figure starts the action of
    ``p``, each with each target it can take (CW-C1, CW-C12)."""
    act = p.act
    windows = START_WINDOWS.get(act.kind)
    if windows is None or card_used(state, side):
        return []
    i = state.index[act.fig]
    out: list[Play] = []
    for face in _distinct(state.hands[side]):
        card = state.card(face)
        if card.window not in windows:
            continue
        out.extend(_start_targets(state, side, p, f_index=i, card=card))
    # A move that counted on a Run card's points must have one whose
    # points make it (CW-T6).
    if p.need_run:
        out = [pl for pl in out if runs_for(state.card(pl.card), p.need_run)]
    return out


def runs_for(card: Card, points: int) -> bool:
    """Whether ``card`` is a Run card of at least ``points`` extra movement
    points (CW-T6).

    >>> from saloon.games.cowboys.cards import load_deck
    >>> deck = load_deck()
    >>> runs_for(deck.card("2H"), 2), runs_for(deck.card("2H"), 3), runs_for(deck.card("5H"), 3)
    (True, False, True)
    """
    return card.effect is Effect.RUN and card.number("squares") >= points


def _start_targets(
    state: CowboysState, side: int, p: Pending, f_index: int, card: Card
) -> list[Play]:
    act: Act = p.act
    f = state.figures[f_index]
    e = card.effect
    face = str(card)
    if e is Effect.LASTING_BONUS:
        top = card.number("max_modifier")
        return [
            Play(face, g.id)
            for g in state.figures
            if g.side == side and g.standing and good_day_fits(state, g, top)
        ]
    if e is Effect.DOUBLE_ACTION:
        return [Play(face)] if isinstance(act, (Move, Arm, Pickup)) else []
    if e is Effect.ACTION_BONUS:
        return [Play(face)] if act.kind == "fire" else []
    if e is Effect.RUN:
        return [Play(face)] if isinstance(act, Move) else []
    if e is Effect.LOOK_HAND:
        others = [s for s in range(state.num_players) if s != side and state.hands[s]]
        if state.num_players == 2:
            return [Play(face)] if others else []
        return [Play(face, f"s{s + 1}") for s in others]
    if e is Effect.SPEED_LOAD:
        if not f.cowboy:
            return []
        empty = [h.slot for h in f.weapons if not h.full or h.jammed]
        if card.flag("all_weapons"):
            return [Play(face)] if empty else []
        return [Play(face, slot) for slot in empty]
    if e is Effect.HEAL:
        return [
            Play(face, g.id)
            for g in state.figures
            if g.side == side and g.cowboy and g.standing and g.health < COWBOY_HEALTH
        ]
    if e is Effect.ALLY:
        if isinstance(act, React):
            # A town folk lent in a reaction shot would act in another
            # side's part of the turn: not offered (CW-O6).
            return []
        return [
            Play(face, g.id)
            for g in state.figures
            if g.side != side and not g.cowboy and g.standing
        ]
    return []


def good_day_fits(state: CowboysState, g: Figure, top: int) -> bool:
    """Whether A Good Day for a Killing may go on figure ``g``: a town folk,
    or a cowboy whose printed modifier is at most ``top`` (Game Cards,
    CW-C6: copies add up, so a +1 cowboy may reach +3); with the other
    reading ``good_day_cap``, any figure whose modifier with the card
    bonuses it already has is at most ``top``, so the card never lifts
    him past ``top`` + 1 (CW-O5)."""
    if state.rule("good_day_cap"):
        return g.modifier + g.bonus <= top
    return not g.cowboy or g.modifier <= top


def shot_plays(state: CowboysState, side: int, window: Window, p: Pending) -> list[Play]:
    """Cards for the window before a shot (``own_before_shot``) or after a
    hit (``own_after_hit``)."""
    if card_used(state, side):
        return []
    out: list[Play] = []
    for face in _distinct(state.hands[side]):
        card = state.card(face)
        if card.window is window and _shot_card_fits(state, card, p):
            out.append(Play(face))
    return out


def _shot_card_fits(state: CowboysState, card: Card, p: Pending) -> bool:
    """Whether ``card``, of the window before a shot or after a hit, does
    something on ``p``'s shot: a Knock-Down only on a target left standing
    (CW-T16)."""
    if card.effect is not Effect.KNOCK_DOWN:
        return True
    t = p.target_id
    j = state.index.get(t) if t else None
    return j is not None and state.figures[j].health > p.hits


def answer_plays(state: CowboysState, side: int, announcement: str) -> list[Play]:
    """Cards ``side`` may play just after an opponent announces
    ``announcement`` (``move``, ``fire``, ``reload``, ``fist_fight`` or
    ``card``; CW-C5)."""
    if card_used(state, side):
        return []
    return [
        Play(face)
        for face in _distinct(state.hands[side])
        if state.card(face).answers(announcement)
    ]


# -- who is asked -------------------------------------------------------------------------


@cache
def card_kinds(deck: Deck) -> tuple[Card, ...]:
    """One card of each kind the deck holds (same window, effect and
    parameters), blanks left out: what any hidden card could be.

    >>> from saloon.games.cowboys.cards import load_deck
    >>> kinds = card_kinds(load_deck())
    >>> len(kinds), len({c.name for c in kinds}), "Run for It" in {c.name for c in kinds}
    (19, 19, True)
    """
    seen: dict[tuple[object, ...], Card] = {}
    for c in deck:
        if c.is_blank:
            continue
        seen.setdefault((c.window, c.effect, tuple(sorted(c.params.items()))), c)
    return tuple(seen.values())


def _may_play(state: CowboysState, side: int) -> bool:
    """Whether ``side`` may still play a card in this part of the turn, as
    every seat sees it: it has a card in hand and has not played its one
    card of its own actions or of the others' (Card Play, :func:`card_used`)."""
    return not card_used(state, side) and bool(state.hands[side])


def asked_to_answer(state: CowboysState, side: int, announcement: str) -> bool:
    """Whether ``side`` is asked at the window after ``announcement``
    (CW-T15): it may still play its card of the others' actions and the
    deck holds a card that answers it, whatever ``side`` holds."""
    return _may_play(state, side) and _answers(state.deckdef, announcement)


@cache
def _answers(deck: Deck, announcement: str) -> bool:
    return any(c.answers(announcement) for c in card_kinds(deck))


def asked_to_start(state: CowboysState, p: Pending) -> bool:
    """Whether the acting side is asked at the start of ``p``'s action
    (CW-T15): always for a move that counts on a Run card (CW-T6); else when
    it may still play its card of its own actions and a card of the deck
    could be played here now, whatever the side holds."""
    if p.need_run:
        return True
    side = acting_side(state)
    windows = START_WINDOWS.get(p.act.kind)
    if windows is None or not _may_play(state, side):
        return False
    i = state.index[p.act.fig]
    return any(
        c.window in windows and _start_targets(state, side, p, f_index=i, card=c)
        for c in card_kinds(state.deckdef)
    )


def asked_at_shot(state: CowboysState, window: Window, p: Pending) -> bool:
    """Whether the acting side is asked before ``p``'s shot is rolled
    (``own_before_shot``) or after it hits (``own_after_hit``), CW-T15: it
    may still play its card of its own actions and a card of the deck could
    be played here now, whatever the side holds."""
    if not _may_play(state, acting_side(state)):
        return False
    return any(
        c.window is window and _shot_card_fits(state, c, p) for c in card_kinds(state.deckdef)
    )

"""The activation cup of the Advanced Rules: who acts next, drawn from a cup.

Cowboys rulebook, Advanced Rules, Player Turn Sequence: the first turn is
played as the scenario says; from the second, a marker for each cowboy on
the board and one town-folk marker per side go in a cup, and the markers
drawn say who acts next: a cowboy's marker moves that cowboy, a town-folk
marker all of that side's town folk. When the cup is empty the turn is
over, and the next one fills it again. ``state.cup`` holds the markers not
yet drawn, ``state.drawn`` the one acting now. Rulings CW-V1..CW-V9
(``docs/rulings.md``, "Advanced Rules: the activation cup").

A marker is a cowboy's id (``C6``) or ``s`` and a side's number (``s2``
for side 2's town folk); the draw is a chance node (``Phase.CUP``) whose
outcome is written as the marker alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import Marker, Wait
from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.words import count

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def in_play(state: CowboysState) -> bool:
    """Whether this turn's figures act as the cup draws them: with the
    option ``activation_cup``, from turn 2 on (CW-V1)."""
    return state.turn > 1 and state.rule("activation_cup")


def town_marker(side: int) -> str:
    """The town-folk marker of ``side`` (0-based): ``s1`` for the first.

    >>> town_marker(0), town_marker(1)
    ('s1', 's2')
    """
    return f"s{side + 1}"


def side_of(state: CowboysState, marker: str) -> int:
    """The side a marker moves: the cowboy's, or the town folk's."""
    if marker[0] == "s":
        return int(marker[1:]) - 1
    return state.figures[state.index[marker]].side


def marker_figures(state: CowboysState, marker: str) -> list[int]:
    """The figures (indices) a marker moves that can still act: the
    cowboy, if standing; the side's standing town folk."""
    if marker[0] == "s":
        side = side_of(state, marker)
        return [
            i for i, f in enumerate(state.figures) if f.side == side and not f.cowboy and f.standing
        ]
    i = state.index.get(marker)
    return [] if i is None or not state.figures[i].standing else [i]


def marker_name(state: CowboysState, marker: str) -> str:
    """How the log names a marker: ``Cowboy 6 (+1)``, ``Tutt's town folk``.

    A cowboy's marker is named with his modifier, as its counter shows it."""
    if marker[0] == "s":
        return f"{state.owner(side_of(state, marker))} town folk"
    return state.figures[state.index[marker]].label


def fill(state: CowboysState) -> None:
    """A new turn's cup (Player Turn Sequence): one marker for each cowboy
    standing on the board, in the scenario's order, then one for each side
    with a town folk standing (a side with none has no marker, nor have
    the bystanders, who belong to no side: CW-V2)."""
    cowboys = [f.id for f in state.figures if f.cowboy and f.side >= 0 and f.standing]
    sides = [
        town_marker(s)
        for s in range(state.num_players)
        if any(f.side == s and not f.cowboy and f.standing for f in state.figures)
    ]
    state.cup = (*cowboys, *sides)
    state.drawn = None
    names = ", ".join(marker_name(state, m) for m in state.cup)
    n = len(state.cup)
    state.say(
        "cup",
        f"Turn {state.turn} of {state.setup.turns} begins: {n} marker{'' if n == 1 else 's'} "
        f"go{'es' if n == 1 else ''} in the cup ({names or 'none'}).",
    )


def purge(state: CowboysState) -> None:
    """Take out of the cup the markers of figures that can no longer act: a
    cowboy down or gone from the town, a side's town folk all down or gone
    (they are taken out, not drawn for nothing: CW-V4)."""
    keep: list[str] = []
    for m in state.cup:
        if marker_figures(state, m):
            keep.append(m)
            continue
        if m[0] == "s":
            why = "has no town folk left in the town"
            side = side_of(state, m)
            has = state.agree(side, "has", "have")
            state.say(
                "cup",
                f"{state.the(side, True)} {has} no town folk left in the town: "
                "the side's town-folk marker comes out of the cup.",
            )
        else:
            f = state.figures[state.index[m]]
            why = "has left the town" if f.gone else "is down"
            state.say("cup", f"{f.short} {why}: his marker comes out of the cup.")
    state.cup = tuple(keep)


def outcomes(state: CowboysState) -> list[Marker]:
    """The markers that may be drawn now, each as likely: those left in the
    cup whose figures can still act (CW-V3)."""
    return [Marker(m) for m in state.cup if marker_figures(state, m)]


def prompt(state: CowboysState) -> str:
    """What a referee drawing from a real cup types: the markers in it.

    >>> from saloon.games.cowboys import GAME
    >>> from saloon.games.cowboys.options import CowboysOptions
    >>> s = GAME.new_state(CowboysOptions(scenario="brawl", activation_cup=True))
    >>> s.cup = ("C1", "C4", "s2")
    >>> prompt(s)
    "the marker drawn from the cup: C1, C4 or s2 (the Law's town folk), e.g. C1"
    """
    left = [o.marker for o in outcomes(state)]
    words = [m if m[0] == "C" else f"{m} ({marker_name(state, m)})" for m in left]
    listed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
    return f"the marker drawn from the cup: {listed}, e.g. {left[0]}"


def draw(state: CowboysState, marker: str) -> None:
    """``marker`` is drawn: its side acts (``state.active``), with the
    cowboy, or with each of its town folk in turn (Player Turn Sequence).
    Each figure it moves gets its action, and what was held over for his
    next activation is settled now (CW-V5): a figure whose horse was killed
    under him loses it (Movement with Horses), a knocked-down figure may
    not move in it (Knock-Down), a pinned one may not move but may shoot,
    and the pin comes off (Variable Damage). The moves before shots of the
    basic game hold within the activation (CW-V6)."""
    state.cup = tuple(m for m in state.cup if m != marker)
    state.drawn = marker
    state.phase = Phase.SELECT
    side = side_of(state, marker)
    state.active = side
    state.fired = False
    n = len(state.cup)
    state.say(
        "cup",
        f"Turn {state.turn}: {marker_name(state, marker)} "
        f"{'are' if marker[0] == 's' else 'is'} drawn from the cup "
        f"({count(n, 'marker')} left).",
        side,
    )
    for i in marker_figures(state, marker):
        f = state.figures[i]
        activate(state, i)
        if f.stunned:
            state.say("cup", f"{f.short} lost his horse under him: he loses this activation.", side)
        elif f.knocked or f.pinned:
            why = "was knocked down" if f.knocked else "is pinned"
            state.say("cup", f"{f.short} {why}: he may not move in this activation.", side)


def activate(state: CowboysState, i: int) -> None:
    """Figure ``i`` starts his activation (or his side's part of a turn
    played side by side): :func:`activated`. One whose horse was killed
    under him loses it, and is noted in ``state.lost`` until the turn ends:
    the turn whose action he loses is his "next turn", in which he may
    perform no action, a reaction shot included (Movement with Horses;
    Reaction Fire: a reaction "counts as" the cowboy's action of the turn;
    ruling CW-X1)."""
    f = state.figures[i]
    state.figures[i] = activated(f)
    if f.stunned:
        state.lost |= {f.id}


def activated(f: Figure) -> Figure:
    """Figure ``f`` at the start of his activation (or of his side's part
    of a turn played side by side): one action, none if his horse was killed
    under him (CW-T3); no move if knocked down (Knock-Down) or pinned
    (Variable Damage: "the next time his chit is drawn, he may not move,
    but may shoot"). The stun and the knock-down are settled; the pin stays
    on his counter until the activation ends (:func:`.turn.next_part`,
    CW-V11), so that the table shows why he may not move."""
    return replace(
        f,
        actions=0 if f.stunned or not f.standing else 1,
        stunned=False,
        no_move=f.knocked or f.pinned,
        knocked=False,
    )


def cowboy_drawn(state: CowboysState) -> bool:
    """Whether a cowboy's marker is acting now: his side decides his action
    or ``wait``; there is no ``end`` (CW-V5)."""
    return state.drawn is not None and state.drawn[0] == "C" and in_play(state)


def only_waits(state: CowboysState) -> bool:
    """When the drawn cowboy can do nothing but wait, he waits without his
    side being asked (a question with one answer is not asked): True if so."""
    if not cowboy_drawn(state):
        return False
    assert state.drawn is not None
    i = state.index[state.drawn]
    f = state.figures[i]
    if f.actions <= 0:
        return False
    state._cache.clear()
    if state.figure_actions(i) != (Wait(f.id),):
        return False
    state.figures[i] = replace(f, actions=0)
    state.say("wait", f"{f.label} has nothing he can do: he waits.", state.active)
    return True


def withdraw(state: CowboysState, fig: str) -> None:
    """Take the cowboy ``fig``'s marker out of the cup, if it is still in
    it: he has spent his action out of turn (Reaction Fire: "remove the
    reacting cowboy's chit from the cup")."""
    if fig in state.cup:
        state.cup = tuple(m for m in state.cup if m != fig)


def end_words(state: CowboysState) -> str:
    """The log's sentence for ``end`` in an activation (the town folk's)."""
    return f"The activation of {state.owner(state.active)} town folk in turn {state.turn} ends."

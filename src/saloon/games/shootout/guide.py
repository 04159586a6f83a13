"""Shoot Out's rules in Saloon's own words, for people at the table.

Each passage is a summary (never the rulebook's text) with the rulebook
section and ruling it comes from; :func:`rules_help` picks the passage that
fits the decision at hand.
"""

from __future__ import annotations

from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import Phase, ShootOutState


def overview(o: ShootOutOptions) -> str:
    """The whole game in a paragraph ("Setup", "The Game", "The End of the Game")."""
    cards = ", ".join(map(str, o.deck))
    return (
        f"Two gunfighters fight a series of duels on a street of spaces {o.back} down to "
        f"{o.front}, then the centre. Each starts with {o.black} Colt (black) and {o.red} "
        f"Winchester (red) bullets, which last the whole game. Every duel is for one card "
        f"turned up from the deck ({cards}); both pawns start on space {o.start}. Reach the "
        f"centre to win the duel and its card; the first to hold {o.goal} points wins the "
        f"game. [rulebook: Setup, The Game, The End of the Game]"
    )


def _turn(o: ShootOutOptions) -> str:
    return (
        "On your turn you either move one space toward the centre (and your turn ends), "
        "or fire a gun. A shot spends a bullet and rolls the d20: it hits when the roll "
        f"reaches the number of the space YOU stand on (the Winchester adds +{o.bonus}). "
        f"A hit pushes your opponent back {o.pushback} spaces (never beyond {o.back}) and "
        "you keep the turn: shoot again or move. A miss ends your turn. "
        "[rulebook: Moving, Shooting; rulings 1-3]"
    )


def _retreat(o: ShootOutOptions) -> str:
    return (
        "At the very start of your turn you may retreat instead: your opponent wins the "
        f"duel and the card. If he stands on space {o.reload_from} or farther back, you "
        f"take {o.reload} black bullets for the next duel (never more than {o.black}). "
        "[rulebook: The End of the Duel; ruling 4]"
    )


def rules_help(state: ShootOutState | None, options: ShootOutOptions) -> str:
    """The passage that fits ``state`` (the whole summary if ``None``)."""
    o = options
    if state is None:
        return "\n\n".join((overview(o), _turn(o), _retreat(o)))
    phase = state.phase
    if phase == Phase.TURN:
        return _retreat(o) + "\n\n" + _turn(o)
    if phase == Phase.AFTER_HIT:
        return (
            "You hit, so your turn goes on: fire again (with either gun, if you have "
            "bullets) or move one space, which ends the turn. You cannot retreat now. "
            "[rulebook: Shooting; ruling 3]"
        )
    if phase == Phase.ROLL:
        return (
            "The d20 decides the shot: a hit when the roll (+"
            f"{o.bonus} for the Winchester) reaches the shooter's own space number. "
            "[rulebook: Shooting; ruling 3]"
        )
    if phase == Phase.CARD:
        return (
            "A new duel: the top card of the deck is turned up; the winner of the duel "
            "takes it. The loser of the last duel starts this one; bullets carry over. "
            "[rulebook: The Game; rulings 5, 6]"
        )
    if phase == Phase.FIRST:
        return "A coin decides who starts the first duel. [rulebook: The Game; ruling 6]"
    return overview(o)

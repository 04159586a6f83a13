"""Actions, chance outcomes and log events: small frozen value types.

An action is what a player chooses; an outcome is what a chance node
produces (a die face, a card turned up). Both are frozen dataclasses whose
``str()`` is the game's text notation, and the game's
:meth:`~saloon.core.game.Game.parse_action` reads that text back, so
``game.parse_action(str(a)) == a`` for every action ``a``.
"""

from __future__ import annotations

from dataclasses import dataclass

from saloon.core.errors import NotationError, shown

#: No action's notation is longer than this: a parser refuses longer text
#: at once (:func:`check_notation_length`), so no message quotes a novel.
MAX_NOTATION = 80


def check_notation_length(text: str) -> None:
    """Refuse (:class:`~saloon.core.errors.NotationError`) text longer than
    any action's notation; a game's ``parse_action`` calls this first.

    >>> check_notation_length("keep red 56")
    >>> check_notation_length("9" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.NotationError: '9999...'... (5,000 characters) is longer than any action ...
    """
    if len(text) > MAX_NOTATION:
        raise NotationError(
            f"{shown(text)} is longer than any action ({MAX_NOTATION} characters at most)"
        )


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every player decision. Subclasses define ``__str__``."""


@dataclass(frozen=True, slots=True)
class Outcome(Action):
    """Base of every chance outcome (a die roll, a card drawn)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a game's log: what happened, as a typed kind and a sentence.

    ``to`` says who may read it: ``None`` (the default) means everyone; a
    tuple of player indices means only those players (a card drawn into a
    hidden hand is told to its holder alone). ``besides`` names players who
    may not read an event everyone else may: the public sentence of
    something its holder was told in full (he reads "you draw the ace of
    spades", the others and spectators "player 2 draws a card"). Interfaces
    show a player only the events :meth:`visible_to` him.

    >>> Event("hit", "Player 1 hits with the Colt.", player=0).text
    'Player 1 hits with the Colt.'
    >>> secret = Event("draw", "You draw the ace of spades.", player=1, to=(1,))
    >>> secret.visible_to(1), secret.visible_to(0), secret.visible_to(None)
    (True, False, False)
    >>> public = Event("draw", "Player 2 draws a card.", player=1, besides=(1,))
    >>> public.visible_to(1), public.visible_to(0), public.visible_to(None)
    (False, True, True)
    """

    kind: str
    text: str
    player: int | None = None
    to: tuple[int, ...] | None = None
    besides: tuple[int, ...] = ()

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` may read this event (``None``: a spectator)."""
        if player is not None and player in self.besides:
            return False
        return self.to is None or (player is not None and player in self.to)

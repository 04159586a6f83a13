"""The errors Saloon raises on bad input.

Every one subclasses :class:`ValueError` (as python-chess's errors do), so a
caller can catch "the input was wrong" in one place, and each message says
what was wrong and, where it can, what would have been right.
"""

from __future__ import annotations


class SaloonError(ValueError):
    """Base of every error about bad input: an action, an option, a file."""


class IllegalAction(SaloonError):
    """An action or chance outcome that the state does not allow now."""


class NotationError(SaloonError):
    """Text that does not parse as an action or outcome of the game."""


class OptionError(SaloonError):
    """An unknown option key, a malformed value, or an impossible variant."""


class RecordError(SaloonError):
    """A game record that cannot be read: not JSON, wrong shape, foreign game."""


class ContentError(SaloonError):
    """A content file (map, table, card list) that is malformed."""


class UnknownName(SaloonError):
    """A game or agent name that is not registered."""


class DiceExhausted(SaloonError):
    """Scripted dice ran out before the game stopped asking for them."""

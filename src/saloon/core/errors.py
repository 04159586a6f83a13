"""The errors Saloon raises on bad input.

Every one subclasses :class:`ValueError` (as python-chess's errors do), so a
caller can catch "the input was wrong" in one place, and each message says
what was wrong and, where it can, what would have been right.
"""

from __future__ import annotations

import reprlib


class SaloonError(ValueError):
    r"""Base of every error about bad input: an action, an option, a file.

    Its message is always one line: whatever bad input it quotes, a line
    break or another control character in it is written as an escape.

    >>> print(SaloonError("cannot read record a\nb"))
    cannot read record a\nb
    """

    def __init__(self, message: object = "") -> None:
        super().__init__(one_line(str(message)))


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


#: The longest stretch of a user's text quoted back in a message.
SHOWN_CHARS = 40


def one_line(text: str) -> str:
    r"""``text`` with every character that could break a line or the
    terminal (control characters, the line and paragraph separators)
    written as its escape.

    >>> print(one_line("a\x1eb\tc"), one_line("plain text"))
    a\x1eb\tc plain text
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else _escape(c) for c in text)


def _escape(c: str) -> str:
    return c.encode("unicode_escape").decode("ascii")


def printable(text: str, limit: int = 240) -> str:
    r"""A name a person gave (a file, a seat) as a message shows it: as it
    is when it is printable and no longer than ``limit``, else quoted by
    :func:`shown`; a long name keeps its end too, where a file's own name is.

    >>> print(printable("duel.json"), printable("a\x1eb"))
    duel.json 'a\x1eb'
    >>> print(printable("/very" * 20 + "/deep/duel.json", limit=40))
    '/very/very/v'...'y/deep/duel.json' (115 characters)
    """
    if len(text) <= limit and text.isprintable():
        return text
    if len(text) <= limit:
        return shown(text, limit)
    head, tail = text[: limit * 3 // 10], text[-(limit * 4 // 10) :]
    return f"{head!r}...{tail!r} ({len(text):,} characters)"


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """``value`` as a message quotes it: its ``repr``, cut short when long
    (with its length) and bounded however deep or wide it is, so a bad
    input of a million characters is still answered in one short line.

    >>> shown("colt"), shown(7), shown([1, [2, [3, [4]]]])
    ("'colt'", '7', '[1, [2, [3, [...]]]]')
    >>> shown("9" * 5000)
    "'999999999999999999999999999999'... (5,000 characters)"
    >>> shown(10**5000)
    'a number of 5,001 digits'
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[: limit - 10]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else None
        if digits is None:  # beyond Python's int-to-text limit: estimate
            digits = int(value.bit_length() * 0.30103) + 1
        return f"a number of {digits:,} digits"
    return _REPR.repr(value)


class _Repr(reprlib.Repr):
    def repr_str(self, x: str, level: int) -> str:
        return shown(x, self.maxstring)

    def repr_int(self, x: int, level: int) -> str:
        return shown(x) if x.bit_length() > 64 else repr(x)


_REPR = _Repr()
_REPR.maxlevel = 3
_REPR.maxstring = SHOWN_CHARS
_REPR.maxother = SHOWN_CHARS
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6

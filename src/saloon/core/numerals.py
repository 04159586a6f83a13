"""Numbers typed by people: ASCII digits only, never too many of them.

Python's own readers are too generous and too strict at once:
``"²".isdigit()`` and ``"①".isdigit()`` are true but ``int()`` refuses
both; ``int()`` and ``float()`` read ``"٣"`` (an Arabic-Indic three),
``"1_000"`` and ``" 7\\n"``; ``float()`` reads ``"nan"`` and ``"inf"``;
and ``int()`` raises a bare ``ValueError`` on more than 4300 digits. Every
number a person types into Saloon (a menu choice, a die, an option, an
agent's knob, a seed) is read here instead: plain ASCII digits, at most
:data:`MAX_DIGITS` of them (a seed may have one more:
:func:`saloon.core.dice.parse_seed`), so one rule holds everywhere and each
caller refuses the rest with its own message naming what it accepts.

>>> parse_int("12"), parse_int("²"), parse_int("①"), parse_int("٣"), parse_int("1_000")
(12, None, None, None, None)
>>> parse_int("-3"), parse_int("-3", signed=True), parse_int("+3", signed=True)
(None, -3, 3)
>>> parse_int("9" * 5000) is None
True
>>> parse_float("1.5"), parse_float("2e3"), parse_float("inf"), parse_float("1e999")
(1.5, 2000.0, None, None)
"""

from __future__ import annotations

import math
import re

#: The most digits a number may have: every number Saloon reads but a
#: seed is far below 10**18, and a longer one is refused before Python
#: converts it. A seed (below 2**63, so up to 19 digits) asks for more
#: with ``digits`` (:func:`saloon.core.dice.parse_seed`).
MAX_DIGITS = 18

_DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
#: The longest text read as a decimal number.
_MAX_FLOAT_CHARS = 40


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits and nothing else.

    >>> is_digits("42"), is_digits("4 2"), is_digits("²"), is_digits("")
    (True, False, False, False)
    """
    return _DIGITS.fullmatch(text) is not None


def parse_int(text: str, *, signed: bool = False, digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` spells in ASCII digits (a leading ``+`` or
    ``-`` too if ``signed``), or ``None``; surrounding spaces are allowed,
    more than ``digits`` digits (:data:`MAX_DIGITS` unless said) are not.

    >>> parse_int("1" * 19), parse_int("1" * 19, digits=19)
    (None, 1111111111111111111)
    """
    t = text.strip()
    if (_SIGNED if signed else _DIGITS).fullmatch(t) is None:
        return None
    if len(t.lstrip("+-")) > digits:
        return None
    return int(t)


def parse_float(text: str) -> float | None:
    """The finite decimal number ``text`` spells in ASCII (``1``, ``-0.5``,
    ``2e3``), or ``None``: no ``nan``, ``inf``, digit separators or
    other scripts' digits."""
    t = text.strip()
    if len(t) > _MAX_FLOAT_CHARS or _FLOAT.fullmatch(t) is None:
        return None
    value = float(t)
    return value if math.isfinite(value) else None

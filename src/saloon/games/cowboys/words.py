"""Words for the sentences a player reads: counts, sides' names with their
articles and possessives, lists and per cents.

A scenario names its sides as a player would (``Earps``, ``Hickok``,
``Harlan gang``, ``The Stranger``); a sentence needs them with an article
(``the Earps``), a verb that agrees (``the Earps win``, ``Hickok wins``)
and a possessive (``the Earps' part``, ``Hickok's part``). The rulings are
in ``docs/rulings.md`` (CW-W1): a name that is plural (its last word ends
in a single ``s``) or a common noun (its last word in lower case, ``Harlan
gang``) takes ``the``, as does a name a scenario gives ``article = "the"``
(``Law``); a name that starts with ``The`` keeps it, in lower case inside a
sentence.

>>> count(1, "card"), count(2, "card"), count(0, "marker")
('1 card', '2 cards', 'no markers')
>>> the("Earps"), the("Hickok"), the("Harlan gang"), the("The Stranger"), the("Law", "the")
('the Earps', 'Hickok', 'the Harlan gang', 'the Stranger', 'the Law')
>>> possessive("the Earps"), possessive("Hickok"), possessive("the Law")
("the Earps'", "Hickok's", "the Law's")
>>> verb("Earps", "wins", "win"), verb("Coffeyville", "wins", "win")
('win', 'wins')
>>> listing(["a", "b", "c"]), listing(["a"]), listing([])
('a, b and c', 'a', '')
>>> percent(25 / 36), percent(1 / 1296), percent(1.0), percent(0.0), percent(0.996)
('69%', 'under 1%', '100%', '0%', 'over 99%')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: The words of small counts, for "two shots", "three hits".
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``no cards``: ``n`` and the noun agreeing."""
    many = plural or noun + "s"
    if n == 0:
        return f"no {many}"
    return f"{n} {noun if n == 1 else many}"


def number_word(n: int) -> str:
    """``one``, ``two``... for small counts; digits beyond six."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def is_plural(name: str) -> bool:
    """Whether a side's name is a plural (``Earps``, ``Daltons``): its last
    word ends in a single ``s``."""
    last = name.split()[-1] if name.split() else name
    return len(last) > 2 and last.endswith("s") and not last.endswith("ss")


def the(name: str, article: str = "") -> str:
    """A side's name as it reads inside a sentence: ``the Earps``,
    ``Hickok``, ``the Stranger`` (a name starting ``The`` keeps it, in
    lower case). ``article`` is the scenario's own (``"the"``), if any."""
    words = name.split()
    if not words:
        return name
    if words[0] in ("The", "the"):
        return "the " + " ".join(words[1:])
    if article or is_plural(name) or words[-1][:1].islower():
        return f"the {name}"
    return name


def cap(text: str) -> str:
    """``text`` with a capital first letter (a sentence's start)."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """``the Earps'``, ``Hickok's``: a name (as :func:`the` gives it) owning."""
    return name + ("'" if name.endswith("s") and is_plural(name) else "'s")


def verb(name: str, singular: str, plural: str) -> str:
    """The form of a verb agreeing with a side's name (``wins``/``win``)."""
    return plural if is_plural(name) else singular


def listing(items: Sequence[str], conj: str = "and") -> str:
    """``a, b and c``: items in a sentence."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def percent(p: float | Fraction) -> str:
    """A chance in whole per cents (``69%``); a chance that is neither
    nothing nor certain never reads as ``0%`` or ``100%``."""
    x = float(p)
    if x <= 0:
        return "0%"
    if x >= 1:
        return "100%"
    shown = round(x * 100)
    if shown < 1:
        return "under 1%"
    if shown > 99:
        return "over 99%"
    return f"{shown}%"

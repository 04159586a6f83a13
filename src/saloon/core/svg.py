"""Small helpers for drawing SVG by hand: numbers, attributes, text that fits.

Games draw their boards as SVG strings (``Game.render_svg``); these are the
pieces every drawing needs, so that each game's renderer holds only its own
pictures.
"""

from __future__ import annotations

from html import escape
from typing import Final


def num(v: float) -> str:
    """``v`` with at most one decimal, without trailing zeros.

    >>> num(12.0), num(3.25), num(-0.04)
    ('12', '3.2', '-0')
    """
    return f"{v:.1f}".rstrip("0").rstrip(".")


def attrs(values: dict[str, object]) -> str:
    """SVG attributes from keyword-style names (``font_size`` becomes
    ``font-size``; a trailing underscore is dropped, for ``class_``);
    ``None`` values are left out.

    >>> attrs({"font_size": 12, "class_": "hero", "fill": None})
    ' font-size="12" class="hero"'
    """
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"'
        for k, v in values.items()
        if v is not None
    )


def text(x: float, y: float, words: str, **values: object) -> str:
    """A ``<text>`` element at ``(x, y)``, its words escaped.

    >>> text(1, 2.5, "a < b", fill="red")
    '<text x="1" y="2.5" fill="red">a &lt; b</text>'
    """
    return f'<text x="{num(x)}" y="{num(y)}"{attrs(values)}>{escape(words)}</text>'


#: Rough advance widths of the sans-serif font, in ems, by character class.
_NARROW: Final = frozenset("iljtf.,:;'|!·()[] ")
_WIDE: Final = frozenset("mwMW@%")


def text_width(words: str, size: float) -> float:
    """A rough width of ``words`` in the sans-serif font at ``size`` pixels.

    >>> round(text_width("Hello", 10), 1)
    22.8
    """
    ems = 0.0
    for ch in words:
        if ch in _NARROW:
            ems += 0.29
        elif ch in _WIDE:
            ems += 0.86
        elif ch.isupper() or ch.isdigit() or not ch.isascii():
            ems += 0.64
        else:
            ems += 0.53
    return ems * size


def fit(x: float, y: float, words: str, width: float, size: float, **values: object) -> str:
    """``words`` as :func:`text`, in a smaller font (6 pixels at least) when
    they would be wider than ``width``.

    >>> fit(0, 0, "a long name", 20, 12)
    '<text x="0" y="0" font-size="6">a long name</text>'
    """
    wide = text_width(words, size)
    if wide > width > 0:
        size = max(6.0, size * width / wide)
    return text(x, y, words, font_size=num(size), **values)


def wrap(words: str, chars: int) -> list[str]:
    """``words`` in lines of at most ``chars`` characters (words kept whole;
    a longer word has a line of its own).

    >>> wrap("the quick brown fox jumps", 10)
    ['the quick', 'brown fox', 'jumps']
    """
    out: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > chars:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return out

"""An advisor's answer at a decision: each choice's value, what the values are, how sure.

A game's advisor (:meth:`saloon.core.game.Game.advice`) gives an
:class:`Advice`: every legal choice valued, best first, each with the
spread of its estimate (``0`` for an exact value), saying what kind of
number the values are (a chance to win, shown in per cent, or a score with
its formula in words), whether they are exact or an estimate, and the
budget of the search that made an estimate. The terminal's ``hint``, the
browser's values beside the choices and ``saloon advise`` all show it the
same way (:meth:`Valued.shown`).

>>> from saloon.testing.tiny import Add, Stop
>>> a = Advice((Valued(Add(2), 0.612, 0.031), Valued(Stop(), 0.25, 0.02)),
...            "probability", "each choice's chance to win", exact=False,
...            budget="400 searches")
>>> a.best.action, a.values[0].shown("probability")
(Add(n=2), '61.2% ± 6.1')
>>> Valued(Stop(), 0.25).shown("score")
'0.250'
>>> Valued(Stop(), 0.997, 0.675).shown("probability")  # one playout or two
'99.7% (0-100%)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from saloon.core.action import Action

#: What an advisor's values are: chances to win (shown in per cent) or a
#: score of the advisor's own (shown as a number; its note says how it is
#: made).
ValueKind = Literal["probability", "score"]

#: The spread shown around an estimate: this many standard errors (about a
#: 95% interval).
INTERVAL_Z = 1.96


@dataclass(frozen=True)
class Valued:
    """One legal choice's value; ``spread`` is its standard error (0: exact)."""

    action: Action
    value: float
    spread: float = 0.0

    def shown(self, kind: ValueKind) -> str:
        """The value as a person reads it: ``61.2%`` (``± 6.1`` points for
        an estimate's 95% interval), or ``0.812`` for a score."""
        if kind == "probability":
            text = f"{self.value * 100:.1f}%"
            if self.spread > 0:
                half = self.spread * INTERVAL_Z
                if self.value - half < 0 or self.value + half > 1:
                    # A chance lies in 0-100%: an interval that would run
                    # past either end is shown as the range it is.
                    low, high = max(0.0, self.value - half), min(1.0, self.value + half)
                    return f"{text} ({low * 100:.0f}-{high * 100:.0f}%)"
                text += f" ± {half * 100:.1f}"
            return text
        text = f"{self.value:.3f}"
        if self.spread > 0:
            text += f" ± {self.spread * INTERVAL_Z:.3f}"
        return text


@dataclass(frozen=True)
class Advice:
    """Every legal choice valued at a decision, best first."""

    values: tuple[Valued, ...]
    kind: ValueKind
    note: str
    """What the values mean, in words (shown above them)."""
    exact: bool = True
    budget: str = ""
    """The search's budget in words, for an estimate (``"2,000 playouts"``)."""

    @property
    def best(self) -> Valued:
        return self.values[0]

    def pairs(self) -> list[tuple[Action, float]]:
        """``(action, value)`` pairs, best first (the older form of advice)."""
        return [(v.action, v.value) for v in self.values]

    def heading(self) -> str:
        """One line above the values: what they are, and how sure."""
        if self.exact:
            return f"{self.note} (exact)"
        how = f"an estimate from {self.budget}" if self.budget else "an estimate"
        if any(v.spread > 0 for v in self.values):
            how += "; ± is its 95% interval"
        return f"{self.note} ({how})"

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "note": self.note,
            "exact": self.exact,
            "budget": self.budget,
            "values": [
                {"action": str(v.action), "value": v.value, "spread": v.spread} for v in self.values
            ],
        }


def from_pairs(
    pairs: Sequence[tuple[Action, float]], note: str, kind: ValueKind = "probability"
) -> Advice:
    """Advice from exact ``(action, value)`` pairs, sorted best first."""
    ordered = sorted(pairs, key=lambda p: -p[1])
    return Advice(tuple(Valued(a, float(v)) for a, v in ordered), kind, note, exact=True)

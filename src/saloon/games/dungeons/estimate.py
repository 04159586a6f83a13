"""A guess at how a game of D6 will end, for a search cut short of the end.

Each hero's final glory is expected to be his glory now plus what his boards
promise over the season left: a linear function of his :data:`FEATURES`
(coins, hides, cards, potions, HP, stats...) weighted by ``tau`` and
``tau**2``, ``tau`` the share of the season's turns still to play. The
weights were fitted on games between heuristics
(``benchmarks/dungeons_fit_estimate.py``, which writes ``estimate.json``).
The expected glories become chances to win by a softmax whose temperature
``T0 + T1 * tau`` falls as the season runs out (fitted on the same games),
and the chances become the return expected under ruling DG-R25,
``p * n/(n-1) - 1/(n-1)``, scaled by :data:`SCALE` so that a real win always
weighs more than a good position.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from saloon.games.dungeons.rules import common

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The largest estimate: a real win (1) always weighs more.
SCALE = 0.8

#: What the estimate reads of a hero, in :func:`features`' order.
FEATURES = (
    "glory",
    "coins",
    "specialty_hides",
    "wild_hides",
    "cards",
    "potions",
    "hp",
    "dead",
    "backpack",
    "stats",
    "skill_markers",
)

#: The fitted weights (written by ``benchmarks/dungeons_fit_estimate.py``).
TABLE = Path(__file__).with_name("estimate.json")


@dataclass(frozen=True, slots=True)
class Weights:
    """The glory to come per unit of each feature, times ``tau`` (``linear``)
    and ``tau**2`` (``quadratic``); the softmax's ``temperature`` ``(T0, T1)``."""

    linear: tuple[float, ...]
    quadratic: tuple[float, ...]
    temperature: tuple[float, float]


@functools.cache
def weights() -> Weights:
    """The shipped table (read once).

    >>> w = weights()
    >>> len(w.linear) == len(w.quadratic) == len(FEATURES)
    True
    """
    raw = json.loads(TABLE.read_text())
    if tuple(raw["features"]) != FEATURES:
        raise ValueError(f"{TABLE.name} was fitted on other features: refit it")
    t0, t1 = raw["temperature"]
    return Weights(tuple(raw["linear"]), tuple(raw["quadratic"]), (float(t0), float(t1)))


def features(s: DungeonsState, seat: int) -> tuple[float, ...]:
    """The hero of ``seat`` as the estimate reads him (:data:`FEATURES`).

    >>> from saloon.games.dungeons import GAME
    >>> f = features(GAME.new_state(num_players=2), 0)
    >>> dict(zip(FEATURES, f))["hp"]
    3.0
    """
    h = s.heroes[seat]
    return (
        float(common.glory(s, seat)),
        float(h.coins),
        float(sum(1 for x in h.specialty if x)),
        float(len(h.wild)),
        float(h.hand_size),
        float(len(h.potions)),
        float(h.hp),
        float(h.dead),
        float(len(h.backpack)),
        float(h.stat_total),
        float(len(h.markers)),
    )


def season_left(s: DungeonsState) -> float:
    """The share of the season's turns still to play: 1 before the first
    turn, falling by ``1 / (rounds * players)`` with each turn begun.

    >>> from saloon.games.dungeons import GAME
    >>> season_left(GAME.new_state(num_players=3))
    1.0
    """
    if s.round < 1:
        return 1.0
    if s.options.hides:  # the dial's turns (Part III)
        return max(0.0, 1.0 - (s.round - 1) / max(1, s.max_turns))
    n = s.num_players
    done = (s.round - 1) * n + (s.turn.seat if s.turn is not None else 0)
    return max(0.0, 1.0 - done / (s.options.rounds * n))


def expected_glory(s: DungeonsState, seat: int) -> float:
    """The glory the hero of ``seat`` may expect at the end (see the module)."""
    w = weights()
    f = features(s, seat)
    tau = season_left(s)
    lin = sum(a * x for a, x in zip(w.linear, f, strict=True))
    quad = sum(b * x for b, x in zip(w.quadratic, f, strict=True))
    return f[0] + tau * lin + tau * tau * quad


def estimate(s: DungeonsState) -> tuple[float, ...]:
    """One value per player, within ruling DG-R25's bounds; the returns once over.

    >>> from saloon.games.dungeons import GAME
    >>> e = GAME.new_state(num_players=3).estimate()
    >>> len(e), all(abs(x) < 1e-9 for x in e)
    (3, True)
    """
    if not s.agenda:
        return s.returns()
    n = s.num_players
    if s.options.hides:
        return (hides_estimate(s),) * n
    t0, t1 = weights().temperature
    temperature = t0 + t1 * season_left(s)
    glory = [expected_glory(s, p) for p in range(n)]
    top = max(glory)
    odds = [math.exp((g - top) / temperature) for g in glory]
    total = sum(odds)
    return tuple(SCALE * ((w / total) * n / (n - 1) - 1 / (n - 1)) for w in odds)


#: The Hide Collection's logistic weights: the constant, the turns still to
#: come, the hides missing, co-op and co-op's turns (``python
#: benchmarks/dungeons_fit_hides_estimate.py --solo 600 --coop 300 --seed
#: 1``: heuristic self-play, 13,990 states; held-out log loss 0.45 against
#: the base rate's 0.62, and calibrated within three points in every bin).
HIDES_WEIGHTS: Final = (-2.1071, 1.2433, -0.3168, -0.855, -0.288)


def hides_features(s: DungeonsState) -> tuple[float, float]:
    """``(turns, missing)``: the turns still to come (the max turn counter
    less the turns begun, and a turn for each bounty carried: returned,
    it moves the counter) and the hides still missing (Part III)."""
    from saloon.games.dungeons.rules import hides

    missing = hides.HIDES - len(s.collection)
    turns = max(0, s.max_turns - max(0, s.round - 1)) + sum(len(h.backpack) for h in s.heroes)
    return float(turns), float(missing)


def hides_estimate(s: DungeonsState) -> float:
    """Hide Collection (Part III; ruling DG-R60), shared by the table: the
    chance to collect every hide in time, from the turns to come and the
    hides missing (:data:`HIDES_WEIGHTS`, fitted on heuristic self-play),
    mapped to ``[-SCALE, SCALE]``.

    >>> from saloon.games.dungeons import GAME, DungeonsOptions
    >>> start = hides_estimate(GAME.new_state(DungeonsOptions(mode="solo"), 1))
    >>> -SCALE < start < 0
    True
    """
    turns, missing = hides_features(s)
    if not missing:
        return SCALE
    coop = float(s.options.mode == "coop")
    a, b, c, d, e = HIDES_WEIGHTS
    logit = a + b * turns + c * missing + d * coop + e * coop * turns
    p = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, logit))))
    return SCALE * (2.0 * p - 1.0)

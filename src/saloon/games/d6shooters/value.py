"""A fitted value of the journey: how likely a state at the start of a turn
is to end in a win, and the score it is worth on average.

The planner (:mod:`saloon.games.d6shooters.planner`) scores the end of each
turn with this estimate. It is a small neural network (one hidden layer of
``tanh`` units, two outputs: the log-odds of a win and the expected final
score / 50) over features of the state that bear on the journey: the Days
left and the spaces left (and their ratio), the Towns still ahead (each one
stops movement in episode 1), the Posse, the Food against the Posse and the
days to the next Rations, the Ammo, the Gold, the Crowe Gang members left
(episode 2) and the useful Items held; in episode 2 also the exact chance
of winning the Ghost Town Showdown if it began now
(:func:`showdown_chance`, from :mod:`saloon.games.d6shooters.showdown`).
That chance is the one without Medicine/Bandages, as the net was fitted
on it (the Medicine held is an input of its own); where a turn reaches
Hoodia the planner takes the exact chance with the Medicine instead.

It was fitted by regression on the turns of simulated games of every
version of the episode (``benchmarks/d6shooters_fit_value.py`` writes
``value-ep1.json`` and ``value-ep2.json`` beside this module): episode 1 on
the ``heuristic``'s games, episode 2 by rounds of policy iteration on the
planner's own (docs/games/d6shooters.md). It estimates the chances of the
policy that played those games, so a planner that plays one turn better
and then trusts the estimate improves on that policy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
from numpy.typing import NDArray

from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import COMPASS, CROWE_LEADERS, MEDICINE

Array = NDArray[np.float64]
#: A number or an array of numbers (broadcast to the rows).
Num = Array | float

#: The features, in order (see :func:`features`).
FEATURES = (
    "days_left",
    "spaces_left",
    "spaces_per_day",
    "towns_ahead",
    "posse",
    "food",
    "food_minus_posse",
    "days_to_rations",
    "ammo",
    "gold",
    "crowe",
    "posse_minus_crowe",
    "early",
    "compass",
    "medicine",
)
N_FEATURES = len(FEATURES)
#: Episode 2's features: the above and the chance of winning the Ghost Town
#: Showdown if it began now, with this Posse, Crowe Gang and Ammo, without
#: Medicine (:func:`showdown_chance`; the net was fitted on that chance).
FEATURES_EP2 = (*FEATURES, "showdown")

#: The largest Posse, Crowe Gang and Ammo of the Showdown table; larger
#: values are looked up at these (Ammo beyond it buys no more rerolls than
#: a Showdown lasts rounds; Posse and Crowes are capped lower in play).
SD_POSSE, SD_CROWES, SD_AMMO = 12, 25, 15


@cache
def showdown_grid(medicine: bool = False) -> Array:
    """The chance of winning the Showdown with best play,
    ``grid[posse, crowes, ammo]``, no Tactic spent, with Medicine/Bandages
    held or not (:func:`saloon.games.d6shooters.showdown.showdown_win`)."""
    from saloon.games.d6shooters.showdown import table, used_index

    values = table(SD_POSSE, SD_CROWES, SD_AMMO).values[int(medicine), used_index(0)]
    return np.ascontiguousarray(
        values[: SD_AMMO + 1, : SD_POSSE + 1, : SD_CROWES + 1].transpose(1, 2, 0)
    )


def showdown_chance(posse: Num, crowes: Num, ammo: Num, medicine: bool = False) -> Array:
    """:func:`showdown_grid` looked up for arrays of states (clamped to the
    table; a Posse of 0 has lost).

    >>> float(showdown_chance(5, 0, 0)[0]), float(showdown_chance(0, 3, 4)[0])
    (1.0, 0.0)
    >>> bool(showdown_chance(4, 8, 1, medicine=True)[0] > showdown_chance(4, 8, 1)[0])
    True
    """
    p, c, a = (
        np.atleast_1d(np.clip(np.asarray(x, dtype=np.int64), 0, hi))
        for x, hi in ((posse, SD_POSSE), (crowes, SD_CROWES), (ammo, SD_AMMO))
    )
    out: Array = showdown_grid(medicine)[p, c, a]
    return out


@dataclass(frozen=True)
class Route:
    """What the features need to know of the route: the Day limit, the
    destination's space and the Town spaces before it."""

    limit: int
    dest: int
    towns: tuple[int, ...]

    @staticmethod
    def of(st: D6State) -> Route:
        towns = tuple(sorted(t for t in st.map.towns if st.map.start < t < st.destination))
        return Route(st.limit, st.destination, towns)


def features(
    route: Route,
    day: Num,
    pos: Num,
    posse: Num,
    food: Num,
    ammo: Num,
    gold: Num,
    crowe: Num,
    items: int,
    showdown: bool = False,
) -> Array:
    """The feature matrix (rows, :data:`N_FEATURES`, one more with
    ``showdown``: :data:`FEATURES_EP2`) of states at the start of a turn;
    every argument but ``route``, ``items`` and ``showdown`` is an array (or
    a number) broadcast to the rows."""
    day, pos, posse, food, ammo, gold, crowe = np.broadcast_arrays(
        *(np.asarray(x, dtype=np.float64) for x in (day, pos, posse, food, ammo, gold, crowe))
    )
    left = np.maximum(route.limit - day, 0.0)
    dist = np.maximum(route.dest - pos, 0.0)
    if route.towns:
        ahead = len(route.towns) - np.searchsorted(np.asarray(route.towns), pos, side="right")
    else:
        ahead = np.zeros_like(pos)
    out = np.empty((day.size, N_FEATURES + (1 if showdown else 0)))
    out[:, 0] = left / 40.0
    out[:, 1] = dist / 95.0
    out[:, 2] = dist / np.maximum(left, 1.0) / 3.0
    out[:, 3] = np.asarray(ahead, dtype=np.float64).ravel() / 5.0
    out[:, 4] = posse.ravel() / 12.0
    out[:, 5] = food.ravel() / 12.0
    out[:, 6] = (food - posse).ravel() / 12.0
    out[:, 7] = (5.0 - np.mod(day, 5.0)).ravel() / 5.0
    out[:, 8] = np.minimum(ammo, 20.0).ravel() / 10.0
    out[:, 9] = np.minimum(gold, 30.0).ravel() / 10.0
    out[:, 10] = crowe.ravel() / 20.0
    out[:, 11] = (posse - crowe - 2.0).ravel() / 10.0
    out[:, 12] = (left - dist / 2.5).ravel() / 10.0
    out[:, 13] = 1.0 if items & COMPASS else 0.0
    out[:, 14] = 1.0 if items & MEDICINE else 0.0
    if showdown:
        out[:, 15] = showdown_chance(posse, crowe + CROWE_LEADERS, ammo).ravel()
    return out


@dataclass(frozen=True)
class ValueNet:
    """One hidden layer: ``h = tanh(x W1 + b1)``, ``out = h W2 + b2``;
    ``out[:, 0]`` is the log-odds of a win, ``out[:, 1]`` the expected
    score / 50."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    #: If set, (mean, spread) of the spaces a turn can cover at best: both
    #: outputs are multiplied by the chance of covering the spaces left in
    #: the Days left (a normal approximation), so that states the fitted
    #: games never reached (far behind schedule) are not valued above zero.
    reach: tuple[float, float] | None = None
    #: The planner's default weight of the expected score beside the win
    #: probability (its ``score`` parameter) for this episode.
    score_weight: float = 0.2
    #: Whether the net takes :data:`FEATURES_EP2` (the Showdown's chance).
    showdown: bool = False

    def outputs(self, x: Array) -> tuple[Array, Array]:
        """(win probability, expected score) of each row of features."""
        h = np.tanh(x @ self.w1 + self.b1)
        out = h @ self.w2 + self.b2
        win = 1.0 / (1.0 + np.exp(-np.clip(out[:, 0], -30.0, 30.0)))
        score = np.maximum(out[:, 1], 0.0) * 50.0
        if self.reach is not None:
            mean, spread = self.reach
            days = x[:, 0] * 40.0
            dist = x[:, 1] * 95.0
            z = (days * mean - dist) / (spread * np.sqrt(np.maximum(days, 1.0)))
            feasible = np.where(dist <= 0, 1.0, 1.0 / (1.0 + np.exp(-1.702 * z)))
            win = win * feasible
            score = score * feasible
        return win, score

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "features": list(FEATURES_EP2 if self.showdown else FEATURES),
            "w1": self.w1.tolist(),
            "b1": self.b1.tolist(),
            "w2": self.w2.tolist(),
            "b2": self.b2.tolist(),
        }
        if self.reach is not None:
            out["reach"] = list(self.reach)
        out["score_weight"] = self.score_weight
        return out

    @staticmethod
    def from_json(data: dict[str, object]) -> ValueNet:
        names = data.get("features")
        if names not in (list(FEATURES), list(FEATURES_EP2)):
            raise ValueError("the value table was fitted on other features; refit it")
        w1, b1, w2, b2 = (np.asarray(data[k], dtype=np.float64) for k in ("w1", "b1", "w2", "b2"))
        reach = data.get("reach")
        pair = None
        if isinstance(reach, list) and len(reach) == 2:
            pair = (float(reach[0]), float(reach[1]))
        weight = data.get("score_weight", 0.2)
        return ValueNet(
            w1,
            b1,
            w2,
            b2,
            pair,
            float(weight) if isinstance(weight, int | float) else 0.2,
            names == list(FEATURES_EP2),
        )


@cache
def value_net(episode: int) -> ValueNet:
    """The shipped value estimate for ``episode`` (``value-epN.json``)."""
    text = (
        resources.files("saloon.games.d6shooters")
        .joinpath(f"value-ep{episode}.json")
        .read_text(encoding="utf-8")
    )
    return ValueNet.from_json(json.loads(text))


def state_features(st: D6State) -> Array:
    """The features of one state (one row)."""
    return features(
        Route.of(st),
        st.journey.day,
        st.journey.space,
        st.journey.posse,
        st.journey.food,
        st.journey.ammo,
        st.journey.gold,
        st.journey.crowes,
        st.journey.items,
        value_net(st.episode).showdown,
    )

"""How a journey ends, in one sentence: what happened and why.

Ep.1/Ep.2 "End of the Game" (the Posse at 0, a Rations Day with no Food, an
Event's need that cannot be met, the Day limit passed; Ep.2: the Ghost Town
Showdown) and "Scoring". The sentence is the last line of the log and the
result's :attr:`~saloon.core.state.Result.text`, so the terminal and the
browser say the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.d6shooters.rules.text import count

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State


def score_parts(st: D6State) -> list[str]:
    """What a won journey's points are made of (Ep.1/Ep.2 "Scoring"), each
    part that counts, in the rulebook's order.

    >>> from saloon.games.d6shooters.scenario import turn_start
    >>> st = turn_start(posse=5, gold=3, food=4, ammo=5)
    >>> st.journey.arrival_day = 34
    >>> st.journey.ended = "won"
    >>> print(", ".join(score_parts(st)))
    10 for arriving, 12 for 6 Days early, 15 for 5 Posse, 6 for 3 Gold, 4 for 4 Food, 2 for 5 Ammo
    """
    j = st.journey
    early = max(0, st.limit - j.arrival_day)
    gold = 2 if st.episode == 1 else 3
    parts = ["10 for arriving" if st.episode == 1 else "15 for the reward"]
    for points, what in (
        (2 * early, f"{early} Day{'s' if early != 1 else ''} early"),
        (3 * j.posse, f"{j.posse} Posse"),
        (gold * j.gold, f"{j.gold} Gold"),
        (j.food, f"{j.food} Food"),
        (j.ammo // 2, f"{j.ammo} Ammo"),
    ):
        if points:
            parts.append(f"{points} for {what}")
    return parts


def won(st: D6State) -> str:
    """A won journey: where, when, the score and what it is made of."""
    j = st.journey
    parts = ", ".join(score_parts(st))
    points = f"{st.score()} points ({parts})"
    if st.episode == 1:
        return f"The posse reaches {st.destination_name} on Day {j.arrival_day} with {points}."
    rounds = st.showdown.round
    return (
        f"The posse wins the Ghost Town Showdown at {st.destination_name} on Day "
        f"{j.arrival_day}, the last Crowe falling in round {rounds}, with {points}."
    )


def failed(st: D6State, why: str, day: int | None = None) -> str:
    """A failed journey: on which Day (``day``, else the Day under way) and
    why; in the Showdown, where."""
    j = st.journey
    if st.mode == "showdown":
        return f"The journey fails at {st.destination_name}, reached on Day {j.arrival_day}: {why}."
    return f"The journey fails on Day {j.day + 1 if day is None else day}: {why}."


def posse_gone(st: D6State, lost: int, source: str) -> str:
    """Why the posse is gone: its last members and what took them."""
    from saloon.games.d6shooters.rules.harm import LOSS_SOURCES

    sd = st.showdown
    if st.mode == "showdown":
        if sd.crowes <= 0:
            return (
                f"the last of the Posse falls in round {sd.round} with the last Crowe, and a "
                "Posse of none loses even so (ruling D6-S6)"
            )
        return (
            f"the Crowe Gang wins the Showdown in round {sd.round}, the last of the Posse "
            f"falling with {count(sd.crowes, 'Crowe die', 'Crowe dice')} still standing"
        )
    last = "its last member" if lost == 1 else f"its last {count(lost, 'member')}"
    if source in LOSS_SOURCES:
        return f"the posse is gone, {last} lost to {LOSS_SOURCES[source]}"
    if source:
        return f"the posse is gone, {last} given up to {source}"
    return f"the posse is gone, {last} lost"

"""The authored maps are winnable by a careful player, but not always.

A simple greedy player (keep 1s and 4s, shelter from the Heat, fight the
Gang, feed the Posse in Towns) plays seeded games of every episode; its win
rate must be neither hopeless nor certain (D6-R1, D6-R2: the maps' lengths
were tuned with this player).
"""

from __future__ import annotations

import numpy as np
import pytest

from saloon.core import Action, get_game
from saloon.games.d6shooters.actions import Amount, Change, Fours, Keep, Pay, Reroll
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import P_KEEP, STOP

GAME = get_game("d6shooters")


def greedy(state: D6State) -> Action:
    legal = list(state.legal_actions())
    if state.phase == P_KEEP:
        d = state.dice
        threats = sum(1 for f in d.red + d.white + d.black if f >= 5)
        short = state.journey.food < state.journey.posse + 4 and state.mode == "turn"

        def wanted(faces: tuple[int, ...]) -> tuple[int, ...]:
            want = [f for f in faces if f == 1]
            want += [f for f in faces if f == 4][: max(1, threats)]
            if short:
                want += [f for f in faces if f == 2]
            return tuple(sorted(want))

        free_red = list(d.red)
        for f in d.locked:
            free_red.remove(f)
        keep = Keep(
            wanted(d.black), tuple(sorted((*d.locked, *wanted(tuple(free_red))))), wanted(d.white)
        )
        return keep if state.is_legal(keep) else STOP
    if isinstance(legal[0], Fours):
        fours = [a for a in legal if isinstance(a, Fours)]

        def value(a: Fours) -> tuple[int, int, int]:
            left6 = max(0, state.resolution.sixes - 2 * a.hide)
            return (
                a.shelter * 3 + min(a.fight, left6) * 2 + a.back - a.hide * 2,
                -a.hide,
                a.back,
            )

        return max(fours, key=value)
    words = {str(a): a for a in legal}
    for w in (
        "roll",
        "buy food 5",
        "buy food 2",
        "buy posse",
        "buy ammo 2",
        "buy medicine",
        "buy compass",
        "herd",
        "deer small",
        "mine",
        "binoculars",
        "leave",
        "pass",
        "done",
        "tactic charge",
        "tactic defend",
        "tactic none",
        "fight",
    ):
        if w in words and not (w.startswith("buy food") and state.journey.food > state.cap - 3):
            if w == "buy posse" and state.journey.food < state.journey.posse + 2:
                continue
            if w == "buy ammo 2" and state.journey.ammo >= 5:
                continue
            return words[w]
    amounts = [a for a in legal if isinstance(a, Amount)]
    if amounts:
        if amounts[0].verb == "heat food":
            return amounts[-1] if state.journey.food > state.journey.posse + 1 else amounts[0]
        if amounts[0].verb in ("absorb", "recruit"):
            return amounts[-1]
        return amounts[0]
    pays = [a for a in legal if isinstance(a, Pay) and not a.posse]
    if pays:
        return pays[0]
    others = [a for a in legal if not isinstance(a, (Reroll, Change))]
    return (others or legal)[0]


def win_rate(options: D6ShootersOptions, games: int, seed: int = 0) -> float:
    rng = np.random.default_rng(seed)
    wins = 0
    for _ in range(games):
        s = GAME.new_state(options)
        assert isinstance(s, D6State)
        s.quiet = True
        while not s.is_over:
            s.apply_unchecked(s.sample_chance(rng) if s.is_chance else greedy(s))
            assert (
                0 <= s.journey.posse <= s.cap
                and 0 <= s.journey.food <= s.cap
                and s.journey.day <= s.limit
            )
            assert min(s.journey.gold, s.journey.ammo) >= 0
        wins += s.journey.ended == "won"
    return wins / games


@pytest.mark.parametrize(
    "options",
    [
        D6ShootersOptions(episode=1),
        D6ShootersOptions(episode=2),
        D6ShootersOptions(episode=1, version="easier", events="d6"),
        D6ShootersOptions(episode=2, version="shorter", events="d6"),
    ],
    ids=["ep1", "ep2", "ep1-easier-d6", "ep2-shorter-d6"],
)
def test_invariants_hold_in_greedy_games(options: D6ShootersOptions) -> None:
    """Posse and Food within their caps, nothing negative, the Day never past
    the limit ("Your Posse", "Food", "Days"), checked after every step."""
    win_rate(options, 40)


@pytest.mark.parametrize(
    "options",
    [
        D6ShootersOptions(episode=1, version="shorter"),
        D6ShootersOptions(episode=1, version="easier"),
    ],
    ids=["ep1-shorter", "ep1-easier"],
)
def test_a_careful_player_wins_sometimes_but_not_always(options: D6ShootersOptions) -> None:
    rate = win_rate(options, 200)
    assert 0.02 <= rate <= 0.95, rate


def test_a_day_limit_of_ones_own_replaces_the_maps() -> None:
    """``days`` (a designer's variant) sets the limit every part of the game
    reads: the sheet, the length bound, the encoding; a tighter limit can
    only lower the careful player's win rate on the same dice."""
    short = D6ShootersOptions(days=25)
    state = GAME.new_state(short)
    assert isinstance(state, D6State) and state.limit == 25
    assert GAME.encoding(short).limit == 25  # type: ignore[attr-defined]
    assert GAME.max_length(short) < GAME.max_length(D6ShootersOptions(days=60))
    assert win_rate(short, 60) <= win_rate(D6ShootersOptions(days=60), 60)
    with pytest.raises(ValueError, match="days"):
        D6ShootersOptions.parse(["days=2"])

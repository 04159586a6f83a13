"""The gain of an agent over a baseline, measured at its departures
(``saloon.analysis.gain``), against exact values of the tiny game."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from saloon.analysis.gain import advantage, win_share
from saloon.core import CHANCE, Action, State
from saloon.testing.tiny import Add, Stop, TinyGame, dealt

#: A policy: the chance of each action at a state.
Policy = Callable[[State], dict[Action, float]]


class Cautious:
    """Adds 2 while its total and card are at most 6, then stops: a
    deterministic baseline that reads only the state."""

    name = "cautious"
    #: The most its total and card may be for it to add again.
    limit = 6

    def choose(self, state: State) -> Action:
        me = state.to_move
        assert isinstance(me, int) and me >= 0
        mine = state.totals[me] + (state.cards[me] or 0)  # type: ignore[attr-defined]
        return Add(2) if mine <= self.limit else Stop()


def cautious(state: State) -> dict[Action, float]:
    return {Cautious().choose(state): 1.0}


def uniform(state: State) -> dict[Action, float]:
    legal = state.legal_actions()
    return {a: 1 / len(legal) for a in legal}


def value(state: State, seat: int, policies: tuple[Policy, Policy]) -> float:
    """``seat``'s expected win share from ``state``, every chance outcome
    and every policy's choice weighed exactly."""
    mover = state.to_move
    if mover is None:
        return win_share(state, seat)
    branches: list[tuple[Action, float]]
    if mover == CHANCE:
        branches = list(state.chance_outcomes())
    else:
        branches = list(policies[mover](state).items())
    total = 0.0
    for step, p in branches:
        child = state.clone()
        child.apply(step)
        total += p * value(child, seat, policies)
    return total


@pytest.mark.parametrize(
    ("cards", "action"), [((1, 5), Add(2)), ((4, 2), Stop()), ((3, 4), Add(1))]
)
def test_an_advantage_estimates_the_exact_one(cards: tuple[int, int], action: Action) -> None:
    state = dealt(*cards)
    base = (cautious, cautious)
    after = state.clone()
    after.apply(action)
    exact = value(after, 0, base) - value(state, 0, base)
    got = advantage(state, action, Cautious(), 1500, seed=5)
    error = float(got.std(ddof=1)) / math.sqrt(len(got))
    assert abs(float(got.mean()) - exact) < 4 * error + 1e-9


def test_the_baselines_own_choice_has_no_advantage_and_costs_no_rollout() -> None:
    class Counting(Cautious):
        calls = 0

        def choose(self, state: State) -> Action:
            Counting.calls += 1
            return super().choose(state)

    state = dealt(1, 5)
    got = advantage(state, Add(2), Counting(), 50, seed=0)
    assert got.tolist() == [0.0] * 50
    assert Counting.calls == 1


def test_a_sweep_shares_its_dice_between_the_two_ways() -> None:
    # Both ways add 2 and only the total's scale differs, so with the same
    # dice the difference takes only the values the scale allows; with
    # independent dice some sweeps would swing the whole way (a win and a loss
    # from one side and the other) far more often.
    state = dealt(2, 3)
    got = advantage(state, Add(1), Cautious(), 400, seed=1)
    assert set(np.unique(got)) <= {-1.0, -0.5, 0.0, 0.5, 1.0}
    assert float(np.mean(got == 0)) > 0.3


def test_bad_calls_are_refused() -> None:
    state = dealt(1, 5)
    with pytest.raises(ValueError, match="at least one sweep"):
        advantage(state, Stop(), Cautious(), 0, seed=0)
    with pytest.raises(ValueError, match="player's decision"):
        advantage(TinyGame().new_state(), Stop(), Cautious(), 1, seed=0)


class Bold(Cautious):
    """Adds 2 while its total and card are at most 8: departs from the
    cautious player only between 7 and 8."""

    name = "bold"
    limit = 8


def bold(state: State) -> dict[Action, float]:
    return {Bold().choose(state): 1.0}


def gains_and_scores(
    choose: Callable[[State, np.random.Generator], Action], games: int, sweeps: int
) -> tuple[np.ndarray, np.ndarray]:
    """Seat 0 chosen by ``choose`` against the cautious player: each game's
    sum of advantages at seat 0's departures, and its win share."""
    rng = np.random.default_rng(11)
    baseline = Cautious()
    gains, scores = [], []
    for g in range(games):
        state = TinyGame().new_state()
        gain = 0.0
        while (mover := state.to_move) is not None:
            if mover == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if mover == 0:
                action = choose(state, rng)
                gain += float(advantage(state, action, baseline, sweeps, seed=g).mean())
            else:
                action = baseline.choose(state)
            state.apply(action)
        gains.append(gain)
        scores.append(win_share(state, 0))
    return np.asarray(gains), np.asarray(scores)


def exact_gain(policy: Policy) -> float:
    start = TinyGame().new_state()
    return value(start, 0, (policy, cautious)) - value(start, 0, (cautious, cautious))


def test_the_sum_of_advantages_estimates_the_agents_gain() -> None:
    """The performance difference lemma: a random player against the
    cautious one gains, on average, the sum of the cautious player's
    advantages of its departures (it agrees with the exact gain)."""

    def pick(state: State, rng: np.random.Generator) -> Action:
        legal = state.legal_actions()
        return legal[int(rng.integers(len(legal)))]

    gains, _ = gains_and_scores(pick, 600, 2)
    exact = exact_gain(uniform)
    assert exact < -0.05  # random play loses something to the cautious
    error = float(gains.std(ddof=1)) / math.sqrt(len(gains))
    assert abs(float(gains.mean()) - exact) < 4 * error


def test_where_the_agent_departs_seldom_the_estimate_is_far_less_noisy() -> None:
    gains, scores = gains_and_scores(lambda state, rng: Bold().choose(state), 600, 16)
    exact = exact_gain(bold)
    error = float(gains.std(ddof=1)) / math.sqrt(len(gains))
    assert abs(float(gains.mean()) - exact) < 4 * error
    assert gains.std() < 0.8 * scores.std()

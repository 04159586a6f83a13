"""The generic search advisor (``saloon.agents.advisor``) on the tiny game."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from saloon.agents.advisor import AdvisorAgent, Budget, SearchAdvisor, chances_from_returns
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.state import State
from saloon.testing.advice import assert_best_first
from saloon.testing.tiny import CARDS, Add, Stop, TinyGame, TinyState, dealt


class Greedy:
    """A tiny heuristic: add 2 while behind or level, else stop; its ranking follows."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def ranked(self, state: State) -> list[Action]:
        assert isinstance(state, TinyState)
        me = state.to_move
        assert me is not None and me >= 0
        ahead = state.totals[me] > state.totals[1 - me]
        return [Stop(), Add(1), Add(2)] if ahead else [Add(2), Add(1), Stop()]

    def choose(self, state: State) -> Action:
        return self.ranked(state)[0]


def make(budget: Budget, seed: int = 0) -> SearchAdvisor:
    def rollout(s: int) -> Agent:
        return Greedy(s)

    return SearchAdvisor(rollout, chances_from_returns, budget, seed=seed)


def last_decision(card: int, other: int, mine: int, theirs: int) -> State:
    """Player 2's last decision, his total ``mine`` against ``theirs``."""
    s = dealt(other, card)
    assert isinstance(s, TinyState)
    s.apply(Stop())
    s.apply(Stop())
    s.apply(Stop())
    s.totals = [theirs, mine]
    return s


def exact_values(state: TinyState) -> dict[Action, float]:
    """Player 2's chance to win (a draw half) of each action at his last
    decision, over the cards he cannot see and the die."""
    me = 1
    mine = state.totals[me] + (state.cards[me] or 0)
    others = [c for c in CARDS if c != state.cards[me]]

    def score(total: int) -> Fraction:
        got = Fraction(0)
        for c in others:
            theirs = state.totals[0] + c
            got += Fraction(1 if total > theirs else 0) + Fraction(1, 2) * (total == theirs)
        return got / len(others)

    out: dict[Action, float] = {Stop(): float(score(mine))}
    for n in (1, 2):
        out[Add(n)] = float(sum(score(mine + n * f) for f in (1, 2, 3)) / 3)
    return out


def test_every_legal_action_is_valued_best_first_with_a_spread() -> None:
    state = dealt(2, 4)
    search = make(Budget(work=200, depth=10))
    answer = search.advise(state)
    assert sorted(map(str, (v.action for v in answer.values))) == sorted(
        map(str, state.legal_actions())
    )
    assert_best_first(search, answer)
    assert all(0.0 <= v.value <= 1.0 and v.spread >= 0.0 for v in answer.values)
    assert answer.kind == "probability" and not answer.exact
    assert "worth 200 units of work" in answer.budget and "cut at 10 steps" in answer.budget
    assert "an estimate from playouts by the heuristic worth 200" in answer.heading()


def test_the_values_approach_the_exact_chances() -> None:
    state = last_decision(card=3, other=4, mine=3, theirs=4)
    assert isinstance(state, TinyState)
    truth = exact_values(state)
    answer = make(Budget(work=6000, depth=10), seed=5).advise(state)
    for v in answer.values:
        assert abs(v.value - truth[v.action]) < 4 * v.spread + 0.01, (v, truth[v.action])
    assert answer.best.action == max(truth, key=truth.__getitem__)


def test_a_sure_departure_goes_first_and_a_doubtful_one_does_not() -> None:
    """Ahead by a point, the greedy heuristic stops; adding 2 is far better
    (87.5% against 12.5%): the search is sure, and puts it first. With a
    budget too small to be sure of anything, the heuristic's choice stays
    first whatever the values say."""
    state = last_decision(card=1, other=2, mine=1, theirs=0)
    search = make(Budget(work=6000, depth=10), seed=5)
    answer = search.advise(state)
    assert Greedy().choose(state) == Stop()
    assert answer.best.action == Add(2) and Add(2) in search.last_sure
    assert_best_first(search, answer)
    tiny = make(Budget(work=1, depth=10), seed=5)
    small = tiny.advise(state)
    assert not tiny.last_sure and small.best.action == Stop()
    assert_best_first(tiny, small)


def test_the_same_seed_gives_the_same_advice_and_another_seed_another() -> None:
    state = dealt(2, 4)
    a = make(Budget(work=300, depth=10)).advise(state, seed=11)
    b = make(Budget(work=300, depth=10)).advise(state, seed=11)
    c = make(Budget(work=300, depth=10)).advise(state, seed=12)
    assert a == b
    assert a != c


def test_the_advice_reads_only_the_movers_information() -> None:
    # Player 1 holds 2 in both; player 2's hidden card differs.
    a = make(Budget(work=300, depth=10)).advise(dealt(2, 4), seed=3)
    b = make(Budget(work=300, depth=10)).advise(dealt(2, 5), seed=3)
    assert a == b


@pytest.mark.parametrize("work", [1, 50, 400])
def test_the_work_is_bounded_by_the_budget(work: int) -> None:
    budget = Budget(work=work, depth=6, screen=2, settle=3, heuristic_top=1, screen_top=1)
    advisor = make(budget)
    state = dealt(1, 5)
    answer = advisor.advise(state)
    assert len(answer.values) == 3
    legal = len(state.legal_actions())
    # The race stops once its work is spent: it runs over by its last sweep at most.
    assert advisor.last_work - advisor.last_sweep_work < max(work, 1) or advisor.last_sweeps == 1
    # A sweep: each candidate's action and at most ``depth`` steps, each of three choices.
    assert advisor.last_sweep_work <= budget.candidates * (1 + budget.depth) * (10 + 3)
    assert advisor.last_screen_steps <= budget.screen * legal * (1 + budget.settle)
    assert advisor.last_screen_steps > 0  # three choices, two candidates: a screen
    assert advisor.last_playouts >= 2


def test_successive_halving_keeps_the_heuristics_choice() -> None:
    advisor = make(Budget(work=400, depth=6, heuristic_top=3, screen_top=0))
    advisor.advise(dealt(3, 4))
    assert advisor.last_candidates[0] == Add(2)
    assert advisor.last_finalists[0] == Add(2) and len(advisor.last_finalists) == 2


def test_a_budget_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="work is at least 1"):
        Budget(work=0, depth=5)
    with pytest.raises(ValueError, match="screen is at least 0"):
        Budget(work=5, depth=5, screen=-1)
    assert Budget(work=100, depth=5).scaled(0.001).work == 1


def test_the_agent_plays_the_first_choice() -> None:
    advisor = make(Budget(work=200, depth=10))
    agent = AdvisorAgent(advisor.advise, seed=1)
    state = last_decision(card=3, other=4, mine=3, theirs=4)
    seed = int(np.random.default_rng(1).integers(2**63))
    assert agent.choose(state) == make(Budget(work=200, depth=10)).advise(state, seed).best.action


def test_chances_from_returns() -> None:
    state = last_decision(card=5, other=1, mine=4, theirs=0)
    state.apply(Stop())
    assert chances_from_returns(state) == (0.0, 1.0)
    level = last_decision(card=5, other=1, mine=0, theirs=4)
    level.apply(Stop())
    assert chances_from_returns(level) == (0.5, 0.5)


def test_a_chance_node_has_no_advice() -> None:
    state = TinyGame().new_state()
    with pytest.raises(ValueError, match="player to move"):
        make(Budget(work=10, depth=2)).advise(state)


def test_a_playout_is_cut_at_its_depth() -> None:
    state = dealt(2, 3)
    advisor = make(Budget(work=100, depth=1, heuristic_top=3, screen_top=0))
    advisor.advise(state)
    # depth 1: each playout rolls the die (one step) after the choice, no further.
    assert advisor.last_screen_steps == 0
    assert advisor.last_steps == 2 * advisor.last_playouts
    # Ten units a step, and three more for the opponent's three choices after a stop.
    assert 20 * advisor.last_playouts <= advisor.last_work <= 23 * advisor.last_playouts


def test_a_games_advisor_wired_by_the_helpers() -> None:
    """seeded_advice seeds by the steps played (the same table, the same
    advice) and has none where no player decides; why_no_advice says why;
    advisor_factory makes the ``advisor`` agent at a scale."""
    from saloon.agents.advisor import advisor_factory, seeded_advice, why_no_advice

    def build(state: State, seed: int | None, scale: float) -> SearchAdvisor:
        return make(Budget(work=200, depth=10).scaled(scale))

    state = last_decision(card=3, other=4, mine=3, theirs=4)
    got = seeded_advice(build, state)
    assert got is not None
    assert got == make(Budget(work=200, depth=10)).advise(state, seed=len(state.history))
    assert seeded_advice(build, TinyGame().new_state()) is None  # a chance node
    assert why_no_advice(state, lambda s: "the values") == "the values"
    assert why_no_advice(TinyGame().new_state(), str, "side") == (
        "no advice: the dice or the cards decide now, not a side"
    )
    agent = advisor_factory(lambda s, seed, scale: seeded_advice(build, s, seed, scale))(
        TinyGame(), 1, {"scale": "2"}
    )
    assert agent.choose(state) in state.legal_actions()

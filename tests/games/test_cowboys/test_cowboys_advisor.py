"""Cowboys' advisor (saloon.games.cowboys.advisor): every choice's chance to
win from a search of the heuristic's play, from the mover's information.

Searches here run at a small fraction of the default budget (``scale``):
the tests check what the advice is, not how good (benchmarks/ does that).
"""

from __future__ import annotations

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core.errors import OptionError
from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME, advisor
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.state import CowboysState, Phase
from saloon.testing.advice import assert_best_first

#: A small share of the default budget, for speed.
SMALL = 0.05


def decision(scenario: str, skip: int, seed: int = 0, select: bool = True) -> CowboysState:
    """A state of a game between heuristics after ``skip`` decisions with
    more than one choice, at the next such decision (a figure's action to
    choose, if ``select``)."""
    state = GAME.new_state(CowboysOptions(scenario=scenario))
    assert isinstance(state, CowboysState)
    agents = [make_agent("heuristic", GAME, seed=seed + p) for p in range(state.num_players)]
    rng = np.random.default_rng(seed)
    seen = 0
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if mover == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        many = len(state.legal_actions()) > 1
        if many and (not select or state.phase == Phase.SELECT):
            if seen == skip:
                return state
            seen += 1
        state.apply(agents[mover].choose(state))
    raise AssertionError("the game ended first")


@pytest.fixture(scope="module")
def duel() -> CowboysState:
    return decision("hickok-tutt", 2)


def test_every_legal_choice_is_valued_best_first(duel: CowboysState) -> None:
    search = advisor.make_advisor(duel, seed=None, scale=SMALL)
    answer = search.advise(duel, seed=len(duel.history))
    assert answer is not None
    legal = list(duel.legal_actions())
    assert len(answer.values) == len(legal) > 8  # more than the candidates: a screen
    assert {v.action for v in answer.values} == set(legal)
    assert_best_first(search, answer)
    assert all(0.0 <= v.value <= 1.0 and v.spread >= 0.0 for v in answer.values)
    assert answer.kind == "probability" and not answer.exact
    side = duel.side_name(duel.to_move or 0)
    assert answer.note == f"each choice's chance to win for {side}, a draw counting half"
    assert "playouts by the heuristic worth" in answer.budget
    assert "an estimate from" in answer.heading()


def test_the_game_gives_the_advice_and_its_pairs(duel: CowboysState) -> None:
    pairs = GAME.advise(duel)  # the default budget: about a second in the duel
    answer = advisor.advice(duel)
    assert answer is not None and pairs == answer.pairs()
    assert GAME.advice_note(duel) == answer.note


def test_the_same_table_gets_the_same_advice(duel: CowboysState) -> None:
    a = advisor.advice(duel, scale=SMALL)
    b = advisor.advice(duel.clone(), scale=SMALL)
    assert a == b
    assert advisor.advice(duel, seed=1, scale=SMALL) != advisor.advice(duel, seed=2, scale=SMALL)


def test_the_advice_never_peeks_at_another_sides_cards() -> None:
    state = decision("ok-corral", 3, seed=1)
    me = state.to_move
    assert me is not None and me >= 0
    other = 1 - me
    rng = np.random.default_rng(4)
    redealt = state.resample_hidden(me, rng)
    assert isinstance(redealt, CowboysState)
    while redealt.hands[other] == state.hands[other]:
        redealt = state.resample_hidden(me, rng)
        assert isinstance(redealt, CowboysState)
    assert redealt.hands[me] == state.hands[me]
    assert redealt.view(me) == state.view(me)
    assert advisor.advice(state, scale=SMALL) == advisor.advice(redealt, scale=SMALL)


def test_canonical_keeps_what_the_side_sees() -> None:
    state = decision("ok-corral", 3, seed=1)
    me = state.to_move
    assert me is not None and me >= 0
    laid = advisor.canonical(state, me)
    assert laid.view(me) == state.view(me)
    assert sorted(laid.deck + laid.hands[1 - me]) == sorted(state.deck + state.hands[1 - me])
    assert [len(h) for h in laid.hands] == [len(h) for h in state.hands]
    again = advisor.canonical(state.resample_hidden(me, np.random.default_rng(9)), me)
    assert (again.hands, again.deck) == (laid.hands, laid.deck)


def test_the_search_is_bounded_by_its_budget(duel: CowboysState) -> None:
    search = advisor.make_advisor(duel, seed=3, scale=SMALL)
    search.advise(duel)
    budget = search.budget
    legal = len(duel.legal_actions())
    assert budget.work == round(advisor.WORK * SMALL)
    assert search.last_work - search.last_sweep_work < budget.work
    # A sweep: at most its candidates' playouts, each its action and ``depth`` steps.
    assert (
        search.last_steps - search.last_screen_steps
        <= search.last_sweeps * budget.candidates * (budget.depth + 1)
    )
    assert search.last_screen_steps <= budget.screen * legal * (budget.settle + 1)
    assert search.last_candidates[0] == search.last_finalists[0]  # the heuristic's own choice


def test_the_default_budget() -> None:
    assert advisor.budget().work == advisor.WORK and advisor.budget().depth == advisor.DEPTH
    assert advisor.budget(10).work == 10 * advisor.WORK


def test_a_window_and_three_sides() -> None:
    state = decision("three-way-standoff", 1, select=False)
    answer = advisor.advice(state, scale=SMALL)
    assert answer is not None
    assert {v.action for v in answer.values} == set(state.legal_actions())
    assert answer.note.endswith(", a draw counting 1/3")


def test_chances_are_shares_of_the_win() -> None:
    for scenario in ("hickok-tutt", "ok-corral", "three-way-standoff", "brawl"):
        state = decision(scenario, 4)
        got = advisor.chances(state)
        assert len(got) == state.num_players
        assert all(0.0 <= p <= 1.0 for p in got)
        assert sum(got) == pytest.approx(1.0)


def test_no_advice_where_no_side_decides() -> None:
    state = GAME.new_state(CowboysOptions(scenario="hickok-tutt"))
    assert state.to_move == CHANCE
    assert GAME.advice(state) is None and GAME.advise(state) is None
    assert "the dice or the cards decide" in GAME.advice_note(state)


def test_the_advisor_agent_plays_a_legal_first_choice(duel: CowboysState) -> None:
    agent = make_agent(f"advisor:scale={SMALL}", GAME, seed=7)
    assert agent.name == f"advisor:scale={SMALL}"
    choice = agent.choose(duel)
    assert choice in duel.legal_actions()
    again = make_agent(f"advisor:scale={SMALL}", GAME, seed=7).choose(duel)
    assert again == choice
    with pytest.raises(OptionError, match="scale"):
        make_agent("advisor:scale=0", GAME)
    with pytest.raises(OptionError, match="scale"):
        make_agent("advisor:scale=1000", GAME)
    with pytest.raises(OptionError, match="rollout"):
        make_agent("mcts:rollout=advisor", GAME)

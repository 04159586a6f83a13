"""D6's advisor (saloon.games.dungeons.advisor): every choice's chance to win
from a search of the heuristic's play, from the mover's information.

Searches here run at a small fraction of the default budget (``scale``):
the tests check what the advice is, not how good (benchmarks/ does that).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core.errors import OptionError
from saloon.core.state import CHANCE
from saloon.games.dungeons import GAME, advisor
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.testing.advice import assert_best_first

#: A small share of the default budget, for speed.
SMALL = 0.05


def decision(
    players: int, skip: int, seed: int = 0, where: Callable[[DungeonsState], bool] | None = None
) -> DungeonsState:
    """A state of a game between heuristics at its ``skip``-th later
    decision with more than one choice (and ``where``, if given)."""
    state = GAME.new_state(num_players=players)
    assert isinstance(state, DungeonsState)
    agents = [make_agent("heuristic", GAME, seed=seed + p) for p in range(players)]
    rng = np.random.default_rng(seed)
    seen = 0
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if mover == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and (where is None or where(state)):
            if seen == skip:
                return state
            seen += 1
        state.apply(agents[mover].choose(state))
    raise AssertionError("the game ended first")


def many_choices(state: DungeonsState) -> bool:
    return len(state.legal_actions()) > 8 and state.round >= 1


@pytest.fixture(scope="module")
def turn() -> DungeonsState:
    return decision(2, 3, where=many_choices)


def test_every_legal_choice_is_valued_best_first(turn: DungeonsState) -> None:
    search = advisor.make_advisor(turn, seed=None, scale=SMALL)
    answer = search.advise(turn, seed=len(turn.history))
    assert answer is not None
    legal = list(turn.legal_actions())
    assert len(answer.values) == len(legal)
    assert {v.action for v in answer.values} == set(legal)
    assert_best_first(search, answer)
    assert all(0.0 <= v.value <= 1.0 and v.spread >= 0.0 for v in answer.values)
    assert answer.kind == "probability" and not answer.exact
    assert answer.note.startswith(f"each choice's chance to win for {turn.name(turn.to_move or 0)}")
    assert answer.note.endswith(", a shared win counting 1/k")
    assert "cut at 120 steps" in answer.budget


def test_the_game_gives_the_advice_and_its_pairs() -> None:
    state = decision(2, 2)
    pairs = GAME.advise(state)  # the default budget: about a second and a half
    answer = advisor.advice(state)
    assert answer is not None and pairs == answer.pairs()
    assert answer.best.action in state.legal_actions()
    assert GAME.advice_note(state) == answer.note


def test_the_same_table_gets_the_same_advice(turn: DungeonsState) -> None:
    a = advisor.advice(turn, scale=SMALL)
    assert a == advisor.advice(turn.clone(), scale=SMALL)
    assert a != advisor.advice(turn, seed=1, scale=SMALL)


def test_the_advice_never_peeks_at_another_players_cards() -> None:
    def holding(state: DungeonsState) -> bool:
        return many_choices(state) and all(h.advantage or h.quests for h in state.heroes)

    state = decision(3, 2, seed=2, where=holding)
    me = state.to_move
    assert me is not None and me >= 0
    rng = np.random.default_rng(5)
    redealt = state.resample_hidden(me, rng)
    assert isinstance(redealt, DungeonsState)
    others = [p for p in range(3) if p != me]
    while all(redealt.heroes[p] == state.heroes[p] for p in others):
        redealt = state.resample_hidden(me, rng)
        assert isinstance(redealt, DungeonsState)
    assert redealt.view(me) == state.view(me)
    assert advisor.advice(state, scale=SMALL) == advisor.advice(redealt, scale=SMALL)


def test_canonical_keeps_what_the_player_sees(turn: DungeonsState) -> None:
    me = turn.to_move
    assert me is not None and me >= 0
    laid = advisor.canonical(turn, me)
    assert laid.view(me) == turn.view(me)
    again = advisor.canonical(turn.resample_hidden(me, np.random.default_rng(3)), me)
    assert again.heroes == laid.heroes and again.decks == laid.decks


def test_the_search_is_bounded_by_its_budget(turn: DungeonsState) -> None:
    search = advisor.make_advisor(turn, seed=3, scale=SMALL)
    search.advise(turn)
    budget = search.budget
    legal = len(turn.legal_actions())
    assert budget.work == round(advisor.WORK * SMALL)
    assert search.last_work - search.last_sweep_work < budget.work
    # A sweep: at most its candidates' playouts, each its action and ``depth`` steps.
    assert (
        search.last_steps - search.last_screen_steps
        <= search.last_sweeps * budget.candidates * (budget.depth + 1)
    )
    assert search.last_screen_steps <= budget.screen * legal * (budget.settle + 1)
    assert search.last_candidates[0] == search.last_finalists[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chances_are_shares_of_the_win(players: int) -> None:
    state = decision(players, 30)
    got = advisor.chances(state)
    assert len(got) == players
    assert all(0.0 <= p <= 1.0 for p in got)
    assert sum(got) == pytest.approx(1.0)


def test_no_advice_where_no_player_decides() -> None:
    state = GAME.new_state(num_players=2)
    while state.to_move != CHANCE:
        state.apply(state.legal_actions()[0])
    assert GAME.advice(state) is None and GAME.advise(state) is None
    assert "the dice or the cards decide" in GAME.advice_note(state)


def test_the_advisor_agent_plays_a_legal_first_choice(turn: DungeonsState) -> None:
    agent = make_agent(f"advisor:scale={SMALL}", GAME, seed=7)
    choice = agent.choose(turn)
    assert choice in turn.legal_actions()
    assert make_agent(f"advisor:scale={SMALL}", GAME, seed=7).choose(turn) == choice
    with pytest.raises(OptionError, match="scale"):
        make_agent("advisor:scale=-1", GAME)
    with pytest.raises(OptionError, match="rollout"):
        make_agent("mcts:rollout=advisor", GAME)

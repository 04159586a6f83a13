"""Random agent specs, and random text as notation, for every game.

A spec either makes an agent (which then plays a legal move, when its
budget is small enough to try here) or is refused with one
:class:`SaloonError` line; ``parse_action`` either reads an action or
raises :class:`NotationError`, whatever the text.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saloon.agents import ExpectimaxAgent, MCTSAgent, agent_names, make_agent
from saloon.core.dice import RandomDice
from saloon.core.errors import NotationError, SaloonError
from saloon.core.registry import get_game
from saloon.core.state import CHANCE

from .conftest import GAMES, big_number, fuzz, hostile_text, time_bound

KNOBS = [
    "iterations", "seconds", "c", "max_depth", "rollout", "top", "reuse",
    "depth", "rollouts", "steps", "reach", "pace", "file", "fallback",
]  # fmt: skip


def specs(names: list[str]) -> st.SearchStrategy[str]:
    """Agent specs: known and unknown names, known and unknown knobs, any values."""
    value = st.one_of(
        st.integers(min_value=-5, max_value=3000).map(str),
        st.floats(min_value=-1, max_value=5, allow_nan=False).map(str),
        st.sampled_from(["inf", "nan", "-0", "1e999", "²", "①", "10**23", "", "auto"]),
        big_number(),
        hostile_text(12),
    )
    param = st.builds(
        lambda k, v: f"{k}={v}", st.one_of(st.sampled_from(KNOBS), hostile_text(8)), value
    )
    name = st.one_of(st.sampled_from(names), hostile_text(12))
    return st.one_of(
        st.builds(
            lambda n, ps: n + (":" + ",".join(ps) if ps else ""), name, st.lists(param, max_size=3)
        ),
        hostile_text(40),
    )


def cheap(agent: object) -> bool:
    """Whether one move of ``agent`` is quick enough to try in the fuzz suite."""
    if isinstance(agent, MCTSAgent):
        return (agent.iterations or 0) <= 2000 and (agent.seconds is None or agent.seconds <= 0.5)
    if isinstance(agent, ExpectimaxAgent):
        return agent.steps <= 50_000
    return True


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=150)
@given(data=st.data())
def test_any_agent_spec_makes_an_agent_or_is_refused(game_id: str, data: st.DataObject) -> None:
    game = get_game(game_id)
    variants = game.variants()
    options = variants[data.draw(st.sampled_from(sorted(variants)), label="variant")]
    spec = data.draw(specs(agent_names(game)), label="spec")
    seed = data.draw(st.one_of(st.none(), st.integers(min_value=-3, max_value=2**64)), label="seed")
    with time_bound():
        try:
            agent = make_agent(spec, game, seed, options)
        except SaloonError as exc:
            message = str(exc)
            assert "\n" not in message and len(message) < 1000, message
            return
        if not cheap(agent):
            return
        state = game.new_state(options)
        dice = RandomDice(1)
        decisions = data.draw(st.integers(min_value=0, max_value=20), label="decisions before")
        while not state.is_over:
            if state.to_move == CHANCE:
                state.apply(dice.roll(state))
            elif decisions > 0:
                state.apply(state.legal_actions()[0])
                decisions -= 1
            else:
                break
        if state.is_over:
            return
        state.apply(agent.choose(state.clone()))  # apply() refuses an illegal action


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=300)
@given(data=st.data())
def test_any_text_is_an_action_or_a_notation_error(game_id: str, data: st.DataObject) -> None:
    game = get_game(game_id)
    state = game.new_state()
    dice = RandomDice(data.draw(st.integers(min_value=0, max_value=1000), label="seed"))
    legal: list[str] = []
    for _ in range(data.draw(st.integers(min_value=0, max_value=40), label="steps")):
        if state.is_over:
            break
        moves = (
            [o for o, _ in state.chance_outcomes()]
            if state.to_move == CHANCE
            else state.legal_actions()
        )
        legal = [str(m) for m in moves]
        state.apply(dice.roll(state) if state.to_move == CHANCE else moves[0])
    near = st.builds(
        lambda word, junk: word + junk,
        st.sampled_from(legal or ["x"]),
        st.one_of(hostile_text(10), st.sampled_from(["²", "①", "٣", "9" * 5000])),
    )
    text = data.draw(st.one_of(hostile_text(80), near, big_number()), label="text")
    with time_bound():
        try:
            action = game.parse_action(text)
        except NotationError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 1000
            return
    assert game.parse_action(str(action)) == action

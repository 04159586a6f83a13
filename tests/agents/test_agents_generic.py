"""The generic agents: legal on every game, stronger than random, reproducible."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping

import pytest

from saloon.agents import (
    LOCAL_AGENTS,
    MCTS_MAX_ITERATIONS,
    ExpectimaxAgent,
    MCTSAgent,
    RandomAgent,
    agent_names,
    make_agent,
)
from saloon.core import (
    Action,
    Agent,
    Game,
    OptionError,
    RandomDice,
    State,
    UnknownName,
    all_games,
    get_game,
    play,
)
from saloon.core.game import AgentFactory
from saloon.testing.tiny import Add, Deal, Stop, TinyGame, TinyState, dealt

SPECS = ["random", "mcts:iterations=12,max_depth=60", "expectimax:depth=1,rollouts=2"]
#: Games whose playouts are long (a Cowboys game is hundreds of steps over a
#: town of hundreds of squares; a D6 game of six rounds, a thousand) search
#: with small budgets, and only on their short variants (every variant is
#: played by ``random`` here and by the conformance suite): the search
#: agents' budget per game, its variants.
SEARCH_SIZES = {
    "cowboys": (
        {
            "mcts": "mcts:iterations=4,max_depth=20",
            "expectimax": "expectimax:depth=1,rollouts=0,steps=400",
        },
        ("hickok-tutt", "three-way-standoff", "brawl"),
    ),
    "dungeons": (
        {
            "mcts": "mcts:iterations=8,max_depth=40",
            "expectimax": "expectimax:depth=1,rollouts=1",
        },
        ("default",),
    ),
}
CASES = [(g.id, v) for g in all_games() for v in g.variants()]
AGENT_CASES = [
    (g, v, spec)
    for g, v in CASES
    for spec in SPECS
    if spec == "random" or g not in SEARCH_SIZES or v in SEARCH_SIZES[g][1]
]


@pytest.mark.parametrize(
    ("game_id", "variant", "spec"), AGENT_CASES, ids=[f"{g}-{v}-{s}" for g, v, s in AGENT_CASES]
)
def test_generic_agents_play_every_game_legally(game_id: str, variant: str, spec: str) -> None:
    game = get_game(game_id)
    options = game.variants()[variant]
    if game_id in SEARCH_SIZES and spec != "random":
        spec = SEARCH_SIZES[game_id][0][spec.split(":")[0]]
    players = game.player_range(options)[0]
    for n in range(2):
        seats = [make_agent(spec, game, seed=100 * n + i) for i in range(players)]
        # play() applies through State.apply, which refuses an illegal action.
        record = play(game, options, seats, RandomDice(n), seed=n)
        assert record.result is not None
        assert len(record.moves) <= game.max_length(options)
        assert record.replay().key() == record.replay().key()


@pytest.mark.parametrize("spec", SPECS)
def test_generic_agents_play_a_game_with_hidden_information(spec: str) -> None:
    game = TinyGame()
    for n in range(3):
        seats = [make_agent(spec, game, seed=n), make_agent(spec, game, seed=n + 7)]
        record = play(game, None, seats, RandomDice(n))
        assert record.result is not None and len(record.moves) >= 6


def _score(game: Game, spec: str, games: int, budget_seed: int = 0) -> float:
    """Share of games ``spec`` wins against random, seats alternating."""
    wins = 0
    for i in range(games):
        agent = make_agent(spec, game, seed=budget_seed + i)
        rival = make_agent("random", game, seed=10_000 + i)
        seat = i % 2
        seats = [agent, rival] if seat == 0 else [rival, agent]
        record = play(game, None, seats, RandomDice(20_000 + i))
        assert record.result is not None
        wins += seat in record.result["winners"]
    return wins / games


@pytest.mark.parametrize("spec", ["mcts:iterations=20", "expectimax:depth=1,rollouts=6"])
def test_search_beats_random_at_shoot_out(spec: str) -> None:
    rate = _score(get_game("shootout"), spec, games=60)
    assert rate >= 0.6, f"{spec} won only {rate:.0%} of 60 games against random"


def test_random_does_not_beat_random() -> None:
    # The yardstick of the test above: random against random is near even.
    rate = _score(get_game("shootout"), "random", games=60)
    assert 0.25 <= rate <= 0.75


def _playthrough(spec: str, seed: int) -> list[tuple[int, str]]:
    game = get_game("shootout")
    seats = [make_agent(spec, game, seed=seed), make_agent(spec, game, seed=seed + 1)]
    return play(game, None, seats, RandomDice(3)).moves


@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_choices(spec: str) -> None:
    assert _playthrough(spec, 5) == _playthrough(spec, 5)


def test_different_seeds_differ() -> None:
    assert _playthrough("random", 5) != _playthrough("random", 6)


@pytest.mark.parametrize(
    "make",
    [
        lambda: MCTSAgent(iterations=60, seed=3),
        lambda: ExpectimaxAgent(depth=2, rollouts=3, seed=3),
    ],
    ids=["mcts", "expectimax"],
)
def test_search_does_not_peek_at_hidden_cards(make: object) -> None:
    # Player 1 holds 3; what player 2 holds is hidden from him, so an honest
    # agent with the same seed chooses the same whatever it is.
    assert callable(make)
    choices = {str(make().choose(dealt(3, theirs))) for theirs in (1, 2, 4, 5)}
    assert len(choices) == 1


def test_mcts_respects_a_time_budget() -> None:
    game = get_game("shootout")
    state = game.new_state()
    state.apply(game.parse_action("first p1"))
    state.apply(game.parse_action("card 7"))
    agent = make_agent("mcts:seconds=0.05", game, seed=1)
    # A time budget alone still stops at the most iterations (a memory bound).
    assert isinstance(agent, MCTSAgent) and agent.iterations == MCTS_MAX_ITERATIONS
    start = time.perf_counter()
    assert agent.choose(state) in state.legal_actions()
    assert time.perf_counter() - start < 1.0
    assert agent.last_iterations >= 1


@pytest.mark.parametrize(
    "spec", ["mcts:iterations=100", "expectimax:depth=1,rollouts=4", "expectimax:depth=2"]
)
def test_search_finds_the_winning_move(spec: str) -> None:
    # Both pawns start on the front space: moving reaches the centre and wins
    # the card, hence the game; retreating or shooting gives the opponent the
    # chance to do the same.
    game = get_game("shootout")
    options = game.parse_options(["cards=7,7", "target=7", "start=5", "front=5"])
    state = game.new_state(options)
    for text in ("first p2", "card 7"):
        state.apply(game.parse_action(text))
    assert state.to_move == 1
    for seed in range(3):
        assert str(make_agent(spec, game, seed=seed).choose(state)) == "move"


# -- the registry ---------------------------------------------------------------------


def test_make_agent_builds_each_generic_agent() -> None:
    game = get_game("shootout")
    assert isinstance(make_agent("random", game, seed=1), RandomAgent)
    mcts = make_agent("mcts:iterations=200, c=0.7, max_depth=30", game)
    assert isinstance(mcts, MCTSAgent)
    assert (mcts.iterations, mcts.c, mcts.max_depth, mcts.seconds) == (200, 0.7, 30, None)
    assert mcts.name == "mcts:iterations=200,c=0.7,max_depth=30"
    assert isinstance(make_agent("mcts", game), MCTSAgent)
    ex = make_agent("expectimax:depth=3", game)
    assert isinstance(ex, ExpectimaxAgent) and (ex.depth, ex.rollouts) == (3, 8)
    assert ex.name == "expectimax:depth=3"


def test_unknown_agent_lists_the_known_ones() -> None:
    game = get_game("shootout")
    with pytest.raises(UnknownName) as info:
        make_agent("alphago", game)
    for name in agent_names(game):
        assert name in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("spec", ["", "  ", ":iterations=5"])
def test_an_empty_agent_spec_is_refused_with_the_agents_there_are(spec: str) -> None:
    # Before: `simulate --agent ""` played random; `--seat ""` named no agent.
    game = get_game("shootout")
    with pytest.raises(OptionError) as info:
        make_agent(spec, game)
    message = str(info.value)
    assert "has no agent name" in message and "\n" not in message
    assert f"(agents: {', '.join(agent_names(game))})" in message


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=", "parameter 'iterations' in 'mcts:iterations=' has no value"),
        ("mcts:,,", "agent spec 'mcts:,,' has an empty parameter"),
        ("mcts:iterations=20,", "has an empty parameter"),
        ("mcts:", "has an empty parameter"),
        ("expectimax:depth= ", "parameter 'depth' in 'expectimax:depth= ' has no value"),
        ("heuristic:,", "has an empty parameter"),
        ("random:seed=", "has no value"),
    ],
)
def test_empty_parameters_are_refused_for_every_agent(spec: str, words: str) -> None:
    # Before: each of these made the agent with its defaults.
    with pytest.raises(OptionError) as info:
        make_agent(spec, get_game("shootout"))
    assert words in str(info.value) and "\n" not in str(info.value)


def test_where_local_files_are_not_allowed_the_agents_listed_leave_them_out() -> None:
    """``local_files=False`` (the web server) refuses the agents that read a
    file on this machine, and no message then lists them; the command
    line's messages list every agent."""
    game = get_game("shootout")
    everyone = agent_names(game)
    others = agent_names(game, local_files=False)
    assert "policy" in everyone and others == [n for n in everyone if n not in LOCAL_AGENTS]
    for spec in ("policy:file=duel.npz", "policy", " policy : file=x "):
        with pytest.raises(UnknownName) as info:
            make_agent(spec, game, local_files=False)
        assert str(info.value) == (
            "agent 'policy' reads a file on this machine and cannot sit here "
            f"(agents: {', '.join(others)})"
        )
    for spec in ("robot", ""):
        with pytest.raises((UnknownName, OptionError)) as refused:
            make_agent(spec, game, local_files=False)
        assert f"(agents: {', '.join(others)})" in str(refused.value)
        with pytest.raises((UnknownName, OptionError)) as refused:
            make_agent(spec, game)
        assert f"(agents: {', '.join(everyone)})" in str(refused.value)
    assert make_agent("mcts:iterations=5", game, seed=1, local_files=False).name == (
        "mcts:iterations=5"
    )


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=many", ["iterations", "'many'", "whole number"]),
        ("mcts:iterations=0", ["iterations", "'0'", "at least 1"]),
        ("mcts:c=wide", ["c=", "'wide'", "a number"]),
        ("mcts:seconds=-1", ["seconds", "'-1'"]),
        ("mcts:budget=3", ["no parameter 'budget'", "iterations", "seconds", "max_depth"]),
        ("expectimax:depth=0", ["depth", "'0'", "at least 1"]),
        ("random:seed=3", ["no parameter 'seed'", "(none)"]),
        ("mcts:iterations", ["'iterations'", "key=value"]),
        ("mcts:c=1,c=2", ["'c' is given twice"]),
        (":c=1", ["no agent name"]),
    ],
)
def test_bad_parameters_are_named(spec: str, words: list[str]) -> None:
    with pytest.raises(OptionError) as info:
        make_agent(spec, get_game("shootout"))
    for w in words:
        assert w in str(info.value)


class _AlwaysStop:
    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, state: State) -> Action:
        return Stop()


def _always_stop(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return _AlwaysStop("always-stop:" + params.get("mood", "calm"))


class _TinyWithAgents(TinyGame):
    def agents(self) -> Mapping[str, AgentFactory]:
        return {"always-stop": _always_stop}


def test_a_games_own_agents_join_the_registry() -> None:
    game = _TinyWithAgents()
    assert agent_names(game) == ["random", "mcts", "expectimax", "policy", "always-stop"]
    agent = make_agent("always-stop:mood=grumpy", game, seed=1)
    assert agent.name == "always-stop:grumpy"
    state = game.new_state()
    assert isinstance(state, TinyState)
    state.apply(Deal(1))
    state.apply(Deal(2))
    assert agent.choose(state) == Stop()
    assert Add(1) in state.legal_actions()


# -- issue 10: a search's budget is checked, and bounded ------------------------------------


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("expectimax:depth=100", "depth='100' must be a whole number of at least 1 and at most 10"),
        ("expectimax:rollouts=5000", "at most 1,000"),
        ("expectimax:steps=1000000000", "at most 100,000,000"),
        ("mcts:seconds=inf", "'inf' must be a number from"),
        ("mcts:seconds=nan", "'nan' must be a number from"),
        ("mcts:seconds=7200", "seconds='7200' must be a number from 0 to 3600"),
        ("mcts:iterations=100000000000000000000000", "at most 1,000,000"),
        ("mcts:iterations=²", "must be a number or a word"),
        ("mcts:c=٣", "must be a number or a word"),
        ("heuristic:reach=" + "9" * 5000, "at most 40 characters"),
    ],
)
def test_search_budgets_beyond_the_limits_are_refused(spec: str, words: str) -> None:
    # Before: depth=100, seconds=inf and iterations=10**23 were accepted and ran forever.
    with pytest.raises(OptionError, match=re.escape(words)) as info:
        make_agent(spec, get_game("shootout"))
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-1e308", "1_0"])
def test_no_agent_takes_a_number_no_knob_can_hold(value: str) -> None:
    """Checked for every agent alike, also those that read their own knobs
    (the d6 planner's score weight: nan or 1e308 made it fail mid-game)."""
    game = get_game("d6shooters")
    with pytest.raises(OptionError, match=r"must be a number from -1e\+09 to 1e\+09"):
        make_agent(f"planner:score={value}", game)


def test_a_seed_is_checked_as_a_seed() -> None:
    # Before: "agent 'random' cannot be made: expected non-negative integer".
    with pytest.raises(OptionError, match="seed -1 is not allowed: a seed is a whole number"):
        make_agent("random", get_game("shootout"), seed=-1)


def test_expectimax_stops_at_its_budget_and_plays_the_deepest_search_it_finished() -> None:
    """The d6 Shooters' rolls of up to eight dice put two decisions deep out of
    reach (millions of states): the search keeps to its budget of steps."""
    game = get_game("d6shooters")
    state = game.new_state()
    dice = RandomDice(1)
    while state.is_chance:
        state.apply(dice.roll(state))
    agent = ExpectimaxAgent(depth=3, rollouts=2, seed=1, steps=20_000)
    assert agent.choose(state) in state.legal_actions()
    assert agent.last_depth < 3
    tiny = ExpectimaxAgent(depth=3, rollouts=2, seed=1, steps=1)
    assert tiny.choose(state) in state.legal_actions() and tiny.last_depth == 0


def test_a_search_within_its_budget_plays_as_a_direct_search_would() -> None:
    """Deepening one decision at a time restarts the random stream, so the
    deepest search is the same as one made directly, to the last playout."""
    game = get_game("shootout")
    for seed in range(3):
        state = game.new_state()
        dice = RandomDice(seed)
        for _ in range(6):
            while state.is_chance:
                state.apply(dice.roll(state))
            if state.is_over:
                break
            deep = ExpectimaxAgent(depth=2, rollouts=3, seed=seed)
            direct = ExpectimaxAgent(depth=2, rollouts=3, seed=seed)
            direct.rng.bit_generator.state = deep.rng.bit_generator.state
            values = deep.action_values(state)
            assert deep.last_depth == 2
            direct._left = direct.steps
            expected = direct._search(state, state.to_move, 2)  # type: ignore[arg-type]
            assert values == expected
            assert deep.rng.bit_generator.state == direct.rng.bit_generator.state
            state.apply(deep.choose(state))

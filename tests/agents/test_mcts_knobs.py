"""MCTS's knobs beyond its budget: the rollout agent (``rollout``), the
ranked candidates (``top``), the tree kept between moves (``reuse``), and a
cut rollout valued by the state's ``estimate``."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence

import numpy as np
import pytest

from saloon.agents import MCTSAgent, RankingAgent, make_agent
from saloon.agents.mcts import _Node
from saloon.core import Action, Agent, Game, OptionError, RandomDice, State, get_game, play
from saloon.core.game import AgentFactory
from saloon.core.state import CHANCE
from saloon.testing.tiny import Add, Stop, TinyGame, TinyState, dealt


class _Greedy:
    """Adds 2 while it may, and ranks ``add 2``, ``add 1``, ``stop``; counts its calls."""

    def __init__(self, seed: int | None) -> None:
        self.name = "greedy"
        self.seed = seed
        self.calls = 0

    def choose(self, state: State) -> Action:
        self.calls += 1
        return self.ranked(state)[0]

    def ranked(self, state: State) -> list[Action]:
        order: list[Action] = [Add(2), Add(1), Stop()]
        legal = state.legal_actions()
        return [a for a in order if a in legal] + [a for a in legal if a not in order]


class _Stopper:
    """Always stops; ranks nothing."""

    name = "stopper"

    def choose(self, state: State) -> Action:
        return Stop()


def _greedy(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return _Greedy(seed)


def _stopper(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return _Stopper()


class _Tiny(TinyGame):
    def agents(self) -> Mapping[str, AgentFactory]:
        return {"greedy": _greedy, "stopper": _stopper}


class _Guessing(TinyState):
    """Guesses (0.25, -0.25) until the game is over."""

    def estimate(self) -> tuple[float, ...]:
        return self.returns() if self.is_over else (0.25, -0.25)


# -- the spec ----------------------------------------------------------------------------


def test_the_knobs_are_read_from_the_spec() -> None:
    agent = make_agent("mcts:iterations=30,rollout=greedy,top=2,reuse=1,max_depth=0", _Tiny(), 1)
    assert isinstance(agent, MCTSAgent)
    assert isinstance(agent.rollout, _Greedy) and isinstance(agent.rollout, RankingAgent)
    assert (agent.top, agent.reuse, agent.max_depth) == (2, True, 0)
    assert agent.name == "mcts:iterations=30,rollout=greedy,top=2,reuse=1,max_depth=0"
    plain = make_agent("mcts", _Tiny(), 1)
    assert isinstance(plain, MCTSAgent)
    assert (plain.rollout, plain.top, plain.reuse) == (None, None, False)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:rollout=robot", "rollout='robot' must be an agent of tiny-test other than a search: "
         "random, greedy, stopper"),
        ("mcts:rollout=mcts", "rollout='mcts' must be an agent"),
        ("mcts:rollout=expectimax", "rollout='expectimax' must be an agent"),
        ("mcts:top=3", "top='3' must be given with a rollout agent that ranks its actions "
         "(rollout=random does not)"),
        ("mcts:rollout=stopper,top=3", "(rollout=stopper does not)"),
        ("mcts:rollout=greedy,top=0", "top='0' must be a whole number of at least 1"),
        ("mcts:rollout=greedy,reuse=2", "reuse='2' must be a whole number of at least 0 and at "
         "most 1"),
    ],
)  # fmt: skip
def test_a_bad_rollout_agent_is_refused_in_one_line(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=re.escape(words)) as info:
        make_agent(spec, _Tiny())
    assert "\n" not in str(info.value)


# -- the rollouts ------------------------------------------------------------------------


def test_rollout_random_is_the_default_search() -> None:
    """Naming the default changes nothing: the same tree, to the visit."""
    game = get_game("shootout")
    state = game.new_state()
    while state.is_chance:
        state.apply(state.chance_outcomes()[0][0])
    a = make_agent("mcts:iterations=80", game, seed=4)
    b = make_agent("mcts:iterations=80,rollout=random", game, seed=4)
    assert isinstance(a, MCTSAgent) and isinstance(b, MCTSAgent)
    ta, tb = a.search(state), b.search(state)
    assert {k: v.visits for k, v in ta.children.items()} == {
        k: v.visits for k, v in tb.children.items()
    }
    assert ta.totals == tb.totals


def test_the_rollout_agent_plays_the_rollouts_from_a_seed_of_the_search() -> None:
    game = _Tiny()
    agent = make_agent("mcts:iterations=40,rollout=greedy", game, seed=7)
    assert isinstance(agent, MCTSAgent) and isinstance(agent.rollout, _Greedy)
    agent.choose(dealt(3, 1, game))
    assert agent.rollout.calls > 0
    again = make_agent("mcts:iterations=40,rollout=greedy", game, seed=7)
    assert isinstance(again, MCTSAgent) and isinstance(again.rollout, _Greedy)
    assert again.rollout.seed == agent.rollout.seed


def test_seeded_searches_with_a_rollout_agent_repeat() -> None:
    game = _Tiny()

    def moves(seed: int) -> list[tuple[int, str]]:
        seats = [make_agent("mcts:iterations=30,rollout=greedy,top=2", game, seed=seed + k)
                 for k in range(2)]  # fmt: skip
        return play(game, None, seats, RandomDice(seed)).moves

    assert moves(1) == moves(1)


def test_top_narrows_every_node_to_the_ranking() -> None:
    game = _Tiny()
    state = dealt(3, 1, game)
    agent = make_agent("mcts:iterations=50,rollout=greedy,top=1", game, seed=2)
    assert isinstance(agent, MCTSAgent)
    root = agent.search(state)
    assert set(root.children) == {Add(2)}
    wide = make_agent("mcts:iterations=50,rollout=greedy,top=3", game, seed=2)
    assert isinstance(wide, MCTSAgent)
    assert set(wide.search(state).children) == {Add(2), Add(1), Stop()}


def _depth(node: _Node) -> int:
    return 1 + max((_depth(c) for c in node.children.values()), default=0)


@pytest.mark.parametrize("paired", [0, 1])
def test_flat_grows_no_tree_below_the_root(paired: int) -> None:
    game = _Tiny()
    state = dealt(3, 1, game)
    spec = f"mcts:iterations=60,rollout=greedy,top=3,paired={paired}"
    flat = make_agent(spec + ",flat=1", game, seed=2)
    assert isinstance(flat, MCTSAgent) and flat.flat
    root = flat.search(state)
    assert set(root.children) == {Add(2), Add(1), Stop()}
    assert _depth(root) == 2 and flat.last_iterations == 60
    assert sum(c.visits for c in root.children.values()) == 60
    deep = make_agent(spec, game, seed=2)
    assert isinstance(deep, MCTSAgent) and not deep.flat
    assert _depth(deep.search(state)) > 2


def test_a_cut_rollout_is_valued_by_the_estimate() -> None:
    """``max_depth=0``: every leaf short of the end counts the state's
    estimate, not its returns (0 until the game is over)."""
    game = TinyGame()
    game.state_type = _Guessing
    state = dealt(3, 1, game)
    agent = MCTSAgent(iterations=12, max_depth=0, seed=1)
    root = agent.search(state)
    assert root.visits == 12
    assert root.totals[0] == pytest.approx(12 * 0.25)


# -- the tree kept between moves ---------------------------------------------------------


def _game_with(agent: MCTSAgent, game: Game, seed: int) -> list[int]:
    """A seeded game of ``agent`` (seat 1) against random; the visits each
    search of the agent started with."""
    state = game.new_state()
    dice = RandomDice(seed)
    rng = np.random.default_rng(seed)
    reused: list[int] = []
    while not state.is_over:
        if state.is_chance:
            state.apply(dice.roll(state))
        elif state.to_move == 0:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
        else:
            state.apply(agent.choose(state))
            reused.append(agent.last_reused)
    return reused


def test_reuse_keeps_the_subtree_the_game_went_down() -> None:
    agent = MCTSAgent(iterations=200, seed=3, reuse=True)
    reused = _game_with(agent, get_game("shootout"), 1)
    assert max(reused) > 0


def test_reuse_never_walks_through_a_chance_outcome_with_hidden_information() -> None:
    """In the tiny game a die is rolled between two decisions of a player,
    and a card dealt to the other might be behind one: nothing is kept."""
    agent = MCTSAgent(iterations=60, seed=3, reuse=True)
    assert set(_game_with(agent, TinyGame(), 2)) == {0}


def test_reuse_needs_the_history_to_go_on() -> None:
    """A state changed without its history (``apply_unchecked``) is searched afresh."""
    game = get_game("shootout")
    state = game.new_state()
    while state.is_chance:
        state.apply(state.chance_outcomes()[0][0])
    agent = MCTSAgent(iterations=40, seed=1, reuse=True)
    first = agent.choose(state)
    state.apply_unchecked(first)
    while state.is_chance:
        state.apply_unchecked(state.chance_outcomes()[0][0])
    assert not state.is_over
    agent.choose(state)
    assert agent.last_reused == 0


def test_ranking_agents_are_recognized() -> None:
    assert isinstance(_Greedy(1), RankingAgent)
    assert not isinstance(_Stopper(), RankingAgent)
    seq: Sequence[Action] = _Greedy(1).ranked(dealt(3, 1, _Tiny()))
    assert list(seq) == [Add(2), Add(1), Stop()]


# -- the root's candidates compared on the same luck -------------------------------------


class _ReadsTheCard(TinyState):
    """Guesses from player 2's card (dealt anew in each determinization)."""

    def estimate(self) -> tuple[float, ...]:
        if self.is_over:
            return self.returns()
        v = (self.cards[1] or 0) / 10
        return (v, -v)


def test_paired_sweeps_give_every_candidate_the_same_determinization() -> None:
    game = _Tiny()
    game.state_type = _ReadsTheCard
    state = dealt(3, 1, game)
    agent = make_agent("mcts:iterations=10,rollout=greedy,top=3,max_depth=0,paired=1", game, 5)
    assert isinstance(agent, MCTSAgent) and (agent.paired, agent.z) == (True, 0.0)
    agent.search(state)
    sweeps = agent.last_sweeps
    assert list(sweeps) == [Add(2), Add(1), Stop()]
    # The budget is spent in whole sweeps: 10 iterations make four of three.
    assert agent.last_iterations == 12 and {len(v) for v in sweeps.values()} == {4}
    # Within a sweep every candidate saw the same card; from one to the next it changes.
    assert sweeps[Add(2)] == sweeps[Add(1)] == sweeps[Stop()]
    assert len(set(sweeps[Stop()])) > 1


def test_z_keeps_the_rankings_first_unless_another_is_surely_better() -> None:
    agent = MCTSAgent(iterations=1, paired=True, z=2.0)
    agent.last_sweeps = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.3, -0.1, 0.2, -0.2]}
    assert agent._pick_paired() == Add(2)  # ahead by 0.05, give or take 0.12
    agent.last_sweeps = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.3, 0.25, 0.2, 0.3]}
    assert agent._pick_paired() == Add(1)
    agent.z = 0.0
    agent.last_sweeps = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.3, -0.1, 0.2, -0.2]}
    assert agent._pick_paired() == Add(1)  # the best mean, however unsure


def test_look_stops_the_sweeps_where_the_candidates_play_out_alike() -> None:
    game = _Tiny()
    game.state_type = _ReadsTheCard  # worth the card alone: every candidate alike
    state = dealt(3, 1, game)
    spec = "mcts:iterations=300,rollout=greedy,top=3,max_depth=0,paired=1,z=2"
    agent = make_agent(spec + ",look=4", game, 5)
    assert isinstance(agent, MCTSAgent) and agent.look == 4
    assert agent.choose(state) == Add(2)
    assert agent.last_iterations == 12  # one look: four sweeps of three
    whole = make_agent(spec, game, 5)
    assert isinstance(whole, MCTSAgent)
    whole.choose(state)
    assert whole.last_iterations == 300


def test_a_look_settles_either_way_or_sweeps_on() -> None:
    agent = MCTSAgent(iterations=1, paired=True, z=2.0, look=4)
    alike = {Add(2): [0.0, 1.0, 0.0, 1.0], Add(1): [0.0, 1.0, 0.0, 1.0]}
    assert agent._settled(alike)  # nothing to find: stay
    better = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.3, 0.25, 0.2, 0.3]}
    assert agent._settled(better)
    agent.last_sweeps = better
    assert agent._pick_paired() == Add(1)
    unsure = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.3, -0.1, 0.2, -0.2]}
    assert not agent._settled(unsure)  # ahead by 0.05, give or take 0.24
    agent.indifference = 0.3
    assert agent._settled(unsure)  # at most 0.29 to gain: not worth looking for
    worse = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [-0.3, -0.25, -0.2, -0.3], Stop(): [0.0] * 4}
    assert agent._settled(worse)
    assert not agent._settled({Add(2): [0.0], Add(1): [1.0]})  # one sweep tests nothing


def test_a_bar_holds_back_departures_that_are_not_surely_worth_it() -> None:
    agent = MCTSAgent(iterations=1, paired=True, z=2.0, look=4, indifference=0.1, bar=0.1)
    # Ahead by 0.2625, give or take 0.0479 (z = 2): above the bar, and settled.
    clear = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.3, 0.25, 0.2, 0.3]}
    assert agent._settled(clear)
    agent.last_sweeps = clear
    assert agent._pick_paired() == Add(1)
    # Ahead by 0.125, give or take 0.0289: surely better, not surely by the bar.
    near = {Add(2): [0.0, 0.0, 0.0, 0.0], Add(1): [0.15, 0.1, 0.1, 0.15]}
    assert not agent._settled(near)  # the bar lies inside the interval: sweep on
    agent.last_sweeps = near
    assert agent._pick_paired() == Add(2)  # at the end of the budget: stay
    agent.bar = 0.0
    assert agent._settled(near)
    assert agent._pick_paired() == Add(1)


def test_a_bar_is_a_gain_for_paired_sweeps_with_a_z() -> None:
    with pytest.raises(ValueError, match="a bar needs paired sweeps and a z"):
        MCTSAgent(paired=True, bar=0.1)
    with pytest.raises(ValueError, match=r"a bar is a gain of at least 0, not -0\.1"):
        MCTSAgent(paired=True, z=2.0, bar=-0.1)
    for spec in ("mcts:bar=0.1", "mcts:paired=1,bar=0.1"):
        with pytest.raises(
            OptionError, match=r"bar='0.1' must be given only with paired=1 and a z"
        ):
            make_agent(spec, _Tiny(), 1)
    with pytest.raises(OptionError, match=r"bar='-1' must be a number from 0 to 100"):
        make_agent("mcts:paired=1,z=2,bar=-1", _Tiny(), 1)
    agent = make_agent("mcts:paired=1,z=2,bar=0.05", _Tiny(), 1)
    assert isinstance(agent, MCTSAgent) and agent.bar == 0.05


def test_confirm_measures_a_departure_again_on_fresh_sweeps() -> None:
    state = dealt(3, 1, _Tiny())
    agent = MCTSAgent(iterations=1, paired=True, rollout=_Greedy, confirm=24, seed=2)
    # A race whose sweeps ran high for stopping (the winner's curse, made by hand):
    agent.last_sweeps = {Add(2): [0.0] * 4, Stop(): [1.0] * 4}
    assert agent._pick_paired() == Stop()
    assert agent._confirmed(state, _Node(2), Stop()) == Add(2)  # fresh sweeps: it is worse
    assert [len(v) for v in agent.last_confirmation.values()] == [24, 24]
    # A departure that is real stands.
    agent.last_sweeps = {Stop(): [0.0] * 4, Add(2): [1.0] * 4}
    assert agent._confirmed(state, _Node(2), Add(2)) == Add(2)
    agent.bar = 5.0  # no difference of returns in [-1, 1] clears it
    assert agent._confirmed(state, _Node(2), Add(2)) == Stop()


def test_confirm_runs_only_where_the_search_departs() -> None:
    state = dealt(3, 1, _Tiny())
    # Without a ranking the first candidate is the first legal action, add 1.
    spec = "mcts:iterations=60,rollout=greedy,paired=1,confirm=10"
    agent = make_agent(spec, _Tiny(), 3)
    assert isinstance(agent, MCTSAgent) and agent.confirm == 10
    choice = agent.choose(state)
    race = agent._pick_paired()  # what the sweeps alone chose
    assert race != Add(1) and choice in (race, Add(1))
    assert list(agent.last_confirmation) == [Add(1), race]
    assert agent.last_iterations == 60 + 2 * 10  # twenty sweeps of three, then ten of two
    ranked = make_agent(
        "mcts:iterations=30,rollout=greedy,top=2,paired=1,z=2,confirm=10", _Tiny(), 3
    )
    assert isinstance(ranked, MCTSAgent)
    assert ranked.choose(state) == Add(2) and ranked.last_confirmation == {}  # it stayed


def test_confirm_is_for_paired_sweeps() -> None:
    with pytest.raises(ValueError, match="confirm is for paired sweeps"):
        MCTSAgent(confirm=8)
    with pytest.raises(ValueError, match="confirm is a number of sweeps, not -1"):
        MCTSAgent(paired=True, confirm=-1)
    with pytest.raises(OptionError, match=r"confirm='8' must be given only with paired=1"):
        make_agent("mcts:confirm=8", _Tiny(), 1)


def test_look_is_only_for_paired_sweeps_with_a_z() -> None:
    for spec in ("mcts:look=4", "mcts:paired=1,look=4"):
        with pytest.raises(OptionError, match=r"look='4' must be given only with paired=1 and a z"):
            make_agent(spec, _Tiny(), 1)
    with pytest.raises(ValueError, match="look needs paired sweeps and a z"):
        MCTSAgent(paired=True, look=4)
    with pytest.raises(OptionError, match=r"indifference='0.1' must be given only with look"):
        make_agent("mcts:paired=1,z=2,indifference=0.1", _Tiny(), 1)
    agent = make_agent("mcts:paired=1,z=2,look=4,indifference=0.1", _Tiny(), 1)
    assert isinstance(agent, MCTSAgent) and agent.indifference == 0.1


def test_paired_without_a_ranking_sweeps_every_legal_action() -> None:
    game = _Tiny()
    state = dealt(3, 1, game)
    agent = make_agent("mcts:iterations=6,paired=1", game, 2)
    assert isinstance(agent, MCTSAgent)
    assert agent.choose(state) in state.legal_actions()
    assert set(agent.last_sweeps) == set(state.legal_actions())


class _Forbidding(TinyState):
    """``add 2`` is legal only while player 2 holds no 5 (a rule that reads
    a hidden card, so that a determinization may forbid a root candidate)."""

    def legal_actions(self) -> Sequence[Action]:
        legal = super().legal_actions()
        return [a for a in legal if not (a == Add(2) and self.cards[1] == 5)]


def test_a_candidate_a_determinization_forbids_is_skipped_and_counted() -> None:
    game = _Tiny()
    game.state_type = _Forbidding
    state = dealt(3, 1, game)  # player 2 holds a 1: every action is legal here
    agent = make_agent("mcts:iterations=300,rollout=greedy,top=3,paired=1", game, 3)
    assert isinstance(agent, MCTSAgent)
    assert agent.choose(state) in state.legal_actions()
    assert agent.last_iterations == 300
    forbidden = agent.last_sweeps[Add(2)]
    assert 0 < sum(np.isnan(forbidden)) < len(forbidden)
    assert not any(np.isnan(agent.last_sweeps[Stop()]))


class _Seated(TinyState):
    """Names each die by the seat it is rolled for (its kind of event), and
    is worth to player 1 what player 2 has added (his dice alone)."""

    def chance_kind(self) -> Hashable:
        return "deal" if self.cards[1] is None else (self.decisions - 1) % 2

    def returns(self) -> tuple[float, ...]:
        return (float(self.totals[1]), -float(self.totals[1]))


@pytest.mark.parametrize("keyed", [0, 1])
def test_keyed_dice_stay_paired_where_the_candidates_ways_part(keyed: int) -> None:
    # Under ``add`` player 1 rolls a die before player 2's; under ``stop`` he
    # does not. From one stream, player 2's dice then come from different
    # draws; keyed by seat, they are the same dice under every candidate.
    # One sweep a search (its first iterations follow the greedy ranking
    # below the root, so player 2 plays the same way under every candidate).
    game = _Tiny()
    game.state_type = _Seated
    state = dealt(3, 1, game)
    same = []
    for seed in range(20):
        spec = f"mcts:iterations=3,rollout=greedy,top=3,paired=1,keyed={keyed}"
        agent = make_agent(spec, game, seed)
        assert isinstance(agent, MCTSAgent) and agent.keyed == bool(keyed)
        agent.search(state)
        values = {a: v[0] for a, v in agent.last_sweeps.items()}
        same.append(values[Add(2)] == values[Add(1)] == values[Stop()])
    assert all(same) if keyed else not all(same)


def test_keyed_dice_are_only_for_paired_sweeps() -> None:
    with pytest.raises(OptionError, match=r"keyed='1' must be given only with paired=1"):
        make_agent("mcts:keyed=1", _Tiny(), 1)
    with pytest.raises(ValueError, match="paired sweeps"):
        MCTSAgent(keyed=True)


def test_margin_adds_the_score_lead_to_a_finished_rollout() -> None:
    # Tiny's scores are its returns (+1 to the winner, -1 to the loser): with
    # margin=0.5 a win is worth 1 + 0.5 * (1 - -1) = 2, a loss -2, a tie 0.
    game = _Tiny()
    state = dealt(3, 1, game)
    agent = make_agent("mcts:iterations=30,rollout=greedy,top=3,paired=1,margin=0.5", game, 3)
    assert isinstance(agent, MCTSAgent) and agent.margin == 0.5
    agent.search(state)
    seen = {v for values in agent.last_sweeps.values() for v in values}
    assert seen <= {-2.0, 0.0, 2.0} and {-2.0, 2.0} <= seen
    with pytest.raises(OptionError, match="margin"):
        make_agent("mcts:margin=-1", game, 1)


# -- a budget of work ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:steps=200",
        "mcts:steps=200,rollout=greedy,top=2,max_depth=3",
        "mcts:steps=200,rollout=greedy,top=3,paired=1,keyed=1",
    ],
)
def test_a_budget_of_steps_counts_every_transition_the_search_applies(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _Tiny()
    state = dealt(3, 1, game)
    applied: list[Action] = []
    apply = TinyState.apply_unchecked

    def counted(self: TinyState, action: Action) -> None:
        applied.append(action)
        apply(self, action)

    monkeypatch.setattr(TinyState, "apply_unchecked", counted)
    agent = make_agent(spec, game, 5)
    assert isinstance(agent, MCTSAgent) and agent.steps == 200
    agent.search(state)
    assert agent.last_steps == len(applied)
    # It stops once the budget is spent: past it by less than one iteration
    # (one sweep of three candidates when paired), long before 500 iterations.
    sweep = 3 if "paired" in spec else 1
    assert 200 <= agent.last_steps < 200 + sweep * game.max_length(state.options)
    assert agent.last_iterations < 200


def test_a_budget_of_steps_buys_more_iterations_near_the_end() -> None:
    game = _Tiny()
    early = dealt(3, 1, game)
    late = early.clone()
    while late.to_move is not None:
        nxt = late.clone()
        nxt.apply(Stop() if nxt.to_move != CHANCE else nxt.chance_outcomes()[0][0])
        if nxt.to_move is None:
            break
        late = nxt
    runs = []
    for state in (early, late):
        agent = make_agent("mcts:steps=300", game, 2)
        assert isinstance(agent, MCTSAgent)
        action = agent.choose(state)
        runs.append(agent.last_iterations)
        again = make_agent("mcts:steps=300", game, 2)
        assert again.choose(state) == action  # the same budget on every machine
    assert runs[1] > 2 * runs[0]


def test_a_budget_of_steps_is_checked() -> None:
    with pytest.raises(OptionError, match="steps"):
        make_agent("mcts:steps=0", _Tiny(), 1)
    with pytest.raises(ValueError, match="positive"):
        MCTSAgent(steps=0)
    with pytest.raises(ValueError, match="budget"):
        MCTSAgent(iterations=None, seconds=None, steps=None)

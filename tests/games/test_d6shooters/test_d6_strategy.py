"""The d6 Shooters' own agents: the heuristic, the planner and its exact
expectimax over a turn's rolls ("Gameplay": three rolls, lock freely)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.core.errors import OptionError
from saloon.games.d6shooters.dice import multisets
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.planner import shootout_remaining, split_rows, tables
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.moves import fours_choices
from saloon.games.d6shooters.rules.nodes import P_KEEP, P_SHOP
from saloon.games.d6shooters.strategy import shootout_loss

GAME = get_game("d6shooters")


def play(spec: str, options: D6ShootersOptions, games: int, seed: int) -> list[D6State]:
    """Seeded games where every decision is checked for legality (``apply``)."""
    rng = np.random.default_rng(seed)
    agent = make_agent(spec, GAME, seed=seed)
    out = []
    for _ in range(games):
        st = GAME.new_state(options)
        assert isinstance(st, D6State)
        st.quiet = True
        while not st.is_over:
            if st.is_chance:
                st.apply_unchecked(st.sample_chance(rng))
            else:
                st.apply(agent.choose(st))
        out.append(st)
    return out


def wilson(wins: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@pytest.mark.parametrize("name", sorted(GAME.variants()))
def test_heuristic_plays_only_legal_actions_in_every_variant(name: str) -> None:
    options = GAME.variants()[name]
    assert isinstance(options, D6ShootersOptions)
    for st in play("heuristic", options, 8, seed=3):
        assert st.journey.ended in ("won", "posse", "late", "starved", "event", "showdown")


@pytest.mark.parametrize("episode", [1, 2])
def test_planner_plays_only_legal_actions(episode: int) -> None:
    for st in play("planner", D6ShootersOptions(episode=episode, version="easier"), 2, seed=5):
        assert st.is_over


def test_agent_parameters_are_checked() -> None:
    assert make_agent("heuristic:pace=3.0", GAME).name == "heuristic:pace=3.0"
    assert make_agent("planner:score=0", GAME).name == "planner:score=0"
    with pytest.raises(OptionError):
        make_agent("heuristic:speed=3", GAME)
    with pytest.raises(OptionError):
        make_agent("planner:score=lots", GAME)


def test_roll_tables_are_distributions() -> None:
    """Every keep row's rolls sum to 1 (multinomial outcomes of the other dice)."""
    t = tables(5)
    sums = np.bincount(t.t_rows, weights=t.t_probs, minlength=len(t.kept))
    assert np.allclose(sums, 1.0)


@pytest.mark.parametrize("n", [1, 3, 5])
def test_expectimax_is_exact_on_a_known_turn(n: int) -> None:
    """Valuing only the 1s, the best play keeps every 1: each die ends a 1
    with probability 1 - (5/6)^3 over three rolls."""
    t = tables(n)
    vals = t.counts[:, 0].astype(float)
    e1 = np.bincount(t.t_rows, weights=t.t_probs * vals[t.t_cols], minlength=len(t.kept))
    b1 = np.maximum.reduceat(e1[t.sub_flat], t.sub_start)
    e2 = np.bincount(t.t_rows, weights=t.t_probs * b1[t.t_cols], minlength=len(t.kept))
    b2 = np.maximum.reduceat(e2[t.sub_flat], t.sub_start)
    first = np.asarray(multisets(n)[1])
    assert float(first @ b2) == pytest.approx(n * (1 - (5 / 6) ** 3))


def test_shootout_distribution_matches_its_mean() -> None:
    """The Gang dice left after a Shootout ("Shootout!"): a distribution whose
    mean is the expected Posse loss."""
    for posse, gang, bonus in ((1, 2, 0), (2, 3, 4), (1, 1, 6)):
        dist = shootout_remaining(posse, gang, bonus)
        assert sum(dist) == pytest.approx(1.0)
        mean = sum(k * p for k, p in enumerate(dist))
        assert mean == pytest.approx(shootout_loss(posse, gang, bonus))


def test_split_outcomes_sum_to_one_per_split() -> None:
    rows = np.asarray(split_rows(2, 1, 2, True, True, 1, 3, 0))
    per = np.bincount(rows[:, 0].astype(int), weights=rows[:, 1])
    assert np.allclose(per, 1.0)


def test_planner_beats_the_heuristic() -> None:
    """Exact expectimax over the turn's rolls with the fitted value wins
    clearly more often than the rules of thumb it is built on (seeded games
    of the Shorter Version, 95% Wilson intervals apart), and scores more."""
    options = D6ShootersOptions(episode=1, version="shorter")
    n = 30
    planner = play("planner", options, n, seed=11)
    heuristic = play("heuristic", options, n, seed=11)
    pw = sum(s.journey.ended == "won" for s in planner)
    hw = sum(s.journey.ended == "won" for s in heuristic)
    assert wilson(pw, n)[0] > wilson(hw, n)[1], (pw, hw)
    assert np.mean([s.score() for s in planner]) > np.mean([s.score() for s in heuristic])


@pytest.mark.parametrize("episode", [1, 2])
def test_advice_at_every_scored_decision_agrees_with_the_planner(episode: int) -> None:
    """The advisor values every decision the planner or the Showdown solver
    scores (the Day's start, keeps, the 4s, Towns, Events, losses, the
    Showdown), best first, and says why where it has none; it never ranks a
    choice above the one the planner plays."""
    rng = np.random.default_rng(episode)
    planner = make_agent("planner", GAME, seed=1)
    st = GAME.new_state(D6ShootersOptions(episode=episode, version="easier"))
    kinds: set[int] = set()
    while not st.is_over:
        if st.is_chance:
            st.apply(st.sample_chance(rng))
            continue
        advice = GAME.advise(st)
        note = GAME.advice_note(st)
        choice = planner.choose(st)
        if advice is None:
            assert note.startswith("no advice here: ")
        else:
            kinds.add(st.phase)
            legal = {str(a) for a in st.legal_actions()} - {"poker"}
            assert {str(a) for a, _ in advice} == legal
            values = [v for _, v in advice]
            assert values == sorted(values, reverse=True)
            value = dict((str(a), v) for a, v in advice)[str(choice)]
            assert value >= values[0] - 1e-9, (st.phase, str(choice), advice[:3])
            assert "planner" in note or "Showdown" in note
        st.apply(choice)
    assert len(kinds) >= 4  # keeps, the 4s, and decisions in between at least


def test_advice_at_the_keep_matches_the_planners_choice() -> None:
    """At every keep ("Gameplay": lock and unlock freely), the advisor values
    each legal keep of the colour at hand and ``stop``; the planner's own
    choice is among the best valued."""
    rng = np.random.default_rng(5)
    agent = make_agent("planner", GAME, seed=5)
    st = GAME.new_state(D6ShootersOptions(version="shorter"))
    assert isinstance(st, D6State)
    st.quiet = True
    checked = 0
    while not st.is_over and checked < 12:
        if st.is_chance:
            st.apply_unchecked(st.sample_chance(rng))
            continue
        action = agent.choose(st)
        if st.phase == P_KEEP:
            advice = GAME.advise(st)
            assert advice is not None
            assert sorted(str(a) for a, _ in advice) == sorted(str(a) for a in st.legal_actions())
            value = dict((str(a), v) for a, v in advice)
            assert value[str(action)] >= advice[0][1] - 1e-9, (str(action), advice[:3])
            checked += 1
        st.apply(action)
    assert checked >= 12


def test_episode_2_value_sees_the_showdown_exactly() -> None:
    """The planner's value of episode 2 takes the Showdown's exact chance with
    the Posse, Crowes and Ammo in hand as a feature ("The Ghost Town
    Showdown"), looked up from the solver's table."""
    from saloon.games.d6shooters.showdown import showdown_win
    from saloon.games.d6shooters.value import FEATURES, showdown_chance, state_features, value_net

    assert value_net(2).showdown and not value_net(1).showdown
    chances = showdown_chance([5, 10, 3, 0], [7, 20, 0, 4], [2, 3, 0, 9])
    expected = [showdown_win(5, 7, 2), showdown_win(10, 20, 3), 1.0, 0.0]
    assert np.allclose(chances, expected, atol=1e-12)
    # With Medicine/Bandages held (RULINGS d6: it can prevent one round's hits).
    chances = showdown_chance([5, 10, 3, 0], [7, 20, 0, 4], [2, 3, 0, 9], medicine=True)
    expected = [showdown_win(5, 7, 2, medicine=True), showdown_win(10, 20, 3, medicine=True)]
    assert np.allclose(chances, [*expected, 1.0, 0.0], atol=1e-12)
    st = GAME.new_state(D6ShootersOptions(episode=2))
    assert isinstance(st, D6State)
    x = state_features(st)
    assert x.shape == (1, len(FEATURES) + 1)
    assert x[0, -1] == pytest.approx(
        showdown_win(st.journey.posse, st.journey.crowes + 2, st.journey.ammo), abs=1e-12
    )
    assert state_features(GAME.new_state(D6ShootersOptions(episode=1))).shape == (1, len(FEATURES))


def test_the_planner_plays_the_showdown_exactly() -> None:
    """At Hoodia the planner's every decision is the solver's best one, the
    Medicine against a round's hits included."""
    from saloon.games.d6shooters.rules.nodes import MEDICINE, P_LOSS
    from saloon.games.d6shooters.showdown import action_values

    st = GAME.new_state(D6ShootersOptions(episode=2))
    assert isinstance(st, D6State)
    st.quiet = True
    st.journey.space, st.journey.posse, st.journey.crowes, st.journey.ammo = (
        st.destination - 1,
        6,
        6,
        2,
    )
    st.journey.items |= MEDICINE
    phases = set()
    rng = np.random.default_rng(3)
    agent = make_agent("planner", GAME, seed=3)
    decisions = 0
    while not st.is_over:
        if st.is_chance:
            st.apply_unchecked(st.sample_chance(rng))
            continue
        action = agent.choose(st)
        if st.mode == "showdown":
            values = action_values(st)
            assert values[str(action)] == pytest.approx(max(values.values()), abs=1e-12)
            advice = GAME.advise(st)
            assert advice is not None and advice[0][1] == pytest.approx(max(values.values()))
            decisions += 1
            phases.add(st.phase)
        st.apply(action)
    assert decisions > 0 and P_LOSS in phases


def test_episode_2_heuristic_credits_a_crowe_for_each_shootout_won() -> None:
    """Ep.2 "Shootout!": a Shootout won crosses off a Crowe, so the heuristic
    credits a Fight with ``crowe`` points times its chance of winning; and
    it stocks Ammo for the Showdown's rerolls."""
    from saloon.games.d6shooters.actions import Fours
    from saloon.games.d6shooters.scenario import turn_start
    from saloon.games.d6shooters.strategy import HeuristicAgent, Knobs, shootout_win

    st = turn_start(D6ShootersOptions(episode=2), posse=8, ammo=6, food=8, space=20)
    for step in ("black 2", "red 34", "white 22336", "stop"):
        st.apply(GAME.parse_action(step))
    fight = Fours(0, 0, 1, 0)
    assert fight in fours_choices(st)
    with_crowe = HeuristicAgent(Knobs(crowe=8.0)).fours_value(st, fight)
    without = HeuristicAgent(Knobs(crowe=0.0)).fours_value(st, fight)
    assert with_crowe - without == pytest.approx(8.0 * shootout_win(1, 1, 6))
    assert HeuristicAgent().fours(st) == fight
    town = turn_start(D6ShootersOptions(episode=2), gold=4, ammo=2, food=10, posse=3)
    town.mode, town.phase, town.offer = "town", P_SHOP, ""
    assert str(HeuristicAgent().shop(town)) == "buy ammo 5"


def test_advice_at_episode_2s_black_die() -> None:
    """Episode 2 asks the black die first (it counts two of its number):
    the advisor values keeping it, rolling it again and stopping."""
    from saloon.games.d6shooters.scenario import turn_start

    st = turn_start(D6ShootersOptions(episode=2), space=20)
    for step in ("black 1", "red 23", "white 12456"):
        st.apply(GAME.parse_action(step))
    assert st.phase == P_KEEP
    advice = GAME.advise(st)
    assert advice is not None
    value = {str(a): v for a, v in advice}
    assert set(value) == {str(a) for a in st.legal_actions()}
    # Keeping the black 1 (two moves) is worth at least rolling everything but it.
    assert 0.0 < value["keep b1"] <= 1.0
    assert value["keep none"] <= value["keep b1"]
    # The planner plays the advice's first choice.
    planner = make_agent("planner", GAME, seed=1)
    assert value[str(planner.choose(st))] == advice[0][1]

"""``saloon.analysis.review``: every decision of a record scored against the
game's own judge (marks, accuracy, the curve, the costliest explained)."""

from __future__ import annotations

import json

import pytest

from saloon.agents import make_agent
from saloon.analysis.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    REVIEW_DECISIONS,
    ReviewError,
    accuracy_of,
    mark_for,
    parse_steps,
    review,
    review_scale,
)
from saloon.core.advice import Advice
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State


def bot_game(game_id: str, agents: list[str], seed: int, *options: str) -> GameRecord:
    game = get_game(game_id)
    opts = game.parse_options(list(options))
    seats = [make_agent(a, game, seed=seed * 10 + i) for i, a in enumerate(agents)]
    return play(game, opts, seats, RandomDice(seed), seed=seed)


def test_marks_and_accuracy_follow_the_documented_thresholds() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.20)
    assert [mark_for(c, 0.0) for c in (0.0, 0.049, 0.05, 0.1, 0.2, 0.9)] == [
        None, None, "inaccuracy", "mistake", "blunder", "blunder",
    ]  # fmt: skip
    # within the 95% interval of the two values (1.96 standard errors): no mark
    assert mark_for(0.3, 0.16) is None and mark_for(0.3, 0.15) == "blunder"
    assert accuracy_of(0.0) == 100.0 and accuracy_of(1.0) == 0.0
    assert 79 < accuracy_of(0.05) < 81


def test_solver_against_solver_marks_nothing() -> None:
    rec = bot_game("shootout", ["solver", "solver"], 4)
    r = review(rec)
    decisions = [s for s in r.steps if not s.is_chance]
    assert decisions and all(s.judged or s.why_not.startswith("forced") for s in decisions)
    assert all(s.mark is None and s.cost == 0 for s in decisions if s.judged)
    assert [s.accuracy for s in r.seat_reviews] == [100.0, 100.0]
    assert not r.costliest
    assert r.result.startswith("Player")
    # the curve: both seats' chances add to 1, and it ends at the result
    last = r.curve[-1].values
    assert sorted(last) == [0.0, 1.0]
    assert all(abs((a or 0) + (b or 0) - 1) < 1e-9 for a, b in (p.values for p in r.curve[3:]))


def test_random_play_is_marked_and_explained() -> None:
    rec = bot_game("shootout", ["random", "random"], 3)
    r = review(rec)
    marked = sum(s.marked for s in r.seat_reviews)
    assert marked >= 3
    assert all(s.accuracy is not None and s.accuracy < 100 for s in r.seat_reviews)
    worst = r.costliest[0]
    assert worst.cost == max(s.cost or 0 for s in r.steps)
    assert worst.cost is not None and worst.best_value is not None
    assert worst.chosen_value is not None
    assert worst.cost == pytest.approx(worst.best_value - worst.chosen_value)
    assert f"{worst.best_value * 100:.1f}%" in worst.why()
    assert f"{worst.chosen_value * 100:.1f}%" in worst.why()
    assert "(exact)" in worst.why()
    # the dice are shown as what they were, with their chance
    chance = [s for s in r.steps if s.is_chance]
    assert chance and all(s.probability is not None and 0 < s.probability <= 1 for s in chance)
    assert chance[0].words.endswith(".")  # told in the log's sentence


def test_one_seat_and_a_range_of_steps() -> None:
    rec = bot_game("shootout", ["random", "random"], 3)
    r = review(rec, seat=1, steps=(5, 20))
    assert [s.seat for s in r.seat_reviews] == [1]
    assert {s.index for s in r.steps} == set(range(5, 21))
    assert all(not s.judged for s in r.steps if s.seat == 0)
    with pytest.raises(ReviewError, match="seats 1 to 2"):
        review(rec, seat=2)
    assert parse_steps("3:") == (3, None)
    with pytest.raises(ReviewError):
        parse_steps("9:2")


def _showdown_loss() -> tuple[GameRecord, int]:
    """An episode-2 journey of the heuristic lost in the Ghost Town Showdown
    (seed 2), and the step where the Showdown begins."""
    rec = bot_game("d6shooters", ["heuristic"], 2, "episode=2")
    assert rec.result is not None and rec.result["category"] == "showdown"
    game = get_game("d6shooters")
    state = rec.replay(0)
    for k, (_, move) in enumerate(rec.moves, start=1):
        if getattr(state, "mode", "") == "showdown":
            return rec, k
        state.apply(game.parse_action(move))
    raise AssertionError("no Showdown")


def test_a_showdown_lost_names_its_costliest_choice_exactly() -> None:
    rec, start = _showdown_loss()
    r = review(rec, steps=(start, None))
    judged = [s for s in r.steps if s.judged]
    assert judged and all(s.kind == "probability" and s.exact for s in judged)
    worst = r.costliest[0]
    assert worst.index >= start and worst.spread == 0 and worst.exact
    assert worst.cost == max(s.cost or 0 for s in judged) > 0
    assert worst.best_notation != worst.notation
    why = worst.why()
    assert worst.best_words in why and worst.words in why
    assert f"{worst.best_value:.1%}" in why and f"{worst.chosen_value:.1%}" in why
    assert "chance to win the Showdown" in why and "(exact)" in why


def test_a_search_judge_says_its_values_are_estimates() -> None:
    rec = bot_game("cowboys", ["heuristic", "heuristic"], 3)
    r = review(rec, scale=0.01, steps=(1, 24))
    judged = [s for s in r.steps if s.judged]
    assert judged and all(not s.exact and s.spread > 0 for s in judged)
    assert r.notes and all("an estimate" in n and "95% interval" in n for n in r.notes)
    # a cost within the spread is never marked
    assert all(s.mark is None for s in judged if s.within_spread)
    assert all(s.seat != CHANCE for s in judged)


def test_an_unfinished_game_is_reviewed_as_far_as_it_goes() -> None:
    rec = bot_game("shootout", ["random", "random"], 3)
    rec.moves, rec.result = rec.moves[:12], None
    r = review(rec)
    assert len(r.steps) == 12 and r.result == "the game is not over"
    data = json.loads(json.dumps(r.to_json()))
    assert [s["step"] for s in data["steps"]] == list(range(1, 13))
    assert data["curve"][-1]["step"] == 12


def test_workers_do_not_change_the_review() -> None:
    # Exact judges, then a search: each advice is a function of its state
    # alone (the search seeded by the steps played), so one process or two
    # give the same walk, curve and marks.
    cases: list[tuple[GameRecord, float | None, tuple[int, int | None] | None]] = [
        (bot_game("shootout", ["random", "random"], 3), None, None),
        (bot_game("d6shooters", ["heuristic"], 2, "episode=2"), None, (1, 120)),
        (bot_game("cowboys", ["heuristic", "heuristic"], 3), 0.01, (1, 30)),
    ]
    for rec, scale, steps in cases:
        ticks: list[tuple[int, int]] = []

        def tick(done: int, total: int, into: list[tuple[int, int]] = ticks) -> None:
            into.append((done, total))

        one = review(rec, scale=scale, steps=steps, workers=1)
        two = review(rec, scale=scale, steps=steps, workers=2, progress=tick)
        assert one == two and one.to_json() == two.to_json()
        # the progress follows the decisions judged, one by one, to the last
        judged = sum(s.judged for s in one.steps)
        assert [d for d, _ in ticks] == list(range(1, len(ticks) + 1))
        assert {t for _, t in ticks} == {len(ticks)} and judged <= len(ticks) <= judged + 1


def test_the_default_budget_is_shared_by_the_decisions() -> None:
    assert review_scale(REVIEW_DECISIONS // 2) == 1.0
    assert review_scale(REVIEW_DECISIONS * 4) == 0.25 and review_scale(0) == 1.0
    rec = bot_game("shootout", ["heuristic", "heuristic"], 1)
    game = get_game("shootout")
    asked: list[int] = []

    def judge(state: State) -> Advice | None:
        asked.append(len(state.history))
        return game.advice(state)

    r = review(rec, judge=judge)
    assert len(asked) > REVIEW_DECISIONS and r.scale == review_scale(len(asked))
    assert review(rec, judge=judge, scale=2.0).scale == 2.0


def test_a_judge_of_the_callers_runs_here_unless_it_pickles() -> None:
    rec = bot_game("shootout", ["random", "random"], 3)
    game = get_game("shootout")
    asked: list[int] = []

    def judge(state: State) -> Advice | None:
        asked.append(len(state.history))
        return game.advice(state)

    assert review(rec, judge=judge) == review(rec, workers=1)  # in this process
    assert asked
    with pytest.raises(ReviewError, match="must pickle"):
        review(rec, judge=judge, workers=2)
    with pytest.raises(ReviewError, match="at least 1 worker"):
        review(rec, workers=0)

"""``saloon.analysis.review_summary``: reviews pooled per agent, and
``review(..., sample=N)`` judging N decisions a record."""

from __future__ import annotations

import pytest

from saloon.agents import make_agent
from saloon.analysis.review import (
    NOT_SAMPLED,
    Review,
    ReviewError,
    SeatReview,
    StepReview,
    accuracy_of,
    mark_for,
    review,
    sample_steps,
)
from saloon.analysis.review_summary import SummaryError, bootstrap_interval, summarise
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.record import GameRecord
from saloon.core.registry import get_game


def judged(seat: int, cost: float, kind: str = "probability", best: float = 0.5) -> StepReview:
    return StepReview(
        1, seat, "a", "a", judged=True, kind=kind, cost=cost,  # type: ignore[arg-type]
        mark=mark_for(cost, 0.0) if kind == "probability" else None, best_value=best,
    )  # fmt: skip


def not_judged(seat: int) -> StepReview:
    return StepReview(1, seat, "a", "a", why_not="forced: the only legal choice")


def made(*steps: StepReview, game: str = "shootout", seats: tuple[int, ...] = ()) -> Review:
    reviewed = tuple(SeatReview(p, f"P{p + 1}", 0, 0) for p in seats)
    return Review(game, game.title(), "default", ("P1", "P2"), steps, reviewed, (), ())


def test_summary_pools_the_decisions_not_the_games() -> None:
    games = [
        # "good" is seat 1 here, seat 2 in the next game: pooled by name
        (("good", "poor"), made(judged(0, 0.0), judged(1, 0.2), judged(1, 0.2), judged(1, 0.2))),
        (("poor", "good"), made(judged(0, 0.0), judged(1, 0.0), not_judged(1))),
        (("poor", "good"), made(judged(0, 0.3, kind="score"), judged(1, 0.05))),
    ]
    s = summarise(games)
    assert [a.agent for a in s.agents] == ["good", "poor"]  # best accuracy first
    good, poor = s.agents
    assert (good.games, good.valued, good.judged, good.not_judged) == (3, 3, 3, 1)
    assert (poor.games, poor.valued, poor.judged) == (3, 4, 5)  # a score: judged, not valued
    # pooled over the 4 decisions, not the mean of the games' accuracies (70)
    assert poor.accuracy == pytest.approx((3 * accuracy_of(0.2) + 100.0) / 4)
    assert poor.mean_cost == pytest.approx(0.15)
    assert (poor.inaccuracies, poor.mistakes, poor.blunders) == (0, 0, 3)
    assert poor.marks_per_100 == 75.0 and good.marks_per_100 == pytest.approx(33.3)
    assert good.accuracy == pytest.approx((200.0 + accuracy_of(0.05)) / 3)
    for a in s.agents:
        assert a.low is not None and a.high is not None and a.accuracy is not None
        assert a.low <= a.accuracy <= a.high
    assert summarise(games) == s  # the bootstrap is seeded
    data = s.to_json()
    assert data["agents"][1]["blunders_per_100"] == 75.0 and "bootstrap" in data["interval"]
    assert "| poor | 3 | 4 |" in s.to_markdown()


def test_accuracy_counts_the_open_positions_only() -> None:
    # A decision whose best choice had 98% (or 2%) to win is in a decided
    # game: its cost and marks count, its accuracy does not.
    games = [
        (("a", "b"), made(judged(0, 0.0, best=0.98), judged(0, 0.1), judged(1, 0.3, best=0.02))),
    ]
    a, b = sorted(summarise(games).agents, key=lambda x: x.agent)
    assert (a.valued, a.open) == (2, 1) and a.accuracy == pytest.approx(accuracy_of(0.1))
    assert a.mean_cost == pytest.approx(0.05)
    assert (b.valued, b.open, b.accuracy, b.blunders) == (1, 0, None, 1)


def test_summary_counts_only_the_seats_reviewed() -> None:
    one_seat = made(judged(0, 0.5), judged(1, 0.0), seats=(1,))
    s = summarise([(("a", "b"), one_seat), (("b", "a"), made(judged(0, 0.1), seats=(0,)))])
    assert [(a.agent, a.games, a.valued) for a in s.agents] == [("b", 2, 2)]
    assert s.agents[0].accuracy == pytest.approx((100.0 + accuracy_of(0.1)) / 2)


def test_summary_interval_is_a_bootstrap_over_games() -> None:
    assert bootstrap_interval([(100.0, 1), (0.0, 1)] * 50) == (40.0, 60.0)
    # the pooled mean (19,900 / 220), not the games' mean (92.5), is inside
    lo, hi = bootstrap_interval([(95.0, 1), (900.0, 10)] * 20)
    assert lo is not None and hi is not None and lo < 19_900 / 220 < hi < 92.5
    assert bootstrap_interval([(90.0, 1)]) == (None, None)


def test_summary_refuses_several_games_and_nothing() -> None:
    with pytest.raises(SummaryError, match=r"several games \(cowboys, shootout\)"):
        summarise([(("a", "b"), made()), (("a", "b"), made(game="cowboys"))])
    with pytest.raises(SummaryError, match="no review"):
        summarise([])


def record(seed: int, agents: tuple[str, str] = ("random", "random")) -> GameRecord:
    game = get_game("shootout")
    bots = [make_agent(a, game, seed=seed * 10 + i) for i, a in enumerate(agents)]
    return play(game, None, bots, RandomDice(seed), seed=seed)


def test_sample_judges_exactly_n_decisions_reproducibly() -> None:
    rec = record(3)
    full = review(rec, workers=1)
    with_choice = [s for s in full.steps if not s.is_chance and s.choices >= 2]
    assert len(with_choice) > 4
    r = review(rec, sample=3, sample_seed=5, workers=1)
    picked = {s.index for s in r.steps if s.judged}
    assert len(picked) == 3 and picked == sample_steps(rec, 3, seed=5)
    assert {
        s.index for s in review(rec, sample=3, sample_seed=5, workers=1).steps if s.judged
    } == picked
    others = [s for s in r.steps if not s.is_chance and s.choices >= 2 and not s.judged]
    assert len(others) == len(with_choice) - 3
    assert all(s.why_not == NOT_SAMPLED for s in others)
    assert sum(sr.judged for sr in r.seat_reviews) == 3
    # a sampled decision is judged as in the full review
    full_by_step = {s.index: s for s in full.steps}
    assert all(s.cost == full_by_step[s.index].cost for s in r.steps if s.judged)
    # other seeds draw other decisions; more than there are judges them all
    draws = {sample_steps(rec, 3, seed=k) for k in range(6)}
    assert len(draws) > 1
    everything = review(rec, sample=1000, workers=1)
    assert [s.judged for s in everything.steps] == [s.judged for s in full.steps]


def test_sample_keeps_to_the_seat_and_refuses_zero() -> None:
    rec = record(4)
    r = review(rec, seat=1, sample=2, sample_seed=1, workers=1)
    assert {s.seat for s in r.steps if s.judged} == {1}
    assert sum(s.judged for s in r.steps) == 2
    with pytest.raises(ReviewError, match="at least 1 decision"):
        review(rec, sample=0, workers=1)

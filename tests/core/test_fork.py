"""A new game from any step of another (saloon.core.fork): every game, its
record replaying, undo stopping at the fork, hidden cards drawn again."""

from __future__ import annotations

from functools import cache

import pytest

from saloon.agents import make_agent
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.errors import RecordError, SaloonError
from saloon.core.fork import ForkError, fork_record
from saloon.core.record import NOBODY, Fork, GameRecord
from saloon.core.registry import get_game
from saloon.core.session import HUMAN, Session

GAMES = ("shootout", "d6shooters", "cowboys", "dungeons")


@cache
def source(game_id: str) -> GameRecord:
    """A finished game of random bots (the same each time)."""
    game = get_game(game_id)
    n = game.player_range(game.options(None))[0]
    bots = [make_agent("random", game, seed=i) for i in range(n)]
    return play(game, None, bots, RandomDice(11), seed=11)


def bots(game_id: str):  # type: ignore[no-untyped-def]
    game = get_game(game_id)
    return lambda spec, seed: make_agent(spec, game, seed)


def session_of(record: GameRecord, seed: int = 1) -> Session:
    game = get_game(record.game)
    return Session.from_moves(
        game, record.options, record.seats, record.moves, seed=seed,
        agents=bots(record.game), forks=record.forks,
    )  # fmt: skip


def a_decision_step(record: GameRecord, at_least: int) -> int:
    """The first step from ``at_least`` at which a player (not chance) decides."""
    return next(k for k in range(at_least, len(record.moves)) if record.moves[k][0] >= 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_fork_plays_on_and_its_record_replays(game_id: str) -> None:
    src = source(game_id)
    n = len(src.seats)
    step = a_decision_step(src, len(src.moves) // 2)
    forked = fork_record(src, step, [HUMAN] + ["random"] * (n - 1), source_name="s.json", seed=3)
    assert forked.moves == src.moves[:step] and forked.forks[-1].step == step
    session = session_of(forked)
    mover = session.state.to_move
    # the person at seat 1 sees the position as he saw it in the source game
    assert session.state.view(0) == src.replay(step).view(0)
    # bots play the new game to its end, the person always taking the first choice
    while not session.state.is_over:
        session.advance()
        if session.pending == "person":
            session.act(session.state.to_move, session.state.legal_actions()[0])  # type: ignore[arg-type]
    record = GameRecord.loads(session.record().dumps())
    assert record.forks == forked.forks
    replayed = record.replay()
    assert replayed.is_over and replayed.result() == session.state.result()
    assert all(replayed.view(p) == session.state.view(p) for p in range(n))
    assert mover is not None


@pytest.mark.parametrize("game_id", ["cowboys", "dungeons"])
def test_the_others_hidden_cards_are_drawn_again(game_id: str) -> None:
    src = source(game_id)
    step = a_decision_step(src, len(src.moves) // 2)
    at = src.replay(step)
    differs = 0
    for seed in range(6):
        forked = fork_record(src, step, [HUMAN, "random"], source_name="s.json", seed=seed)
        assert forked.forks[-1].redrawn_for == 0
        state = forked.replay()
        assert state.view(0) == at.view(0)  # all he saw, kept
        assert state.to_move == at.to_move
        differs += state.view(1) != at.view(1)
    assert differs >= 4, "the other side's hand is drawn again, not kept"
    # the same fork replays the same world: the redraw's seed is in the record
    forked = fork_record(src, step, [HUMAN, "random"], source_name="s.json", seed=9)
    assert forked.replay().view(1) == GameRecord.loads(forked.dumps()).replay().view(1)


@pytest.mark.parametrize("game_id", ["cowboys", "dungeons"])
def test_hands_are_kept_only_in_a_finished_games_review_by_all_its_players(game_id: str) -> None:
    src = source(game_id)
    step = a_decision_step(src, len(src.moves) // 2)
    kept = fork_record(src, step, [HUMAN, HUMAN], source_name="s.json", keep_hidden=True)
    assert kept.forks[-1].redrawn_for is None
    assert all(kept.replay().view(p) == src.replay(step).view(p) for p in range(2))
    with pytest.raises(ForkError, match="every seat must be a person"):
        fork_record(src, step, [HUMAN, "random"], source_name="s.json", keep_hidden=True)
    unfinished = GameRecord.loads(src.dumps())
    unfinished.moves = unfinished.moves[: step + 5]
    with pytest.raises(ForkError, match="this game is not over"):
        fork_record(unfinished, step, [HUMAN, HUMAN], source_name="s.json", keep_hidden=True)
    # two people at the new table: every card the table has not seen is drawn again
    both = fork_record(src, step, [HUMAN, HUMAN], source_name="s.json", seed=1)
    assert both.forks[-1].redrawn_for == NOBODY
    state = both.replay()
    assert state.to_move == src.replay(step).to_move and state.legal_actions()


def test_undo_stops_at_the_fork() -> None:
    src = source("shootout")
    step = a_decision_step(src, 10)
    mover = src.moves[step][0]
    seats = [HUMAN if p == mover else "random" for p in range(2)]
    session = session_of(fork_record(src, step, seats, source_name="s.json"))
    session.advance()
    assert session.pending == "person"
    why = session.undo_point(mover)
    assert isinstance(why, str) and "no decision yet" in why
    session.act(mover, session.state.legal_actions()[0])
    assert session.can_undo(mover)  # his own decision after the fork
    session.undo(mover)
    assert session.step == step and session.state.history == src.replay(step).history
    practice = Session.from_moves(
        get_game("shootout"), src.options, seats, src.moves[:step], seed=1,
        agents=bots("shootout"), forks=[Fork("s.json", step)], practice_undo=True,
    )  # fmt: skip
    practice.advance()
    assert practice.kinds[:step] == ["before"] * step


def test_a_fork_that_cannot_be_made_says_why() -> None:
    src = source("shootout")
    total = len(src.moves)
    with pytest.raises(ForkError, match=f"steps 0 to {total}"):
        fork_record(src, total + 1, [HUMAN, "random"], source_name="s.json")
    with pytest.raises(ForkError, match="the game is over after step"):
        fork_record(src, total, [HUMAN, "random"], source_name="s.json")
    with pytest.raises(ForkError, match="has 2 seats, not 3"):
        fork_record(src, 3, [HUMAN, "random", "random"], source_name="s.json")
    assert issubclass(ForkError, ValueError)


def test_a_fork_of_a_fork_keeps_both_redraws() -> None:
    src = source("cowboys")
    first = a_decision_step(src, len(src.moves) // 3)
    one = fork_record(src, first, [HUMAN, "random"], source_name="a.json", seed=1)
    session = session_of(one)
    for _ in range(40):
        if session.state.is_over:
            break
        session.advance()
        if session.pending == "person":
            session.act(0, session.state.legal_actions()[-1])
    played = session.record()
    second = a_decision_step(played, first + 1)
    two = fork_record(played, second, [HUMAN, "random"], source_name="b.json", seed=2)
    assert [f.source for f in two.forks] == ["a.json", "b.json"]
    assert two.replay().view(0) == played.replay(second).view(0)


@pytest.mark.parametrize(
    ("forks", "message"),
    [
        ("nope", "forks"),
        ([{"source": "", "step": 1}], "malformed"),
        ([{"source": "a", "step": -1}], "malformed"),
        ([{"source": "a", "step": 1, "redrawn_for": 0}], "must give its seed"),
        ([{"source": "a", "step": 5}, {"source": "b", "step": 2}], "oldest first"),
    ],
)
def test_a_malformed_fork_in_a_record_is_refused(forks: object, message: str) -> None:
    data = source("shootout").to_json()
    data["forks"] = forks
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_a_fork_past_the_records_moves_is_refused_on_replay() -> None:
    record = GameRecord.loads(source("shootout").dumps())
    record.forks = [Fork("a", len(record.moves) + 3)]
    with pytest.raises(SaloonError, match="does not fit"):
        record.replay()


def test_a_forked_games_review_plays_its_redrawn_hands() -> None:
    """A review walks a forked game as it was played: the hidden cards drawn
    again at the fork, so the cards played after it are the new hand's."""
    from saloon.analysis.review import review

    src = source("cowboys")
    step = a_decision_step(src, len(src.moves) // 3)
    session = session_of(fork_record(src, step, [HUMAN, "random"], source_name="a.json", seed=4))
    while not session.state.is_over:
        session.advance()
        if session.pending == "person":
            session.act(0, session.state.legal_actions()[-1])
    played = session.record()
    assert played.replay().is_over
    judged = review(played, steps=(step + 1, None), scale=0.01, workers=1, sample=3)
    assert sum(s.judged for s in judged.steps) == 3
    assert judged.result == played.replay().result().text

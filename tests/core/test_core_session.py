"""The session: a game at a table, advanced to each person's decision,
with undo that never re-rolls the dice and a state that can be stored."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.agents import make_agent
from saloon.core import CHANCE, IllegalAction, SaloonError, get_game
from saloon.core.errors import NotationError, RecordError
from saloon.core.session import HUMAN, Session
from saloon.testing.tiny import TinyGame

TINY = TinyGame()


def bots(spec: str, seed: int):  # type: ignore[no-untyped-def]
    return make_agent(spec, TINY, seed)


def tiny(seed: int = 1, seats: tuple[str, ...] = (HUMAN, "random"), **kw: object) -> Session:
    session = Session(TINY, seats=seats, seed=seed, agents=bots, **kw)  # type: ignore[arg-type]
    session.advance()
    return session


def test_advance_stops_at_each_persons_decision() -> None:
    session = tiny()
    assert session.pending == "person" and session.state.to_move == 0
    assert session.humans == [0] and session.step == 2
    session.act(0, "add 1")
    taken = session.advance()
    assert taken >= 2  # the d3, then the bot (and maybe its d3)
    assert session.pending in ("person", "over")


def test_a_person_acts_only_in_turn_and_only_legally() -> None:
    session = tiny()
    with pytest.raises(IllegalAction, match="not player 2's turn: the game waits for player 1"):
        session.act(1, "stop")
    with pytest.raises(IllegalAction, match="legal: add 1, add 2, stop"):
        session.act(0, "d3 2")
    with pytest.raises(NotationError):
        session.act(0, "jump")
    with pytest.raises(IllegalAction, match="no random roll now"):
        session.roll()
    with pytest.raises(IllegalAction, match="no bot to move"):
        session.bot_turn()
    assert session.step == 2


def test_undo_never_goes_back_past_a_roll() -> None:
    """Undo cannot peek: the d3 rolled after ``add 2`` is never taken back,
    so nobody sees it before choosing, nor rolls it again."""
    session = tiny(seed=9)
    session.act(0, "add 2")
    session.advance()
    step = session.step
    with pytest.raises(SaloonError, match=r"the roll 'd3 \d' came after player 1's last decision"):
        session.undo(0)
    assert session.step == step and not session.can_undo(0)


def test_undo_takes_back_decisions_made_since_the_last_roll() -> None:
    """A decision with nothing revealed after it may be taken back: the
    first ``stop`` of player 1 (no d3 follows a stop)."""
    session = Session(TINY, seats=[HUMAN, HUMAN], seed=3)
    session.advance()
    session.act(0, "stop")
    assert session.undo_point(0) == 2 and session.undo(0) == 1
    session.act(0, "stop")
    session.advance()
    session.act(1, "stop")
    # Player 2 decided since player 1's stop: player 1 may not take it back,
    # player 2 may take back his own.
    with pytest.raises(SaloonError, match="player 2 decided after player 1's last decision"):
        session.undo(0)
    assert session.undo(1) == 1 and session.state.to_move == 1


def test_a_bots_decision_is_not_taken_back_but_in_practice() -> None:
    session = Session(TINY, seats=[HUMAN, "random"], seed=5, agents=bots)
    session.advance()
    session.act(0, "stop")
    session.advance()
    if session.state.history[-1][0] == 1:  # the bot's own choice was the last step
        with pytest.raises(SaloonError, match=r"player 2 \(a bot\) decided"):
            session.undo(0)


def test_nothing_is_taken_back_once_the_game_is_over() -> None:
    session = tiny(seed=2, practice_undo=True)
    while session.pending == "person":
        session.act(0, "stop")
        session.advance()
    assert session.pending == "over"
    with pytest.raises(SaloonError, match="the game is over"):
        session.undo(0)


def test_practice_undo_is_for_one_person_and_says_so_in_the_record() -> None:
    with pytest.raises(SaloonError, match="practice undo is for a table of one person"):
        Session(TINY, seats=[HUMAN, HUMAN], practice_undo=True)
    session = tiny(practice_undo=True)
    record = session.record()
    assert record.practice_undo and record.to_json()["practice_undo"] is True
    assert not tiny().record().practice_undo


def test_the_advisor_is_on_for_one_person_and_the_tables_choice_for_several() -> None:
    assert tiny().advisor and tiny(seats=("random", "random")).advisor
    assert not Session(TINY, seats=[HUMAN, HUMAN]).advisor
    assert Session(TINY, seats=[HUMAN, HUMAN], advisor=True).advisor
    assert not tiny(advisor=False).advisor
    assert tiny(advisor=False).record().to_json()["advisor"] is False


def test_practice_undo_puts_the_dice_back_so_the_same_choice_meets_the_same_dice() -> None:
    session = tiny(seed=9, practice_undo=True)
    session.act(0, "add 2")
    session.advance()
    future = [str(a) for _, a in session.state.history[2:]]
    dice_before = session.dice_states[2]
    assert session.undo(0) == len(future)
    assert session.dice_state == dice_before and session.step == 2
    session.act(0, "add 2")
    session.advance()
    assert [str(a) for _, a in session.state.history[2:]] == future


def test_after_practice_undo_a_different_choice_meets_the_same_luck() -> None:
    """The d3 after ``add 1`` and after ``add 2`` is drawn from the same random numbers."""
    faces = {}
    session = tiny(seed=4, practice_undo=True)
    for choice in ("add 1", "add 2", "add 1"):
        session.act(0, choice)
        session.roll()
        faces.setdefault(choice, set()).add(str(session.state.history[-1][1]))
        session.undo(0)
    assert faces["add 1"] == faces["add 2"] and len(faces["add 1"]) == 1


def test_nothing_to_undo() -> None:
    session = tiny()
    with pytest.raises(SaloonError, match="nothing to undo"):
        session.undo(0)
    with pytest.raises(SaloonError, match="nothing to undo"):
        session.undo()


def test_a_stored_session_continues_identically() -> None:
    """Moves and dice states as a database keeps them (JSON): the session
    read back from them goes on exactly as the one that never stopped."""
    first = tiny(seed=12)
    first.act(0, "add 1")
    first.advance()
    moves = [(p, str(a)) for p, a in first.state.history]
    stored = json.loads(json.dumps(first.dice_states))
    second = Session.from_moves(
        TINY, None, first.seats, moves, seed=first.seed, agents=bots, dice_states=stored
    )
    assert second.step == first.step and second.dice_state == first.dice_state
    for session in (first, second):
        while session.pending == "person":
            session.act(session.state.to_move, "add 2")  # type: ignore[arg-type]
            session.advance()
    assert second.state.history == first.state.history
    assert second.record().moves == first.record().moves


def test_from_moves_checks_every_step() -> None:
    with pytest.raises(RecordError, match="step 1"):
        Session.from_moves(TINY, None, [HUMAN, HUMAN], [(0, "stop")], seed=1)
    with pytest.raises(RecordError, match="step 3"):
        Session.from_moves(
            TINY, None, [HUMAN, HUMAN], [(CHANCE, "deal 1"), (CHANCE, "deal 2"), (0, "fly")], seed=1
        )


def test_manual_dice_wait_for_the_referee() -> None:
    session = Session(TINY, seats=[HUMAN, HUMAN], seed=1, manual_dice=True)
    assert session.advance() == 0 and session.pending == "dice"
    with pytest.raises(IllegalAction, match="'deal 9' cannot happen here; expected one of: deal 1"):
        session.enter_dice("deal 9")
    with pytest.raises(IllegalAction, match="cannot happen here"):
        session.enter_dice("stop")
    session.enter_dice("deal 3")
    with pytest.raises(IllegalAction, match="'deal 3' cannot happen"):
        session.enter_dice("deal 3")  # that card is gone
    session.enter_dice("deal 5")
    assert session.pending == "person"
    with pytest.raises(IllegalAction, match="no dice to enter"):
        session.enter_dice("d3 1")
    session.act(0, "add 1")
    assert session.pending == "dice"
    session.enter_dice("d3 2")
    assert session.state.totals == [2, 0]
    # The referee takes back the dice he typed last (a slip); the person's
    # decision before them stands, since real dice were rolled after it.
    assert session.undo_dice() == 1 and session.pending == "dice"
    session.enter_dice("d3 2")
    with pytest.raises(SaloonError, match="the dice typed 'd3 2' came after player 1's"):
        session.undo(0)
    session.act(1, "stop")
    with pytest.raises(SaloonError, match="player 2 has decided since the dice typed last"):
        session.undo_dice()


def test_bots_choose_by_seed_seat_and_step() -> None:
    a, b = tiny(seed=5, seats=("random", "random")), tiny(seed=5, seats=("random", "random"))
    assert a.state.is_over and a.record().moves == b.record().moves
    c = tiny(seed=6, seats=("random", "random"))
    assert a.agent_seed(0, 3) != c.agent_seed(0, 3) and a.agent_seed(0, 3) != a.agent_seed(1, 3)


def test_bad_sessions_are_refused() -> None:
    with pytest.raises(SaloonError, match="2 players, but 3 seats"):
        Session(TINY, seats=[HUMAN, HUMAN, HUMAN])
    with pytest.raises(SaloonError, match="needs a way to make agents"):
        Session(TINY, seats=[HUMAN, "random"])
    with pytest.raises(SaloonError, match="a seed is a whole number from 0 to"):
        Session(TINY, seats=[HUMAN, HUMAN], seed=-1)
    with pytest.raises(SaloonError, match="dice states needed"):
        Session(TINY, seats=[HUMAN, HUMAN], dice_states=[])


def test_a_real_game_at_the_table() -> None:
    game = get_game("shootout")
    session = Session(
        game, seats=[HUMAN, "heuristic"], seed=3, agents=lambda s, n: make_agent(s, game, n)
    )
    session.advance()
    while session.pending != "over":
        assert session.pending == "person"
        session.act(0, session.state.legal_actions()[0])
        session.advance()
    record = session.record()
    assert record.seats == [HUMAN, "heuristic"] and record.seed == 3
    assert record.replay().is_over


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.lists(st.sampled_from(["add 1", "add 2", "stop", "undo"]), max_size=14),
)
def test_undo_never_changes_what_the_same_choices_lead_to(seed: int, ops: list[str]) -> None:
    """Whatever is tried and taken back in practice, the game equals one
    played with only the choices that were kept."""
    session = tiny(seed=seed, practice_undo=True)
    kept: list[str] = []
    for op in ops:
        if session.pending != "person":
            break
        if op == "undo":
            if kept:
                session.undo(0)
                kept.pop()
            continue
        session.act(0, op)
        session.advance()
        kept.append(op)
    straight = tiny(seed=seed)
    for op in kept:
        straight.act(0, op)
        straight.advance()
    assert straight.state.history == session.state.history

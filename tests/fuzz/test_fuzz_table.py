"""Random text at every prompt of a game in progress, for every game.

The terminal table (:class:`saloon.cli.table.GameTable`) is driven by a
scripted ``ask``: at each prompt hypothesis answers with a valid choice
(so the game moves on), hostile text, or a table command with a hostile
argument (``save``, ``load``, ``undo``, ``hint``, ``rules``, ``quit``...).
Whatever is typed, the game ends normally, by ``quit``, or by the end of
input with a recovery file; the table never raises anything else, and what
it holds always replays from its own record.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from saloon.agents import make_agent
from saloon.cli.table import GameInterrupted, GameTable, QuitGame, Seat
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.session import Session
from saloon.core.state import CHANCE

from .conftest import GAMES, fuzz, hostile_text, in_temp_dir, time_bound

#: Answers per example before the input ends (then the table must save a
#: recovery file): enough to play well into a game, few enough to be quick.
MAX_ANSWERS = 40

COMMANDS = ["help", "?", "board", "hint", "rules", "rules all", "undo", "quit", "exit", "more"]
COMMANDS += ["save", "load", "save ", "load "]


def file_names() -> st.SearchStrategy[str]:
    """File names in the example's own folder (never a path elsewhere)."""
    return st.one_of(
        st.sampled_from(["game.json", "saloon-game.json", "x", ".", "..", "a\x00b", "²"]),
        st.text(max_size=20),
    ).map(lambda name: name.replace("/", "_"))


def answer(data: st.DataObject, table: GameTable, prompt: str) -> str:
    """What the fuzzed person types at ``prompt``."""
    state = table.state
    if "[y/N" in prompt:
        choice = st.one_of(st.sampled_from(["y", "n", "", "yes", "Y"]), hostile_text(10))
        if prompt.startswith("Save this game's record"):
            choice = st.one_of(choice, file_names())
        return data.draw(choice)
    valid: list[str] = []
    if prompt.startswith("Referee:") and state.to_move == CHANCE:
        valid = [str(o) for o, _ in state.chance_outcomes()]
    elif state.to_move is not None and state.to_move != CHANCE:
        legal = state.legal_actions()
        valid = [str(a) for a in legal] + [str(n) for n in range(1, len(legal) + 1)]
    kind = data.draw(st.sampled_from(["valid"] * 6 + ["text", "command", "file"]))
    if kind == "valid" and valid:
        return data.draw(st.sampled_from(valid))
    if kind == "command":
        word = data.draw(st.sampled_from(COMMANDS))
        return word + data.draw(st.one_of(st.just(""), hostile_text(15)))
    if kind == "file":
        return data.draw(st.sampled_from(["save ", "load "])) + data.draw(file_names())
    return data.draw(hostile_text()).replace("/", "_")


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=12)
@given(data=st.data())
def test_any_text_at_any_prompt_loses_nothing(game_id: str, data: st.DataObject) -> None:
    game = get_game(game_id)
    variants = game.variants()
    options = variants[data.draw(st.sampled_from(sorted(variants)), label="variant")]
    manual = data.draw(st.booleans(), label="manual dice")
    players = game.player_range(options)[0]
    seats = [Seat("human")] * players
    if players > 1 and data.draw(st.booleans(), label="a bot in seat 2"):
        seats[1] = Seat("random", make_agent("random", game, seed=1))
    out = io.StringIO()
    with in_temp_dir() as folder, time_bound():
        answers = 0
        table: GameTable
        #: The files the person named to save to (one may be called ".tmp").
        named: set[str] = set()

        def ask(prompt: str) -> str:
            nonlocal answers
            answers += 1
            if answers > MAX_ANSWERS:
                raise EOFError
            reply = answer(data, table, prompt)
            if reply.startswith("save "):
                named.add(reply[5:].strip())
            return reply

        session = Session(
            game,
            options,
            [seat.spec for seat in seats],
            seed=data.draw(st.integers(min_value=0, max_value=2**32), label="seed"),
            manual_dice=manual,
            agents=lambda spec, seed: make_agent(spec, game, seed),
        )
        table = GameTable(
            session, seats, Console(file=out, width=100, color_system=None), ask, delay=0
        )
        try:
            table.play()
            table.offer_record()
        except (QuitGame, GameInterrupted):
            pass
        # What the table holds is a game its own record replays to.
        assert table.record().replay().key() == table.state.key()
        # Every file it wrote is a record that loads and replays.
        written = sorted(p for p in Path(folder).iterdir() if p.is_file())
        for path in written:
            stray = path.name.startswith(".") and path.name.endswith(".tmp")
            if stray and path.name not in named:
                raise AssertionError(f"a temporary file was left behind: {path.name}")
            GameRecord.load(path).replay()
        recoveries = [p for p in written if p.name.startswith("saloon-recovery-")]
        assert len(recoveries) <= 1
    text = out.getvalue()
    assert "Traceback" not in text
    if recoveries:
        assert f"the game is saved to {recoveries[0].name}" in text


@fuzz(quick=40)
@given(data=st.data())
def test_any_text_in_the_lobby(data: st.DataObject) -> None:
    """Every prompt of the lobby (game, options, players, seats, seed, dice):
    it ends with a game that can be set up and seats that can sit, or with
    the end of input, never anything else."""
    from saloon.cli.play import Lobby, make_seats

    answers = 0

    def ask(prompt: str) -> str:
        nonlocal answers
        answers += 1
        if answers > MAX_ANSWERS:
            raise EOFError
        valid = {
            "Game": ["", "1", "2", *GAMES],
            "option": ["", "", "short-street", "ep2-standard-cards", "red=1", "episode=2"],
            "Players": ["", "2", "3"],
            "Seat": ["", "human", "random", "heuristic", "solver"],
            "Seed": ["", "7", "0"],
            "Dice": ["", "random", "manual", "m"],
            "Advisor": ["", "y", "n"],
        }
        choices = next((v for k, v in valid.items() if prompt.startswith(k)), [""])
        if data.draw(st.booleans()):
            return data.draw(st.sampled_from(choices))
        return data.draw(hostile_text())

    out = io.StringIO()
    with time_bound():
        try:
            game, options, specs, seed, dice, table = Lobby(Console(file=out, width=100), ask).run()
        except EOFError:
            return
        seats = make_seats(game, specs, seed, options)
        if len(seats) <= game.max_players:
            game.new_state(options, len(seats))
    assert dice in ("random", "manual")
    assert seed is None or 0 <= seed < 2**63
    assert table.advisor in (None, True, False) and not table.practice_undo
    assert "Traceback" not in out.getvalue()

"""Issue 10 at the table and on the command line: each case found by the
outside check, reproduced, ends in one clear line and loses nothing."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from saloon.agents import make_agent
from saloon.cli.table import GameInterrupted, GameTable, QuitGame, Seat
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.session import Session
from saloon.core.state import State

Run = Callable[..., subprocess.CompletedProcess[str]]

SMALL = ["cards=2,3,4", "target=5", "start=9", "back=10", "black=3", "red=2"]
BIG = ["back=60", "black=40", "red=20"]


class Broken:
    """A bot that fails when asked to choose."""

    name = "broken"

    def choose(self, state: State) -> Action:
        raise RuntimeError("the bot broke")


class Scripted:
    """A table whose person types ``answers`` in turn (then input ends);
    ``seats`` are specs (``human``, an agent, or ``broken``)."""

    def __init__(self, answers: list[str], *, options: list[str] = SMALL, manual: bool = True,
                 seats: list[str] | None = None) -> None:  # fmt: skip
        self.game = get_game("shootout")
        self.out = io.StringIO()
        self.answers: Iterator[str] = iter(answers)
        self.prompts: list[str] = []
        specs = seats or ["human", "random"]
        session = Session(
            self.game,
            self.game.parse_options(options),
            specs,
            seed=1,
            manual_dice=manual,
            agents=self.agent,
        )
        self.table = GameTable(
            session,
            [Seat(s, None if s == "human" else self.agent(s, 0)) for s in specs],
            Console(file=self.out, width=120, color_system=None),
            self.ask,
            delay=0,
        )

    def agent(self, spec: str, seed: int) -> Agent:
        return Broken() if spec == "broken" else make_agent(spec, self.game, seed)

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def play(self) -> str:
        with contextlib.suppress(QuitGame, GameInterrupted):
            self.table.play()
        return self.out.getvalue()

    def replies(self) -> list[str]:
        """The lines the table printed that are not the board or a menu."""
        return [
            line
            for line in self.out.getvalue().splitlines()
            if line and not line.startswith(("│", "╭", "╰", "  ", "»", "Player 1 (you)", "Dice:"))
        ]


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


# -- tracebacks ---------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["²", "①", "٣", "9" * 5000, "d20 " + "9" * 5000, "card ²"])
def test_unicode_digits_and_huge_numbers_at_a_move_prompt(typed: str) -> None:
    # Before: '²'.isdigit() then int('²') -> ValueError, and the game was lost.
    table = Scripted(["first p1", "card 3", typed, "move", "quit", "y"])
    out = table.play()
    assert "Traceback" not in out
    answer = next(
        line for line in table.replies() if "choose 1-4" in line or "whole number" in line
    )
    assert len(answer) < 200
    assert "» Player 1 moves to space 8." in out  # the game went on


@pytest.mark.parametrize("typed", ["²", "①", "d20 ²", "9" * 5000, "first p" + "9" * 5000])
def test_unicode_digits_and_huge_numbers_as_manual_dice(typed: str) -> None:
    table = Scripted([typed, "first p1", "card 3", "quit", "y"])
    out = table.play()
    assert "cannot happen here; expected who starts the first duel" in out
    assert "» Player 1 starts the first duel." in out


def test_hint_on_a_variant_too_big_to_solve_keeps_the_game() -> None:
    # Before: the solver raised ValueError from `hint`, and the game was lost.
    table = Scripted(["first p1", "card 3", "hint", "move", "quit", "y"], options=BIG)
    out = table.play()
    assert "the advisor cannot help here: this variant is too big to solve exactly" in out
    assert "» Player 1 moves to space 16." in out


def test_a_bot_that_fails_mid_game_leaves_a_recovery_file() -> None:
    table = Scripted(["first p1", "card 3", "move"], seats=["human", "broken"])
    with pytest.raises(RuntimeError):
        table.table.play()
    found = re.search(r"the game is saved to (saloon-recovery-\S+\.json)", table.out.getvalue())
    assert found and GameRecord.load(found.group(1)).moves[-1] == (0, "move")


# -- games lost ---------------------------------------------------------------------------


def test_save_asks_before_replacing_a_file(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("my notes", encoding="utf-8")
    table = Scripted(["first p1", "card 3", "save notes.json", "n", "save notes.json", "y",
                      "move", "save notes.json", "quit"])  # fmt: skip
    out = table.play()
    # Asked twice (no, then yes); the third save, to the file this table wrote, asks nothing.
    assert table.prompts.count("notes.json exists. Replace it? [y/N] ") == 2
    assert "not saved; notes.json is as it was" in out
    assert "saved to notes.json (carry on with: saloon play --load notes.json)" in out
    # The game was saved, so quit asked nothing either.
    assert GameRecord.load(tmp_path / "notes.json").moves[-1][1] != "card 3"


def test_load_asks_before_replacing_unsaved_moves(tmp_path: Path) -> None:
    Scripted(["first p2", "card 4", "save other.json", "quit"]).play()
    table = Scripted(["first p1", "card 3", "move", "load other.json", "n", "load other.json", "y",
                      "quit", "y"])  # fmt: skip
    out = table.play()
    asked = [p for p in table.prompts if p.startswith("This game has")]
    assert len(asked) == 2
    assert re.fullmatch(
        r"This game has \d+ steps that are not saved\. Load other\.json anyway\? \[y/N\] ", asked[0]
    )
    assert "nothing changed" in out
    assert re.search(r"loaded other\.json \(\d+ steps\)", out)


def test_recovery_files_never_overwrite_each_other(tmp_path: Path) -> None:
    names = set()
    for _ in range(3):
        table = Scripted(["first p1", "card 3", "move"])
        out = table.play()
        found = re.search(r"input ended; the game is saved to (saloon-recovery-\S+\.json)", out)
        assert found
        names.add(found.group(1))
    assert len(names) == 3
    assert all(GameRecord.load(tmp_path / n).moves for n in names)


def test_a_finished_game_offers_its_record(tmp_path: Path) -> None:
    table = Scripted(["y"], manual=False, seats=["random", "random"])
    table.table.play()
    table.table.offer_record()
    found = re.search(r"saved to (saloon-game-\S+\.json) \(replay it with: saloon replay \1\)",
                      table.out.getvalue())  # fmt: skip
    assert found and GameRecord.load(tmp_path / found.group(1)).replay().is_over


# -- the command line ---------------------------------------------------------------------


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def test_a_record_path_that_cannot_be_written_is_refused_before_the_game(
    saloon: Run, tmp_path: Path
) -> None:
    # Before: the whole game was played, then the record could not be written.
    args = ["play", "shootout", "--seat", "random", "--seat", "random", "--delay", "0"]
    line = one_error(saloon(*args, "--record", "nowhere/game.json"))
    assert "cannot write record nowhere/game.json: the folder nowhere does not exist" in line
    (tmp_path / "game.json").write_text("precious", encoding="utf-8")
    done = saloon(*args, "--record", "game.json")
    assert "game.json exists; add --force to replace it" in one_error(done)
    assert done.stdout == "" and (tmp_path / "game.json").read_text(encoding="utf-8") == "precious"
    done = saloon(*args, "--record", "game.json", "--force")
    assert done.returncode == 0, done.stderr
    assert "Record written to game.json (replay it with: saloon replay game.json)." in done.stdout
    assert GameRecord.load(tmp_path / "game.json").replay().is_over


def test_misleading_messages_are_gone(saloon: Run) -> None:
    line = one_error(
        saloon("play", "shootout", "--seed", "-1", "--seat", "random", "--seat", "random")
    )
    assert "seed -1 is not allowed: a seed is a whole number from 0 to" in line
    assert "cannot be made" not in line


def test_a_solver_seat_on_a_variant_too_big_is_refused_when_seated(saloon: Run) -> None:
    options = [a for pair in BIG for a in ("-o", pair)]
    done = saloon("play", "shootout", *options, "--seat", "human", "--seat", "solver")
    assert "too big to solve exactly" in one_error(done)
    assert done.stdout == ""  # refused before the game, not in the middle of it
    assert "too big to solve exactly" in one_error(saloon("solve", "shootout", *options))


def test_the_end_of_game_offer_takes_y_a_json_name_or_no(tmp_path: Path) -> None:
    table = Scripted(["2", "mine.json"], manual=False, seats=["random", "random"])
    table.table.play()
    table.table.offer_record()
    out = table.out.getvalue()
    assert "'2': type y, n, or a file name ending in .json" in out
    assert not (tmp_path / "2").exists()
    assert "saved to mine.json (replay it with: saloon replay mine.json)" in out
    assert GameRecord.load(tmp_path / "mine.json").replay().is_over


def test_control_characters_in_a_file_name_stay_on_one_line(saloon: Run) -> None:
    line = one_error(saloon("advise", "d6shooters", "a\x1eb\x85c"))
    assert "cannot read record 'a\\x1eb\\x85c'" in line

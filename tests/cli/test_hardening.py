"""Issue 10 at the table and on the command line: each case found by the
outside check, reproduced, ends in one clear line and loses nothing."""

from __future__ import annotations

import contextlib
import io
import re
import sqlite3
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
            if line
            and not line.startswith(("│", "╭", "╰", "  ", "»", "Player 1 (you)", "Referee:"))
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


# -- what Saloon writes, read back; empty specs; whole sweeps checked first ------------------


SEED = "1894994586102399598"  # 19 digits, as the table prints a random seed


def test_every_seed_saloon_prints_is_taken_back(saloon: Run) -> None:
    # Before: `--seed` read at most 18 digits, so a seed the table printed was refused.
    args = ["play", "shootout", *[a for p in SMALL for a in ("-o", p)], "--delay", "0"]
    done = saloon(*args, "--seat", "random", "--seat", "random", "--seed", SEED)
    assert done.returncode == 0, done.stderr
    assert f"seed {SEED}" in " ".join(done.stdout.split())
    line = one_error(saloon(*args, "--seed", "9223372036854775808"))
    assert "seed 9223372036854775808 is not allowed: a seed is a whole number from 0 to" in line
    line = one_error(saloon(*args, "--seed", "12345678901234567890"))  # 20 digits
    assert "a seed is a whole number from 0 to 9223372036854775807, not '1234567890" in line


def test_the_lobby_takes_back_every_seed_too() -> None:
    from saloon.cli.play import Lobby

    answers = iter(["12345678901234567890", SEED])
    lobby = Lobby(Console(file=io.StringIO(), width=120), lambda prompt: next(answers))
    assert lobby.pick_seed() == int(SEED)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "shootout", "--agent", "", "-n", "2", "--no-db", "--no-progress"],
        ["sweep", "shootout", "--vary", "start=5,6", "--agent", "", "-n", "2", "--no-db"],
        ["play", "shootout", "--seat", "", "--seat", "random", "--delay", "0"],
    ],
)
def test_an_empty_agent_is_refused_naming_the_agents(saloon: Run, args: list[str]) -> None:
    # Before: `simulate --agent ""` quietly played random.
    done = saloon(*args)
    line = one_error(done)
    assert "agent spec '' has no agent name (agents: random, mcts, expectimax, policy," in line
    assert done.stdout == ""


@pytest.mark.parametrize("spec", ["mcts:iterations=", "mcts:,,", "heuristic:pace="])
def test_empty_agent_parameters_are_refused(saloon: Run, spec: str) -> None:
    done = saloon("simulate", "shootout", "--agent", spec, "-n", "2", "--no-db", "--no-progress")
    assert "has no value" in one_error(done) or "has an empty parameter" in one_error(done)


def test_a_sweep_refuses_a_bad_cell_before_playing_any(saloon: Run, tmp_path: Path) -> None:
    # Before: the hickok-tutt cell was played (and stored) before 'nope' was refused.
    done = saloon("sweep", "cowboys", "--vary", "scenario=hickok-tutt,nope", "--agent", "random",
                  "-n", "2", "--db", "runs.db", "--no-progress")  # fmt: skip
    line = one_error(done)
    assert line.startswith("error: the cell scenario=nope: there is no scenario 'nope'")
    assert done.stdout == ""
    with contextlib.closing(sqlite3.connect(tmp_path / "runs.db")) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM runs").fetchone() == (0,)


def test_a_sweep_refuses_an_agent_a_cell_cannot_seat_before_playing_any(saloon: Run) -> None:
    done = saloon("sweep", "shootout", "--vary", "black=3,40", "-o", "red=20",
                  "--seat", "random", "--seat", "solver", "-n", "2", "--no-db")  # fmt: skip
    line = one_error(done)
    assert line.startswith("error: the cell black=40: ") and "too big to solve exactly" in line
    assert done.stdout == ""


def _record_of(seats: list[str] | None, tmp_path: Path) -> str:
    game = get_game("shootout")
    state = game.new_state(game.parse_options(SMALL))
    GameRecord.from_state(state, seats, seed=3).save(tmp_path / "saved.json")
    return "saved.json"


@pytest.mark.parametrize(
    "seats",
    [None, ["human", "random"], ["player 1", "mcts:iterations=20"], ["random", "heuristic"]],
)
def test_play_load_takes_every_seat_saloon_writes(
    saloon: Run, tmp_path: Path, seats: list[str] | None
) -> None:
    # Before: a record GameRecord.from_state wrote without seat names ("player 1",
    # "player 2") was refused: "no agent called 'player 1'".
    path = _record_of(seats, tmp_path)
    done = saloon("play", "--load", path, "--delay", "0", stdin="quit\ny\n")
    assert done.returncode == 0, done.stderr
    assert f"Carrying on {path}: Shoot Out" in done.stdout


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        (["human", "Doc Holliday"], "seat 2 is 'Doc Holliday', neither a person (human, player 2)"),
        (["player 7", "random"], "seat 1 is 'player 7'"),
        (["", "random"], "seat 1 is ''"),
    ],
)
def test_play_load_refuses_a_seat_it_does_not_know(
    saloon: Run, tmp_path: Path, seats: list[str], words: str
) -> None:
    path = _record_of(seats, tmp_path)
    line = one_error(saloon("play", "--load", path, "--delay", "0"))
    assert words in line and "nor an agent of shootout (random, mcts," in line
    assert line.endswith("name every seat with --seat")

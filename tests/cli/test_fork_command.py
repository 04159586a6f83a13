"""Fork at the terminal: ``saloon play --load RECORD --from STEP`` and
``fork`` in ``saloon replay``, for every game; the new game's record says
where it came from and replays."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from saloon.agents import make_agent
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.record import GameRecord
from saloon.core.registry import get_game

Run = Callable[..., subprocess.CompletedProcess[str]]

GAMES = ("shootout", "d6shooters", "cowboys", "dungeons")


def write_source(game_id: str, folder: Path) -> tuple[Path, int]:
    """A finished game of random bots, saved; and a step three quarters through
    it where a player decides (the new game's rest is short)."""
    game = get_game(game_id)
    n = game.player_range(game.options(None))[0]
    bots = [make_agent("random", game, seed=i) for i in range(n)]
    record = play(game, None, bots, RandomDice(5), seed=5)
    path = folder / "source.json"
    record.save(path)
    step = next(
        k for k in range(3 * len(record.moves) // 4, len(record.moves)) if record.moves[k][0] >= 0
    )
    return path, step


@pytest.mark.parametrize("game_id", GAMES)
def test_play_from_a_step_of_a_saved_game(game_id: str, saloon: Run, tmp_path: Path) -> None:
    path, step = write_source(game_id, tmp_path)
    n = len(GameRecord.load(path).seats)
    seats = [arg for _ in range(n) for arg in ("--seat", "random")]
    done = saloon(
        "play", "--load", path.name, "--from", str(step), *seats, "--seed", "4",
        "--delay", "0", "--record", "fork.json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"A new game forked from source.json after step {step}" in done.stdout
    forked = GameRecord.load(tmp_path / "fork.json")
    assert forked.forks[-1].source == "source.json" and forked.forks[-1].step == step
    assert forked.moves[:step] == GameRecord.load(path).moves[:step]
    assert forked.replay().is_over
    shown = saloon("replay", "fork.json", "--step", "0")
    assert f"this game was forked from source.json after step {step}" in " ".join(
        shown.stdout.split()
    )
    # the source is never written over by its fork
    assert GameRecord.load(path).forks == []


def test_a_fork_of_a_bots_game_seats_the_person_at_the_next_decision(
    saloon: Run, tmp_path: Path
) -> None:
    path, step = write_source("cowboys", tmp_path)
    mover = GameRecord.load(path).moves[step][0]
    done = saloon(
        "play", "--load", path.name, "--from", str(step), "--delay", "0", stdin="quit\ny\n"
    )
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert f"a person at player {mover + 1}" in said
    assert f"the hidden cards drawn again for player {mover + 1}" in said


def test_fork_flags_that_do_not_fit_are_one_line_errors(saloon: Run, tmp_path: Path) -> None:
    path, step = write_source("cowboys", tmp_path)
    total = len(GameRecord.load(path).moves)
    for args, message in [
        (("play", "cowboys", "--from", "3"), "give it with --load"),
        (("play", "--load", path.name, "--keep-hidden"), "give the step with --from"),
        (("play", "--load", path.name, "--from", str(total + 4)), f"steps 0 to {total}"),
        (("play", "--load", path.name, "--from", str(total)), "the game is over after step"),
        (
            ("play", "--load", path.name, "--from", str(step), "--keep-hidden",
             "--seat", "human", "--seat", "random"),
            "every seat must be a person",
        ),
    ]:  # fmt: skip
        done = saloon(*args)
        assert done.returncode != 0
        assert message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr


def test_fork_in_the_replay_viewer(saloon: Run, tmp_path: Path) -> None:
    path, step = write_source("shootout", tmp_path)
    done = saloon("replay", path.name, stdin=f"fork random\n{step}\nfork random random\nq\n")
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "cannot fork here" in said and "has 2 players" in said  # one seat named for two
    assert f"A new game forked from source.json after step {step}" in said
    assert "Game over" in said
    assert f"back to the replay of source.json, step {step}" in said

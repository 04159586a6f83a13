"""Random command lines, with random input typed at the table.

Run in-process with click's test runner (a subprocess per example would be
slow). Every command either works (exit code 0), ends with the end of
input (1), or prints one line ``error: ...`` on stderr with exit code 2;
it never raises.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import event, given
from hypothesis import strategies as st

from saloon.cli.main import main
from saloon.core.dice import RandomDice
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.state import CHANCE
from saloon.games.shootout import solver

from .conftest import GAMES, big_number, fuzz, hostile_text, in_temp_dir, json_values, time_bound

#: Arguments that work, per game: a small variant, seats, a bot.
VALID = {
    "shootout": {
        "options": ["-o", "cards=2,3,4", "-o", "target=5", "-o", "start=9", "-o", "back=10"],
        "seats": [
            ["--seat", "random", "--seat", "random"],
            ["--seat", "human", "--seat", "random"],
        ],
    },
    "d6shooters": {
        "options": ["-o", "episode=2", "-o", "version=shorter"],
        "seats": [["--seat", "random"], ["--seat", "human"]],
    },
}
SPECS = ["random", "heuristic", "solver", "mcts:iterations=5", "robot", "expectimax:depth=99"]


def baseline(game: str, data: st.DataObject) -> list[str]:
    """A command line that works (before it is perturbed)."""
    valid = VALID.get(game, {"options": [], "seats": [["--seat", "random"]]})
    command = data.draw(st.sampled_from(["play", "solve", "rules", "replay", "advise", "simulate"]))
    options = valid["options"]
    if command == "play":
        seats = data.draw(st.sampled_from(valid["seats"]))
        extra = data.draw(
            st.lists(
                st.sampled_from(["--record", "game.json", "--force", "--dice", "manual"]),
                max_size=3,
            )
        )
        return ["play", game, *options, *seats, "--delay", "0", "--seed", "7", *extra]
    if command == "solve":
        return ["solve", game, *options]
    if command == "rules":
        return ["rules", game]
    if command == "replay":
        return [
            "replay",
            "game.json",
            "--step",
            str(data.draw(st.integers(min_value=-3, max_value=200))),
        ]
    if command == "advise":
        return ["advise", game, "game.json"]
    return [
        "simulate",
        game,
        *options,
        "--agent",
        "random",
        "--games",
        "2",
        "--no-db",
        "--no-progress",
    ]


def perturbed(data: st.DataObject) -> list[str]:
    """A working command line with up to two of its words replaced or added."""
    args = baseline(data.draw(st.sampled_from(GAMES)), data)
    for _ in range(data.draw(st.integers(min_value=0, max_value=2))):
        hostile = st.one_of(
            hostile_text(15),
            big_number(),
            st.sampled_from(
                [*SPECS, "--seat", "--seed", "-o", "--games", "--force", "--record", "-1", "nan"]
            ),
        )
        i = data.draw(st.integers(min_value=0, max_value=len(args)))
        if data.draw(st.booleans()) and i < len(args):
            args[i] = data.draw(hostile)
        else:
            args.insert(i, data.draw(hostile))
    return [a.replace("/", "_").replace("\x00", "") for a in args]


def a_record(data: st.DataObject) -> str | None:
    """``game.json`` as the example finds it: missing, a real record, or junk."""
    kind = data.draw(st.sampled_from(["none", "real", "junk"]))
    if kind == "none":
        return None
    if kind == "junk":
        return json.dumps(data.draw(json_values(8)))
    game = get_game(data.draw(st.sampled_from(GAMES)))
    state = game.new_state()
    dice = RandomDice(data.draw(st.integers(min_value=0, max_value=100)))
    for _ in range(data.draw(st.integers(min_value=0, max_value=30))):
        if state.is_over:
            break
        state.apply(dice.roll(state) if state.to_move == CHANCE else state.legal_actions()[-1])
    return GameRecord.from_state(state, ["human"] * state.num_players).dumps()


@fuzz(quick=80)
@given(data=st.data())
def test_any_command_line_ends_cleanly(data: st.DataObject) -> None:
    args = perturbed(data)
    typed = data.draw(st.lists(hostile_text(20), max_size=6))
    record = a_record(data)
    runner = CliRunner()
    mp = pytest.MonkeyPatch()
    # Variants that pass the size check here solve in well under a second.
    mp.setattr(solver, "MAX_STATES", 10**8)
    try:
        with in_temp_dir() as folder, time_bound():
            if record is not None:
                Path(folder, "game.json").write_text(
                    str(record), encoding="utf-8", errors="surrogatepass"
                )
            stdin = "\n".join(t.replace("/", "_") for t in typed) + "\n"
            result = runner.invoke(main, args, input=stdin, catch_exceptions=True)
    finally:
        mp.undo()
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    command = (
        args[0]
        if args and args[0] in ("play", "solve", "rules", "replay", "advise", "simulate")
        else "?"
    )
    event(f"{command} exit {result.exit_code}")
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, result.stderr)
        assert len(lines[0]) < 1000, lines[0]

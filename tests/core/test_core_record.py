"""Game records: JSON round trip, replay, and every way a record can be bad."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from saloon.agents import make_agent
from saloon.core import GameRecord, RandomDice, RecordError, get_game, play


def _record(seed: int = 4) -> GameRecord:
    game = get_game("shootout")
    seats = [make_agent("random", game, seed=seed), make_agent("random", game, seed=seed + 1)]
    return play(game, None, seats, RandomDice(seed), seed=seed)


def test_json_round_trip_and_replay() -> None:
    record = _record()
    again = GameRecord.loads(record.dumps())
    assert again == record
    assert again.seed == 4 and again.seats == ["random", "random"]
    data = json.loads(record.dumps())
    assert data["format"] == "saloon-record/1" and data["game"] == "shootout"
    assert data["moves"][0]["by"] == "chance"
    state = again.replay()
    assert state.is_over
    assert state.result().to_dict() == record.result
    assert len(state.history) == len(record.moves)


def test_replay_part_of_a_game() -> None:
    record = _record()
    state = record.replay(steps=5)
    assert len(state.history) == 5
    assert [str(a) for _, a in state.history] == [m for _, m in record.moves[:5]]


def test_save_and_load(tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "saloon-record/1", "moves": [', encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.json: not a JSON file"):
        GameRecord.load(path)
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not a text file"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")


def test_a_foreign_json_file() -> None:
    with pytest.raises(RecordError, match="not a Saloon record"):
        GameRecord.loads('{"name": "my notes", "items": [1, 2]}')
    with pytest.raises(RecordError, match="must be a JSON object"):
        GameRecord.loads("[1, 2, 3]")


def test_a_record_with_a_malformed_field() -> None:
    data = _record().to_json()
    del data["seats"]
    with pytest.raises(RecordError, match="missing or has a malformed field"):
        GameRecord.from_json(data)
    data = _record().to_json()
    data["moves"][2] = {"by": "someone", "move": "colt"}
    with pytest.raises(RecordError, match="move 3 is malformed"):
        GameRecord.from_json(data)


def test_a_record_of_an_unknown_game() -> None:
    data = _record().to_json()
    data["game"] = "tiddlywinks"
    record = GameRecord.from_json(data)
    with pytest.raises(RecordError, match="no game called 'tiddlywinks'"):
        record.replay()


def test_a_record_with_bad_options() -> None:
    data = _record().to_json()
    data["options"]["start"] = 99
    with pytest.raises(RecordError, match="cannot be set up: start=99"):
        GameRecord.from_json(data).replay()


def test_an_illegal_move_at_step_n() -> None:
    record = _record()
    # Step 3 is the first decision (after "first pN" and "card N"): a d20 there is illegal.
    record.moves[2] = (record.moves[2][0], "d20 7")
    with pytest.raises(RecordError, match=r"move 3 \('d20 7'\) cannot be replayed.*legal:"):
        record.replay()
    record = _record()
    record.moves[1] = (record.moves[1][0], "card 99")
    with pytest.raises(RecordError, match=r"move 2 \('card 99'\) cannot be replayed"):
        record.replay()
    record = _record()
    record.moves[2] = (1 - record.moves[2][0], record.moves[2][1])
    with pytest.raises(RecordError, match=r"move 3 .* is by"):
        record.replay()
    record = _record()
    record.moves[2] = (record.moves[2][0], "dance")
    with pytest.raises(RecordError, match=r"move 3 \('dance'\) cannot be replayed: cannot read"):
        record.replay()


def test_a_failing_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    old = _record(1)
    old.save(path)
    before = path.read_text(encoding="utf-8")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space left"):
        _record(2).save(path)
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]

    broken = _record(3)
    broken.result = {"returns": [object()]}  # not JSON-able
    with pytest.raises(TypeError):
        broken.save(path)
    assert path.read_text(encoding="utf-8") == before
    assert GameRecord.load(path) == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- issue 10: every malformed record is one RecordError line ------------------------------


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("options", "variant=veteran", "'options' must be an object"),
        ("options", [1, 2], "'options' must be an object"),
        ("seats", [], "'seats' must be a non-empty list"),
        ("seats", [1, 2], "'seats' must be a non-empty list"),
        ("result", "player 1 won", "'result' must be an object or null"),
        ("seed", "seven", "seed 'seven' is not allowed"),
        ("seed", 7.5, "seed 7.5 is not allowed"),
        ("seed", -1, "seed -1 is not allowed"),
        ("seed", True, "seed True is not allowed"),
        ("num_players", "two", "'num_players' must be a whole number"),
        ("game", 5, "'game' must be a game id"),
        ("moves", 5, "'moves' must be a list"),
    ],
)
def test_a_field_of_the_wrong_type(field: str, value: object, words: str) -> None:
    data = _record().to_json()
    data[field] = value
    with pytest.raises(RecordError, match=words) as info:
        GameRecord.from_json(data).replay()
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("move", [5, [1, 2], None, {"by": 0}, {"move": "colt"}])
def test_a_move_that_is_not_an_object_is_named(move: object) -> None:
    # Before: "'int' object is not subscriptable".
    data = _record().to_json()
    data["moves"][0] = move
    with pytest.raises(RecordError, match="move 1 is malformed"):
        GameRecord.from_json(data)


@pytest.mark.parametrize("by", [True, False, -1, 1.0, "1", None])
def test_who_moved_is_a_player_number_or_chance(by: object) -> None:
    # A JSON true is not player 1 (bool is an int in Python).
    data = _record().to_json()
    data["moves"][2]["by"] = by
    with pytest.raises(RecordError, match="move 3 is malformed"):
        GameRecord.from_json(data)


def test_who_moved_is_told_as_players_count() -> None:
    record = _record()
    record.moves[0] = (0, record.moves[0][1])  # a chance outcome said to be player 1's
    with pytest.raises(RecordError, match=r"move 1 .* is by player 1, but chance is to move"):
        record.replay()
    record = _record()
    by, move = record.moves[2]
    record.moves[2] = (1 - by, move)
    with pytest.raises(
        RecordError, match=rf"is by player {2 - by}, but player {by + 1} is to move"
    ):
        record.replay()


def test_moves_after_the_end_and_more_than_a_game_lasts() -> None:
    record = _record()
    record.moves.append(record.moves[-1])
    with pytest.raises(RecordError, match="comes after the end of the game"):
        record.replay()
    record.moves = record.moves * 1000
    with pytest.raises(RecordError, match="lasts at most"):
        record.replay()


def test_seats_must_match_the_players() -> None:
    record = _record()
    record.seats = ["random"]
    with pytest.raises(RecordError, match="names 1 seats for a game of 2 players"):
        record.replay()


@pytest.mark.parametrize("depth", [40, 1000, 100_000])
def test_json_nested_deeper_than_any_record(depth: int) -> None:
    # 100,000 levels made json.loads raise RecursionError.
    text = '{"format": "saloon-record/1", "options": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(RecordError, match="nested"):
        GameRecord.loads(text)


def test_a_number_of_thousands_of_digits() -> None:
    data = _record().to_json()
    text = json.dumps(data).replace('"seed": 4', '"seed": ' + "9" * 5000)
    with pytest.raises(RecordError, match="not JSON that Saloon can read"):
        GameRecord.loads(text)
    data["moves"][2]["move"] = "d20 " + "9" * 5000
    with pytest.raises(RecordError, match="move 3 is malformed"):
        GameRecord.from_json(data)


@pytest.mark.parametrize("move", ["d20 ²", "d20 ①", "card ٣", "²", "9" * 150])
def test_unicode_digits_and_huge_numbers_in_a_move(move: str) -> None:
    record = _record()
    record.moves[1] = (record.moves[1][0], move)
    with pytest.raises(RecordError, match=r"move 2 .* cannot be replayed"):
        record.replay()


def test_save_without_overwriting(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    _record(1).save(path)
    with pytest.raises(FileExistsError):
        _record(2).save(path, overwrite=False)
    assert GameRecord.load(path) == _record(1)
    fresh = _record(2).save_fresh("saloon-game", tmp_path)
    assert fresh != path and GameRecord.load(fresh) == _record(2)

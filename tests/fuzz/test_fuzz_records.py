"""Random JSON as game records: valid and invalid, deep and wide.

A record either loads and replays, or raises :class:`RecordError` with one
line; a record that loads and replays is a game its own moves lead to.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saloon.agents import make_agent
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.errors import RecordError
from saloon.core.record import GameRecord
from saloon.core.registry import get_game

from .conftest import GAMES, deep_json, fuzz, hostile_text, json_values, time_bound

_VALID: dict[str, dict[str, Any]] = {}


def valid_record(game_id: str) -> dict[str, Any]:
    """A finished game of random bots, as record JSON (made once per game)."""
    if game_id not in _VALID:
        game = get_game(game_id)
        seats = [make_agent("random", game, seed=i) for i in range(game.player_range()[0])]
        record = play(game, game.options(), seats, RandomDice(3), seed=3)
        _VALID[game_id] = record.to_json()
    return json.loads(json.dumps(_VALID[game_id]))


def load_and_replay(text: str) -> None:
    """The property: a clear error or a game that replays."""
    with time_bound():
        try:
            record = GameRecord.loads(text)
            state = record.replay()
        except RecordError as exc:
            message = str(exc)
            assert "\n" not in message and len(message) < 2000, message
            return
    # The game its moves lead to (a move may be written in another accepted
    # form than the canonical one: Shoot Out's "7" for "d20 7").
    parse = state.game.parse_action
    assert [(p, a) for p, a in state.history] == [(p, parse(m)) for p, m in record.moves]


FIELDS = ["format", "game", "options", "seats", "num_players", "seed", "moves", "result"]


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=60)
@given(data=st.data())
def test_mutated_records_replay_or_are_refused(game_id: str, data: st.DataObject) -> None:
    """A real record with fields replaced, removed, or moves changed."""
    record = valid_record(game_id)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3), label="mutations")):
        what = data.draw(st.sampled_from(["field", "drop", "move", "by", "option", "truncate"]))
        if what == "field":
            record[data.draw(st.sampled_from(FIELDS))] = data.draw(json_values())
        elif what == "drop":
            record.pop(data.draw(st.sampled_from(FIELDS)), None)
        elif what == "option" and isinstance(record.get("options"), dict):
            key = data.draw(
                st.one_of(st.sampled_from(sorted(record["options"]) or ["x"]), hostile_text(8))
            )
            record["options"][key] = data.draw(st.one_of(json_values(8), hostile_text()))
        elif what in ("move", "by") and isinstance(record.get("moves"), list) and record["moves"]:
            i = data.draw(st.integers(min_value=0, max_value=len(record["moves"]) - 1))
            move = record["moves"][i]
            if isinstance(move, dict) and what == "move":
                move["move"] = data.draw(st.one_of(hostile_text(), json_values(4)))
            elif isinstance(move, dict):
                move["by"] = data.draw(
                    st.one_of(
                        st.sampled_from([True, False, -1, 0, 1, 2, "chance", 1.0]), json_values(4)
                    )
                )
        elif what == "truncate" and isinstance(record.get("moves"), list):
            del record["moves"][data.draw(st.integers(min_value=0, max_value=10)) :]
    text = json.dumps(record)
    if data.draw(st.booleans(), label="cut the text short"):
        text = text[: data.draw(st.integers(min_value=0, max_value=len(text)))]
    load_and_replay(text)


@fuzz(quick=150)
@given(value=json_values(60))
def test_any_json_value_is_a_record_or_refused(value: Any) -> None:
    load_and_replay(json.dumps(value))
    load_and_replay(
        json.dumps({"format": "saloon-record/1", "game": "shootout", **{"moves": value}})
    )


@fuzz(quick=60)
@given(text=st.one_of(hostile_text(200), deep_json(), st.binary(max_size=200).map(repr)))
def test_any_text_is_a_record_or_refused(text: str) -> None:
    load_and_replay(text)


@fuzz(quick=30)
@given(depth=st.integers(min_value=1, max_value=200_000), field=st.sampled_from(FIELDS))
def test_deep_nesting_in_any_field_is_refused(depth: int, field: str) -> None:
    record = valid_record("shootout")
    record[field] = None
    text = json.dumps(record).replace("null", "[" * depth + "]" * depth, 1)
    load_and_replay(text)


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=5)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_real_records_round_trip(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    seats = [
        make_agent("random", game, seed=seed % 1000 + i) for i in range(game.player_range()[0])
    ]
    record = play(game, game.options(), seats, RandomDice(seed), seed=seed)
    again = GameRecord.loads(record.dumps())
    assert again == record
    assert again.replay().key() == record.replay().key()

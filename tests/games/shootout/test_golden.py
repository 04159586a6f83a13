"""Golden playthrough: one seeded standard game, transcribed and checked in.

Two random players (each a seeded ``numpy`` Generator picking uniformly
among the legal actions; deliberately not ``saloon.agents``, whose
behaviour may change) play a standard game against ``RandomDice(7)``. The
transcript (each step in notation, who took it, the log sentences it
produced, and the final result) must match ``golden/standard-seed-7.txt``
exactly, and the record ``golden/standard-seed-7.json`` must replay to the
same final state.

A change in the rules, the notation, the log sentences or the order of
``legal_actions()`` shows up here as a diff. When such a change is meant,
regenerate both files on purpose and review the diff before committing::

    SALOON_REGENERATE_GOLDEN=1 pytest tests/games/shootout/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from saloon.core import CHANCE, GameRecord, RandomDice, get_game
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import ShootOutState

GAME = get_game("shootout")
SEED = 7
HERE = Path(__file__).parent / "golden"
TRANSCRIPT = HERE / f"standard-seed-{SEED}.txt"
RECORD = HERE / f"standard-seed-{SEED}.json"
SEATS = [f"uniform-random seed {SEED}/1", f"uniform-random seed {SEED}/2"]
REGENERATE = os.environ.get("SALOON_REGENERATE_GOLDEN") == "1"


def play_seeded(seed: int) -> tuple[ShootOutState, str]:
    """Play the seeded game; return the final state and its transcript."""
    state = GAME.new_state(ShootOutOptions())
    assert isinstance(state, ShootOutState)
    dice = RandomDice(seed)
    players = [np.random.default_rng([seed, 1]), np.random.default_rng([seed, 2])]
    lines = [f"Shoot Out, standard rules, dice seed {seed}, two uniform random players", ""]
    seen = 0
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if mover == CHANCE:
            action = dice.roll(state)
        else:
            actions = state.legal_actions()
            action = actions[int(players[mover].integers(len(actions)))]
        state.apply(action)
        who = "chance" if mover == CHANCE else f"p{mover + 1}"
        lines.append(f"{len(state.history):4d}  {who:<6}  {action}")
        lines.extend(f"            | {event.text}" for event in state.log[seen:])
        seen = len(state.log)
    result = state.result()
    lines += [
        "",
        f"ending: {result.text}",
        f"winner: p{result.winners[0] + 1}",
        f"returns: {list(result.returns)}",
        f"cards won: p1 {state.won[0]}, p2 {state.won[1]}",
        f"scores: {list(result.scores)}",
        f"ended by: {result.category}",
        f"duels: {result.details['duels']}",
        f"bullets left (black, red): p1 {state.black[0]}, {state.red[0]};"
        f" p2 {state.black[1]}, {state.red[1]}",
        f"steps: {len(state.history)}",
    ]
    return state, "\n".join(lines) + "\n"


def test_golden_transcript() -> None:
    """The seeded game's transcript equals the checked-in one, line for line."""
    _, text = play_seeded(SEED)
    if REGENERATE:
        HERE.mkdir(exist_ok=True)
        TRANSCRIPT.write_text(text, encoding="utf-8")
    expected = TRANSCRIPT.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()


def test_golden_record_replays_to_the_same_final_state() -> None:
    """The checked-in record holds the same steps and replays to the same
    final state, log and result as a fresh run."""
    state, _ = play_seeded(SEED)
    if REGENERATE:
        HERE.mkdir(exist_ok=True)
        GameRecord.from_state(state, SEATS, SEED).save(RECORD)
    record = GameRecord.load(RECORD)
    assert record.game == "shootout"
    assert record.seed == SEED
    assert record.moves == [(p, str(a)) for p, a in state.history]
    replayed = record.replay()
    assert isinstance(replayed, ShootOutState)
    assert replayed.is_over
    assert replayed.key() == state.key()
    assert replayed.won == state.won
    assert [e.text for e in replayed.log] == [e.text for e in state.log]
    assert replayed.result().to_dict() == record.result == state.result().to_dict()


def test_the_golden_game_is_not_trivial() -> None:
    """Uniform players retreat often, so their games are short; this one
    still shows several duels, hits (one pushing a pawn against space 20),
    a miss ending a turn, and retreats."""
    state, text = play_seeded(SEED)
    kinds = {event.kind for event in state.log}
    assert {"first", "card", "hit", "miss", "move", "retreat", "duel", "game"} <= kinds
    assert state.duel >= 3
    assert "pushed back from space" in text and "to 20." in text


@pytest.mark.parametrize("seed", [SEED, SEED + 1])
def test_seeded_play_is_deterministic(seed: int) -> None:
    """The same seeds give the same game (a golden file is only useful if so)."""
    assert play_seeded(seed)[1] == play_seeded(seed)[1]

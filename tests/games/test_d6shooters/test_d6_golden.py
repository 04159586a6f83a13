"""Golden playthroughs: one seeded game of each episode, transcribed and checked in.

A uniform random player (a seeded ``numpy`` Generator choosing among the
legal actions; deliberately not ``saloon.agents``, whose play may change)
plays the Easier Version of each episode against ``RandomDice(seed)``. The
seeds were chosen for games that pass through Events, a Town with Poker or
purchases, Heat, the Gang and a Shootout. The transcript (each step in
notation with the player's words for it, and the log sentences it produced,
then the result) must match ``golden/`` exactly, and the checked-in record
must replay to the same final state.

A change in the rules, the notation, the menu words, the log sentences or
the order of ``legal_actions()`` shows up here as a diff. When such a change
is meant, regenerate the files on purpose and review the diff::

    SALOON_REGENERATE_GOLDEN=1 pytest tests/games/test_d6shooters/test_d6_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from saloon.core import CHANCE, GameRecord, RandomDice, get_game
from saloon.games.d6shooters.rules import D6State

GAME = get_game("d6shooters")
HERE = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("SALOON_REGENERATE_GOLDEN") == "1"
#: (episode, dice seed): games that visit most of the rulebook.
GAMES = [(1, 49), (2, 117)]


def play_seeded(episode: int, seed: int) -> tuple[D6State, str]:
    """Play the seeded game; return the final state and its transcript."""
    options = GAME.parse_options([f"episode={episode}", "version=easier"])
    state = GAME.new_state(options)
    assert isinstance(state, D6State)
    dice = RandomDice(seed)
    player = np.random.default_rng([seed, 1])
    lines = [
        f"The d6 Shooters, episode {episode}, Easier Version, dice seed {seed}, "
        "a uniform random player",
        "",
    ]
    seen = 0
    while not state.is_over:
        if state.to_move == CHANCE:
            action = dice.roll(state)
            lines.append(f"{len(state.history) + 1:4d}  chance  {action}")
        else:
            legal = state.legal_actions()
            action = legal[int(player.integers(len(legal)))]
            words = state.describe_action(action)
            lines.append(f"{len(state.history) + 1:4d}  p1      {action}  ({words})")
        state.apply(action)
        lines.extend(f"            | {event.text}" for event in state.log[seen:])
        seen = len(state.log)
    result = state.result()
    lines += [
        "",
        f"ending: {result.text}",
        f"won: {bool(result.winners)}",
        f"ended by: {result.category}",
        f"score: {list(result.scores)}",
        f"steps: {len(state.history)}",
    ]
    return state, "\n".join(lines) + "\n"


def paths(episode: int, seed: int) -> tuple[Path, Path]:
    stem = HERE / f"ep{episode}-easier-seed-{seed}"
    return stem.with_suffix(".txt"), stem.with_suffix(".json")


@pytest.mark.parametrize(("episode", "seed"), GAMES)
def test_golden_transcript(episode: int, seed: int) -> None:
    """The seeded game's transcript equals the checked-in one, line for line."""
    _, text = play_seeded(episode, seed)
    transcript, _ = paths(episode, seed)
    if REGENERATE:
        HERE.mkdir(exist_ok=True)
        transcript.write_text(text, encoding="utf-8")
    assert text.splitlines() == transcript.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize(("episode", "seed"), GAMES)
def test_golden_record_replays_to_the_same_final_state(episode: int, seed: int) -> None:
    """The checked-in record holds the same steps and replays to the same
    final state, log and result as a fresh run."""
    state, _ = play_seeded(episode, seed)
    _, path = paths(episode, seed)
    if REGENERATE:
        HERE.mkdir(exist_ok=True)
        GameRecord.from_state(state, [f"uniform-random seed {seed}/1"], seed).save(
            path, overwrite=True
        )
    record = GameRecord.load(path)
    assert record.moves == [(p, str(a)) for p, a in state.history]
    replayed = record.replay()
    assert replayed.is_over and replayed.key() == state.key()
    assert [e.text for e in replayed.log] == [e.text for e in state.log]
    assert replayed.result().to_dict() == record.result == state.result().to_dict()


@pytest.mark.parametrize(("episode", "seed"), GAMES)
def test_the_golden_games_visit_most_of_the_rulebook(episode: int, seed: int) -> None:
    state, _ = play_seeded(episode, seed)
    kinds = {event.kind for event in state.log}
    assert {"day", "keep", "dice", "fours", "heat", "gang", "shootout", "event", "town"} <= kinds
    assert state.journey.day >= 10

"""The ``policy`` agent: a trained table of action values, read from Saloon's
policy file (:mod:`saloon.agents.policy`), played as any other agent."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.agents.policy import (
    FORMAT,
    PolicyAgent,
    PolicyFileError,
    load_policy,
    save_policy,
)
from saloon.core.dice import RandomDice
from saloon.core.errors import OptionError, SaloonError
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State

GAME = get_game("shootout")
SHORT = GAME.variants()["short-street"]
ENC = GAME.encoding(SHORT, 2)
WIDTH = ENC.observation_shape[0]


def decision_states(count: int, seed: int = 0) -> list[State]:
    """``count`` decision states of the short street, from random games."""
    rng = np.random.default_rng(seed)
    dice = RandomDice(seed)
    states: list[State] = []
    while len(states) < count:
        state = GAME.new_state(SHORT)
        while not state.is_over and len(states) < count:
            if state.to_move == CHANCE:
                state.apply(dice.roll(state))
                continue
            states.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return states


def table(states: list[State], seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Each state's observation (by the seat to move), once, and values for
    it: small whole numbers, so that ties happen."""
    rows: dict[bytes, np.ndarray] = {}
    for s in states:
        assert s.to_move is not None
        obs = ENC.observation(s, s.to_move)
        rows.setdefault(obs.tobytes(), obs)
    obs = np.stack(list(rows.values()))
    values = np.random.default_rng(seed).integers(0, 4, (len(obs), ENC.num_actions))
    return obs, values.astype(np.float32)


@pytest.fixture
def policy_file(tmp_path: Path) -> tuple[Path, list[State], np.ndarray, np.ndarray]:
    states = decision_states(60)
    obs, values = table(states)
    path = tmp_path / "short.npz"
    save_policy(path, GAME, SHORT, 2, obs, values)
    return path, states, obs, values


# -- round trip -----------------------------------------------------------------------------


def test_a_saved_policy_plays_its_best_legal_id(
    policy_file: tuple[Path, list[State], np.ndarray, np.ndarray],
) -> None:
    path, states, obs, values = policy_file
    rows = {o.tobytes(): i for i, o in enumerate(obs)}
    agent = make_agent(f"policy:file={path}", GAME, seed=3, options=SHORT)
    assert isinstance(agent, PolicyAgent) and agent.name == f"policy:file={path}"
    for state in states:
        assert state.to_move is not None
        row = values[rows[ENC.observation(state, state.to_move).tobytes()]]
        legal = ENC.legal_ids(state)
        chosen = agent.choose(state.clone())
        assert chosen in state.legal_actions()
        assert row[ENC.action_id(state, chosen)] == max(row[i] for i in legal)
    assert (agent.decisions, agent.unseen) == (len(states), 0)


def test_ties_are_broken_by_the_seed(tmp_path: Path) -> None:
    state = decision_states(1)[0]
    assert state.to_move is not None
    legal = ENC.legal_ids(state)
    assert len(legal) >= 2
    values = np.full((1, ENC.num_actions), -1.0, np.float32)
    values[0, legal[:2]] = 5.0  # two legal ids tie for the best
    path = tmp_path / "tie.npz"
    save_policy(path, GAME, SHORT, 2, ENC.observation(state, state.to_move)[None], values)

    def pick(seed: int) -> int:
        return ENC.action_id(state, make_agent(f"policy:file={path}", GAME, seed).choose(state))

    assert [pick(9)] * 3 == [pick(9) for _ in range(3)]
    assert {pick(seed) for seed in range(20)} == set(legal[:2])


def test_an_unseen_observation_is_played_by_the_fallback(
    policy_file: tuple[Path, list[State], np.ndarray, np.ndarray],
) -> None:
    path, states, _, _ = policy_file
    fresh = [s for s in decision_states(400, seed=5) if s.to_move is not None]
    known = {ENC.observation(s, s.to_move).tobytes() for s in states if s.to_move is not None}
    unseen = [s for s in fresh if ENC.observation(s, s.to_move).tobytes() not in known]
    assert len(unseen) >= 20
    # by default, uniformly random legal play (the random agent)
    agent = make_agent(f"policy:file={path}", GAME, seed=2)
    assert isinstance(agent, PolicyAgent)
    picks = {str(agent.choose(s)) for s in unseen}
    assert len(picks) >= 3 and agent.unseen == agent.decisions == len(unseen)
    # or the agent it names: here the exact solver, whose best it plays
    solver = make_agent(f"policy:file={path},fallback=solver", GAME, seed=2, options=SHORT)
    for s in unseen[:20]:
        best = {str(a) for a, v in GAME.advise(s) if v >= GAME.advise(s)[0][1] - 1e-12}
        assert str(solver.choose(s)) in best


def test_the_file_is_read_once_per_process_until_it_changes(
    policy_file: tuple[Path, list[State], np.ndarray, np.ndarray],
) -> None:
    path, _, obs, values = policy_file
    first = load_policy(path)
    assert load_policy(str(path)) is first
    a = make_agent(f"policy:file={path}", GAME, seed=1)
    assert isinstance(a, PolicyAgent) and a.policy is first
    save_policy(path, GAME, SHORT, 2, obs[:5], values[:5])
    assert len(load_policy(path)) == 5


def test_minus_zero_and_plus_zero_are_one_observation(tmp_path: Path) -> None:
    state = decision_states(1)[0]
    assert state.to_move is not None
    obs = ENC.observation(state, state.to_move)
    negative = np.where(obs == 0, np.float32(-0.0), obs)[None]
    path = tmp_path / "zero.npz"
    save_policy(path, GAME, SHORT, 2, negative, np.ones((1, ENC.num_actions), np.float32))
    assert load_policy(path).row(obs) == 0


# -- bad specs and bad files: one line each, naming the file and the problem ----------------------


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("policy", "needs the file it plays: policy:file=PATH"),
        ("policy:file=", "parameter 'file' in 'policy:file=' has no value"),
        ("policy:path=x.npz", "no parameter 'path' (parameters: file, fallback)"),
        ("policy:file=FILE,fallback=policy", "fallback='policy' must be an agent of shootout"),
        ("policy:file=FILE,fallback=robot", "other than policy: random, mcts, expectimax"),
        ("mcts:rollout=policy", "rollout='policy' must be an agent of shootout other than"),
    ],
)
def test_bad_policy_specs_are_named(
    spec: str, words: str, policy_file: tuple[Path, list[State], np.ndarray, np.ndarray]
) -> None:
    with pytest.raises(OptionError) as info:
        make_agent(spec.replace("FILE", str(policy_file[0])), GAME)
    assert words in str(info.value) and "\n" not in str(info.value)


def _arrays(**changes: Any) -> dict[str, Any]:
    obs, values = table(decision_states(8))
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "game": np.array("shootout"),
        "options": np.array(json.dumps(SHORT.to_dict())),
        "players": np.array(2),
        "observations": obs,
        "values": values,
    }
    arrays.update(changes)
    return {k: v for k, v in arrays.items() if v is not None}


def _npz(**changes: Any) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with open(path, "wb") as out:
            np.savez(out, **_arrays(**changes))

    return write


def _truncated(path: Path) -> None:
    _npz()(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _garbled(path: Path) -> None:
    _npz()(path)
    data = bytearray(path.read_bytes())
    data[200:260] = b"\x00" * 60  # inside the first array: its CRC no longer matches
    path.write_bytes(bytes(data))


def _duplicated(path: Path) -> None:
    obs, values = table(decision_states(8))
    _npz(observations=np.vstack([obs, obs[:1]]), values=np.vstack([values, values[:1]]))(path)


BAD_FILES: list[tuple[str, Callable[[Path], None], str]] = [
    ("missing", lambda p: None, "no such file"),
    ("a directory", lambda p: p.mkdir(), "is a directory"),
    ("text", lambda p: p.write_text("retreat, move\n"), "not an .npz archive"),
    ("truncated", _truncated, "not an .npz archive"),
    ("garbled", _garbled, "is corrupt"),
    ("no values", _npz(values=None), "lacks values (a policy file holds format, game"),
    ("another format", _npz(format=np.array("pickle/9")), "in format 'pickle/9'"),
    ("unknown game", _npz(game=np.array("poker")), "a game Saloon does not know: 'poker'"),
    ("game not text", _npz(game=np.array([1, 2])), "'game' must be one string"),
    ("options not JSON", _npz(options=np.array("{target")), "its options are not JSON: '{target'"),
    ("options a list", _npz(options=np.array("[1]")), "its options are not a JSON object"),
    ("bad options", _npz(options=np.array('{"start": 99}')), "refuses (start=99 must lie"),
    ("players", _npz(players=np.array(3)), "is for 3 players; shootout takes 2"),
    ("narrow rows", _npz(observations=np.zeros((8, 40), np.float32)), "shape (8, 40); it must"),
    ("values of 3", _npz(values=np.zeros((8, 3), np.float32)), "'values' has shape (8, 3)"),
    ("row counts", _npz(values=np.zeros((7, 4), np.float32)), "8 observation rows but 7 value"),
    ("text rows", _npz(values=np.full((8, 4), "x")), "'values' must hold numbers, not text"),
    ("nan", _npz(values=np.full((8, 4), np.nan, np.float32)), "a value that is NaN"),
    ("inexact", _npz(observations=np.full((8, WIDTH), 0.1)), "not exact as float32"),
    ("twice", _duplicated, "holds the same observation twice (rows 0 and 8)"),
    ("pickled", _npz(values=np.array([None] * 4, dtype=object)), "pickled Python objects"),
]


@pytest.mark.parametrize(
    ("make", "words"), [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES]
)
def test_each_bad_file_gets_one_clear_message(
    tmp_path: Path, make: Callable[[Path], None], words: str
) -> None:
    path = tmp_path / "bad.npz"
    make(path)
    with pytest.raises(PolicyFileError) as info:
        make_agent(f"policy:file={path}", GAME, seed=0, options=SHORT)
    message = str(info.value)
    assert isinstance(info.value, SaloonError) and isinstance(info.value, ValueError)
    assert message.startswith(f"policy file {path}") and "\n" not in message
    assert words in message, message


def test_a_policy_for_another_game_or_variant_is_refused_when_seated(
    policy_file: tuple[Path, list[State], np.ndarray, np.ndarray],
) -> None:
    path = policy_file[0]
    with pytest.raises(PolicyFileError, match=r"is for shootout, not d6shooters"):
        make_agent(f"policy:file={path}", get_game("d6shooters"))
    with pytest.raises(PolicyFileError) as info:
        make_agent(f"policy:file={path}", GAME, options=GAME.options())
    assert str(info.value) == (
        f"policy file {path} was trained on shootout ({SHORT.describe()}), not (default)"
    )
    agent = make_agent(f"policy:file={path}", GAME)
    with pytest.raises(PolicyFileError, match="not this game"):
        state = GAME.new_state()
        state.apply(GAME.parse_action("first p1"))
        state.apply(GAME.parse_action("card 2"))
        agent.choose(state)


def test_a_file_too_big_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.npz"
    _npz()(path)
    monkeypatch.setattr("saloon.agents.policy.MAX_POLICY_BYTES", 1000)
    with pytest.raises(PolicyFileError, match=r"is too big: [\d,]+ bytes unpacked"):
        load_policy(path)
    with zipfile.ZipFile(path) as z:  # the file itself is untouched
        assert len(z.namelist()) == 6


# -- the arena, from the command line ------------------------------------------------------------


def saloon(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("saloon")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "saloon.cli.main"]
    return subprocess.run(
        [*command, *args], capture_output=True, text=True, cwd=cwd, timeout=60,
        env={"NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "120", "PATH": ""},
    )  # fmt: skip


def test_saloon_arena_plays_a_saved_policy(
    policy_file: tuple[Path, list[State], np.ndarray, np.ndarray],
) -> None:
    path = policy_file[0]
    arena = ["arena", "shootout", "-o", "variant=short-street", "--no-db", "--no-progress"]
    spec = f"policy:file={path.name}"  # a path relative to where saloon runs
    pair = ["--agent", spec, "--agent", "random"]
    done = saloon(*arena, *pair, "-n", "6", "--json", cwd=path.parent)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["agents"] == [spec, "random"] and result["pairings"][0]["games"] == 6
    other = saloon("arena", "shootout", *pair, cwd=path.parent)
    assert other.returncode == 2 and other.stderr.strip() == (
        f"error: policy file {path.name} was trained on shootout "
        f"({SHORT.describe()}), not (default)"
    )
    gone = saloon(*arena, "--agent", "policy:file=gone.npz", "--agent", "random", cwd=path.parent)
    assert gone.returncode == 2
    assert gone.stderr.strip() == "error: policy file gone.npz: no such file"

"""The exact solver against a plain expectiminimax over the rules (DESIGN: hot
kernels are checked against the reference rules on small variants).

The reference below knows nothing of duels, contexts or tables: it walks the
``State`` contract (``clone``, ``legal_actions``, ``chance_outcomes``,
``apply_unchecked``, ``key``), maximising player 1's win probability at his
decisions, minimising it at player 2's, averaging at chance nodes
(RULINGS, Shoot Out 6 and 9).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from saloon.core.errors import OptionError
from saloon.core.state import State
from saloon.games.shootout import GAME
from saloon.games.shootout import solver as solver_module
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import (
    COLT,
    MOVE,
    WINCHESTER,
    Card,
    FirstPlayer,
    Phase,
    ShootOutState,
)
from saloon.games.shootout.solver import Solution, cache_key, is_cached, solve

#: Small variants, each exercising some option; solved by both methods.
VARIANTS: dict[str, ShootOutOptions] = {
    "short": ShootOutOptions(cards=(1, 2, 3), target=3, start=7, back=8, black=2, red=1),
    # Duplicate card values (the deck is a multiset), odd bonus, pushback
    # and reload values, and a reload line beyond the start space.
    "duplicates": ShootOutOptions(
        cards=(1, 2, 2),
        target=3,
        start=6,
        back=8,
        black=2,
        red=1,
        bonus=5,
        pushback=2,
        reload=1,
        reload_from=7,
    ),
    # No push-back at all, a reload bigger than the magazine, always paid.
    "no-push": ShootOutOptions(
        cards=(2, 3),
        target=3,
        front=3,
        start=5,
        back=6,
        black=1,
        red=1,
        bonus=0,
        pushback=0,
        reload=3,
        reload_from=1,
    ),
    # No Winchester; a push-back longer than the street (capped at the back).
    "colts-only": ShootOutOptions(
        cards=(1, 1, 2), target=2, start=7, back=8, black=3, red=0, pushback=9
    ),
    # A street close to the centre: every Winchester shot hits; no reload.
    "near": ShootOutOptions(
        cards=(1, 2, 3), target=3, front=1, start=3, back=4, black=1, red=2, reload=0
    ),
}


@pytest.fixture(autouse=True)
def _cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never write solutions to the user's cache from tests."""
    monkeypatch.setenv("SALOON_CACHE", str(tmp_path_factory.getbasetemp() / "saloon-cache"))


def reference(options: ShootOutOptions) -> Callable[[State], float]:
    """Player 1's win probability by memoized expectiminimax over the rules."""
    memo: dict[object, float] = {}

    def value(state: State) -> float:
        assert isinstance(state, ShootOutState)
        if state.is_over:
            return 1.0 if state.winner() == 0 else 0.0
        key = state.key()
        found = memo.get(key)
        if found is not None:
            return found
        if state.is_chance:
            total = 0.0
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply_unchecked(outcome)
                total += p * value(child)
        else:
            values = []
            for action in state.legal_actions():
                child = state.clone()
                child.apply_unchecked(action)
                values.append(value(child))
            total = max(values) if state.to_move == 0 else min(values)
        memo[key] = total
        return total

    def run(state: State) -> float:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))
        try:
            return value(state)
        finally:
            sys.setrecursionlimit(limit)

    return run


def random_states(options: ShootOutOptions, games: int, seed: int) -> Iterator[ShootOutState]:
    """Every state of ``games`` random playouts (chance nodes included)."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        state = GAME.new_state(options)
        assert isinstance(state, ShootOutState)
        while True:
            yield state
            if state.is_over:
                break
            if state.is_chance:
                step = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                step = legal[int(rng.integers(len(legal)))]
            state = state.clone()
            state.apply_unchecked(step)


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def solved(request: pytest.FixtureRequest) -> tuple[ShootOutOptions, Solution]:
    options = VARIANTS[request.param]
    return options, solve(options, cache=False)


def test_agrees_with_reference_everywhere(solved: tuple[ShootOutOptions, Solution]) -> None:
    options, solution = solved
    ref = reference(options)
    start = GAME.new_state(options)
    assert solution.win_probability(start, 0) == pytest.approx(ref(start), abs=1e-12)
    seen = 0
    for state in random_states(options, games=40, seed=3):
        want = ref(state)
        assert solution.win_probability(state, 0) == pytest.approx(want, abs=1e-12), state.key()
        assert solution.win_probability(state, 1) == pytest.approx(1 - want, abs=1e-12)
        if state.to_move is not None and state.to_move >= 0:
            mover = state.to_move
            for action, v in solution.action_values(state):
                child = state.clone()
                child.apply_unchecked(action)
                p1 = ref(child)
                assert v == pytest.approx(p1 if mover == 0 else 1 - p1, abs=1e-12)
        seen += 1
    assert seen > 200


def test_first_player_win_is_the_start_of_the_first_duel(
    solved: tuple[ShootOutOptions, Solution],
) -> None:
    options, solution = solved
    ref = reference(options)
    state = GAME.new_state(options)
    state.apply(FirstPlayer(0))
    assert solution.first_player_win == pytest.approx(ref(state), abs=1e-12)
    assert solution.win_probability(state, 0) == pytest.approx(solution.first_player_win)
    # Ruling 6: a fair coin picks the first player, so the game is fair.
    assert solution.win_probability(GAME.new_state(options), 0) == pytest.approx(0.5)


def test_values_are_probabilities_and_complementary(
    solved: tuple[ShootOutOptions, Solution],
) -> None:
    options, solution = solved
    for state in random_states(options, games=20, seed=11):
        p0 = solution.win_probability(state, 0)
        p1 = solution.win_probability(state, 1)
        assert 0.0 <= p0 <= 1.0
        assert p0 + p1 == pytest.approx(1.0, abs=1e-12)
        if state.is_over:
            assert {p0, p1} == {0.0, 1.0}


def swapped(state: ShootOutState) -> ShootOutState:
    """The same situation with the players' seats exchanged."""
    other = state.clone()
    other.turn = 1 - state.turn
    other.pos = state.pos[::-1]
    other.black = state.black[::-1]
    other.red = state.red[::-1]
    other.won = [state.won[1][:], state.won[0][:]]
    return other


def test_player_swap_symmetry(solved: tuple[ShootOutOptions, Solution]) -> None:
    options, solution = solved
    for state in random_states(options, games=20, seed=5):
        if state.phase in (Phase.FIRST, Phase.OVER):
            continue
        assert solution.win_probability(swapped(state), 1) == pytest.approx(
            solution.win_probability(state, 0), abs=1e-12
        )


def test_best_actions_are_legal_and_optimal(solved: tuple[ShootOutOptions, Solution]) -> None:
    options, solution = solved
    for state in random_states(options, games=10, seed=8):
        if state.phase not in (Phase.TURN, Phase.AFTER_HIT):
            continue
        values = solution.action_values(state)
        assert [a for a, _ in values] != [] and {a for a, _ in values} == set(state.legal_actions())
        assert all(x[1] >= y[1] for x, y in itertools.pairwise(values))
        best = solution.best_actions(state)
        assert best[0] == values[0][0]
        assert all(v >= values[0][1] - 1e-12 for a, v in values if a in best)
        mover = state.to_move
        assert mover is not None
        assert values[0][1] == pytest.approx(solution.win_probability(state, mover), abs=1e-12)


def duel_state(
    options: ShootOutOptions, card: int, won: tuple[list[int], list[int]]
) -> ShootOutState:
    state = GAME.new_state(options)
    assert isinstance(state, ShootOutState)
    state.apply(FirstPlayer(0))
    state.apply(Card(card))
    state.won = [list(won[0]), list(won[1])]
    deck = list(state.deck)
    for c in won[0] + won[1]:
        deck.remove(c)
    state.deck = tuple(deck)
    return state


def test_one_move_from_winning_the_game() -> None:
    """Ruling 1 and 7: on the front space, a move wins the duel, and this card
    wins the game. Player 2 at the back with no bullets cannot stop it."""
    options = VARIANTS["short"]
    solution = solve(options)
    state = duel_state(options, 3, ([], []))
    state.pos = [options.front, options.back]
    state.black, state.red = [0, 0], [0, 0]
    assert solution.win_probability(state, 0) == 1.0
    assert solution.best_actions(state) == [MOVE]
    # Also at the start of player 2's turn: he can only move or give up.
    state.turn = 1
    assert solution.win_probability(state, 0) == 1.0
    # With a bullet, player 2 may hit and push player 1 back: not sure any more.
    state.black = [0, 1]
    assert 0.0 < solution.win_probability(state, 0) < 1.0


def test_shots_that_cannot_miss_or_cannot_hit() -> None:
    """Ruling 3: from space 1 a Winchester (+3) always hits; a Colt on space
    20 hits only on a 20."""
    options = VARIANTS["near"]
    solution = solve(options)
    state = duel_state(options, 3, ([], []))
    state.pos = [2, 1]
    assert state.hit_chance(0, "winchester") == 1.0
    values = dict(solution.action_values(state))
    # A sure hit pushes player 2 back, and player 1 then moves on: the
    # Winchester is at least as good as moving at once.
    assert values[WINCHESTER] >= values[MOVE] - 1e-12
    assert COLT in values


def test_duplicate_cards_weights() -> None:
    """Ruling 6: the card is drawn among the cards left, duplicates counting."""
    options = VARIANTS["duplicates"]
    solution = solve(options)
    state = GAME.new_state(options)
    state.apply(FirstPlayer(1))
    by_card = {}
    for outcome, p in state.chance_outcomes():
        child = state.clone()
        child.apply(outcome)
        by_card[outcome] = (p, solution.win_probability(child, 1))
    assert sorted(p for p, _ in by_card.values()) == pytest.approx([1 / 3, 2 / 3])
    mean = sum(p * v for p, v in by_card.values())
    assert solution.win_probability(state, 1) == pytest.approx(mean, abs=1e-12)


def test_disk_cache_round_trip() -> None:
    options = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=1)
    solver_module._MEMORY.pop(cache_key(options), None)
    first = solve(options)
    assert not first.cached
    assert is_cached(options)
    assert solve(options) is first  # memory
    solver_module._MEMORY.pop(cache_key(options), None)
    again = solve(options)  # disk
    assert again.cached
    assert again.first_player_win == first.first_player_win
    assert again.states == first.states
    for state in random_states(options, games=5, seed=1):
        assert again.win_probability(state, 0) == first.win_probability(state, 0)


def test_cache_key_depends_on_every_option() -> None:
    base = ShootOutOptions()
    keys = {cache_key(base)}
    for change in (
        {"cards": (2, 3, 4, 5, 6, 8)}, {"target": 13}, {"start": 16}, {"back": 19},
        {"front": 4}, {"black": 11}, {"red": 5}, {"bonus": 2}, {"pushback": 2},
        {"reload": 1}, {"reload_from": 7},
    ):  # fmt: skip
        keys.add(cache_key(ShootOutOptions(**change)))  # type: ignore[arg-type]
    assert len(keys) == 12


def test_refuses_variants_too_big_to_solve() -> None:
    with pytest.raises(ValueError, match="GiB"):
        solve(ShootOutOptions(black=40, red=20, back=30), cache=False)


def test_refuses_another_variants_state() -> None:
    solution = solve(VARIANTS["short"])
    with pytest.raises(ValueError, match="solution is for"):
        solution.win_probability(GAME.new_state(VARIANTS["near"]))


def test_game_hooks() -> None:
    options = VARIANTS["colts-only"]
    summary = GAME.solve(options)
    assert summary is not None
    assert summary["options"] == options.to_dict()
    assert 0.0 < summary["first_player_win"] < 1.0
    assert summary["states"] > 0 and summary["seconds"] >= 0
    assert GAME.solve(options)["cached"] is True  # type: ignore[index]
    state = duel_state(options, 2, ([], []))
    advice = GAME.advise(state)
    assert advice is not None
    assert [a for a, _ in advice] == [a for a, _ in solve(options).action_values(state)]
    state.apply(MOVE)
    assert GAME.advise(GAME.new_state(options)) == []


def test_summary_repr() -> None:
    solution = solve(VARIANTS["short"])
    assert "first player wins" in repr(solution)
    assert solution.states > 0
    assert sum(1 for _ in solution.contexts) > 1
    table = solution.start_values((1, 2, 3), 0, 0)
    assert table.shape == (3 * 2, 3 * 2)
    with pytest.raises(ValueError):
        table[0, 0] = 1.0


# -- issue 10: sizes checked before anything is built; a cache that is verified -----------


@pytest.mark.parametrize(
    "options",
    [
        ShootOutOptions(black=40, red=20, back=60),
        ShootOutOptions(black=99, red=99, back=99, start=99),
        ShootOutOptions(cards=tuple(range(1, 11)), target=28),
        ShootOutOptions(cards=tuple(range(1, 31)), target=233),
    ],
    ids=["bullets-and-spaces", "everything-at-its-limit", "ten-cards", "thirty-cards"],
)
def test_too_big_to_solve_is_refused_before_anything_is_built(
    options: ShootOutOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    def built(*args: object, **kwargs: object) -> None:
        raise AssertionError("something was built before the size check")

    monkeypatch.setattr(solver_module._Layout, "of", built)
    monkeypatch.setattr(solver_module, "_contexts", built)
    for cache in (True, False):
        with pytest.raises(OptionError, match="too big to solve exactly") as info:
            solve(options, cache=cache)
        assert "\n" not in str(info.value)


def test_the_size_bounds_cover_what_is_solved() -> None:
    """The arithmetic bounds are bounds: never below what a solve really holds."""
    for options in VARIANTS.values():
        size = solver_module.solve_size(options)
        contexts = solver_module._contexts(options)
        assert size.contexts >= len(contexts)
        assert size.states >= solve(options).states


@pytest.mark.parametrize(
    ("pairs", "words"),
    [
        (["black=10000000", "red=100"], "option 'black' must be from 0 to 99"),
        (["back=1000000000", "start=1000000000"], "option 'start' must be from 1 to 99"),
        ([f"cards={','.join(str(2**i) for i in range(30))}", "target=600000000"], "cards"),
        (["cards=" + ",".join(["1"] * 31), "target=16"], "at most 30 cards"),
    ],
)
def test_huge_variants_are_refused_by_their_options_at_once(pairs: list[str], words: str) -> None:
    # Before: each of these hung (a list of ten million built, or 2**30 subset sums).
    with pytest.raises(OptionError, match=words):
        GAME.parse_options(pairs)


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    else:  # one value altered: the checksum no longer matches
        header, _, payload = data.partition(b"\n")
        values = bytearray(payload)
        values[-3] ^= 0x10
        path.write_bytes(header + b"\n" + bytes(values))


@pytest.mark.parametrize("how", ["empty", "truncated", "altered"])
def test_a_damaged_cache_is_solved_again_and_rewritten(
    how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=2, red=1)
    solver_module._MEMORY.pop(cache_key(options), None)
    first = solve(options)
    path = solver_module._cache_path(options)
    _damage(path, how)
    solver_module._MEMORY.pop(cache_key(options), None)
    from saloon.core import cache as disk

    disk._TOLD.clear()
    again = solve(options)
    assert not again.cached  # solved afresh, not served from the damaged file
    assert again.first_player_win == first.first_player_win
    assert "is damaged" in capsys.readouterr().err
    solver_module._MEMORY.pop(cache_key(options), None)
    assert solve(options).cached  # the damaged file was rewritten
    assert not list(path.parent.glob("*.tmp"))

"""The Ghost Town Showdown solver (``saloon.games.d6shooters.showdown``)
against the engine itself: a brute-force search over every decision and
roll on small states, Monte Carlo games from bigger ones, and the shape of
the values (monotone, and the self-check the solver's shortcuts rely on);
each with and without Medicine/Bandages, which can prevent one round's
hits (RULINGS d6; D6-I5, D6-S7)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Hashable, Iterator
from itertools import product
from typing import NamedTuple

import numpy as np
import pytest

from saloon.core.action import Action
from saloon.core.state import CHANCE
from saloon.games.d6shooters import GAME
from saloon.games.d6shooters import showdown as sd
from saloon.games.d6shooters.actions import Amount, Roll, Word
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    MEDICINE,
    OVER,
    P_ASSIGN,
    P_LOSS,
    P_NUDGE,
    P_REROLL,
    P_TACTIC,
)
from saloon.games.d6shooters.scenario import turn_start
from saloon.games.d6shooters.strategy import HeuristicAgent

OPTIONS = GAME.parse_options(["episode=2"])


@pytest.fixture(autouse=True, scope="module")
def _cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    mp = pytest.MonkeyPatch()
    mp.setenv("SALOON_CACHE", str(tmp_path_factory.mktemp("showdown-cache")))
    mp.setattr(sd, "_CURRENT", [])
    yield
    mp.undo()


def showdown_state(
    posse: int, crowes: int, ammo: int, used: int = 0, medicine: bool = False
) -> D6State:
    """An episode-2 game at the start of a Showdown round, with Medicine
    held or not."""
    st = turn_start(OPTIONS, posse=posse, ammo=ammo, items=MEDICINE if medicine else 0)
    st.showdown.posse, st.showdown.crowes, st.showdown.round, st.showdown.tactics_used = (
        posse,
        crowes,
        0,
        used,
    )
    st.mode, st.phase, st.quiet = "showdown", P_TACTIC, True
    st.history, st.log = [], []
    return st


# -- brute force over the engine ----------------------------------------------------------


Key = tuple[int, int, int, int, bool]


def between_rounds(st: D6State) -> Key:
    """``(posse, crowes, ammo, used, medicine)`` of a state between rounds."""
    sd_ = st.showdown
    return (
        sd_.posse, sd_.crowes, st.journey.ammo, sd_.tactics_used, bool(st.journey.items & MEDICINE)
    )  # fmt: skip


#: A node's value, its slope in the value of its round's start, and
#: whether it can come back to that start.
Node = tuple[float, float, bool]


class Brute:
    """Expectimax over the engine's own ``legal_actions``, ``chance_outcomes``
    and ``apply``, one Showdown round at a time (the Medicine's decision
    included: the engine asks it at ``P_LOSS``). A round that leaves the
    state as it was is solved as a fixed point: the round's value is
    propagated with its slope in the state's own value (the chance of
    coming back), and Newton's method finds the fixed point. A node that
    cannot come back does not depend on it: its value is kept for the
    later passes. The search never reaches the 50-round limit (each round
    starts from round 0)."""

    def __init__(self) -> None:
        self.values: dict[Key, float] = {}
        #: Decision nodes met: value and state (those that can come back
        #: to their round's start, from the last pass).
        self.nodes: dict[Hashable, tuple[float, D6State]] = {}
        self.final: dict[Key, dict[Hashable, Node]] = {}
        #: The round start each recorded decision node was met from.
        self.round_of: dict[Hashable, Key] = {}
        #: The values of nodes that cannot come back to their round's start.
        self.settled: dict[Hashable, float] = {}

    def win(self, posse: int, crowes: int, ammo: int, used: int, medicine: bool = False) -> float:
        if posse <= 0:
            return 0.0
        if crowes <= 0:
            return 1.0
        key = (posse, crowes, ammo, used, medicine)
        if key not in self.values:
            root = showdown_state(*key)
            x = 0.0
            for _ in range(100):
                memo: dict[Hashable, Node] = {}
                value, slope, _ = self._node(root, key, x, memo, True)
                if value <= x + 1e-16:
                    break
                step = (value - slope * x) / (1.0 - slope)
                if step <= x:
                    break
                x = step
            self.values[key] = x
            # A last pass at the fixed point records the decision nodes.
            self.final[key] = {}
            self._node(root, key, x, self.final[key], True, record=True)
        return self.values[key]

    def _node(
        self,
        st: D6State,
        key: Key,
        x: float,
        memo: dict[Hashable, Node],
        root: bool = False,
        record: bool = False,
    ) -> Node:
        if st.phase == OVER:
            return (1.0 if st.journey.ended == "won" else 0.0), 0.0, False
        if st.phase == P_TACTIC and not root:
            nxt = between_rounds(st)
            return (x, 1.0, True) if nxt == key else (self.win(*nxt), 0.0, False)
        k = st.key()
        if k in self.settled:
            return self.settled[k], 0.0, False
        if k in memo:
            return memo[k]
        if st.to_move == CHANCE:
            value = slope = 0.0
            back = False
            for outcome, pr in st.chance_outcomes():
                v, s, b = self._node(self._child(st, outcome), key, x, memo, record=record)
                value += pr * v
                slope += pr * s
                back |= b
            res = (value, slope, back)
        else:
            best = (-1.0, 0.0, False)
            back = False
            for action in st.legal_actions():
                r = self._node(self._child(st, action), key, x, memo, record=record)
                if r[0] > best[0] + 1e-15 or (r[0] >= best[0] - 1e-15 and r[1] > best[1]):
                    best = r
                back |= r[2]
            res = (best[0], best[1], back)
            if record or not back:
                self.nodes[k] = (best[0], st)
                self.round_of[k] = key
        if not res[2] and not root:
            self.settled[k] = res[0]
        memo[k] = res
        return res

    @staticmethod
    def _child(st: D6State, action: Action) -> D6State:
        child = st.clone()
        child.history = []
        child.apply_unchecked(action)
        return child

    def action_values(self, st: D6State) -> dict[str, float]:
        """Each legal action's value at a recorded decision node."""
        key = self.round_of[st.key()]
        x = self.values[key]
        out = {}
        for action in st.legal_actions():
            v, _, _ = self._node(self._child(st, action), key, x, self.final[key])
            out[str(action)] = v
        return out


SMALL: list[Key] = [
    (p, c, a, used, medicine)
    for p, c, a in [(1, 1, 0), (1, 1, 1), (2, 1, 0), (2, 1, 1), (1, 2, 0), (1, 2, 1), (2, 2, 0)]
    for used in (0, 0b0010, 0b1000, 0b1110)
    for medicine in (False, True)
] + [(3, 1, 0, 0, medicine) for medicine in (False, True)]
SMALL += [(1, 3, 0, 0, medicine) for medicine in (False, True)]


@pytest.fixture(scope="module")
def brute() -> Brute:
    b = Brute()
    for state in SMALL:
        b.win(*state)
    return b


def test_values_match_a_brute_force_search_of_the_engine(brute: Brute) -> None:
    for state in SMALL:
        assert sd.showdown_win(*state) == pytest.approx(brute.win(*state), abs=1e-9), state
    # The Medicine is worth something in each of these states.
    for p, c, a, used, medicine in SMALL:
        if medicine:
            assert brute.win(p, c, a, used, True) > brute.win(p, c, a, used, False) + 1e-3


def test_action_values_match_the_brute_force_inside_a_round(brute: Brute) -> None:
    """Decisions the search met, a spread of each kind (Tactics, rerolls,
    nudges, splits, the Medicine against a round's hits), with and without
    Medicine: the solver's value of each legal action and its choice."""
    by_phase: dict[tuple[int, bool], list[tuple[float, D6State]]] = {}
    for node in brute.nodes.values():
        by_phase.setdefault((node[1].phase, bool(node[1].journey.items & MEDICINE)), []).append(
            node
        )
    seen = {
        (phase, medicine): 0
        for phase in (P_TACTIC, P_REROLL, P_NUDGE, P_ASSIGN)
        for medicine in (False, True)
    }
    seen[P_LOSS, True] = 0
    sample = [n for nodes in by_phase.values() for n in nodes[:: max(1, len(nodes) // 60)]]
    for value, st in sample:
        got = sd.action_values(st)
        want = brute.action_values(st)
        assert got.keys() == want.keys()
        for name, v in want.items():
            assert got[name] == pytest.approx(v, abs=1e-9), (
                st.phase,
                st.showdown.posse_faces,
                st.showdown.crowe_faces,
                name,
            )
        assert want[str(sd.best_showdown_action(st))] == pytest.approx(value, abs=1e-9)
        seen[st.phase, bool(st.journey.items & MEDICINE)] += 1
    assert all(n > 0 for n in seen.values()), seen


# -- Monte Carlo over the engine --------------------------------------------------------------

MID: list[Key] = [
    (6, 12, 3, 0, False),
    (4, 7, 1, 0, False),
    (8, 10, 0, 0, False),
    (6, 12, 3, 0, True),
    (4, 7, 1, 0, True),
]
GAMES = 300


def play(st: D6State, choose: Callable[[D6State], Action], rng: np.random.Generator) -> D6State:
    while st.to_move is not None:
        if st.to_move == CHANCE:
            st.apply_unchecked(st.sample_chance(rng))
        else:
            action = choose(st)
            assert st.is_legal(action), (st.phase, action)
            st.apply_unchecked(action)
    return st


class Rate(NamedTuple):
    """Games won, and games in which the Medicine was spent, out of :data:`GAMES`."""

    won: float
    medicine_spent: float


def win_rate(state: Key, choose: Callable[[D6State], Action], seed: int) -> Rate:
    rng = np.random.default_rng(seed)
    ends = [play(showdown_state(*state), choose, rng) for _ in range(GAMES)]
    won = sum(st.journey.ended == "won" for st in ends)
    spent = sum(state[4] and not st.journey.items & MEDICINE for st in ends)
    return Rate(won / GAMES, spent / GAMES)


@pytest.fixture(scope="module")
def rates() -> dict[Key, tuple[Rate, Rate]]:
    heuristic = HeuristicAgent()
    out = {}
    for i, state in enumerate(MID):
        out[state] = (
            win_rate(state, sd.best_showdown_action, 100 + i),
            win_rate(state, heuristic.choose, 200 + i),
        )
    return out


def test_the_solvers_play_wins_as_often_as_the_values_say(
    rates: dict[Key, tuple[Rate, Rate]],
) -> None:
    """With Medicine too: the solver's games spend it (at ``P_LOSS``) and
    win as often as the values with Medicine say."""
    for state, (solver, _) in rates.items():
        v = sd.showdown_win(*state)
        sigma = max(np.sqrt(v * (1 - v) / GAMES), 1e-3)
        assert abs(solver.won - v) <= 4 * sigma, (state, solver, v)
        if state[4]:
            assert solver.medicine_spent > 0.2, (state, solver)
            assert v > sd.showdown_win(*state[:4]) + 8 * sigma, state


def test_the_solver_wins_at_least_as_often_as_the_heuristic(
    rates: dict[Key, tuple[Rate, Rate]],
) -> None:
    for state, (solver, heuristic) in rates.items():
        v = sd.showdown_win(*state)
        sigma = max(np.sqrt(v * (1 - v) / GAMES), 1e-3)
        # No play beats the optimum (beyond noise) ...
        assert heuristic.won <= v + 4 * sigma, (state, heuristic, v)
        # ... and the solver's own games are not behind the heuristic's.
        assert solver.won >= heuristic.won - 4 * np.sqrt(2) * sigma, (state, solver, heuristic)
    total_solver = sum(s.won for s, _ in rates.values())
    total_heuristic = sum(h.won for _, h in rates.values())
    assert total_solver >= total_heuristic


def test_best_action_is_the_best_of_all_legal_actions_mid_round() -> None:
    """The reroll is chosen among the worst dice only: along games, its
    value is the best of every legal action's."""
    rng = np.random.default_rng(7)
    checked = 0
    for state in [(5, 8, 2), (3, 6, 3)]:
        for _ in range(15):
            st = showdown_state(*state)
            while st.to_move is not None:
                if st.to_move == CHANCE:
                    st.apply_unchecked(st.sample_chance(rng))
                    continue
                best = sd.best_showdown_action(st)
                if st.phase in (P_REROLL, P_NUDGE):
                    values = sd.action_values(st)
                    assert values[str(best)] >= max(values.values()) - 1e-12
                    checked += 1
                st.apply_unchecked(best)
    assert checked > 20


# -- the shape of the values --------------------------------------------------------------


@pytest.fixture(scope="module")
def table() -> sd.ShowdownTable:
    return sd.table(6, 12, 4)


def test_values_are_monotone(table: sd.ShowdownTable) -> None:
    """More Posse or Ammo, fewer Crowes, the Medicine held never lower the
    value; a spent Tactic never raises it. (This is also what makes the
    solver's shortcuts exact: see the module notes.)"""
    V = table.values
    eps = 1e-12
    assert np.diff(V, axis=3).min() >= -eps  # posse
    assert np.diff(V[:, :, :, 1:, :], axis=4).max() <= eps  # crowes
    assert np.diff(V, axis=2).min() >= -eps  # ammo
    assert (V[1] - V[0]).min() >= -eps  # medicine
    for u, bit in product(range(8), (1, 2, 4)):
        if not u & bit:
            assert (V[:, u | bit] - V[:, u]).max() <= eps
    assert V.min() >= 0.0 and V.max() <= 1.0 + eps
    assert (V[:, :, :, 0, :] == 0.0).all() and (V[:, :, :, 1:, 0] == 1.0).all()
    # The Medicine is worth something wherever the Showdown is still open.
    open_ = (V[0] > 1e-9) & (V[0] < 1.0 - 1e-9)
    assert (V[1] - V[0])[open_].min() > 0.0


def test_the_table_is_its_own_fixed_point(table: sd.ShowdownTable) -> None:
    """A state's Tactic values recomputed alone from the smaller states
    equal the table's, and its value is the best of them."""
    rng = np.random.default_rng(3)
    for i in range(16):
        p, c, a = int(rng.integers(1, 7)), int(rng.integers(1, 13)), int(rng.integers(0, 5))
        used = int(rng.integers(0, 8)) << 1
        medicine = i % 2 == 1
        again = sd.tactic_values(table, p, c, a, used, medicine)
        row = table.tactics[int(medicine), sd.used_index(used), a, p, c]
        assert np.allclose(again, row, atol=1e-12)
        assert table.win(p, c, a, used, medicine) == pytest.approx(row.max(), abs=1e-12)


def test_classes_of_dice_are_exact() -> None:
    """The classes Distract's pips see: every set of faces in a class
    makes as many successes and buys the same pairs for the same pips, and
    a die joining a class lands in one class."""
    m = sd._model(3, 3)
    gain, cost = m.ints["GAIN"], m.ints["COST"]
    merge_p, merge_c = m.ints["MERGE_P"], m.ints["MERGE_C"]
    for n1, n2, n3 in product(range(6), repeat=3):
        g = sd._gclass(n1, n2, n3)
        assert [sd._gain(n1, n2, n3, k) for k in range(4)] == list(gain[g])
        assert sd._gclass(n1 + 1, n2, n3) == merge_p[g, 0]
        assert sd._gclass(n1, n2 + 1, n3) == merge_p[g, 1]
        assert sd._gclass(n1, n2, n3 + 1) == merge_p[g, 2]
    for m3, m4, h5, h6 in product(range(5), repeat=4):
        cp = sd._crowe_class(m3, m4, h5, h6)
        assert sd._costs(m3, m4, h5, h6) == list(cost[cp])
        assert sd._crowe_class(m3 + 1, m4, h5, h6) == merge_c[cp, 0]
        assert sd._crowe_class(m3, m4 + 1, h5, h6) == merge_c[cp, 1]
        assert sd._crowe_class(m3, m4, h5 + 1, h6) == merge_c[cp, 2]
        assert sd._crowe_class(m3, m4, h5, h6 + 1) == merge_c[cp, 3]


def test_the_round_limit_hardly_matters() -> None:
    """With the engine's 50 rounds (D6-S6) the values are a hair lower (a
    little more with Medicine, which keeps the Posse in the fight longer)."""
    capped = sd.capped_values(3, 5, 1, 50)
    full = sd.table(3, 5, 1).values[:, :, :2, :4, :6]
    assert (full - capped).min() >= -1e-12
    assert (full - capped)[0].max() <= 1e-7
    assert (full - capped)[1].max() <= 2e-7


def test_ammo_beyond_the_table_once_it_is_stable() -> None:
    """More Ammo stops mattering: the table grows until two layers agree,
    then answers for any Ammo from its top layer."""
    tab = sd._grow(sd.build_table(2, 3, 4), 10_000)
    assert tab.stable and tab.A < 100
    assert tab.covers(2, 3, 10_000)
    assert tab.win(2, 3, 10_000) == tab.win(2, 3, tab.A)
    assert tab.win(2, 3, 10_000, medicine=True) == tab.win(2, 3, tab.A, medicine=True)
    assert abs(tab.win(2, 3, tab.A) - tab.win(2, 3, tab.A - 1)) <= sd.STABLE


def test_the_api_answers_about_engine_states() -> None:
    st = showdown_state(2, 3, 1)
    values = sd.action_values(st)
    assert set(values) == {"tactic none", "tactic defend", "tactic charge", "tactic distract"}
    assert max(values.values()) == pytest.approx(sd.showdown_win(2, 3, 1), abs=1e-12)
    assert str(sd.best_showdown_action(st)) in values
    st.showdown.tactics_used = 0b1110
    assert list(sd.action_values(st)) == ["tactic none"]
    st.phase = OVER
    with pytest.raises(ValueError):
        sd.best_showdown_action(st)
    with pytest.raises(TypeError):
        sd.action_values(object())


def test_the_medicine_decision_of_a_round() -> None:
    """The Medicine held is read from the state; after a Charge whose hits
    would take the whole Posse, the engine asks about the Medicine
    (``P_LOSS``; the Army Deserters do not fight in the Showdown, D6-S7)
    and the solver spends it."""
    st = showdown_state(2, 3, 0, medicine=True)
    st.effects.deserters = 2
    values = sd.action_values(st)
    assert max(values.values()) == pytest.approx(sd.showdown_win(2, 3, 0, medicine=True))
    assert sd.showdown_win(2, 3, 0, medicine=True) > sd.showdown_win(2, 3, 0)
    for action in (Word("tactic charge"), Roll("posse", (1, 1)), Roll("crowe", (6, 6, 6))):
        st.apply(action)
    assert st.phase == P_LOSS and st.pending.losses == ((2, "showdown"),)
    values = sd.action_values(st)
    assert values == {
        "medicine": pytest.approx(sd.showdown_win(2, 3, 0, used=0b0100)),
        "absorb 0": 0.0,
    }
    assert sd.best_showdown_action(st) == Word("medicine")
    advice = GAME.advise(st)
    assert advice is not None and [str(a) for a, _ in advice] == ["medicine", "absorb 0"]


def test_the_medicine_is_kept_when_the_hits_do_not_matter() -> None:
    """A tie between spending the Medicine and taking the hits (here the
    Showdown is as good as won either way) keeps the Medicine."""
    st = showdown_state(12, 1, 0, medicine=True)
    for action in (Word("tactic none"), Roll("posse", (1,) * 12), Roll("crowe", (6,))):
        st.apply(action)
    assert st.phase == P_LOSS
    values = sd.action_values(st)
    assert values["medicine"] == pytest.approx(values["absorb 0"], abs=sd.TIE)
    assert sd.best_showdown_action(st) == Amount("absorb", 0)


def test_without_numba_the_numbers_are_the_same() -> None:
    """The kernel run as plain Python (``NUMBA_DISABLE_JIT``) agrees."""
    code = (
        "import numpy as np\n"
        "from saloon.games.d6shooters import showdown as sd\n"
        "t = sd.build_table(2, 3, 1)\n"
        "np.save('values.npy', t.values)\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    folder = os.environ["SALOON_CACHE"]
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=folder, timeout=120)
    plain = np.load(os.path.join(folder, "values.npy"))
    fast = sd.build_table(2, 3, 1).values
    assert np.abs(plain - fast).max() <= 1e-14


@pytest.mark.parametrize("how", ["empty", "truncated", "altered", "old npz"])
def test_a_damaged_table_cache_is_rebuilt_and_rewritten(
    how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10: the table's cache carries a checksum; a damaged file is never
    served, is said once on stderr, and is rebuilt and rewritten."""
    from saloon.core import cache as disk

    monkeypatch.setattr(sd, "_CURRENT", [])
    first = sd.table(2, 3, 1)
    path = sd._cache_path()
    data = path.read_bytes()
    header, _, payload = data.partition(b"\n")
    damaged = {
        "empty": b"",
        "truncated": data[: len(data) // 3],
        "altered": header + b"\n" + payload[:-1] + bytes([payload[-1] ^ 1]),
        "old npz": b"PK\x03\x04" + os.urandom(100),
    }[how]
    path.write_bytes(damaged)
    monkeypatch.setattr(sd, "_CURRENT", [])
    disk._TOLD.clear()
    again = sd.table(2, 3, 1)
    assert not again.cached
    assert np.array_equal(
        again.values, first.values[..., : again.A + 1, : again.P + 1, : again.C + 1]
    )
    err = capsys.readouterr().err
    assert err.count("is damaged") == 1
    monkeypatch.setattr(sd, "_CURRENT", [])
    assert sd.table(2, 3, 1).cached  # the rewritten file is good

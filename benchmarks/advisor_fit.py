"""Fit the advisors' chances where a playout stops (Cowboys and D6), on games between heuristics.

A search advisor (:mod:`saloon.agents.advisor`) values a playout cut
before the end by each game's chance model, which reads the game's own
estimate as a chance to win:

* **Cowboys, two sides** (:func:`saloon.games.cowboys.advisor.chances`): a
  logistic model of side 0's score (a win 1, a draw 1/2) on the estimate's
  parts (:func:`saloon.games.cowboys.advisor.features`): the strength
  balance, the goals' balance, the side the turn limit favours, each also
  times the share of the turns played;
* **Cowboys, three sides or more**: ``1/n`` plus ``a + b * played`` times a
  side's share of the strength less ``1/n`` (least squares);
* **D6** (:func:`saloon.games.dungeons.advisor.chances`): the estimate's
  chances to win raised to the power ``g0 + g1 * played`` and normalized
  (the fewest log-loss of each seat's share of the win).

The states are every ``--every``-th decision of games between heuristics
(the heuristic plays the advisor's playouts too); even games fit, odd
games test. The script prints the fitted numbers (to paste into the
advisors' modules) and, on the test games, the log-loss and the Brier
score of the fit beside the estimate read directly
(``(e * (n - 1) / 0.8 + 1) / n``), and a table of predicted against won
by bins of the prediction.

    python benchmarks/advisor_fit.py [--game cowboys|dungeons] [--games N] [--every K]
        [--jobs J] [--seed S]
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import time
from collections.abc import Sequence

import numpy as np

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.core.state import State

#: The two-sided Cowboys scenarios fitted on (the solitaire's gang is the ``solo`` bot).
COWBOYS_TWO = (
    "hickok-tutt",
    "brawl",
    "coffeyville",
    "the-witness",
    "ok-corral",
    "saloon-siege",
    "stage-holdup",
    "jailbreak",
)
COWBOYS_MORE = ("three-way-standoff",)
#: D6 table sizes and maps fitted on.
DUNGEONS = tuple((n, m) for n in (2, 3, 4) for m in ("standard", "advanced"))

#: A state: its game's seed and variant, the estimate's chances read
#: directly, the model's inputs, and the game's outcome.
Row = tuple[int, str, tuple[float, ...], tuple[tuple[float, ...], ...], tuple[float, ...]]


def outcome(state: State) -> tuple[float, ...]:
    """Each player's share of the game: ``(r * (n - 1) + 1) / n`` of its returns."""
    n = state.num_players
    return tuple((r * (n - 1) + 1) / n for r in state.returns())


def raw(state: State) -> tuple[float, ...]:
    """The estimate read directly as chances (its scale of 0.8 undone)."""
    n = state.num_players
    return tuple(min(1.0, max(0.0, (e * (n - 1) / 0.8 + 1) / n)) for e in state.estimate())


def play(job: tuple[str, str, int | None, int, int]) -> list[Row]:
    """One game between heuristics: for every ``every``-th decision, the
    game number, the raw chances, the model's inputs per player and (set
    after the end) the outcome."""
    game_id, variant, players, seed, every = job
    game = get_game(game_id)
    if game_id == "cowboys":
        from saloon.games.cowboys import advisor as cw
        from saloon.games.cowboys.options import CowboysOptions

        options = CowboysOptions(scenario=variant)
        state = game.new_state(options)
    else:
        from saloon.games.dungeons import advisor as dg
        from saloon.games.dungeons.options import DungeonsOptions

        state = game.new_state(DungeonsOptions(map=variant), num_players=players)
    state.quiet = True
    n = state.num_players
    agents = [make_agent("heuristic", game, seed=seed * 10 + p) for p in range(n)]
    rng = np.random.default_rng(seed)
    taken: list[tuple[tuple[float, ...], tuple[tuple[float, ...], ...]]] = []
    k = 0
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if state.is_chance:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        k += 1
        if k % every == 0:
            if game_id == "cowboys":
                if n == 2:
                    inputs: tuple[tuple[float, ...], ...] = (cw.features(state),)
                else:
                    from saloon.games.cowboys import estimate as est

                    power = [est.strength(state, s) for s in range(n)]
                    total = sum(power) or 1.0
                    inputs = (tuple(p / total for p in power), (cw.played(state),))
            else:
                inputs = (dg.base_chances(state), (dg.played(state),))
            taken.append((raw(state), inputs))
        state.apply_unchecked(agents[mover].choose(state))
    done = outcome(state)
    return [(seed, variant, r, i, done) for r, i in taken]


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of predicted shares ``p`` (rows) against won shares ``y``."""
    return float(-np.mean(np.sum(y * np.log(np.clip(p, 1e-6, 1.0)), axis=1)))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean(np.sum((p - y) ** 2, axis=1)))


def bins(p: np.ndarray, y: np.ndarray) -> list[str]:
    """Predicted against won, each player's row, by bins of the prediction."""
    flat_p, flat_y = p.ravel(), y.ravel()
    out = []
    edges = (0.0, 0.1, 0.2, 0.35, 0.45, 0.55, 0.65, 0.8, 0.9, 1.01)
    for lo, hi in itertools.pairwise(edges):
        m = (flat_p >= lo) & (flat_p < hi)
        if m.any():
            out.append(
                f"| {lo:.2f} – {min(hi, 1.0):.2f} | {int(m.sum())} | {flat_p[m].mean():.3f} "
                f"| {flat_y[m].mean():.3f} |"
            )
    return out


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Weights of ``P = sigmoid(x @ w)`` fitted to soft labels ``y`` (Newton's method)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def report(name: str, test_p: np.ndarray, test_raw: np.ndarray, test_y: np.ndarray) -> None:
    print(f"\n{name}: {len(test_y)} test states")
    print("| chances | log-loss | Brier |")
    print("|---|---:|---:|")
    base = np.full_like(test_y, 1.0 / test_y.shape[1])
    for label, p in (
        ("the estimate read directly", test_raw),
        ("fitted", test_p),
        ("a fair share", base),
    ):
        print(f"| {label} | {log_loss(p, test_y):.3f} | {brier(p, test_y):.3f} |")
    print("\n| predicted | states x players | mean predicted | mean won |")
    print("|---|---:|---:|---:|")
    print("\n".join(bins(test_p, test_y)))


def cowboys_two(rows: Sequence[Row]) -> None:
    """The logistic model of each scenario's own games, and of all of them
    (for a scenario of one's own); the test beside the estimate."""
    x = np.array([r[3][0] for r in rows])
    y = np.array([r[4][0] for r in rows])
    raw0 = np.array([r[2] for r in rows])
    train = np.array([r[0] % 2 == 0 for r in rows])
    scenarios = [r[1] for r in rows]
    where = np.array(scenarios)
    weights = {"": fit_logistic(x[train], y[train])}
    for sc in dict.fromkeys(scenarios):
        mine = train & (where == sc)
        weights[sc] = fit_logistic(x[mine], y[mine], ridge=1.0)
    print("WEIGHTS_2 = {")
    for sc, w in weights.items():
        print(f'    "{sc}": (' + ", ".join(f"{v:.3f}" for v in w) + "),")
    print("}")
    z = np.array([x[k] @ weights[scenarios[k]] for k in range(len(rows))])
    p = 1.0 / (1.0 + np.exp(-z[~train]))
    both = np.stack([p, 1 - p], axis=1)
    ys = np.stack([y[~train], 1 - y[~train]], axis=1)
    report("Cowboys, two sides (each scenario's own model)", both, raw0[~train], ys)
    p = 1.0 / (1.0 + np.exp(-(x[~train] @ weights[""])))
    both = np.stack([p, 1 - p], axis=1)
    report("Cowboys, two sides (the model of all of them)", both, raw0[~train], ys)


def cowboys_more(rows: Sequence[Row]) -> None:
    share = np.array([r[3][0] for r in rows])
    played = np.array([r[3][1][0] for r in rows])
    y = np.array([r[4] for r in rows])
    raw_p = np.array([r[2] for r in rows])
    n = share.shape[1]
    train = np.array([r[0] % 2 == 0 for r in rows])
    dev = share - 1.0 / n

    def predict(a: float, b: float, mask: np.ndarray) -> np.ndarray:
        k = a + b * played[mask]
        p = np.clip(1.0 / n + k[:, None] * dev[mask], 1e-3, None)
        return np.asarray(p / p.sum(axis=1, keepdims=True))

    best = (np.inf, 0.0, 0.0)
    for a in np.arange(0.0, 2.01, 0.05):
        for b in np.arange(-2.0, 2.01, 0.05):
            loss = log_loss(predict(a, b, train), y[train])
            if loss < best[0]:
                best = (loss, float(a), float(b))
    _, a, b = best
    print(f"SHARE = ({a:.2f}, {b:.2f})")
    report(f"Cowboys, {n} sides", predict(a, b, ~train), raw_p[~train], y[~train])


def dungeons(rows: Sequence[Row], players: int) -> None:
    q = np.array([r[3][0] for r in rows])
    played = np.array([r[3][1][0] for r in rows])
    y = np.array([r[4] for r in rows])
    raw_p = np.array([r[2] for r in rows])
    train = np.array([r[0] % 2 == 0 for r in rows])
    logq = np.log(np.clip(q, 1e-9, 1.0))

    def predict(g0: float, g1: float, mask: np.ndarray) -> np.ndarray:
        g = g0 + g1 * played[mask]
        z = logq[mask] * g[:, None]
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return np.asarray(e / e.sum(axis=1, keepdims=True))

    best = (np.inf, 1.0, 0.0)
    for g0 in np.arange(0.0, 2.01, 0.05):
        for g1 in np.arange(-1.0, 2.01, 0.05):
            loss = log_loss(predict(g0, g1, train), y[train])
            if loss < best[0]:
                best = (loss, float(g0), float(g1))
    _, g0, g1 = best
    print(f"{players} players: POWER = ({g0:.2f}, {g1:.2f})")
    report(f"D6, {players} players", predict(g0, g1, ~train), raw_p[~train], y[~train])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("cowboys", "dungeons"), default="cowboys")
    parser.add_argument("--games", type=int, default=60, help="games a scenario or table size")
    parser.add_argument("--every", type=int, default=3, help="every K-th decision is a state")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    base = args.seed * 100_000
    Job = tuple[str, str, int | None, int, int]
    groups: dict[str, list[Job]] = {}
    if args.game == "cowboys":
        for key, scenarios in (("two", COWBOYS_TWO), ("more", COWBOYS_MORE)):
            groups[key] = [
                ("cowboys", sc, None, base + g, args.every)
                for sc in scenarios
                for g in range(args.games)
            ]
    else:
        for n in (2, 3, 4):
            groups[str(n)] = [
                ("dungeons", m, n, base + g, args.every)
                for k, m in DUNGEONS
                if k == n
                for g in range(args.games)
            ]
    results: dict[str, list[Row]] = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for key, jobs in groups.items():
            results[key] = [r for rows in pool.map(play, jobs, chunksize=1) for r in rows]
    if args.game == "cowboys":
        cowboys_two(results["two"])
        cowboys_more(results["more"])
    else:
        for n in (2, 3, 4):
            dungeons(results[str(n)], n)
    print(f"\n<!-- {time.perf_counter() - began:.0f} s -->")


if __name__ == "__main__":
    main()

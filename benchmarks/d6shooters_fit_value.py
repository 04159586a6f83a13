"""Fit the planner's value of the journey (``saloon.games.d6shooters.value``).

Plays seeded games of every version of an episode with an agent, records the
state at the start of every turn with how the game ended (won or not, final
score), and fits the small network of
:class:`~saloon.games.d6shooters.value.ValueNet` by full-batch L-BFGS on the
cross-entropy of the win and the squared error of the score / 50, with a
little weight decay. Writes ``value-epN.json`` into the package.

In episode 2 the network also sees the exact chance of winning the Showdown
with the Posse, Crowes and Ammo in hand
(:func:`~saloon.games.d6shooters.value.showdown_chance`), and the win label
of a game that reached Hoodia is the Showdown's exact chance from the state
of arrival rather than its one 0/1 outcome (same mean, less noise).

    python benchmarks/d6shooters_fit_value.py GAMES HIDDEN EPISODE EXPLORE [AGENT]

The shipped tables: ``1500 24 1 0`` (episode 1: the heuristic's own games)
and ``1500 24 2 0.25 planner`` (episode 2: the planner's games with a
quarter of the keeps random, the planner using the table fitted before).
"""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.core.agent import Agent
from saloon.games.d6shooters import value as value_mod
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import C_ROLL, P_KEEP, P_TACTIC
from saloon.games.d6shooters.value import Route, ValueNet, features, showdown_chance

OUT = Path(value_mod.__file__).with_name("value-ep{}.json")


Sample = tuple[np.ndarray, np.ndarray, np.ndarray]


def collect(
    episode: int,
    games: int,
    seed: int,
    explore: float = 0.0,
    agent_spec: str = "heuristic",
    workers: int = 1,
    lam: float = 1.0,
) -> Sample:
    """Features at each turn start, win (0/1) and final score, per sample,
    from ``games`` games of each version.

    With ``explore`` > 0, each keep decision is, with that probability, a
    random keep of the dice showing instead of the agent's: the games
    then also reach slow and reckless states, and the fit learns what they
    lead to (the heuristic alone rarely runs late in episode 2). With one
    worker the versions are played in turn from one generator; with more,
    each version in its own process from its own seed ``(seed, version)``."""
    versions = ("standard", "easier", "shorter")
    if workers <= 1:
        rng = np.random.default_rng(seed)
        agent = make_agent(agent_spec, get_game("d6shooters"), seed=seed)
        parts = [play(episode, v, games, rng, agent, explore, lam) for v in versions]
    else:
        jobs = [
            (episode, v, games, (seed, k), agent_spec, explore, lam) for k, v in enumerate(versions)
        ]
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play_seeded, jobs))
    return (
        np.vstack([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )


def _play_seeded(job: tuple[int, str, int, tuple[int, int], str, float, float]) -> Sample:
    episode, version, games, seed, agent_spec, explore, lam = job
    agent = make_agent(agent_spec, get_game("d6shooters"), seed=seed[0] * 10 + seed[1])
    return play(episode, version, games, np.random.default_rng(seed), agent, explore, lam)


def play(
    episode: int,
    version: str,
    games: int,
    rng: np.random.Generator,
    agent: Agent,
    explore: float,
    lam: float = 1.0,
) -> Sample:
    """``games`` games of one version: each turn start's features, and the
    game's win (in episode 2, the Showdown's exact chance on arrival) and score."""
    game = get_game("d6shooters")
    exact = episode == 2
    xs, wins, scores = [], [], []
    opts = D6ShootersOptions(episode=episode, version=version)
    for _ in range(games):
        st = game.new_state(opts)
        assert isinstance(st, D6State)
        st.quiet = True
        route = Route.of(st)
        rows: list[tuple[int, int, int, int, int, int, int, int]] = []
        last = -1
        chance: float | None = None
        while not st.is_over:
            start = st.phase == C_ROLL and st.dice.rolls == 0 and st.mode == "turn"
            arrive = st.phase == P_TACTIC and st.showdown.round == 0
            if arrive and chance is None:
                chance = float(
                    showdown_chance(st.showdown.posse, st.showdown.crowes, st.journey.ammo)[0]
                )
            if (start and st.journey.day != last) or (arrive and last != 999):
                last = 999 if arrive else st.journey.day
                rows.append(
                    (
                        st.journey.day,
                        st.journey.space,
                        st.journey.posse,
                        st.journey.food,
                        st.journey.ammo,
                        st.journey.gold,
                        st.journey.crowes,
                        st.journey.items,
                    )
                )
            if st.is_chance:
                st.apply_unchecked(st.sample_chance(rng))
            elif explore and st.phase == P_KEEP and rng.random() < explore:
                legal = st.legal_actions()
                st.apply_unchecked(legal[int(rng.integers(len(legal)))])
            else:
                st.apply_unchecked(agent.choose(st))
        won = float(st.journey.ended == "won")
        if exact and chance is not None:
            won = chance
        x = np.vstack([features(route, *r[:7], r[7], exact) for r in rows])
        xs.append(x)
        wins.append(lambda_returns(x, won, episode, lam))
        scores.append(np.full(len(rows), float(st.score())))
    return np.vstack(xs), np.concatenate(wins), np.concatenate(scores)


def lambda_returns(x: np.ndarray, outcome: float, episode: int, lam: float) -> np.ndarray:
    """The win targets of one game's turn starts ``x``: with ``lam`` = 1 the
    outcome itself; below 1, the lambda-returns that mix in the shipped
    value's estimate of each next turn start (less noise, some bias)."""
    if lam >= 1.0:
        return np.full(len(x), outcome)
    est, _ = value_mod.value_net(episode).outputs(x)
    out = np.empty(len(x))
    g = outcome
    for t in range(len(x) - 1, -1, -1):
        out[t] = g
        g = (1.0 - lam) * est[t] + lam * g
    return out


def fit(x: np.ndarray, win: np.ndarray, score: np.ndarray, hidden: int, seed: int) -> ValueNet:
    rng = np.random.default_rng(seed)
    n, d = x.shape
    shapes = [(d, hidden), (hidden,), (hidden, 2), (2,)]
    sizes = [int(np.prod(s)) for s in shapes]
    y = score / 50.0
    decay = 1e-4

    def unpack(theta: np.ndarray) -> list[np.ndarray]:
        out, k = [], 0
        for s, m in zip(shapes, sizes, strict=True):
            out.append(theta[k : k + m].reshape(s))
            k += m
        return out

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w1, b1, w2, b2 = unpack(theta)
        h = np.tanh(x @ w1 + b1)
        out = h @ w2 + b2
        z = out[:, 0]
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        ce = np.mean(np.logaddexp(0.0, z) - win * z)
        se = np.mean((out[:, 1] - y) ** 2)
        reg = decay * (np.sum(w1**2) + np.sum(w2**2))
        g_out = np.empty_like(out)
        g_out[:, 0] = (p - win) / n
        g_out[:, 1] = 2.0 * (out[:, 1] - y) / n
        g_w2 = h.T @ g_out + 2 * decay * w2
        g_b2 = g_out.sum(0)
        g_h = (g_out @ w2.T) * (1.0 - h**2)
        g_w1 = x.T @ g_h + 2 * decay * w1
        g_b1 = g_h.sum(0)
        grad = np.concatenate([g.ravel() for g in (g_w1, g_b1, g_w2, g_b2)])
        return float(ce + se + reg), grad

    theta0 = np.concatenate(
        [
            rng.normal(0, 0.3, sizes[0]),
            np.zeros(sizes[1]),
            rng.normal(0, 0.3, sizes[2]),
            np.zeros(2),
        ]
    )
    res = minimize(loss, theta0, jac=True, method="L-BFGS-B", options={"maxiter": 400})
    w1, b1, w2, b2 = unpack(res.x)
    print(f"  fit: loss {res.fun:.4f} after {res.nit} iterations ({res.message})")
    return ValueNet(w1, b1, w2, b2)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    hidden = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    episodes = [int(sys.argv[3])] if len(sys.argv) > 3 else [1, 2]
    explore = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    agent = sys.argv[5] if len(sys.argv) > 5 else "heuristic"
    for episode in episodes:
        began = time.perf_counter()
        workers = int(os.environ.get("WORKERS", "1"))
        lam = float(os.environ.get("LAMBDA", "1"))
        x, win, score = collect(episode, games, episode, explore, agent, workers, lam)
        print(
            f"episode {episode}: {len(x):,} turn states from {3 * games:,} games "
            f"({time.perf_counter() - began:.0f} s)"
        )
        net = fit(x, win, score, hidden, seed=episode)
        if episode == 2:
            # The fitted games seldom run late in episode 2, so the fit cannot
            # tell a hopeless delay: the value is damped by the chance of
            # still covering the distance (3.8 spaces a turn at best, spread
            # 1.3), and the planner aims at the win alone (its score output
            # is poorly fitted there).
            net = ValueNet(net.w1, net.b1, net.w2, net.b2, (3.8, 1.3), 0.0, showdown=True)
        p, s = net.outputs(x)
        brier = float(np.mean((p - win) ** 2))
        print(
            f"  Brier score {brier:.4f} (constant: {float(np.var(win)):.4f}); "
            f"score RMSE {float(np.sqrt(np.mean((s - score) ** 2))):.2f} "
            f"(constant: {float(np.std(score)):.2f})"
        )
        path = Path(str(OUT).format(episode))
        path.write_text(json.dumps(net.to_json()) + "\n", encoding="utf-8")
        print(f"  wrote {path.name}")


if __name__ == "__main__":
    main()

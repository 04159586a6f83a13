"""Tabular Q-learning on Shoot Out against Saloon's exact solver, through Gymnasium.

The learner sees only what Gymnasium gives it: ``gymnasium.make``, ``reset``,
``step``, the observation vector (its bytes are the table's keys) and
``info["action_mask"]``. It plays both seats (alternate episodes), against
the ``solver`` agent, which plays perfectly. The table is saved as a Saloon
policy file, which ``saloon arena`` then plays as ``policy:file=PATH``.

    python examples/shootout_tabular.py                  # the short street: ~4 minutes
    python examples/shootout_tabular.py --variant duel   # one duel of it: ~3 minutes
    python examples/shootout_tabular.py --episodes 2000 --games 500   # a quick look

Then the trained policy, the solver and the random player in Saloon's arena:

    saloon arena shootout -o variant=short-street \\
        --agent policy:file=shootout-short-street.npz --agent solver --agent random \\
        -n 2000 --no-db

The learning: Q-learning with a table keyed by the observation's bytes,
values starting at 0 (midway between a loss, -1, and a win, +1), masked
epsilon-greedy play (epsilon falling from 0.1 to 0.01 over the run;
exploration samples uniformly among the legal ids with Gymnasium's own
``Discrete.sample(mask=...)``), and each episode's updates made at its end,
last step first, so that the result reaches every decision of the episode
at once; the step size is ``max(1/n, floor)`` for the ``n``-th update of a
pair, the floor falling from 0.2 to 0.01 over the run (quick to follow the
early estimates, steady at the end).

The measurement: the trained policy's win rate against the solver over
``--games`` games (seats balanced, fixed seeds, a 95% Wilson interval),
beside the random player's and the best any policy can reach (the solver's
exact value: the solver plays perfectly, so nothing beats playing as it
does). Also the share of the policy's decisions that met an observation it
never saw in training (played at random), the share at which it chose one
of the solver's own best actions, and the win probability it gave up per
decision on average (from the exact advisor, used to measure only: the
learner never sees it).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from saloon.adapters.gymnasium import SaloonEnv  # registers saloon/... with Gymnasium
from saloon.agents.policy import load_policy, save_policy
from saloon.analysis.stats import wilson_interval
from saloon.core.registry import get_game

#: The variants this example trains on: the Gymnasium id and the options
#: given to ``gymnasium.make`` (``None``: the id's own).
VARIANTS: dict[str, tuple[str, dict[str, Any] | None]] = {
    # Three cards (2, 3, 4), 5 points to win, a street of spaces 10 to 5,
    # 3 Colt and 2 Winchester bullets: about 35,000 observations reached.
    "short-street": ("saloon/Shootout-short-street-v0", None),
    # One duel of the short street (one card of 2, 2 points to win): a few
    # thousand observations.
    "duel": (
        "saloon/Shootout-v0",
        {"cards": [2], "target": 2, "start": 9, "back": 10, "black": 3, "red": 2},
    ),
}

EPSILON = (0.1, 0.01)  # masked epsilon-greedy: from the first to the last episode
STEP_FLOOR = (0.2, 0.01)  # the step size is max(1/n, floor), the floor from first to last


Env = gymnasium.Env[Any, Any]


def make_envs(variant: str) -> list[Env]:
    """The learner in seat 0 and in seat 1, the solver in the other seat."""
    env_id, options = VARIANTS[variant]
    kwargs: dict[str, Any] = {"opponents": "solver"}
    if options is not None:
        kwargs["options"] = options
    return [gymnasium.make(env_id, seat=seat, **kwargs) for seat in (0, 1)]


def saloon_env(env: Env) -> SaloonEnv:
    """The Saloon environment inside Gymnasium's wrappers (to read the
    options it plays, and to measure: never to learn)."""
    inner = env.unwrapped
    assert isinstance(inner, SaloonEnv)
    return inner


@dataclass
class QTable:
    """Action values by observation (its ``float32`` bytes), with visit counts."""

    num_actions: int
    values: dict[bytes, np.ndarray] = field(default_factory=dict)
    counts: dict[bytes, np.ndarray] = field(default_factory=dict)
    episodes: int = 0
    seconds: float = 0.0

    def row(self, key: bytes) -> np.ndarray:
        row = self.values.get(key)
        if row is None:
            row = self.values[key] = np.zeros(self.num_actions)
            self.counts[key] = np.zeros(self.num_actions, dtype=np.int64)
        return row

    def greedy(self, key: bytes, legal: np.ndarray, rng: np.random.Generator) -> int:
        values = self.row(key)[legal]
        best = legal[values == values.max()]
        return int(best[rng.integers(len(best))])

    def update(self, key: bytes, action: int, target: float, floor: float) -> None:
        row, count = self.row(key), self.counts[key]
        count[action] += 1
        row[action] += max(1.0 / count[action], floor) * (target - row[action])


def train(
    variant: str,
    episodes: int,
    seed: int = 1,
    progress: Callable[[str], None] | None = None,
) -> QTable:
    """Q-learning for ``episodes`` games against the solver, seats alternating."""
    envs = make_envs(variant)
    rng = np.random.default_rng(seed)
    table = QTable(int(envs[0].action_space.n))  # type: ignore[attr-defined]
    for k, env in enumerate(envs):
        env.reset(seed=seed * 2 + k)  # each seat's stream of games
        env.action_space.seed(seed * 2 + k)
    began = time.perf_counter()
    won = 0
    report_every = max(1, episodes // 10)
    for episode in range(episodes):
        env = envs[episode % 2]
        done_share = episode / max(1, episodes - 1)
        epsilon = EPSILON[0] + (EPSILON[1] - EPSILON[0]) * done_share
        floor = STEP_FLOOR[0] + (STEP_FLOOR[1] - STEP_FLOOR[0]) * done_share
        obs, info = env.reset()
        steps: list[tuple[bytes, int, float, bytes, np.ndarray, bool]] = []
        done, reward = False, 0.0
        while not done:
            key, mask = obs.tobytes(), info["action_mask"]
            if rng.random() < epsilon:
                action = int(env.action_space.sample(mask=mask))
            else:
                action = table.greedy(key, np.flatnonzero(mask), rng)
            obs, r, terminated, truncated, info = env.step(action)
            reward, done = float(r), terminated or truncated
            legal_after = np.flatnonzero(info["action_mask"])
            steps.append((key, action, reward, obs.tobytes(), legal_after, done))
        for key, action, r, after, legal, end in reversed(steps):
            target = r if end else float(table.row(after)[legal].max())
            table.update(key, action, target, floor)
        won += reward > 0
        if progress is not None and (episode + 1) % report_every == 0:
            progress(
                f"episodes {episode + 1:,}/{episodes:,}: won {won / report_every:.1%} of the "
                f"last {report_every:,} (epsilon {epsilon:.3f}), {len(table.values):,} "
                f"observations, {time.perf_counter() - began:.0f} s"
            )
            won = 0
    table.episodes = episodes
    table.seconds = time.perf_counter() - began
    return table


def save(table: QTable, variant: str, path: str | Path) -> None:
    """The table as a Saloon policy file, for the options the environment plays."""
    state = saloon_env(make_envs(variant)[0]).state
    keys = list(table.values)
    observations = np.stack([np.frombuffer(k, dtype=np.float32) for k in keys])
    values = np.stack([table.values[k] for k in keys])
    save_policy(path, state.game, state.options, state.num_players, observations, values)


@dataclass(frozen=True)
class Evaluation:
    """Games against the solver: wins, and what the player's decisions met."""

    games: int
    wins: int
    decisions: int
    unseen: int = 0
    optimal: int = 0
    regret: float = 0.0  # win probability given up, summed over the decisions

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def evaluate(variant: str, games: int, seed: int, policy_file: str | Path | None) -> Evaluation:
    """``games`` games against the solver, seats balanced: the policy in
    ``policy_file`` (an unseen observation played at random), or the
    random player (Gymnasium's masked sampling) when it is ``None``."""
    envs = make_envs(variant)
    policy = None if policy_file is None else load_policy(policy_file)
    rng = np.random.default_rng(seed)
    for k, env in enumerate(envs):
        env.reset(seed=seed * 2 + k)
        env.action_space.seed(seed * 2 + k)
    game = get_game("shootout")
    wins = decisions = unseen = optimal = 0
    regret = 0.0
    for g in range(games):
        env = envs[g % 2]
        obs, info = env.reset()
        done, reward = False, 0.0
        while not done:
            mask = info["action_mask"]
            action = None if policy is None else policy.best_id(obs, np.flatnonzero(mask), rng)
            if action is None:
                if policy is not None:
                    unseen += 1
                action = int(env.action_space.sample(mask=mask))
            decisions += 1
            lost = _given_up(game, env, action)
            optimal += lost <= 1e-12
            regret += lost
            obs, r, terminated, truncated, info = env.step(action)
            reward, done = float(r), terminated or truncated
        wins += reward > 0
    return Evaluation(games, wins, decisions, unseen, optimal, regret)


def _given_up(game: Any, env: Env, action: int) -> float:
    """The win probability ``action`` gives up at the state under way,
    against the best action (the exact advisor's values)."""
    inner = saloon_env(env)
    advice: dict[Any, float] = dict(game.advise(inner.state))
    return max(advice.values()) - advice[inner.table.encoding.action(inner.state, action)]


def best_possible(variant: str) -> tuple[float, float]:
    """The first player's exact win probability with perfect play by both,
    and the best win rate of any policy against the solver over both seats
    (the first duel's starter is a coin toss, so half the games each way)."""
    state = saloon_env(make_envs(variant)[0]).state
    first = float(state.game.solve(state.options)["first_player_win"])
    return first, (first + (1 - first)) / 2


def rate(e: Evaluation) -> str:
    lo, hi = e.interval
    return f"{e.win_rate:6.1%}  [{lo:.1%}, {hi:.1%}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="short-street")
    parser.add_argument("--episodes", type=int, default=60_000, help="training games")
    parser.add_argument("--games", type=int, default=10_000, help="games measured for each player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="the policy file (default: shootout-VARIANT.npz)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    out = Path(args.out or f"shootout-{args.variant}.npz")

    table = train(args.variant, args.episodes, args.seed, None if args.quiet else print)
    save(table, args.variant, out)
    print(
        f"trained {table.episodes:,} episodes in {table.seconds:.0f} s: "
        f"{len(table.values):,} observations, saved to {out}"
    )
    began = time.perf_counter()
    trained = evaluate(args.variant, args.games, args.seed + 1000, out)
    rand = evaluate(args.variant, args.games, args.seed + 1000, None)
    first, best = best_possible(args.variant)
    print(f"measured {args.games:,} games each in {time.perf_counter() - began:.0f} s\n")
    print(report(args.variant, table, trained, rand, best, first))


def report(
    variant: str, table: QTable, trained: Evaluation, rand: Evaluation, best: float, first: float
) -> str:
    """The measurements as a Markdown table."""
    lines = [
        f"Shoot Out, {variant}: {table.episodes:,} training episodes in {table.seconds:.0f} s, "
        f"{len(table.values):,} observations; {trained.games:,} games measured a player, "
        "seats balanced",
        "",
        "| against the solver | win rate [95% CI] | best action chosen "
        "| win probability given up a decision | unseen observations |",
        "|---|---|---:|---:|---:|",
    ]
    for who, e in (("trained policy", trained), ("random player", rand)):
        lo, hi = e.interval
        unseen = f"{e.unseen / e.decisions:.2%}" if e is trained else "-"
        lines.append(
            f"| {who} | {e.win_rate:.1%} [{lo:.1%}, {hi:.1%}] | {e.optimal / e.decisions:.1%} "
            f"| {e.regret / e.decisions:.3f} | {unseen} |"
        )
    lines.append(
        f"| perfect play | {best:.1%} (exact; the first player wins {first:.1%}) | 100% | 0 | - |"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    main()

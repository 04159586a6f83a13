"""The shape of optimal play in Shoot Out, from the exact solution.

Prints how often each action is optimal at the start of a turn in the first
duel (every card, every bullet count, every pair of spaces), and draws
``docs/games/img/shootout-policy.png``: the optimal action over both pawns'
spaces in the first duel, for three cards, with full and with low bullets.

    python benchmarks/shootout_policy.py [--variant standard]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.solver import Solution, _Layout, _payoffs, solve

ACTIONS = ("retreat", "move", "colt", "winchester")


def turn_values(solution: Solution, card: int) -> np.ndarray:
    """Values of the four actions at the start of a turn, first duel, for the
    player to move: shape ``(4, my bullets, their bullets, my space, theirs)``
    (``nan`` where an action is not legal)."""
    o = solution.options
    lay = _Layout.of(o)
    deck = o.deck
    duel = solution._duel(deck, 0, 0, card)
    t, a = duel.t_ab, duel.a_ab  # scores 0-0: one table for both players
    win, lose, _, _ = _payoffs(lay, solution._starts, deck, 0, 0, card)
    n, p, nr = lay.n_i, lay.npos, lay.nr
    out = np.full((4, n, n, p, p), np.nan)
    ii = np.arange(n)
    far = (np.arange(p) >= lay.rf)[None, None, None, :]
    out[0] = np.where(far, lose[lay.reload_idx][:, :, None, None], lose[:, :, None, None])
    move = np.empty((n, n, p, p))
    move[:, :, 0, :] = win[:, :, None]
    # 1 - T_opp[j, i, y, x - 1], transposed to [i, j, x, y]
    move[:, :, 1:, :] = 1.0 - t.transpose(1, 0, 3, 2)[:, :, :-1, :]
    out[1] = move
    yp = np.minimum(np.arange(p) + lay.push, p - 1)
    for k, (step, chance) in enumerate(((nr, lay.colt_p), (1, lay.winch_p))):
        ok = ii // nr > 0 if step == nr else ii % nr > 0
        src = ii[ok] - step
        hit = a[src][:, :, :, yp]
        miss = 1.0 - t.transpose(1, 0, 3, 2)[src]
        c = chance[None, None, :, None]
        out[2 + k][ok] = c * hit + (1 - c) * miss
    return out


def best_codes(values: np.ndarray) -> np.ndarray:
    """The optimal action's index; ties go to the first in ``ACTIONS``
    except that moving beats an equal retreat (both give up nothing)."""
    filled = np.where(np.isnan(values), -1.0, values)
    best = filled.max(axis=0)
    order = (1, 0, 2, 3)
    code = np.full(best.shape, -1)
    for k in reversed(order):
        code = np.where(filled[k] >= best - 1e-12, k, code)
    return code


def summary(solution: Solution) -> None:
    o = solution.options
    lay = _Layout.of(o)
    print(f"first player wins {solution.first_player_win:.9f}; {solution.states:,} states")
    print("optimal action at the start of a turn, first duel, all bullets and spaces:")
    print("card  " + "  ".join(f"{a:>10}" for a in ACTIONS))
    for card in sorted(set(o.deck)):
        codes = best_codes(turn_values(solution, card))
        share = [(codes == k).mean() for k in range(4)]
        print(f"{card:>4}  " + "  ".join(f"{s:>10.1%}" for s in share))
    full = lay.index(o.black, o.red)
    print("start of the game, card by card (player to move, pawns on start):")
    for card in sorted(set(o.deck)):
        v = turn_values(solution, card)[:, full, full, lay.start_x, lay.start_x]
        print(
            f"  card {card}: " + ", ".join(f"{a} {x:.4f}" for a, x in zip(ACTIONS, v, strict=True))
        )


def plot(solution: Solution, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    o = solution.options
    lay = _Layout.of(o)
    cards = sorted(set(o.deck))
    shown = [cards[0], cards[len(cards) // 2], cards[-1]]
    bullets = [
        (f"{o.black} black, {o.red} red each", lay.index(o.black, o.red)),
        ("4 black, 1 red each", lay.index(min(4, o.black), min(1, o.red))),
    ]
    colours = ListedColormap(["#b2182b", "#f7f7f7", "#4393c3", "#1b7837"])
    fig, axes = plt.subplots(len(bullets), len(shown), figsize=(12, 8.2), squeeze=False)
    spaces = np.arange(o.front, o.back + 1)
    for col, card in enumerate(shown):
        codes = best_codes(turn_values(solution, card))
        for row, (label, b) in enumerate(bullets):
            ax = axes[row][col]
            ax.imshow(
                codes[b, b],
                cmap=colours,
                vmin=-0.5,
                vmax=3.5,
                origin="lower",
                extent=(spaces[0] - 0.5, spaces[-1] + 0.5, spaces[0] - 0.5, spaces[-1] + 0.5),
            )
            ax.set_title(f"card {card}, {label}", fontsize=10)
            ax.set_xlabel("opponent's space")
            ax.set_ylabel("mover's space")
    handles = [
        plt.Rectangle((0, 0), 1, 1, color=colours(k), ec="grey") for k in range(len(ACTIONS))
    ]
    fig.legend(handles, ACTIONS, loc="lower center", ncol=4)
    fig.suptitle(
        f"Shoot Out ({o.describe()}): optimal action at the start of a turn, first duel, 0-0"
    )
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard", choices=("standard", "veteran"))
    parser.add_argument("--out", type=Path, default=Path(__file__).parent.parent / "docs/games/img")
    args = parser.parse_args()
    solution = solve(ShootOutOptions(variant=args.variant))
    summary(solution)
    plot(solution, args.out / f"shootout-policy-{args.variant}.png")


if __name__ == "__main__":
    main()

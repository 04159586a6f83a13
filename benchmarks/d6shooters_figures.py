"""The d6 Shooters' published figures: tables and plots from ``simulate`` runs.

Reads the runs of a results database made by ``saloon simulate ... --db FILE
--run-id A-epE-VERSION`` (A is ``r`` random, ``h`` heuristic, ``p``
planner), prints the Markdown tables of docs/games/d6shooters.md and writes
``d6shooters-win-rates.png`` and ``d6shooters-scores-epE.png`` into the
given folder.

    python benchmarks/d6shooters_figures.py RESULTS.sqlite docs/games/img
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

AGENTS = {"r": "random", "h": "heuristic", "p": "planner"}
VERSIONS = ("standard", "easier", "shorter")


def load(db: str) -> dict[str, Any]:
    con = sqlite3.connect(db)
    out = {}
    for run_id, summary in con.execute("SELECT id, summary FROM runs WHERE status = 'done'"):
        if summary:
            out[run_id] = json.loads(summary)
    return out


def table(runs: dict[str, Any]) -> str:
    lines = [
        "| episode | version | agent | games | win rate (95% CI) | mean score (95% CI) "
        "| p50 / p95 score | causes of loss |",
        "|---|---|---|---:|---|---|---|---|",
    ]
    for ep in (1, 2):
        for version in VERSIONS:
            for a, name in AGENTS.items():
                s = runs.get(f"{a}-ep{ep}-{version}")
                if s is None:
                    continue
                lo, hi = s["win_rate_ci95"]
                mlo, mhi = s["mean_score_ci95"]
                q = s["score"]["quantiles"]
                games = int(s["games"])
                cats = {k: v for k, v in s["categories"].items() if k != "won"}
                causes = ", ".join(
                    f"{k} {100 * v / games:.1f}%"
                    for k, v in sorted(cats.items(), key=lambda kv: -kv[1])
                )
                lines.append(
                    f"| {ep} | {version} | {name} | {games:,} | "
                    f"{100 * s['win_rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}) | "
                    f"{s['mean_score']:.2f} ({mlo:.2f}–{mhi:.2f}) | "
                    f"{q['p50']:.0f} / {q['p95']:.0f} | {causes} |"
                )
    return "\n".join(lines)


def plots(runs: dict[str, Any], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8), sharey=True)
    for ax, ep in zip(axes, (1, 2), strict=True):
        width = 0.27
        for k, (a, name) in enumerate(AGENTS.items()):
            xs, ys, errs = [], [], []
            for j, version in enumerate(VERSIONS):
                s = runs.get(f"{a}-ep{ep}-{version}")
                if s is None:
                    continue
                lo, hi = s["win_rate_ci95"]
                w = float(s["win_rate"])
                xs.append(j + (k - 1) * width)
                ys.append(w)
                errs.append([w - lo, hi - w])
            if xs:
                err = list(zip(*errs, strict=True))
                ax.bar(xs, ys, width, yerr=err, capsize=3, label=name)
        ax.set_xticks(range(len(VERSIONS)), VERSIONS)
        ax.set_title(f"Episode {ep}")
        ax.set_ylim(0, 1)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("win rate (95% CI)")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(folder / "d6shooters-win-rates.png", dpi=110)
    plt.close(fig)
    for ep in (1, 2):
        fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
        for ax, version in zip(axes, VERSIONS, strict=True):
            for a, name in AGENTS.items():
                s = runs.get(f"{a}-ep{ep}-{version}")
                if s is None:
                    continue
                h = s["score"]["histogram"]
                edges, counts = h["edges"], h["counts"]
                total = sum(counts)
                lost = sum(c for c, lo in zip(counts, edges, strict=False) if lo < 10) / total
                # A win scores 10 or more; a loss 0 (given in the legend).
                # Bins differ between runs, so the wins are drawn as a density.
                xs, ys = [], []
                for i, c in enumerate(counts):
                    if edges[i] >= 10 or edges[i + 1] > 10:
                        xs.append((edges[i] + edges[i + 1]) / 2)
                        ys.append(c / total / (edges[i + 1] - edges[i]))
                ax.step(xs, ys, where="mid", label=f"{name} (lost: {lost:.0%})")
            ax.set_title(f"Episode {ep}, {version}")
            ax.set_xlabel("score of a won game")
            ax.legend(fontsize=8)
            ax.grid(alpha=0.3)
        axes[0].set_ylabel("share of games per point")
        fig.tight_layout()
        fig.savefig(folder / f"d6shooters-scores-ep{ep}.png", dpi=110)
        plt.close(fig)


def main() -> None:
    runs = load(sys.argv[1])
    print(table(runs))
    plots(runs, Path(sys.argv[2]))


if __name__ == "__main__":
    main()

"""A sweep shown: its table, its plot (PNG) and a self-contained HTML page.

The plot is a line with its 95% band for one varied numeric option (points
with error bars for a varied word), a heatmap for two, and one line per
combination of the others for three or four (at most eight lines). Drawn
with matplotlib's Agg canvas, like the reports (:mod:`.report`).
"""

from __future__ import annotations

import base64
import html
import itertools
import json
from pathlib import Path
from typing import Any

from matplotlib.ticker import MaxNLocator

from saloon.analysis.report import mean_text, new_figure, percent, png_bytes, rate_text
from saloon.analysis.sweep import Crossing, SweepResult
from saloon.core.errors import SaloonError
from saloon.core.registry import get_game

__all__ = ["plot_sweep", "sweep_html", "sweep_rows", "who_wins"]

#: The most lines one plot draws (three or four varied options).
MAX_LINES = 8


def who_wins(result: SweepResult) -> str:
    """Whose win rate the sweep measures, in words."""
    players = len(result.seats) if result.seats else 2
    if players == 1:
        return "win rate"
    return "first player's win probability" if result.exact else "first seat's win rate"


def sweep_rows(result: SweepResult) -> tuple[list[str], list[list[str]]]:
    """The table: a header and one row per cell, as text."""
    head = [a.key for a in result.axes]
    scored = any(c.mean_score is not None for c in result.cells)
    if result.exact:
        head += [who_wins(result)]
    else:
        head += ["games", f"{who_wins(result)} [95% CI]"]
        if scored:
            head += ["mean score [95% CI]"]
        head += ["engine"]
    rows = []
    for c in result.cells:
        row = [v for _, v in c.values]
        if result.exact:
            row += [f"{c.win_rate:.6f}"]
        else:
            row += [f"{c.games:,}", rate_text(c.win_rate, c.ci95)]
            if scored:
                lo, hi = c.score_ci95
                row += [mean_text(c.mean_score or 0.0, lo, hi)]
            row += [c.engine]
        rows.append(row)
    return head, rows


def plot_sweep(result: SweepResult, target: float | None = None) -> bytes:
    """The sweep as a PNG (see the module's docstring for its shape)."""
    axes = result.axes
    if len(axes) == 2:
        return _heatmap(result)
    fig = new_figure(7.5, 4.4)
    ax = fig.add_subplot(1, 1, 1)
    first = axes[0]
    xs = first.numbers
    positions = xs if xs is not None else list(range(len(first.values)))
    per_line = len(first.values)
    groups = list(itertools.product(*(a.values for a in axes[1:])))
    if len(groups) > MAX_LINES:
        raise SaloonError(
            f"the plot draws at most {MAX_LINES} lines; this sweep has {len(groups)} "
            "(vary fewer options, or read the table)"
        )
    colours = ["#1f5f8b", "#b5452b", "#3b7d3b", "#7a4e9c", "#a07a1b", "#2b8a8a", "#555", "#c06"]
    for g, group in enumerate(groups):
        # Cells run first axis slowest: cell k = i * len(groups) + g.
        cells = [result.cells[i * len(groups) + g] for i in range(per_line)]
        rates = [100 * c.win_rate for c in cells]
        lows = [100 * c.ci95[0] for c in cells]
        highs = [100 * c.ci95[1] for c in cells]
        label = " ".join(f"{a.key}={v}" for a, v in zip(axes[1:], group, strict=True)) or None
        colour = colours[g % len(colours)]
        if xs is not None:
            ax.plot(positions, rates, marker="o", color=colour, label=label)
            if not result.exact:
                ax.fill_between(positions, lows, highs, color=colour, alpha=0.18, linewidth=0)
        else:
            err = [[r - lo for r, lo in zip(rates, lows, strict=True)]]
            err += [[hi - r for r, hi in zip(rates, highs, strict=True)]]
            ax.errorbar(positions, rates, yerr=err, fmt="o", capsize=4, color=colour, label=label)
    if xs is None:
        ax.set_xticks(positions, list(first.values))
    elif len(xs) <= 12:
        ax.set_xticks(positions, list(first.values))  # a tick at every cell
    elif all(x == int(x) for x in xs):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if target is not None:
        ax.axhline(100 * target, color="#888", linestyle="--", linewidth=1)
        if len(axes) == 1 and xs is not None:
            for cross in result.crossings(target):
                ax.axvline(cross.value, color="#888", linestyle=":", linewidth=1)
                if cross.lo is not None and cross.hi is not None and cross.lo < cross.hi:
                    ax.axvspan(cross.lo, cross.hi, color="#888", alpha=0.12, linewidth=0)
    ax.set_xlabel(first.key)
    ax.set_ylabel(f"{who_wins(result)} (%)")
    ax.set_title(_title(result), fontsize=10)
    ax.grid(True, alpha=0.3)
    if len(groups) > 1:
        ax.legend(fontsize=8)
    return png_bytes(fig)


def _heatmap(result: SweepResult) -> bytes:
    rows_axis, cols_axis = result.axes
    n_rows, n_cols = len(rows_axis.values), len(cols_axis.values)
    grid = [[100 * result.cells[i * n_cols + j].win_rate for j in range(n_cols)]
            for i in range(n_rows)]  # fmt: skip
    fig = new_figure(max(5.5, 0.8 * n_cols + 2.5), max(3.2, 0.32 * n_rows + 1.8))
    ax = fig.add_subplot(1, 1, 1)
    # Centred on an even game, as wide as the farthest cell from it: the
    # colours show who is favoured, and small differences still show.
    spread = max(1.0, max(abs(v - 50) for row in grid for v in row))
    image = ax.imshow(
        grid, cmap="RdBu_r", vmin=50 - spread, vmax=50 + spread, aspect="auto", origin="lower"
    )
    ax.set_xticks(range(n_cols), list(cols_axis.values))
    ax.set_yticks(range(n_rows), list(rows_axis.values))
    ax.set_xlabel(cols_axis.key)
    ax.set_ylabel(rows_axis.key)
    if n_rows * n_cols <= 200:
        small = 7 if n_cols > 10 else 8
        for i in range(n_rows):
            for j in range(n_cols):
                v = grid[i][j]
                colour = "white" if abs(v - 50) > 0.6 * spread else "black"
                ax.text(j, i, f"{v:.1f}", ha="center", va="center", fontsize=small, color=colour)
    bar = fig.colorbar(image, ax=ax)
    bar.set_label(f"{who_wins(result)} (%)")
    ax.set_title(_title(result), fontsize=10)
    return png_bytes(fig)


def _title(result: SweepResult) -> str:
    game = get_game(result.game)
    fixed = " ".join(result.fixed)
    how = (
        "each cell solved exactly"
        if result.exact
        else f"{result.games:,} games a cell, {', '.join(result.seats)}"
    )
    return f"{game.title}{' (' + fixed + ')' if fixed else ''}: {how}"


def sweep_html(
    result: SweepResult,
    command: str | None = None,
    target: float | None = None,
    plot: bytes | None = None,
) -> str:
    """The sweep as one self-contained HTML page: the table, the plot, the
    crossing of the target (if asked) and the results as JSON."""
    esc = html.escape
    game = get_game(result.game)
    title = f"Saloon sweep: {game.title}, {', '.join(a.key for a in result.axes)}"
    head, rows = sweep_rows(result)
    table = "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>\n"
    table += "\n".join(
        "<tr>" + "".join(f"<td>{esc(v)}</td>" for v in row) + "</tr>" for row in rows
    )
    parts = [f"<h1>{esc(title)}</h1>"]
    what = (
        "each cell solved exactly"
        if result.exact
        else f"{result.games:,} games a cell, seed {result.seed}, seats "
        + esc(", ".join(result.seats))
        + f"; engine: {esc(', '.join(result.engines))}"
    )
    fixed = " ".join(result.fixed) or "the game's defaults"
    parts.append(f"<p>Fixed options: {esc(fixed)}. {what}.</p>")
    if command:
        parts.append(f"<pre>{esc(command)}</pre>")
    if target is not None:
        parts.append(f"<p>{esc(crossing_sentence(result, target))}</p>")
    parts.append(f"<table>\n{table}\n</table>")
    if plot is not None:
        data = base64.b64encode(plot).decode("ascii")
        parts.append(f'<figure><img alt="the sweep" src="data:image/png;base64,{data}"></figure>')
    blob = json.dumps(result.to_dict(), sort_keys=True).replace("</", "<\\/")
    body = "\n".join(parts)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0 2em; }}
th, td {{ border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: right; }}
th {{ background: #f3f1ec; }}
pre {{ background: #f6f6f6; padding: 0.6em; overflow-x: auto; }}
img {{ max-width: 100%; }}
</style></head>
<body>
{body}
<script type="application/json" id="saloon-sweep">{blob}</script>
</body></html>
"""


def crossing_sentence(result: SweepResult, target: float) -> str:
    """Where the win rate crosses ``target``, as a sentence (one varied
    numeric option)."""
    key = result.axes[0].key
    found: list[Crossing] = result.crossings(target)
    if not found:
        rates = [c.win_rate for c in result.cells]
        return (
            f"The {who_wins(result)} does not cross {percent(target)} between "
            f"{key} = {result.axes[0].values[0]} and {result.axes[0].values[-1]} "
            f"(it runs from {percent(min(rates))} to {percent(max(rates))})."
        )
    return " ".join(c.sentence(key, who_wins(result)) for c in found)


def write_text(path: str | Path, text: str | bytes, what: str) -> Path:
    """Write a sweep's file, with one clear message if it cannot be written."""
    out = Path(path)
    try:
        if isinstance(text, bytes):
            out.write_bytes(text)
        else:
            out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SaloonError(f"cannot write the {what} to {path}: {exc.strerror}") from exc
    return out


def to_json(result: SweepResult, target: float | None) -> dict[str, Any]:
    """The sweep as JSON, with its crossings of ``target`` if asked."""
    out = result.to_dict()
    if result.sweep_id is not None:
        out["run_id"] = result.sweep_id
    if target is not None:
        out["target"] = target
        out["crossings"] = [c.to_dict() for c in result.crossings(target)]
    return out

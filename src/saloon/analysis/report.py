"""Reports: stored runs side by side, with plots (PNG) and a self-contained HTML page.

Everything is computed from the games in the results database, so the
numbers in a report are the database's. The plots are drawn with
matplotlib's Agg canvas (no display, no global backend change):

* ``scores.png``: the score distribution of each run (and seat);
* ``win_rates.png``: each run's win rate with its 95% Wilson interval
  (each seat's, for a multi-player game; each pairing's, for an arena);
* ``convergence.png``: the running win rate over the games of each run,
  with its 95% band, to see whether a run was long enough.

The HTML page embeds the plots as ``data:image/png;base64`` images and the
summaries as JSON, so it is one file to send.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from saloon.analysis.arena import ArenaResult, arena_from_db
from saloon.analysis.db import GameRow, ResultsDB, RunInfo
from saloon.analysis.simulate import Summary, run_summary
from saloon.core.errors import SaloonError, UnknownName
from saloon.core.registry import get_game

__all__ = ["Report", "RunData", "build_report", "load_runs"]

#: The plots a report draws, by file name.
PLOTS = ("scores", "win_rates", "convergence")


@dataclass(frozen=True)
class RunData:
    """A stored run with its games and what they come to."""

    run: RunInfo
    rows: list[GameRow]
    summary: Summary | None = None
    arena: ArenaResult | None = None

    @property
    def label(self) -> str:
        return f"run {self.run.id}"

    @property
    def options_text(self) -> str:
        """The options that differ from the game's defaults (``key=value ...``)."""
        try:
            game = get_game(self.run.game)
            return game.options_from_dict(self.run.options).describe()
        except (UnknownName, SaloonError):
            return json.dumps(self.run.options, sort_keys=True)

    def to_dict(self) -> dict[str, Any]:
        out = self.run.to_dict()
        if self.summary is not None:
            out["summary"] = self.summary.to_dict()
        if self.arena is not None:
            out["summary"] = self.arena.to_dict()
        return out


def load_runs(db: ResultsDB, run_ids: Sequence[str]) -> list[RunData]:
    """The runs ``run_ids``, each with its games and its summary."""
    if not run_ids:
        raise SaloonError("name at least one run (see `saloon runs`)")
    out = []
    for run_id in run_ids:
        run = db.run(run_id)
        if run.kind in ("sweep", "exact"):
            raise SaloonError(
                f"run {run.id} is {'a sweep' if run.kind == 'sweep' else 'a cell solved exactly'}"
                f"; `saloon sweep --resume {run.id.split('.')[0]} --html FILE` reports a sweep"
            )
        rows = db.game_rows(run.id)
        batch = run.kind == "simulate" and run.params.get("engine", "reference") != "reference"
        if not rows and not (batch and run.done):
            raise SaloonError(f"run {run.id} has no finished games yet")
        if run.kind == "arena":
            out.append(RunData(run, rows, arena=arena_from_db(db, run.id)))
        else:
            out.append(RunData(run, rows, summary=run_summary(db, run)))
    return out


# -- the table -----------------------------------------------------------------------------


def percent(p: float) -> str:
    """A proportion as a percentage with two decimals.

    >>> percent(0.4940)
    '49.40%'
    """
    return "n/a" if math.isnan(p) else f"{100 * p:.2f}%"


def rate_text(rate: float, ci: Sequence[float]) -> str:
    """A rate with its interval: ``49.40% [47.21%, 51.59%]``."""
    return f"{percent(rate)} [{percent(ci[0])}, {percent(ci[1])}]"


def mean_text(mean: float, lo: float | None, hi: float | None) -> str:
    """A mean with its interval: ``10.78 [10.51, 11.04]``."""
    if lo is None or hi is None or not (math.isfinite(lo) and math.isfinite(hi)):
        return f"{mean:.2f}"
    return f"{mean:.2f} [{lo:.2f}, {hi:.2f}]"


def comparison(runs: Sequence[RunData]) -> list[tuple[str, list[str]]]:
    """The side-by-side table: one ``(what, [value per run])`` per line."""
    lines: dict[str, list[str]] = {}

    def put(what: str, k: int, value: str) -> None:
        lines.setdefault(what, [""] * len(runs))[k] = value

    for k, data in enumerate(runs):
        run = data.run
        put("run", k, run.id)
        put("kind", k, run.kind)
        put("game", k, run.game)
        put("options", k, data.options_text)
        put("seats" if run.kind == "simulate" else "agents", k, ", ".join(run.seats))
        put("seed", k, str(run.seed))
        put("games", k, f"{run.done} of {run.games}")
        put("status", k, run.status)
        s = data.summary
        if s is not None:
            for seat in s.per_seat:
                who = "" if s.solo else f" (seat {seat.seat + 1})"
                if not s.solo:
                    put(f"seat {seat.seat + 1}", k, seat.agent)
                put(f"win rate{who}", k, rate_text(seat.wins.rate, seat.wins.ci95))
                put(f"mean score{who}", k, mean_text(seat.score.mean, seat.score.lo, seat.score.hi))
                q = seat.score.quantiles
                put(f"score p5/p50/p95{who}", k, f"{q['p5']:g} / {q['p50']:g} / {q['p95']:g}")
            if not s.solo:
                put("draws", k, str(s.draws))
            put("mean length", k, mean_text(s.length.mean, s.length.lo, s.length.hi))
            for name, count in s.categories.items():
                put(f"ended: {name or '(none)'}", k, f"{count} ({percent(count / s.games)})")
        a = data.arena
        if a is not None:
            for name in sorted(a.ratings, key=lambda n: -a.ratings[n]):
                put(f"rating: {name}", k, f"{a.ratings[name]:.0f}")
            for p in a.pairings:
                put(f"{p.a} vs {p.b}", k, rate_text(p.win_rate, p.interval))
    return list(lines.items())


# -- the plots -----------------------------------------------------------------------------


def new_figure(width: float = 7.5, height: float = 4.2) -> Any:
    """A matplotlib figure on its own Agg canvas (no display, no global backend)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def png_bytes(fig: Any) -> bytes:
    """``fig`` drawn as a PNG."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def _seat_series(data: RunData) -> list[tuple[str, int]]:
    """(legend label, seat) for each seat of a simulation run."""
    s = data.summary
    if s is None:
        return []
    if s.solo:
        return [(data.label, 0)]
    return [(f"{data.label}, seat {p.seat + 1} ({p.agent})", p.seat) for p in s.per_seat]


def plot_scores(runs: Sequence[RunData]) -> bytes:
    """Score histograms, every simulation run (and seat) on one set of axes."""
    fig = new_figure()
    ax = fig.add_subplot()
    series = [
        (label, [r.scores[seat] for r in d.rows])
        for d in runs
        if d.rows
        for label, seat in _seat_series(d)
    ]
    # A batch engine's run keeps a histogram of its scores, not the games.
    tallied = [
        (f"{label} (engine: {d.summary.engine})", d.summary.per_seat[seat].score)
        for d in runs
        if not d.rows and d.summary is not None
        for label, seat in _seat_series(d)
    ]
    for label, dist in tallied:
        counts = np.asarray(dist.histogram_counts, dtype=float)
        edges = np.asarray(dist.histogram_edges)
        ax.stairs(counts / counts.sum() / np.diff(edges), edges, linewidth=1.8, label=label)
    if series:
        allv = np.concatenate([np.asarray(v, dtype=float) for _, v in series])
        lo, hi = float(allv.min()), float(allv.max())
        if bool(np.all(allv == np.round(allv))) and hi - lo <= 60:
            bins: Any = np.arange(lo - 0.5, hi + 1.0, 1.0)
        else:
            bins = np.histogram_bin_edges(allv, bins=30)
        for label, values in series:
            ax.hist(values, bins=bins, density=True, histtype="step", linewidth=1.8, label=label)
        ax.legend(fontsize="small")
    elif tallied:
        ax.legend(fontsize="small")
    else:
        ax.text(0.5, 0.5, "no simulation runs", ha="center", va="center")
    ax.set_xlabel("score")
    ax.set_ylabel("share of games")
    ax.set_title("Score distribution")
    return png_bytes(fig)


def plot_win_rates(runs: Sequence[RunData]) -> bytes:
    """Win rates with 95% intervals as error bars."""
    labels: list[str] = []
    rates: list[float] = []
    lows: list[float] = []
    highs: list[float] = []
    for d in runs:
        if d.summary is not None:
            for label, seat in _seat_series(d):
                w = d.summary.per_seat[seat].wins
                labels.append(label)
                rates.append(w.rate)
                lows.append(w.ci95[0])
                highs.append(w.ci95[1])
        if d.arena is not None:
            for p in d.arena.pairings:
                lo, hi = p.interval
                labels.append(f"{d.label}: {p.a} vs {p.b}")
                rates.append(p.win_rate)
                lows.append(lo)
                highs.append(hi)
    fig = new_figure(7.5, max(2.5, 0.45 * len(labels) + 1.2))
    ax = fig.add_subplot()
    y = np.arange(len(labels))
    r = np.asarray(rates)
    err = np.vstack([r - np.asarray(lows), np.asarray(highs) - r])
    ax.errorbar(r, y, xerr=err, fmt="o", capsize=4)
    ax.set_yticks(y, labels, fontsize="small")
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% interval)")
    ax.set_title("Win rates")
    ax.grid(axis="x", alpha=0.3)
    return png_bytes(fig)


def running_rate(wins: Sequence[int], points: int = 400) -> tuple[Any, Any, Any, Any]:
    """(games, running win rate, lower, upper 95% Wilson bound), at up to
    ``points`` game counts spread geometrically over the run.

    >>> n, rate, lo, hi = running_rate([1, 0, 1, 1])
    >>> n.tolist(), rate.tolist()
    ([1, 2, 3, 4], [1.0, 0.5, 0.6666666666666666, 0.75])
    """
    w = np.cumsum(np.asarray(wins, dtype=float))
    total = len(w)
    n = np.unique(np.geomspace(1, total, num=min(points, total)).round().astype(int))
    k = w[n - 1]
    p = k / n
    z2 = 1.96**2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = 1.96 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return n, p, np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def plot_convergence(runs: Sequence[RunData]) -> bytes:
    """The running win rate of each simulation run (and seat) with its band."""
    fig = new_figure()
    ax = fig.add_subplot()
    drawn = False
    for d in runs:
        if not d.rows:
            continue  # a batch engine's run keeps no games one by one
        for label, seat in _seat_series(d):
            wins = [1 if seat in r.winners else 0 for r in d.rows]
            n, p, lo, hi = running_rate(wins)
            (line,) = ax.plot(n, p, label=label, linewidth=1.5)
            ax.fill_between(n, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
            drawn = True
    if drawn:
        ax.set_xscale("log")
        ax.legend(fontsize="small")
    else:
        ax.text(0.5, 0.5, "no simulation runs", ha="center", va="center")
    ax.set_ylim(0, 1)
    ax.set_xlabel("games played")
    ax.set_ylabel("win rate so far (95% band)")
    ax.set_title("Convergence")
    ax.grid(alpha=0.3)
    return png_bytes(fig)


# -- the report ----------------------------------------------------------------------------


@dataclass
class Report:
    """The table, the plots (PNG bytes by name) and the runs they come from."""

    runs: list[RunData]
    table: list[tuple[str, list[str]]]
    plots: dict[str, bytes] = field(default_factory=dict)

    def write_pngs(self, folder: str | Path) -> list[Path]:
        """Write each plot as ``NAME.png`` in ``folder`` (made if needed)."""
        out = Path(folder)
        try:
            out.mkdir(parents=True, exist_ok=True)
            paths = []
            for name, data in self.plots.items():
                path = out / f"{name}.png"
                path.write_bytes(data)
                paths.append(path)
        except OSError as exc:
            raise SaloonError(f"cannot write the plots to {folder}: {exc.strerror}") from exc
        return paths

    def html(self, title: str | None = None) -> str:
        """The whole report as one self-contained HTML page."""
        title = title or "Saloon report: " + ", ".join(d.label for d in self.runs)
        esc = html.escape
        head = "".join(f"<th>{esc(d.label)}</th>" for d in self.runs)
        body = "\n".join(
            "<tr><th>"
            + esc(what)
            + "</th>"
            + "".join(f"<td>{esc(v)}</td>" for v in values)
            + "</tr>"
            for what, values in self.table
        )
        images = "\n".join(
            f'<figure><img alt="{esc(name)}" src="data:image/png;base64,'
            f'{base64.b64encode(data).decode("ascii")}"><figcaption>{esc(name)}</figcaption>'
            "</figure>"
            for name, data in self.plots.items()
        )
        data = json.dumps([d.to_dict() for d in self.runs], sort_keys=True).replace("</", "<\\/")
        return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 2em; }}
th, td {{ border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: left; }}
tbody th {{ font-weight: normal; color: #555; }}
figure {{ display: inline-block; margin: 0 1em 1em 0; }}
img {{ max-width: 100%; }}
</style></head>
<body>
<h1>{esc(title)}</h1>
<table><thead><tr><th></th>{head}</tr></thead>
<tbody>
{body}
</tbody></table>
{images}
<script type="application/json" id="saloon-runs">{data}</script>
</body></html>
"""

    def write_html(self, path: str | Path, title: str | None = None) -> Path:
        out = Path(path)
        try:
            out.write_text(self.html(title), encoding="utf-8")
        except OSError as exc:
            raise SaloonError(f"cannot write the report to {path}: {exc.strerror}") from exc
        return out


def build_report(db: ResultsDB, run_ids: Sequence[str], plots: bool = True) -> Report:
    """The report of the runs ``run_ids`` (with its plots unless ``plots`` is false)."""
    runs = load_runs(db, run_ids)
    report = Report(runs=runs, table=comparison(runs))
    if plots:
        report.plots = {
            "scores": plot_scores(runs),
            "win_rates": plot_win_rates(runs),
            "convergence": plot_convergence(runs),
        }
    return report

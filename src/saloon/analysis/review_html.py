"""A review as one self-contained HTML page: the table, each seat's figures,
the costliest decisions and the win-probability curve as inline SVG
(matplotlib on its own Agg canvas; nothing fetched from elsewhere)."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path

from saloon.analysis.report import new_figure
from saloon.analysis.review import MARKS, Review
from saloon.core.errors import SaloonError


def curve_svg(result: Review) -> str:
    """Each seat's chance to win after each step as an SVG string (a line a
    seat; chance events marked with dots on the line); an empty string
    where nothing was valued in chance to win."""
    points = result.curve
    if not any(v is not None for p in points for v in p.values):
        return ""
    fig = new_figure(8.0, 3.6)
    ax = fig.add_subplot()
    n = len(result.seats)
    for seat in range(n):
        xs = [p.step for p in points]
        ys = [p.values[seat] if p.values[seat] is not None else float("nan") for p in points]
        (line,) = ax.plot(xs, ys, label=result.seats[seat], linewidth=1.4)
        cx = [p.step for p in points if p.chance and p.values[seat] is not None]
        cy = [p.values[seat] for p in points if p.chance and p.values[seat] is not None]
        ax.plot(cx, cy, "o", markersize=2.5, color=line.get_color(), alpha=0.7)
    for s in result.steps:
        if s.mark is not None:
            ax.axvline(s.index, color="#c33", alpha=0.25, linewidth=1)
    ax.plot([], [], "o", color="#555", markersize=2.5, label="a roll or a draw")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("step")
    ax.set_ylabel("chance to win")
    ax.yaxis.set_major_formatter(lambda y, _pos: f"{y:.0%}")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small", loc="best")
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.find("<svg") :]


def review_html(result: Review) -> str:
    """The whole review as one HTML page."""
    esc = html.escape
    title = f"Review of {result.title}"
    rows = []
    for s in result.steps:
        if s.is_chance:
            p = "" if s.probability is None else f"{s.probability:.1%}"
            rows.append(
                f'<tr class="chance"><td>{s.index}</td><td>dice</td><td>{esc(s.words)}</td>'
                f"<td>{p}</td><td></td><td></td><td></td></tr>"
            )
        elif not s.judged:
            rows.append(
                f"<tr><td>{s.index}</td><td>{s.seat + 1}</td><td>{esc(s.words)}</td><td></td>"
                f"<td>{esc(s.why_not)}</td><td></td><td></td></tr>"
            )
        else:
            best = "" if s.cost == 0 else f"{s.best_words} ({s.shown(s.best_value, s.best_spread)})"
            rows.append(
                f'<tr class="{s.mark or ""}"><td>{s.index}</td><td>{s.seat + 1}</td>'
                f"<td>{esc(s.words)}</td><td>{esc(s.shown(s.chosen_value, s.chosen_spread))}</td>"
                f"<td>{esc(best)}</td><td>{s.cost_shown()}</td><td>{s.mark or ''}</td></tr>"
            )
    seats = "".join(
        f"<li>{esc(sr.name)}: {sr.decisions} decisions, {sr.judged} judged; accuracy "
        f"{'-' if sr.accuracy is None else f'{sr.accuracy:.1f}'}; {sr.inaccuracies} "
        f"inaccuracies, {sr.mistakes} mistakes, {sr.blunders} blunders</li>"
        for sr in result.seat_reviews
    )
    costly = "".join(
        f"<li>step {s.index}, player {s.seat + 1}, cost {s.cost_shown()}: {esc(s.why())}</li>"
        for s in result.costliest
    )
    notes = "".join(f"<p>Values: {esc(n)}.</p>" for n in result.notes)
    thresholds = ", ".join(f"{name} {least * 100:g}+ points" for name, least in MARKS)
    svg = curve_svg(result)
    caption = (
        "Each seat's chance to win after each step; dots: a roll or a draw; "
        "red lines: marked decisions."
    )
    figure = f"<figure>{svg}<figcaption>{caption}</figcaption></figure>" if svg else ""
    data = json.dumps(result.to_json()).replace("</", "<\\/")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 2em; }}
th, td {{ border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }}
tr.chance {{ color: #777; }}
tr.inaccuracy {{ background: #fff6d5; }}
tr.mistake {{ background: #ffe2c4; }}
tr.blunder {{ background: #ffc9c9; }}
svg {{ max-width: 100%; height: auto; }}
</style></head>
<body>
<h1>{esc(title)}</h1>
<p>{esc(result.options)}. Result: {esc(result.result)}</p>
{notes}
<p>Marks on the cost in chance to win: {thresholds}; none where the cost is within
the judge's 95% interval.</p>
{figure}
<h2>Seats</h2><ul>{seats}</ul>
<h2>The costliest decisions</h2><ol>{costly}</ol>
<h2>Every step</h2>
<table><thead><tr><th>step</th><th>seat</th><th>action</th><th>value</th><th>best</th><th>cost</th><th>mark</th></tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody></table>
<script type="application/json" id="saloon-review">{data}</script>
</body></html>
"""


def write_html(result: Review, path: str | Path) -> Path:
    """Write :func:`review_html` to ``path`` (one line on failure)."""
    out = Path(path)
    try:
        out.write_text(review_html(result), encoding="utf-8")
    except OSError as exc:
        raise SaloonError(f"cannot write the review to {path}: {exc.strerror}") from exc
    return out

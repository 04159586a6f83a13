"""``saloon review``: every decision of a saved game scored against the best.

The table at the terminal, ``--json`` for a script, ``--html FILE`` for a
page with the win-probability curve (see :mod:`saloon.analysis.review`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from saloon.analysis.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    REVIEW_DECISIONS,
    Review,
    parse_steps,
    review,
)
from saloon.cli.common import finite, make_console
from saloon.core.errors import printable
from saloon.core.record import GameRecord

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar of the decisions judged, on stderr."""
    if not enabled:
        yield None
        return
    bar = Progress(
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("decisions judged, left"),
        TimeRemainingColumn(),
        console=Console(stderr=True, highlight=False),
        transient=True,
    )
    task_id = bar.add_task("review", total=None)
    with bar:

        def update(done: int, total: int) -> None:
            bar.update(task_id, completed=done, total=total)

        yield update


@click.command("review")
@click.argument("record_path", metavar="RECORD.json", type=click.Path(dir_okay=False))
@click.option("--seat", type=click.IntRange(1, 1000), help="Review only this seat (from 1).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--html", "html_path", type=click.Path(dir_okay=False), help="Write an HTML page to FILE."
)
@click.option(
    "--scale",
    type=click.FloatRange(min=0.001, max=100),
    callback=finite,
    help=(
        "Times the search advisor's default budget a decision (Cowboys, D6); by default the "
        f"game's decisions share {REVIEW_DECISIONS} decisions' worth (at most 1 each); exact "
        "judges ignore it."
    ),
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    help="Judge the decisions on N processes (default: the machine's cores; 1: this one).",
)
@click.option(
    "--steps",
    "steps_text",
    metavar="A:B",
    help="Review only steps A to B (from 1, both included; A: or :B leave an end open).",
)
def review_command(
    record_path: str,
    seat: int | None,
    as_json: bool,
    html_path: str | None,
    scale: float | None,
    steps_text: str | None,
    workers: int | None,
) -> None:
    """Score every decision of a saved game against the best choice, by the
    game's own advisor: the cost, marks (inaccuracy, mistake, blunder),
    each seat's accuracy and the three costliest decisions explained."""
    record = GameRecord.load(record_path)
    steps = parse_steps(steps_text) if steps_text else None
    with progress_bar(enabled=not as_json and len(record.moves) > 40) as progress:
        result = review(
            record,
            seat=None if seat is None else seat - 1,
            scale=scale,
            steps=steps,
            progress=progress,
            workers=workers,
        )
    if html_path is not None:
        from saloon.analysis.review_html import write_html

        write_html(result, html_path)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    print_review(result)
    if html_path is not None:
        make_console().print(f"wrote {printable(html_path)}", markup=False)


def print_review(result: Review, console: Console | None = None) -> None:
    """The review at the terminal: the table, each seat's figures, the costliest."""
    console = console or make_console()
    console.print(f"[bold]Review of {result.title}[/] ({result.options})", highlight=False)
    for note in result.notes:
        console.print(f"values: {note}", markup=False)
    table = Table(box=None, padding=(0, 1))
    for name, justify in (
        ("step", "right"),
        ("seat", "left"),
        ("action", "left"),
        ("value", "right"),
        ("best", "left"),
        ("cost", "right"),
        ("mark", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in result.steps:
        if s.is_chance:
            p = "" if s.probability is None else f"p {s.probability:.1%}"
            table.add_row(str(s.index), "dice", s.words, p, "", "", "", style="dim")
            continue
        seat = str(s.seat + 1)
        if not s.judged:
            table.add_row(str(s.index), seat, s.words, "", s.why_not, "", "")
            continue
        best = "" if s.cost == 0 else f"{s.best_words} ({s.shown(s.best_value, s.best_spread)})"
        mark = s.mark or ("(within the spread)" if s.cost and s.within_spread else "")
        table.add_row(
            str(s.index), seat, s.words, s.shown(s.chosen_value, s.chosen_spread), best,
            s.cost_shown(), mark, style=MARK_STYLE.get(s.mark or ""),
        )  # fmt: skip
    console.print(table)
    console.print(
        f"Marks on the cost in chance to win (points): inaccuracy {INACCURACY * 100:g}+, "
        f"mistake {MISTAKE * 100:g}+, blunder {BLUNDER * 100:g}+; none within the judge's "
        "95% interval.",
        markup=False,
    )
    for sr in result.seat_reviews:
        acc = "no decision valued in chance to win" if sr.accuracy is None else (
            f"accuracy {sr.accuracy:.1f}, mean cost {sr.mean_cost * 100:.1f} points"
            if sr.mean_cost is not None else ""
        )  # fmt: skip
        line = (
            f"{sr.name}: {sr.decisions} decisions, {sr.judged} judged; {acc}; "
            f"{sr.inaccuracies} inaccuracies, {sr.mistakes} mistakes, {sr.blunders} blunders"
        )
        if sr.score_judged and sr.mean_score_cost is not None:
            line += (
                f"; {sr.score_judged} valued by a score, mean cost {sr.mean_score_cost:.3f} "
                "(in the score's units)"
            )
        console.print(line, markup=False)
    if result.costliest:
        console.print("[bold]The costliest decisions[/]")
        for s in result.costliest:
            console.print(
                f"step {s.index}, player {s.seat + 1}, cost {s.cost_shown()}"
                f"{' points' if s.kind == 'probability' else ' (score)'}: {s.why()}",
                markup=False,
            )
    console.print(f"result: {result.result}", markup=False)

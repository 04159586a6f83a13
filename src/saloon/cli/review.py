"""``saloon review``: every decision of a saved game scored against the best.

The table at the terminal, ``--json`` for a script, ``--html FILE`` for a
page with the win-probability curve (see :mod:`saloon.analysis.review`).
With several records and ``--summary``, every record reviewed and the
figures pooled per agent (:mod:`saloon.analysis.review_summary`);
``--sample N`` judges only N decisions a record.
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
from saloon.analysis.review_summary import (
    BOOTSTRAP,
    Summary,
    interval_shown,
    one_game,
    shown,
    summarise,
)
from saloon.cli.common import finite, make_console, seed_option
from saloon.core.errors import SaloonError, printable
from saloon.core.record import GameRecord

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _bar(what: str) -> Progress:
    """A transient bar on stderr counting ``what`` (``decisions judged``)."""
    return Progress(
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(f"{what}, left"),
        TimeRemainingColumn(),
        console=Console(stderr=True, highlight=False),
        transient=True,
    )


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar of the decisions judged, on stderr."""
    if not enabled:
        yield None
        return
    bar = _bar("decisions judged")
    task_id = bar.add_task("review", total=None)
    with bar:

        def update(done: int, total: int) -> None:
            bar.update(task_id, completed=done, total=total)

        yield update


@contextmanager
def records_bar(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar of the records reviewed, on stderr."""
    bar = _bar("records")
    task_id = bar.add_task("records", total=total)
    with bar:

        def update(done: int) -> None:
            bar.update(task_id, completed=done)

        yield update


class SummaryUsageError(SaloonError):
    """Options of ``saloon review`` that do not go together."""


@click.command("review")
@click.argument(
    "record_paths", metavar="RECORD.json...", nargs=-1, required=True,
    type=click.Path(dir_okay=False),
)  # fmt: skip
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
@click.option(
    "--summary",
    is_flag=True,
    help="Review every record and pool the figures per agent (the records' seat names).",
)
@click.option(
    "--sample",
    type=click.IntRange(min=1, max=1_000_000),
    metavar="N",
    help="Judge only N decisions a record, drawn at random among those with a choice.",
)
@seed_option(0, "Seed of the --sample draw (and of the summary's bootstrap).")
def review_command(
    record_paths: tuple[str, ...],
    seat: int | None,
    as_json: bool,
    html_path: str | None,
    scale: float | None,
    steps_text: str | None,
    workers: int | None,
    summary: bool,
    sample: int | None,
    seed: int,
) -> None:
    """Score every decision of a saved game against the best choice, by the
    game's own advisor: the cost, marks (inaccuracy, mistake, blunder),
    each seat's accuracy and the three costliest decisions explained.
    With --summary, every record given is reviewed and each agent's
    accuracy (with its 95% interval), cost and marks are pooled."""
    steps = parse_steps(steps_text) if steps_text else None
    if summary or len(record_paths) > 1:
        if not summary:
            raise SummaryUsageError(
                f"{len(record_paths)} records are reviewed together only with --summary"
            )
        if html_path is not None:
            raise SummaryUsageError("--html writes the page of one game, not of a --summary")
        summary_command(record_paths, seat, as_json, scale, steps, workers, sample, seed)
        return
    record = GameRecord.load(record_paths[0])
    with progress_bar(enabled=not as_json and len(record.moves) > 40) as progress:
        result = review(
            record,
            seat=None if seat is None else seat - 1,
            scale=scale,
            steps=steps,
            progress=progress,
            workers=workers,
            sample=sample,
            sample_seed=seed,
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
        "95% interval. Accuracy counts the open positions (the best choice 5-95% to win).",
        markup=False,
    )
    for sr in result.seat_reviews:
        cost = "" if sr.mean_cost is None else f", mean cost {sr.mean_cost * 100:.1f} points"
        if sr.mean_cost is None:
            acc = "no decision valued in chance to win"
        elif sr.accuracy is None:
            acc = f"no accuracy (no decision in an open position){cost}"
        else:
            acc = f"accuracy {sr.accuracy:.1f} over {sr.open_judged} open decisions{cost}"
        marks = ", ".join(
            _count(n, one, many)
            for n, one, many in (
                (sr.inaccuracies, "inaccuracy", "inaccuracies"),
                (sr.mistakes, "mistake", "mistakes"),
                (sr.blunders, "blunder", "blunders"),
            )
        )
        line = (
            f"{sr.name}: {_count(sr.decisions, 'decision', 'decisions')}, {sr.judged} judged; "
            f"{acc}; {marks}"
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
            tag = f" ({s.mark})" if s.mark else (
                " (within the judge's spread: no mark)" if s.within_spread else ""
            )  # fmt: skip
            console.print(
                f"step {s.index}, player {s.seat + 1}, cost {s.cost_shown()}"
                f"{' points' if s.kind == 'probability' else ' (score)'}{tag}: {s.why()}",
                markup=False,
            )
    console.print(f"result: {result.result}", markup=False)


def _count(n: int, one: str, many: str) -> str:
    """``n`` things in words: ``1 mistake``, ``2 mistakes``.

    >>> _count(1, "mistake", "mistakes"), _count(0, "blunder", "blunders")
    ('1 mistake', '0 blunders')
    """
    return f"{n} {one if n == 1 else many}"


def summary_command(
    record_paths: tuple[str, ...],
    seat: int | None,
    as_json: bool,
    scale: float | None,
    steps: tuple[int, int | None] | None,
    workers: int | None,
    sample: int | None,
    seed: int,
) -> None:
    """``--summary``: load every record (all refused at once if one is bad
    or of another game), review each, pool per agent, print."""
    records = [GameRecord.load(path) for path in record_paths]
    one_game([r.game for r in records])
    games: list[tuple[list[str], Review]] = []
    with records_bar(len(records)) as tick:
        for done, record in enumerate(records, start=1):
            result = review(
                record,
                seat=None if seat is None else seat - 1,
                scale=scale,
                steps=steps,
                workers=workers,
                sample=sample,
                sample_seed=seed,
            )
            games.append((record.seats, result))
            tick(done)
    pooled = summarise(games, seed=seed, sample=sample)
    if as_json:
        click.echo(json.dumps(pooled.to_json()))
        return
    print_summary(pooled)


def print_summary(pooled: Summary) -> None:
    """The summary at the terminal: a line an agent, best accuracy first."""
    console = make_console()
    how = "every decision" if pooled.sample is None else f"{pooled.sample} decisions a record"
    console.print(
        f"[bold]Summary of {pooled.records} reviews of {pooled.title}[/] ({how})",
        highlight=False,
    )
    for note in pooled.notes:
        console.print(f"values: {note}", markup=False)
    table = Table(box=None, padding=(0, 1))
    table.add_column("agent", overflow="fold")
    for name in ("games", "judged", "open", "accuracy", "95% CI", "cost", "marks", "i / m / b"):
        table.add_column(name, justify="right", no_wrap=True)
    for a in pooled.agents:
        cost = None if a.mean_cost is None else a.mean_cost * 100
        each = " / ".join(shown(a.per_100(n)) for n in (a.inaccuracies, a.mistakes, a.blunders))
        table.add_row(
            a.agent, str(a.games), str(a.valued), str(a.open), shown(a.accuracy), interval_shown(a),
            shown(cost), shown(a.marks_per_100), each,
        )  # fmt: skip
    console.print(table)
    console.print(
        "judged: the decisions valued in chance to win, all pooled; open: those whose best "
        "choice had 5-95% to win, the ones accuracy counts; 95% CI: a percentile "
        f"bootstrap over games ({BOOTSTRAP} resamples); cost: the mean in points of chance "
        "to win; marks, and inaccuracies / mistakes / blunders, per 100 decisions judged "
        f"(at {INACCURACY * 100:g}, {MISTAKE * 100:g} and {BLUNDER * 100:g} points).",
        markup=False,
    )

"""``saloon sweep``: vary a rule, see the win rate move (:mod:`saloon.analysis.sweep`)."""

from __future__ import annotations

import shlex
import sys
from contextlib import ExitStack

import click
from rich.table import Table

from saloon.cli.common import OPTION_FLAG, OPTIONS_FILE_FLAG, make_console
from saloon.cli.lab import (
    AGENT_FLAG,
    DASK_FLAG,
    DB_FLAG,
    JSON_FLAG,
    MAX_GAMES,
    PLAYERS_FLAG,
    SEAT_FLAG,
    SEED_FLAG,
    WORKERS_FLAG,
    echo_json,
    engine_flag,
    executor_for,
    open_db,
    progress_bar,
    run_id_value,
)
from saloon.core.errors import SaloonError
from saloon.core.files import check_writable
from saloon.core.options import format_option_value, load_toml
from saloon.core.registry import get_game


def _fixed_pairs(option_pairs: tuple[str, ...], options_file: str | None) -> list[str]:
    """The fixed options as ``key=value`` pairs: the file's, then ``-o``'s."""
    values: dict[str, str] = {}
    if options_file is not None:
        for key, value in load_toml(options_file).items():
            values[key] = format_option_value(value)
    for pair in option_pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SaloonError(f"option {pair!r} is not of the form key=value")
        values[key.strip()] = value.strip()
    return [f"{k}={v}" for k, v in values.items()]


@click.command("sweep")
@click.argument("game_id", metavar="GAME", required=False)
@click.option(
    "--vary",
    "vary",
    multiple=True,
    metavar="KEY=VALUES",
    help="An option to vary (repeat for a grid): KEY=V1,V2,... or KEY=LO..HI[:STEP].",
)
@OPTION_FLAG
@OPTIONS_FILE_FLAG
@AGENT_FLAG
@SEAT_FLAG
@PLAYERS_FLAG
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1, max=MAX_GAMES),
    default=1000,
    show_default=True,
    help="Games a cell.",
)
@click.option("--exact", is_flag=True, help="Solve each cell exactly (no games).")
@engine_flag("auto")
@WORKERS_FLAG
@SEED_FLAG
@DASK_FLAG
@DB_FLAG
@click.option("--no-db", is_flag=True, help="Do not store the sweep.")
@click.option(
    "--run-id",
    metavar="ID",
    callback=run_id_value,
    help="Name the sweep (re-using a name resumes that sweep).",
)
@click.option(
    "--resume", "resume_id", metavar="ID", callback=run_id_value, help="Finish the stored sweep ID."
)
@click.option(
    "--target",
    type=click.FloatRange(min=0, max=1),
    metavar="P",
    help="Report where the win rate crosses P (one varied numeric option).",
)
@click.option("--png", "png_path", metavar="FILE", help="Write the plot as a PNG.")
@click.option("--html", "html_path", metavar="FILE", help="Write a self-contained HTML report.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@JSON_FLAG
def sweep_command(
    game_id: str | None,
    vary: tuple[str, ...],
    option_pairs: tuple[str, ...],
    options_file: str | None,
    agent: str | None,
    seat_specs: tuple[str, ...],
    players: int | None,
    games: int,
    exact: bool,
    engine: str,
    workers: int,
    seed: int,
    dask_address: str | None,
    db_path: str | None,
    no_db: bool,
    run_id: str | None,
    resume_id: str | None,
    target: float | None,
    png_path: str | None,
    html_path: str | None,
    no_progress: bool,
    as_json: bool,
) -> None:
    """Vary options and see the win rate move: every combination of the
    --vary values is a cell, played --games times (or, with --exact, solved
    exactly), with the first seat's win rate and its 95% interval.

    Every cell uses the same --seed, so the cells differ by their options,
    not their luck; the table is the same with any --workers or --dask, and
    a stopped sweep resumes (--resume ID, or the same --run-id) to the same
    table.

    \b
    saloon sweep shootout --vary start=5..20 --exact --target 0.5
    saloon sweep d6shooters --vary days=30..45 --agent heuristic -n 100000
    """
    from saloon.analysis.sweep import Axis, sweep, sweep_from_db
    from saloon.analysis.sweep_report import (
        crossing_sentence,
        plot_sweep,
        sweep_html,
        sweep_rows,
        to_json,
        write_text,
    )

    with ExitStack() as stack:
        db = None
        if not no_db:
            db = open_db(db_path)
            stack.callback(db.close)
        if resume_id is not None:
            if db is None:
                raise SaloonError("--resume needs the results database (drop --no-db)")
            args = sweep_from_db(db, resume_id)
            if game_id is not None and game_id != args["game"].id:
                raise SaloonError(
                    f"sweep {resume_id} is a sweep of {args['game'].id}, not {game_id}"
                )
        else:
            if game_id is None:
                raise SaloonError("name a GAME (or --resume a sweep)")
            game = get_game(game_id)
            axes = [Axis.parse(text) for text in vary]
            if agent is not None and seat_specs:
                raise SaloonError("give either --agent or --seat, not both")
            seats: list[str] = []
            if seat_specs:
                seats = list(seat_specs)
            elif agent is not None:
                seats = [agent] * (players or game.player_range(game.options())[0])
            elif not exact:
                raise SaloonError("say who plays: --agent SPEC or --seat SPEC per seat")
            args = {
                "game": game,
                "fixed": _fixed_pairs(option_pairs, options_file),
                "axes": axes,
                "seats": seats,
                "games": games,
                "seed": seed,
                "exact": exact,
                "engine": engine,
                "run_id": run_id,
            }
        axes = args["axes"]
        if target is not None and (len(axes) != 1 or axes[0].numbers is None):
            # Refused before the work, not after it.
            raise SaloonError("--target needs exactly one varied option, and a numeric one")
        for path, what in ((png_path, "the plot"), (html_path, "the report")):
            if path:  # refused now, not after the work
                check_writable(path, overwrite=True, what=what)
        executor = stack.enter_context(executor_for(dask_address))
        progress = stack.enter_context(
            progress_bar(f"{args['game'].id} sweep", enabled=not (as_json or no_progress))
        )
        result = sweep(**args, executor=executor, workers=workers, db=db, progress=progress)
        db_name = None if db is None else db.path
    plot = None
    if png_path or html_path:
        plot = plot_sweep(result, target)
        if png_path:
            write_text(png_path, plot, "plot")
    if html_path:
        command = "saloon " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        write_text(html_path, sweep_html(result, command, target, plot), "report")
    if as_json:
        echo_json({**to_json(result, target), "db": db_name})
        return
    console = make_console()
    game = get_game(result.game)
    fixed = " ".join(result.fixed) or "defaults"
    how = (
        "each cell solved exactly"
        if result.exact
        else f"{result.games:,} games a cell, seed {result.seed}, seats: {', '.join(result.seats)}"
    )
    console.print(f"[bold]{game.title}[/] ({fixed}): {how}")
    head, rows = sweep_rows(result)
    table = Table(box=None, padding=(0, 2))
    for k, name in enumerate(head):
        table.add_column(name, justify="left" if k < len(result.axes) else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    if target is not None:
        console.print(crossing_sentence(result, target))
    for path, what in ((png_path, "plot"), (html_path, "report")):
        if path:
            console.print(f"{what} written to {path}")
    if result.sweep_id is not None:
        console.print(
            f"stored as sweep {result.sweep_id} in {db_name}, cells {result.sweep_id}.0 to "
            f"{result.sweep_id}.{len(result.cells) - 1}"
        )

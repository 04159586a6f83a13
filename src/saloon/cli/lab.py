"""The analysis lab: ``simulate``, ``arena``, ``runs``, ``report`` and ``bench``.

Runs go to the results database (``--db``, else ``$SALOON_DB``, else
``saloon-results.sqlite`` here) unless ``--no-db`` is given; ``--json``
prints exactly one JSON object on stdout (no progress bar).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from saloon.cli.common import (
    OPTION_FLAG,
    OPTIONS_FILE_FLAG,
    finite,
    make_console,
    read_options,
    seed_option,
)
from saloon.core.errors import SaloonError, shown
from saloon.core.registry import get_game

DB_FLAG = click.option(
    "--db",
    "db_path",
    metavar="PATH",
    help="The results database (default: $SALOON_DB, else saloon-results.sqlite here).",
)
JSON_FLAG = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
#: Saloon's limits on a lab run (docs/hardening.md): checked before any work.
MAX_GAMES = 10_000_000
MAX_WORKERS = 64
MAX_BENCH_SECONDS = 600.0
MAX_BENCH_ITERATIONS = 1_000_000
MAX_SEATS = 64
MAX_ARENA_AGENTS = 32

WORKERS_FLAG = click.option(
    "--workers",
    type=click.IntRange(min=1, max=MAX_WORKERS),
    default=1,
    show_default=True,
    help="Local worker processes.",
)
DASK_FLAG = click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Run on a Dask cluster: a scheduler address, or `local` to start one here.",
)
SEED_FLAG = seed_option(0, "Seed of the run (0 or more).")
AGENT_FLAG = click.option("--agent", "agent", metavar="SPEC", help="Every seat plays this agent.")
SEAT_FLAG = click.option(
    "--seat", "seat_specs", multiple=True, metavar="SPEC", help="One seat (repeat)."
)
PLAYERS_FLAG = click.option(
    "--players",
    type=click.IntRange(min=1, max=MAX_SEATS),
    help="Seats for --agent (default: the least).",
)


def engine_flag(default: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--engine``: what plays the games (:data:`saloon.analysis.simulate.ENGINES`)."""
    return click.option(
        "--engine",
        type=click.Choice(["auto", "batch", "reference"]),
        default=default,
        show_default=True,
        help="What plays the games: the rules as written (reference), the game's batch "
        "engine (batch), or the batch engine where the game has one (auto).",
    )


# -- shared pieces -------------------------------------------------------------------------


class _RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.0f} games/s", style="cyan")


@contextmanager
def progress_bar(label: str, enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr (rate and time left), as a progress callback."""
    if not enabled:
        yield None
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=Console(stderr=True, highlight=False),
        transient=False,
    )
    task_id = bar.add_task(label, total=None)
    started = False

    def update(done: int, total: int) -> None:
        nonlocal started
        if not started:  # only once the work is under way (no bar before an error)
            bar.start()
            started = True
        bar.update(task_id, completed=done, total=total)

    try:
        yield update
    finally:
        if started:
            bar.stop()


@contextmanager
def executor_for(dask_address: str | None) -> Iterator[Executor | None]:
    if dask_address is None:
        yield None
        return
    from saloon.analysis.cluster import dask_executor

    with dask_executor(dask_address) as executor:
        yield executor


def open_db(db_path: str | None) -> Any:
    from saloon.analysis.db import ResultsDB, default_db_path

    return ResultsDB(db_path or default_db_path())


#: A run's name: letters, digits and ``._-``, at most 64 of them.
_RUN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def run_id_value(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A click callback: run names (one or several) of at most 64 letters,
    digits, dots, dashes and underscores."""
    for name in [value] if isinstance(value, str) else list(value or ()):
        if _RUN_ID.fullmatch(name) is None:
            raise click.BadParameter(
                f"a run name is 1 to 64 letters, digits, '.', '-' or '_', not {shown(name)}"
            )
    return value


def split_specs(text: str) -> list[str]:
    """Agent specs from a comma-separated list; a ``key=value`` piece belongs
    to the spec before it, so parameters may contain commas.

    >>> split_specs("random,mcts:iterations=200,c=1.4,heuristic")
    ['random', 'mcts:iterations=200,c=1.4', 'heuristic']
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def echo_json(data: object) -> None:
    click.echo(json.dumps(data, sort_keys=False))


# -- simulate ------------------------------------------------------------------------------


@click.command("simulate")
@click.argument("game_id", metavar="GAME", required=False)
@OPTION_FLAG
@OPTIONS_FILE_FLAG
@AGENT_FLAG
@SEAT_FLAG
@PLAYERS_FLAG
@click.option(
    "--games", "-n", type=click.IntRange(min=1, max=MAX_GAMES), default=1000, show_default=True
)
@WORKERS_FLAG
@SEED_FLAG
@DASK_FLAG
@DB_FLAG
@click.option("--no-db", is_flag=True, help="Do not store the run.")
@click.option(
    "--run-id",
    metavar="ID",
    callback=run_id_value,
    help="Name the run (re-using a name resumes that run).",
)
@click.option(
    "--resume", "resume_id", metavar="ID", callback=run_id_value, help="Finish the stored run ID."
)
@click.option("--records", is_flag=True, help="Store every game's full record.")
@click.option("--chunk-size", type=click.IntRange(min=1, max=MAX_GAMES), help="Games per task.")
@engine_flag("reference")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@JSON_FLAG
def simulate_command(
    game_id: str | None,
    option_pairs: tuple[str, ...],
    options_file: str | None,
    agent: str | None,
    seat_specs: tuple[str, ...],
    players: int | None,
    games: int,
    workers: int,
    seed: int,
    dask_address: str | None,
    db_path: str | None,
    no_db: bool,
    run_id: str | None,
    resume_id: str | None,
    records: bool,
    chunk_size: int | None,
    engine: str,
    no_progress: bool,
    as_json: bool,
) -> None:
    """Play many games of one seating and summarize them with 95% intervals.

    Every seat plays --agent, or each --seat names one seat's agent in
    order. The same --seed gives the same summary with any --workers or
    --dask; the run and its games are stored in the results database.
    --engine batch plays with the game's batch engine (The d6 Shooters'
    heuristic, with the fast extra), checked against the rules game by game.
    """
    from saloon.analysis.simulate import resume_args, simulate

    with ExitStack() as stack:
        db = None
        if not no_db:
            db = open_db(db_path)
            stack.callback(db.close)
        if resume_id is not None:
            if db is None:
                raise SaloonError("--resume needs the results database (drop --no-db)")
            args = resume_args(db.run(resume_id))
            stored = str(db.run(resume_id).params.get("engine", "reference"))
            engine = "reference" if stored == "reference" else "batch"
            if game_id is not None and game_id != args["game"].id:
                raise SaloonError(f"run {resume_id} is a game of {args['game'].id}, not {game_id}")
        else:
            if game_id is None:
                raise SaloonError("name a GAME (or --resume a run)")
            game = get_game(game_id)
            options = read_options(game, option_pairs, options_file)
            if agent is not None and seat_specs:
                raise SaloonError("give either --agent or --seat, not both")
            if seat_specs:
                if players is not None and players != len(seat_specs):
                    raise SaloonError(f"--players {players} but {len(seat_specs)} --seat given")
                seats = list(seat_specs)
            else:
                spec = "random" if agent is None else agent  # "" is refused, not random
                seats = [spec] * (players or game.player_range(options)[0])
            args = {
                "game": game,
                "options": options,
                "seats": seats,
                "games": games,
                "seed": seed,
                "run_id": run_id,
                "keep_records": records,
            }
        executor = stack.enter_context(executor_for(dask_address))
        progress = stack.enter_context(
            progress_bar(f"{args['game'].id}", enabled=not (as_json or no_progress))
        )
        summary = simulate(
            **args,
            executor=executor,
            workers=workers,
            db=db,
            progress=progress,
            chunk_size=chunk_size,
            engine=engine,
        )
        db_name = None if db is None else db.path
    if as_json:
        echo_json({**summary.to_dict(), "run_id": summary.run_id, "db": db_name})
        return
    console = make_console()
    print_summary(console, summary.to_dict())
    if summary.run_id is not None:
        console.print(
            f"stored as run {summary.run_id} in {db_name} (`saloon report {summary.run_id}`)"
        )


def print_summary(console: Console, s: dict[str, Any]) -> None:
    """A simulation summary (as :meth:`Summary.to_dict` gives it), for people."""
    from saloon.analysis.report import mean_text, percent, rate_text

    game = get_game(s["game"])
    options = escape(game.options_from_dict(s["options"]).describe())
    console.print(
        f"[bold]{game.title}[/] ({options}): {s['games']:,} games"
        + ("" if s["complete"] else f" of {s['requested']:,}")
        + f", seed {s['seed']}, seats: {', '.join(s['seats'])}"
        + ("" if s.get("engine", "reference") == "reference" else f"; engine: {s['engine']}")
    )
    seats = [{**s, "seat": 0, "agent": s["seats"][0]}] if s["players"] == 1 else list(s["per_seat"])
    table = Table(box=None, padding=(0, 2))
    table.add_column("seat")
    table.add_column("win rate [95% CI]", justify="right")
    table.add_column("mean score [95% CI]", justify="right")
    table.add_column("score p5 / p25 / p50 / p75 / p95", justify="right")
    for seat in seats:
        q = seat["score"]["quantiles"]
        ci = seat["mean_score_ci95"]
        table.add_row(
            f"{seat['seat'] + 1}: {seat['agent']}",
            rate_text(seat["win_rate"], seat["win_rate_ci95"]),
            mean_text(seat["mean_score"], ci[0], ci[1]),
            " / ".join(f"{q[k]:g}" for k in ("p5", "p25", "p50", "p75", "p95")),
        )
    console.print(table)
    if s["players"] > 1:
        console.print(f"draws (no sole winner): {s['draws']:,}")
    length = s["length"]
    lq = length["quantiles"]
    console.print(
        "game length (steps): mean "
        + mean_text(length["mean"], *length["ci95"])
        + f"; p5 {lq['p5']:g}, median {lq['p50']:g}, p95 {lq['p95']:g}, max {length['max']:g}"
    )
    ends = Table(box=None, padding=(0, 2), title="how the games ended", title_justify="left")
    ends.add_column("category")
    ends.add_column("games", justify="right")
    ends.add_column("share", justify="right")
    for name, count in s["categories"].items():
        ends.add_row(name or "(none)", f"{count:,}", percent(count / s["games"]))
    console.print(ends)
    console.print(score_table(seats))


def score_table(seats: Sequence[dict[str, Any]], width: int = 24) -> Table:
    """The score distribution: one line per bin, a count and a bar per seat."""
    table = Table(box=None, padding=(0, 1), title="score distribution", title_justify="left")
    table.add_column("score", justify="right")
    columns = []
    for seat in seats:
        hist = seat["score"]["histogram"]
        lines = histogram_lines(hist["edges"], hist["counts"], width)
        columns.append(dict(lines))
        name = "games" if len(seats) == 1 else f"seat {seat['seat'] + 1}"
        table.add_column(name)
    labels = list(dict.fromkeys(label for column in columns for label in column))
    for label in labels:
        table.add_row(label, *(column.get(label, "") for column in columns))
    return table


def histogram_lines(
    edges: Sequence[float], counts: Sequence[int], width: int = 24
) -> list[tuple[str, str]]:
    """A histogram as (bin, text bar and count) pairs, empty bins at the ends dropped.

    >>> histogram_lines([-0.5, 0.5, 1.5], [1, 3], width=6)
    [('0', '##     1'), ('1', '###### 3')]
    """
    top = max(counts) if counts else 0
    if top == 0:
        return []
    first = next(i for i, c in enumerate(counts) if c)
    last = max(i for i, c in enumerate(counts) if c)
    unit = all(abs(edges[i + 1] - edges[i] - 1) < 1e-9 for i in range(len(counts)))
    lines = []
    for i in range(first, last + 1):
        label = (
            f"{(edges[i] + edges[i + 1]) / 2:g}" if unit else f"{edges[i]:.3g}..{edges[i + 1]:.3g}"
        )
        bar = "#" * round(width * counts[i] / top)
        lines.append((label, f"{bar:<{width}} {counts[i]}"))
    return lines


# -- arena ---------------------------------------------------------------------------------


@click.command("arena")
@click.argument("game_id", metavar="GAME")
@OPTION_FLAG
@OPTIONS_FILE_FLAG
@click.option(
    "--agents",
    "agents_text",
    metavar="A,B,...",
    help="Agent specs, comma-separated (a spec's own key=value parameters may follow it).",
)
@click.option("--agent", "agent_specs", multiple=True, metavar="SPEC", help="One agent (repeat).")
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1, max=MAX_GAMES),
    default=100,
    show_default=True,
    help="Games per pairing.",
)
@WORKERS_FLAG
@SEED_FLAG
@DASK_FLAG
@DB_FLAG
@click.option("--no-db", is_flag=True, help="Do not store the run.")
@click.option(
    "--run-id",
    metavar="ID",
    callback=run_id_value,
    help="Name the run (re-using a name resumes that run).",
)
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@JSON_FLAG
def arena_command(
    game_id: str,
    option_pairs: tuple[str, ...],
    options_file: str | None,
    agents_text: str | None,
    agent_specs: tuple[str, ...],
    games: int,
    workers: int,
    seed: int,
    dask_address: str | None,
    db_path: str | None,
    no_db: bool,
    run_id: str | None,
    no_progress: bool,
    as_json: bool,
) -> None:
    """Every pairing of the agents, seats balanced: win rates with 95%
    intervals and a Bradley–Terry rating (Elo scale) per agent."""
    from saloon.analysis.arena import run_arena
    from saloon.analysis.report import rate_text

    game = get_game(game_id)
    options = read_options(game, option_pairs, options_file)
    specs = [*split_specs(agents_text or ""), *agent_specs]
    if len(specs) > MAX_ARENA_AGENTS:
        raise SaloonError(f"an arena takes at most {MAX_ARENA_AGENTS} agents, not {len(specs)}")
    with ExitStack() as stack:
        db = None
        if not no_db:
            db = open_db(db_path)
            stack.callback(db.close)
        executor = stack.enter_context(executor_for(dask_address))
        progress = stack.enter_context(progress_bar(game.id, enabled=not (as_json or no_progress)))
        result = run_arena(
            game,
            options,
            specs,
            games,
            seed=seed,
            workers=workers,
            progress=progress,
            executor=executor,
            db=db,
            run_id=run_id,
        )
        stored = result.run_id
        db_name = None if db is None else db.path
    if as_json:
        echo_json({**result.to_dict(), "run_id": stored, "db": db_name})
        return
    console = make_console()
    console.print(
        f"[bold]{game.title}[/] ({escape(options.describe())}): {games} games a pairing, "
        f"seed {seed}"
    )
    ratings = Table(
        box=None, padding=(0, 2), title="ratings (Bradley–Terry, Elo scale)", title_justify="left"
    )
    ratings.add_column("agent")
    ratings.add_column("rating", justify="right")
    for name in sorted(result.ratings, key=lambda n: -result.ratings[n]):
        ratings.add_row(name, f"{result.ratings[name]:.0f}")
    console.print(ratings)
    table = Table(box=None, padding=(0, 2), title="pairings", title_justify="left")
    for col in ("A", "B", "games", "A wins", "B wins", "draws"):
        table.add_column(col, justify="left" if col in ("A", "B") else "right")
    table.add_column("A score [95% CI]", justify="right")
    for p in result.pairings:
        table.add_row(
            p.a,
            p.b,
            str(p.games),
            str(p.wins_a),
            str(p.wins_b),
            str(p.draws),
            rate_text(p.win_rate, p.interval),
        )
    console.print(table)
    if stored is not None:
        console.print(f"stored as run {stored} in {db_name} (`saloon report {stored}`)")


# -- runs and report -----------------------------------------------------------------------


@click.command("runs")
@DB_FLAG
@JSON_FLAG
def runs_command(db_path: str | None, as_json: bool) -> None:
    """List the runs in the results database."""
    db = open_db(db_path)
    try:
        runs = db.runs()
        path = db.path
    finally:
        db.close()
    if as_json:
        echo_json({"db": path, "runs": [r.to_dict() for r in runs]})
        return
    console = make_console()
    if not runs:
        console.print(f"no runs in {path} yet (`saloon simulate GAME` makes one)")
        return
    table = Table(box=None, padding=(0, 2), title=f"runs in {path}", title_justify="left")
    for col in ("id", "kind", "game", "options", "seats", "seed", "games", "status", "created"):
        table.add_column(
            col,
            justify="right" if col in ("games", "seed") else "left",
            no_wrap=col in ("id", "games", "status", "seed"),
            min_width=8 if col in ("game", "options", "seats", "created") else None,
        )
    for r in runs:
        games = f"{r.done:,}/{r.games:,}"
        if r.kind == "sweep":
            options, games = _sweep_text(r.params, r.games)
        else:
            try:
                options = get_game(r.game).options_from_dict(r.options).describe()
            except SaloonError:
                options = json.dumps(r.options)
            if r.kind == "exact":
                games = "solved" if r.status == "done" else "solving"
        table.add_row(
            r.id,
            r.kind,
            r.game,
            options,
            ", ".join(r.seats),
            str(r.seed),
            games,
            r.status,
            r.created.replace("T", " ")[:16],
        )
    console.print(table)


def _sweep_text(params: dict[str, Any], games: int) -> tuple[str, str]:
    """A sweep's options (fixed, then varied) and size, for the runs table."""

    def span(values: list[str]) -> str:
        return (
            ",".join(values) if len(values) <= 5 else f"{values[0]}..{values[-1]} ({len(values)})"
        )

    fixed = " ".join(params.get("fixed", []))
    vary = " ".join(f"{k}={span([str(v) for v in vs])}" for k, vs in params.get("vary", []))
    cells = params.get("cells", "?")
    size = f"{cells} cells" + ("" if params.get("exact") else f" x {games:,}")
    return (f"{fixed} " if fixed else "") + f"vary {vary}", size


@click.command("report")
@click.argument("run_ids", metavar="RUN...", nargs=-1, required=True, callback=run_id_value)
@DB_FLAG
@click.option("--html", "html_path", metavar="FILE", help="Write a self-contained HTML report.")
@click.option("--out", "out_dir", metavar="DIR", help="Write the plots as PNG files in DIR.")
@click.option("--title", help="The HTML report's title.")
@JSON_FLAG
def report_command(
    run_ids: tuple[str, ...],
    db_path: str | None,
    html_path: str | None,
    out_dir: str | None,
    title: str | None,
    as_json: bool,
) -> None:
    """Compare stored runs side by side; with --html/--out, plots too
    (score histograms, win rates with intervals, convergence)."""
    from saloon.analysis.report import build_report

    db = open_db(db_path)
    try:
        report = build_report(db, run_ids, plots=bool(html_path or out_dir))
    finally:
        db.close()
    written = []
    if out_dir:
        written += [str(p) for p in report.write_pngs(out_dir)]
    if html_path:
        written.append(str(report.write_html(html_path, title)))
    if as_json:
        echo_json({"runs": [d.to_dict() for d in report.runs], "files": written})
        return
    console = make_console()
    table = Table(box=None, padding=(0, 2))
    table.add_column("")
    for d in report.runs:
        table.add_column(d.label, justify="right")
    for what, values in report.table:
        table.add_row(what, *values)
    console.print(table)
    for path in written:
        console.print(f"wrote {path}")


# -- bench ---------------------------------------------------------------------------------


@click.command("bench")
@click.argument("game_ids", metavar="[GAME...]", nargs=-1)
@click.option(
    "--seconds",
    type=click.FloatRange(min=0.05, max=MAX_BENCH_SECONDS),
    callback=finite,
    default=2.0,
    show_default=True,
    help="Time spent on each throughput figure.",
)
@click.option(
    "--mcts-iterations",
    type=click.IntRange(min=2, max=MAX_BENCH_ITERATIONS),
    default=200,
    show_default=True,
    help="Simulations per MCTS search (Saloon's and OpenSpiel's alike).",
)
@click.option("--no-solve", is_flag=True, help="Skip the solver timings.")
@click.option("--no-openspiel", is_flag=True, help="Skip OpenSpiel's MCTSBot.")
@click.option(
    "--fresh-limit",
    type=click.FloatRange(min=0, max=MAX_BENCH_SECONDS),
    callback=finite,
    default=5.0,
    show_default=True,
    help="Re-solve from scratch (no cache) the variants whose recorded solve is this quick.",
)
@JSON_FLAG
def bench_command(
    game_ids: tuple[str, ...],
    seconds: float,
    mcts_iterations: int,
    no_solve: bool,
    no_openspiel: bool,
    fresh_limit: float,
    as_json: bool,
) -> None:
    """Throughput per game: random playouts, a fixed agent, MCTS (Saloon's
    and OpenSpiel's), and the solver's times."""
    from saloon.analysis.bench import bench_game, machine_info
    from saloon.core.registry import all_games

    games = [get_game(g) for g in game_ids] if game_ids else all_games()
    err = Console(stderr=True, highlight=False)
    results = []
    for game in games:
        if as_json:
            results.append(
                bench_game(
                    game, seconds, mcts_iterations, not no_solve, not no_openspiel, fresh_limit
                )
            )
        else:
            with err.status(f"benchmarking {game.id}..."):
                results.append(
                    bench_game(
                        game, seconds, mcts_iterations, not no_solve, not no_openspiel, fresh_limit
                    )
                )
    m = machine_info()
    if as_json:
        echo_json({"machine": m, "seconds": seconds, "games": [r.to_dict() for r in results]})
        return
    console = make_console()
    console.print(
        f"machine: {m['cpu']}, {m['cores']} cores; Python {m['python']}, NumPy {m['numpy']}"
    )
    table = Table(box=None, padding=(0, 2))
    table.add_column("game")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for r in results:
        for what, value in r.rows():
            table.add_row(r.game, what, value)
    console.print(table)

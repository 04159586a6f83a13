"""Commands that describe and analyse: ``games``, ``rules``, ``solve``, ``advise``."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from saloon.cli.common import (
    OPTION_FLAG,
    OPTIONS_FILE_FLAG,
    agent_names,
    jsonable,
    make_console,
    players_text,
    read_options,
)
from saloon.core.errors import RecordError, SaloonError, printable
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.registry import all_games, get_game
from saloon.core.state import CHANCE


@click.command("games")
def games_command() -> None:
    """List the games with their players and variants."""
    console = make_console()
    for game in all_games():
        console.print(f"[bold]{game.id}[/]  {escape(game.title)} · players: {players_text(game)}")
        variants = ", ".join(game.variants())
        console.print(Padding(Text(f"variants (-o variant=NAME): {variants}"), (0, 0, 0, 2)))


def print_rules(console: Console, game: Game, options: Options | None = None) -> None:
    """The game's title, players, options (with help and defaults) and rulebook."""
    current = options.to_dict() if options is not None else None
    console.print(f"[bold]{game.title}[/] ({game.id})")
    console.print(game.rules_help(None, options), markup=False)
    every, these = players_text(game), players_text(game, game.options(options))
    shown = these if these == every else f"{these} (the game: {every})"
    console.print(f"players: {shown}")
    console.print(
        f"rulebook: {game.rulebook} (not shipped with Saloon; read your copy of the game's rules)"
    )
    table = Table(box=None, padding=(0, 2), title="options (-o key=value)", title_justify="left")
    table.add_column("option", style="bold")
    table.add_column("type, default and meaning")
    if current is not None:
        table.add_column("now")
    for key, text in game.options_type.help().items():
        row = [key, text]
        if current is not None:
            value = current.get(key)
            row.append(",".join(map(str, value)) if isinstance(value, list) else str(value))
        table.add_row(*row)
    console.print(table)
    variants = game.variants()
    if variants:
        console.print(
            "variants (-o variant=NAME): "
            + "; ".join(f"{k} ({v.describe()})" for k, v in variants.items()),
            markup=False,
        )
    bots = agent_names(game)
    if bots:
        console.print("bots: " + ", ".join(bots))


@click.command("rules")
@click.argument("game_id", metavar="GAME")
@OPTION_FLAG
@OPTIONS_FILE_FLAG
def rules_command(game_id: str, option_pairs: tuple[str, ...], options_file: str | None) -> None:
    """The game's title, players, options and the rulebook it implements
    (the rules of the variant the options choose, when given)."""
    game = get_game(game_id)
    given = option_pairs or options_file
    options = read_options(game, option_pairs, options_file) if given else None
    print_rules(make_console(), game, options)


@click.command("solve")
@click.argument("game_id", metavar="GAME")
@OPTION_FLAG
@OPTIONS_FILE_FLAG
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def solve_command(
    game_id: str, option_pairs: tuple[str, ...], options_file: str | None, as_json: bool
) -> None:
    """Solve a variant exactly: the starting player's chance of winning."""
    game = get_game(game_id)
    options = read_options(game, option_pairs, options_file)
    console = make_console()
    if as_json:
        summary = game.solve(options)
    else:
        err = Console(stderr=True, highlight=False)
        with err.status(f"solving {game.title} ({options.describe()})..."):
            summary = game.solve(options)
    if summary is None:
        raise SaloonError(f"{game.id} has no exact solver")
    data = jsonable(dict(summary))
    if as_json:
        click.echo(json.dumps({"game": game.id, "options": options.describe(), **data}))
        return
    console.print(f"[bold]{game.title}[/] ({escape(options.describe())})")
    shown: set[str] = {"game", "options"}
    win = data.get("first_player_win")
    if isinstance(win, (int, float)):
        console.print(f"the starting player wins with probability {win:.6f} ({win:.2%})")
        shown.add("first_player_win")
    states = data.get("states")
    if isinstance(states, int):
        console.print(f"states: {states:,}")
        shown.add("states")
    seconds = data.get("seconds")
    if isinstance(seconds, (int, float)):
        console.print(f"seconds: {seconds:.2f}")
        shown.add("seconds")
    for key, value in data.items():
        if key not in shown:
            console.print(f"{key}: {value}", markup=False)


@click.command("advise")
@click.argument("game_id", metavar="GAME")
@click.argument("record_path", metavar="RECORD.json", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def advise_command(game_id: str, record_path: str, as_json: bool) -> None:
    """Each legal action's value at the end of a saved game, best first."""
    game = get_game(game_id)
    record = GameRecord.load(record_path)
    if record.game != game.id:
        raise RecordError(
            f"{printable(record_path)} is a game of {printable(record.game)}, not {game.id}"
        )
    state = record.replay()
    if state.is_over:
        raise SaloonError(
            f"the game in {printable(record_path)} is over; there is nothing to advise"
        )
    if state.to_move == CHANCE:
        raise SaloonError(
            f"the game in {printable(record_path)} waits for chance ({state.chance_prompt()}), "
            "not a player"
        )
    advice = game.advice(state)
    if advice is None:
        raise SaloonError(f"{game.id}: {game.advice_note(state)}")
    mover = state.to_move
    assert mover is not None
    if as_json:
        rows = [
            {
                "action": str(v.action),
                "description": state.describe_action(v.action),
                "value": v.value,
                "spread": v.spread,
            }
            for v in advice.values
        ]
        answer = {
            "game": game.id,
            "to_move": mover,
            "meaning": advice.note,
            "kind": advice.kind,
            "exact": advice.exact,
            "budget": advice.budget,
            "actions": rows,
        }
        click.echo(json.dumps(answer))
        return
    console = make_console()
    console.print(game.render_rich(state))
    console.print(f"The values, best first: {advice.heading()}.", markup=False)
    table = Table(title=f"advice for player {mover + 1}", title_justify="left", box=None)
    table.add_column("#", justify="right")
    table.add_column("action", style="bold")
    table.add_column("what it does")
    table.add_column("value", justify="right")
    for i, valued in enumerate(advice.values, start=1):
        table.add_row(
            str(i), str(valued.action), state.describe_action(valued.action),
            valued.shown(advice.kind),
        )  # fmt: skip
    console.print(table)

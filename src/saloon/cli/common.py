"""Helpers shared by the commands: the console, options, seats and bots."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click
from rich.console import Console
from rich.markup import escape

from saloon.core.dice import MAX_SEED, check_seed, parse_seed
from saloon.core.errors import OptionError, SaloonError, UnknownName, shown
from saloon.core.options import format_option_value, load_toml

if TYPE_CHECKING:
    from saloon.core.agent import Agent
    from saloon.core.game import Game
    from saloon.core.options import Options

F = TypeVar("F", bound=Callable[..., Any])

#: The seat name of a person at the keyboard.
HUMAN = "human"


def make_console() -> Console:
    """The console every command prints to (no automatic highlighting)."""
    return Console(highlight=False)


def ask(console: Console, prompt: str) -> str:
    """One line typed by the user; raises EOFError at end of input.

    The prompt is plain text (brackets such as ``[human]`` are shown as typed).
    """
    return console.input(escape(prompt))


def read_options(game: Game, pairs: Sequence[str], options_file: str | None = None) -> Options:
    """The game's options from an optional TOML file, then ``key=value`` pairs.

    Pairs given on the command line override the file's values.
    """
    values: dict[str, object] = {}
    if options_file is not None:
        values.update(load_toml(options_file))
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {shown(pair)} is not of the form key=value")
        values[key.strip()] = value.strip()
    return game.options_from_dict(values)


def seed_value(ctx: click.Context, param: click.Parameter, value: object) -> int | None:
    """A ``--seed``: a whole number from 0 to :data:`~saloon.core.dice.MAX_SEED`
    in ASCII digits, every seed Saloon prints included (a click callback;
    one line naming it otherwise)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        number = value
    else:
        number = parse_seed(str(value))
        if number is None:
            raise click.BadParameter(
                f"a seed is a whole number from 0 to {MAX_SEED}, not {shown(value)}"
            )
    try:
        return check_seed(number)
    except OptionError as exc:
        raise click.BadParameter(str(exc)) from None


def finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """A click callback refusing ``nan`` and ``inf``, which ``click.FloatRange``
    lets through."""
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a finite number")
    return value


def seed_option(default: int | None, help: str) -> Callable[[F], F]:
    """``--seed N`` (checked by :func:`seed_value`)."""
    return click.option(
        "--seed",
        callback=seed_value,
        default=default,
        show_default=default is not None,
        metavar="N",
        help=help,
    )


#: ``-o KEY=VALUE`` (repeatable), passed to the command as ``option_pairs``.
OPTION_FLAG = click.option(
    "-o",
    "--option",
    "option_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A variant option (repeatable); see `saloon rules GAME`.",
)
#: ``--options-file FILE.toml``, passed as ``options_file``.
OPTIONS_FILE_FLAG = click.option(
    "--options-file",
    type=click.Path(dir_okay=False),
    help="A TOML file of options (the -o options override it).",
)


def changed_option_pairs(options: Options) -> list[str]:
    """``key=value`` for each option that differs from the defaults."""
    return [f"{k}={format_option_value(v)}" for k, v in options.changed().items()]


def agent_names(game: Game) -> list[str]:
    """The bots that can sit at ``game`` (empty if no agents are installed)."""
    try:
        from saloon.agents import agent_names as names
    except ImportError:
        return []
    return list(names(game))


def default_bot(game: Game) -> str:
    """The bot a seat gets when none is named: the game's heuristic if any."""
    names = agent_names(game)
    for preferred in ("heuristic", "mcts", "random"):
        if preferred in names:
            return preferred
    return names[0] if names else HUMAN


def make_bot(spec: str, game: Game, seed: int | None, options: Options | None = None) -> Agent:
    """The bot named by ``spec``, checked against ``options`` if given (a
    bot that cannot play the variant is refused now, not mid-game);
    :class:`SaloonError` if there is none."""
    try:
        from saloon.agents import make_agent
    except ImportError as exc:
        raise UnknownName(f"no bots are installed, so {shown(spec)} cannot sit; use human") from exc
    return make_agent(spec, game, seed, options)


def seat_seed(seed: int | None, seat: int) -> int | None:
    """A bot's own seed, derived from the table's seed and its seat (a seed
    itself: below :data:`~saloon.core.dice.MAX_SEED` + 1).

    >>> seat_seed(7, 0), seat_seed(None, 1), seat_seed(MAX_SEED, 0) <= MAX_SEED
    (7080, None, True)
    """
    return None if seed is None else (seed * 1009 + 17 * (seat + 1)) % (MAX_SEED + 1)


#: The most seats of a round robin at the table: every pair plays a game,
#: so 12 seats already make 66 games.
MAX_ROUND_ROBIN = 12


def most_seats(game: Game, options: Options | None = None) -> int:
    """The most seats ``game`` takes at the table (a round robin's included)."""
    return MAX_ROUND_ROBIN if game.round_robin else game.player_range(options)[1]


def players_text(game: Game, options: Options | None = None) -> str:
    """The number of players, e.g. ``2`` or ``1-4``, and any tournament:
    under ``options`` (a Cowboys scenario fixes its sides), or the game's
    whole range without them."""
    lo, hi = (game.min_players, game.max_players) if options is None else game.player_range(options)
    text = str(lo) if lo == hi else f"{lo}-{hi}"
    if game.round_robin:
        text += f" ({max(hi + 1, 3)}-{MAX_ROUND_ROBIN} in a round robin)"
    return text


def with_scripted_seats(
    game: Game, specs: Sequence[str], options: Options | None = None
) -> list[str]:
    """``specs`` with the seats the variant's own rules play put in their
    places (:meth:`Game.scripted_seats`), when ``specs`` name exactly the
    other seats; otherwise ``specs`` as given.

    >>> from saloon.core import get_game
    >>> with_scripted_seats(get_game("shootout"), ["human", "solver"])
    ['human', 'solver']
    """
    scripted = game.scripted_seats(options)
    n = game.player_range(options)[0]
    if not scripted or len(specs) != n - len(scripted):
        return list(specs)
    rest = iter(specs)
    return [scripted[k] if k in scripted else next(rest) for k in range(n)]


def check_seat_count(game: Game, n: int, options: Options | None = None) -> bool:
    """Whether ``n`` seats can play ``game`` (under ``options``); True means
    a round robin."""
    lo, hi = game.player_range(options)
    if lo <= n <= hi:
        return False
    if game.round_robin and game.max_players < n <= MAX_ROUND_ROBIN and n >= 3:
        return True
    if game.round_robin and n > MAX_ROUND_ROBIN:
        raise SaloonError(
            f"a round robin at the table takes at most {MAX_ROUND_ROBIN} seats, not {n}"
        )
    raise SaloonError(f"{game.id} takes {players_text(game, options)} players, not {n}")


def percent_or_value(value: float) -> str:
    """An advisor's value: a win probability as a percentage, else a number."""
    if 0.0 <= value <= 1.0:
        return f"{value:.1%}"
    return f"{value:.3f}"


def jsonable(value: Any) -> Any:
    """``value`` with tuples made lists and unknown objects made strings."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)

"""``saloon play``: the lobby, a game at the table, and round-robin tournaments."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from saloon.cli.common import (
    HUMAN,
    OPTION_FLAG,
    OPTIONS_FILE_FLAG,
    agent_names,
    ask,
    changed_option_pairs,
    check_seat_count,
    default_bot,
    finite,
    make_bot,
    make_console,
    most_seats,
    players_text,
    read_options,
    seat_seed,
    seed_option,
    with_scripted_seats,
)
from saloon.cli.info import print_rules
from saloon.cli.table import GameInterrupted, GameTable, QuitGame, Seat
from saloon.core.agent import Agent
from saloon.core.dice import MAX_SEED, parse_seed
from saloon.core.driver import RoundRobin, check_round_robin
from saloon.core.errors import SaloonError, printable, shown
from saloon.core.files import check_writable
from saloon.core.fork import fork_record
from saloon.core.game import Game
from saloon.core.numerals import parse_int
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.registry import all_games, get_game
from saloon.core.session import Session

#: The longest pause after a bot's move.
MAX_DELAY = 60.0


@dataclass(frozen=True)
class TableChoice:
    """What the table chose: the advisor (``None``: on for one person, off
    for several) and practice undo (one person only)."""

    advisor: bool | None = None
    practice_undo: bool = False


def make_seats(
    game: Game, specs: Sequence[str], seed: int | None, options: Options | None = None
) -> list[Seat]:
    """A seat for each spec: ``human`` or a bot's name (with parameters),
    each bot checked against ``options`` (one that cannot play the variant
    is refused here, before the game starts)."""
    seats = []
    for i, spec in enumerate(specs):
        spec = spec.strip()
        if spec.lower() == HUMAN:
            seats.append(Seat(HUMAN, None))
        else:
            seats.append(Seat(spec, make_bot(spec, game, seat_seed(seed, i), options)))
    return seats


@click.command("play")
@click.argument("game_id", metavar="[GAME]", required=False)
@OPTION_FLAG
@OPTIONS_FILE_FLAG
@click.option(
    "--seat",
    "seat_specs",
    multiple=True,
    metavar="human|AGENT",
    help="Who sits in the next seat (repeatable); 3+ seats of Shoot Out play a round robin.",
)
@click.option(
    "--dice",
    type=click.Choice(["random", "manual"]),
    default=None,
    help="manual: type what real dice show (default random; with --load, as the game was).",
)
@seed_option(None, "Seed for the dice and the bots (0 or more).")
@click.option(
    "--delay",
    type=click.FloatRange(min=0, max=MAX_DELAY),
    callback=finite,
    default=0.6,
    show_default=True,
    help="Seconds to pause after each bot move.",
)
@click.option("--load", "load_path", type=click.Path(dir_okay=False), help="Carry on a saved game.")
@click.option(
    "--from",
    "from_step",
    type=click.IntRange(min=0),
    help="With --load: a new game from the record's step N (a fork; hidden cards drawn again).",
)
@click.option(
    "--keep-hidden",
    is_flag=True,
    help="With --from: keep the hands as they were (a finished game, every seat a person).",
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False),
    help="Write the finished game's record to this file (checked before the game starts).",
)
@click.option("--force", is_flag=True, help="Let --record replace a file that is there.")
@click.option(
    "--advisor/--no-advisor",
    default=None,
    help="The advisor's hints at this table (default: on for one person, off for several).",
)
@click.option(
    "--practice-undo",
    is_flag=True,
    help="Undo past rolls and bots' moves too (a table of one person; the record says so).",
)
def play_command(
    game_id: str | None,
    option_pairs: tuple[str, ...],
    options_file: str | None,
    seat_specs: tuple[str, ...],
    dice: str | None,
    seed: int | None,
    delay: float,
    load_path: str | None,
    from_step: int | None,
    keep_hidden: bool,
    record_path: str | None,
    force: bool,
    advisor: bool | None,
    practice_undo: bool,
) -> None:
    """Play a game; with no GAME, open the lobby to choose one."""
    console = make_console()
    reader = _reader(console)
    if record_path is not None:  # before anything is played
        check_writable(record_path, overwrite=force, what="record", flag="--force")
    try:
        if load_path is None and (from_step is not None or keep_hidden):
            raise SaloonError("--from and --keep-hidden fork a saved game: give it with --load")
        if keep_hidden and from_step is None:
            raise SaloonError("--keep-hidden is for a fork: give the step with --from")
        if load_path is not None:
            if option_pairs or options_file:
                raise SaloonError(
                    "a saved game keeps its own options: drop -o and --options-file with --load"
                )
            _resume(
                console, reader, game_id, load_path, seat_specs, dice, seed, delay, record_path,
                force=force, choice=TableChoice(advisor, practice_undo),
                fork=None if from_step is None else (from_step, keep_hidden),
            )  # fmt: skip
            return
        choice = TableChoice(advisor, practice_undo)
        if game_id is None:
            game, options, specs, seed, dice, choice = Lobby(console, reader).run()
        else:
            game = get_game(game_id)
            options = read_options(game, option_pairs, options_file)
            specs = with_scripted_seats(game, seat_specs, options) or _default_seats(game, options)
        run_game(
            console, reader, game, options, specs, dice or "random", seed, delay, record_path,
            force=force, choice=choice,
        )  # fmt: skip
    except QuitGame:
        console.print("Left the table.")
    except GameInterrupted as exc:
        sys.exit(exc.exit_code)
    except EOFError:
        console.print()
        console.print("Input ended.")
        sys.exit(1)
    except KeyboardInterrupt:
        console.print()
        console.print("Interrupted.")
        sys.exit(130)


def _reader(console: Console) -> Callable[[str], str]:
    return lambda prompt: ask(console, prompt)


def _default_seats(game: Game, options: Options | None = None) -> list[str]:
    """A person in the first seat the rules leave free, a bot elsewhere."""
    scripted = game.scripted_seats(options)
    n = game.player_range(options)[0]
    free = [k for k in range(n) if k not in scripted]
    return [scripted.get(k) or (HUMAN if k == free[0] else default_bot(game)) for k in range(n)]


def run_game(
    console: Console,
    reader: Callable[[str], str],
    game: Game,
    options: Options,
    specs: Sequence[str],
    dice: str,
    seed: int | None,
    delay: float,
    record_path: str | None = None,
    *,
    force: bool = False,
    choice: TableChoice | None = None,
) -> None:
    """Play one game (or a round robin, for 3+ seats of a two-player game);
    its record goes to ``record_path`` (replacing a file there if
    ``force``), else a person at the table is offered to keep it. The
    person's own files the options name are read once, now, and kept with
    the game (:meth:`Options.pin_content`)."""
    options = options.pin_content()
    tournament = check_seat_count(game, len(specs), options)
    seats = make_seats(game, specs, seed, options)
    if tournament:
        run_tournament(console, reader, game, options, seats, dice, seed, delay)
        return
    session = _session(game, options, seats, dice, seed, table=choice)
    _banner(console, game, options, seats, dice, session.seed)
    _table_line(console, session)
    table = _table(console, reader, session, seats, delay)
    table.play()
    _keep_record(table, record_path, force)


def _session(
    game: Game,
    options: Options,
    seats: Sequence[Seat],
    dice: str,
    seed: int | None,
    *,
    record: GameRecord | None = None,
    table: TableChoice | None = None,
) -> Session:
    """The game in a session: its seats by spec, bots made as needed, the
    table's choices (advisor, practice undo)."""

    def agents(spec: str, agent_seed: int) -> Agent:
        return make_bot(spec, game, agent_seed, options)

    specs = [s.spec for s in seats]
    table = table or TableChoice()
    if record is not None:
        return Session.from_moves(
            game, options, specs, record.moves, seed=seed, manual_dice=dice == "manual",
            agents=agents, advisor=table.advisor, practice_undo=table.practice_undo,
            forks=record.forks,
        )  # fmt: skip
    return Session(
        game, options, specs, seed=seed, manual_dice=dice == "manual", agents=agents,
        advisor=table.advisor, practice_undo=table.practice_undo,
    )  # fmt: skip


def record_seats(names: Sequence[str], game: Game, path: str = "the record") -> list[str]:
    """The seats of a saved game, from the names its record gives them, in
    every form Saloon writes: ``human`` (a person at the table), an agent's
    spec (a bot, as ``simulate`` and the table write them), or ``player N``
    (a record made without seat names, :meth:`GameRecord.from_state`'s
    default), which is a person. Any other name is refused (one line naming
    the seat and what would do), before anything is played.

    >>> from saloon.core import get_game
    >>> record_seats(["player 1", "mcts:iterations=50"], get_game("shootout"))
    ['human', 'mcts:iterations=50']
    >>> record_seats(["human", "Doc"], get_game("shootout"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.SaloonError: the record: seat 2 is 'Doc', neither a person (human, ...
    """
    persons = {HUMAN, *(f"player {k}" for k in range(1, len(names) + 1))}
    known = agent_names(game)
    specs = []
    for i, name in enumerate(names, start=1):
        if name.strip().lower() in persons:
            specs.append(HUMAN)
            continue
        if name.strip().partition(":")[0].strip() not in known:  # its parameters: at make_seats
            raise SaloonError(
                f"{printable(path)}: seat {i} is {shown(name)}, neither a person (human, "
                f"player {i}) nor an agent of {game.id} ({', '.join(known) or 'none installed'}); "
                "name every seat with --seat"
            )
        specs.append(name)
    return specs


def _resume(
    console: Console,
    reader: Callable[[str], str],
    game_id: str | None,
    path: str,
    seat_specs: Sequence[str],
    dice: str | None,
    seed: int | None,
    delay: float,
    record_path: str | None,
    *,
    force: bool,
    choice: TableChoice,
    fork: tuple[int, bool] | None = None,
) -> None:
    """Carry on the saved game at ``path``, or with ``fork`` (a step and
    whether the hands are kept) start a new game from one of its steps."""
    carry_on(
        console, reader, GameRecord.load(path), path, game_id=game_id, seat_specs=seat_specs,
        dice=dice, seed=seed, delay=delay, record_path=record_path, force=force, choice=choice,
        fork=fork,
    )  # fmt: skip


def carry_on(
    console: Console,
    reader: Callable[[str], str],
    record: GameRecord,
    path: str,
    *,
    game_id: str | None = None,
    seat_specs: Sequence[str] = (),
    dice: str | None = None,
    seed: int | None = None,
    delay: float = 0.6,
    record_path: str | None = None,
    force: bool = False,
    choice: TableChoice | None = None,
    fork: tuple[int, bool] | None = None,
) -> None:
    """Play on from ``record`` (read from ``path``) at the terminal table:
    the game itself, or with ``fork`` (a step and whether the hands are
    kept) a new game from one of its steps (``saloon replay``'s ``fork``)."""
    choice = choice or TableChoice()
    if game_id is not None and record.game != game_id:
        raise SaloonError(f"{printable(path)} is a game of {printable(record.game)}, not {game_id}")
    game = get_game(record.game)
    state = record.replay()
    specs = list(seat_specs) or record_seats(record.seats, game, path)
    if len(specs) != state.num_players:
        raise SaloonError(
            f"{printable(path)} has {state.num_players} players, but {len(specs)} seats given"
        )
    if fork is not None:  # a new game, with new dice (random unless --seed)
        record, specs = _forked(console, record, path, fork, specs, bool(seat_specs))
        state = record.replay()
    elif seed is None:
        seed = record.seed
    dice = dice or record.dice or "random"
    # The table's choices: as given, else as the record says.
    choice = TableChoice(
        record.advisor if choice.advisor is None else choice.advisor,
        choice.practice_undo or record.practice_undo,
    )
    # An older record of a game on the person's own files reads them now, once.
    options = state.options.pin_content()
    seats = make_seats(game, specs, seed, options)
    session = _session(game, options, seats, dice, seed, record=record, table=choice)
    if fork is None:
        console.print(
            f"Carrying on {printable(path)}: {game.title}, {len(state.history)} steps played, "
            f"{dice} dice.",
            markup=False,
        )
    table = _table(console, reader, session, seats, delay)
    if fork is None:  # a fork is a new game: saving it never replaces its source
        table.own_files.add(str(Path(path).resolve()))
    table.play()
    _keep_record(table, record_path, force)


def _forked(
    console: Console,
    source: GameRecord,
    path: str,
    fork: tuple[int, bool],
    specs: list[str],
    seats_given: bool,
) -> tuple[GameRecord, list[str]]:
    """The record of a game forked from ``source`` at ``fork``'s step and
    its seats: as given, else the source's, with the person at the seat to
    decide next where the source had no person (a game of bots)."""
    step, keep_hidden = fork
    if not seats_given and HUMAN not in specs and 0 <= step <= len(source.moves):
        at = source.replay(step)
        mover = next((p for p, _ in source.moves[step:] if p >= 0), at.to_move)
        if mover is not None and mover >= 0:
            specs = [HUMAN if i == mover else spec for i, spec in enumerate(specs)]
    record = fork_record(source, step, specs, source_name=Path(path).name, keep_hidden=keep_hidden)
    people = ", ".join(f"player {i + 1}" for i, s in enumerate(specs) if s == HUMAN) or "no one"
    console.print(
        f"A new game {record.forks[-1].describe()}: {get_game(source.game).title}, "
        f"a person at {people}; new dice.",
        markup=False,
    )
    return record, specs


def _table(
    console: Console,
    reader: Callable[[str], str],
    session: Session,
    seats: Sequence[Seat],
    delay: float,
    *,
    allow_load: bool = True,
) -> GameTable:
    game, options = session.game, session.options
    return GameTable(
        session,
        seats,
        console,
        reader,
        delay=delay,
        allow_load=allow_load,
        rules_text=lambda: print_rules(console, game, options),
    )


def _banner(
    console: Console,
    game: Game,
    options: Options,
    seats: Sequence[Seat],
    dice: str,
    seed: int | None,
) -> None:
    who = ", ".join(f"player {i + 1}: {s.spec}" for i, s in enumerate(seats))
    extra = f", seed {seed}" if seed is not None else ""
    console.print(
        f"[bold]{game.title}[/] ({escape(options.describe())}); {escape(who)}; {dice} dice{extra}.",
    )
    if any(s.is_human for s in seats):
        console.print("Type a number from the menu or an action; 'help' lists the commands.")


def _table_line(console: Console, session: Session) -> None:
    """The table's choices, said once as the game starts."""
    if not session.humans:
        return
    hints = "advisor on ('hint')" if session.advisor else "advisor off"
    undo = (
        "practice undo (back past rolls; the record says so)"
        if session.practice_undo
        else "undo back to the last roll"
    )
    console.print(f"Table: {hints}; {undo}.", markup=False)


def _keep_record(table: GameTable, record_path: str | None, force: bool) -> None:
    """After a game: write its record to ``--record``, else, with a person
    at the table, offer to keep it."""
    if record_path is not None:
        table.write_record(record_path, overwrite=force)
    elif any(seat.is_human for seat in table.seats):
        table.offer_record()


def run_tournament(
    console: Console,
    reader: Callable[[str], str],
    game: Game,
    options: Options,
    seats: Sequence[Seat],
    dice: str,
    seed: int | None,
    delay: float,
) -> None:
    """Every pair of seats plays one game; each seat's scores are totalled
    (as :func:`saloon.core.driver.round_robin`)."""
    n = len(seats)
    check_round_robin(game, n)
    console.print(
        f"[bold]{game.title} round robin[/] ({escape(options.describe())}): {n} seats, "
        f"{n * (n - 1) // 2} games."
    )
    tournament = RoundRobin(seats=[seat.spec for seat in seats])
    for k, (i, j) in enumerate(tournament.pairings):
        pair = [seats[i], seats[j]]
        console.rule(
            escape(f"seat {i + 1} ({seats[i].spec}) against seat {j + 1} ({seats[j].spec})")
        )
        # each game its own dice, from the table's seed
        game_seed = None if seed is None else (seed * 7919 + k) % (MAX_SEED + 1)
        session = _session(game, options, pair, dice, game_seed)
        table = _table(console, reader, session, pair, delay, allow_load=False)
        table.play()
        tournament.add((i, j), table.record())
    totals = tournament.totals
    out = Table(title="round robin", title_justify="left", box=None, padding=(0, 2))
    out.add_column("seat", justify="right")
    out.add_column("player")
    out.add_column("games won", justify="right")
    out.add_column("points", justify="right")
    for k in sorted(range(n), key=lambda k: -totals[k]):
        out.add_row(str(k + 1), seats[k].spec, str(tournament.wins[k]), f"{totals[k]:g}")
    console.print(out)
    winners = [f"seat {k + 1} ({seats[k].spec})" for k in tournament.winners]
    best = totals[tournament.winners[0]]
    console.print(f"[bold]Tournament won by {' and '.join(winners)}[/] with {best:g} points.")


class Lobby:
    """Choose a game, its options, the seats, the seed and the dice."""

    def __init__(self, console: Console, reader: Callable[[str], str]) -> None:
        self.console = console
        self.ask = reader

    def say(self, message: str) -> None:
        self.console.print(message, markup=False, soft_wrap=True)

    def run(self) -> tuple[Game, Options, list[str], int | None, str, TableChoice]:
        self.console.print("[bold]Saloon[/]: choose a game and who plays it.")
        game = self.pick_game()
        options = self.pick_options(game)
        specs = self.pick_seats(game, options)
        seed = self.pick_seed()
        dice = self.pick_dice()
        table = self.pick_table(sum(spec == HUMAN for spec in specs))
        return game, options, specs, seed, dice, table

    def pick_table(self, people: int) -> TableChoice:
        """The table's choice of the advisor, with several people (off unless
        they say so; one person has it on). Practice undo, for one person,
        is ``--practice-undo``: no question for every solo game."""
        if people > 1:
            return TableChoice(
                advisor=self.yes_no("Advisor's hints at this table, for every person? [y/N] ")
            )
        return TableChoice()

    def yes_no(self, prompt: str) -> bool:
        while True:
            text = self.ask(prompt).strip().lower()
            if text in ("", "n", "no"):
                return False
            if text in ("y", "yes"):
                return True
            self.say("type y or n")

    def pick_game(self) -> Game:
        games = all_games()
        for i, game in enumerate(games, start=1):
            self.console.print(
                f"  [bold]{i}[/]. {game.title} [dim]({game.id}; players: {players_text(game)})[/]"
            )
        while True:
            text = self.ask("Game [1]: ").strip() or "1"
            n = parse_int(text)
            if n is not None and 1 <= n <= len(games):
                return games[n - 1]
            match = [g for g in games if g.id == text.lower()]
            if match:
                return match[0]
            self.say(f"no game {shown(text)}; type 1-{len(games)} or a game id")

    def pick_options(self, game: Game) -> Options:
        self.console.print(f"[bold]{game.title}[/] options:")
        kind = game.options_type
        for key, text in kind.help().items():
            self.console.print(f"  [bold]{key}[/] ({escape(kind.label(key))}): {escape(text)}")
        variants = game.variants()
        names = list(variants)
        self.console.print(f"[bold]{game.title}[/] variants:")
        for i, name in enumerate(names, start=1):
            title, about = game.variant_info(name)
            line = f"  [bold]{i}[/]. {escape(title)} [dim]({name})[/]"
            self.console.print(line + (f": {escape(about)}" if about else ""))
        self.console.print(
            "Type a variant's number or name, or key=value lines; an empty line when done."
        )
        pairs: list[str] = []
        options = game.parse_options([])
        while True:
            text = self.ask("option> ").strip()
            if not text:
                self.console.print(f"Options: {options.describe()}", markup=False)
                return options
            number = parse_int(text)
            if number is not None and 1 <= number <= len(names):
                text = names[number - 1]
            if text in variants:
                options = variants[text]
                pairs = changed_option_pairs(options)
                title, _ = game.variant_info(text)
                self.console.print(f"Variant {title} ({text}): {options.describe()}", markup=False)
                continue
            try:
                options = game.parse_options([*pairs, text])
            except SaloonError as exc:
                self.say(f"{exc}; try again")
                continue
            pairs.append(text)

    def pick_seats(self, game: Game, options: Options | None = None) -> list[str]:
        lo, most = game.player_range(options)
        hi = most_seats(game, options)
        count = lo
        if hi > lo:
            extra = f" ({most + 1}+ play a round robin)" if game.round_robin else ""
            while True:
                text = self.ask(f"Players, {lo}-{hi}{extra} [{lo}]: ").strip() or str(lo)
                number = parse_int(text)
                if number is None:
                    self.say(f"{shown(text)} is not a whole number")
                    continue
                try:
                    check_seat_count(game, number, options)
                except SaloonError as exc:
                    self.say(str(exc))
                    continue
                count = number
                break
        bots = agent_names(game)
        self.console.print("Seats: human, or a bot: " + (", ".join(bots) or "(none installed)"))
        specs: list[str] = []
        scripted = game.scripted_seats(options)
        # Each seat by the side it plays, where the variant names one (Hickok).
        sides = game.seat_names(game.options(options), count)
        for i in range(count):
            seat = f"Seat {i + 1}"
            if i < len(sides) and sides[i] != f"Player {i + 1}":
                seat += f" ({sides[i]})"
            if i in scripted:
                self.console.print(f"{seat}: {scripted[i]} (the scenario's own rules)")
                specs.append(scripted[i])
                continue
            default = HUMAN if i == 0 else default_bot(game)
            while True:
                spec = self.ask(f"{seat} [{default}]: ").strip() or default
                if spec.lower() == HUMAN:
                    specs.append(HUMAN)
                    break
                try:
                    make_bot(spec, game, None, options)
                except SaloonError as exc:
                    self.say(str(exc))
                    continue
                specs.append(spec)
                break
        return specs

    def pick_seed(self) -> int | None:
        while True:
            text = self.ask("Seed [random]: ").strip()
            if not text:
                return None
            seed = parse_seed(text)
            if seed is not None and 0 <= seed <= MAX_SEED:
                return seed
            self.say(
                f"{shown(text)} is not a seed: a whole number from 0 to {MAX_SEED}; "
                "leave it empty for a random seed"
            )

    def pick_dice(self) -> str:
        while True:
            text = self.ask("Dice, random or manual [random]: ").strip().lower() or "random"
            if text in ("random", "manual", "r", "m"):
                return "manual" if text.startswith("m") else "random"
            self.say("type random or manual")

"""At the terminal, the board stays in view (issue 36, item 3).

A whole Cowboys duel (Hickok and Tutt, a person against the heuristic) and
a D6 turn (three players, one person) are played in a pseudo-terminal of
80 x 24 and of 120 x 40 against the real ``saloon play``. The test keeps its
own copy of the game (the same seed gives the same dice and bots) to know
what is legal, and a heuristic chooses for the person (now and then a
random choice instead, so that he moves too), who types the menu's number
when his choice is on the page shown, else its notation. At every
decision, on the screen drawn for it (after the screen is cleared; the
first one under the table's opening lines): the board's first line comes
first and the prompt is within one screen of it, counting lines as the
terminal shows them (wrapped at its width); the menu is under 20 lines;
``pass``, ``accept`` and ``end``, when legal, are on its first page.

Then the compact Cowboys map itself: every square drawn once, the walls,
doors and windows where the town's grid has them, each standing figure at
its square, and the cropping that keeps the figures the person may act
with in view; the D6 compact board within its room; and the table's screen
composed without a terminal (``screen=True``): events kept by importance,
``log`` and ``map``.
"""

from __future__ import annotations

import io
import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from saloon.cli.common import make_bot
from saloon.cli.table import GameTable, Seat
from saloon.core import get_game
from saloon.core.action import Action, Event
from saloon.core.session import HUMAN, Session
from saloon.core.state import State
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.screen import UPRIGHT, CompactTown, render_screen
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.screen import BoardScreen

from .conftest import saloon_command

SIZES = [(80, 24), (120, 40)]
IDS = [f"{w}x{h}" for w, h in SIZES]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")
CLEAR = "\x1b[2J"
#: The board's first line: the compact Cowboys map's column letters or its
#: panel; the D6 round line (compact) or its panel.
BOARD_TOP = {
    "cowboys": re.compile(r"^ {4}[A-F] a   b|^╭─ Cowboys"),
    "dungeons": re.compile(r"^(Setup|Round \d+ of \d+)|^╭─+ D6"),
}
MENU_ROW = re.compile(r"^\s*(\d+)\. .*?(?:\[([^\]]+)\])?\s*$")
ALWAYS = ("pass", "accept", "end")


# -- at the terminal ----------------------------------------------------------------------


def bots_step(session: Session) -> None:
    """One step of a game among bots: a roll, or a bot's choice."""
    if session.pending == "chance":
        session.roll()
    else:
        turn = session.bot_turn()
        assert session.agents is not None
        session.apply_bot(turn, turn.choose(session.agents))


def terminal_env() -> dict[str, str]:
    """A real terminal's environment (its size from the pseudo-terminal), no colour."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR")}
    env.update({"TERM": "xterm", "NO_COLOR": "1"})
    return env


def shown_lines(text: str, width: int) -> int:
    """The terminal lines ``text`` takes, each line wrapped at ``width``."""
    return sum(max(1, -(-cell_len(line) // width)) for line in text.split("\n"))


def check_screen(
    raw: str, game_id: str, size: tuple[int, int], legal: list[Action], first: bool = False
) -> str:
    """The decision's screen (from the last clear to the prompt; the first
    one, under the table's opening lines, from the board) checked; returns
    it, without control codes."""
    width, height = size
    assert first or CLEAR in raw, "the screen was not drawn for the decision"
    screen = ANSI.sub("", raw.rsplit(CLEAR, 1)[-1]).replace("\r", "")
    lines = screen.split("\n")
    top = [k for k, line in enumerate(lines) if BOARD_TOP[game_id].search(line)]
    assert top and (first or top[0] == 0), f"the board does not come first:\n{screen}"
    screen = "\n".join(lines[top[0] :])
    lines = screen.split("\n")
    assert shown_lines(screen, width) <= height, f"taller than the screen:\n{screen}"
    assert all(cell_len(line) <= width for line in lines), f"wider than the screen:\n{screen}"
    heading = max(k for k, line in enumerate(lines) if "your move" in line)
    menu = lines[heading:-1]
    assert len(menu) < 20, "\n".join(menu)
    codes = {m.group(2) for line in menu if (m := MENU_ROW.match(line)) and m.group(2)}
    for action in legal:
        if str(action) in ALWAYS:
            assert str(action) in codes, f"{action} is not on the first page:\n{screen}"
    return screen


def typed(screen: str, action: Action) -> str:
    """The menu's number for ``action`` when it is on the page shown, else its notation."""
    for line in screen.split("\n"):
        m = MENU_ROW.match(line)
        if m and m.group(2) == str(action):
            return m.group(1)
    return str(action)


def play_at_the_terminal(
    tmp_path: Path,
    game_id: str,
    args: list[str],
    seats: list[str],
    seed: int,
    size: tuple[int, int],
    done: Callable[[State], bool],
) -> tuple[int, int]:
    """Play until the game ends or ``done``; the decisions checked and the
    numbers typed."""
    pexpect = pytest.importorskip("pexpect")
    game = get_game(game_id)
    options = game.parse_options([a for a in args if a != "-o"])
    mirror = Session(
        game,
        options,
        seats,
        seed=seed,
        agents=lambda spec, s: make_bot(spec, game, s, options),
    )
    person = make_bot("heuristic", game, seed, options)
    rng = random.Random(seed)
    command = saloon_command()
    seat_args = [a for spec in seats for a in ("--seat", spec)]
    child = pexpect.spawn(
        command[0],
        [*command[1:], "play", game_id, *args, *seat_args, "--seed", str(seed), "--delay", "0"],
        cwd=str(tmp_path),
        env=terminal_env(),
        encoding="utf-8",
        timeout=60,
        dimensions=(size[1], size[0]),
    )
    decisions = numbers = 0
    try:
        while True:
            found = child.expect([r"Player 1 > ", r"Game over[^\n]*\n"])
            if found == 1:
                child.expect(r"\[y/N, a FILE\.json, or review\] ")
                child.sendline("n")
                child.expect(pexpect.EOF)
                break
            mirror.advance()
            state = mirror.state
            assert state.to_move == 0 and not state.is_over
            legal = list(state.legal_actions())
            raw = child.before + child.after
            screen = check_screen(raw, game_id, size, legal, first=decisions == 0)
            decisions += 1
            if done(state):
                child.sendline("quit")
                child.expect(r"Quit anyway\? \[y/N\] ")
                child.sendline("y")
                child.expect(pexpect.EOF)
                break
            action = person.choose(state) if rng.random() > 0.3 else rng.choice(legal)
            text = typed(screen, action)
            numbers += text.isdigit()
            child.sendline(text)
            mirror.act(0, action)
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert not list(tmp_path.glob("saloon-recovery-*.json"))
    return decisions, numbers


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_cowboys_duel_keeps_the_map_in_view(tmp_path: Path, size: tuple[int, int]) -> None:
    decisions, numbers = play_at_the_terminal(
        tmp_path,
        "cowboys",
        ["-o", "scenario=hickok-tutt"],
        [HUMAN, "heuristic"],
        seed=7,
        size=size,
        done=lambda state: False,
    )
    print(f"cowboys {size}: {decisions} decisions, {numbers} by number")
    assert decisions >= 5 and numbers >= 1


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_d6_turn_keeps_the_map_in_view(tmp_path: Path, size: tuple[int, int]) -> None:
    turn: dict[str, int] = {}

    def done(state: State) -> bool:
        """Whether the person's first turn of the game is over."""
        assert isinstance(state, DungeonsState)
        if "round" not in turn:
            if state.round >= 1 and state.active == 0:
                turn["round"] = state.round
            return False
        return bool(state.active != 0 or state.round != turn["round"])

    decisions, _ = play_at_the_terminal(
        tmp_path, "dungeons", [], [HUMAN, "heuristic", "heuristic"], seed=1, size=size, done=done
    )
    print(f"d6 {size}: {decisions} decisions")
    assert "round" in turn and decisions >= 5


# -- the compact Cowboys map --------------------------------------------------------------

SCENARIOS = ["hickok-tutt", "coffeyville", "jailbreak", "three-way-standoff"]
COWBOYS = get_game("cowboys")
STYLED = Console(width=200, color_system="truecolor", file=io.StringIO())
PLAIN = Console(width=200, color_system=None, file=io.StringIO())


def started(scenario: str, steps: int = 0) -> CowboysState:
    """A game of ``scenario`` dealt (and ``steps`` further steps played by
    the heuristic on both sides), at a decision."""
    game = COWBOYS
    session = Session(
        game,
        game.variants()[scenario],
        ["heuristic"] * game.player_range(game.variants()[scenario])[0],
        seed=4,
        agents=lambda spec, s: make_bot(spec, game, s),
    )
    while not session.state.is_over and len(session.state.history) < steps:
        bots_step(session)
    while session.pending == "chance":
        session.roll()
    state = session.state
    assert isinstance(state, CowboysState)
    return state


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_square_once_with_its_sides(scenario: str) -> None:
    state = started(scenario, 40)
    town = state.town
    m = CompactTown(state)
    for plain, console in ((True, PLAIN), (False, STYLED)):
        lines = m.lines(plain=plain)
        assert [ml.y for ml in lines if ml.y is not None] == list(range(town.height))
        assert len(lines) == m.height
        for ml in lines:
            assert ml.text.cell_len <= m.width, ml.text.plain
            if ml.y is None:
                continue
            assert ml.text.cell_len == m.width, ml.text.plain
            y, text = ml.y, ml.text.plain
            for x in range(town.width + 1):
                # The side on the left of each square (and the town's east edge).
                kind: str = town.grid.upright[y * (town.width + 1) + x]
                if 0 < x < town.width:
                    kind = town.edge((x - 1, y), (x, y))
                    if kind == "door" and m.doors & {((x - 1, y), (x, y)), ((x, y), (x - 1, y))}:
                        kind = "opendoor"
                assert text[m.column(x) - 1] == UPRIGHT[kind], (x, y, text)
            for x in range(town.width):
                xy = (x, y)
                cell = text[m.column(x) : m.column(x) + 3]
                below = town.grid.edge(xy, (x, y + 1))
                figure = next((f for f in state.figures if f.standing and f.square == xy), None)
                if figure is not None:
                    assert cell.startswith(figure.id), (xy, cell)
                elif m.empty(xy) and below in ("door", "window", "obstacle"):
                    assert cell[1] in {"door": "D/", "window": "~", "obstacle": "#"}[below]
                elif m.empty(xy) and below == "wall" and plain:
                    assert cell[0] == cell[2] == "_", (xy, cell)
                if not plain:
                    offset = m.column(x) + 1
                    underlined = bool(ml.text.get_style_at_offset(console, offset).underline)
                    assert underlined == (below != "open"), (xy, below)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_standing_figure_at_its_square(scenario: str) -> None:
    state = started(scenario, 60)
    m = CompactTown(state)
    rows = {ml.y: ml.text.plain for ml in m.lines() if ml.y is not None}
    standing = [f for f in state.figures if f.standing]
    assert standing
    for f in standing:
        assert f.square is not None
        x, y = f.square
        assert rows[y][m.column(x) :].startswith(f.id), (f.id, rows[y])
    drawn = sum(len(re.findall(r"[CT]\d+", line)) for line in rows.values())
    assert drawn == len(standing) + sum(
        1 for f in state.figures if f.health == 0 and f.square is not None
    )


@pytest.mark.parametrize("size", [(80, 8), (80, 12), (80, 24), (120, 14), (120, 40), (60, 10)])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_screen_fits_and_keeps_the_acting_figures(scenario: str, size: tuple[int, int]) -> None:
    width, height = size
    state = started(scenario, 30)
    player = state.to_move
    assert player is not None and player >= 0
    screen = render_screen(state, player, width, height)
    lines = screen.lines(Console(width=width, color_system=None, file=io.StringIO()))
    assert 0 < len(lines) <= height
    assert all(line.cell_len <= width for line in lines)
    whole = len(screen.rows) == state.town.height
    text = "\n".join(line.plain for line in lines)
    if not whole:
        assert "'map'" in text  # prints the whole town
    acting = [f for f in screen.focus if f.square is not None]
    if acting and screen.rows:
        assert acting[0].square is not None and acting[0].square[1] in screen.rows
    if height >= 12:
        assert f"Turn {state.turn} of" in text


@pytest.mark.parametrize("around", [[0], [21], [10, 12], [2, 20], [15, 3]])
def test_the_rows_kept_around_the_figures(around: list[int]) -> None:
    m = CompactTown(started("coffeyville"))
    for room in (4, 8, 12, 30):
        rows = m.window(room, around)
        assert m.lines_for(rows) <= room and len(rows) > 0
        assert around[0] in rows
        if max(around) - min(around) + 3 <= room:
            assert all(y in rows for y in around)


# -- the compact D6 board -----------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 150, 400])
def test_the_d6_board_fits_its_room(steps: int) -> None:
    game = get_game("dungeons")
    session = Session(
        game,
        game.options(None),
        ["heuristic"] * 3,
        seed=2,
        agents=lambda spec, s: make_bot(spec, game, s),
    )
    while not session.state.is_over and len(session.state.history) < steps:
        bots_step(session)
    state = session.state
    assert isinstance(state, DungeonsState)
    for width in (80, 120):
        console = Console(width=width, color_system=None, file=io.StringIO())
        roomy = BoardScreen(state, 0, width, 60).lines(console)
        text = "\n".join(line.plain for line in roomy)
        assert "'map' prints" not in text
        for h in state.heroes:
            assert f"P{h.seat + 1}" in text
        for height in (4, 8, 12, 16, 24):
            lines = BoardScreen(state, 0, width, height).lines(console)
            assert 0 < len(lines) <= height
            assert all(line.cell_len <= width for line in lines)
            if len(lines) < len(roomy):
                assert lines[-1].plain == "'map' prints the whole board."


def test_the_d6_board_is_never_wider_than_the_screen() -> None:
    """A space crowded with enemies wraps inside its column (a wrapped line
    is indented, so it wraps two characters short): every twentieth step of
    a whole game, at 80 and 120 columns."""
    game = get_game("dungeons")
    session = Session(
        game,
        game.options(None),
        ["heuristic"] * 3,
        seed=2,
        agents=lambda spec, s: make_bot(spec, game, s),
    )
    consoles = {w: Console(width=w, color_system=None, file=io.StringIO()) for w in (80, 120)}
    while not session.state.is_over:
        state = session.state
        assert isinstance(state, DungeonsState)
        if len(state.history) % 20 == 0:
            for width, console in consoles.items():
                for height in (12, 24):
                    lines = BoardScreen(state, 0, width, height).lines(console)
                    assert all(line.cell_len <= width for line in lines), (width, height)
        bots_step(session)


# -- the table's screen, without a terminal ------------------------------------------------


def screen_table(
    answers: list[str], size: tuple[int, int] = (80, 24)
) -> tuple[GameTable, io.StringIO]:
    """A Cowboys table (a person against the heuristic) composing screens
    on a console of ``size`` that is not a terminal, ``answers`` typed."""
    game = COWBOYS
    options = game.variants()["hickok-tutt"]
    session = Session(
        game, options, [HUMAN, "heuristic"], seed=3, agents=lambda s, k: make_bot(s, game, k)
    )
    out = io.StringIO()
    console = Console(file=out, width=size[0], height=size[1], color_system=None)
    script = iter(answers)

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        return next(script)

    seats = [Seat(HUMAN, None), Seat("heuristic", make_bot("heuristic", game, 1))]
    table = GameTable(session, seats, console, ask, delay=0, screen=True)
    return table, out


def test_the_screen_holds_board_events_menu_and_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table, out = screen_table([])
    assert not table.clear  # not a terminal: no control codes
    while table.session.pending != "person":
        table.step()
    table.narrate()
    start = out.tell()
    with pytest.raises(StopIteration):
        table.step()
    screen = out.getvalue()[start:]
    assert "\x1b" not in screen
    lines = screen.split("\n")
    assert BOARD_TOP["cowboys"].search(lines[0]), screen
    assert lines[-1] == "Player 1 > "
    assert shown_lines(screen, 80) <= 24
    assert "» " in screen  # the latest events


def test_notable_events_are_kept_first() -> None:
    table, _ = screen_table([])
    events = [Event("card", "Tutt plays QC (Hold It!): Cowboy 1's action is cancelled.")]
    events += [Event("move", f"Event {k}.") for k in range(12)]
    table.events = lambda: events
    shown, left = table.fit_events(5)
    assert [t.plain for t in shown] == [
        "» Tutt plays QC (Hold It!): Cowboy 1's action is cancelled.",
        "» Event 9.",
        "» Event 10.",
        "» Event 11.",
    ]
    assert left == 9
    assert shown[0].style == "bold"
    everything, none = table.fit_events(20)
    assert len(everything) == 13 and none == 0


def test_map_and_log_at_the_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table, out = screen_table(["log", "log 2", "log all", "log x", "map", "help", "quit", "y"])
    with pytest.raises(Exception) as caught:
        table.play()
    assert type(caught.value).__name__ == "QuitGame"
    text = out.getvalue()
    assert "The log: the last" in text or "The log:" in text
    assert "The log: the last 2 of" in text
    assert "log takes a number of events or 'all', not 'x'" in text
    assert "╭─ Cowboys: Wild Bill and Davis Tutt" in text  # map: the whole board
    assert "map (or board)" in text and "log [N|all]" in text

"""The table: one game played in the terminal by people and bots.

The game runs in a :class:`~saloon.core.session.Session` (the same as the web
table's): random dice or a referee's real ones, bots made as they are
needed, an ``undo`` that never goes back past a roll (the session's rule)
and an advisor that is the table's choice. What happens
is told in the log's sentences, as it happens; at a person's decision the
board is drawn with a menu under it that fits an 80 x 24 screen.

At a terminal each decision is one screen (``console.size``), composed
bottom up: the prompt, the menu's first page, the events told since that
person's previous decision (the latest that fit, the game's notable ones
first: a card played against him, an action cancelled, a figure down; ``k
earlier: 'log'`` when some are left out) and the board: whole if it fits
what is left, else the game's :meth:`~saloon.core.game.Game.render_screen`
for that room (a compact map, the part of it around the pieces he may act
with). The screen is cleared first (but for the first decision, under the
table's opening lines), so the board is always at its top;
``map`` (or ``board``) prints the whole board and ``log`` the events.
Output that is not a terminal (a pipe, a file, the tests) or a dumb one
(``TERM=dumb``) stays a plain transcript: the whole board at each
decision, no control codes.

A menu too long for its page comes in steps: first one line per group of
the game's (a figure, a kind of choice) and the choices that end a window
or a part (``pass``, ``accept``, ``end``) listed directly; a group's
number, or the notation its choices share (``C4``, ``C4 shoot``, ``hire``),
lists its choices, a long group split again by the notation's next word;
``back`` or an empty line goes a step back, and ``more`` pages on. A
person chooses by number or types the action in the game's notation at
any step, and may ask for ``help``, ``hint``, ``board`` (or ``map``),
``log``, ``save``, ``load``, ``undo``, ``rules`` or ``quit`` at any prompt.
A decision with one legal choice is taken without asking, and said.

Nothing is lost: ``save`` asks before replacing a file that this table did
not write or load; ``load`` asks before it replaces moves that are not
saved; when input ends, Ctrl-C is pressed or anything fails mid-game, the
game is saved to a new timestamped recovery file (never over another one)
and the table says where; a finished game offers to keep its record.
"""

from __future__ import annotations

import os
import re
import select
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table as RichTable
from rich.text import Text

from saloon.cli.common import HUMAN
from saloon.core.action import Action, Event
from saloon.core.agent import Agent
from saloon.core.errors import SaloonError, one_line, printable, shown
from saloon.core.game import Game
from saloon.core.numerals import parse_int
from saloon.core.record import GameRecord
from saloon.core.session import Session
from saloon.core.state import CHANCE, ActionGroup, State

#: Recovery files (input ended, Ctrl-C, a failure mid-game) are named
#: ``saloon-recovery-YYYYMMDD-HHMMSS.json``, so none overwrites another.
RECOVERY_STEM = "saloon-recovery"
#: A finished game's record, when kept at the end: ``saloon-game-YYYYMMDD-HHMMSS.json``.
RECORD_STEM = "saloon-game"
#: Where ``save`` writes when no file is named.
DEFAULT_SAVE = "saloon-game.json"
_YES = ("y", "yes")
#: The fewest menu lines a page shows, however tall the board.
MIN_MENU = 6
#: The most menu lines a page shows (so that a menu's first step is under 20
#: lines with its heading and notes); also a page's lines when the board
#: cannot stay in view above them (it is taller than the screen).
STEP_MENU = 16
#: The choices that end a window or a part of a turn: listed directly on a
#: long menu's first page, never inside a group.
ALWAYS = frozenset({"pass", "accept", "end", "stop", "done"})
#: At a terminal, the fewest lines kept for the events since a person's
#: previous decision (when there are some), whatever the board and menu;
#: a tall screen keeps up to a sixth of its lines for them.
EVENT_ROOM = 3
#: At a terminal, the fewest lines a game's compact board is given when a
#: long menu shares the screen with it.
BOARD_MIN = 10
#: The events ``log`` prints when it is not told how many.
LOG_LINES = 30
#: A group of this many choices or more that share their notation's first
#: words (D6's hires of the Cash Cube) is one line even on a menu that fits.
COLLAPSE = 6
_NUMBERISH = re.compile(r"^[-+]?\d[\d.,]*\S*$|^[-+]\d")

HELP = """\
At your prompt:
  1, 2, ...        the numbered choice from the menu
  an action        typed in the game's notation, e.g. {examples}
  part of one      its first words (e.g. a figure's id) list the choices that begin so
  more             the next page of a long menu
  back (or Enter)  a step back in a menu that comes in steps
  hint             each choice's value from the game's advisor, and what it means
  map (or board)   the whole board (at a terminal a tall one is shown compact)
  log [N|all]      the last N events told ({log} by default), or all of them
  save [FILE]      save the game (default {save}; asks before replacing a file)
  load FILE        load a saved game and carry on from it (asks if moves are unsaved)
  undo             take back your last decision, if nothing was rolled, drawn or
                   shown and nobody else decided since (practice undo: past rolls too)
  rules [all]      the rules that bear on this decision ('all': options too)
  quit             leave the table (asks first if the game is not saved)"""

DICE_HELP = """\
At a dice prompt, type what the real dice show. {how}
  undo             take back the dice typed last
  help, board, log, rules, save, quit as at any prompt"""


@dataclass(frozen=True)
class MenuRow:
    """A line of a menu: a numbered choice (its words and notation), or a
    group's title (``number`` 0); ``height`` the screen lines it takes."""

    number: int
    text: str
    code: str
    height: int


@dataclass(frozen=True, eq=False)
class Branch:
    """A step of a long menu: a group of choices shown as one line, opened
    by its number or by typing ``key``, the notation its choices share."""

    title: str
    key: str
    actions: tuple[Action, ...]

    def __str__(self) -> str:
        return self.key or self.title


#: A numbered line of a menu: a choice, or a group of them to open.
Entry = Action | Branch
#: Part of a menu: a heading ('' for none) and its numbered lines.
Section = tuple[str, list[Entry]]


def words_of(action: Action) -> list[str]:
    return str(action).lower().split()


#: Words a shared description does not end on (it names a thing, not a link).
_LINKS = frozenset({"and", "or", "with", "to", "from", "the", "a", "an", "of", "in", "your"})


def shared_description(texts: Sequence[str]) -> str:
    """The words that all of ``texts`` begin with, as a group's title in
    words (``roll Hand Axe (d6, Dual Wield)`` over its pairings); empty
    when they share fewer than two words.

    >>> shared_description(["roll Axe (d6) and your d6: 5%", "roll Axe (d6) and Bow: 6%"])
    'roll Axe (d6)'
    >>> shared_description(["move to 1", "ride to 2"])
    ''
    """
    if not texts:
        return ""
    common = texts[0].split()
    for text in texts[1:]:
        w = text.split()
        k = 0
        while k < min(len(common), len(w)) and common[k] == w[k]:
            k += 1
        common = common[:k]
    # A parenthesis opened and not closed: the title stops before it.
    depth, cut = 0, len(common)
    for i, word in enumerate(common):
        if depth == 0 and "(" in word:
            cut = i
        depth += word.count("(") - word.count(")")
    if depth > 0:
        common = common[:cut]
    while common and common[-1].lower().strip(",:;") in _LINKS:
        common.pop()
    if common and common[-1][-1] in ",:;":
        common[-1] = common[-1][:-1]
    return " ".join(common) if len(common) >= 2 else ""


def shared_words(actions: Sequence[Action]) -> list[str]:
    """The notation's first words that all of ``actions`` share."""
    if not actions:
        return []
    common = words_of(actions[0])
    for action in actions[1:]:
        w = words_of(action)
        k = 0
        while k < min(len(common), len(w)) and common[k] == w[k]:
            k += 1
        common = common[:k]
    return common


def is_always(action: Action) -> bool:
    return str(action).lower() in ALWAYS


@dataclass
class Seat:
    """Who sits in a seat: a person (``agent is None``) or a bot (its spec;
    ``agent`` is one made when it sat down, to check that it can play)."""

    spec: str
    agent: Agent | None = None

    @property
    def is_human(self) -> bool:
        return self.agent is None


class QuitGame(Exception):
    """The user left the table."""


class GameInterrupted(Exception):
    """Input ended or Ctrl-C was pressed mid-game; the game was saved if it could be."""

    def __init__(self, exit_code: int) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


class _Restart(Exception):
    """The game was replaced (undo, load): start the turn again."""


class GameTable:
    """One game at the terminal, from where its session stands to the end."""

    def __init__(
        self,
        session: Session,
        seats: Sequence[Seat],
        console: Console,
        ask: Callable[[str], str],
        *,
        delay: float = 0.6,
        recovery_folder: str | Path = ".",
        allow_load: bool = True,
        rules_text: Callable[[], None] | None = None,
        screen: bool | None = None,
    ) -> None:
        self.session = session
        self.game: Game = session.game
        self.seats = list(seats)
        self.console = console
        self._ask = ask
        self.delay = delay
        self.recovery_folder = Path(recovery_folder)
        #: Files this table wrote or loaded: saving to them again asks nothing.
        self.own_files: set[str] = set()
        self.allow_load = allow_load
        self.rules_text = rules_text
        self.saved_steps = len(session.state.history)
        self.shown_log = len(session.state.log)
        self.humans = [i for i, s in enumerate(self.seats) if s.is_human]
        #: Enter pressed during a bot's pause: no more pauses until a person is asked.
        self.skipping = False
        self.told_skip = False
        #: The menu of the decision at hand: the step shown (its numbered
        #: lines, pages and the page shown), the groups opened to reach it,
        #: and every legal choice, in the groups' order.
        self.menu_actions: list[Entry] = []
        self.pages: list[list[MenuRow]] = []
        self.page = 0
        self.trail: list[Branch] = []
        self.groups: Sequence[ActionGroup] = []
        self.all_actions: list[Action] = []
        #: How many of the legal choices begin with some words (cached).
        self.starting: dict[str, int] = {}
        self.budget = MIN_MENU
        #: Each decision one screen, cleared first (see the module
        #: docstring): at a terminal that is not dumb, unless told. A dumb
        #: one (``TERM=dumb``: an editor's shell buffer) cannot clear and
        #: does not say its size; it gets the transcript.
        capable = console.is_terminal and not console.is_dumb_terminal
        self.screen = capable if screen is None else screen
        self.clear = self.screen and capable
        #: Where each person's previous decision stood in the log, and
        #: where the events shown at the decision at hand begin.
        self.marks: dict[int, int] = {}
        self.since = 0
        #: The screens drawn so far.
        self.screens = 0

    @property
    def state(self) -> State:
        return self.session.state

    # -- output ------------------------------------------------------------------

    def say(self, message: str) -> None:
        """One plain line (no markup; what a person typed, quoted in it,
        cannot break it: control characters are written as escapes)."""
        self.console.print(one_line(message), markup=False, soft_wrap=True)

    def name(self, player: int) -> str:
        seat = self.seats[player]
        who = "you" if seat.is_human and len(self.humans) == 1 else seat.spec
        return f"Player {player + 1} ({who})"

    def board(self) -> RenderableType:
        drawing: RenderableType = self.game.render_rich(self.state)
        return drawing

    def draw(self) -> None:
        self.console.print(self.board())

    def board_height(self) -> int:
        options = self.console.options
        return len(self.console.render_lines(self.board(), options, pad=False))

    def viewer(self) -> int | None:
        """Whose log the table tells: the one person's, else everything."""
        return self.humans[0] if len(self.humans) == 1 else None

    def narrate(self) -> None:
        """Print the log sentences not printed yet: those the one person may
        read; at a table of several people (one screen), what everyone may;
        with bots alone, everything, each secret in full rather than its
        public sentence."""
        viewer = self.viewer()
        for event in self.state.log[self.shown_log :]:
            if event.visible_to(viewer) if self.humans else not event.besides:
                self.console.print(f"» {event.text}", markup=False, style="italic")
        self.shown_log = len(self.state.log)

    # -- the loop ----------------------------------------------------------------

    def record(self) -> GameRecord:
        return self.session.record()

    def play(self) -> State:
        """Play to the end; returns the final state.

        Raises :class:`QuitGame` if the user quits, and
        :class:`GameInterrupted` after saving a recovery file when input
        ends or Ctrl-C is pressed.
        """
        try:
            while not self.state.is_over:
                try:
                    self.step()
                except _Restart:
                    continue
        except EOFError:
            self.recover("input ended")
            raise GameInterrupted(1) from None
        except KeyboardInterrupt:
            self.recover("interrupted")
            raise GameInterrupted(130) from None
        except QuitGame:
            raise
        except Exception as exc:  # a bot or an advisor failed: keep the game, then report
            self.recover(f"the game stopped: {shown(str(exc), 200)}")
            raise
        self.narrate()
        self.draw()
        self.announce()
        return self.state

    def step(self) -> None:
        """One step: a random roll, the referee's dice, a bot's choice, a
        person's only choice, or a person's decision."""
        self.narrate()
        s = self.session
        pending = s.pending
        if pending == "chance":
            s.roll()
        elif pending == "dice":
            self.enter_dice()
        elif pending == "bot":
            self.bot()
        elif pending == "person" and s.take_only_choice() is None:
            mover = self.state.to_move
            assert mover is not None
            self.decide(mover)

    def bot(self) -> None:
        s = self.session
        turn = s.bot_turn()
        if not self.humans:
            self.draw()
        name = self.name(turn.player)
        assert s.agents is not None  # a session with bots has a maker of agents
        if self.console.is_terminal:
            with self.console.status(f"{name} is thinking…"):
                action = turn.choose(s.agents)
        else:
            action = turn.choose(s.agents)
        # A person at the table hears what any player would; bots alone, all.
        words = self.state.announce(action) if self.humans else self.state.describe_action(action)
        self.console.print(f"{name}: {words}", markup=False)
        s.apply_bot(turn, action)
        self.pause()

    def pause(self) -> None:
        """Wait ``delay`` seconds after a bot's move so a person can follow;
        Enter skips the waiting until a person is asked something again."""
        if self.delay <= 0 or self.skipping:
            return
        if not _interactive():
            time.sleep(self.delay)
            return
        if not self.told_skip:
            self.say("(press Enter to skip ahead through the bots' moves)")
            self.told_skip = True
        ready, _, _ = select.select([sys.stdin], [], [], self.delay)
        if ready:
            sys.stdin.readline()
            self.skipping = True

    def announce(self) -> None:
        """The ending in the game's own words (what happened and why), then
        the scores."""
        result = self.state.result()
        scores = ", ".join(f"player {i + 1} {s:g}" for i, s in enumerate(result.scores))
        if result.text:
            ending = escape(result.text.rstrip("."))
            self.console.print(f"[bold]Game over: {ending}.[/] Scores: {scores}.")
        elif result.winners:
            who = escape(" and ".join(self.name(w) for w in result.winners))
            self.console.print(f"[bold]Game over: {who} won.[/] Scores: {scores}.")
        else:
            self.console.print(f"[bold]Game over.[/] Scores: {scores}.")

    # -- a person's choice --------------------------------------------------------

    def decide(self, player: int) -> None:
        state = self.state
        legal = state.legal_actions()
        self.groups = state.action_groups(legal)
        self.all_actions = [a for g in self.groups for a in g.actions]
        self.starting = {}
        # The events shown are those since this person's previous decision.
        self.since = min(self.marks.get(player, 0), len(state.log))
        self.marks[player] = len(state.log)
        if not self.screen:
            self.draw()
        self.budget = self.menu_budget()
        self.trail = []
        self.open_step()
        if self.screen and sum(1 for row in self.pages[0] if row.number) < 2:
            # Choices so long that a page holds one: a page for two at least.
            rows = [row for page in self.pages for row in page]
            numbered = [k for k, row in enumerate(rows) if row.number]
            if len(numbered) > 1:
                need = sum(row.height for row in rows[: numbered[1] + 1]) + 1
                self.budget = min(STEP_MENU, max(self.budget, need))
                self.open_step()
        self.present(player)
        while True:
            self.skipping = False
            text = self._ask(f"Player {player + 1} > ").strip()
            if not text or text.lower() == "back":
                if self.trail:
                    self.trail.pop()
                    self.open_step()
                    self.present(player)
                elif text:
                    self.say("this is the first step of the menu")
                continue
            n = parse_int(text)
            if n is not None:
                if 1 <= n <= len(self.menu_actions):
                    entry = self.menu_actions[n - 1]
                    if isinstance(entry, Branch):
                        self.open_branch(entry, player)
                        continue
                    self.session.act(player, entry)
                    return
                self.say(f"there is no choice {n}; {self.legal_text()}")
                continue
            if self.command(text, player):
                continue
            try:
                action = state.parse(text)
            except ValueError as exc:  # NotationError; any other is a parser's bug, still one line
                branch = self.prefixed(text)
                if branch is not None:
                    self.open_branch(branch, player)
                elif _NUMBERISH.match(text):
                    n = len(self.menu_actions)
                    self.say(f"{shown(text)} is not a whole number from 1 to {n}")
                elif any(str(a).startswith(text.split()[0].lower()) for a in self.all_actions):
                    self.say(
                        f"{str(exc).rstrip('.')}; {self.legal_text()}"
                    )  # the right word, written wrong
                else:
                    self.say(f"unknown command or action {shown(text)}; {self.legal_text()}")
                continue
            if state.is_legal(action):
                self.session.act(player, action)
                return
            branch = self.prefixed(text)
            if branch is not None:
                self.open_branch(branch, player)
                continue
            # The game's reason (the rule that forbids it, what would make it
            # legal), as the browser gives it: State.explain_illegal.
            n = len(self.menu_actions)
            self.say(f"{state.explain_illegal(action).rstrip('.')}; choose 1-{n} (or help)")

    def prefixed(self, text: str) -> Branch | None:
        """The choices whose notation begins with the words typed (``C4``,
        ``C4 shoot``), as a group to open; None if none does."""
        typed = text.lower().split()
        found = tuple(a for a in self.all_actions if words_of(a)[: len(typed)] == typed)
        if not found:
            return None
        key = " ".join(str(found[0]).split()[: len(typed)])
        for g in self.groups:  # a figure's id: its group, by its title
            if g.title and set(found) == {a for a in g.actions if not is_always(a)}:
                return Branch(g.title, key, found)
        return Branch(f"The choices that begin {key}", key, found)

    def open_branch(self, branch: Branch, player: int) -> None:
        self.trail.append(branch)
        self.open_step()
        self.present(player)

    def menu_budget(self) -> int:
        """The menu lines of a page: those under the board on the screen;
        when the board is too tall to stay in view with a menu, a screen's.
        At a terminal, a few lines are kept for the events too, and a game
        with a compact board (:meth:`~saloon.core.game.Game.render_screen`)
        leaves it :data:`BOARD_MIN` lines."""
        height = self.console.size.height
        if not self.screen:
            room = height - self.board_height() - 3
            if room >= MIN_MENU:
                return min(room, STEP_MENU)
            return max(MIN_MENU, min(height - 5, STEP_MENU))
        events = min(self.event_lines(), self.event_room(height))
        room = height - self.board_height() - 3 - events
        if room >= MIN_MENU:
            return min(room, STEP_MENU)
        if self.compact(height) is not None:
            return max(MIN_MENU, min(height - 3 - events - BOARD_MIN, STEP_MENU))
        return max(MIN_MENU, min(height - 5, STEP_MENU))

    # -- a decision's screen ---------------------------------------------------------

    def present(self, player: int) -> None:
        """The step of the menu at hand: at a terminal, the decision's whole
        screen; else the menu alone (under the board drawn for the decision)."""
        if self.screen:
            self.show_screen(player)
        else:
            self.show_menu(player)

    def compact(self, height: int) -> RenderableType | None:
        """The game's board for ``height`` lines of this console (None: it
        has none, and the table shows the whole board)."""
        state = self.state
        player = state.to_move if state.to_move is not None and state.to_move >= 0 else None
        drawing: RenderableType | None = self.game.render_screen(
            state, player, self.console.size.width, height
        )
        return drawing

    def lines_of(self, renderable: RenderableType) -> int:
        """The screen lines ``renderable`` takes on this console."""
        options = self.console.options
        return len(self.console.render_lines(renderable, options, pad=False))

    def events(self) -> list[Event]:
        """The events since the decider's previous decision that the table
        tells (those :meth:`narrate` prints)."""
        viewer = self.viewer()
        return [e for e in self.state.log[self.since :] if e.visible_to(viewer)]

    def event_text(self, event: Event) -> Text:
        notable = event.kind in self.game.notable_events
        return Text(f"» {event.text}", style="bold" if notable else "italic")

    def event_lines(self) -> int:
        return sum(self.lines_of(self.event_text(e)) for e in self.events())

    @staticmethod
    def event_room(height: int) -> int:
        """The lines kept for the events on a screen of ``height`` lines."""
        return max(EVENT_ROOM, height // 6)

    def fit_events(self, room: int) -> tuple[list[Text], int]:
        """The events' lines that fit ``room`` and how many events are left
        out: all if they fit; else, in the order they happened, the latest
        notable ones first, then the latest others, under a line that says
        how many more there are."""
        events = self.events()
        texts = [self.event_text(e) for e in events]
        heights = [self.lines_of(t) for t in texts]
        if sum(heights) <= room:
            return texts, 0
        budget = room - 1
        keep: set[int] = set()
        notable = self.game.notable_events
        for k in reversed(range(len(events))):
            if events[k].kind in notable and heights[k] <= budget:
                keep.add(k)
                budget -= heights[k]
        for k in reversed(range(len(events))):
            if k in keep:
                continue
            if heights[k] > budget:
                break
            keep.add(k)
            budget -= heights[k]
        return [texts[k] for k in sorted(keep)], len(events) - len(keep)

    def menu_height(self) -> int:
        """The lines :meth:`show_menu` prints for the page at hand."""
        rows = sum(row.height for row in self.pages[self.page])
        return 1 + rows + (1 if self.menu_notes() else 0)

    def show_screen(self, player: int) -> None:
        """The decision on one screen: the board (whole, else the game's
        compact one for the room left), the latest events, the menu's page;
        the prompt follows."""
        height = self.console.size.height
        room = height - 1 - self.menu_height()
        board: RenderableType = self.board()
        whole = self.lines_of(board)
        wanted = self.event_lines()
        # The board whole if it fits beside the events (or the few kept
        # for them); else the game's compact board in the room left, the
        # events taking what it leaves.
        events = min(wanted, self.event_room(height), max(0, room - BOARD_MIN))
        if whole + min(wanted, events) <= room:
            events = room - whole
        else:
            compact = self.compact(max(1, room - events))
            if compact is not None:
                board = compact
                events = max(events, room - self.lines_of(board))
        if self.clear and self.screens:
            # (Not the first: the table's opening lines stay above it.)
            self.console.clear()
        self.screens += 1
        self.console.print(board)
        shown, left = self.fit_events(events)
        if left and events > 0:
            self.console.print(f"({left} earlier: 'log')", style="dim", markup=False)
        for text in shown:
            self.console.print(text)
        self.show_menu(player)

    def show_log(self, arg: str) -> None:
        """``log``: the last :data:`LOG_LINES` events told; ``log N`` the
        last N; ``log all`` every one."""
        viewer = self.viewer()
        told = [e for e in self.state.log if e.visible_to(viewer)]
        if arg.lower() == "all":
            count = len(told)
        elif arg:
            n = parse_int(arg)
            if n is None or n < 1:
                self.say(f"log takes a number of events or 'all', not {shown(arg)}")
                return
            count = n
        else:
            count = LOG_LINES
        last = told[-count:] if count else []
        more = len(told) - len(last)
        head = f"The log: the last {len(last)} of {len(told)} events" if more else "The log"
        self.say(head + (" ('log all' for every one):" if more else ":"))
        for event in last:
            self.console.print(self.event_text(event))

    def open_step(self) -> None:
        """Build the step of the menu at the end of ``trail``: its numbered
        lines and its pages."""
        sections = self.branch_step(self.trail[-1]) if self.trail else self.first_step()
        self.menu_actions = [e for _, entries in sections for e in entries]
        self.pages = self.paginate_sections(sections)
        self.page = 0

    def first_step(self) -> list[Section]:
        """The whole menu when it fits a page (a long group of alike choices,
        such as D6's hires of the Cash Cube, one line); else one line a
        group, the choices that end a window or a part listed first."""
        groups = [g for g in self.groups if g.actions]
        titled = len(groups) > 1
        whole: list[Section] = []
        for g in groups:
            branch = self.branch_of(g.title, list(g.actions))
            if titled and len(g.actions) >= COLLAPSE and g.title and branch.key:
                whole.append(("", [branch]))
            else:
                whole.append((g.title if titled else "", list(g.actions)))
        if self.fits(whole):
            return whole
        always: list[Entry] = [a for a in self.all_actions if is_always(a)]
        entries: list[Entry] = []
        branches = 0
        for g in groups:
            acts = [a for a in g.actions if not is_always(a)]
            if len(acts) <= 1 or (not g.title and len(acts) <= 3):
                entries += acts
            elif acts:
                entries.append(self.branch_of(g.title or "Other choices", acts))
                branches += 1
        if branches == 1 and len(entries) == 1:
            # One group: its own steps, at once.
            only = entries[0]
            assert isinstance(only, Branch)
            inner = self.branch_step(only)
            return [("", always), *inner] if always else inner
        return [("", [*always, *entries])]

    def branch_of(self, title: str, actions: list[Action]) -> Branch:
        """A group as one line; its key the words its choices share, if
        typing them lists that group and no other choice."""
        common = shared_words(actions)
        key = " ".join(str(actions[0]).split()[: len(common)])
        if common:
            begin = self.starting.get(key.lower())
            if begin is None:
                begin = sum(1 for a in self.all_actions if words_of(a)[: len(common)] == common)
                self.starting[key.lower()] = begin
            if begin != len(actions):
                key = ""
        return Branch(title, key, tuple(actions))

    def branch_step(self, branch: Branch) -> list[Section]:
        """A group's choices: all of them if they fit a page, else split by
        the next word of their notation (a figure's moves, its shots...),
        a word that only one choice has giving that choice itself."""
        acts = list(branch.actions)
        if self.fits([("", list(acts))]):
            return [("", list(acts))]
        depth = len(shared_words(acts))
        entries: list[Entry] = [a for a in acts if len(words_of(a)) <= depth]
        buckets: dict[str, list[Action]] = {}
        for a in acts:
            w = words_of(a)
            if len(w) > depth:
                buckets.setdefault(w[depth], []).append(a)
        for same in buckets.values():
            if len(same) == 1:
                entries.append(same[0])
            else:
                branch = self.branch_of("", same)
                title = shared_description([self.state.describe_action(a) for a in same])
                entries.append(Branch(title or branch.key, branch.key, branch.actions))
        return [("", entries)]

    def entry_row(self, number: int, entry: Entry, code_width: int = 0) -> MenuRow:
        """A numbered line; its height as its words wrap beside the widest
        notation of its menu (``code_width``)."""
        if isinstance(entry, Branch):
            n = len(entry.actions)
            text = f"{entry.title}: {n} choice{'s' if n != 1 else ''}"
            code = f"[{entry.key}]" if entry.key else ""
        else:
            text, code = self.state.describe_action(entry), f"[{entry}]"
        room = max(20, self.console.size.width - 8 - max(len(code), code_width) - 2)
        return MenuRow(number, text, code, len(textwrap.wrap(text, room)) or 1)

    @staticmethod
    def code_width(sections: Sequence[Section]) -> int:
        """The widest notation shown in ``sections`` (a group's: its key)."""
        widths = [
            len(e.key) + 2 if isinstance(e, Branch) and e.key else len(str(e)) + 2
            for _, entries in sections
            for e in entries
            if not isinstance(e, Branch) or e.key
        ]
        return max(widths, default=0)

    def fits(self, sections: Sequence[Section]) -> bool:
        """Whether ``sections`` fit one page."""
        lines = 0
        widest = self.code_width(sections)
        for title, entries in sections:
            lines += bool(title)
            for entry in entries:
                lines += self.entry_row(0, entry, widest).height
                if lines > self.budget - 1:
                    return False
        return True

    def paginate_sections(self, sections: Sequence[Section]) -> list[list[MenuRow]]:
        """Numbered rows under their headings, in pages of ``budget`` lines
        that fit under the board on the screen (a row's text wraps under
        itself, so it may take more than a line)."""
        rows: list[MenuRow] = []
        n = 0
        widest = self.code_width(sections)
        for title, entries in sections:
            if title and entries:
                rows.append(MenuRow(0, title, "", 1))
            for entry in entries:
                n += 1
                rows.append(self.entry_row(n, entry, widest))
        budget = self.budget
        pages: list[list[MenuRow]] = [[]]
        used = 0
        for row in rows:
            if used + row.height > budget - 1 and pages[-1] and row.number:
                pages.append([])
                used = 0
            pages[-1].append(row)
            used += row.height
        # A title left alone at the foot of a page goes to the next page.
        for k in range(len(pages) - 1):
            if pages[k] and not pages[k][-1].number:
                pages[k + 1].insert(0, pages[k].pop())
        # A page that held only that title (its first choice too tall to
        # follow it) is left empty: no page is shown with no choice on it.
        return [page for page in pages if page] or [[]]

    def show_menu(self, player: int) -> None:
        step = ""
        if self.trail:
            shown_now = self.trail[-1]
            n = len(shown_now.actions)
            step = f" {escape(shown_now.title)} ({n} choice{'s' if n != 1 else ''})"
        self.console.print(f"[bold]{escape(self.name(player))}[/], your move:{step}")
        grid = RichTable.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        grid.add_column(no_wrap=True, style="dim")
        for row in self.pages[self.page]:
            if row.number:
                grid.add_row(f"[bold]{row.number}[/].", escape(row.text), escape(row.code))
            else:
                grid.add_row("", f"[bold]{escape(row.text)}[/]", "")
        self.console.print(Padding(grid, (0, 0, 0, 2)))
        notes = self.menu_notes()
        if notes:
            end = ", or type any choice" if len(notes) == 1 else ""
            self.console.print(f"[dim]({escape('; '.join(notes))}{end})[/]")

    def menu_notes(self) -> list[str]:
        """The line under a menu's page: its pages, how to open a group, ``back``."""
        notes: list[str] = []
        if len(self.pages) > 1:
            # The choices on the pages after this one ('more' goes round).
            rest = sum(1 for page in self.pages[self.page + 1 :] for row in page if row.number)
            more = f"'more' for {rest} more" if rest else "'more' for page 1 again"
            notes.append(f"page {self.page + 1}/{len(self.pages)}; {more}")
        if any(isinstance(e, Branch) for e in self.menu_actions):
            notes.append("a group opens by its number or [words]")
        if self.trail:
            notes.append("'back' goes back")
        return notes

    def legal_text(self) -> str:
        n = len(self.menu_actions)
        if n <= 8:
            names = ", ".join(str(a) for a in self.menu_actions)
            return f"choose 1-{n} or type {names} (or help)"
        return f"choose 1-{n} or type an action, e.g. {self.menu_actions[0]} (or help)"

    # -- the referee's dice --------------------------------------------------------

    def enter_dice(self) -> None:
        """Manual dice: what the real dice show, checked; commands work here too."""
        while True:
            self.skipping = False
            prompt = self.state.chance_prompt()
            # The game's prompt says what to type: a die, a card, a token.
            text = self._ask(f"Referee: {prompt} > ").strip()
            if not text:
                continue
            word = text.split()[0].lower()
            if word in ("help", "?"):
                how = self.state.chance_help()
                self.console.print(DICE_HELP.format(how=how), markup=False, soft_wrap=True)
                continue
            if word == "undo":
                self.undo(None, dice=True)
            if self.command(text, None):
                continue
            try:
                self.session.enter_dice(text)
            except ValueError as exc:  # a NotationError, or a parser's bug: still one line
                self.say(f"{exc} (or help)")
                continue
            return

    # -- commands -----------------------------------------------------------------

    def command(self, text: str, player: int | None) -> bool:
        """Run ``text`` if it is a table command; False if it is not one."""
        word, _, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("help", "?"):
            examples = ", ".join(str(a) for a in self.menu_actions[:3]) or "(none now)"
            self.console.print(
                HELP.format(examples=examples, save=DEFAULT_SAVE, log=LOG_LINES),
                markup=False,
                soft_wrap=True,
            )
        elif word == "more" and player is not None:
            if len(self.pages) <= 1:
                self.say("the whole menu is shown")
            else:
                self.page = (self.page + 1) % len(self.pages)
                self.present(player)
        elif word in ("board", "map") and not arg:
            # 'board' alone draws the whole table; 'board <id>' is a game's
            # action (D6 Dungeons picks a gather board so).
            self.draw()
            if player is not None:
                self.show_menu(player)
        elif word == "log" and len(arg.split()) <= 1:
            self.show_log(arg)
        elif word == "hint":
            self.hint()
        elif word == "rules":
            self.console.print(self.game.rules_help(self.state), markup=False)
            if arg == "all" and self.rules_text is not None:
                self.rules_text()
            else:
                self.say("('rules all' also lists the options and the bots)")
        elif word == "save":
            self.save(arg or DEFAULT_SAVE)
        elif word == "load":
            self.load(arg)
        elif word == "undo":
            self.undo(player)
        elif word in ("quit", "exit"):
            self.quit()
        else:
            return False
        return True

    def hint(self) -> None:
        state = self.state
        if not self.session.advisor:
            self.say("the advisor is off at this table (the table chose so when it sat down)")
            return
        if state.to_move is None or state.to_move == CHANCE:
            self.say("no decision to advise on now")
            return
        try:
            with self.console.status("asking the advisor..."):
                advice = self.game.advice(state)
                note = self.game.advice_note(state) if advice is None else advice.heading()
        except SaloonError as exc:
            self.say(f"the advisor cannot help here: {exc}")
            return
        if advice is None:
            self.say(note if note.startswith("no ") else f"no advice here: {note}")
            return
        self.say(f"Hint, best first: {note}.")
        number = {a: i for i, a in enumerate(self.menu_actions, start=1)}
        table = RichTable(box=None, padding=(0, 1), show_header=True)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("choice", overflow="fold")
        table.add_column("type", no_wrap=True, style="dim")
        table.add_column("value", justify="right", no_wrap=True)
        top = advice.values[:10]
        for valued in top:
            table.add_row(
                str(number.get(valued.action, "")),
                escape(state.describe_action(valued.action)),
                escape(str(valued.action)),
                valued.shown(advice.kind),
            )
        self.console.print(table)
        if len(advice.values) > len(top):
            self.say(f"({len(advice.values) - len(top)} more choices are valued lower)")

    def save(self, path: str) -> bool:
        """Save the game to ``path``, asking first if that would replace a
        file this table did not write or load."""
        try:
            folder, exists = os.path.isdir(path), os.path.lexists(path)
        except ValueError:
            folder = exists = False
        if folder:
            self.say(f"{shown(path)} is a folder; save FILE needs a file name")
            return False
        if exists and _same_file(path) not in self.own_files:
            answer = self._ask(f"{printable(path)} exists. Replace it? [y/N] ").strip().lower()
            if answer not in _YES:
                self.say(f"not saved; {path} is as it was")
                return False
        try:
            self.record().save(path)
        except (OSError, ValueError) as exc:
            reason = (
                exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a usable name"
            )
            self.say(f"cannot save to {shown(path)}: {reason}")
            return False
        self.saved_steps = len(self.state.history)
        self.own_files.add(_same_file(path))
        self.say(f"saved to {path} ({self.how_to_use(path)})")
        return True

    def how_to_use(self, path: str | Path) -> str:
        """How to carry on from a saved game, or replay a finished one."""
        if self.state.is_over:
            return f"replay it with: saloon replay {path}"
        return f"carry on with: saloon play --load {path}"

    def write_record(self, path: str, *, overwrite: bool) -> None:
        """Write the record to ``path`` (checked before the game began); if
        that fails now, to a new file here instead, and say where."""
        try:
            self.record().save(path, overwrite=overwrite)
        except FileExistsError:
            self.keep_elsewhere(f"{path} appeared during the game (add --force to replace it)")
            return
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.keep_elsewhere(f"cannot write {path}: {reason}")
            return
        self.saved_steps = len(self.state.history)
        self.say(f"Record written to {path} ({self.how_to_use(path)}).")

    def keep_elsewhere(self, why: str) -> None:
        try:
            fresh = self.record().save_fresh(RECORD_STEM, self.recovery_folder)
        except (OSError, ValueError) as exc:
            self.say(f"{why}; and no record could be written here: {exc}")
            return
        self.saved_steps = len(self.state.history)
        self.say(f"{why}; the record is written to {fresh} ({self.how_to_use(fresh)})")

    def offer_record(self) -> None:
        """At the end of a game: keep its record? ``y`` names a new file,
        or the person types a name ending in ``.json`` (so a menu number
        typed once too often makes no file); ``review`` scores every
        decision of the game first (:mod:`saloon.analysis.review`); Enter
        (or the end of input) keeps none."""
        try:
            while True:
                answer = self._ask(
                    "Save this game's record? [y/N, a FILE.json, or review] "
                ).strip()
                if answer.lower() in ("review", "r"):
                    self.review()
                    continue
                if answer.lower() in _YES:
                    fresh = self.record().save_fresh(RECORD_STEM, self.recovery_folder)
                    self.say(f"saved to {fresh} ({self.how_to_use(fresh)})")
                elif answer.lower().endswith(".json"):
                    if not self.save(answer):
                        continue
                elif answer and answer.lower() not in ("n", "no"):
                    self.say(f"{shown(answer)}: type y, n, or a file name ending in .json")
                    continue
                return
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.say("the record was not saved")
        except (OSError, ValueError) as exc:
            self.say(f"the record could not be saved: {exc}")

    def review(self) -> None:
        """The finished game reviewed at the table: every decision scored
        against the advisor's best, as ``saloon review`` prints it."""
        from saloon.analysis.review import review
        from saloon.cli.review import print_review, progress_bar

        with progress_bar(enabled=self.console.is_terminal) as progress:
            result = review(self.record(), progress=progress)
        print_review(result, self.console)

    def load(self, path: str) -> None:
        if not self.allow_load:
            self.say("load is not available during a tournament")
            return
        if not path:
            self.say("load needs a file: load FILE")
            return
        try:
            record = GameRecord.load(path)
            if record.game != self.game.id:
                self.say(
                    f"{printable(path)} is a game of {printable(record.game)}, not {self.game.id}; "
                    "nothing changed"
                )
                return
            players = record.num_players or len(record.seats)
            if players != len(self.seats):
                self.say(
                    f"{shown(path)} has {players} players, this table {len(self.seats)}; "
                    "nothing changed"
                )
                return
            # A record of a game on the person's own files that does not
            # carry them yet (an older one) reads them now, once.
            options = self.game.options_from_dict(record.options).pin_content()
            session = Session.from_moves(
                self.game,
                options,
                [s.spec for s in self.seats],
                record.moves,
                seed=record.seed,
                manual_dice=self.session.manual_dice,
                agents=self.session.agents,
                advisor=self.session.advisor,
                practice_undo=self.session.practice_undo,
                forks=record.forks,
            )
        except SaloonError as exc:
            self.say(f"cannot load: {exc}; nothing changed")
            return
        unsaved = len(self.state.history) - self.saved_steps
        if unsaved > 0 and not self.state.is_over:
            answer = self._ask(
                f"This game has {unsaved} steps that are not saved. "
                f"Load {printable(path)} anyway? [y/N] "
            )
            if answer.strip().lower() not in _YES:
                self.say("nothing changed")
                return
        self.own_files.add(_same_file(path))
        self.session = session
        self.saved_steps = len(session.state.history)
        self.shown_log = len(session.state.log)
        self.say(f"loaded {path} ({len(session.state.history)} steps)")
        raise _Restart

    def undo(self, player: int | None, *, dice: bool = False) -> None:
        """Take back ``player``'s latest decision (any person's when
        ``None``; the referee's last dice with ``dice``), by the session's
        rule: never past a roll, a draw, a card shown or another seat's
        decision (but with practice undo), never once the game is over."""
        s = self.session
        back = s.dice_undo_point() if dice else s.undo_point(player)
        if dice and isinstance(back, str) and isinstance(s.undo_point(None), int):
            # A person decided since the dice typed last (a shot, before its
            # roll): at the dice prompt, undo takes that decision back.
            dice, back = False, s.undo_point(None)
        if isinstance(back, str):
            self.say(back)
            raise _Restart
        undone = self.state.history[back][1]
        taken = s.undo_dice() if dice else s.undo(player)
        self.shown_log = len(self.state.log)
        steps = f"{taken} step{'s' if taken != 1 else ''} taken back"
        if dice:
            steps += "; type the dice again"
        elif not s.manual_dice and s.practice_undo:
            steps += "; the dice will fall as they did"
        self.say(f"undone back to before {undone} ({steps})")
        raise _Restart

    def quit(self) -> None:
        unsaved = len(self.state.history) > self.saved_steps and not self.state.is_over
        if unsaved:
            answer = self._ask("The game is not saved. Quit anyway? [y/N] ").strip().lower()
            if answer not in _YES:
                self.say("carrying on")
                return
        raise QuitGame

    def recover(self, why: str) -> None:
        """Save the game to a new recovery file after input ended, Ctrl-C or
        a failure, and say where."""
        self.console.print()
        if self.state.is_over or len(self.state.history) <= self.saved_steps:
            self.say(f"{why}; nothing unsaved was lost")
            return
        try:
            path = self.record().save_fresh(RECOVERY_STEM, self.recovery_folder)
        except (OSError, ValueError) as exc:
            self.say(f"{why} and the game could not be saved: {exc}")
            return
        self.saved_steps = len(self.state.history)
        self.say(f"{why}; the game is saved to {path} ({self.how_to_use(path)})")


def _same_file(path: str | Path) -> str:
    """A file's name as the table remembers it (absolute, links resolved)."""
    try:
        return str(Path(path).resolve())
    except (OSError, ValueError, RuntimeError):
        return str(path)


def _interactive() -> bool:
    """Whether a person at a terminal can press Enter to skip ahead."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def human_seat() -> Seat:
    """A seat for a person at the keyboard."""
    return Seat(HUMAN, None)

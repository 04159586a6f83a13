"""The table: one game played in the terminal by people and bots.

The game runs in a :class:`~saloon.core.session.Session` (the same as the web
table's): random dice or a referee's real ones, bots made as they are
needed, an ``undo`` that never goes back past a roll (the session's rule)
and an advisor that is the table's choice. What happens
is told in the log's sentences, as it happens; at a person's decision the
board is drawn with a menu under it that fits an 80 x 24 screen (long menus
are grouped, the choices that matter first, and paged: ``more``). A person
chooses by number or types the action in the game's notation, and may ask
for ``help``, ``hint``, ``board``, ``save``, ``load``, ``undo``, ``rules`` or
``quit`` at any prompt. A decision with one legal choice is taken without
asking, and said.

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
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table as RichTable

from saloon.cli.common import HUMAN
from saloon.core.action import Action
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
_NUMBERISH = re.compile(r"^[-+]?\d[\d.,]*\S*$|^[-+]\d")

HELP = """\
At your prompt:
  1, 2, ...        the numbered choice from the menu
  an action        typed in the game's notation, e.g. {examples}
  more             the next page of a long menu
  hint             each choice's value from the game's advisor, and what it means
  board            draw the table again
  save [FILE]      save the game (default {save}; asks before replacing a file)
  load FILE        load a saved game and carry on from it (asks if moves are unsaved)
  undo             take back your last decision, if nothing was rolled, drawn or
                   shown and nobody else decided since (practice undo: past rolls too)
  rules [all]      the rules that bear on this decision ('all': options too)
  quit             leave the table (asks first if the game is not saved)"""

DICE_HELP = """\
At a dice prompt, type what the real dice show. {how}
  undo             take back the dice typed last
  help, board, rules, save, quit as at any prompt"""


@dataclass(frozen=True)
class MenuRow:
    """A line of a menu: a numbered choice (its words and notation), or a
    group's title (``number`` 0); ``height`` the screen lines it takes."""

    number: int
    text: str
    code: str
    height: int


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
        #: The menu of the decision at hand, numbered, and the page shown.
        self.menu_actions: list[Action] = []
        self.pages: list[list[MenuRow]] = []
        self.page = 0

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
        groups = state.action_groups(legal)
        self.menu_actions = [a for g in groups for a in g.actions]
        self.draw()
        self.pages = self.paginate(groups)
        self.page = 0
        self.show_menu(player)
        while True:
            self.skipping = False
            text = self._ask(f"Player {player + 1} > ").strip()
            if not text:
                continue
            n = parse_int(text)
            if n is not None:
                if 1 <= n <= len(self.menu_actions):
                    self.session.act(player, self.menu_actions[n - 1])
                    return
                self.say(f"there is no choice {n}; {self.legal_text()}")
                continue
            if self.command(text, player):
                continue
            try:
                action = state.parse(text)
            except ValueError as exc:  # NotationError; any other is a parser's bug, still one line
                if _NUMBERISH.match(text):
                    n = len(self.menu_actions)
                    self.say(f"{shown(text)} is not a whole number from 1 to {n}")
                elif any(str(a).startswith(text.split()[0].lower()) for a in self.menu_actions):
                    self.say(f"{exc}; {self.legal_text()}")  # the right word, written wrong
                else:
                    self.say(f"unknown command or action {shown(text)}; {self.legal_text()}")
                continue
            if state.is_legal(action):
                self.session.act(player, action)
                return
            # The game's reason (the rule that forbids it, what would make it
            # legal), as the browser gives it: State.explain_illegal.
            n = len(self.menu_actions)
            self.say(f"{state.explain_illegal(action)}; choose 1-{n} (or help)")

    def paginate(self, groups: Sequence[ActionGroup]) -> list[list[MenuRow]]:
        """The menu's rows, in pages that fit under the board on the screen
        (a row's text wraps under itself, so it may take more than a line)."""
        width = self.console.size.width
        budget = max(MIN_MENU, self.console.size.height - self.board_height() - 3)
        rows: list[MenuRow] = []
        n = 0
        titled = len(groups) > 1
        for group in groups:
            if titled and group.title:
                rows.append(MenuRow(0, group.title, "", 1))
            for action in group.actions:
                n += 1
                text, code = self.state.describe_action(action), f"[{action}]"
                room = max(20, width - 8 - len(code) - 2)
                rows.append(MenuRow(n, text, code, 1 + (len(text) - 1) // room))
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
        self.console.print(f"[bold]{escape(self.name(player))}[/], your move:")
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
        if len(self.pages) > 1:
            # The choices on the pages after this one ('more' goes round).
            rest = sum(1 for page in self.pages[self.page + 1 :] for row in page if row.number)
            more = f"'more' for {rest} more" if rest else "'more' for page 1 again"
            self.console.print(
                f"[dim](page {self.page + 1}/{len(self.pages)}; {more}, or type any choice)[/]"
            )

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
                HELP.format(examples=examples, save=DEFAULT_SAVE), markup=False, soft_wrap=True
            )
        elif word == "more" and player is not None:
            if len(self.pages) <= 1:
                self.say("the whole menu is shown")
            else:
                self.page = (self.page + 1) % len(self.pages)
                self.show_menu(player)
        elif word == "board" and not arg:
            # 'board' alone draws the table; 'board <id>' is a game's action
            # (D6 Dungeons picks a gather board so).
            self.draw()
            if player is not None:
                self.show_menu(player)
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
        typed once too often makes no file); Enter (or the end of input)
        keeps none."""
        try:
            while True:
                answer = self._ask("Save this game's record? [y/N or a FILE.json] ").strip()
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

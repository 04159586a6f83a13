"""The table: one game played in the terminal by people and bots.

The state is drawn with the game's rich renderer; what happens is told in
the log's sentences; a person chooses from a numbered menu or types an
action in the game's notation, and may ask for ``help``, ``hint``,
``save``, ``load``, ``undo``, ``rules`` or ``quit`` at any prompt.

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
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from saloon.cli.common import HUMAN, percent_or_value
from saloon.core.action import Action, Outcome
from saloon.core.agent import Agent
from saloon.core.dice import DiceSource, ManualDice, RandomDice
from saloon.core.errors import SaloonError, one_line, printable, shown
from saloon.core.game import Game
from saloon.core.numerals import parse_int
from saloon.core.record import GameRecord
from saloon.core.state import CHANCE, State

#: Recovery files (input ended, Ctrl-C, a failure mid-game) are named
#: ``saloon-recovery-YYYYMMDD-HHMMSS.json``, so none overwrites another.
RECOVERY_STEM = "saloon-recovery"
#: A finished game's record, when kept at the end: ``saloon-game-YYYYMMDD-HHMMSS.json``.
RECORD_STEM = "saloon-game"
#: Where ``save`` writes when no file is named.
DEFAULT_SAVE = "saloon-game.json"
_YES = ("y", "yes")

HELP = """\
At your prompt:
  1, 2, ...        the numbered choice from the menu
  an action        typed in the game's notation, e.g. {examples}
  hint             each choice's value from the game's advisor
  board            draw the table again
  save [FILE]      save the game (default {save}; asks before replacing a file)
  load FILE        load a saved game and carry on from it (asks if moves are unsaved)
  undo             back to your previous decision (dice already seen stay as they fell)
  rules [all]      the rules that bear on this decision ('all': options too)
  quit             leave the table (asks first if the game is not saved)"""

_NUMBERISH = re.compile(r"^[-+]?\d[\d.,]*\S*$|^[-+]\d")


@dataclass
class Seat:
    """Who sits in a seat: a person (``agent is None``) or a bot."""

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
    """The state was replaced (undo, load): start the turn again."""


class GameTable:
    """One game at the terminal, from its current state to the end."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: Sequence[Seat],
        console: Console,
        ask: Callable[[str], str],
        *,
        manual_dice: bool = False,
        dice: DiceSource | None = None,
        seed: int | None = None,
        delay: float = 0.6,
        recovery_folder: str | Path = ".",
        allow_load: bool = True,
        rules_text: Callable[[], None] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.console = console
        self._ask = ask
        self.seed = seed
        self.delay = delay
        self.recovery_folder = Path(recovery_folder)
        #: Files this table wrote or loaded: saving to them again asks nothing.
        self.own_files: set[str] = set()
        self.allow_load = allow_load
        self.rules_text = rules_text
        self.dice: DiceSource
        if manual_dice:
            self.dice = ManualDice(ask=self._ask_dice, tell=self.say)
        else:
            self.dice = dice if dice is not None else RandomDice(seed)
        #: Chance outcomes already seen and taken back by ``undo``, reused
        #: in order while they fit, so undoing never re-rolls the dice.
        self.pending: deque[Outcome] = deque()
        self.saved_steps = len(state.history)
        self.shown_log = len(state.log)
        self.humans = sum(s.is_human for s in self.seats)
        #: Enter pressed during a bot's pause: no more pauses until a person is asked.
        self.skipping = False
        self.told_skip = False

    # -- output ------------------------------------------------------------------

    def say(self, message: str) -> None:
        """One plain line (no markup; what a person typed, quoted in it,
        cannot break it: control characters are written as escapes)."""
        self.console.print(one_line(message), markup=False, soft_wrap=True)

    def name(self, player: int) -> str:
        seat = self.seats[player]
        who = "you" if seat.is_human and self.humans == 1 else seat.spec
        return f"Player {player + 1} ({who})"

    def draw(self) -> None:
        self.console.print(self.game.render_rich(self.state))

    def narrate(self) -> None:
        """Print the log sentences not printed yet."""
        for event in self.state.log[self.shown_log :]:
            self.console.print(f"» {event.text}", markup=False, style="italic")
        self.shown_log = len(self.state.log)

    # -- the loop ----------------------------------------------------------------

    def record(self) -> GameRecord:
        return GameRecord.from_state(self.state, [s.spec for s in self.seats], self.seed)

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
        """One step: a chance outcome, a person's choice or a bot's."""
        self.narrate()
        mover = self.state.to_move
        assert mover is not None
        if mover == CHANCE:
            action: Action = self.roll()
        elif self.seats[mover].is_human:
            action = self.choose(mover)
        else:
            action = self.bot(mover)
        self.state.apply(action)

    def roll(self) -> Outcome:
        possible = [o for o, _ in self.state.chance_outcomes()]
        if self.pending:
            if self.pending[0] in possible:
                return self.pending.popleft()
            self.pending.clear()  # the game went another way; the old dice no longer fit
        return self.dice.roll(self.state)

    def bot(self, player: int) -> Action:
        seat = self.seats[player]
        assert seat.agent is not None
        if self.humans == 0:
            self.draw()
        action = seat.agent.choose(self.state.clone())
        self.console.print(
            f"{self.name(player)}: {self.state.describe_action(action)}", markup=False
        )
        self.pause()
        return action

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
        result = self.state.result()
        scores = ", ".join(f"player {i + 1} {s:g}" for i, s in enumerate(result.scores))
        if result.winners:
            who = escape(" and ".join(self.name(w) for w in result.winners))
            self.console.print(f"[bold]Game over: {who} won.[/] Scores: {scores}.")
        else:
            self.console.print(f"[bold]Game over.[/] Scores: {scores}.")

    # -- a person's choice --------------------------------------------------------

    def menu(self, player: int) -> list[Action]:
        legal = list(self.state.legal_actions())
        self.draw()
        self.console.print(f"[bold]{escape(self.name(player))}[/], your move:")
        for i, action in enumerate(legal, start=1):
            text = escape(self.state.describe_action(action))
            self.console.print(f"  [bold]{i}[/]. {text}  [dim]\\[{escape(str(action))}][/]")
        return legal

    def choose(self, player: int) -> Action:
        legal = self.menu(player)
        while True:
            self.skipping = False
            text = self._ask(f"Player {player + 1} > ").strip()
            if not text:
                continue
            n = parse_int(text)
            if n is not None:
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.say(f"there is no choice {n}; {self.legal_text(legal)}")
                continue
            if self.command(text, player):
                continue
            try:
                action = self.game.parse_action(text)
            except ValueError:  # NotationError; any other is a parser's bug, still one line
                if _NUMBERISH.match(text):
                    self.say(f"{shown(text)} is not a whole number from 1 to {len(legal)}")
                else:
                    self.say(f"unknown command or action {shown(text)}; {self.legal_text(legal)}")
                continue
            if action in legal:
                return action
            self.say(f"{action} is not legal now; {self.legal_text(legal)}")

    def legal_text(self, legal: Sequence[Action]) -> str:
        names = ", ".join(str(a) for a in legal)
        return f"choose 1-{len(legal)} or type {names} (or help)"

    def _ask_dice(self, prompt: str) -> str:
        """Manual dice: what the real dice show, checked; commands work here too."""
        possible = [o for o, _ in self.state.chance_outcomes()]
        while True:
            self.skipping = False
            text = self._ask(f"Dice: {prompt} > ").strip()
            if not text or self.command(text, None):
                continue
            try:
                outcome = self.game.parse_action(text)
            except ValueError:  # NotationError, or a parser's bug: still one line
                outcome = None
            if outcome in possible:
                return text
            self.say(f"{shown(text)} cannot happen here; type {prompt} (or help)")

    # -- commands -----------------------------------------------------------------

    def command(self, text: str, player: int | None) -> bool:
        """Run ``text`` if it is a table command; False if it is not one."""
        word, _, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("help", "?"):
            examples = ", ".join(str(a) for a in self.state.legal_actions()[:3]) or "(none now)"
            self.console.print(
                HELP.format(examples=examples, save=DEFAULT_SAVE), markup=False, soft_wrap=True
            )
        elif word == "board":
            self.draw()
        elif word == "hint":
            self.hint()
        elif word == "rules":
            self.console.print(self.game.rules_help(self.state), markup=False, soft_wrap=True)
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
        if self.state.to_move is None or self.state.to_move == CHANCE:
            self.say("no decision to advise on now")
            return
        try:
            with self.console.status("asking the advisor..."):
                advice = self.game.advise(self.state)
        except SaloonError as exc:
            self.say(f"the advisor cannot help here: {exc}")
            return
        if advice is None:
            self.say(f"no advisor for {self.game.title}")
            return
        table = RichTable(box=None, padding=(0, 2), show_header=True)
        table.add_column("choice")
        table.add_column("value", justify="right")
        for action, value in advice:
            table.add_row(self.state.describe_action(action), percent_or_value(value))
        self.console.print(table)

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
            state = record.replay()
        except SaloonError as exc:
            self.say(f"cannot load: {exc}; nothing changed")
            return
        if state.num_players != len(self.seats):
            self.say(
                f"{shown(path)} has {state.num_players} players, this table {len(self.seats)}; "
                "nothing changed"
            )
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
        self.state = state
        self.pending.clear()
        self.saved_steps = len(state.history)
        self.shown_log = len(state.log)
        self.say(f"loaded {path} ({len(state.history)} steps)")
        raise _Restart

    def undo(self, player: int | None) -> None:
        history = self.state.history
        if player is None:
            deciders = {i for i, s in enumerate(self.seats) if s.is_human}
            who = "a person"
        else:
            deciders = {player}
            who = f"player {player + 1}"
        back = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] in deciders), None)
        if back is None:
            self.say(f"nothing to undo: {who} has made no decision yet")
            return
        seen = [a for p, a in history[back:] if p == CHANCE and isinstance(a, Outcome)]
        undone = history[back][1]
        state = self.record().replay(back)
        self.pending = deque([*seen, *self.pending])
        self.state = state
        self.shown_log = len(state.log)
        self.say(f"undone back to before {undone} ({len(history) - back} steps taken back)")
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

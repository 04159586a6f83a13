"""A game in progress at a table: who sits where, the dice, and what comes next.

A :class:`Session` is what an interface (the web table, the terminal table)
holds while people play: the game, its options and state, the seats (each
a person or a bot named by its agent spec), the dice and the seed. It
advances the game up to the next decision a person must make (rolling the
dice and letting the bots choose), applies a person's decision after
checking it, and takes decisions back.

The dice are either random or *manual* (a referee types what real dice
show), whoever sits at the seats. Random dice come from one seeded
:class:`numpy.random.Generator`, and the session keeps the generator's
state before every step, as plain JSON-able dicts, so an interface that
stores them with the game continues it identically after a restart.

**A bot's cards are never shown to the referee.** With manual dice, a
card dealt face down to a bot (or taken from its hidden hand at random:
:meth:`State.dealt_unseen`) is drawn by Saloon from its own deck, and the
referee deals the bot a real card face down, unseen, as its stand-in. The
real deck and Saloon's then hold the same cards between them and the
stand-ins, and the log tells the referee how to keep it so: when the bot
shows a card, the real one is taken from its stand-ins or else from the
deck (a stand-in going back into the deck); when a real card turned up is
one Saloon dealt a bot (:meth:`State.held_unseen`), it joins the bot's
stand-ins, one of them is shuffled back into the deck, and the referee
draws again. A bot's card is thereby named only when it would be shown
anyway, or in that rare clash.

**Undo cannot peek.** A person may take back his own decisions, one at a
time, only back to the last point at which anything new was revealed (a
die rolled, a card drawn, a hidden card played) or another seat decided,
and never once the game is over: the convention of the online board-game
sites. So undo never shows anyone a roll before he chooses, nor lets him
roll again until he likes the dice. A table of one person (and bots) may
switch on *practice undo*, which goes back past rolls and bots' decisions
too; the dice are then put back as they fell (the same choice meets the
same dice), and the record says the game was played so. The referee of
manual dice may take back the dice he typed last (a typing slip), as long
as no person has decided since.

**The advisor is the table's choice.** With one person at the table the
advisor is on unless the table turns it off; with two or more people it is
off unless the table turns it on. The record keeps the setting.

Bots are made afresh for each decision, with a seed drawn from the
session's seed, the seat and the step, so a bot's choice depends only on
where the game stands: after a restart it chooses as before.
The core knows no agent: the interface passes ``agents``, a function from
``(spec, seed)`` to an :class:`~saloon.core.agent.Agent`.

>>> from saloon.testing.tiny import TinyGame
>>> from saloon.agents.random_agent import RandomAgent
>>> bots = lambda spec, seed: RandomAgent(seed=seed)
>>> session = Session(TinyGame(), seats=[HUMAN, "random"], seed=7, agents=bots)
>>> session.advance()          # deal the cards: player 1 decides first
2
>>> session.pending, session.state.to_move
('person', 0)
>>> session.act(0, "add 2")
Add(n=2)
>>> session.advance()          # the d3, the bot's choice (and its d3): player 1 again
3

The d3 was rolled after "add 2": undo does not go back past it.

>>> session.undo(0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saloon.core.errors.SaloonError: nothing to undo: the roll 'd3 1' came after player 1's last ...
>>> practice = Session(TinyGame(), seats=[HUMAN, "random"], seed=7, agents=bots,
...                    practice_undo=True)
>>> practice.advance(), practice.act(0, "add 2"), practice.advance()
(2, Add(n=2), 3)
>>> first = practice.state.history[2:]
>>> practice.undo(0)           # practice: back before "add 2", the dice put back too
4
>>> practice.act(0, "add 2"), practice.advance()
(Add(n=2), 3)
>>> practice.state.history[2:] == first
True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from saloon.core.action import Action, Event, Outcome
from saloon.core.agent import Agent
from saloon.core.dice import check_seed
from saloon.core.errors import IllegalAction, RecordError, SaloonError, shown
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import Fork, GameRecord, at_fork
from saloon.core.state import CHANCE, State

#: The seat spec of a person (any other spec names a bot).
HUMAN = "human"

#: What the game waits for: a person's decision, a bot's, the referee's
#: dice (manual dice), a random roll, or nothing (the game is over).
Pending = Literal["person", "bot", "dice", "chance", "over"]

#: Makes the agent for a bot seat: ``(spec, seed) -> Agent``.
AgentMaker = Callable[[str, int], Agent]

#: A dice generator's state, as ``numpy``'s ``bit_generator.state`` gives it.
DiceState = dict[str, Any]

#: What a step was, as undo needs to know: a roll or a draw (``chance``), a
#: bot's decision, a person's decision that had one legal choice
#: (``forced``), a person's decision, or a person's decision that showed
#: the others something hidden (``reveal``: a card played from a hand), or
#: a step of the game this one was forked from (``before``: never undone).
StepKind = Literal["chance", "bot", "forced", "decision", "reveal", "before"]


@dataclass(frozen=True)
class BotTurn:
    """A bot's decision to be made: enough to make it away from the session
    (in another thread or process) and hand the answer back with
    :meth:`Session.apply_bot`."""

    player: int
    spec: str
    seed: int
    step: int
    state: State
    """A copy of the state: the bot may do with it as it likes."""

    def choose(self, agents: AgentMaker) -> Action:
        """The bot's choice, made with a fresh agent from ``agents``."""
        return agents(self.spec, self.seed).choose(self.state)


class Session:
    """A game in progress: state, seats, dice and seed; see the module doc.

    ``seats[i]`` is :data:`HUMAN` or an agent spec. ``state`` and
    ``dice_states`` continue a game already under way (see
    :meth:`from_moves`); otherwise the game starts from its first state.
    """

    def __init__(
        self,
        game: Game,
        options: Options | None = None,
        seats: Sequence[str] = (HUMAN,),
        *,
        seed: int | None = None,
        manual_dice: bool = False,
        agents: AgentMaker | None = None,
        state: State | None = None,
        dice_states: Sequence[DiceState] | None = None,
        advisor: bool | None = None,
        practice_undo: bool = False,
        kinds: Sequence[StepKind] | None = None,
        forks: Sequence[Fork] = (),
    ) -> None:
        self.game = game
        #: Where the game was forked from (:class:`~saloon.core.record.Fork`),
        #: oldest first; undo goes back no further than the last.
        self.forks: tuple[Fork, ...] = tuple(forks)
        self.options = game.options(options)
        self.seats = list(seats)
        check_seed(seed)
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.manual_dice = manual_dice
        self.agents = agents
        if any(spec != HUMAN for spec in self.seats) and agents is None:
            raise SaloonError("a session with bots needs a way to make agents")
        self.state = state if state is not None else game.new_state(self.options, len(self.seats))
        if self.state.num_players != len(self.seats):
            raise SaloonError(
                f"{game.id} here has {self.state.num_players} players, "
                f"but {len(self.seats)} seats were given"
            )
        self.rng = np.random.default_rng(self.seed)
        steps = len(self.state.history)
        if dice_states is None:
            dice_states = [self.dice_state] * (steps + 1)
        if len(dice_states) != steps + 1:
            raise SaloonError(
                f"{steps + 1} dice states needed (one per step and now), not {len(dice_states)}"
            )
        #: ``dice_states[i]`` is the dice generator's state before step ``i``;
        #: the last is its state now.
        self.dice_states: list[DiceState] = list(dice_states)
        self.rng.bit_generator.state = self.dice_states[-1]
        #: ``kinds[i]`` is what step ``i`` was (see :data:`StepKind`).
        if kinds is None:
            kinds = step_kinds(game, self.options, self.seats, self.state.history, self.forks)
        if len(kinds) != steps:
            raise SaloonError(f"{steps} step kinds needed (one per step), not {len(kinds)}")
        self.kinds: list[StepKind] = list(kinds)
        people = len(self.humans)
        if practice_undo and people > 1:
            raise SaloonError(
                f"practice undo is for a table of one person and bots, not of {people} people"
            )
        #: Whether undo may go back past rolls and bots' decisions (one person only).
        self.practice_undo = practice_undo
        #: Whether the advisor answers at this table: on for one person, the
        #: table's choice for several (off unless turned on).
        self.advisor = people <= 1 if advisor is None else advisor

    @classmethod
    def from_moves(
        cls,
        game: Game,
        options: Options | Mapping[str, object] | None,
        seats: Sequence[str],
        moves: Sequence[tuple[int, str]],
        *,
        seed: int | None,
        manual_dice: bool = False,
        agents: AgentMaker | None = None,
        dice_states: Sequence[DiceState] | None = None,
        advisor: bool | None = None,
        practice_undo: bool = False,
        forks: Sequence[Fork] = (),
    ) -> Session:
        """A session continued from its steps in notation (as a record or a
        database keeps them), every step checked; :class:`RecordError` names
        a step that does not fit. A forked game gives its ``forks``: the
        hidden rest is drawn again at each, as when it was forked."""
        if not isinstance(options, Options):
            options = game.options_from_dict(options or {})
        state = game.new_state(options, len(seats))
        kinds: list[StepKind] = []
        start = forks[-1].step if forks else 0
        for fork in forks:
            if fork.step > len(moves) or (fork.redrawn_for or 0) >= len(seats):
                raise RecordError(f"the fork does not fit the game: {fork.describe()}")
        state = at_fork(state, 0, forks)
        for n, (by, text) in enumerate(moves, start=1):
            if state.to_move != by:
                who = "chance" if state.to_move == CHANCE else state.to_move
                raise RecordError(f"step {n} ({shown(text)}) is by {by}, but {who} is to move")
            try:
                action = game.parse_action(text)
                if n <= start:
                    kinds.append("before")
                elif by == CHANCE:
                    kinds.append("chance")
                elif 0 <= by < len(seats) and seats[by] == HUMAN:
                    kinds.append(person_kind(state, action))
                else:
                    kinds.append("bot")
                state.apply(action)
            except SaloonError as exc:
                raise RecordError(f"step {n} ({shown(text)}) cannot be replayed: {exc}") from exc
            state = at_fork(state, n, forks)
        return cls(
            game,
            options,
            seats,
            seed=seed,
            manual_dice=manual_dice,
            agents=agents,
            state=state,
            dice_states=dice_states,
            advisor=advisor,
            practice_undo=practice_undo,
            kinds=kinds,
            forks=forks,
        )

    # -- what now ------------------------------------------------------------------

    @property
    def step(self) -> int:
        """How many steps (decisions and outcomes) have been played: the move
        number a client sends with its action, so a stale one is refused."""
        return len(self.state.history)

    @property
    def pending(self) -> Pending:
        """What the game waits for now."""
        mover = self.state.to_move
        if mover is None:
            return "over"
        if mover == CHANCE:
            return "dice" if self.manual_dice and not self.stand_in_now() else "chance"
        return "person" if self.is_human(mover) else "bot"

    def stand_in_now(self) -> bool:
        """Whether this chance node deals a card unseen to a bot (or takes
        one from a bot's hidden hand): with manual dice Saloon draws it
        itself, the real card being a stand-in (see the module doc)."""
        seat = self.state.dealt_unseen()
        return seat is not None and 0 <= seat < len(self.seats) and not self.is_human(seat)

    def is_human(self, player: int) -> bool:
        return self.seats[player] == HUMAN

    @property
    def humans(self) -> list[int]:
        """The seats where people sit."""
        return [i for i, spec in enumerate(self.seats) if spec == HUMAN]

    @property
    def dice_state(self) -> DiceState:
        """The dice generator's state now (JSON-able)."""
        return dict(self.rng.bit_generator.state)

    # -- moving on ------------------------------------------------------------------

    def _apply(self, action: Action, kind: StepKind) -> None:
        self.state.apply(action)
        self.dice_states.append(self.dice_state)
        self.kinds.append(kind)

    def roll(self) -> Outcome:
        """Roll the random dice at a chance node; returns the outcome."""
        if self.pending != "chance":
            raise IllegalAction(f"no random roll now: the game waits for {self._waiting()}")
        seat = self.state.dealt_unseen() if self.manual_dice else None
        outcome = self.state.sample_chance(self.rng)
        shows = seat is not None and self.state.reveals(outcome)
        self._apply(outcome, "chance")
        if shows:
            assert seat is not None
            self._shown_by_bot(seat)
        elif seat is not None:
            self._tell_referee(
                f"Saloon draws for Player {seat + 1} (a bot) unseen: referee, deal Player "
                f"{seat + 1} a real card face down, unlooked at, to stand in for it."
            )
        return outcome

    def _tell_referee(self, text: str) -> None:
        """A line in the log for the referee of manual dice (and everyone)."""
        self.state.log.append(Event("referee", text))

    def _shown_by_bot(self, seat: int) -> None:
        n = seat + 1
        self._tell_referee(
            f"Player {n} (a bot) shows a card Saloon dealt it: referee, take that real card "
            f"from among Player {n}'s stand-ins, or else from the deck, shuffling one of "
            f"Player {n}'s stand-ins into the deck in its place."
        )

    def agent_seed(self, player: int, step: int) -> int:
        """The seed of the bot at seat ``player`` deciding at ``step``."""
        sequence = np.random.SeedSequence([self.seed, player, step])
        return int(sequence.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))

    def bot_turn(self) -> BotTurn:
        """The bot decision the game waits for, to be made with
        :meth:`BotTurn.choose` and applied with :meth:`apply_bot`."""
        if self.pending != "bot":
            raise IllegalAction(f"no bot to move: the game waits for {self._waiting()}")
        player = self.state.to_move
        assert player is not None
        return BotTurn(
            player=player,
            spec=self.seats[player],
            seed=self.agent_seed(player, self.step),
            step=self.step,
            state=self.state.clone(),
        )

    def apply_bot(self, turn: BotTurn, action: Action) -> None:
        """Apply a bot's choice for ``turn``, if the game still stands there."""
        if turn.step != self.step or self.state.to_move != turn.player:
            raise IllegalAction(f"the game moved on since step {turn.step}")
        shows = self.manual_dice and self.state.reveals(action)
        self._apply(action, "bot")
        if shows:
            self._shown_by_bot(turn.player)

    def only_choice(self) -> Action | None:
        """The one legal action of the person to move, when there is just one:
        such a decision is taken for them, never asked (it is told in the log)."""
        if self.pending != "person":
            return None
        legal = self.state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def take_only_choice(self) -> tuple[int, Action] | None:
        """Take the person's only choice, if that is what the game waits for,
        with a sentence in the log saying so (told to that player alone: the
        words may name what others may not see); returns who and what."""
        only = self.only_choice()
        if only is None:
            return None
        mover = self.state.to_move
        assert mover is not None
        words = self.state.describe_action(only)
        at = len(self.state.log)
        self._apply(only, "forced")
        note = f"Player {mover + 1} has one choice: {words}."
        self.state.log.insert(at, Event("only", note, mover, to=(mover,)))
        return mover, only

    def advance(self, on_step: Callable[[int, Action], None] | None = None) -> int:
        """Roll the random dice, let the bots choose and take a person's only
        choice until a person with a real choice (or the referee's dice) is
        needed or the game is over; returns the steps taken.
        ``on_step(player, action)`` is called after each one."""
        taken = 0
        while True:
            pending = self.pending
            action: Action
            only = self.take_only_choice()
            if only is not None:
                mover, action = only
            elif pending == "chance":
                mover, action = CHANCE, self.roll()
            elif pending == "bot":
                assert self.agents is not None
                turn = self.bot_turn()
                mover, action = turn.player, turn.choose(self.agents)
                self.apply_bot(turn, action)
            else:
                return taken
            taken += 1
            if on_step is not None:
                on_step(mover, action)

    def act(self, player: int, action: Action | str) -> Action:
        """A person's decision for seat ``player``, in notation or as an
        action; checked, with :class:`IllegalAction` naming what is legal."""
        mover = self.state.to_move
        if mover != player or not self.is_human(player):
            raise IllegalAction(
                f"not player {player + 1}'s turn: the game waits for {self._waiting()}"
            )
        if isinstance(action, str):
            action = self.state.parse(action.strip())
        self._apply(action, person_kind(self.state, action))
        return action

    def enter_dice(self, outcome: Outcome | str) -> Outcome:
        """What the real dice show (manual dice), in notation or as an outcome."""
        if self.pending != "dice":
            raise IllegalAction(f"no dice to enter now: the game waits for {self._waiting()}")
        prompt = self.state.chance_prompt()
        text = str(outcome)
        parsed: Action | None = None
        if isinstance(outcome, Outcome):
            parsed = outcome
        else:
            try:
                parsed = self.state.parse(outcome.strip())
            except SaloonError:
                parsed = None
        possible = [o for o, _ in self.state.chance_outcomes()]
        if not isinstance(parsed, Outcome) or parsed not in possible:
            holder = self.state.held_unseen(parsed) if isinstance(parsed, Outcome) else None
            if holder is not None and not self.is_human(holder):
                n = holder + 1
                raise IllegalAction(
                    f"{shown(text)} is a card Saloon dealt Player {n} (a bot), whose real card "
                    f"is a stand-in: put this one face down among Player {n}'s stand-ins, "
                    f"shuffle one of them into the deck, and draw again"
                )
            raise IllegalAction(f"{shown(text)} cannot happen here; expected {prompt}")
        self._apply(parsed, "chance")
        return parsed

    def _waiting(self) -> str:
        pending = self.pending
        if pending in ("person", "bot"):
            mover = self.state.to_move
            assert mover is not None
            return f"player {mover + 1}"
        return {
            "dice": "the dice to be entered",
            "chance": "a roll",
            "over": "nothing (it is over)",
        }[pending]

    # -- taking back ---------------------------------------------------------------------

    def undo_point(self, players: int | Collection[int] | None = None) -> int | str:
        """Where an undo by ``players`` (a seat, or the seats one link holds;
        any person's when ``None``) would take the game: the step of the
        latest decision it may take back, or, when there is none, why (one
        sentence). See the module doc for the rule."""
        if self.state.is_over:
            return "the game is over: nothing can be taken back (replay it to look back)"
        deciders = set(self.humans if players is None else _seats(players))
        history = self.state.history
        decided = any(
            by in deciders and kind in ("decision", "reveal")
            for (by, _), kind in zip(history, self.kinds, strict=True)
        )
        if not decided:
            return f"nothing to undo: {_whose(deciders, 'has')} made no decision yet"
        for i in range(len(history) - 1, -1, -1):
            by, action = history[i]
            kind = self.kinds[i]
            if kind == "forced":
                continue
            if kind == "before":
                return (
                    f"nothing to undo: this game was forked after step {i + 1}, and undo "
                    "goes back no further"
                )
            if kind == "chance":
                if self.practice_undo:
                    continue
                what = "roll" if not self.manual_dice else "dice typed"
                return (
                    f"nothing to undo: the {what} {shown(str(action))} came after "
                    f"{_whose(deciders)} last decision, and undo never goes back past a roll "
                    "or a draw"
                )
            if by not in deciders:
                if kind == "bot" and self.practice_undo:
                    continue
                bot = " (a bot)" if kind == "bot" else ""
                return (
                    f"nothing to undo: player {by + 1}{bot} decided after "
                    f"{_whose(deciders)} last decision"
                )
            if kind == "reveal" and not self.practice_undo:
                return (
                    f"nothing to undo: player {by + 1}'s last decision "
                    f"({self._words(i)}) showed a hidden card to the table"
                )
            return i
        return f"nothing to undo: {_whose(deciders, 'has')} made no decision yet"

    def can_undo(self, players: int | Collection[int] | None = None) -> bool:
        """Whether :meth:`undo` by ``players`` would take anything back."""
        return isinstance(self.undo_point(players), int)

    def undo(self, players: int | Collection[int] | None = None) -> int:
        """Take back the latest decision of ``players`` (a seat or several;
        any person's when ``None``), with every step after it, and put the
        dice back as they stood then; returns the steps taken back.
        :class:`SaloonError` says why when the rule allows nothing (a roll,
        another seat's decision or a hidden card shown since, or the game
        over)."""
        back = self.undo_point(players)
        if isinstance(back, str):
            raise SaloonError(back)
        return self._back_to(back)

    def dice_undo_point(self) -> int | str:
        """Where the referee's undo of the dice typed last would take the
        game (manual dice: a typing slip), or why it cannot: only while no
        person has decided since, and never once the game is over."""
        if self.state.is_over:
            return "the game is over: nothing can be taken back (replay it to look back)"
        for i in range(len(self.state.history) - 1, -1, -1):
            kind = self.kinds[i]
            if kind == "chance":
                return i
            if kind in ("decision", "reveal"):
                by = self.state.history[i][0]
                return f"nothing to undo: player {by + 1} has decided since the dice typed last"
        return "nothing to undo: no dice have been typed yet"

    def undo_dice(self) -> int:
        """Take back the dice the referee typed last (and the steps after
        them); returns the steps taken back."""
        back = self.dice_undo_point()
        if isinstance(back, str):
            raise SaloonError(back)
        return self._back_to(back)

    def _back_to(self, back: int) -> int:
        taken = self.step - back
        state = at_fork(self.game.new_state(self.options, len(self.seats)), 0, self.forks)
        for n, (_, action) in enumerate(self.state.history[:back], start=1):
            state.apply(action)
            state = at_fork(state, n, self.forks)
        self.state = state
        del self.dice_states[back + 1 :]
        del self.kinds[back:]
        self.rng.bit_generator.state = self.dice_states[back]
        return taken

    def _words(self, step: int) -> str:
        return str(self.state.history[step][1])

    # -- records -----------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far as a record (seats by spec, with the seed and how
        the dice are rolled)."""
        record = GameRecord.from_state(self.state, list(self.seats), self.seed)
        record.dice = "manual" if self.manual_dice else "random"
        record.advisor = self.advisor
        record.practice_undo = self.practice_undo
        record.forks = list(self.forks)
        return record


def person_kind(state: State, action: Action) -> StepKind:
    """What a person's decision ``action`` at ``state`` (before it is taken)
    is for undo: ``forced`` if it was the one legal choice, ``reveal`` if it
    shows the others something hidden (:meth:`State.reveals`), else
    ``decision``."""
    if state.reveals(action):
        return "reveal"
    return "forced" if len(state.legal_actions()) == 1 else "decision"


def step_kinds(
    game: Game,
    options: Options,
    seats: Sequence[str],
    history: Sequence[tuple[int, Action]],
    forks: Sequence[Fork] = (),
) -> list[StepKind]:
    """What each step of ``history`` was, for undo, with ``seats`` as they
    sit now (a game read back from a database or a record): replayed only
    where it matters, at a person's decisions; the steps up to the last
    fork are the source's (``before``)."""
    kinds: list[StepKind] = []
    if not history:
        return kinds
    start = forks[-1].step if forks else 0
    state: State | None = None
    for n, (by, action) in enumerate(history):
        if n < start:
            kinds.append("before")
        elif by == CHANCE:
            kinds.append("chance")
        elif seats[by] != HUMAN:
            kinds.append("bot")
        else:
            if state is None:
                state = at_fork(game.new_state(options, len(seats)), 0, forks)
                for k, (_, earlier) in enumerate(history[:n], start=1):
                    state.apply(earlier)
                    state = at_fork(state, k, forks)
            kinds.append(person_kind(state, action))
        if state is not None:
            state.apply(action)
            state = at_fork(state, n + 1, forks)
    return kinds


def _seats(players: int | Collection[int]) -> set[int]:
    return {players} if isinstance(players, int) else set(players)


def _whose(seats: Collection[int], verb: str = "") -> str:
    """``player 2's`` for a seat, ``player 1's or player 2's`` for several
    (with ``verb``: ``player 2 has``, ``no person has``)."""
    names = [f"player {p + 1}" for p in sorted(seats)] or ["no person"]
    if verb:
        return " or ".join(names) + f" {verb}"
    return " or ".join(f"{name}'s" for name in names)

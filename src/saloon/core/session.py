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
state before every step: an undo puts the generator back where it stood at
the decision taken back, so the next roll draws the very same random
numbers as before. The same choice again meets the same dice, a different
choice meets the same luck, and undoing never shows a person what the dice
would have done. These states are plain JSON-able dicts, so an interface
that stores them with the game continues it identically after a restart.

Bots are made afresh for each decision, with a seed drawn from the
session's seed, the seat and the step, so a bot's choice depends only on
where the game stands: after an undo or a restart it chooses as before.
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
>>> first = session.state.history[2:]
>>> session.undo(0)            # back before "add 2": the dice are put back too
4
>>> session.act(0, "add 2"), session.advance()
(Add(n=2), 3)
>>> session.state.history[2:] == first
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
from saloon.core.record import GameRecord
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
    ) -> None:
        self.game = game
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
    ) -> Session:
        """A session continued from its steps in notation (as a record or a
        database keeps them), every step checked; :class:`RecordError` names
        a step that does not fit."""
        if not isinstance(options, Options):
            options = game.options_from_dict(options or {})
        state = game.new_state(options, len(seats))
        for n, (by, text) in enumerate(moves, start=1):
            if state.to_move != by:
                who = "chance" if state.to_move == CHANCE else state.to_move
                raise RecordError(f"step {n} ({shown(text)}) is by {by}, but {who} is to move")
            try:
                state.apply(game.parse_action(text))
            except SaloonError as exc:
                raise RecordError(f"step {n} ({shown(text)}) cannot be replayed: {exc}") from exc
        return cls(
            game,
            options,
            seats,
            seed=seed,
            manual_dice=manual_dice,
            agents=agents,
            state=state,
            dice_states=dice_states,
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
            return "dice" if self.manual_dice else "chance"
        return "person" if self.is_human(mover) else "bot"

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

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        self.dice_states.append(self.dice_state)

    def roll(self) -> Outcome:
        """Roll the random dice at a chance node; returns the outcome."""
        if self.pending != "chance":
            raise IllegalAction(f"no random roll now: the game waits for {self._waiting()}")
        outcome = self.state.sample_chance(self.rng)
        self._apply(outcome)
        return outcome

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
        self._apply(action)

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
        self._apply(only)
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
                f"player {player + 1} cannot move now: the game waits for {self._waiting()}"
            )
        if isinstance(action, str):
            action = self.state.parse(action.strip())
        self._apply(action)
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
            raise IllegalAction(f"{shown(text)} cannot happen here; expected {prompt}")
        self._apply(parsed)
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

    def last_decision(self, players: Collection[int] | None = None) -> int | None:
        """The step of the latest decision by any of ``players`` (any person
        when ``None``), or ``None`` if they have made none."""
        deciders = set(self.humans if players is None else players)
        history = self.state.history
        return next((i for i in range(len(history) - 1, -1, -1) if history[i][0] in deciders), None)

    def undo(self, players: int | Collection[int] | None = None) -> int:
        """Take the game back to just before the latest decision by
        ``players`` (a seat or several; any person when ``None``) and put the
        dice back as they stood then; returns the steps taken back."""
        if isinstance(players, int):
            players = [players]
        back = self.last_decision(players)
        if back is None:
            who = (
                "no person"
                if players is None
                else "no player of " + ", ".join(str(p + 1) for p in sorted(players))
            )
            raise SaloonError(f"nothing to undo: {who} has made a decision yet")
        taken = self.step - back
        state = self.game.new_state(self.options, len(self.seats))
        for _, action in self.state.history[:back]:
            state.apply(action)
        self.state = state
        del self.dice_states[back + 1 :]
        self.rng.bit_generator.state = self.dice_states[back]
        return taken

    # -- records -----------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far as a record (seats by spec, with the seed and how
        the dice are rolled)."""
        record = GameRecord.from_state(self.state, list(self.seats), self.seed)
        record.dice = "manual" if self.manual_dice else "random"
        return record

"""One game under way for a learning API: the state, the seeded dice, and
the seats that Saloon's own agents play.

The Gymnasium and PettingZoo adapters share this. A table resolves chance
and the fixed seats itself, and stops at each decision of a seat that the
learning code plays. Seeds follow ``saloon simulate``: after
``reset(seed=s)``, the ``n``-th game (from 0) takes its dice seed and each
seat's agent seed from :func:`~saloon.analysis.simulate.game_seeds`
``(s, n, players)``, so the same seed and the same choices give the same
game as ``saloon simulate GAME --seed s``.

>>> table = Table("shootout", fixed={1: "random"})
>>> table.reset(seed=3)  # no game skipped: the learner decides in game 0
0
>>> table.state.to_move, table.learners
(0, (0,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from saloon.agents import make_agent
from saloon.analysis.simulate import game_seeds
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.dice import RandomDice
from saloon.core.encoding import Encoding
from saloon.core.errors import IllegalAction, OptionError, SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State

__all__ = ["OptionsLike", "Table", "default_opponent", "resolve_options"]

#: Options as a learning API passes them: an object, a mapping, ``key=value``
#: strings, or a variant's name.
OptionsLike = Options | Mapping[str, Any] | Sequence[str] | str | None


def resolve_options(game: Game, options: OptionsLike) -> Options:
    """``options`` in any of the :data:`OptionsLike` forms, as the game's options.

    >>> from saloon.core import get_game
    >>> resolve_options(get_game("shootout"), "veteran").target
    18
    >>> resolve_options(get_game("shootout"), ["start=15"]).start
    15
    """
    if options is None or isinstance(options, Options):
        return game.options(options)
    if isinstance(options, str):
        return game.options_from_dict({"variant": options})
    if isinstance(options, Mapping):
        return game.options_from_dict(options)
    return game.parse_options(list(options))


def default_opponent(game: Game) -> str:
    """The agent a learner meets by default: the game's solver, else its
    heuristic, else the random player.

    >>> from saloon.core import get_game
    >>> default_opponent(get_game("shootout")), default_opponent(get_game("cowboys"))
    ('solver', 'heuristic')
    """
    own = game.agents()
    return next((name for name in ("solver", "heuristic") if name in own), "random")


class Table:
    """A game, its options, and who plays which seat.

    ``fixed`` maps seats to agent specs (``"heuristic"``, ``"mcts:iterations=200"``);
    a variant's scripted seats (a solitaire scenario's bot side) are added.
    The other seats are the learners'. ``illegal`` says what an illegal id
    does: ``"raise"`` (:class:`~saloon.core.errors.IllegalAction`) or
    ``"lose"`` (the game ends there, the offender scoring the least return).
    """

    def __init__(
        self,
        game_id: str,
        options: OptionsLike = None,
        *,
        num_players: int | None = None,
        fixed: Mapping[int, str] | None = None,
        illegal: str = "raise",
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise OptionError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.game: Game = get_game(game_id)
        self.options: Options = resolve_options(self.game, options)
        probe = self.game.new_state(self.options, num_players)
        self.num_players: int = probe.num_players
        seats = {**self.game.scripted_seats(self.options), **dict(fixed or {})}
        for seat, spec in seats.items():
            if not 0 <= seat < self.num_players:
                raise OptionError(
                    f"seat {seat + 1} is not a seat of a {self.num_players}-seat game"
                )
            make_agent(spec, self.game, seed=0, options=self.options)  # refused here if bad
        self.fixed: dict[int, str] = seats
        self.learners: tuple[int, ...] = tuple(p for p in range(self.num_players) if p not in seats)
        if not self.learners:
            raise OptionError("every seat is played by a fixed agent: none is left to learn")
        self.encoding: Encoding = self.game.encoding(self.options, self.num_players)
        self.illegal = illegal
        self.min_return, self.max_return = self.game.returns_bounds(self.options)
        self._seed: int | None = None
        self._index = 0
        self.state: State = probe
        self.agents: dict[int, Agent] = {}
        self.dice = RandomDice(0)
        self.forfeit: int | None = None

    # -- a new game ------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> int:
        """Start the next game that a learner has a decision in: game 0 of
        ``seed`` when one is given, else the next game of the seed in use (a
        fresh one, the first time). A game that the fixed seats and chance
        finish before any learner decides (a Shoot Out opponent who wins
        every duel he starts) is skipped; returns how many were."""
        skipped = 0
        self._start(seed)
        while self.state.is_over:
            skipped += 1
            self._start(None)
        return skipped

    def _start(self, seed: int | None) -> None:
        if seed is not None:
            if seed < 0:
                raise OptionError(f"the seed must be at least 0, not {seed}")
            self._seed, self._index = int(seed), 0
        elif self._seed is None:
            entropy = np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0]
            self._seed, self._index = int(entropy >> np.uint64(1)), 0
        dice_seed, agent_seeds = game_seeds(self._seed, self._index, self.num_players)
        self._index += 1
        self.dice = RandomDice(dice_seed)
        self.agents = {
            seat: make_agent(spec, self.game, seed=agent_seeds[seat], options=self.options)
            for seat, spec in self.fixed.items()
        }
        self.state = self.game.new_state(self.options, self.num_players)
        self.forfeit = None
        self._advance()

    # -- play ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.state.is_over

    @property
    def to_move(self) -> int | None:
        """The learner seat to decide, or ``None`` when the game is over."""
        return None if self.over else self.state.to_move

    def act(self, action_id: int) -> Action | None:
        """The learner to move takes the action ``action_id`` names; then
        chance and the fixed seats play until the next learner decision.
        Returns the action, or ``None`` for an illegal id under ``"lose"``."""
        mover = self.to_move
        if mover is None:
            raise SaloonError("the game is over: reset it")
        action = self._read(int(action_id))
        if action is None:
            self.forfeit = mover
            return None
        self.state.apply(action)
        self._advance()
        return action

    def _read(self, action_id: int) -> Action | None:
        enc = self.encoding
        try:
            if not 0 <= action_id < enc.num_actions:
                raise IllegalAction(f"action id {action_id} is outside 0..{enc.num_actions - 1}")
            action = enc.action(self.state, action_id)
            if not self.state.is_legal(action):
                raise IllegalAction(f"{action} (id {action_id}) is not legal here")
        except IllegalAction:
            if self.illegal == "raise":
                raise
            return None
        return action

    def _advance(self) -> None:
        state = self.state
        while not state.is_over:
            mover = state.to_move
            if mover == CHANCE:
                state.apply(self.dice.roll(state))
            elif mover in self.agents:
                state.apply(self.agents[mover].choose(state))
            else:
                return

    # -- what the learners are told ------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: the game's at its end; after a forfeit, the
        least for the offender and 0 for the others."""
        if self.forfeit is not None:
            return tuple(
                float(self.min_return) if p == self.forfeit else 0.0
                for p in range(self.num_players)
            )
        if not self.state.is_over:
            return (0.0,) * self.num_players
        return tuple(float(r) for r in self.state.returns())

    def observation(self, seat: int) -> np.ndarray:
        return self.encoding.observation(self.state, seat)

    def mask(self, seat: int) -> np.ndarray:
        """The legal ids of ``seat`` (zeros when it is not the seat to move)."""
        if self.to_move != seat:
            return np.zeros(self.encoding.num_actions, dtype=np.int8)
        return self.encoding.legal_mask(self.state)

    def svg(self, seat: int | None) -> str:
        return self.game.render_svg(self.state, seat)

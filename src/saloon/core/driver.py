"""The driver: plays a game from start to finish with agents and dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from saloon.core.agent import Agent
from saloon.core.dice import DiceSource, RandomDice
from saloon.core.errors import SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.state import CHANCE, State

#: Called after every step with the state and the (player, action) applied.
StepHook = Callable[[State, int, object], None]


def play(
    game: Game,
    options: Options | None,
    seats: Sequence[Agent],
    dice: DiceSource,
    *,
    seed: int | None = None,
    state: State | None = None,
    on_step: StepHook | None = None,
) -> GameRecord:
    """Play one game to the end and return its record.

    ``seats[i]`` chooses for player ``i``; ``dice`` resolves chance nodes.
    A ``state`` already under way may be given to continue it.

    >>> from saloon.core.registry import get_game
    >>> from saloon.agents import make_agent
    >>> game = get_game("shootout")
    >>> bots = [make_agent("random", game, seed=1), make_agent("random", game, seed=2)]
    >>> record = play(game, None, bots, RandomDice(3), seed=3)
    >>> record.replay().is_over
    True
    """
    options = game.options(options)
    if state is None:
        state = game.new_state(options, len(seats))
    if len(seats) != state.num_players:
        raise SaloonError(f"{game.id} needs {state.num_players} seats, {len(seats)} given")
    limit = game.max_length(options)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        action = dice.roll(state) if mover == CHANCE else seats[mover].choose(state)
        state.apply(action)
        if on_step is not None:
            on_step(state, mover, action)
        if len(state.history) > limit:
            raise RuntimeError(f"{game.id} exceeded its declared length bound {limit}")
    return GameRecord.from_state(state, [s.name for s in seats], seed)


@dataclass
class RoundRobin:
    """A tournament: every pair of seats plays one game.

    ``totals[i]`` is seat ``i``'s summed game scores (Shoot Out ruling 8:
    the card values won in all his games); ``wins[i]`` the games he won.
    Whoever plays the games (the driver's agents, or the terminal table
    with people at it) reports each finished one with :meth:`add`.
    """

    seats: list[str]
    records: list[tuple[tuple[int, int], GameRecord]] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.totals = self.totals or [0.0] * len(self.seats)
        self.wins = self.wins or [0] * len(self.seats)

    @property
    def pairings(self) -> list[tuple[int, int]]:
        """Every pair of seats, in the order they play: (0, 1), (0, 2), ..."""
        return list(combinations(range(len(self.seats)), 2))

    def add(self, pair: tuple[int, int], record: GameRecord) -> None:
        """Count a finished game between the seats ``pair`` (in seat order)."""
        if record.result is None:
            raise SaloonError("a round-robin game must be finished to count")
        for seat, score in zip(pair, record.result["scores"], strict=True):
            self.totals[seat] += score
        for w in record.result["winners"]:
            self.wins[pair[w]] += 1
        self.records.append((pair, record))

    @property
    def winners(self) -> list[int]:
        best = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == best]


def check_round_robin(game: Game, seats: int) -> None:
    """Refuse a round robin that the game or the seat count cannot make."""
    if not game.round_robin or game.max_players != 2:
        raise SaloonError(f"{game.id} has no round-robin tournament")
    if seats < 3:
        raise SaloonError("a round robin needs at least 3 seats")


def round_robin(
    game: Game,
    options: Options | None,
    seats: Sequence[Agent],
    dice: DiceSource | None = None,
    *,
    seed: int | None = None,
) -> RoundRobin:
    """Every pair of ``seats`` plays one game of ``game``; scores are totalled
    (Shoot Out, "Variants": Tournament; ruling 8)."""
    check_round_robin(game, len(seats))
    dice = dice if dice is not None else RandomDice(seed)
    out = RoundRobin(seats=[s.name for s in seats])
    for i, j in out.pairings:
        out.add((i, j), play(game, options, [seats[i], seats[j]], dice, seed=seed))
    return out

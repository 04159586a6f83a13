"""Several players: every search node maximizes the return of its own mover."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from saloon.agents import make_agent
from saloon.core import Action, Game, NotationError, Options, RandomDice, State, play
from saloon.testing import check_game


@dataclass(frozen=True, slots=True)
class Choice(Action):
    grab: bool

    def __str__(self) -> str:
        return "grab" if self.grab else "pass"


class GrabState(State):
    """Three players choose in turn to grab or pass. A grab is worth 1 to its
    taker; every grab by players 2 and 3 costs player 1 one point."""

    def __init__(self, game: Game, options: Options) -> None:
        super().__init__(game, options, 3)
        self.grabs: list[bool] = []

    @property
    def to_move(self) -> int | None:
        return len(self.grabs) if len(self.grabs) < 3 else None

    def legal_actions(self) -> Sequence[Action]:
        return [Choice(False), Choice(True)] if self.to_move is not None else []

    def apply_unchecked(self, action: Action) -> None:
        assert isinstance(action, Choice)
        self.grabs.append(action.grab)

    def returns(self) -> tuple[float, ...]:
        g = self.grabs + [False] * (3 - len(self.grabs))
        return (float(g[0]) - g[1] - g[2], float(g[1]), float(g[2]))

    def key(self) -> Hashable:
        return tuple(self.grabs)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"grabs": list(self.grabs)}


class Grab(Game):
    id = "grab-test"
    title = "Grab"
    rulebook = "none"
    min_players = 3
    max_players = 3
    chance = False

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (-2.0, 1.0)

    def max_length(self, options: Options) -> int:
        return 3

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        return GrabState(self, self.options(options))

    def parse_action(self, text: str) -> Action:
        if text in ("grab", "pass"):
            return Choice(text == "grab")
        raise NotationError(f"cannot read {text!r}")


def test_the_grab_game_keeps_the_contract() -> None:
    report = check_game(Grab(), games=30)
    assert report.chance_nodes == 0 and report.chi_square_tests == 0


@pytest.mark.parametrize("spec", ["mcts:iterations=200", "expectimax:depth=3,rollouts=0"])
def test_every_player_grabs_for_himself(spec: str) -> None:
    game = Grab()
    seats = [make_agent(spec, game, seed=i) for i in range(3)]
    record = play(game, None, seats, RandomDice(0))
    # A search maximizing player 1's value everywhere would have 2 and 3 pass.
    assert [m for _, m in record.moves] == ["grab", "grab", "grab"]
    assert record.result is not None and record.result["returns"] == [-1.0, 1.0, 1.0]

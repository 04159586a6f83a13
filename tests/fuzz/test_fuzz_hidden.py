"""Hidden information under random play: every player's redrawn worlds.

For the games with hidden hands (Cowboys, D6), hypothesis picks a variant
(a Cowboys scenario with Advanced Optional Rules; a D6 player count, map
and reading of the red cards), a seed and a length; a random game is
played, and at every state each player's world redrawn by
``resample_hidden`` must be one he cannot tell from the real one and one
the game could have reached (:func:`saloon.testing.resample_problem`): the
same view, the same player to move, a legal action for whoever is to move
(never a dead end), the same legal actions for the player to move. Every
player is checked, to move or not: a fact announced to all (a Run card a
move counts on, Cowboys ruling CW-T6) must hold in the others' worlds too.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, reject
from hypothesis import strategies as st

from saloon.core.errors import OptionError
from saloon.core.options import Options
from saloon.core.registry import get_game
from saloon.core.state import CHANCE
from saloon.games.cowboys.options import OPTIONAL_RULES, CowboysOptions
from saloon.games.dungeons.options import DungeonsOptions
from saloon.testing import resample_problem

from .conftest import fuzz, time_bound


def play_and_check(
    game_id: str, options: Options, players: int | None, seed: int, steps: int
) -> None:
    """A random game of up to ``steps`` steps, every player's redrawn
    world checked at every state."""
    game = get_game(game_id)
    state = game.new_state(options, players)
    rng = np.random.default_rng(seed)
    with time_bound():
        for step in range(steps):
            for p in range(state.num_players):
                problem = resample_problem(state, p, rng)
                assert problem is None, f"{game_id} [{options.describe()}] step {step}: {problem}"
            if state.is_over:
                return
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[int(rng.integers(len(legal)))])


@fuzz(quick=16)
@given(
    scenario=st.sampled_from(sorted(get_game("cowboys").variants())),
    advanced=st.booleans(),
    rules=st.sets(st.sampled_from(OPTIONAL_RULES), max_size=4),
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=20, max_value=150),
)
def test_cowboys_worlds_redrawn_for_every_player(
    scenario: str, advanced: bool, rules: set[str], seed: int, steps: int
) -> None:
    try:
        options = CowboysOptions(scenario=scenario, advanced=advanced, **dict.fromkeys(rules, True))
        get_game("cowboys").new_state(options)
    except OptionError:
        reject()  # rules that cannot go together (high card and poker)
    play_and_check("cowboys", options, None, seed, steps)


@fuzz(quick=6)
@given(
    players=st.integers(min_value=2, max_value=4),
    map_=st.sampled_from(["standard", "advanced"]),
    red_cards=st.sampled_from(["fights", "turn"]),
    mode=st.sampled_from(["standard", "solo", "coop", "alliance"]),
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=50, max_value=300),
)
def test_dungeons_worlds_redrawn_for_every_player(
    players: int, map_: str, red_cards: str, mode: str, seed: int, steps: int
) -> None:
    options = DungeonsOptions(map=map_, red_cards=red_cards, mode=mode)  # type: ignore[arg-type]
    seats = {"solo": 1, "alliance": 4}.get(mode, players)
    play_and_check("dungeons", options, seats, seed, steps)

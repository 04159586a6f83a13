"""The log a rulebook reader can check: every roll and every change of the
playsheet's tracks is told in a sentence with its numbers.

Over games of every variant (the heuristic's choices, a fifth of them made at
random instead to go where it would not), each step that changes a track (the Day,
the space, Posse, Food, Ammo, Gold, the Crowe Gang) must add a sentence that
names that track, and each chance outcome must add a sentence that shows its
dice.
"""

from __future__ import annotations

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.games.d6shooters.actions import Face, Pair, Roll
from saloon.games.d6shooters.rules import D6State

GAME = get_game("d6shooters")

#: Each track and the words that name it in a sentence.
TRACKS = {
    "day": ("Day",),
    "space": ("move", "space", "reach"),
    "posse": ("Posse", "Hunter", "recruit"),
    "food": ("Food",),
    "ammo": ("Ammo",),
    "gold": ("Gold",),
    "crowes": ("Crowe",),
}


def tracks(st: D6State) -> dict[str, int]:
    return {name: getattr(st.journey, name) for name in TRACKS}


@pytest.mark.parametrize("variant", list(GAME.variants()))
def test_every_roll_and_every_change_is_told(variant: str) -> None:
    options = GAME.variants()[variant]
    for seed in range(10):
        rng = np.random.default_rng(seed)
        agent = make_agent("heuristic", GAME, seed=seed)
        st = GAME.new_state(options)
        assert isinstance(st, D6State)
        while not st.is_over:
            before = tracks(st)
            logged = len(st.log)
            if st.is_chance:
                action = st.sample_chance(rng)
            elif rng.random() < 0.2:
                legal = st.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            else:
                action = agent.choose(st)
            st.apply(action)
            said = " ".join(e.text for e in st.log[logged:])
            for name, value in tracks(st).items():
                if value != before[name]:
                    assert any(w in said for w in TRACKS[name]), (variant, str(action), name, said)
            if isinstance(action, Roll):
                assert " ".join(map(str, action.faces)) in said, (str(action), said)
            elif isinstance(action, Pair):
                assert f"{action.low} and {action.high}" in said, (str(action), said)
            elif isinstance(action, Face):
                assert str(action.n) in said, (str(action), said)

"""Cowboys rulebook, "A Gunfight Example Illustrating Range and Line of Sight
(Using the Shot Chart)", replayed through the rules engine.

The rulebook's picture is not printed, so the four shooters and their
targets stand on a board fragment drawn to fit its text (the same one the
line-of-sight examples use): Cowboy #1 behind a window, #2 and #3 in the
street north of a trough (a red line next to cowboy E), #4 in a doorway
with cowboy D in front of him, facing away. The targets A, B, D, E, F are
cowboys 5 to 9 here. Every range, needed roll, total, hit and ammunition
count the text gives is asserted, on the state and in the log.
"""

from __future__ import annotations

from dataclasses import replace

from saloon.core.dice import ScriptedDice
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import PASS, Play, Shoot
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.setup import FigureSetup, Setup, SideSetup
from saloon.games.cowboys.rules.state import CowboysState, Phase

from .conftest import SIGHT_TOWN, figure, log_text


def gunfight() -> CowboysState:
    shooters = (
        FigureSetup("C1", "L:f2", "E", weapons=("pistol",)),
        FigureSetup("C2", "L:k5", "S", modifier=2, weapons=("rifle",)),
        FigureSetup("C3", "L:m5", "S", modifier=1, weapons=("shotgun",)),
        FigureSetup("C4", "L:f6", "E", weapons=("rifle",)),
    )
    targets = (
        FigureSetup("C5", "L:h2", "W"),  # A
        FigureSetup("C6", "L:i4", "W"),  # B
        FigureSetup("C7", "L:i6", "E"),  # D, facing away from #4
        FigureSetup("C8", "L:k8", "N"),  # E, behind the trough
        FigureSetup("C9", "L:k10", "N"),  # F, hidden behind E
    )
    setup = Setup(
        name="gunfight example",
        town=SIGHT_TOWN,
        sides=(SideSetup("Shooters", shooters, cards=1), SideSetup("Targets", targets, cards=0)),
        turns=1,
    )
    state = CowboysState(GAME, CowboysOptions(), setup)
    # Cowboy #4's rifle has only 1 round left.
    i = state.index["C4"]
    rifle = state.figures[i].weapon("rifle")
    assert rifle is not None
    state.figures[i] = state.figures[i].with_weapon(replace(rifle, ammo=1))
    state.apply(GAME.parse_action("deal 2S"))  # Dead Eye
    return state


def roll(state: CowboysState, dice: ScriptedDice, n: int | None = None) -> None:
    """Roll the scripted dice at the chance nodes that follow (``n`` of them)."""
    while state.is_chance and (n is None or n > 0):
        state.apply(dice.roll(state))
        n = None if n is None else n - 1


def ammo(state: CowboysState, fig: str, slot: str) -> int:
    held = figure(state, fig).weapon(slot)
    assert held is not None
    return held.ammo


def health(state: CowboysState, fig: str) -> int:
    return figure(state, fig).health


def test_ranges_and_sight_of_the_example() -> None:
    """#1: A at range 2 (6+), B at 3 (8+); #2: D at 2, E at 3 (7+ with -1
    for the red line by E), F hidden by E; #4: D at 3 with a back shot."""
    s = gunfight()
    assert s.phase == Phase.SELECT
    legal = set(map(str, s.legal_actions()))
    assert {"C1 shoot C5 x2", "C1 shoot C6", "C2 shoot C7", "C2 shoot C8 x2"} <= legal
    assert "C2 shoot C9" not in legal  # E blocks the line to F
    assert "C4 shoot C7" in legal and "C4 shoot C7 x2" not in legal  # one round left
    assert "C4 shoot C8" in legal and "C4 shoot C9" in legal  # range 5 to E and F
    words = s.describe_action(Shoot("C1", "C5", 2))
    assert "range 2, needs 6, no modifiers: 6+ on 2d6, 72% to hit" in words
    assert "range 3, needs 8, no modifiers: 8+ on 2d6" in s.describe_action(Shoot("C1", "C6", 1))
    e = s.describe_action(Shoot("C2", "C8", 2))
    assert "range 3, needs 7, +2 cowboy, -1 red line: 6+ on 2d6, 72% to hit" in e
    assert "range 2" in s.describe_action(Shoot("C2", "C7", 1))
    d = s.describe_action(Shoot("C4", "C7", 1))
    assert "range 3, needs 7, +2 back shot: 5+ on 2d6, 83% to hit" in d
    assert "range 5" in s.describe_action(Shoot("C4", "C9", 1))


def test_the_four_shooters() -> None:
    s = gunfight()
    dice = ScriptedDice(["roll 2 3", "roll 1 3"])
    # Cowboy #1: two pistol shots at A; the first misses (2+3 = 5 < 6)...
    s.apply(Shoot("C1", "C5", 2))
    # The start window asks all the same (CW-T15): Dead Eye waits for the shot.
    assert s.phase == Phase.START and list(s.legal_actions()) == [PASS]
    s.apply(PASS)
    assert ammo(s, "C1", "pistol") == 4  # both rounds spent when declared
    assert s.phase == Phase.BEFORE_SHOT and Play("2S") in s.legal_actions()
    s.apply(PASS)
    roll(s, dice)
    assert health(s, "C5") == 4
    # ...then Dead Eye (+2) before the second: 3+1+2 = 6, a hit.
    assert s.phase == Phase.BEFORE_SHOT
    s.apply(Play("2S"))
    roll(s, dice)
    assert health(s, "C5") == 3
    log = log_text(s)
    assert "range 2: 2+3 = 5 against 6: a miss" in log
    assert "range 2: 1+3 +2 Dead Eye = 6 against 6: a hit" in log
    assert "pistol 6 → 4 rounds" in log
    assert "Cowboy 5: 4 → 3 health" in log

    # Cowboy #2 (+2): two rifle shots at E across the red line (-1), 7+.
    dice = ScriptedDice(["roll 2 2", "roll 3 3"])
    s.apply(Shoot("C2", "C8", 2))  # no card left to play: no window
    roll(s, dice)
    assert ammo(s, "C2", "rifle") == 14 and health(s, "C8") == 3
    log = log_text(s)
    assert "range 3: 2+2 +2 cowboy -1 red line = 5 against 7: a miss" in log
    assert "range 3: 3+3 +2 cowboy -1 red line = 7 against 7: a hit" in log
    assert "rifle 16 → 14 rounds" in log

    # Cowboy #3 (+1): two shotgun shots at E, each two rolls, 8+.
    dice = ScriptedDice(["roll 5 6", "roll 3 4", "roll 4 5", "roll 6 6"])
    s.apply(Shoot("C3", "C8", 2))
    assert ammo(s, "C3", "shotgun") == 0
    roll(s, dice, 2)  # shot 1: a hit and a miss
    assert health(s, "C8") == 2
    roll(s, dice)  # shot 2: a hit and a natural 12 (two hits)
    assert health(s, "C8") == 0 and not figure(s, "C8").standing
    log = log_text(s)
    assert "range 3: 5+6 +1 cowboy -1 red line = 11 against 8: a hit" in log
    assert "range 3: 3+4 +1 cowboy -1 red line = 7 against 8: a miss" in log
    assert "range 3: 4+5 +1 cowboy -1 red line = 9 against 8: a hit" in log
    assert "6+6 +1 cowboy -1 red line = 12 against 8: a natural 12, two hits" in log
    assert "shotgun 2 → 0 rounds" in log
    assert "Cowboy 8: 2 → 0 health, he is down" in log

    # Cowboy #4: his last rifle round at D, a back shot (+2): 3+2+2 = 7, a hit.
    dice = ScriptedDice(["roll 2 3"])
    s.apply(Shoot("C4", "C7", 1))
    roll(s, dice)
    assert ammo(s, "C4", "rifle") == 0 and health(s, "C7") == 3
    log = log_text(s)
    assert "range 3: 2+3 +2 back shot = 7 against 7: a hit" in log
    assert "rifle 1 → 0 rounds" in log
    assert dice.remaining == 0

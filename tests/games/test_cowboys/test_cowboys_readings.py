"""Cowboys' other readings of disputed passages, each an option off by
default (rulings CW-O1..CW-O8 in docs/rulings.md, "Other readings as
options"). Each test plays both readings on the same scripted position and
dice, on the test street of conftest (rows 1-4 and 6 open, a bank on
b5-e5 with a door above c5 and a window above d5).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from saloon.core.errors import OptionError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.board import Town, parse_board
from saloon.games.cowboys.options import ADDITIONAL_OPTIONS, READINGS, CowboysOptions
from saloon.games.cowboys.render import status_lines
from saloon.games.cowboys.rules.figures import Dropped, Held
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.setup import Goal, Setup, SideSetup
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.shotchart import Weapon

from .conftest import STREET_BOARD, C, act, figure, legal, log_text, only_pass, rolls, street_game

# -- the options ---------------------------------------------------------------------------


def test_each_reading_is_an_option_off_by_default_refused_in_one_line() -> None:
    """Each other reading is a boolean option, off unless chosen; a wrong
    value, or a reading of a rule not in play, is refused in one line."""
    opts = CowboysOptions()
    assert not any(getattr(opts, name) for name in READINGS)
    assert opts.readings == ()
    help_text = CowboysOptions.help()
    for name in READINGS:
        assert "CW-O" in help_text[name]
        with pytest.raises(OptionError) as exc:
            CowboysOptions.parse([f"{name}=maybe"])
        assert "\n" not in str(exc.value)
    for name in ("reaction_cards", "fists_all_round", "two_pistols_short", "advanced_all"):
        with pytest.raises(OptionError) as exc:
            GAME.new_state(CowboysOptions(**{name: True}))
        assert "\n" not in str(exc.value) and name in str(exc.value)


# -- CW-O1: Draw and Shoot with a weapon in hand ---------------------------------------------


def test_draw_while_armed() -> None:
    """Draw and Shoot: today only an empty-handed figure draws (CW-T12);
    the other reading lets a cowboy holding his rifle draw his holstered
    pistol and fire one shot with it, which is then in his hand."""
    for armed in (False, True):
        s = street_game(
            [C("C1", "a1", "S", weapons=("rifle", "pistol"))],
            [C("C2", "a3", "N")],
            rules=("draw_while_armed",) if armed else (),
        )
        assert ("C1 draw C2" in legal(s)) is armed
        if not armed:
            assert "Draw and Shoot is for a figure with no weapon in hand" in s.explain_illegal(
                s.parse("C1 draw C2")
            )
            continue
        act(s, "C1 draw C2")
        rolls(s, "roll 3 3")  # pistol at range 2 needs 6: a hit
        c1 = figure(s, "C1")
        assert c1.in_hand == "pistol" and c1.weapon("pistol").ammo == 5  # type: ignore[union-attr]
        assert c1.weapon("rifle").ammo == 16  # type: ignore[union-attr]
        assert figure(s, "C2").health == 3
        assert "draws and fires one shot with the pistol" in log_text(s)


# -- CW-O2: weapons changed within a move --------------------------------------------------------


def test_weapon_in_move() -> None:
    """Movement to Change Weapons: today a pick-up is a whole move action
    in the figure's own square (CW-T7), so a cowboy two squares from a
    dropped rifle cannot have it this turn; the other reading lets him
    walk there (2 points) and pick it up with the 2 points left."""
    for within in (False, True):
        s = street_game(
            [C("C1", "a1", "S")],
            [C("C2", "h6", "N")],
            rules=("weapon_in_move",) if within else (),
        )
        rifle = Held("rifle", Weapon.RIFLE, 9)
        s.ground.append(Dropped(s.town.square("T:a3"), rifle))
        s._cache.clear()
        assert not {a for a in legal(s) if "pickup" in a}
        act(s, "C1 move T:a3 S")
        if not within:
            assert figure(s, "C1").weapon("rifle") is None
            assert s.phase == Phase.SELECT and s.active == 1
            continue
        assert s.phase == Phase.SHOOT_MOVE and s.to_move == 0
        assert legal(s) == {"C1 pickup rifle", "stay"}
        assert s.describe_action(s.parse("stay")) == "keep his weapons as they are"
        assert s.describe_action(s.parse("C1 pickup rifle")).endswith(
            "(2 of the 2 points his move left)"
        )
        act(s, "C1 pickup rifle")
        assert figure(s, "C1").weapon("rifle") == rifle
        assert "picks up a rifle with 9 rounds (2 of the 2 points his move left)" in log_text(s)
        assert s.phase == Phase.SELECT and s.active == 1
    # A move that spends every point leaves none for the change.
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6", "N")], rules=("weapon_in_move",))
    s.ground.append(Dropped(s.town.square("T:a5"), Held("rifle", Weapon.RIFLE, 9)))
    act(s, "C1 move T:a5 S")
    assert s.phase == Phase.SELECT and figure(s, "C1").weapon("rifle") is None


# -- CW-O3: the whole red line -----------------------------------------------------------------

#: The test street with a fence (an obstacle, a red line) along the top of
#: c4, d4 and e4.
FENCE_BOARD = STREET_BOARD.replace(
    "  3   .   .   .   .   .   .   .   .\n    +   +   +   +   +   +   +   +   +\n",
    "  3   .   .   .   .   .   .   .   .\n    +   +   +###+###+###+   +   +   +\n",
)
FENCE = Town.from_board(parse_board(FENCE_BOARD, "fence"))


def _fence_game(whole: bool) -> CowboysState:
    setup = Setup(
        name="test",
        town=FENCE,
        sides=(
            SideSetup("Side 1", (C("C1", "a1", "S"),), 0, (Goal("eliminate"),)),
            SideSetup("Side 2", (C("C2", "e4", "N"),), 0, (Goal("eliminate"),)),
        ),
        turns=3,
    )
    return CowboysState(GAME, CowboysOptions(red_line_whole=whole), setup)


def test_red_line_whole() -> None:
    """Shot Modifiers: the line from a1 to e4 crosses the fence above d4,
    not a side of the target's square: no -1 today (CB-G7); with the other
    reading the fence is one drawn line, and e4 stands against it: -1. The
    same roll, 5 + 4 = 9 at range 4 with a pistol (needs 9), hits today and
    misses with the -1."""
    assert FENCE.edge(FENCE.square("T:e3"), FENCE.square("T:e4")) == "obstacle"
    for whole, health in ((False, 3), (True, 4)):
        s = _fence_game(whole)
        line = s.sight_line(s.town.square("T:a1"), s.town.square("T:e4"))
        assert line is not None and not line.red_line_at_target
        act(s, "C1 shoot C2")
        rolls(s, "roll 4 5")
        assert figure(s, "C2").health == health
        assert ("-1 red line" in log_text(s)) is whole


# -- CW-O4: fist fights all round ----------------------------------------------------------


def test_fists_all_round() -> None:
    """Fist Fights: today a square sharing a side, in front (CW-A8); the
    other reading any of the eight squares around, whichever way he faces,
    never through a wall (a diagonal across a corner of the bank's walls)."""
    for around in (False, True):
        rules = ("fist_fights", "fists_all_round") if around else ("fist_fights",)
        s = street_game(
            [C("C1", "b2", "N", weapons=())],
            [C("C2", "c3", "N"), C("C3", "a1", "N")],
            rules=rules,
        )
        fists = {a for a in legal(s) if " fist " in a}
        # c3 is on a diagonal; a1 on a diagonal behind him.
        assert fists == ({"C1 fist C2", "C1 fist C3"} if around else set())
        if around:
            act(s, "C1 fist C2")
            rolls(s, "fists 5 3")  # 5 against 3 + 2 (C1 turns his back to C2): a tie
            assert figure(s, "C2").health == 4 and figure(s, "C1").health == 4
            assert "Cowboy 2 rolls 3+2 = 5: a tie" in log_text(s)
    s = street_game(
        [C("C1", "a4", "E", weapons=())],
        [C("C2", "b5", "N")],
        rules=("fist_fights", "fists_all_round"),
    )
    assert "C1 fist C2" not in legal(s)  # the bank's walls meet at the corner


# -- CW-O5: A Good Day for a Killing -----------------------------------------------------------


def test_good_day_cap() -> None:
    """A Good Day for a Killing: the card names a 0 or +1 cowboy, by his
    printed modifier, so a second copy may lift a +1 cowboy to +3 (CW-C6);
    the other reading counts the card bonuses he has, so never past +2."""
    for cap in (False, True):
        s = street_game(
            [C("C1", "a1", "S", modifier=1), C("C3", "h1", "S")],
            [C("C2", "a4", "N")],
            deal=("KH",),
            cards=(1, 0),
            rules=("good_day_cap",) if cap else (),
        )
        s.figures[s.index["C1"]] = replace(figure(s, "C1"), bonus=1)  # a first copy played
        act(s, "C3 move T:h2 S")
        plays = {a for a in legal(s) if a.startswith("play")}
        assert plays == ({"play KH C3"} if cap else {"play KH C1", "play KH C3"})
        if not cap:
            act(s, "play KH C1")
            assert figure(s, "C1").modifier + figure(s, "C1").bonus == 3


# -- CW-O6: cards in a reaction shot -------------------------------------------------------------


def test_reaction_cards() -> None:
    """Reaction Fire: today no card window opens in a reaction shot
    (CW-V31); the other reading opens an ordinary shot's windows, so the
    reacting side plays Dead Eye before the shot. The same roll, 3 + 4 = 7
    +1 cowboy -2 reaction = 6 against 8, misses today and hits at +2."""
    for cards in (False, True):
        rules = ("reaction_fire", "reaction_cards") if cards else ("reaction_fire",)
        s = street_game(
            [C("C1", "a1", "S")],
            [C("C2", "d3", "W", modifier=1)],
            deal=("2S",),
            cards=(0, 1),
            rules=rules,
        )
        act(s, "C1 move T:a4 S")
        only_pass(s)  # Side 2 is asked to answer the move; Dead Eye does not
        assert s.phase == Phase.REACT and s.to_move == 1
        act(s, "C2 react C1")
        if cards:
            assert figure(s, "C2").held().ammo == 6  # type: ignore[union-attr]
            assert s.phase == Phase.START and s.to_move == 1
            only_pass(s)  # no card of the deck's start windows in hand
            assert s.phase == Phase.BEFORE_SHOT and s.to_move == 1
            assert legal(s) == {"play 2S", "pass"}
            assert "Side 2 may play a card before the shot is rolled" in status_lines(s)[1]
            act(s, "play 2S")
        rolls(s, "roll 3 4")
        assert figure(s, "C1").health == (3 if cards else 4)
        assert figure(s, "C2").held().ammo == 5  # type: ignore[union-attr]
        assert s.hands[1] == (() if cards else ("2S",))


def test_a_reaction_shot_can_be_jammed_with_the_other_reading() -> None:
    """CW-O6: the mover's side may answer the announced reaction with a
    Misfire: the shot is lost, no round spent, and the cowboy has reacted."""
    s = street_game(
        [C("C1", "a1", "S")],
        [C("C2", "d3", "W")],
        deal=("2C", "3S"),
        cards=(1, 1),
        rules=("reaction_fire", "reaction_cards"),
    )
    act(s, "C1 move T:a4 S")
    while s.phase in (Phase.ANSWER, Phase.START):
        only_pass(s)
    act(s, "C2 react C1")
    assert s.phase == Phase.ANSWER and s.to_move == 0
    act(s, "play 2C")
    assert figure(s, "C2").held().ammo == 6  # type: ignore[union-attr]
    assert "shot is lost, no round spent" in log_text(s)
    assert figure(s, "C2").actions == 0  # his action, though cancelled
    assert s.turn == 2


# -- CW-O7: the Additional Advanced Options with the Advanced Rules ---------------------------


def test_advanced_all() -> None:
    """``advanced`` switches on the Advanced Rules and Shot Horses (CW-V0);
    the other reading adds the other four Additional Advanced Options."""
    for every in (False, True):
        rules = ("advanced", "advanced_all") if every else ("advanced",)
        s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], rules=rules)
        assert all(s.rule(r) is every for r in ADDITIONAL_OPTIONS)
        assert ("C1 fan C2" in legal(s)) is every


# -- CW-O8: two pistols with one round in one --------------------------------------------------


def test_two_pistols_short() -> None:
    """Two Pistols: today each pistol needs two rounds (CW-A3); the other
    reading fires what each holds, up to two: here three shots."""
    for short in (False, True):
        rules = ("two_pistols", "two_pistols_short") if short else ("two_pistols",)
        s = street_game(
            [C("C1", "a1", "S", weapons=("pistol", "pistol"))], [C("C2", "a3", "N")], rules=rules
        )
        c1 = figure(s, "C1")
        p2 = c1.weapon("pistol2")
        assert p2 is not None
        s.figures[s.index["C1"]] = c1.with_weapon(replace(p2, ammo=1))
        s._cache.clear()
        assert ("C1 pistols C2" in legal(s)) is short
        if short:
            act(s, "C1 pistols C2")
            rolls(s, "roll 1 2", "roll 1 2", "roll 1 2")
            c1 = figure(s, "C1")
            assert c1.weapon("pistol").ammo == 4  # type: ignore[union-attr]
            assert c1.weapon("pistol2").ammo == 0  # type: ignore[union-attr]
            assert "fires both pistols, 3 shots, at Cowboy 2" in log_text(s)

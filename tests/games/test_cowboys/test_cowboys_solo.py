"""Cowboys' solitaire: a scenario whose ``[solo]`` table gives one side to
the ``solo`` bot, which plays it by the rules the scenario prints (ruling
CS-S8; issue: "at least one scenario for one person against a bot side,
with the bot's behaviour described in the scenario")."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

import pytest

from saloon.cli.common import with_scripted_seats
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.errors import ContentError, OptionError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import END, PASS, Move, Reload, Shoot
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.setup import FigureSetup
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import builtin_scenarios, parse_scenario
from saloon.games.cowboys.solo import SoloAgent, hit_chance

from .conftest import C, figure, street_game

SOLO = "sundown-at-red-rock"


def _file(extra: str = "", drop_solo: bool = False) -> str:
    files = resources.files("saloon.games.cowboys") / "content" / "scenarios"
    text = (files / "09-sundown-at-red-rock.toml").read_text()
    if drop_solo:
        text = text[: text.index("\n[solo]\n") + 1]
    return text + extra


def test_the_solitaire_scenario_names_its_bot_side_and_prints_its_rules() -> None:
    sc = builtin_scenarios()[SOLO]
    assert sc.solo is not None
    assert sc.sides[sc.solo.side].name == "Dawson gang"
    assert [p.split(":")[0] for p in sc.solo.behaviour[1:4]] == ["Advance", "Shoot", "Reload"]
    text = sc.describe()
    assert "Solitaire: Saloon's solo bot plays Dawson gang" in text
    assert "likeliest shot at a lawman" in text
    assert sc.sides[sc.solo.side].cards == 0  # "The gang holds no cards"


def test_scripted_seats_fill_the_bot_side_for_one_person() -> None:
    opts = CowboysOptions(scenario=SOLO)
    assert GAME.scripted_seats(opts) == {1: "solo"}
    assert with_scripted_seats(GAME, ["human"], opts) == ["human", "solo"]
    # naming every seat overrides the scenario (a bot may play the Law too)
    assert with_scripted_seats(GAME, ["heuristic", "heuristic"], opts) == [
        "heuristic",
        "heuristic",
    ]
    assert GAME.scripted_seats(CowboysOptions()) == {}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('side = "Posse"\nbehaviour = "x"\n', "solo.side"),
        ('side = "Law"\n', "solo.behaviour is missing"),
        ('side = "Law"\nbehaviour = 3\n', "solo.behaviour must be a string"),
        ('side = "Law"\nbehaviour = "x"\nbot = "heuristic"\n', "is not a key of [solo]"),
    ],
)
def test_a_bad_solo_table_is_one_clear_error(extra: str, message: str) -> None:
    with pytest.raises(ContentError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_scenario(_file("[solo]\n" + extra, drop_solo=True), source="mine.toml")


def test_solo_takes_no_parameters() -> None:
    with pytest.raises(OptionError, match="solo takes no parameters"):
        GAME.agents()["solo"](GAME, 1, {"depth": "2"})


def test_hit_chance_counts_the_naturals() -> None:
    """Shoot: a natural 12 hits and a natural 2 misses whatever the modifiers."""
    assert hit_chance(7, 0) == pytest.approx(21 / 36)
    assert hit_chance(13, 0) == pytest.approx(1 / 36)
    assert hit_chance(2, 9) == pytest.approx(35 / 36)


# -- the rules the bot follows ------------------------------------------------------------------


def _solo_to_act(
    enemies: Sequence[FigureSetup], bots: Sequence[FigureSetup], **kw: Any
) -> CowboysState:
    """A street game whose first side, to act now, is the bot's (``bots``)."""
    return street_game(bots, enemies, **kw)


def test_shoot_at_the_enemy_likeliest_to_hit() -> None:
    """Rule 2: the bot's figure with shots fires at the target he is
    likeliest to hit: here the one whose back is to him (+2)."""
    s = _solo_to_act(
        [C("C2", "a3", "N"), C("C3", "c3", "S")],
        [C("C1", "b1", "S", weapons=("pistol",))],
    )
    act = SoloAgent(1).choose(s)
    assert isinstance(act, Shoot)
    assert act.target == "C3" and act.shots == 2  # his back is to the shooter: +2


def test_advance_into_a_shot_before_anyone_shoots() -> None:
    """Rule 1 before Rule 2: a figure with no shot moves first (moves come
    before shots in a turn), to the end of his move with the best shot,
    facing the enemy; the figure with a shot fires afterwards."""
    s = _solo_to_act(
        [C("C3", "h1", "W")],
        [C("C1", "a1", "E", weapons=("pistol",)), C("C2", "a6", "N", weapons=("pistol",))],
    )
    agent = SoloAgent(2)
    first = agent.choose(s)
    assert isinstance(first, Move) and first.fig == "C2"
    dest = s.town.square(first.dest)
    s.apply(first)
    assert figure(s, "C2").square == dest
    second = agent.choose(s)
    assert isinstance(second, Shoot)


def test_advance_toward_the_nearest_enemy_when_no_end_gives_a_shot() -> None:
    """Rule 1: with no shot from any end of his move, the figure goes to
    the end nearest on foot to the nearest enemy, facing him."""
    s = _solo_to_act([C("C3", "h6", "N")], [C("C1", "a1", "W", weapons=("pistol",))])
    act = SoloAgent(3).choose(s)
    assert isinstance(act, Move)
    before = abs(7 - 0) + abs(5 - 0)
    x, y = s.town.square(act.dest)
    assert abs(7 - x) + abs(5 - y) == before - 4  # all four points toward him


def test_reload_an_empty_weapon_then_end() -> None:
    """Rule 3, then the side's part ends: an unarmed man has no rule to
    follow, so the gang ends its part rather than move him."""
    s = _solo_to_act(
        [C("C3", "h6", "N")],
        [C("C1", "a1", "S", weapons=("pistol",)), C("C2", "b1", "S", weapons=())],
        moves_first=False,
    )
    i = s.index["C1"]
    f = s.figures[i]
    held = f.held()
    assert held is not None
    from dataclasses import replace

    s.figures[i] = f.with_weapon(replace(held, ammo=0))
    agent = SoloAgent(4)
    act = agent.choose(s)
    assert isinstance(act, Reload)
    s.apply(act)
    assert s.active == 0 and any(str(a).startswith("C2 move") for a in s.legal_actions())
    assert agent.choose(s) is END


def test_the_bot_plays_no_card() -> None:
    """The bot passes at every card window, even holding a card that would
    help (Dead Eye before its own shot): the scenario prints that the gang
    plays none."""
    s = _solo_to_act(
        [C("C2", "a3", "N")],
        [C("C1", "a1", "S", weapons=("pistol",))],
        deal=("2S", "3S"),
        cards=(1, 1),
    )
    agent = SoloAgent(5)
    s.apply(agent.choose(s))  # its shot: the start window, then before the roll
    # The other side is asked first whether it answers the shot (CW-T15).
    assert s.to_move == 1 and list(s.legal_actions()) == [PASS]
    s.apply(PASS)
    windows = 0
    while s.to_move == 0 and PASS in s.legal_actions():
        assert agent.choose(s) is PASS
        s.apply(PASS)
        windows += 1
    assert windows >= 1
    assert s.hands[0] == ("2S",)


def test_the_solitaire_scenario_plays_out_against_the_heuristic() -> None:
    """Whole games with the bot's side, in the basic game and with the
    Advanced Rules: each ends, by a side down or by sundown (the turn
    limit)."""

    for seed, opts in enumerate(
        (CowboysOptions(scenario=SOLO), CowboysOptions(scenario=SOLO, advanced=True))
    ):
        agents = [GAME.agents()["heuristic"](GAME, seed, {}), SoloAgent(seed)]
        record = play(GAME, opts, agents, RandomDice(seed), seed=seed)
        assert record.replay().is_over

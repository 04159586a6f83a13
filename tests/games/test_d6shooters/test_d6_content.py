"""Content files, versions, bounds, the guide and the drawings.

Maps and Event lists are validated at load (D6-R1..R4) and replaceable by
a player's own file (``map=PATH``, ``events_file=PATH``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saloon.core import ContentError, get_game
from saloon.games.d6shooters.bounds import length_bound, score_bound
from saloon.games.d6shooters.content import load_events, load_map
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import P_FREE_ITEM
from saloon.games.d6shooters.rules.turn import advance

GAME = get_game("d6shooters")

SMALL_MAP = """
name = "Tiny Trail"
reconstructed = true
reason = "a test map"
start = 1
length = 12
limit = 10
destination = "End"
short_destination = "Mid"
short_limit = 8
events = [4]
towns = [{ space = 1, name = "Start" }, { space = 7, name = "Mid" }, { space = 12, name = "End" }]
"""


def test_the_maps_follow_the_rulebook_and_rulings() -> None:
    """RULINGS d6: episode 1's map: about 95 spaces, Events near every 10th,
    towns at 15, 35, 50, 61, 83; Pyrite, Calico first, Essen, Reno."""
    m = load_map(None, 1)
    assert (m.start, m.length, m.limit) == (1, 95, 40)
    assert sorted(m.towns) == [1, 15, 35, 50, 61, 83, 95]
    assert m.towns[1] == "Pyrite" and m.towns[15] == "Calico" and m.towns[95] == "Reno"
    assert m.short_destination == "Essen" and m.short_limit == 30 and m.reconstructed
    assert 20 in m.events  # Ep.1 Turn Example: three past Calico + 2 is an Event
    m2 = load_map(None, 2)
    assert {"Levitra", "Hoodia"} <= set(m2.towns.values())
    assert "Loud Mouth Canyon" in m2.landmarks.values()  # a canyon, not a Town
    assert m2.town_at("Levitra") + 5 in m2.events  # Ep.2 Turn Example
    assert {c[0] for c in m2.resources.values()} == {"P", "F", "G", "A", "D"}


def test_the_event_lists() -> None:
    """Ep.1 "Event List" + RULINGS d6; Ep.2's missing entries come from Ep.1's."""
    ev1 = load_events(None, 1)
    assert ev1.cards[(5, 6)].name == "Army Deserters" and ev1.cards[(5, 6)].reconstructed
    assert not ev1.cards[(1, 1)].reconstructed
    assert [e.name for e in ev1.d6] == [
        "Shortcut", "Animal Herd", "Wagon Train", "Open Road", "Lost", "Demands",
    ]  # fmt: skip
    ev2 = load_events(None, 2)
    assert ev2.cards[(1, 2)].kind == "traitor" and ev2.cards[(2, 3)].p("rate") == 3
    assert ev2.cards[(3, 6)].kind == "bandits" and ev2.cards[(3, 6)].reconstructed


def test_a_players_own_map(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(SMALL_MAP, encoding="utf-8")
    s = GAME.new_state(D6ShootersOptions(map=str(path)))
    assert isinstance(s, D6State) and s.destination == 12 and s.limit == 10


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ('destination = "End"', 'destination = "Nowhere"'),
        ("events = [4]", "events = [7]"),
        ("limit = 10", 'limit = "ten"'),
    ],
)
def test_a_malformed_map_names_file_and_key(tmp_path: Path, change: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SMALL_MAP.replace(change, message), encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad\.toml"):
        GAME.new_state(D6ShootersOptions(map=str(path)))


def test_a_malformed_event_file(tmp_path: Path) -> None:
    text = Path(__file__).parents[3] / "src/saloon/games/d6shooters/content/events-ep1.toml"
    bad = text.read_text(encoding="utf-8").replace('kind = "fishing_hole"', 'kind = "fishing"')
    path = tmp_path / "events.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards\.3-5\.kind"):
        GAME.new_state(D6ShootersOptions(events_file=str(path)))
    path.write_text("not [valid", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid TOML"):
        GAME.new_state(D6ShootersOptions(events_file=str(path)))


@pytest.mark.parametrize("kind", ["[]", "{a = 1}", "3", '"' + "x" * 5000 + '"'])
def test_an_event_kind_of_the_wrong_type(tmp_path: Path, kind: str) -> None:
    """Found by the fuzz suite (issue 10): a list as an Event's kind was a
    TypeError (unhashable), not a ContentError; a long one is quoted briefly."""
    text = Path(__file__).parents[3] / "src/saloon/games/d6shooters/content/events-ep1.toml"
    bad = text.read_text(encoding="utf-8").replace('kind = "fishing_hole"', f"kind = {kind}")
    path = tmp_path / "events.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards\.3-5\.kind must be one of") as info:
        GAME.new_state(D6ShootersOptions(events_file=str(path)))
    assert len(str(info.value)) < 500


def test_easier_version() -> None:
    """Ep.1 "Easier Version": 12 Food, 5 Gold and a Special Item of your choice."""
    s = GAME.new_state(D6ShootersOptions(version="easier"))
    assert isinstance(s, D6State) and s.phase == P_FREE_ITEM
    assert (s.journey.food, s.journey.gold) == (12, 5)
    assert str(s.legal_actions()[0]) == "start compass"
    s.apply(GAME.parse_action("start hunter"))
    assert s.journey.posse == 12 and s.journey.items


def test_shorter_version() -> None:
    """Ep.1 "Shorter Version": Essen in 30 Days."""
    s = GAME.new_state(D6ShootersOptions(version="shorter"))
    assert isinstance(s, D6State) and (s.destination_name, s.limit) == ("Essen", 30)


def test_scoring_episode_1() -> None:
    """Ep.1 "Scoring": 10, 2 a Day early, 3 a Posse, 2 a Gold, 1 a Food, 1 per 2 Ammo."""
    s = GAME.new_state(D6ShootersOptions(events="d6"))
    assert isinstance(s, D6State)
    s.journey.special_used = True
    (
        s.journey.space,
        s.journey.day,
        s.journey.posse,
        s.journey.gold,
        s.journey.food,
        s.journey.ammo,
    ) = 94, 29, 4, 3, 2, 5
    s.phase = 0
    advance(s)
    for step in ("red 223", "white 12333", "stop"):
        s.apply(GAME.parse_action(step))
    assert s.journey.ended == "won" and s.journey.arrival_day == 30
    # The other dice are disregarded once Reno is reached (no Food or Gold from them).
    assert s.score() == 10 + 2 * 10 + 3 * 4 + 2 * 3 + 2 + 5 // 2
    assert s.journey.day == 29  # no Day marked, no Rations: the game is over


def test_bounds_hold_and_are_finite() -> None:
    for name, o in GAME.variants().items():
        assert isinstance(o, D6ShootersOptions)
        assert 100 < score_bound(o) < 10**7, name
        assert 500 < length_bound(o) < 10**7, name
    assert len(GAME.variants()) == 12


def test_guide_and_drawings() -> None:
    s = GAME.new_state()
    assert "Special Event" in GAME.rules_help(s)
    assert "Billy Griggs" in GAME.rules_help(None, D6ShootersOptions())
    assert "Hoodia" in GAME.rules_help(None, D6ShootersOptions(episode=2))
    svg = GAME.render_svg(s)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "Posse 12/12" in str(s)
    json.dumps(s.view(0))

"""Guardians take no combat buffs (Part I, Know Thine Enemy: Guardians
"can't be given combat buffs or extra HP"; a lone Plant of Eden's natural
attack is 3, not rolled). Issue 37, correction 2; ruling DG-R40: the
advanced map's round four and GM events 82, 89, 90 and 91 raise no
Guardian, and the loader refuses content that would."""

from __future__ import annotations

from pathlib import Path

import pytest

from saloon.core.errors import ContentError
from saloon.games.dungeons.content import load_content
from saloon.games.dungeons.effects import walk
from saloon.games.dungeons.rules import combat
from saloon.games.dungeons.rules.agenda import advance, push
from saloon.games.dungeons.rules.events import EventRoll
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.rules.turn import round_flags

from .conftest import CONTENT, do, first, log_text, scene, setup_game

EMPTY: dict[str, object] = {"advantage": (), "quests": ()}

#: The round rule that once gave every Guardian +1 (now refused by the
#: loader: effects.GUARDIAN_BUFF_FLAGS).
GUARDIAN_BUFF_FLAGS = frozenset({"guardians_stir"})

#: The events issue 37 names as once raising every Guardian by 1.
STIRRING = (82, 89, 90, 91)


def lone_plant(s: DungeonsState, flags: frozenset[str]) -> DungeonsState:
    """Player 1 in space 6 with one Plant of Eden and nothing else on the
    board, under the round rules ``flags``."""
    heroes: dict[int, dict[str, object]] = {p: dict(EMPTY) for p in range(s.num_players)}
    heroes[0] |= {"space": 6, "stats": (4, 4, 4, 4), "coins": 5}
    s = scene(s, 0, heroes=heroes, enemies=[("plant-of-eden", 6)], environments=[])
    s.flags = flags
    return s


def test_a_lone_plant_attacks_at_three_on_the_advanced_maps_round_four() -> None:
    """The auditor's replay: in a six-round game on the advanced map, round
    four is "The Guardians Stir"; a lone Plant of Eden still attacks at 3
    (it was 4: the round gave every Guardian +1)."""
    s = setup_game(2, map="advanced", rounds=6)
    names = [r.name for r in s.map.round_rules[6] if 4 in r.rounds]
    assert names == ["The Guardians Stir"]
    s = lone_plant(s, round_flags(s, 4))
    s.round = 4
    do(s, "fight plant-of-eden", "wield natural")
    assert s.fight is not None
    assert combat.enemy_parts(s, s.fight) == [("attack", 3)]
    do(s, "roll 4")
    assert "against the Plant of Eden's attack: 3; the hero wins" in log_text(s)


def test_the_advanced_maps_round_four_still_raises_the_monsters() -> None:
    """Re-authored within the printed text's spirit: the round raises the
    monsters (not the Guardians) by 1."""
    s = setup_game(2, map="advanced", rounds=6)
    assert round_flags(s, 4) == frozenset({"bloodlust"})


@pytest.mark.parametrize("number", STIRRING)
def test_the_stirring_events_raise_no_guardian(number: int) -> None:
    """Events 82 (on a 1), 89, 90 and 91, played by the engine: the rules
    they set for the next round leave a lone Plant of Eden at 3."""
    event = CONTENT.events[number - 1]
    assert event.number == number
    assert not GUARDIAN_BUFF_FLAGS & {f for x in walk(event.effects) for f in x.flags}
    assert "Guardian gets" not in event.text
    s = setup_game(2, map="advanced", rounds=6)
    push(s, EventRoll())
    advance(s)
    do(s, f"d100 {number}")
    if number == 82:
        do(s, "d4 1")
    while "bloodlust" not in s.next_flags and s.is_chance:
        s.apply(first(s))  # event 90's spawn: its draw and its space
    assert "bloodlust" in s.next_flags
    assert not GUARDIAN_BUFF_FLAGS & s.next_flags
    s = lone_plant(s, s.next_flags)
    do(s, "fight plant-of-eden", "wield natural")
    assert s.fight is not None
    assert combat.enemy_total(s, s.fight) == 3


def owner_events(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine" / "events.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(tmp_path / "mine")


def test_an_owners_event_that_would_raise_the_guardians_is_refused(tmp_path: Path) -> None:
    """An owner's own events file that gives every Guardian +1 is refused
    with one message naming the event and why."""
    from importlib import resources

    text = (
        resources.files("saloon.games.dungeons")
        .joinpath("content", "events.toml")
        .read_text(encoding="utf-8")
    )
    mine = 'effects = [{ kind = "round_rule", flags = ["bloodlust"] }]'
    assert text.count(mine) >= 1
    start = text.index("number = 89")
    end = text.index(mine, start) + len(mine)
    text = text[:start] + text[start:end].replace("bloodlust", "guardians_stir") + text[end:]
    with pytest.raises(ContentError) as info:
        load_content(owner_events(tmp_path, text))
    message = str(info.value)
    assert "\n" not in message
    assert "events.toml: event 89" in message
    assert "'guardians_stir' is refused" in message
    assert "Guardians can't be given combat buffs (Part I, Know Thine Enemy)" in message


def test_a_round_rule_nested_in_a_roll_that_would_raise_the_guardians_is_refused() -> None:
    """The same refusal reaches a round rule nested in a roll (as event 82's)."""
    from saloon.games.dungeons.effects import read_effects

    raw = [
        {
            "kind": "roll",
            "die": 4,
            "options": [
                [{"kind": "round_rule", "flags": ["guardians_stir"]}],
                [{"kind": "nothing"}],
            ],
        }
    ]
    with pytest.raises(
        ValueError, match=r"event 82: effects\[0\]\.options\[0\]\[0\]: 'guardians_stir' is refused"
    ):
        read_effects(raw, "event 82: effects")


def test_an_owners_map_whose_round_would_raise_the_guardians_is_refused(tmp_path: Path) -> None:
    """An owner's advanced map with the old round four is refused, naming
    the round rule (the map's rules are read by the content loader)."""
    from importlib import resources

    text = (
        resources.files("saloon.games.dungeons")
        .joinpath("content", "maps", "advanced.toml")
        .read_text(encoding="utf-8")
    )
    start = text.index('name = "The Guardians Stir"')
    end = text.index('flags = ["bloodlust"]', start) + len('flags = ["bloodlust"]')
    text = text[:start] + text[start:end].replace("bloodlust", "guardians_stir") + text[end:]
    path = tmp_path / "mine" / "maps" / "advanced.toml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(str(tmp_path / "mine"))
    message = str(info.value)
    assert "\n" not in message
    assert "maps/advanced.toml: round rule 7: " in message
    assert "'guardians_stir'" in message

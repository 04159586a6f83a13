"""The shot chart and the reading of a shot's 2d6 (Cowboys rulebook,
"Shoot", "Shot Modifiers", "Reload", "A Gunfight Example"; rulings CW-S1
to CW-S6 and the reconstruction CW-R1 in docs/rulings.md)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from saloon.core.errors import ContentError, NotationError
from saloon.games.cowboys.shotchart import (
    CAPACITY,
    MAX_RANGE,
    ShotChart,
    Weapon,
    load_shot_chart,
    parse_weapon,
    roll_hits,
)

CHART = load_shot_chart(None)
DICE = list(itertools.product(range(1, 7), repeat=2))

GOOD = """
reconstructed = true
reason = "a test chart"
[pistol]
needed = [6, 7, 8]
printed = [1]
[rifle]
needed = [7, 7, 7, 8]
[shotgun]
needed = [5, 9]
"""


def need(weapon: str, range_: int) -> int:
    """The chart's entry, which must exist."""
    n = CHART.needed(weapon, range_)
    assert n is not None, (weapon, range_)
    return n


def test_the_four_printed_entries() -> None:
    """Gunfight Example: pistol range 2 hits on 6-12, range 3 on 8-12;
    rifle range 3 on 7-12; shotgun range 3 on 8-12."""
    assert CHART.needed(Weapon.PISTOL, 2) == 6
    assert CHART.needed("pistol", 3) == 8
    assert CHART.needed("rifle", 3) == 7
    assert CHART.needed("shotgun", 3) == 8
    printed = {(w, r) for w in Weapon for r in range(1, 30) if CHART.is_printed(w, r)}
    assert printed == {("pistol", 2), ("pistol", 3), ("rifle", 3), ("shotgun", 3)}
    assert CHART.reconstructed and CHART.reason


def test_the_chart_is_monotone_and_plausible() -> None:
    """CW-R1: never easier at a longer range; every entry 2..13; the
    shotgun is the deadliest weapon at range 1 and the shortest; the rifle
    reaches furthest and loses least per square."""
    for w in Weapon:
        row = [need(w, r) for r in range(1, CHART.max_range(w) + 1)]
        assert all(2 <= n <= 13 for n in row)
        assert row == sorted(row)
        assert CHART.needed(w, CHART.max_range(w) + 1) is None
    assert CHART.max_range("shotgun") < CHART.max_range("pistol") < CHART.max_range("rifle")
    assert need("shotgun", 1) < need("pistol", 1) <= need("rifle", 1)
    # the rifle outshoots the pistol at every range from 3 on
    for r in range(3, CHART.max_range("pistol") + 1):
        assert need("rifle", r) <= need("pistol", r)


def test_capacities_follow_reload() -> None:
    """Reload: pistol 6, rifle 16, shotgun 2; Shoot: the shotgun rolls twice."""
    assert dict(CAPACITY) == {"pistol": 6, "rifle": 16, "shotgun": 2}
    assert [w.capacity for w in Weapon] == [6, 16, 2]
    assert [w.rolls_per_shot for w in Weapon] == [1, 1, 2]
    assert parse_weapon(" Rifle ") is Weapon.RIFLE
    with pytest.raises(NotationError, match="not a weapon"):
        parse_weapon("derringer")
    with pytest.raises(ValueError, match="not a weapon"):
        CHART.needed("musket", 1)


def _shots(weapon: str, range_: int, modifier: int, rolls: list[tuple[int, int]]) -> list[int]:
    needed = CHART.needed(weapon, range_)
    return [roll_hits(a + b, modifier, needed) for a, b in rolls]


def test_gunfight_example_cowboy_1() -> None:
    """Cowboy #1, pistol, modifier 0, range 2 to A: 5 (2+3) misses; with
    Dead Eye (+2) a 4 (3+1) makes 6 and hits. Two shots: 6 rounds to 4."""
    assert CHART.needed("pistol", 3) == 8  # his range to cowboy B
    assert _shots("pistol", 2, 0, [(2, 3)]) == [0]
    assert _shots("pistol", 2, 0 + 2, [(3, 1)]) == [1]
    assert Weapon.PISTOL.capacity - 2 == 4


def test_gunfight_example_cowboy_2() -> None:
    """Cowboy #2, rifle, +2, red line -1, range 3 to E: a 4 makes 5 and
    misses (5 < 7); a 6 makes 7 and hits. 16 rounds to 14."""
    assert _shots("rifle", 3, 2 - 1, [(2, 2), (3, 3)]) == [0, 1]
    assert need("rifle", 2) <= 7  # his range to D
    assert Weapon.RIFLE.capacity - 2 == 14


def test_gunfight_example_cowboy_3() -> None:
    """Cowboy #3, shotgun, +1, red line -1, range 3: two shots of two rolls:
    11 hits, 7 misses; 9 hits, a natural 12 is a double hit. 2 rounds to 0."""
    first = _shots("shotgun", 3, 1 - 1, [(6, 5), (4, 3)])
    second = _shots("shotgun", 3, 1 - 1, [(4, 5), (6, 6)])
    assert (first, second) == ([1, 0], [1, 2])
    assert Weapon.SHOTGUN.capacity - 2 == 0


def test_gunfight_example_cowboy_4() -> None:
    """Cowboy #4, rifle, 0, back shot +2, range 3 to D: 5 (3+2) makes 7 and
    hits; his targets at range 5 are within a rifle's reach."""
    assert _shots("rifle", 3, 2, [(3, 2)]) == [1]
    assert CHART.needed("rifle", 5) is not None


def test_naturals_override_modifiers() -> None:
    """Shoot: a natural 12 is always two hits, a natural 2 always a miss;
    CW-S3: an entry of 13 lets only the natural 12 hit; CW-S2: a modified
    total above 12 still hits."""
    assert roll_hits(2, 50, 3) == 0
    assert roll_hits(12, -50, 12) == 2
    assert roll_hits(12, 0, 13) == 2
    assert roll_hits(11, 5, 13) == 0
    assert roll_hits(11, 2, 12) == 1  # 13 > 12: a hit, not off the chart
    assert roll_hits(12, 0, None) == 0  # out of range: no shot
    with pytest.raises(ValueError, match="2 to 12"):
        roll_hits(13, 0, 7)


def test_deadly_shots() -> None:
    """Advanced Optional Rule 4 (CW-S6): a hit whose modified total is 12 or
    more marks two; a miss stays a miss."""
    assert roll_hits(10, 2, 8, deadly=True) == 2
    assert roll_hits(10, 1, 8, deadly=True) == 1
    assert roll_hits(11, 1, 13, deadly=True) == 0
    assert roll_hits(2, 10, 8, deadly=True) == 0


@pytest.mark.parametrize("weapon", list(Weapon))
@pytest.mark.parametrize("modifier", range(-6, 7))
@pytest.mark.parametrize("deadly", [False, True])
def test_probabilities_match_the_36_throws(weapon: Weapon, modifier: int, deadly: bool) -> None:
    """One roll's chances of 0, 1, 2 hits, summed over the 36 equally likely
    throws by the rule itself, at every range the weapon has."""
    for r in range(1, CHART.max_range(weapon) + 1):
        p = CHART.hit_probability(weapon, r, modifier, deadly=deadly)
        assert sum(p) == 1
        needed = CHART.needed(weapon, r)
        brute = [Fraction(0)] * 3
        for a, b in DICE:
            total = a + b
            if total == 2:
                hits = 0
            elif total == 12:
                hits = 2
            elif needed is not None and needed <= 12 and total + modifier >= needed:
                hits = 2 if deadly and total + modifier >= 12 else 1
            else:
                hits = 0
            brute[hits] += Fraction(1, 36)
        assert list(p) == brute


@pytest.mark.parametrize("weapon", list(Weapon))
def test_a_shot_is_one_roll_or_two(weapon: Weapon) -> None:
    """Shoot: one 2d6 per pistol or rifle shot, two per shotgun shot; the
    shot's distribution matches all 36 (or 36 x 36) throws."""
    for r, modifier in ((1, 0), (CHART.max_range(weapon), 1), (2, -2)):
        dist = CHART.shot_distribution(weapon, r, modifier)
        needed = CHART.needed(weapon, r)
        rolls = weapon.rolls_per_shot
        assert len(dist) == 2 * rolls + 1 and sum(dist) == 1
        brute = [Fraction(0)] * (2 * rolls + 1)
        for throws in itertools.product(DICE, repeat=rolls):
            hits = sum(roll_hits(a + b, modifier, needed) for a, b in throws)
            brute[hits] += Fraction(1, 36**rolls)
        assert list(dist) == brute


def test_out_of_range_and_bad_arguments() -> None:
    """Shoot, RANGE: no shot beyond the weapon's reach; a range is at least 1."""
    top = CHART.max_range("shotgun")
    assert CHART.needed("shotgun", top + 1) is None
    with pytest.raises(ValueError, match="cannot shoot at range"):
        CHART.hit_probability("shotgun", top + 1)
    for bad in (0, -1, True, 2.0):
        with pytest.raises(ValueError, match="range"):
            CHART.needed("pistol", bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="modifier"):
        CHART.hit_probability("pistol", 1, 10**6)


def test_a_players_own_chart_replaces_the_built_in_one(tmp_path: Path) -> None:
    """DESIGN: an owner of the game can enter the real chart."""
    path = tmp_path / "chart.toml"
    path.write_text(GOOD, encoding="utf-8")
    chart = load_shot_chart(str(path))
    assert isinstance(chart, ShotChart)
    assert chart.needed("pistol", 1) == 6 and chart.max_range("rifle") == 4
    assert chart.is_printed("pistol", 1) and not chart.is_printed("rifle", 1)
    assert chart.source == str(path)


BAD_CHARTS = [
    ("no shotgun", GOOD.split("[shotgun]")[0], "[shotgun] table"),
    ("easier further", GOOD.replace("[6, 7, 8]", "[6, 8, 7]"), "pistol.needed[2]"),
    ("entry of 14", GOOD.replace("[6, 7, 8]", "[6, 7, 14]"), "pistol.needed[2]"),
    ("entry of 1", GOOD.replace("[6, 7, 8]", "[1, 7, 8]"), "pistol.needed[0]"),
    ("a word", GOOD.replace("[6, 7, 8]", '[6, "7", 8]'), "pistol.needed[1]"),
    ("a bool", GOOD.replace("[5, 9]", "[true, 9]"), "shotgun.needed[0]"),
    ("a float", GOOD.replace("[5, 9]", "[5.0, 9]"), "shotgun.needed[0]"),
    ("a huge number", GOOD.replace("[5, 9]", f"[5, {2**62}]"), "shotgun.needed[1]"),
    ("too long", GOOD.replace("[5, 9]", str([9] * (MAX_RANGE + 1))), "shotgun.needed"),
    ("empty row", GOOD.replace("[5, 9]", "[]"), "shotgun.needed"),
    ("not a list", GOOD.replace("[5, 9]", "9"), "shotgun.needed"),
    ("printed beyond the row", GOOD.replace("printed = [1]", "printed = [4]"), "pistol.printed"),
    ("unknown weapon", GOOD + "\n[bow]\nneeded = [3]\n", "'bow'"),
    ("unknown key", GOOD.replace("printed = [1]", "printd = [1]"), "pistol.'printd'"),
    ("flag not a bool", GOOD.replace("reconstructed = true", 'reconstructed = "y"'), "reconstr"),
    ("no reason", GOOD.replace('reason = "a test chart"', ""), "reason"),
    ("not TOML", "pistol = [", "not valid TOML"),
    (
        "weapon not a table",
        "rifle = 3\n" + GOOD.replace("[rifle]\nneeded = [7, 7, 7, 8]", ""),
        "[rifle]",
    ),
]


@pytest.mark.parametrize(("label", "text", "key"), BAD_CHARTS, ids=[b[0] for b in BAD_CHARTS])
def test_a_malformed_chart_is_one_clear_error(
    tmp_path: Path, label: str, text: str, key: str
) -> None:
    """DESIGN: content is validated at load; the error names file and key."""
    path = tmp_path / "chart.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_shot_chart(str(path))
    message = str(err.value)
    assert "\n" not in message
    assert str(path) in message and key in message, message


def test_a_file_that_is_not_there_or_not_text(tmp_path: Path) -> None:
    """core.files: a missing file, a folder, binary data: one ContentError."""
    with pytest.raises(ContentError, match="cannot read"):
        load_shot_chart(str(tmp_path / "none.toml"))
    with pytest.raises(ContentError, match="folder"):
        load_shot_chart(str(tmp_path))
    blob = tmp_path / "blob.toml"
    blob.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ContentError, match="not a text file"):
        load_shot_chart(str(blob))

"""Cowboys' drawings: the text town and rosters (rich) and the SVG.

The SVG is parsed with ``xml.etree`` and read through its ``class`` and
``data-*`` attributes; the hidden-hand test plays random games and draws
every state for every side.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from saloon.core.render import render_text
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import Draw, Shoot
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.render import TownText, render_rich, render_svg
from saloon.games.cowboys.rules.state import CowboysState, Phase

from .conftest import dealt, random_states

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = Path(__file__).parents[3] / "src/saloon/games/cowboys/content/scenarios"


def text_of(state: CowboysState, player: int | None, width: int = 80) -> str:
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None).print(render_rich(state, player))
    return out.getvalue()


def svg_root(state: CowboysState, player: int | None) -> ET.Element:
    root = ET.fromstring(render_svg(state, player))
    assert root.tag == SVG + "svg"
    return root


def of_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def all_text(root: ET.Element) -> str:
    """Every piece of text and every attribute value in the drawing."""
    parts: list[str] = []
    for e in root.iter():
        parts.append(e.text or "")
        parts.append(e.tail or "")
        parts.extend(str(v) for v in e.attrib.values())
    return "\n".join(parts)


def shot_announced(scenario: str = "brawl", seed: int = 3) -> CowboysState:
    """Random moves (never a shot) until some figure can shoot: it shoots."""
    s = dealt(scenario, seed)
    rng = np.random.default_rng(seed)
    for _ in range(500):
        if s.is_chance:
            s.apply(s.sample_chance(rng))
            continue
        acts = s.legal_actions()
        shots = [a for a in acts if isinstance(a, (Shoot, Draw))]
        if shots and s.phase == Phase.SELECT:
            s.apply(shots[0])
            return s
        rest = [a for a in acts if not isinstance(a, (Shoot, Draw))]
        s.apply(rest[int(rng.integers(len(rest)))])
    raise AssertionError("no shot came up")


# -- text -----------------------------------------------------------------------------------


def test_text_shows_every_figure_square_and_ammunition() -> None:
    s = dealt("brawl")
    text = text_of(s, 0)
    for f in s.figures:
        assert f.id in text
        assert s.ref(f.square) in text
        for h in f.weapons:
            assert f"{h.weapon} {h.ammo}/{h.weapon.capacity}" in text
    # the town: C3 facing south on c4, the cattle, the dropped rifle, the loose horse
    assert "C3↓" in text and "cow" in text and " r " in text and "H2↑" in text
    # the viewer's hand by name, the other side's by its size only
    for face in s.hands[0]:
        assert face in text and s.card(face).name in text
    for face in s.hands[1]:
        assert re.search(rf"\b{face}\b", text) is None
    assert "Law  4 cards" in text
    assert "Turn 1 of 8: the Law's part." in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_text_cross_references_read_off_the_drawing() -> None:
    """The row of a square starts with its row number, and its column sits
    under its column letter: C3 stands on B:c4."""
    s = dealt("brawl")
    lines = text_of(s, None).splitlines()
    head = next(line for line in lines if " a   b   c " in line)
    row = next(line for line in lines if line.strip("│ ").startswith("4 "))
    col = head.index(" c ")  # the square's three characters start under the blank
    assert row[col : col + 3] == "C3↓"


def test_large_town_fits_eighty_columns_and_narrow_prints_board_by_board() -> None:
    s = dealt("coffeyville")
    assert (s.town.width, s.town.height) == (16, 22)
    text = text_of(s, 0)
    assert max(len(line) for line in text.splitlines()) <= 80
    for f in s.figures:
        assert f.id in text
    # At 40 columns the town is drawn one board at a time, with a note.
    lines = TownText(s).lines(40)
    assert "board by board" in lines[0].plain
    assert max(len(t.plain) for t in lines[1:]) <= 40
    assert len(TownText(s).pieces(40)) == 4


def test_text_for_nobody_shows_no_card() -> None:
    s = dealt("brawl")
    text = text_of(s, None)
    for hand in s.hands:
        for face in hand:
            assert re.search(rf"\b{face}\b", text) is None
    # The game object draws the hand of the side deciding now.
    plain = render_text(s, width=80)
    assert all(face in plain for face in s.hands[s.to_move or 0])


# -- SVG ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["brawl", "coffeyville", "three-way-standoff", "jailbreak"])
def test_svg_parses_with_one_element_per_standing_figure(scenario: str) -> None:
    s = dealt(scenario)
    root = svg_root(s, 0)
    figs = of_class(root, "figure")
    standing = [f for f in s.figures if f.standing]
    assert sorted(e.get("data-id") for e in figs) == sorted(f.id for f in standing)
    for e in figs:
        f = s.figures[s.index[e.get("data-id", "")]]
        assert e.get("data-square") == s.ref(f.square)
        assert e.get("data-facing") == f.facing
    horses = of_class(root, "horse")
    assert len(horses) == sum(h.alive and h.rider is None for h in s.horses)
    width = float(root.get("width", "0"))
    assert 600 <= width <= 960
    # self-contained: nothing fetched from elsewhere
    svg = render_svg(s, 0)
    assert "href" not in svg and "<script" not in svg and "@import" not in svg


def test_svg_draws_bodies_and_dropped_weapons() -> None:
    s = dealt("brawl")
    i = s.index["C2"]
    from dataclasses import replace

    from saloon.games.cowboys.rules.figures import Dropped

    s.figures[i] = replace(s.figures[i], health=0)
    s.ground.extend(Dropped(s.figures[i].square, h) for h in s.figures[i].weapons)
    s._cache.clear()
    root = svg_root(s, 0)
    assert [e.get("data-id") for e in of_class(root, "body")] == ["C2"]
    assert "C2" not in [e.get("data-id") for e in of_class(root, "figure")]
    items = sorted(e.get("data-item") for e in of_class(root, "dropped"))
    assert items == ["pistol", "rifle", "shotgun"]
    assert of_class(root, "cattle")
    assert "†C2" in text_of(s, 0)


@pytest.mark.parametrize("scenario", ["brawl", "three-way-standoff"])
def test_svg_never_shows_another_sides_cards(scenario: str) -> None:
    """Over random games, for each player and a spectator: no face or name
    of a card in another side's hand that the viewer was not shown."""
    for n, s in enumerate(random_states(CowboysOptions(scenario=scenario), 4, seed=11)):
        if n % 4:  # every fourth state of four games (sized for the suite's time)
            continue
        for player in [*range(s.num_players), None]:
            view = s.view(player)
            root = svg_root(s, player)
            text = all_text(root)
            visible = set(view["hands"][player]) if player is not None else set()
            for q in range(s.num_players):
                if q != player:
                    visible |= set(view["hands"][q]["seen"])
            visible |= {c for _, c in s.played}
            names = {s.card(c).name for c in visible}
            faces = {e.get("data-face") for e in of_class(root, "card")}
            assert faces <= visible
            for q in range(s.num_players):
                if q == player:
                    continue
                for c in s.hands[q]:
                    if c in visible:
                        continue
                    assert re.search(rf"(?<![A-Za-z0-9:]){c}(?![A-Za-z0-9])", text) is None
                    if s.card(c).name not in names:
                        assert s.card(c).name not in text
            backs = of_class(root, "card-back")
            others = sum(len(s.hands[q]) for q in range(s.num_players) if q != player)
            assert len(backs) <= others


def test_svg_escapes_names_from_a_scenario(tmp_path: Path) -> None:
    text = (SCENARIOS / "01-hickok-tutt.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Wild Bill Hickok"', 'name = "Bill <b>&amp; \\"Hick\\" <&>"')
    text = text.replace('title = "Wild Bill and Davis Tutt"', 'title = "A <duel> & more"')
    text = text.replace('name = "Hickok"', 'name = "Hickok & <Co>"')
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    s = GAME.new_state(CowboysOptions(scenario=str(path)))
    assert isinstance(s, CowboysState)
    for player in (0, 1, None):
        svg = render_svg(s, player)
        root = ET.fromstring(svg)
        got = all_text(root)
        assert 'Bill <b>&amp; "Hick" <&>' in got
        assert "A <duel> & more" in got and "Hickok & <Co>" in got
        assert "<b>" not in svg and "<&>" not in svg and "<duel>" not in svg
    assert "Bill <b>&amp;" in text_of(s, 0)


def test_sight_line_appears_when_a_shot_is_pending() -> None:
    s = dealt("brawl")
    assert not of_class(svg_root(s, 0), "sight")
    s = shot_announced()
    p = s.pending
    assert p is not None and isinstance(p.act, (Shoot, Draw))
    for player in (0, 1, None):
        root = svg_root(s, player)
        sights = of_class(root, "sight")
        assert len(sights) == 1
        line = sights[0]
        assert line.get("data-shooter") == p.act.fig
        assert line.get("data-target") == p.act.target
        shooter = s.figures[s.index[p.act.fig]]
        target = s.figures[s.index[p.act.target]] if p.act.target[0] != "H" else None
        if target is not None:
            rng = max(
                abs(shooter.square[0] - target.square[0]),
                abs(shooter.square[1] - target.square[1]),
            )
            assert line.get("data-range") == str(rng)
            assert line.get("data-needed") == str(s.chart.needed(shooter.held().weapon, rng))
    assert "Shot: " in text_of(s, 0)
    # ... and while the dice are rolled for it
    rng_ = np.random.default_rng(0)
    while s.phase != Phase.ROLL and not s.is_over and s.pending is not None:
        acts = s.legal_actions()
        s.apply(acts[-1])  # pass every window
    if s.phase == Phase.ROLL:
        assert len(of_class(svg_root(s, 0), "sight")) == 1
        s.apply(s.sample_chance(rng_))


def test_shot_options_drawn_while_a_side_chooses() -> None:
    s = dealt("three-way-standoff")
    root = svg_root(s, s.to_move)
    opts = {(e.get("data-shooter"), e.get("data-target")) for e in of_class(root, "shot-option")}
    legal = {(a.fig, a.target) for a in s.legal_actions() if isinstance(a, (Shoot, Draw))}
    assert opts == legal and opts


def test_cards_shown_by_a_card_are_drawn_face_up() -> None:
    s = dealt("hickok-tutt", seed=2)
    shown = s.hands[0][:1]
    s.known[1] = frozenset(shown)
    root = svg_root(s, 1)
    faces = [e.get("data-face") for e in of_class(root, "card")]
    assert sorted(faces) == sorted([*s.hands[1], *shown])
    text = text_of(s, 1)
    assert "seen with a card:" in text and shown[0] in text.split("seen with a card:")[1]
    assert not of_class(svg_root(s, None), "card")

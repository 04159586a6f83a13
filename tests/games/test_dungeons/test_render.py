"""D6 drawn: the SVG is well formed, shows every space and piece, and never
another player's hand; the terminal's picture names what matters."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from saloon.core import get_game
from saloon.core.render import render_text
from saloon.games.dungeons.render import layout, render_svg
from saloon.games.dungeons.rules.state import DungeonsState

SVG = "{http://www.w3.org/2000/svg}"


def _played(seed: int, steps: int, players: int = 3, *opts: str) -> DungeonsState:
    game = get_game("dungeons")
    state = game.new_state(game.parse_options(list(opts)), players)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert isinstance(state, DungeonsState)
    return state


@pytest.mark.parametrize("map_id", ["standard", "advanced"])
def test_every_space_is_laid_out_once_in_rows_from_the_village(map_id: str) -> None:
    state = _played(0, 0, 2, f"map={map_id}")
    grid = layout(state.map)
    numbered = {s.number for s in state.map.spaces if s.number >= 0}
    assert set(grid) == numbered
    assert grid[0] == (0, 0)
    assert len(set(grid.values())) == len(grid)
    # A space's row is its distance from the Village along the arrows.
    for sp in state.map.spaces:
        for x in sp.exits:
            if sp.number in grid and x in grid and x != 0:
                assert grid[x][0] <= grid[sp.number][0] + 1


@pytest.mark.parametrize(("seed", "steps"), [(1, 120), (2, 200), (3, 320), (4, 10_000)])
def test_the_svg_is_well_formed_and_draws_the_board(seed: int, steps: int) -> None:
    state = _played(seed, steps, 3, "map=advanced" if seed % 2 else "map=standard")
    root = ET.fromstring(render_svg(state, 0))
    groups = root.iter(f"{SVG}g")
    spaces = {g.get("data-space") for g in root.iter(f"{SVG}g") if g.get("class") == "space"}
    assert spaces == {str(s.number) for s in state.map.spaces if s.number >= 0}
    enemies = [g for g in groups if g.get("class") == "enemy"]
    drawn = {g.get("data-uid") for g in root.iter(f"{SVG}g") if g.get("class") == "enemy"}
    assert drawn <= {str(e.uid) for e in state.enemies}
    assert len(drawn) >= min(6, len(state.enemies)) or not enemies
    heroes = {g.get("data-seat") for g in root.iter(f"{SVG}g") if g.get("class") == "hero"}
    assert heroes == {"0", "1", "2"}


@pytest.mark.parametrize("seed", range(6))
def test_the_svg_shows_only_the_viewers_hand(seed: int) -> None:
    state = _played(seed, 150 + 40 * seed, 3)
    for viewer in (None, 0, 1, 2):
        root = ET.fromstring(render_svg(state, viewer))
        shown = [g.get("data-card") for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
        mine = (
            []
            if viewer is None
            else [*state.heroes[viewer].advantage, *state.heroes[viewer].quests]
        )
        assert sorted(c for c in shown if c) == sorted(mine)


def test_the_terminal_picture_names_the_round_the_spaces_and_the_heroes() -> None:
    state = _played(1, 180, 3)
    text = render_text(state)
    assert "Round" in text or "Setup" in text
    for sp in state.map.spaces:
        if sp.number > 0:
            assert sp.name in text
    for seat in range(3):
        assert f"Player {seat + 1}" in text

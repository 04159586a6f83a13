"""Shoot Out's drawings: the rich text street and the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from saloon.core.dice import ScriptedDice
from saloon.core.registry import get_game
from saloon.core.render import render_text
from saloon.games.shootout.render import render_svg, street_cells
from saloon.games.shootout.rules import ShootOutState

SVG = "{http://www.w3.org/2000/svg}"


def played(moves: list[str], options: list[str] | None = None) -> ShootOutState:
    game = get_game("shootout")
    state = game.new_state(game.parse_options(options or []))
    for move in moves:
        state.apply(game.parse_action(move))
    assert isinstance(state, ShootOutState)
    return state


def pawn_columns(text: str) -> dict[str, str]:
    """Which space number stands under each pawn marker, read off the text."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "P1" in line or "P2" in line:
            below = lines[i + 1]
            out = {}
            for pawn in ("P1", "P2"):
                end = line.find(pawn) + 2
                if end >= 2:
                    out[pawn] = below[end - 2 : end].strip()
            return out
    raise AssertionError("no pawn markers in:\n" + text)


def test_street_runs_from_back_to_centre_to_back() -> None:
    state = played([], ["back=12", "front=4", "start=10"])
    cells = street_cells(state)
    assert [s for _, s in cells[:9]] == [12, 11, 10, 9, 8, 7, 6, 5, 4]
    assert cells[9] == (-1, 0)
    assert [s for _, s in cells[10:]] == [4, 5, 6, 7, 8, 9, 10, 11, 12]


def test_text_shows_the_pawns_on_their_spaces() -> None:
    # Player 1 moves to 16, player 2 hits with the Winchester: player 1 back to 19.
    state = played(["first p1", "card 5", "move", "winchester", "d20 16"])
    assert state.pos == [19, 17]
    text = render_text(state, width=120)
    assert pawn_columns(text) == {"P1": "19", "P2": "17"}
    street = next(ln for ln in text.splitlines() if "20 19 18" in ln)
    numbers = street.strip("│ ").split()
    assert numbers == [*map(str, range(20, 4, -1)), "◆", *map(str, range(5, 21))]
    assert "card 5 face up" in text
    assert "deck: 5 cards left" in text
    assert "Player 2 hit: shoot again or move." in text
    assert "Player 2 fires the Winchester from space 17: d20 16 + 3 = 19, a hit" in text
    assert "score  0 / 14" in text


def test_narrow_text_still_shows_the_pawn_spaces() -> None:
    state = played(["first p2", "card 3", "move", "move", "move"])
    assert state.pos == [16, 15]
    text = render_text(state, width=80)
    assert pawn_columns(text) == {"P1": "16", "P2": "15"}
    street = next(ln for ln in text.splitlines() if "◆" in ln)
    assert "·16 ·" in street and " ·15 ·" in street  # no number runs into a pawn's


def test_text_tells_bullets_scores_and_pending_chance() -> None:
    state = played(["first p1", "card 7", "colt"])
    text = render_text(state)
    assert "Player 1 fires the Colt: rolling the d20 (needs 17 or more)." in text
    assert "11" in text and "●●●●●●●●●●●○" in text  # one black bullet spent
    state = played(["first p1", "card 7", "retreat"])
    text = render_text(state)
    assert "The card for duel 2 is turned up; player 1 will start." in text
    assert "0 / 14" in text and "7 / 14" in text
    assert "Player 1 retreats from space 17." in text


def test_game_over_text() -> None:
    dice = ScriptedDice(["first p1", "card 3", "card 2"])
    game = get_game("shootout")
    state = game.new_state(game.parse_options(["cards=2,3,4", "target=5"]))
    state.apply(dice.roll(state))
    state.apply(dice.roll(state))
    state.apply(game.parse_action("retreat"))
    state.apply(dice.roll(state))
    state.apply(game.parse_action("retreat"))
    assert state.is_over
    text = render_text(state, width=200)
    assert "Game over. Player 2 wins the game, 5 points to 0: Player 1 retreated from space" in text


def test_svg_parses_and_has_positions_and_scores() -> None:
    state = played(["first p1", "card 5", "move", "winchester", "d20 16"])
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    groups = {g.get("id"): g for g in root.iter(SVG + "g")}
    assert groups["pawn-1"].get("data-space") == "19"
    assert groups["pawn-2"].get("data-space") == "17"
    assert groups["player-1"].get("data-score") == "0"
    spaces = [r.get("data-space") for r in groups["street"].iter(SVG + "rect")]
    assert spaces == [str(s) for _, s in street_cells(state)]
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "5" in texts  # the face-up card
    assert "score 0 / 14" in texts
    assert "Colt 12" in texts and "Winchester 5" in texts


def test_svg_after_a_duel_and_at_the_start() -> None:
    state = played(["first p1", "card 7", "retreat"])
    root = ET.fromstring(render_svg(state))
    groups = {g.get("id"): g for g in root.iter(SVG + "g")}
    assert groups["player-2"].get("data-score") == "7"
    assert "cards: 7" in [t.text for t in root.iter(SVG + "text")]
    fresh = get_game("shootout").new_state()
    assert ET.fromstring(fresh._repr_svg_()).tag == SVG + "svg"

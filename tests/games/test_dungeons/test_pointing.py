"""D6 played by pointing at the board, and the board's key.

Each kind of action chosen on the board names marks the drawing carries,
with words: a space to move or ride to, an enemy token to fight, a
Village sign, a card of the hand, the Cash Cube then its space, an
environment piece then its space (:mod:`saloon.games.dungeons.pointing`).
A token or a pawn standing on a space takes clicks only when it may be
chosen, so that it never swallows a click meant for its space. Every
symbol drawn on a token is spelled out in its title and in the key.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest

from saloon.core.state import CHANCE, Pointer
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.pointing import enemy_of_ref, pointer, points_now
from saloon.games.dungeons.render import board_key, render_svg, token_symbols
from saloon.games.dungeons.rules.board import ChooseSpace
from saloon.games.dungeons.rules.effects import SwapWith
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import CONTENT, do, give_cards, new_game, scene, setup_game

SVG = "{http://www.w3.org/2000/svg}"


def _svg(s: DungeonsState, viewer: int | None = None) -> ET.Element:
    mover = s.to_move if viewer is None else viewer
    return ET.fromstring(render_svg(s, mover))


def _marks(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-point", ""): el for el in root.iter() if el.get("data-point")}


def _pointers(s: DungeonsState) -> dict[str, Pointer | None]:
    return {str(x): s.pointer(x) for x in s.legal_actions()}


def _drawn_with_words(s: DungeonsState, points: tuple[str, ...]) -> None:
    """Each point is drawn once in the mover's drawing, with words, on a
    shape that takes clicks (filled)."""
    text = render_svg(s, s.to_move)
    root = ET.fromstring(text)
    marks = _marks(root)
    for p in points:
        assert p in marks, f"{p} is not drawn"
        assert text.count(f'data-point="{p}"') == 1, f"{p} is drawn twice"
        assert (marks[p].get("aria-label") or "").strip(), f"{p} has no words"
        assert _filled(marks[p]), f"{p} has no filled shape to click"


def _filled(el: ET.Element) -> bool:
    return any(
        sub.tag in (f"{SVG}rect", f"{SVG}circle") and sub.get("fill") not in (None, "none")
        for sub in el.iter()
    )


# -- each kind of pointed action -----------------------------------------------------------


def test_a_move_and_a_ride_point_at_the_space_reached_told_apart_by_their_last_words() -> None:
    # Space 2 is one step from the Village, and two through 1 or 3.
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 3}})
    shown = _pointers(s)
    move = shown["move 2"]
    assert move is not None and move.points == ("space:2",)
    rides = [shown[k] for k in shown if k.startswith("ride") and k.endswith(" 2")]
    assert rides, "no ride reaches space 2"
    lasts = [move.last, *(r.last for r in rides if r is not None)]
    assert all(lasts) and len(set(lasts)) == len(lasts)
    assert all(r is not None and r.points == ("space:2",) and r.tag for r in rides)
    _drawn_with_words(s, ("space:2", "space:village"))
    assert _marks(_svg(s))["space:2"].get("aria-label") == "space 2 (Whisperwood)"


def test_a_fight_points_at_the_enemy_token_with_the_chance_to_win() -> None:
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 5}},
        enemies=[("goblin", 5), ("goblin", 5), ("orc", 6)],
    )
    goblins = [e for e in s.enemies if e.kind == "goblin"]
    orc = next(e for e in s.enemies if e.kind == "orc")
    first, second = pointer(s, a.Fight("goblin")), pointer(s, a.Fight("goblin", 2))
    assert first is not None and second is not None
    assert first.points == (f"foe:{goblins[0].uid}",)
    assert second.points == (f"foe:{goblins[1].uid}",)
    assert first.tag.endswith("%")
    _drawn_with_words(s, first.points + second.points)
    marks = _marks(_svg(s))
    assert "Goblin" in (marks[first.points[0]].get("aria-label") or "")
    # The orc in space 6 is not a choice: its clicks go to its space.
    assert f"foe:{orc.uid}" not in marks
    assert "space:6" in marks


def test_a_token_in_a_space_to_move_to_leaves_the_click_to_the_space() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 4}}, enemies=[("orc", 5)])
    assert pointer(s, a.Move(5)) is not None
    root = _svg(s)
    space = _marks(root)["space:5"]
    token = next(g for g in space.iter(f"{SVG}g") if g.get("class") == "enemy")
    assert token.get("data-point") is None
    assert "Orc" in (token.get("aria-label") or "")
    # Seen by a player who is not to move, no token nor pawn takes clicks.
    assert points_now(s, 1) == frozenset()


def test_the_village_services_point_at_their_signs() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 5, "markers": ("hero-swap",)}})
    shown = _pointers(s)
    trains = [shown[k] for k in shown if k.startswith("train ")]
    assert trains and all(p is not None and p.points == ("village:training",) for p in trains)
    assert len({p.last for p in trains if p is not None}) == len(trains)
    assert shown["fountain"] == Pointer(
        ("village:fountain",), last="drink from the Fountain of You"
    )
    refresh = shown["refresh"]
    assert refresh is not None and refresh.points == ("village:refresh",)
    _drawn_with_words(s, ("village:training", "village:fountain", "village:refresh"))
    words = _marks(_svg(s))["village:training"].get("aria-label") or ""
    assert "Training Camp (2 coins)" in words


def test_a_card_points_at_the_card_in_the_hand_drawn_once_if_held_twice() -> None:
    s = setup_game(2)
    give_cards(s, 0, "soft-boots", "hand-axe", "hand-axe")
    s = scene(s, 0, heroes={0: {"space": 4}})
    got = pointer(s, a.Play("soft-boots"))
    assert got is not None and got.points == ("card:soft-boots",)
    _drawn_with_words(s, got.points)
    root = _svg(s)
    axes = [g for g in root.iter(f"{SVG}g") if g.get("data-card") == "hand-axe"]
    assert len(axes) == 2 and sum(g.get("data-point") is not None for g in axes) == 1
    # The other player's drawing points at his own cards alone.
    theirs = {f"card:{c}" for c in (*s.heroes[1].advantage, *s.heroes[1].quests)}
    assert {p for p in _marks(_svg(s, 1)) if p.startswith("card:")} == theirs


def test_the_cash_cube_then_its_space() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 4, "coins": 4}})
    got = pointer(s, a.Hire(7))
    assert got is not None and got.points == ("cube", "space:7")
    assert str(a.Hire(7)) in {str(x) for x in s.legal_actions()}
    _drawn_with_words(s, got.points)
    assert "Cash Cube" in (_marks(_svg(s))["cube"].get("aria-label") or "")
    # The cube is the viewer's own, on his board; a spectator has none.
    boards = {g.get("data-seat"): g for g in _svg(s).iter(f"{SVG}g") if g.get("class") == "board"}
    assert any(el.get("data-point") == "cube" for el in boards["0"].iter())
    assert "cube" not in _marks(ET.fromstring(render_svg(s, None)))
    do(s, "hire 7")
    assert s.to_move == 0 and "hire 8" in {str(x) for x in s.legal_actions()}
    rehire = pointer(s, a.Hire(8))
    assert rehire is not None and rehire.points == ("cube", "space:8")
    assert "rehire" in (_marks(_svg(s))["cube"].get("aria-label") or "")
    _drawn_with_words(s, rehire.points)


def test_setup_places_a_piece_then_its_space() -> None:
    s = new_game(2)
    while type(s.agenda[-1]).__name__ != "PlacePiece":
        legal = s.legal_actions()
        s.apply(legal[0] if s.to_move != CHANCE else s.chance_outcomes()[0][0])
    shown = _pointers(s)
    place = shown["place forest 4"]
    assert place is not None and place.points == ("piece:forest", "space:4")
    assert all(p is not None and len(p.points) == 2 for p in shown.values())
    _drawn_with_words(s, ("piece:forest", "piece:dungeon", "space:4"))
    words = _marks(_svg(s))["piece:dungeon"].get("aria-label") or ""
    assert "4 left to place" in words
    # A space may not hold the same piece twice: once it has one, the
    # forest piece no longer leads there.
    do(s, "place forest 4")
    while type(s.agenda[-1]).__name__ != "PlacePiece" and s.round == 0:
        s.apply(s.legal_actions()[0] if s.to_move != CHANCE else s.chance_outcomes()[0][0])
    assert all(p is None or p.points != ("piece:forest", "space:4") for p in _pointers(s).values())


def test_a_cards_choices_point_at_enemies_spaces_heroes_and_bounties() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 5}}, enemies=[("goblin", 5), ("goblin", 5)])
    second = [e for e in s.enemies if e.kind == "goblin"][1]
    assert enemy_of_ref(s, "goblin 5 2") == second
    assert enemy_of_ref(s, "goblin 5 3") is None
    s.agenda.pop()  # a choice as a card would ask it, in place of the turn
    s.agenda.append(ChooseSpace(0, (4, 6), "free-move", subject=0))
    s._legal = None
    assert _pointers(s) == {
        "space 4": Pointer(("space:4",)),
        "space 6": Pointer(("space:6",)),
    }
    _drawn_with_words(s, ("space:4", "space:6"))
    s.agenda[-1] = SwapWith(0, (1,))  # Hero Swap asks whom
    s._legal = None
    assert _pointers(s) == {"target p2": Pointer(("hero:p2",))}
    _drawn_with_words(s, ("hero:p2",))
    assert pointer(s, a.Pick("enemy", "goblin 5 2")) == Pointer((f"foe:{second.uid}",))
    bounty = s.bounties[0]
    assert pointer(s, a.Pick("bounty", bounty)) == Pointer((f"bounty:{bounty}",))
    assert f"bounty:{bounty}" in _marks(_svg(s))


@pytest.mark.parametrize(
    "action",
    [a.REST, a.HUNT, a.GATHER, a.ACCEPT, a.PASS, a.Buy(), a.Wield(("natural",)), a.Dogmud()],
)
def test_what_is_not_on_the_board_is_a_button(action: a.Action) -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 4}})
    assert pointer(s, action) is None


# -- whole games --------------------------------------------------------------------------


def _walk(variant: str, players: int, seed: int) -> list[tuple[DungeonsState, int]]:
    """Random games to the end: (state, decisions) at each decision, checked
    as it goes (the states are clones)."""
    from saloon.core.registry import get_game

    game = get_game("dungeons")
    s = game.new_state(game.variants()[variant], players)
    assert isinstance(s, DungeonsState)
    rng = np.random.default_rng(seed)
    seen: list[tuple[DungeonsState, int]] = []
    n = 0
    while not s.is_over and n < 1500:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
            continue
        n += 1
        seen.append((s.clone(), n))
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])
    return seen


@pytest.mark.parametrize(("variant", "players", "seed"), [("default", 3, 1), ("advanced", 4, 2)])
def test_every_pointed_action_of_whole_games_is_drawn_and_told_apart(
    variant: str, players: int, seed: int
) -> None:
    kinds: Counter[str] = Counter()
    for s, _ in _walk(variant, players, seed):
        shown = _pointers(s)
        pointed = {k: p for k, p in shown.items() if p is not None}
        if not pointed:
            continue
        text = render_svg(s, s.to_move)
        root = ET.fromstring(text)
        marks = _marks(root)
        live = points_now(s, s.to_move)
        for k, p in pointed.items():
            kinds[k.split()[0]] += 1
            for point in p.points:
                assert point in marks, f"{k}: {point} not drawn"
                assert (marks[point].get("aria-label") or "").strip()
                assert point in live
        same = Counter(p.points for p in pointed.values())
        lasts = Counter((p.points, p.last) for p in pointed.values())
        for p in pointed.values():
            if same[p.points] > 1:
                assert p.last.strip()
        assert max(lasts.values()) == 1
        # A mark nested in another takes clicks only when it is a choice.
        for outer in marks.values():
            for inner in outer.iter():
                if inner is not outer and inner.get("data-point"):
                    assert inner.get("data-point") in live
        assert max(Counter(el.get("data-point") for el in marks.values()).values()) == 1
    assert {"move", "place", "fight", "hire"} <= set(kinds)


# -- the key ------------------------------------------------------------------------------


def _key(root: ET.Element) -> dict[str, str]:
    out = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "key-entry":
            out[g.get("data-symbol", "")] = " ".join("".join(t.itertext()) for t in g)
    return out


def test_every_token_symbol_on_the_board_is_in_the_key_and_in_its_title() -> None:
    symbols = token_symbols(CONTENT)
    checked = 0
    for s, n in _walk("default", 3, 4) + _walk("advanced", 2, 5):
        if n % 7:
            continue
        root = _svg(s, 0)
        key = _key(root)
        for g in root.iter(f"{SVG}g"):
            if g.get("class") != "enemy":
                continue
            texts = ["".join(t.itertext()) for t in g.iter(f"{SVG}text")]
            title = g.find(f"{SVG}title")
            assert title is not None and title.text
            kind = g.get("data-kind", "")
            assert texts[0] == symbols[kind]
            if kind != "cube":
                named = s.monster(kind) or s.guardian(kind)
                assert named is not None and title.text.startswith(named.name)
            for sym in texts[:2]:  # the symbol, and its die or attack
                if sym.startswith(("+", "♥")):
                    continue
                assert sym in key, f"{sym} is not in the key"
                assert len(key[sym]) > len(sym) + 8, f"the key has no words for {sym}"
            checked += 1
        for g in root.iter(f"{SVG}g"):
            if g.get("class") == "hero":
                assert g.find(f"{SVG}title") is not None
                sym = "".join(next(g.iter(f"{SVG}text")).itertext())
                assert sym in key
        assert [k.symbol for k in board_key(s)] == list(key)
    assert checked > 50


def test_the_key_spells_out_a_plant_a_buff_an_extra_hp_and_a_cube() -> None:
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 4}},
        enemies=[
            ("plant-of-eden", 5),
            ("plant-of-eden", 6),
            ("goblin", 4, {"buffs": 1, "hp": 2}),
            ("cube", 7, {"owner": 1}),
        ],
        environments=[(4, "hills")],
    )
    key = {k.symbol: k.words for k in board_key(s)}
    assert "atk 4" in key and "not rolled" in key["atk 4"]
    assert key["Go"].startswith("Goblin: a Bandit (brown ring)")
    assert key["PE"].startswith("Plant of Eden: a Guardian")
    assert "Cash Cube" in key["$"]
    assert "+1" in key and "♥" in key
    assert "Goblin" in key["hills"]
    root = _svg(s)
    goblin = next(g for g in root.iter(f"{SVG}g") if g.get("data-kind") == "goblin")
    title = goblin.find(f"{SVG}title")
    assert title is not None and title.text is not None
    assert "+1 in the hills (as here)" in title.text and "2 HP" in title.text

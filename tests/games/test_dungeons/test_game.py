"""The game object and the contract: registration, notation, views, words, bounds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from saloon.core import get_game
from saloon.core.errors import NotationError, OptionError
from saloon.core.state import CHANCE
from saloon.games.dungeons import GAME
from saloon.games.dungeons.actions import parse_action
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import do, give_cards, hero, let_pass, scene, setup_game


def random_game(seed: int, players: int, **options: object) -> DungeonsState:
    rng = np.random.default_rng(seed)
    s = GAME.new_state(DungeonsOptions(**options), players)  # type: ignore[arg-type]
    assert isinstance(s, DungeonsState)
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
    return s


def test_registered_under_its_id() -> None:
    assert get_game("dungeons") is GAME
    info = GAME.info()
    assert (info.min_players, info.max_players, info.chance, info.perfect_information) == (
        2,
        4,
        True,
        False,
    )


def test_a_player_count_out_of_range_is_refused() -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        GAME.new_state(None, 5)


def test_bad_options_get_one_clear_message() -> None:
    with pytest.raises(OptionError, match="map"):
        GAME.parse_options(["map=mars"])
    with pytest.raises(OptionError, match=r"no such|does not exist"):
        GAME.new_state(DungeonsOptions(content="no/such/folder"), 2)


ACTIONS = [
    "move 4",
    "move village",
    "ride 4 7",
    "hunt",
    "gather",
    "rest",
    "fight goblin",
    "fight goblin 2",
    "fight cube",
    "transform bandit",
    "wield natural",
    "wield hand-axe sabre",
    "wield holy-water",
    "dogmud",
    "dogmud 2",
    "accept",
    "pass",
    "play whetstone",
    "drink wingso-flightamous",
    "skill hero-swap",
    "buy advantage",
    "hire 6",
    "train wits",
    "fountain",
    "refresh",
    "chib 3",
    "class explorer",
    "place forest 4",
    "stat wits",
    "take coins",
    "potion ogre-brew from acupunch",
    "discard whetstone",
    "target p2",
    "space 7",
    "option 2",
    "raise skill",
    "convert bandit",
    "bounty mill-raiders",
    "enemy goblin 7 2",
    "d6 4",
    "d100 37",
    "spawn 7 gather 3",
    "gather 3",
    "token plant-of-eden",
    "draw quest windfall",
    "roll 5 vs 3",
    "roll 5 2 vs 3",
    "roll 5",
    "lost whetstone",
]


@pytest.mark.parametrize("text", ACTIONS)
def test_the_notation_round_trips(text: str) -> None:
    a = parse_action(text)
    assert str(a) == text
    assert parse_action(str(a)) == a
    assert parse_action(text.upper().replace(" ", "  ")) == a


@pytest.mark.parametrize(
    "text", ["", "fly", "move", "ride 4", "fight goblin 0", "roll vs 3", "wield a b c", "d6 x"]
)
def test_bad_notation_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert "\n" not in str(info.value)


@given(st.text(max_size=30))
def test_any_text_parses_or_is_refused(text: str) -> None:
    try:
        a = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(a)) == a


def test_a_face_alone_is_read_at_a_dice_prompt() -> None:
    s = setup_game(2)
    assert str(s.parse("7 3")) == "spawn 7 gather 3"
    s = scene(setup_game(2), 0, heroes={0: {"space": 6}}, enemies=[("orc", 6)])
    do(s, "fight orc")
    let_pass(s)  # the GM's window (ruling DG-R4)
    do(s, "wield natural")
    assert str(s.parse("4 vs 2")) == "roll 4 vs 2"


def test_the_view_shows_a_players_own_hand_only() -> None:
    s = setup_game(3)
    give_cards(s, 1, "intervention")
    for p in range(3):
        v = s.view(p)
        for q, h in enumerate(v["heroes"]):
            if q == p:
                assert isinstance(h["hand"]["quest"], list)
            else:
                assert h["hand"] == {"advantage": 1, "quest": len(hero(s, q).quests)}
    assert s.view(None)["heroes"][1]["hand"]["quest"] == 2
    assert "cards" not in str(s.view(0)["decks"])  # sizes only


def test_resampling_keeps_what_the_player_sees_and_redeals_the_rest() -> None:
    s = setup_game(3)
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(20):
        t = s.resample_hidden(0, rng)
        assert t.view(0) == s.view(0)
        assert isinstance(t, DungeonsState)
        seen.add(t.heroes[1].quests + t.heroes[2].quests)
        assert t.heroes[0] == s.heroes[0]
    assert len(seen) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_within_the_bound(players: int) -> None:
    for seed in range(3):
        s = random_game(seed, players, rounds=6, map="advanced")
        assert len(s.history) <= GAME.max_length(s.options)
        assert sum(s.returns()) == pytest.approx(0.0)


def test_every_legal_action_has_words_and_a_group() -> None:
    s = random_game(5, 2)
    rng = np.random.default_rng(1)
    s = GAME.new_state(None, 3)
    assert isinstance(s, DungeonsState)
    steps = 0
    while not s.is_over and steps < 400:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            grouped = [a for g in s.action_groups(legal) for a in g.actions]
            assert sorted(map(str, grouped)) == sorted(map(str, legal))
            for a in legal:
                words = s.describe_action(a)
                assert words and words == s.announce(a)
            assert GAME.rules_help(s)
            s.apply(legal[int(rng.integers(len(legal)))])
        steps += 1


def test_the_estimate_stays_inside_the_bounds() -> None:
    s = random_game(2, 4)
    assert s.estimate() == s.returns()
    rng = np.random.default_rng(0)
    s = GAME.new_state(None, 4)
    while not s.is_over:
        e = s.estimate()
        assert all(-1 / 3 - 1e-9 <= x <= 1 for x in e)
        s.apply(s.sample_chance(rng) if s.to_move == CHANCE else s.legal_actions()[0])


def test_str_of_a_state_draws_the_table() -> None:
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 6}},
        enemies=[("orc", 6)],
        environments=[(6, "hills")],
    )
    text = str(s)
    assert "Round 1 of 3" in text and "Player 1 (Explorer)" in text
    row = next(line for line in text.splitlines() if "6 Goblin Hollow" in line)
    assert "hills" in row and "Orc d" in row


def test_the_rules_at_a_prompt_follow_the_decision_at_hand() -> None:
    """``rules`` at a prompt: what is decided now and the passages for it,
    for the active player by the moment of his turn (player 2 holds a card,
    so the GM's windows are put to him, ruling DG-R4)."""
    empty = {"advantage": (), "quests": ()}
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 6} | empty, 1: empty},
        enemies=[("orc", 6)],
        environments=[],
    )
    give_cards(s, 1, "intervention")
    texts = {"turn": GAME.rules_help(s)}
    do(s, "fight orc")
    texts["window"] = GAME.rules_help(s)
    do(s, "pass")
    texts["arm"] = GAME.rules_help(s)
    do(s, "wield natural", "roll 3 vs 4")
    assert let_pass(s) == 0  # no window after the roll (ruling DG-R39)
    texts["improve"] = GAME.rules_help(s)
    assert texts["turn"].startswith("Now: your turn.") and "Spending Your Actions" in texts["turn"]
    assert "Specialty Hides, steps 3 and 4" in texts["arm"] and "Holy" in texts["arm"]
    assert "steps 6 and 7" in texts["improve"] and "accept" in texts["improve"]
    assert "collective GM" in texts["window"] and texts["window"].startswith("Now: the GM's")
    assert GAME.rules_help(None).startswith("Rulebook: d6-dungeons.txt")
    assert "'rules'" in GAME.rules_help(None)


def test_menus_read_in_words_at_each_kind_of_decision() -> None:
    """describe_action and the board's lines: a stat roll says what the
    stat becomes, a pass says what passing does, a rehire says where the
    Cube goes from, the environment pieces are grouped by piece, and the
    board says who decides what."""
    from saloon.games.dungeons.actions import PASS, Hire, Pick
    from saloon.games.dungeons.render import render_rich
    from saloon.games.dungeons.rules import board
    from saloon.games.dungeons.rules.state import DungeonsState as State

    s = GAME.new_state(None, 2)
    assert isinstance(s, State)
    do(s, "class mesmerist", "class slayer", "board ember", "board frost")
    titles = [g.title for g in s.action_groups(s.legal_actions())]
    assert titles[:2] == ["A dungeon piece", "A forest piece"]
    while type(s.agenda[-1]).__name__ != "StatRoll":
        s.apply(s.chance_outcomes()[0][0] if s.to_move == CHANCE else s.legal_actions()[0])
    do(s, "d6 3")
    assert s.describe_action(Pick("stat", "skill")) == (
        "put the 3 on skill: it becomes 4 with the class's +1; it unlocks your skill markers: "
        "one at 3, two at 4, three at 5, stacked at 6"
    )
    assert s.describe_action(Pick("stat", "wits")) == (
        "put the 3 on wits: it becomes 3; GM events check it"
    )

    empty = {"advantage": (), "quests": ()}
    s = scene(setup_game(2), 0, heroes={0: {"space": 6, "coins": 4} | empty, 1: empty})
    board.add_enemy(s, "orc", 6)
    give_cards(s, 1, "intervention")
    do(s, "hire 3")
    assert s.describe_action(Hire(5)).startswith("rehire the Cash Cube: move it from 3 (")
    do(s, "fight orc")
    assert s.describe_action(PASS) == "pass: play no card on the monster"
    text = _text(render_rich(s))
    assert "Now: Player 2 (Mesmerist): the GM's window before the roll" in text
    assert "step 2: the other players may play red cards" in text


def _text(drawing: object) -> str:
    """What the terminal shows of a rich drawing, as plain text."""
    import io

    from rich.console import Console

    console = Console(width=120, record=True, file=io.StringIO())
    console.print(drawing)
    # A sentence wrapped inside the panel reads as one line: the borders
    # and the line breaks between its words go.
    lines = (line.strip().strip("│").strip() for line in console.export_text().splitlines())
    return " ".join(" ".join(lines).split())


def test_a_referee_is_told_what_a_draw_may_be() -> None:
    """``help`` at a manual-dice prompt: a die says roll; the bag lists its
    tokens by kind (public: every token out of it is in sight); a deck lists
    the cards it is printed with, not those left in it (which would tell
    what the others hold)."""
    rng = np.random.default_rng(0)
    s = GAME.new_state(None, 2)
    helps: dict[str, str] = {}
    while not s.is_over and len(helps) < 4:
        if s.to_move == CHANCE:
            helps.setdefault(type(s.agenda[-1]).__name__, s.chance_help())
            s.apply(s.sample_chance(rng))
        else:
            s.apply(s.legal_actions()[0])
    assert helps["MapDie"].startswith("Roll the real dice") and "d10" in helps["MapDie"]
    assert helps["BagDraw"].startswith("Draw a token from the real bag")
    assert "The bag holds 70: 5 Bone Banshee, 1 Crimson Dragon" in helps["BagDraw"]
    assert "type what it prints: its name (e.g. Short Sword)" in helps["DrawNode"]
    assert "Battle Fury (+2), " in helps["DrawNode"] and "Longbow (d8 ranged)" in helps["DrawNode"]
    assert "its monster class, space and glory (e.g. beast 4 2)" in helps["TurnBounty"]
    assert "beast 1 1, " in helps["TurnBounty"]
    printed = {x.name for x in s.content.advantages}
    listed = helps["DrawNode"].split("The deck's cards: ")[1].rstrip(".").split(", ")
    assert {x.split(" (")[0] for x in listed} == printed


def test_a_card_lost_at_random_is_asked_for_without_showing_the_hand() -> None:
    from saloon.games.dungeons.rules.cards import LoseRandom

    s = scene(setup_game(2), 0)
    held = (*s.heroes[1].advantage, *s.heroes[1].quests)
    assert held
    s.agenda.append(LoseRandom(1))
    shown = s.chance_prompt() + " " + s.chance_help()
    assert "lost CARD" in shown
    assert not any(card in shown for card in held)

"""Alliance (Part III): four players in two teams, the Alliance deck, gifts, the team win.

Rulings DG-R80 to DG-R89 and DG-C30, DG-C31: teammates across the table,
the GM never a teammate, two Alliance cards for the teammate of a player
who rests with a full turn (none after an early end), Alliance cards only
out of one's own turn (ally cards in the teammate's windows of his turn,
foe cards in the GM's window of an opponent's fight), the hand limit,
gifts in one space, the Cash Cube sparing its owner's teammate, the shared
hands, the team win and its tie-breaks.
"""

from __future__ import annotations

import pytest

from saloon.core.errors import OptionError
from saloon.games.dungeons import GAME
from saloon.games.dungeons.actions import Give, Play, parse_action
from saloon.games.dungeons.describe import describe
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import board, end
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import (
    CONTENT,
    clear_board,
    do,
    first,
    give_cards,
    hero,
    legal,
    log_text,
    scene,
    setup_game,
)

_BASE: dict[str, DungeonsState] = {}


def base(team_hands: str = "hidden") -> DungeonsState:
    """A set-up game of Alliance (set up once, cloned per test)."""
    if team_hands not in _BASE:
        rolls = [(6, "strength"), (4, "stealth"), (4, "wits"), (4, "skill")]
        _BASE[team_hands] = setup_game(4, stats=[rolls] * 4, mode="alliance", team_hands=team_hands)
    return _BASE[team_hands].clone()


def node(s: DungeonsState) -> str:
    return type(s.agenda[-1]).__name__


def test_four_players_two_teams_across_the_table() -> None:
    s = base()
    assert s.teams == (0, 1, 0, 1)
    assert s.partner(0) == 2 and s.partner(1) == 3
    assert s.decks["alliance"].size == 44 and sum(x.copies for x in CONTENT.alliances) == 44
    assert all(not h.allies for h in s.heroes)  # none dealt at setup (DG-R82)
    assert GAME.player_range(DungeonsOptions(mode="alliance")) == (4, 4)
    with pytest.raises(OptionError, match="D6 in mode alliance is for 4 players, not 3"):
        GAME.new_state(DungeonsOptions(mode="alliance"), 3)
    with pytest.raises(OptionError, match="needs mode=alliance"):
        DungeonsOptions.parse(["team_hands=shared"])


def test_the_gm_is_the_next_opponent_never_a_teammate() -> None:
    s = base()
    assert [s.gm_of(p) for p in range(4)] == [1, 2, 3, 0]
    assert s.opponents(0) == (1, 3) and s.opponents(1) == (2, 0)


def _through_open_gather(s: DungeonsState, seat: int) -> None:
    """The spawn and gather roll (spawn 7, gather 4), then the first choices
    until ``seat`` acts (or his teammate's window asks)."""
    do(s, "spawn 7 gather 4")
    while not (s.to_move == seat and node(s) in ("Act", "AllyWindow")):
        s.apply(first(s))


def test_a_whole_turn_with_a_rest_gives_the_teammate_two_alliance_cards() -> None:
    s = base()
    clear_board(s)
    _through_open_gather(s, 0)
    assert s.active == 0 and hero(s, 0).space == 0
    do(s, "move 1", "move 0", "move 1")  # three actions, no enemy on the way
    assert hero(s, 0).space == 1 and s.turn is not None and s.turn.actions == 0
    do(s, "rest")
    do(s, "draw quest windfall", "draw quest windfall")
    assert node(s) == "DrawNode" and "Player 3" in s.chance_prompt()
    do(s, "draw alliance war-chest", "draw alliance dirty-trick")
    assert hero(s, 0).quests.count("windfall") >= 2
    assert hero(s, 2).allies == ("dirty-trick", "war-chest")
    assert s.decks["alliance"].size == 42
    assert "Player 3 (Slayer) draws an Alliance card" in log_text(s)
    assert s.active is None or s.active == 1


def test_no_alliance_draw_after_an_early_end() -> None:
    s = base()
    clear_board(s)
    _through_open_gather(s, 0)
    do(s, "move 1", "rest")
    assert node(s) == "TurnRollNode" and s.active == 1  # the next turn, no draw
    assert not hero(s, 2).allies and s.decks["alliance"].size == 44


def test_alliance_cards_count_toward_the_hand_limit() -> None:
    s = base()
    limit = s.gather_board(2).hand_limit[hero(s, 2).stat("strength")]
    give_cards(s, 2, *["dirty-trick"] * (limit - hero(s, 2).hand_size))
    assert hero(s, 2).hand_size == limit
    scene(s, 0, heroes={0: {"space": 1}}, turn={"actions": 0, "spent": 3})
    do(s, "rest", "draw quest windfall", "draw quest windfall")
    assert node(s) == "HandLimit" and s.to_move == 2
    assert "discard dirty-trick" in legal(s)


def test_an_alliance_card_is_refused_in_ones_own_turn() -> None:
    s = base()
    give_cards(s, 0, "war-chest", "dirty-trick")
    scene(s, 0, heroes={0: {"space": 4}}, enemies=[("goblin", 4)])
    assert "play war-chest" not in legal(s) and "play dirty-trick" not in legal(s)
    assert "played out of your own turn" in s.explain_illegal(Play("war-chest"))


def _to_window(s: DungeonsState, name: str, seat: int) -> None:
    """Pass at every window until ``seat`` is asked at a node ``name``."""
    while not (node(s) == name and s.to_move == seat):
        assert s.to_move is not None and s.to_move >= 0 and s.to_move != s.active, node(s)
        do(s, "pass")


def test_an_ally_card_helps_the_teammate_before_his_roll() -> None:
    s = base()
    give_cards(s, 2, "rallying-cry", "dirty-trick")
    scene(s, 0, heroes={0: {"space": 4}}, enemies=[("goblin", 4)])
    do(s, "fight goblin")
    _to_window(s, "AllyWindow", 2)
    assert legal(s) == ["play rallying-cry", "pass"]  # never the foe card
    assert "for Player 1" in describe(s, Play("rallying-cry"))
    assert "hurts the other team" in s.explain_illegal(Play("dirty-trick"))
    do(s, "play rallying-cry")
    while s.to_move != 0:
        do(s, "pass")  # the opponents may cancel it (Not So Fast)
    assert s.fight is not None and s.fight.hero_bonus == 1
    assert "plays Rallying Cry for Player 1" in log_text(s)


def test_a_foe_card_is_played_by_an_opponent_and_the_teammate_is_not_asked() -> None:
    s = base()
    give_cards(s, 1, "dirty-trick")
    give_cards(s, 2, "goad-the-beast")
    scene(s, 0, heroes={0: {"space": 4}}, enemies=[("goblin", 4)])
    do(s, "fight goblin")
    assert node(s) == "Window" and s.agenda[-1].order == (1, 3)  # type: ignore[attr-defined]
    assert "play dirty-trick" in legal(s)
    do(s, "play dirty-trick")
    while node(s) != "Act":
        assert s.to_move != 2 or node(s) != "Window"
        do(s, "pass")
    goblin = next(e for e in s.enemies if e.kind == "goblin")
    assert goblin.buffs == 1


def test_at_the_start_of_his_turn_the_teammate_plays_and_gives() -> None:
    s = base()
    give_cards(s, 1, "second-wind", "short-sword")
    scene(s, 2, heroes={3: {"space": 3, "coins": 1}, 1: {"space": 3, "coins": 6}})
    clear_board(s)
    do(s, "rest")  # player 3 ends his turn; player 4's begins
    _through_open_gather(s, 1)
    assert node(s) == "AllyWindow" and s.agenda[-1].phase == "turn"  # type: ignore[attr-defined]
    assert {"play second-wind", "give p4 coins 3", "give p4 short-sword", "pass"} <= set(legal(s))
    do(s, "give p4 coins 3", "give p4 short-sword", "play second-wind", "pass")
    assert hero(s, 3).coins >= 4 and "short-sword" in hero(s, 3).advantage
    assert s.turn is not None and s.turn.seat == 3 and s.turn.actions == 4


def test_gifts_in_one_space_in_ones_own_turn() -> None:
    s = base()
    give_cards(s, 0, "short-sword")
    scene(
        s,
        0,
        heroes={0: {"space": 3, "coins": 5}, 1: {"space": 3}, 2: {"space": 3, "coins": 9}},
    )
    assert "give p3 coins 1" in legal(s) and "give p3 coins 2" not in legal(s)  # the cap
    assert "give p3 short-sword" in legal(s)
    assert not any(x.startswith("give p2") for x in legal(s))
    assert "not your teammate" in s.explain_illegal(Give(1, coins=1))
    assert "may hold 10" in s.explain_illegal(Give(2, coins=2))
    do(s, "give p3 short-sword", "give p3 coins 1")
    assert "short-sword" in hero(s, 2).advantage and hero(s, 2).coins == 10
    assert hero(s, 0).coins == 4
    assert str(parse_action("give p3 coins 1")) == "give p3 coins 1"
    s = base()
    scene(s, 0, heroes={0: {"space": 3, "coins": 5}, 2: {"space": 4}})
    assert not any(x.startswith("give") for x in legal(s))
    assert "not in your space" in s.explain_illegal(Give(2, coins=1))


def test_a_cash_cube_spares_its_owners_teammate() -> None:
    s = base()
    scene(
        s,
        0,
        heroes={0: {"space": 4}},
        enemies=[("cube", 5, {"owner": 2}), ("cube", 6, {"owner": 1})],
    )
    assert board.hostile_in(s, 0, 5) == []
    assert [e.owner for e in board.hostile_in(s, 0, 6)] == [1]
    assert [e.owner for e in board.hostile_in(s, 3, 5)] == [2]


def test_the_view_hides_the_other_teams_hands_and_shares_the_teammates_only_if_shared() -> None:
    for hands in ("hidden", "shared"):
        s = base(hands)
        give_cards(s, 1, "dirty-trick")
        give_cards(s, 2, "war-chest")
        v = s.view(0)["heroes"]
        assert v[1]["hand"]["alliance"] == 1  # an opponent's: a count
        mate = v[2]["hand"]["alliance"]
        assert mate == (["war-chest"] if hands == "shared" else 1)
        assert s.view(1)["heroes"][2]["hand"]["alliance"] == 1
        assert s.view(0)["decks"]["alliance"] == 42


def _glory(s: DungeonsState, seat: int, *bounties: str) -> None:
    from dataclasses import replace

    s.heroes[seat] = replace(s.heroes[seat], dropped=bounties)


def test_the_team_with_the_most_glory_wins_and_the_tie_breaks() -> None:
    s = base()
    s.agenda = []
    _glory(s, 0, "abbey-den")  # team 1: 2 + 1 = 3
    _glory(s, 2, "mill-raiders")
    _glory(s, 1, "marsh-stalker")  # team 2: 2 + 0 = 2
    assert s.returns() == (1.0, -1.0, 1.0, -1.0)
    assert "Player 1 (Explorer) and Player 3 (Slayer) win" in end.ending_words(s)
    _glory(s, 3, "whisperwood-howls")  # 3 each: the coins decide
    for p, coins in enumerate((1, 4, 2, 0)):
        from dataclasses import replace

        s.heroes[p] = replace(s.heroes[p], coins=coins)
    assert s.returns() == (-1.0, 1.0, -1.0, 1.0)  # 3 coins to 4
    from dataclasses import replace

    s.heroes[1] = replace(s.heroes[1], coins=3)  # coins tied: the best player's glory
    assert end.team_standing(s, 0) == (3, 3, 2) and end.team_standing(s, 1) == (3, 3, 2)
    assert s.returns() == (0.0, 0.0, 0.0, 0.0)  # still tied: shared
    assert GAME.returns_bounds(DungeonsOptions(mode="alliance")) == (-1.0, 1.0)


def test_the_boards_mark_the_teams_and_show_the_teammates_hand_only_when_shared() -> None:
    from rich.console import Console

    from saloon.games.dungeons.guide import rules_help
    from saloon.games.dungeons.render import render_svg
    from saloon.games.dungeons.screen import render_screen

    console = Console(width=100, color_system=None)
    for hands in ("hidden", "shared"):
        s = base(hands)
        give_cards(s, 1, "goad-the-beast")
        give_cards(s, 2, "lookout")
        svg = render_svg(s, 0)
        assert "team of Players 1 and 3" in svg and "Goad the Beast" not in svg
        assert ("Lookout" in svg) == (hands == "shared")
        assert ("s hand (Player 3)" in svg) == (hands == "shared")
        with console.capture() as cap:
            console.print(render_screen(s, 0, 100, 60))
        text = cap.get()
        assert "[team A]" in text and "(teammate)" in text and "Goad the Beast" not in text
        assert ("Teammate's hand (P3): " in text) == (hands == "shared")
    assert "Alliance (Part III" in rules_help(None)


def test_a_gift_asked_at_the_gms_window_is_refused_with_its_reason() -> None:
    s = base()
    give_cards(s, 1, "dirty-trick")
    scene(s, 0, heroes={0: {"space": 4}, 2: {"space": 4}}, enemies=[("goblin", 4)])
    do(s, "fight goblin")
    assert node(s) == "Window" and s.to_move == 1
    assert "a gift to one's teammate" in s.explain_illegal(Give(3, coins=1))


def test_the_advisors_world_hides_the_other_teams_alliance_cards() -> None:
    from saloon.games.dungeons.advisor import canonical

    worlds = []
    for card in ("war-chest", "dirty-trick"):
        s = base("shared")
        give_cards(s, 1, card)
        give_cards(s, 2, "lookout")
        c = canonical(s, 0)
        worlds.append((c.heroes[1].allies, c.heroes[2].allies, c.decks["alliance"].cards))
    assert worlds[0] == worlds[1] and worlds[0][1] == ("lookout",)  # the teammate's kept


def test_a_card_given_passes_face_down() -> None:
    s = base()
    give_cards(s, 0, "short-sword")
    scene(s, 0, heroes={0: {"space": 3}, 2: {"space": 3}})
    gift = Give(2, card="short-sword")
    assert "Short Sword" in s.describe_action(gift)
    assert "Short Sword" not in s.announce(gift) and "face down" in s.announce(gift)
    since = len(s.log)
    do(s, gift)
    told = {e.text: (e.to, e.besides) for e in s.log[since:]}
    assert told["Player 1 (Explorer) gives Player 3 (Slayer) Short Sword."] == ((0, 2), ())
    assert told["Player 1 (Explorer) gives Player 3 (Slayer) an Advantage card."][1] == (0, 2)

"""Rounds, GM events, round rules and the end (Part I, Choose the Length of Your
Game; GM Events; The End of the Game; rulings DG-R10, DG-R25)."""

from __future__ import annotations

from saloon.games.dungeons.rules.end import zero_sum
from saloon.games.dungeons.rules.turn import round_flags

from .conftest import CONTENT, do, first, hero, log_text, new_game, scene, setup_game


def event_number(name: str) -> int:
    return next(e.number for e in CONTENT.events if e.name == name)


def play_out(s: object, stop: object = None) -> None:
    """The first choice and outcome everywhere, to the end."""
    while not s.is_over:  # type: ignore[attr-defined]
        s.apply(first(s))  # type: ignore[attr-defined,arg-type]


def test_events_come_between_rounds_and_not_after_the_last() -> None:
    """Ruling DG-R10: two events in a 3-round game, five in a 6-round game."""
    for rounds, events in ((3, 2), (6, 5)):
        s = setup_game(2, rounds=rounds)
        play_out(s)
        assert len(s.events) == events


def test_a_final_event_and_the_house_rules_on_events() -> None:
    s = setup_game(2, final_event=True)
    play_out(s)
    assert len(s.events) == 3
    s = setup_game(2, house_rules=("uneventful",))
    play_out(s)
    assert s.events == ()
    s = setup_game(2, house_rules=("funeventful",))
    play_out(s)
    assert len(s.events) == 4


def test_an_event_is_rolled_on_the_percentile_dice() -> None:
    s = setup_game(2)
    s = scene(s, 1)
    do(s, "rest")
    assert s.chance_prompt() == "the GM event's roll, 1 to 100 (e.g. d100 37)"
    assert len(s.chance_outcomes()) == 100
    coins = [hero(s, p).coins for p in (0, 1)]
    do(s, f"d100 {event_number('Merchant Caravan')}")  # every player gains 2 coins
    assert f"GM event {event_number('Merchant Caravan')}, Merchant Caravan" in log_text(s)
    assert [hero(s, p).coins for p in (0, 1)] == [min(10, c + 2) for c in coins]
    assert s.round == 2


def test_an_events_round_rule_holds_for_the_next_round() -> None:
    s = setup_game(2)
    s = scene(s, 1)
    # Creeping Fog: next round every stealth roll counts 1 more.
    do(s, "rest", f"d100 {event_number('Creeping Fog')}")
    assert "fog" in s.flags and s.round == 2
    assert "Round 2 of 3 begins (fog)." in log_text(s)


def test_hunters_moon_by_the_maps_round_rules() -> None:
    """Ruling DG-C14: round 3 of 3; rounds 3 and 6 of 6 (standard map)."""
    s = new_game(2)
    assert [r for r in (1, 2, 3) if "hunters_moon" in round_flags(s, r)] == [3]
    s = new_game(2, rounds=6)
    assert [r for r in range(1, 7) if "hunters_moon" in round_flags(s, r)] == [3, 6]
    s = new_game(2, map="advanced", rounds=6)
    assert round_flags(s, 4) == frozenset({"bloodlust"})  # no Guardian (DG-R40)


def test_every_player_takes_one_turn_a_round_in_seat_order() -> None:
    s = setup_game(3)
    seats = []
    while s.round <= 1 and not s.is_over:
        t = s.turn
        if t is not None and (not seats or seats[-1] != t.seat):
            seats.append(t.seat)
        s.apply(first(s))
    assert seats == [0, 1, 2]


def test_most_glory_wins_then_coins_then_the_stat_total() -> None:
    """Part I, The End of the Game; ruling DG-R25."""
    s = setup_game(3)
    play_out(s)
    base = [(h.coins, h.stat_total) for h in s.heroes]
    from dataclasses import replace

    for p in range(3):
        s.heroes[p] = replace(s.heroes[p], coins=5, stats=(4, 4, 4, 4), backpack=(), dropped=())
    s.heroes[1] = replace(s.heroes[1], dropped=("mill-raiders",))
    assert s.result().winners == (1,) and s.result().category == "glory"
    s.heroes[2] = replace(s.heroes[2], backpack=("toll-cheat",), coins=6)
    assert s.result().winners == (2,) and s.result().category == "coins"
    s.heroes[1] = replace(s.heroes[1], coins=6, stats=(4, 4, 4, 5))
    assert s.result().winners == (1,) and s.result().category == "stats"
    s.heroes[2] = replace(s.heroes[2], stats=(4, 4, 4, 5))
    assert s.result().winners == (1, 2) and s.result().category == "shared"
    assert s.returns() == (-0.5, 0.25, 0.25)
    assert base


def test_a_guardian_trophy_counts_its_glory() -> None:
    from saloon.games.dungeons.rules import common

    s = setup_game(2)
    from dataclasses import replace

    s.heroes[0] = replace(s.heroes[0], trophies=("crimson-dragon", "kraken"))
    assert common.glory(s, 0) == CONTENT.guardian("crimson-dragon").glory + 3


def test_the_returns_are_zero_sum_within_their_bounds() -> None:
    for n in (2, 3, 4):
        for k in range(1, n + 1):
            r = zero_sum(n, tuple(range(k)))
            assert abs(sum(r)) < 1e-12
            assert all(-1 / (n - 1) - 1e-12 <= x <= 1 for x in r)
    assert zero_sum(4, (0,))[0] == 1.0

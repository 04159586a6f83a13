"""What a side may infer about the others' hands (Cowboys rulebook, Card
Play; rulings CW-T6 and CW-T15 in docs/rulings.md, "Cowboys: the turn,
moves and shots").

A card window asks every side the rules let play there, whatever it holds
(a side with nothing playable has ``pass`` alone), so being asked tells no
one anything; and a redeal of the hidden cards for one seat keeps every
fact announced to all, such as the Run card a move counts on.
"""

from __future__ import annotations

import numpy as np

from saloon.games.cowboys.actions import PASS, Play
from saloon.games.cowboys.rules.state import CowboysState, Phase

from .conftest import STREET, C, act, figure, legal, only_pass, rolls, street_game


def duel(deal: tuple[str, ...], cards: tuple[int, int]) -> CowboysState:
    """Cowboy 1 on a1 facing east, Cowboy 2 on a3 facing north (range 2),
    the cards dealt in turn from side 1."""
    return street_game([C("C1", "a1", "E")], [C("C2", "a3", "N")], deal=deal, cards=cards, turns=5)


def decisions(s: CowboysState, dice: tuple[str, ...]) -> list[tuple[int, str]]:
    """Who is asked what, a shot played out with ``pass`` at every window
    and ``dice`` at the rolls."""
    out: list[tuple[int, str]] = []
    act(s, "C1 shoot C2")
    left = list(dice)
    while s.pending is not None and s.to_move is not None:
        if s.is_chance:
            rolls(s, left.pop(0))
            continue
        out.append((s.to_move, s.phase.name))
        act(s, "pass")
    return out


def test_a_side_with_nothing_to_answer_is_asked_all_the_same() -> None:
    """CW-T15: side 2 is asked to answer the shot whether it holds a card
    that answers it (Luck Runs Out) or not (A Good Day for a Killing), at
    the same moment; then the acting side's own windows ask it alike. The
    two games differ only in side 2's hand, and nobody could tell which."""
    holds = duel(("2S", "JK2"), (1, 1))
    lacks = duel(("2S", "KH"), (1, 1))
    act(holds, "C1 shoot C2")
    act(lacks, "C1 shoot C2")
    assert holds.to_move == lacks.to_move == 1
    assert legal(holds) == {"play JK2", "pass"} and legal(lacks) == {"pass"}
    assert holds.view(0) == lacks.view(0)
    dice = ("roll 3 4",)
    a = decisions(duel(("2S", "JK2"), (1, 1)), dice)
    b = decisions(duel(("2S", "KH"), (1, 1)), dice)
    assert a == b == [(1, "ANSWER"), (0, "START"), (0, "BEFORE_SHOT"), (0, "AFTER_HIT")]


def test_the_acting_sides_own_windows_ask_whatever_it_holds() -> None:
    """CW-T15: holding only Run for It (a move's card), the side is asked at
    the start of its shot, before the roll and after the hit, with ``pass``
    alone; the hit then does its damage."""
    s = duel(("2H",), (1, 0))
    act(s, "C1 shoot C2")
    assert s.phase == Phase.START
    only_pass(s)
    assert s.phase == Phase.BEFORE_SHOT
    only_pass(s)
    rolls(s, "roll 3 4")
    assert s.phase == Phase.AFTER_HIT
    only_pass(s)
    assert figure(s, "C2").health == 3


def test_what_all_see_still_closes_a_window() -> None:
    """CW-T15: a side with no card at all, or one that has played its card
    of that part of the turn (Card Play: one in one's own actions, one in
    the others'), is not asked: every seat knows it could not play."""
    s = duel(("QS",), (1, 0))
    act(s, "C1 shoot C2")  # side 2 holds nothing: no answer window
    assert s.to_move == 0 and s.phase == Phase.START
    only_pass(s, 2)
    rolls(s, "roll 3 4")
    act(s, "play QS")  # Critical Hit: side 1's own card of this turn
    assert s.hands[0] == ()
    t = duel(("2S", "JK2", "3S"), (2, 1))
    act(t, "C1 shoot C2", "pass")  # side 2 lets the shot go
    only_pass(t)  # the start window: Dead Eye is for before the shot
    act(t, "play 2S")
    assert t.to_move == 1 and legal(t) == {"play JK2", "pass"}
    act(t, "play JK2")  # side 2 cancels it with its card of the others' actions
    assert t.is_chance  # side 1 has played its card of this turn: no window left


def test_a_run_card_too_small_for_the_move_is_not_offered() -> None:
    """CW-T6: a move that needs 3 more points takes Hightail It (3), never
    Run for It (2), which could not make it; one that needs 2 takes either."""
    s = street_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], cards=(2, 0), deal=("2H", "5H"))
    act(s, "C1 move T:h1 E")
    assert s.pending is not None and s.pending.need_run == 3
    assert legal(s) == {"play 5H"}
    t = street_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], cards=(2, 0), deal=("2H", "5H"))
    act(t, "C1 move T:g1 E")
    assert t.pending is not None and t.pending.need_run == 2
    assert legal(t) == {"play 2H", "play 5H"}
    act(t, "play 2H")
    assert figure(t, "C1").square == STREET.square("T:g1") and t.run_claims == ()


def run_game() -> CowboysState:
    """Side 1 (Hightail It, Dead Eye, Knock-Down) announces a move that
    needs 3 more points; side 2 holds Luck Runs Out and two Critical Hits."""
    s = street_game(
        [C("C1", "a1", "E")],
        [C("C2", "h6", "N")],
        cards=(3, 3),
        deal=("5H", "JK2", "2S", "KS", "7C", "QS"),
        turns=5,
    )
    assert set(s.hands[0]) == {"5H", "2S", "7C"} and set(s.hands[1]) == {"JK2", "KS", "QS"}
    act(s, "C1 move T:h1 E")
    assert "needs a Run card" in s.log[-1].text
    return s


def test_a_redeal_for_the_side_not_to_move_keeps_the_run_card_a_move_counts_on() -> None:
    """CW-T6: a move that needs a Run card's points tells every seat that
    its side holds one that big. Side 2's worlds, redrawn at side 1's start
    window (side 2 not to move), always leave side 1 Hightail It, and so
    a legal action, while its other cards vary."""
    s = run_game()
    act(s, "pass")  # side 2 lets the move go
    assert s.to_move == 0 and s.phase == Phase.START and legal(s) == {"play 5H"}
    rng = np.random.default_rng(7)
    others: set[tuple[str, ...]] = set()
    for _ in range(300):
        world = s.resample_hidden(1, rng)
        assert isinstance(world, CowboysState)
        assert world.view(1) == s.view(1) and world.to_move == 0
        assert world.legal_actions(), "a dead end: side 1 holds no Run card"
        assert list(world.legal_actions()) == [Play("5H")]
        assert world.hands[1] == s.hands[1]
        others.add(tuple(c for c in world.hands[0] if c != "5H"))
    assert len(others) > 50
    # Side 2's worlds while it is asked to answer the move: after its pass,
    # side 1 can always play the card.
    t = run_game()
    for _ in range(100):
        world = t.resample_hidden(1, rng)
        world.apply(PASS)
        assert world.to_move == 0 and list(world.legal_actions()) == [Play("5H")]


def test_a_cancelled_move_still_tells_the_run_card_until_it_is_played() -> None:
    """A move cancelled before its start window (Luck Runs Out) leaves the
    Run card in the hand, as every seat knows: the redeals keep it there;
    once it is played the claim is gone."""
    s = run_game()
    act(s, "play JK2")
    assert s.pending is None and s.run_claims == ((0, 3),)
    rng = np.random.default_rng(3)
    for _ in range(100):
        world = s.resample_hidden(1, rng)
        assert isinstance(world, CowboysState) and "5H" in world.hands[0]
    assert s.to_move == 1  # Cowboy 1 has acted: side 2's part
    act(s, "C2 wait")
    assert s.turn == 2 and s.to_move == 0
    act(s, "C1 move T:h1 E")
    only_pass(s)  # side 2 may answer again this turn: nothing to play
    assert legal(s) == {"play 5H"}
    act(s, "play 5H")
    assert s.run_claims == ()
    only_pass(s)  # side 2 may answer the card: nothing to play
    assert figure(s, "C1").square == STREET.square("T:h1")

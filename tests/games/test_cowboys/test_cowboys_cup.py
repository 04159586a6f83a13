"""The Advanced Rules' Player Turn Sequence: the activation cup (option
``activation_cup``; rulebook, "Advanced Rules", "Player Turn Sequence";
rulings CW-V1..CW-V9 in docs/rulings.md, "Advanced Rules: the activation
cup"). The dice, the cards and the markers drawn are scripted, on the test
street of conftest.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from saloon.core.errors import IllegalAction, NotationError
from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME, max_length_of
from saloon.games.cowboys.actions import END, Marker, Wait, parse_action
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.render import status_lines
from saloon.games.cowboys.rules import cup
from saloon.games.cowboys.rules.setup import FigureSetup, Goal, Setup, SideSetup
from saloon.games.cowboys.rules.state import CowboysState, Phase
from saloon.games.cowboys.strategy import HeuristicAgent

from .conftest import STREET, C, act, figure, legal, log_text, only_pass, rolls, street_game


def cup_game(mine: list[FigureSetup], theirs: list[FigureSetup], **kw: object) -> CowboysState:
    """A game on the test street with the activation cup."""
    return street_game(mine, theirs, rules=("activation_cup",), **kw)  # type: ignore[arg-type]


def to_turn_2(state: CowboysState) -> None:
    """Both sides end their parts of turn 1: the cup is filled."""
    act(state, "end")
    act(state, "end")
    assert state.turn == 2 and state.phase == Phase.CUP


def set_figure(state: CowboysState, fid: str, **changes: object) -> None:
    i = state.index[fid]
    state.figures[i] = replace(state.figures[i], **changes)  # type: ignore[arg-type]


def in_sight(state: CowboysState, fid: str) -> set[str]:
    """Figure ``fid``'s legal actions now."""
    return {a for a in legal(state) if a.startswith(fid + " ")}


def moves(actions: set[str]) -> set[str]:
    return {a for a in actions if " move " in a or " ride " in a}


# -- turn 1, and the cup filled -----------------------------------------------------------------


def test_turn_one_is_played_as_the_scenario_says() -> None:
    """Player Turn Sequence: "for the first turn ... follow the scenario
    instructions for which side performs actions first" (CW-V1): side by
    side, each side with all its figures, and ``end``; no cup yet."""
    s = cup_game([C("C1", "a1", "S"), C("T1", "h1", "S")], [C("C2", "a4", "N")])
    assert s.turn == 1 and s.phase == Phase.SELECT and s.active == 0 and s.cup == ()
    assert {"C1 wait", "T1 wait", "end"} <= legal(s)
    act(s, "C1 wait")
    act(s, "T1 wait")
    assert s.active == 1 and s.turn == 1 and "Turn 1 of 3: Side 2 acts." in log_text(s)
    act(s, "end")
    assert s.turn == 2 and s.phase == Phase.CUP and s.to_move == CHANCE


def test_without_the_option_turn_two_is_side_by_side() -> None:
    """The basic game: every turn as turn 1 (Game Turn)."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")])
    act(s, "end")
    act(s, "end")
    assert s.turn == 2 and s.phase == Phase.SELECT and s.active == 0 and s.cup == ()


def test_the_cup_a_marker_per_cowboy_and_per_side_with_town_folk() -> None:
    """Player Turn Sequence: one marker for each cowboy on the board, one
    town-folk marker for each side (CW-V2), in the scenario's order."""
    s = cup_game(
        [C("C6", "a1", "S", modifier=1), C("T1", "h1", "S"), C("C3", "b1", "S")],
        [C("C2", "a4", "N"), C("T2", "h4", "N"), C("T4", "g4", "N")],
    )
    to_turn_2(s)
    assert s.cup == ("C6", "C3", "C2", "s1", "s2")
    assert (
        "Turn 2 of 3 begins: 5 markers go in the cup (Cowboy 6 (+1), Cowboy 3, Cowboy 2, "
        "Side 1's town folk, Side 2's town folk)." in log_text(s)
    )
    assert s.view(1)["cup"] == ["C6", "C3", "C2", "s1", "s2"]  # public


def test_no_marker_for_a_side_without_town_folk_nor_for_bystanders() -> None:
    """CW-V2: a side with no town folk has no town-folk marker; bystanders
    belong to no side and have none; a cowboy down is not on the board."""
    eliminate = (Goal("eliminate"),)
    setup = Setup(
        name="test",
        town=STREET,
        sides=(
            SideSetup("Side 1", (C("C1", "a1", "S"),), 0, eliminate),
            SideSetup("Side 2", (C("C2", "a3", "N", health=1), C("C4", "h4", "N")), 0, eliminate),
        ),
        turns=3,
        bystanders=(C("T5", "h6"),),
    )
    s = CowboysState(GAME, CowboysOptions(activation_cup=True), setup)
    act(s, "C1 shoot C2")
    rolls(s, "6 6")
    assert not figure(s, "C2").standing
    assert s.active == 1  # side 1's part is over: side 2's, with C4 alone
    act(s, "C4 wait")
    assert s.phase == Phase.CUP and s.cup == ("C1", "C4")


def test_a_cowboy_gone_from_the_town_has_no_marker() -> None:
    """CW-V2: a cowboy who left the town is not on the board."""
    s = cup_game(
        [C("C1", "a2", "N"), C("C3", "h1", "S")],
        [C("C2", "h6")],
        exits=("N",),
        goals=((Goal("escape", count=2),), (Goal("eliminate"),)),
    )
    act(s, "C1 move off N")
    assert figure(s, "C1").gone
    act(s, "end")
    act(s, "end")
    assert s.cup == ("C3", "C2")


# -- the draw ---------------------------------------------------------------------------------


def test_the_draw_is_a_chance_node_uniform_over_the_markers() -> None:
    """Player Turn Sequence: the sides alternate drawing a marker from the
    cup; who draws changes nothing, so each draw is a chance node (CW-V3),
    every marker left as likely, written as the marker alone."""
    s = cup_game([C("C1", "a1", "S"), C("T1", "h1", "S")], [C("C2", "a4", "N")])
    to_turn_2(s)
    outs = s.chance_outcomes()
    assert [str(o) for o, _ in outs] == ["C1", "C2", "s1"]
    assert all(p == pytest.approx(1 / 3) for _, p in outs)
    assert s.sample_chance(np.random.default_rng(0)) in {o for o, _ in outs}
    assert "the marker drawn from the cup" in s.chance_prompt() and "s1 (Side 1's town folk)" in (
        s.chance_prompt()
    )
    with pytest.raises(IllegalAction):
        s.apply(Marker("C7"))


def test_a_drawn_cowboy_acts_or_waits() -> None:
    """Player Turn Sequence: "the cowboy markers move that specific cowboy"
    (CW-V5): his side, the active side, picks his action or ``wait``; no
    ``end``, no other figure."""
    s = cup_game(
        [C("C6", "a1", "S", modifier=1), C("C3", "h1", "S")], [C("C2", "a3", "N"), C("T2", "h4")]
    )
    to_turn_2(s)
    act(s, "C6")
    assert (
        "Turn 2: Cowboy 6 (+1) is drawn from the cup (3 markers left)." in log_text(s)
        and s.drawn == "C6"
    )
    assert s.phase == Phase.SELECT and s.to_move == 0 and s.active == 0
    got = legal(s)
    assert "C6 wait" in got and "C6 shoot C2" in got and "end" not in got
    assert all(a.startswith("C6 ") for a in got)
    assert not s.is_legal(END)
    act(s, "C6 shoot C2")
    rolls(s, "3 4")  # 7 + 1 at range 2: a hit
    assert figure(s, "C2").health == 3
    assert s.phase == Phase.CUP and s.cup == ("C3", "C2", "s2")


def test_a_drawn_cowboy_of_the_other_side_makes_it_active() -> None:
    """``state.active`` is the side of the marker drawn; the last marker
    left is drawn at once, with no chance node (CW-V3)."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N")])
    to_turn_2(s)
    act(s, "C2")
    assert s.active == 1 and s.to_move == 1 and "C2 shoot C1" in legal(s)
    act(s, "C2 wait")
    assert s.phase == Phase.SELECT and s.drawn == "C1" and s.active == 0 and s.cup == ()
    assert "Turn 2: Cowboy 1 is drawn from the cup (no markers left)." in log_text(s)


def test_a_town_folk_marker_moves_all_the_sides_town_folk() -> None:
    """Player Turn Sequence: "when the town folk marker is drawn, all town
    folk for that side perform their action" (CW-V5): each of them in turn,
    or ``end``; not its cowboys."""
    s = cup_game(
        [C("C1", "a1", "S"), C("T1", "g1", "S"), C("T3", "h1", "S")],
        [C("C2", "a3", "N")],
    )
    to_turn_2(s)
    act(s, "s1")
    assert "Turn 2: Side 1's town folk are drawn from the cup (2 markers left)." in log_text(s)
    got = legal(s)
    assert {"T1 wait", "T3 wait", "end"} <= got and not any(a.startswith("C1") for a in got)
    act(s, "T1 wait")
    assert {"T3 wait", "end"} <= legal(s)
    assert (
        s.describe_action(END)
        == "end the activation of Side 1's town folk: Town folk 3 does nothing"
    )
    act(s, "end")
    assert "The activation of Side 1's town folk in turn 2 ends." in log_text(s)
    assert s.phase == Phase.CUP and s.cup == ("C1", "C2")


def test_moves_before_shots_within_an_activation() -> None:
    """Game Turn's moves before shots (moves_first), under the cup (CW-V6):
    within a town-folk activation, once one has shot the others may not
    move; the next activation of the same side may move again."""
    s = cup_game(
        [C("C1", "h1", "S"), C("T1", "a1", "S"), C("T3", "b1", "S")],
        [C("C2", "a3", "N"), C("C4", "h6", "N")],
    )
    to_turn_2(s)
    act(s, "s1")
    act(s, "T1 shoot C2")
    rolls(s, "1 1")
    assert not moves(in_sight(s, "T3")) and "T3 shoot C2" in legal(s)
    act(s, "end")
    act(s, "C1")
    assert moves(in_sight(s, "C1"))


def test_adrenaline_gives_the_drawn_cowboy_a_second_action() -> None:
    """Game Cards, Adrenaline, as it works now: the drawn cowboy moves, then
    takes another action in the same activation."""
    s = cup_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], cards=(1, 0), deal=("10H",))
    to_turn_2(s)
    act(s, "C1")
    act(s, "C1 move T:a2 E")
    act(s, "play 10H")
    assert s.phase == Phase.SELECT and "C1 move T:a4 E" in legal(s) and "end" not in legal(s)
    act(s, "C1 wait")
    assert s.drawn == "C2"  # the last marker


def test_a_fallen_figures_marker_is_taken_out_not_drawn() -> None:
    """CW-V4: a marker whose cowboy is down, or whose side's town folk are
    all down, comes out of the cup before the next draw (said in the log);
    it is never drawn."""
    s = cup_game(
        [C("C1", "a1", "S"), C("C3", "h1", "S")],
        [C("C2", "a3", "N", health=1), C("T2", "b3", "N"), C("C4", "h6", "N")],
    )
    to_turn_2(s)
    act(s, "C1")
    act(s, "C1 shoot C2")
    rolls(s, "6 6")
    assert s.phase == Phase.CUP and "C2" not in s.cup
    assert "Cowboy 2 is down: his marker comes out of the cup." in log_text(s)
    assert "C2" not in {str(o) for o, _ in s.chance_outcomes()}
    act(s, "C3")
    act(s, "C3 shoot T2")
    rolls(s, "6 6")
    assert s.cup == () and s.drawn == "C4"  # the last marker left
    assert "Side 2 has no town folk left in the town: the side's town-folk marker comes out" in (
        log_text(s)
    )


def test_a_marker_left_for_a_figure_that_cannot_act_is_no_outcome() -> None:
    """CW-V3: the draw is uniform over the markers that can still act, even
    one a rule put back wrongly (defensive: outcomes check the figures)."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N"), C("C4", "h6", "N")])
    to_turn_2(s)
    set_figure(s, "C2", health=0)
    assert [str(o) for o, _ in s.chance_outcomes()] == ["C1", "C4"]


def test_withdraw_takes_a_reacting_cowboys_marker_out() -> None:
    """Reaction Fire: "remove the reacting cowboy's chit from the cup"."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N"), C("C4", "h6", "N")])
    to_turn_2(s)
    cup.withdraw(s, "C2")
    assert s.cup == ("C1", "C4") and "C2" not in {str(o) for o, _ in s.chance_outcomes()}
    cup.withdraw(s, "C2")  # no longer there: nothing happens
    assert s.cup == ("C1", "C4")


# -- stunned, knocked down, pinned --------------------------------------------------------------


def test_a_rider_whose_horse_is_killed_loses_his_next_activation() -> None:
    """Movement with Horses: a rider whose horse is killed "may not perform
    any action their next turn": under the cup, his next activation is
    lost, and his side is not asked (CW-V5)."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N", mounted=True), C("C4", "h6", "N")])
    to_turn_2(s)
    act(s, "C1")
    act(s, "C1 shoot H1")
    rolls(s, "6 6")
    assert figure(s, "C2").stunned and s.phase == Phase.CUP
    act(s, "C2")
    assert "Cowboy 2 lost his horse under him: he loses this activation." in log_text(s)
    assert s.drawn == "C4" and s.cup == ()
    assert not figure(s, "C2").stunned and figure(s, "C2").actions == 0


def test_a_knocked_down_cowboy_may_not_move_in_his_activation() -> None:
    """Game Cards, Knock-Down (CW-C12): he may not move in his next
    activation, but may shoot; then he moves freely again (CW-V5)."""
    s = cup_game(
        [C("C1", "a1", "S")],
        [C("C2", "a3", "N"), C("C4", "h6", "N")],
        cards=(1, 0),
        deal=("7C",),
    )
    to_turn_2(s)
    act(s, "C1")
    act(s, "C1 shoot C2")
    only_pass(s, 2)  # the start window and the one before the shot
    rolls(s, "3 4")
    act(s, "play 7C")
    assert figure(s, "C2").knocked
    act(s, "C2")
    assert "Cowboy 2 was knocked down: he may not move in this activation." in log_text(s)
    mine = in_sight(s, "C2")
    assert not moves(mine) and "C2 shoot C1" in mine
    act(s, "C2 wait")
    assert not figure(s, "C2").knocked and not figure(s, "C2").no_move


def test_a_pinned_figure_may_shoot_but_not_move_and_the_pin_comes_off() -> None:
    """Variable Damage: a pinned figure, "the next time his chit is drawn,
    he may not move, but may shoot"; the pin comes off when that activation
    ends (CW-V5, CW-V11)."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N"), C("C4", "h6", "N")])
    to_turn_2(s)
    set_figure(s, "C2", pinned=True)
    act(s, "C2")
    assert "Cowboy 2 is pinned: he may not move in this activation." in log_text(s)
    assert figure(s, "C2").pinned and figure(s, "C2").no_move
    mine = in_sight(s, "C2")
    assert not moves(mine) and "C2 shoot C1" in mine
    act(s, "C2 wait")
    assert not figure(s, "C2").pinned


def test_a_pinned_figure_in_a_turn_played_side_by_side() -> None:
    """The pin in a turn played side by side (turn 1, or the game without
    the cup): no move in his side's next part, then it is removed."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")])
    set_figure(s, "C2", pinned=True)
    act(s, "end")
    assert s.active == 1 and figure(s, "C2").pinned
    mine = in_sight(s, "C2")
    assert not moves(mine) and "C2 shoot C1" in mine
    act(s, "C2 wait")
    assert not figure(s, "C2").pinned


def test_a_cowboy_who_can_only_wait_is_not_asked() -> None:
    """A question with one answer is not asked: a drawn cowboy who can do
    nothing but wait (unarmed and pinned) waits by himself."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N", weapons=()), C("C4", "h6", "N")])
    to_turn_2(s)
    set_figure(s, "C2", pinned=True)
    act(s, "C2")
    assert "Cowboy 2 has nothing he can do: he waits." in log_text(s)
    assert s.phase == Phase.CUP and s.cup == ("C1", "C4")


# -- the end of a turn, the turn limit ----------------------------------------------------------


def test_an_empty_cup_ends_the_turn_and_the_next_fills_it_again() -> None:
    """Player Turn Sequence: once every marker is drawn, a new turn puts them
    all back (CW-V7); each side may play its cards again."""
    s = cup_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], cards=(1, 0), deal=("10H",))
    to_turn_2(s)
    act(s, "C1")
    act(s, "C1 move T:a2 E")
    act(s, "play 10H")
    assert s.own_used[0]
    act(s, "C1 wait")
    act(s, "C2 wait")  # the last marker, drawn at once
    assert s.turn == 3 and s.phase == Phase.CUP and s.cup == ("C1", "C2")
    assert not s.own_used[0] and s.drawn is None
    assert "Turn 3 of 3 begins: 2 markers go in the cup (Cowboy 1, Cowboy 2)." in log_text(s)


def test_the_turn_limit_ends_the_game_when_the_last_cup_is_empty() -> None:
    """The turn limit and the winner at the limit, as in the basic game."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "h6", "N")], turns=2, at_limit=1)
    to_turn_2(s)
    act(s, "C2")
    act(s, "C2 wait")
    assert s.drawn == "C1"
    act(s, "C1 wait")
    assert s.is_over and s.winner == 1 and s.category == "turn limit"


# -- notation, words, view ----------------------------------------------------------------------


def test_marker_notation_round_trips() -> None:
    """A draw is written as its marker, read back in any case."""
    assert str(Marker("C6")) == "C6" and str(Marker("s2")) == "s2"
    assert parse_action("c6") == Marker("C6") and parse_action("C06") == Marker("C6")
    assert parse_action("S2") == Marker("s2")
    for bad in ("T3", "s0", "x2"):
        with pytest.raises(NotationError):
            parse_action(bad)
    s = cup_game([C("C1", "a1", "S"), C("T1", "h1")], [C("C2", "a4", "N")])
    to_turn_2(s)
    for o, _ in s.chance_outcomes():
        assert s.parse(str(o)) == o and GAME.parse_action(str(o)) == o
    assert (
        s.describe_action(Marker("s1")) == "the marker of Side 1's town folk is drawn from the cup"
    )
    assert s.describe_action(Marker("C1")) == "the marker of Cowboy 1 is drawn from the cup"


def test_the_view_and_the_status_say_who_was_drawn_and_what_is_left() -> None:
    """The cup's markers are public; the status line says who was drawn."""
    s = cup_game([C("C6", "a1", "S", modifier=1)], [C("C2", "a4", "N"), C("T2", "h4")])
    to_turn_2(s)
    assert status_lines(s) == [
        "Turn 2 of 3: the next marker is drawn from the cup (in it: C6, C2, s2)."
    ]
    act(s, "C6")
    v = s.view(1)
    assert v["cup"] == ["C2", "s2"] and v["drawn"] == "C6"
    assert status_lines(s) == [
        "Turn 2 of 3: Cowboy 6 (+1) drawn from the cup; Side 1 acts (left in the cup: C2, s2).",
        "Side 1 picks Cowboy 6's action, or has him wait (C6 wait).",
    ]


def test_max_length_counts_the_draws() -> None:
    """CW-V9: a draw per marker (at most a figure's and a side's) and an
    ``end`` per side each turn."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "h6", "N"), C("T2", "h4")])
    base = max_length_of(s.setup)
    assert max_length_of(s.setup, ("activation_cup",)) == base + s.setup.turns * (3 + 2)


# -- bots and random games ----------------------------------------------------------------------


def test_a_cowboys_activation_never_asks_a_question_with_one_answer() -> None:
    """Random games with the cup: every activation's decision has at least
    two answers, and a cowboy's has no ``end``."""
    rng = np.random.default_rng(2)
    for scenario in ("brawl", "ok-corral"):
        s = GAME.new_state(CowboysOptions(scenario=scenario, activation_cup=True))
        assert isinstance(s, CowboysState)
        drawn = 0
        while not s.is_over:
            if s.is_chance:
                drawn += s.phase == Phase.CUP
                s.apply(s.sample_chance(rng))
                continue
            acts = s.legal_actions()
            if s.phase == Phase.SELECT and s.turn > 1:
                assert len(acts) >= 2
                if s.drawn is not None and s.drawn[0] == "C":
                    assert END not in acts and Wait(s.drawn) in acts
            s.apply(acts[int(rng.integers(len(acts)))])
        assert drawn > 0


def test_the_heuristic_plays_with_the_cup() -> None:
    """The heuristic takes the drawn cowboy's best action, or his ``wait``
    (never ``end``), and ranks exactly the legal actions."""
    s = GAME.new_state(CowboysOptions(scenario="ok-corral", activation_cup=True))
    assert isinstance(s, CowboysState)
    agent = HeuristicAgent(seed=0)
    rng = np.random.default_rng(0)
    cowboy_turns = 0
    while not s.is_over:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
            continue
        if s.phase == Phase.SELECT and s.drawn is not None and s.drawn[0] == "C" and s.turn > 1:
            cowboy_turns += 1
            ranked = agent.ranked(s)
            assert sorted(map(str, ranked)) == sorted(map(str, s.legal_actions()))
        s.apply(agent.choose(s))
    assert cowboy_turns > 0 and s.turn > 1


def test_mcts_chooses_a_drawn_cowboys_action() -> None:
    """The search plays a cup activation (its chance nodes are the draws)."""
    from saloon.agents import MCTSAgent, make_agent

    s = cup_game([C("C1", "a1", "S")], [C("C2", "a3", "N"), C("T2", "h6")])
    to_turn_2(s)
    act(s, "C1")
    agent = make_agent("mcts:iterations=12,rollout=heuristic,top=4,max_depth=12", GAME, seed=1)
    assert isinstance(agent, MCTSAgent)
    assert agent.choose(s) in s.legal_actions()


def test_the_figures_a_marker_moves() -> None:
    """A town-folk marker moves its side's standing town folk; a side
    without any has none to move."""
    s = cup_game([C("C1", "a1", "S"), C("T1", "g1"), C("T3", "h1")], [C("C2", "a4", "N")])
    assert [s.figures[i].id for i in cup.marker_figures(s, "s1")] == ["T1", "T3"]
    assert cup.marker_figures(s, "s2") == [] and cup.side_of(s, "C2") == 1


def test_advanced_switches_the_cup_on() -> None:
    """Advanced Rules: "players should generally use them all": ``advanced``
    plays the cup with the others."""
    s = GAME.new_state(CowboysOptions(scenario="hickok-tutt", advanced=True))
    assert isinstance(s, CowboysState) and s.rule("activation_cup")
    rng = np.random.default_rng(0)
    while s.turn < 2 and not s.is_over:
        s.apply(s.sample_chance(rng) if s.is_chance else s.legal_actions()[-1])
    assert s.phase == Phase.CUP and s.cup == ("C1", "C2")


def test_the_rules_at_a_draw_explain_the_cup() -> None:
    """``rules`` at the table: the Player Turn Sequence in brief."""
    s = cup_game([C("C1", "a1", "S")], [C("C2", "a4", "N")])
    to_turn_2(s)
    text = GAME.rules_help(s)
    assert "Player Turn Sequence (Advanced Rules)" in text and "cup" in text

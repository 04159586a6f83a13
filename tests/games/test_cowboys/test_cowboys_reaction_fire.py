"""Cowboys' Advanced Rules: Reaction Fire, the option ``reaction_fire``
(rulebook, "Advanced Rules", Reaction Fire; rulings CW-V30..39 in
docs/rulings.md, "Advanced Rules: Reaction Fire"). The dice are scripted
on the test street of conftest: rows 1-4 and 6 open, a bank on b5-e5.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME, max_length_of, setup_of
from saloon.games.cowboys.actions import React, parse_action
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.setup import Goal, Setup, SideSetup
from saloon.games.cowboys.rules.state import CowboysState

from .conftest import STREET, C, act, figure, legal, log_text, street_game

REACT = ("reaction_fire",)


def at(state: CowboysState, fid: str) -> str:
    return state.ref(figure(state, fid).square)


def run_move(state: CowboysState, answers: dict[str, str] | None = None) -> list[tuple[int, str]]:
    """Answer every reaction window of the move under way with ``pass``
    (or the answer given for a square), rolling ``roll 1 2`` (a miss) for
    each reaction shot; the windows met, as (side asked, square)."""
    met: list[tuple[int, str]] = []
    answers = answers or {}
    while state.phase in (Phase.REACT, Phase.ROLL):
        if state.phase == Phase.ROLL:
            act(state, "roll 1 2")
            continue
        p = state.pending
        assert p is not None and p.walk is not None
        sq = state.ref(p.walk.square)
        met.append((state.to_move or 0, sq))
        act(state, answers.pop(sq, "pass"))
    return met


# -- the window and the shot -----------------------------------------------------------------


def test_a_reaction_at_a_square_one_shot_one_round_minus_two() -> None:
    """Reaction Fire: a figure moving through an opposing cowboy's sight
    may be shot at the square he has entered: one shot, one round, -2."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W", modifier=1)], rules=REACT)
    act(s, "C1 move T:a4 S")
    assert s.phase == Phase.REACT and s.to_move == 1
    assert at(s, "C1") == "T:a2"  # he stands on the square he has entered
    assert legal(s) == {"C2 react C1", "pass"}
    act(s, "C2 react C1")
    p = s.pending
    assert p is not None and p.shots == 1 and p.info is not None
    assert dict(p.info.mods) == {"cowboy": 1, "reaction fire": -2}
    assert figure(s, "C2").held().ammo == 5  # type: ignore[union-attr]
    assert (
        "Cowboy 2 (+1) reacts to Cowboy 1 moving through T:a2: one shot with the pistol at "
        "Cowboy 1, range 3, needs 8, +1 cowboy, -2 reaction fire; pistol 6 → 5 rounds."
    ) in log_text(s)
    assert s.to_move == CHANCE
    act(s, "roll 4 4")  # 8 + 1 - 2 = 7: a miss
    assert "4+4 +1 cowboy -2 reaction fire = 7 against 8: a miss" in log_text(s)
    # C2 has reacted: nobody else can, and the move runs on to its end.
    assert s.phase == Phase.SELECT and at(s, "C1") == "T:a4"
    assert figure(s, "C1").facing == "S"


def test_a_wound_does_not_shorten_the_move_under_way() -> None:
    """CW-V35: a hit takes a cowboy's movement for later moves; the move
    under way, paid for, goes on."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=REACT)
    act(s, "C1 move T:a4 S")  # 3 of 4 points
    act(s, "C2 react C1")
    act(s, "roll 5 5")  # 10 - 2 = 8: a hit at range 3
    assert figure(s, "C1").health == 3 and figure(s, "C1").movement == 3
    assert at(s, "C1") == "T:a4"
    assert "Cowboy 1 moves to T:a4 by T:a2, T:a3 facing S (3 of 4 points)." in log_text(s)


def test_the_mover_falling_ends_the_move_there() -> None:
    """CW-V35: a mover who goes down stops on the square where he fell
    (a natural 12: two hits on his last two health)."""
    s = street_game(
        [C("C1", "a1", "S", health=2), C("C3", "h1", "S")], [C("C2", "d3", "W")], rules=REACT
    )
    act(s, "C1 move T:a3 S")
    act(s, "C2 react C1")
    act(s, "roll 6 6")
    assert not figure(s, "C1").standing and at(s, "C1") == "T:a2"
    assert "Cowboy 1's move ends on T:a2: he is down." in log_text(s)
    assert s.phase == Phase.SELECT and s.to_move == 0


def test_a_rider_or_his_horse_and_a_thrown_rider_stops() -> None:
    """CW-V38: the reacting side picks the rider or the horse (Shoot lets
    a shooter pick either); a horse killed under him throws him and ends
    his move (Movement with Horses)."""
    s = street_game(
        [C("C1", "a1", "S", mounted=True), C("C3", "h1", "S")], [C("C2", "d3", "W")], rules=REACT
    )
    s.horses[0] = replace(s.horses[0], health=1)
    act(s, "C1 ride T:a4 S")
    assert legal(s) == {"C2 react C1", "C2 react H1", "pass"}
    act(s, "C2 react H1")
    act(s, "roll 5 5")
    f = figure(s, "C1")
    assert f.standing and f.horse is None and f.stunned and at(s, "C1") == "T:a2"
    assert "Cowboy 1's move ends on T:a2: he is thrown." in log_text(s)
    assert s.phase == Phase.SELECT


# -- a thrown rider (CW-X1) -------------------------------------------------------------------


def test_a_thrown_rider_is_not_offered_a_reaction_and_it_is_refused() -> None:
    """The auditor's case. Movement with Horses: a rider whose horse is
    killed under him may perform no action in his next turn; a reaction
    counts as his action (Reaction Fire). Cowboy 2's horse falls to Cowboy
    1's shot; the town folk then walks across his front: only Cowboy 4 is
    offered a reaction (before, ``C2 react T1`` was offered), and a typed
    ``C2 react T1`` is refused in one line (ruling CW-X1)."""
    s = street_game(
        [C("C1", "a1", "E"), C("T1", "f3", "W")],
        [C("C2", "d1", "S", mounted=True), C("C4", "h6", "N")],
        rules=REACT,
        moves_first=False,
    )
    s.horses[0] = replace(s.horses[0], health=1)
    act(s, "C1 shoot H1")
    act(s, "roll 5 5")
    assert "Cowboy 2 is thrown and loses his next action." in log_text(s)
    assert figure(s, "C2").stunned
    act(s, "T1 move T:b3 W")
    assert s.phase == Phase.REACT
    assert legal(s) == {"C4 react T1", "pass"}
    with pytest.raises(ValueError, match="thrown when his horse was killed") as err:
        act(s, "C2 react T1")
    assert "\n" not in str(err.value)
    assert all("C2 react" not in a for _ in run_move(s) for a in legal(s))


def test_a_thrown_rider_reacts_again_once_the_turn_he_lost_is_over() -> None:
    """CW-X1: he loses his side's next part (CW-T3) and may not react
    until the end of that turn; in the next turn he reacts again."""
    s = street_game(
        [C("C1", "a1", "E"), C("T1", "f3", "W")],
        [C("C2", "d1", "S", mounted=True)],
        rules=REACT,
        moves_first=False,
    )
    s.horses[0] = replace(s.horses[0], health=1)
    act(s, "C1 shoot H1")
    act(s, "roll 5 5")
    act(s, "T1 move T:b3 W")
    # Nobody else can react: no window at all. Side 1 has acted; side 2's
    # part is Cowboy 2's lost one, and the turn is over.
    assert s.phase == Phase.SELECT and at(s, "T1") == "T:b3"
    assert s.turn == 2 and s.to_move == 0
    assert not figure(s, "C2").stunned and "C2" not in s.lost
    act(s, "T1 move T:f3 E")
    assert s.phase == Phase.REACT and legal(s) == {"C2 react T1", "pass"}


def test_with_the_advanced_rules_a_thrown_rider_does_not_react_all_that_turn() -> None:
    """CW-X1 with all the Advanced Rules (the cup, Variable Damage, Shot
    Horses): Cowboy 2's horse falls in turn 2 before his marker is drawn;
    he reacts neither before his lost activation nor after it in that
    turn, and reacts again in turn 3."""
    s = street_game(
        [C("C1", "a1", "E"), C("C3", "h3", "W"), C("T1", "f3", "W")],
        [C("C2", "d1", "S", mounted=True), C("C4", "h6", "N")],
        rules=("advanced",),
    )
    s.horses[0] = replace(s.horses[0], health=1)
    act(s, "end", "end")
    assert s.turn == 2 and s.phase == Phase.CUP
    act(s, "C1", "C1 shoot H1", "roll 5 5", "3C")  # one hit: the horse falls
    assert "Cowboy 2 is thrown and loses his next action." in log_text(s)
    act(s, "s1", "T1 move T:b3 W")
    assert legal(s) == {"C4 react T1", "pass"}  # before, C2 react T1 too
    with pytest.raises(ValueError, match="thrown when his horse was killed"):
        act(s, "C2 react T1")
    run_move(s)
    act(s, "C2")  # his lost activation
    assert "Cowboy 2 lost his horse under him: he loses this activation." in log_text(s)
    assert "C2" in s.lost and not figure(s, "C2").stunned
    act(s, "C3", "C3 move T:d3 W")
    assert all("C2 react" not in a for _ in run_move(s) for a in legal(s))
    assert at(s, "C3") == "T:d3"
    # Cowboy 4's marker, the last, is drawn at once; he lets the turn end.
    while s.turn == 2:
        act(s, "C4 wait" if s.phase == Phase.SELECT else "pass")
    assert s.turn == 3 and s.lost == frozenset()
    act(s, "C3")
    act(s, "C3 move T:g3 E")
    assert s.phase == Phase.REACT and "C2 react C3" in legal(s)


def test_several_reactors_to_one_mover() -> None:
    """Reaction Fire: any number of cowboys may react to one mover; after
    a reaction shot the side is asked again for its other cowboys at the
    same square (CW-V33); each reacts once a turn."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W"), C("C4", "d2", "W")], rules=REACT)
    act(s, "C1 move T:a4 S")
    assert legal(s) == {"C2 react C1", "C4 react C1", "pass"}
    act(s, "C2 react C1")
    act(s, "roll 1 2")
    assert s.phase == Phase.REACT and at(s, "C1") == "T:a2"
    assert legal(s) == {"C4 react C1", "pass"}
    act(s, "C4 react C1")
    act(s, "roll 1 2")
    # Both have reacted: the move runs on without asking.
    assert s.phase == Phase.SELECT and at(s, "C1") == "T:a4"
    # Their actions are spent: side 2's part has nobody to act, and the
    # next turn begins.
    assert s.turn == 2 and s.to_move == 0


def test_the_windows_of_a_whole_move() -> None:
    """A window at each square entered while someone can react: three
    squares, three windows; a pass at each lets him through."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=REACT)
    act(s, "C1 move T:a4 S")
    assert run_move(s) == [(1, "T:a2"), (1, "T:a3"), (1, "T:a4")]
    assert at(s, "C1") == "T:a4" and s.phase == Phase.SELECT
    assert log_text(s).count("Side 2 holds fire as Cowboy 1 moves through") == 3


@pytest.mark.parametrize(
    "theirs",
    [
        [C("C2", "d3", "E")],  # the mover is behind him
        [C("C2", "d3", "W", weapons=("pistol",), holstered=True)],  # no weapon in hand
        [C("C2", "h3", "W", weapons=("shotgun",))],  # out of range
        [C("T2", "d3", "W")],  # town folk do not react
    ],
)
def test_no_window_when_nobody_can_react(theirs: list[object]) -> None:
    """A side is never asked when none of its cowboys can react: the mover
    behind him, no weapon in hand, out of range (a shotgun reaches 5
    squares, h3 is 7 from the a column), a town folk: the whole move asks
    no question."""
    s = street_game([C("C1", "a1", "S")], theirs, rules=REACT)  # type: ignore[arg-type]
    act(s, "C1 move T:a4 S")
    assert s.phase == Phase.SELECT and at(s, "C1") == "T:a4"


def test_jammed_or_empty_weapons_do_not_react() -> None:
    """CW-V32: a reaction shot is fired by the weapon in hand, loaded and
    not jammed (no draw, no reload in a reaction)."""
    for change in ({"jammed": True}, {"ammo": 0}):
        s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=REACT)
        k = s.index["C2"]
        f = s.figures[k]
        s.figures[k] = f.with_weapon(replace(f.weapons[0], **change))  # type: ignore[arg-type]
        act(s, "C1 move T:a4 S")
        assert run_move(s) == [] and at(s, "C1") == "T:a4"


def test_only_squares_entered_open_a_window() -> None:
    """CW-V30: a turn in his square, a change of weapon or a mount where
    he stands enter no square: no window."""
    s = street_game([C("C1", "a2", "S")], [C("C2", "d3", "W")], rules=REACT)
    act(s, "C1 move T:a2 E")
    assert s.phase == Phase.SELECT and figure(s, "C1").facing == "E"


def test_a_waiting_cowboy_reacts_one_who_moved_or_shot_does_not() -> None:
    """Reaction Fire: only a cowboy who has not moved or shot this turn
    reacts; a ``wait`` is neither, so a cowboy held back covers the street
    (CW-V34). Side 1 acts first: its cowboys react in side 2's part."""
    s = street_game(
        [C("C1", "d3", "W"), C("C3", "d2", "W"), C("C5", "h1", "S")],
        [C("C2", "a1", "W"), C("C4", "h6", "S")],
        rules=REACT,
    )
    act(s, "C1 wait")
    act(s, "C3 move T:d1 W")  # C3 has moved
    act(s, "C5 shoot C4")  # C5 has shot
    act(s, "roll 1 2")
    assert s.to_move == 1
    act(s, "C2 move T:a4 S")
    assert s.phase == Phase.REACT and s.to_move == 0
    assert legal(s) == {"C1 react C2", "pass"}
    act(s, "C1 react C2")
    assert "C1" in s.acted and "C1" in s.reacted
    act(s, "roll 1 2")
    assert at(s, "C2") == "T:a4"


def test_a_reaction_spends_the_cowboys_action_in_his_sides_part() -> None:
    """CW-V34: reacting before his side's part, the cowboy has no action
    left in it."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W"), C("C4", "h6", "N")], rules=REACT)
    act(s, "C1 move T:a4 S")
    act(s, "C2 react C1")
    act(s, "roll 1 2")
    assert s.to_move == 1 and s.phase == Phase.SELECT
    assert not any(a.startswith("C2 ") for a in legal(s))
    assert any(a.startswith("C4 ") for a in legal(s))


def test_the_path_crosses_the_fewest_squares_in_sight() -> None:
    """CW-V37: the person picks the end of the move; among the cheapest
    ways there the engine takes the one through the fewest squares a
    cowboy able to react sees. A shotgun at h1 facing W sees c1-c3 (range
    5) but not a2 or b2."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "h1", "W", weapons=("shotgun",))], rules=REACT)
    assert "cheapest way least in sight of cowboys who could react" in s.describe_action(
        s.parse("C1 move T:c3 S")
    )
    act(s, "C1 move T:c3 S")
    assert run_move(s) == [(1, "T:c3")]
    assert at(s, "C1") == "T:c3"
    by = log_text(s).split("Cowboy 1 moves to T:c3 by ")[1].split(" facing")[0]
    assert "T:c1" not in by and "T:c2" not in by


def test_the_path_is_the_basic_games_without_the_option() -> None:
    """Without Reaction Fire the move is the basic game's: one sentence, no
    path in it, no window."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")])
    act(s, "C1 move T:a4 S")
    assert s.phase == Phase.SELECT and at(s, "C1") == "T:a4"
    assert "Cowboy 1 moves to T:a4 facing S (3 of 4 points)." in log_text(s)


def _three_sides() -> CowboysState:
    eliminate = (Goal("eliminate"),)
    setup = Setup(
        name="test",
        town=STREET,
        sides=(
            SideSetup("Side 1", (C("C1", "a1", "S"),), 0, eliminate),
            SideSetup("Side 2", (C("C2", "d3", "W"),), 0, eliminate),
            SideSetup("Side 3", (C("C3", "d2", "W"),), 0, eliminate),
        ),
        turns=3,
    )
    return CowboysState(GAME, CowboysOptions(reaction_fire=True), setup)


def test_several_sides_are_asked_in_the_order_of_play() -> None:
    """CW-V36: with several opposing sides (a three-way standoff), each is
    asked at the square in the order of play from the side moving."""
    s = _three_sides()
    act(s, "C1 move T:a4 S")
    assert s.to_move == 1 and legal(s) == {"C2 react C1", "pass"}
    act(s, "pass")
    assert s.to_move == 2 and legal(s) == {"C3 react C1", "pass"}
    act(s, "C3 react C1")
    act(s, "roll 1 2")
    # Side 3's only cowboy has reacted: at T:a3 only side 2 is asked.
    assert s.to_move == 1 and at(s, "C1") == "T:a3"
    assert run_move(s) == [(1, "T:a3"), (1, "T:a4")]


def test_notation_round_trip_and_words() -> None:
    """``C2 react C1`` (or ``H1``, the horse) round-trips; the window's
    choices are described for a person, and the view shows the window."""
    for text in ("C2 react C1", "C2 react H1"):
        a = parse_action(text.lower())
        assert isinstance(a, React) and str(a) == text
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=REACT)
    act(s, "C1 move T:a4 S")
    for a in s.legal_actions():
        assert s.parse(str(a)) == a
    assert s.describe_action(s.parse("C2 react C1")) == (
        "Cowboy 2 takes a reaction shot at Cowboy 1 on T:a2: one pistol shot, range 3, needs 8, "
        "-2 reaction fire: 10+ on 2d6, 17% to hit (6 → 5 rounds); it is his action this turn"
    )
    assert s.describe_action(s.parse("pass")) == "take no reaction shot at Cowboy 1 on T:a2"
    v = s.view(1)["reaction"]
    assert v == {
        "mover": "C1",
        "square": "T:a2",
        "side": 1,
        "reactors": [{"id": "C2", "target": "C1", "needed": 8, "range": 3}],
    }
    from saloon.games.cowboys.render import status_lines

    assert (
        "C1 moves through T:a2: Side 2 may react with C2 at C1 (pistol, range 3, 10+ on 2d6), "
        "or pass."
    ) in status_lines(s)


# -- whole games ----------------------------------------------------------------------------

# The contract with Reaction Fire alone, and with the Advanced Rules together, is
# checked over random games in test_cowboys_advanced_conformance.py.


def test_random_games_never_ask_a_question_with_one_answer() -> None:
    """A reaction window always offers a shot besides ``pass``, and random
    games do meet windows and reaction shots."""
    rng = np.random.default_rng(3)
    windows = shots = 0
    for scenario in ("brawl", "ok-corral"):
        for _ in range(3):
            s = GAME.new_state(CowboysOptions(scenario=scenario, reaction_fire=True))
            while not s.is_over:
                if s.is_chance:
                    s.apply(s.sample_chance(rng))
                    continue
                acts = s.legal_actions()
                assert len(acts) > 1 or s.phase != Phase.REACT
                if s.phase == Phase.REACT:
                    windows += 1
                a = acts[int(rng.integers(len(acts)))]
                shots += isinstance(a, React)
                s.apply(a)
    assert windows > 0 and shots > 0


def test_max_length_bounds_the_windows() -> None:
    """CW-V39: each action may now meet a pass per opposing side at each
    of up to 14 squares."""
    setup = setup_of(CowboysOptions(scenario="brawl"))
    base = max_length_of(setup)
    more = max_length_of(setup, ("reaction_fire",))
    figures = sum(len(s.figures) for s in setup.sides)
    cards = sum(s.cards for s in setup.sides)
    per_action = 14 * (len(setup.sides) - 1)
    assert more - base == per_action * (setup.turns * figures + cards)


# -- the bots -------------------------------------------------------------------------------


def test_the_heuristic_reacts_to_a_good_shot_and_passes_a_hopeless_one() -> None:
    """A reaction shot is taken when its chance to hit times the target's
    worth beats what the cowboy's own action, still to come this turn,
    promises: at c2 facing N he sees the mover at a2 only (a3 and a4 are
    behind him), so he reacts; at b3 facing W he will have two shots at
    range 1 where the mover ends (a4), so he waits for them; at range 7 a
    pistol at -2 hits only on a natural 12."""
    from saloon.games.cowboys.strategy import HeuristicAgent

    def choice(at: str, facing: str) -> str:
        s = street_game([C("C1", "a1", "S")], [C("C2", at, facing)], rules=REACT)
        act(s, "C1 move T:a4 S")
        assert s.phase == Phase.REACT
        return str(HeuristicAgent(seed=0).choose(s))

    assert choice("c2", "N") == "C2 react C1"
    assert choice("b3", "W") == "pass"
    assert choice("h3", "W") == "pass"


def test_the_heuristic_values_holding_a_cowboy_back() -> None:
    """``wait`` is worth the cover a cowboy gives over the squares an enemy
    acting later this turn (with no shot now) may move through; nothing
    without Reaction Fire, with ``hold=0``, or when no enemy acts later."""
    from saloon.games.cowboys.strategy import HeuristicAgent, Knobs

    def hold(rules: tuple[str, ...], knobs: Knobs) -> float:
        s = street_game([C("C1", "d3", "S")], [C("C2", "a1", "N")], rules=rules)
        return HeuristicAgent(seed=0, knobs=knobs)._hold_value(s, figure(s, "C1"))

    assert hold(REACT, Knobs()) > 0
    assert hold(REACT, Knobs(hold=0.0)) == 0
    s = street_game([C("C1", "d3", "S")], [C("C2", "a1", "N")], rules=REACT)
    scores = HeuristicAgent(seed=0, knobs=Knobs(jitter=0))._figure_scores(s, 0, False)
    assert dict((str(a), v) for v, a in scores)["C1 wait"] > 0
    act(s, "end")  # side 2 acts last in the turn: nobody moves after it
    assert HeuristicAgent(seed=0)._hold_value(s, figure(s, "C2")) == 0


def test_mcts_and_random_choose_at_a_reaction_window() -> None:
    from saloon.agents import make_agent

    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=REACT)
    act(s, "C1 move T:a4 S")
    game = s.game
    for spec in ("random", "mcts:iterations=12,rollout=heuristic,top=4,max_depth=12"):
        assert make_agent(spec, game, seed=1).choose(s) in s.legal_actions()


# -- with the activation cup ------------------------------------------------------------------


def test_with_the_cup_a_waiting_cowboy_reacts_and_his_marker_leaves_the_cup() -> None:
    """Reaction Fire: "remove the reacting cowboy's chit from the cup". A
    cowboy drawn who waits stays ready; one not drawn yet may react too,
    and his marker comes out (CW-V34)."""
    s = street_game(
        [C("C1", "a1", "S"), C("C3", "h1", "S")],
        [C("C2", "d3", "W"), C("C4", "d2", "W")],
        rules=("activation_cup", "reaction_fire"),
    )
    act(s, "end")
    act(s, "end")
    assert s.turn == 2 and s.phase == Phase.CUP
    act(s, "C2")
    act(s, "C2 wait")  # held back
    act(s, "C1")
    act(s, "C1 move T:a4 S")
    assert s.phase == Phase.REACT and legal(s) == {"C2 react C1", "C4 react C1", "pass"}
    act(s, "C4 react C1")
    assert "C4" not in s.cup
    act(s, "roll 1 2")
    act(s, "C2 react C1")
    act(s, "roll 1 2")
    # C3's is the last marker left: drawn at once.
    assert at(s, "C1") == "T:a4" and s.cup == () and s.drawn == "C3"


def test_the_heuristic_weighs_the_cup_for_the_action_to_come() -> None:
    """With the cup, a cowboy's own action is still to come while his
    marker is in the cup (the heuristic's reckoning)."""
    from saloon.games.cowboys.strategy import _still_to_act

    s = street_game(
        [C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=("activation_cup", "reaction_fire")
    )
    act(s, "end")
    act(s, "end")
    act(s, "C1")
    assert _still_to_act(s, figure(s, "C2")) and not _still_to_act(s, figure(s, "C1"))

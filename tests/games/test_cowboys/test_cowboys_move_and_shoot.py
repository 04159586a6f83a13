"""Cowboys' Advanced Rules: Facing After Movement, Move and Shoot, Shoot and Move.

Rulebook, Advanced Rules, "Facing After Movement" and "Move and Shoot";
rulings CW-V20..V29 in docs/rulings.md ("Advanced Rules: facing, move and
shoot"). The options are ``facing_after_move`` and ``move_and_shoot``; the
dice are scripted on the test street of conftest, as in
test_cowboys_optional_rules.py. Each rulebook example is a test.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from saloon.core.errors import NotationError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import PASS, STAY, Move, MoveShoot, ShootMove, parse_action
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules import move_shoot
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.state import CowboysState

from .conftest import STREET, C, act, figure, legal, log_text, rolls, street_game

AFTER = ("facing_after_move",)
MS = ("move_and_shoot",)


# -- Facing After Movement -------------------------------------------------------------------


def test_facing_after_movement_the_rulebook_example() -> None:
    """Facing After Movement's example: a cowboy with 4 points moves 3
    squares straight ahead and may stay facing ahead or turn with his 4th
    point; had he moved 4 squares, he could not turn (CW-V20)."""
    free = street_game([C("C1", "a1", "S")], [C("C2", "h6")])
    assert "C1 move T:a5 E" in legal(free)  # the basic game: any facing
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6")], rules=AFTER)
    ok = legal(s)
    assert {"C1 move T:a4 S", "C1 move T:a4 E", "C1 move T:a4 N"} <= ok  # 3 squares
    assert "C1 move T:a5 S" in ok  # 4 squares, facing the way of the last
    assert not {"C1 move T:a5 E", "C1 move T:a5 W", "C1 move T:a5 N"} & ok
    assert not s.is_legal(parse_action("C1 move T:a5 E"))
    assert s.describe_action(parse_action("C1 move T:a4 E")) == (
        "Cowboy 1 moves to T:a4 facing E (3 of 4 points, 1 more to turn)"
    )
    act(s, "C1 move T:a4 E")
    assert figure(s, "C1").facing == "E"
    assert "Cowboy 1 moves to T:a4 facing E (3 of 4 points, 1 more to turn)." in log_text(s)


def test_facing_after_movement_turning_in_place_costs_a_point() -> None:
    """A figure that does not step may turn for 1 point; a wounded cowboy
    whose last point takes him a square may not turn at its end (CW-V20)."""
    s = street_game([C("C1", "a1", "S", health=1)], [C("C2", "h6")], rules=AFTER)
    ok = legal(s)
    assert "C1 move T:a1 E" in ok  # his one point turns him
    assert "C1 move T:a2 S" in ok and "C1 move T:a2 E" not in ok
    assert s.describe_action(parse_action("C1 move T:a1 E")) == "Cowboy 1 turns to face E (1 point)"
    act(s, "C1 move T:a1 E")
    assert "Cowboy 1 turns to face E on T:a1 (1 point)." in log_text(s)


def test_facing_after_movement_with_rule_one_governs() -> None:
    """Advanced Optional Rule 1 and Facing After Movement agree but on a move
    that never leaves the square and spends every point (a cowboy with 2
    points dismounting): Rule 1 lets him face anyway, Facing After Movement
    keeps his facing, and with both on Facing After Movement governs
    (CW-V21)."""
    one = street_game(
        [C("C1", "a1", "S", health=2, mounted=True)],
        [C("C2", "h6")],
        rules=("facing_by_last_step",),
    )
    assert "C1 move T:a1 E" in legal(one)
    for rules in (AFTER, ("facing_by_last_step", *AFTER)):
        s = street_game([C("C1", "a1", "S", health=2, mounted=True)], [C("C2", "h6")], rules=rules)
        ok = legal(s)
        assert "C1 move T:a1 S" in ok  # he gets off, facing as he faced
        assert not {"C1 move T:a1 E", "C1 move T:a1 W", "C1 move T:a1 N"} & ok
        assert not s.is_legal(parse_action("C1 move T:a1 E"))
        # moving 3 squares on the horse of his 2+4 points: a point left to turn
        assert {"C1 ride T:a4 S", "C1 ride T:a4 E"} <= ok


# -- Move and Shoot --------------------------------------------------------------------------


def test_move_and_shoot_the_rulebook_example() -> None:
    """Move and Shoot's example: Cowboy #4 moves 2 squares and shoots at -2
    (-1 a square moved); his ammunition goes down 1, and he moves no more
    this turn (CW-V22, CW-V23)."""
    s = street_game(
        [C("C4", "a1", "E"), C("T1", "h1", "S", weapons=("rifle",))],
        [C("C2", "e2", "W")],
        rules=MS,
    )
    a = parse_action("C4 move T:c1 E shoot C2")
    assert a in s.legal_actions() and s.is_legal(a)
    act(s, "C4 move T:c1 E shoot C2")
    text = log_text(s)
    assert "Cowboy 4 moves to T:c1 facing E (2 of 4 points)." in text
    assert (
        "Cowboy 4 fires one shot with the pistol at Cowboy 2: range 2, needs 6, "
        "-2 on the move; pistol 6 → 5 rounds." in text
    )
    rolls(s, "roll 4 4")  # 8 - 2 = 6: a hit
    assert "4+4 -2 on the move = 6 against 6: a hit" in log_text(s)
    assert figure(s, "C2").health == 3
    c4 = figure(s, "C4")
    assert c4.square == STREET.square("T:c1") and c4.held().ammo == 5  # type: ignore[union-attr]
    # no more movement, nor any other action, for Cowboy 4 this turn
    assert s.phase == Phase.SELECT and s.active == 0 and c4.actions == 0
    assert not any(x.startswith("C4 ") for x in legal(s))
    assert not s.is_legal(parse_action("C4 move T:d1 E"))


def test_move_and_shoot_modifiers_add_up() -> None:
    """The shot of a move and shoot has every modifier of a shot from its
    end (the cowboy's, a back shot, mounted) and -1 a square moved; the
    plan offered is the shot fired (CW-V23, CW-V25)."""
    s = street_game([C("C1", "a1", "E", modifier=1, mounted=True)], [C("C2", "f1", "E")], rules=MS)
    a = parse_action("C1 ride T:c1 E shoot C2")
    plan = move_shoot.plans(s, s.index["C1"])[a]  # type: ignore[index]
    assert plan.mods == (("cowboy", 1), ("back shot", 2), ("mounted", -2), ("on the move", -2))
    assert plan.range == 3 and plan.needed == 8
    act(s, str(a))
    assert s.pending is not None and s.pending.info == plan
    assert "+1 cowboy, +2 back shot, -2 mounted, -2 on the move" in log_text(s)
    # a window the target stands behind: -1, and three squares moved: -3
    s = street_game([C("C1", "a3", "E")], [C("C2", "d5", "N")], rules=MS)
    a = parse_action("C1 move T:d3 S shoot C2")
    plan = move_shoot.plans(s, s.index["C1"])[a]  # type: ignore[index]
    assert plan.mods == (("red line", -1), ("on the move", -3))
    act(s, str(a))
    assert s.pending is not None and s.pending.info == plan


def test_move_and_shoot_needs_the_target_in_sight_from_the_end() -> None:
    """A move and shoot is offered only to an end from which the target is
    in sight, facing a way that has it in front; the square he leaves no
    longer blocks his sight (CW-V25). With Facing After Movement the facing
    is the move's: one square back with no point left keeps him facing away."""
    s = street_game([C("C1", "c2", "N")], [C("C2", "c4", "N")], rules=MS)
    ok = legal(s)
    assert "C1 move T:c1 S shoot C2" in ok  # through c2, which he has left
    assert "C1 move T:c1 N shoot C2" not in ok  # his back to the target
    assert "C1 move T:b3 E shoot C2" in ok
    # a figure of his own in the line: no shot
    s = street_game([C("C1", "c2", "N"), C("T1", "c3", "N")], [C("C2", "c4", "N")], rules=MS)
    assert "C1 move T:c1 S shoot C2" not in legal(s)
    after = street_game([C("C1", "c2", "N")], [C("C2", "c4", "N")], rules=(*MS, *AFTER))
    assert "C1 move T:c1 S shoot C2" in legal(after)  # 1 of 4 points: he may turn
    hurt = street_game([C("C1", "c2", "N", health=1)], [C("C2", "c4", "N")], rules=(*MS, *AFTER))
    assert not any("shoot C2" in x and "T:c1" in x for x in legal(hurt))


def test_move_and_shoot_moves_at_least_a_square() -> None:
    """Turning in one's square and shooting is a spin and shoot, not a move
    and shoot: the move must step into another square (CW-V23)."""
    s = street_game([C("C1", "c2", "N")], [C("C2", "c4", "N")], rules=MS)
    assert not s.is_legal(MoveShoot("C1", "T:c2", "S", "C2"))
    assert "C1 spin S C2" in legal(s)


def test_move_and_shoot_refused_to_town_folk_and_without_a_loaded_gun() -> None:
    """Only a cowboy may move and shoot, or shoot and move; he needs the
    weapon in hand loaded (CW-V22)."""
    s = street_game([C("T1", "a1", "E")], [C("C2", "e2", "W")], rules=MS)
    assert "T1 shoot C2" in legal(s)
    assert not any(("shoot" in x and "move" in x) for x in legal(s))
    assert not s.is_legal(parse_action("T1 move T:c1 E shoot C2"))
    assert not s.is_legal(parse_action("T1 shoot C2 move"))
    s = street_game([C("C1", "a1", "E")], [C("C2", "e2", "W")], rules=MS)
    i = s.index["C1"]
    f = s.figures[i]
    held = f.held()
    assert held is not None
    s.figures[i] = f.with_weapon(replace(held, ammo=0))
    s._cache.clear()
    assert not any("shoot" in x for x in legal(s))
    assert not s.is_legal(parse_action("C1 move T:c1 E shoot C2"))


def test_move_and_shoot_and_moves_before_shots() -> None:
    """Once a figure of the side has shot, the others may not move (CW-T2):
    neither a move and shoot nor a shoot and move is offered (CW-V26)."""
    s = street_game([C("C1", "a1", "E"), C("C3", "a2", "E")], [C("C2", "e2", "W")], rules=MS)
    assert {"C3 move T:b2 E shoot C2", "C3 shoot C2 move"} <= legal(s)
    act(s, "C1 shoot C2")
    rolls(s, "roll 1 2")
    ok = legal(s)
    assert "C3 shoot C2" in ok
    assert not any(x.startswith("C3") and "move" in x for x in ok)


def test_a_jam_loses_the_whole_move_and_shoot() -> None:
    """A move and shoot is announced as a shoot action that fires a weapon:
    a Misfire answers it, and the action is lost, its move with it (CW-V24)."""
    s = street_game(
        [C("C1", "a1", "E")], [C("C2", "e2", "W")], deal=["4C", "2C"], cards=(1, 1), rules=MS
    )
    act(s, "C1 move T:c1 E shoot C2")
    assert s.phase == Phase.ANSWER
    act(s, "play 2C")
    assert figure(s, "C1").square == STREET.square("T:a1")
    assert figure(s, "C1").held().ammo == 6  # type: ignore[union-attr]


# -- Shoot and Move --------------------------------------------------------------------------


def _within_two(ref: str) -> set[str]:
    x, y = STREET.square(ref)
    out = set()
    for xy in STREET.squares():
        if abs(xy[0] - x) + abs(xy[1] - y) <= 2:
            out.add(STREET.ref(xy))
    return out


def test_shoot_and_move_the_rulebook_example() -> None:
    """Shoot and Move's example: Cowboy #4 takes 1 shot, his ammunition
    goes down 1, and once the shot is over he may move up to 2 squares,
    with no penalty on the shot (CW-V26, CW-V27)."""
    s = street_game([C("C4", "b2", "E")], [C("C2", "e2", "W")], rules=MS)
    act(s, "C4 shoot C2 move")
    assert "range 3, needs 8, no modifiers; pistol 6 → 5 rounds" in log_text(s)
    rolls(s, "roll 1 2")
    assert s.phase == Phase.SHOOT_MOVE and s.to_move == 0
    moves = [a for a in s.legal_actions() if isinstance(a, Move)]
    assert s.legal_actions()[-1] == STAY
    assert {a.dest for a in moves} == _within_two("T:b2")
    assert not s.is_legal(parse_action("C4 move T:c4 S"))  # 3 squares
    assert not s.is_legal(parse_action("C4 move T:b2 E"))  # changes nothing: stay
    act(s, "C4 move T:a3 S")
    c4 = figure(s, "C4")
    assert c4.square == STREET.square("T:a3") and c4.held().ammo == 5  # type: ignore[union-attr]
    assert "Cowboy 4 moves to T:a3 facing S (2 of 4 points)." in log_text(s)
    assert s.active == 1  # his side's part is over


def test_shoot_and_move_a_red_line_is_one_square() -> None:
    """Squares, not points: stepping through a window is one square (of 2
    points), so d3 -> d4 -> d5 is a move of 2 squares (CW-V23)."""
    s = street_game([C("C4", "d3", "E")], [C("C2", "g3", "W")], rules=MS)
    act(s, "C4 shoot C2 move")
    rolls(s, "roll 1 2")
    assert "C4 move T:d5 S" in legal(s)


def test_shoot_and_move_stay() -> None:
    s = street_game([C("C4", "b2", "E")], [C("C2", "e2", "W")], rules=MS)
    act(s, "C4 shoot C2 move")
    rolls(s, "roll 6 6")  # a natural 12: two hits
    assert figure(s, "C2").health == 2
    assert s.describe_action(STAY) == "move no further after the shot"
    act(s, "stay")
    assert "Cowboy 4 stays on T:b2 after his shot." in log_text(s)
    assert figure(s, "C4").square == STREET.square("T:b2")


def test_shoot_and_move_with_facing_after_movement() -> None:
    """The move after the shot follows Facing After Movement: 2 squares of
    a wounded cowboy's 2 points face the way of the last (CW-V27)."""
    s = street_game([C("C4", "b2", "E", health=2)], [C("C2", "e2", "W")], rules=(*MS, *AFTER))
    act(s, "C4 shoot C2 move")
    rolls(s, "roll 1 2")
    ok = legal(s)
    assert "C4 move T:b4 S" in ok and "C4 move T:b4 E" not in ok
    assert "C4 move T:b3 E" in ok  # one square, one point left to turn


def test_shoot_and_move_not_asked_when_he_cannot_move() -> None:
    """A cowboy who may not move once his shot is over (knocked down, as
    Reaction Fire can leave him) is not asked: the action ends (CW-V28)."""
    s = street_game([C("C4", "b2", "E"), C("C3", "a1", "S")], [C("C2", "e2", "W")], rules=MS)
    act(s, "C4 shoot C2 move")
    i = s.index["C4"]
    s.figures[i] = replace(s.figures[i], no_move=True)
    rolls(s, "roll 1 2")
    assert s.phase == Phase.SELECT
    assert "Cowboy 4 cannot move after his shot." in log_text(s)
    assert figure(s, "C4").actions == 0


def test_shoot_and_move_stays_inside_the_length_bound() -> None:
    """Every window of a shoot and move open (an answer, the start, before
    the shot, after the hit) and its move: fewer steps than the two shots
    an action may take in ``max_length`` (CW-T14, CW-V29)."""
    from saloon.games.cowboys import _per_action, most_shots

    s = street_game(
        [C("C4", "b2", "E")],
        [C("C2", "e2", "W")],
        deal=["6S", "JC", "2S", "QS"],
        cards=(3, 1),
        rules=MS,
    )
    before = len(s.history)
    act(s, "C4 shoot C2 move")
    for step in ("pass", "pass", "pass", "roll 6 6", "pass", "C4 move T:a3 S"):
        assert s.phase != Phase.SELECT, step
        act(s, step)
    assert s.phase == Phase.SELECT and s.active == 1
    assert len(s.history) - before == 7 <= _per_action(2, most_shots(s.rules))


# -- notation and words --------------------------------------------------------------------


def test_notation_round_trips() -> None:
    for text in (
        "C6 move B:c7 N shoot C3",
        "C6 ride B:c7 N shoot H1",
        "C6 shoot T3 move",
        "stay",
    ):
        a = parse_action(text)
        assert str(a) == text and parse_action(str(a)) == a
    assert parse_action("c6 RIDE b:C07 n Shoot c3") == MoveShoot("C6", "B:c7", "N", "C3", True)
    assert parse_action("c6 shoot c3 MOVE") == ShootMove("C6", "C3")
    for bad in ("C6 move B:c7 N shoot", "C6 move B:c7 N shoot X9", "C6 shoot C3 walk"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_describe_move_and_shoot() -> None:
    s = street_game([C("C1", "a1", "E")], [C("C2", "e3", "N")], rules=MS)
    assert s.describe_action(parse_action("C1 move T:b2 E shoot C2")) == (
        "Cowboy 1 moves to T:b2 facing E (2 squares), then fires one pistol shot at "
        "Cowboy 2: range 3, needs 8, -2 on the move: 10+ on 2d6, 17% to hit (6 → 5 rounds)"
    )
    assert s.describe_action(parse_action("C1 shoot C2 move")) == (
        "Cowboy 1 fires one pistol shot at Cowboy 2: range 4, needs 9, no modifiers: "
        "9+ on 2d6, 28% to hit (6 → 5 rounds), then may move up to 2 squares"
    )


# -- the plans are the shots fired ----------------------------------------------------------


@pytest.mark.parametrize("scenario", ["brawl", "ok-corral"])
def test_every_move_and_shoot_fires_the_shot_it_plans(scenario: str) -> None:
    """In random positions, a move and shoot carried out with no card
    played fires exactly the shot its plan offered (the sight as the town
    stands after the move, the modifiers, the range)."""
    rng = np.random.default_rng(3)
    checked = games = 0
    s = GAME.new_state(CowboysOptions(scenario=scenario, move_and_shoot=True))
    assert isinstance(s, CowboysState)
    while checked < 40 and games < 20:
        if s.is_over:
            games += 1
            s = GAME.new_state(CowboysOptions(scenario=scenario, move_and_shoot=True))
            assert isinstance(s, CowboysState)
            continue
        if s.is_chance:
            s.apply(s.sample_chance(rng))
            continue
        acts = list(s.legal_actions())
        ms = [a for a in acts if isinstance(a, MoveShoot)]
        for k in rng.permutation(len(ms))[:4]:
            a = ms[int(k)]
            plan = move_shoot.plans(s, s.index[a.fig])[a]
            t = s.clone()
            t.apply(a)
            while t.pending is not None and t.pending.info is None and not t.is_chance:
                t.apply(PASS)
            assert t.pending is not None and t.pending.info == plan, str(a)
            checked += 1
        s.apply(acts[int(rng.integers(len(acts)))])
    assert checked >= 40


# -- the heuristic ---------------------------------------------------------------------------


def test_heuristic_steps_into_sight_and_shoots() -> None:
    """A cowboy who cannot see the enemy from where he stands moves into
    sight and shoots, rather than only moving."""
    from saloon.games.cowboys.strategy import HeuristicAgent

    s = street_game(
        [C("C1", "a1", "E")], [C("C2", "c3", "E")], objects=(("horse", "T:b2", "N"),), rules=MS
    )
    assert "C1 shoot C2" not in legal(s)  # a horse is in the way
    choice = HeuristicAgent(seed=0).choose(s)
    assert isinstance(choice, MoveShoot) and choice.target == "C2"


def test_heuristic_shoots_then_steps_out_of_sight() -> None:
    """After a shoot and move's shot, a wounded cowboy facing a deadly rifle
    steps where it cannot see him (through the bank's door)."""
    from saloon.games.cowboys.strategy import HeuristicAgent

    s = street_game(
        [C("C4", "c4", "E", health=2)],
        [C("C2", "f2", "W", modifier=2, weapons=("rifle",))],
        rules=MS,
    )
    act(s, "C4 shoot C2 move")
    rolls(s, "roll 1 2")
    choice = HeuristicAgent(seed=0).choose(s)
    assert isinstance(choice, Move)
    act(s, str(choice))
    c4, c2 = figure(s, "C4"), figure(s, "C2")
    assert c4.square is not None and c2.square is not None
    assert s.sight_line(c2.square, c4.square) is None


@pytest.mark.parametrize("spec", ["random", "mcts:iterations=8,max_depth=10"])
def test_search_and_random_play_with_it(spec: str) -> None:
    """``random`` and ``mcts`` play a game with move and shoot (and facing
    after movement) on to its end."""
    from saloon.agents import make_agent

    opts = CowboysOptions(scenario="hickok-tutt", move_and_shoot=True, facing_after_move=True)
    s = GAME.new_state(opts)
    agents = [make_agent(spec, GAME, seed=k) for k in range(s.num_players)]
    rng = np.random.default_rng(0)
    while not s.is_over:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            p = s.to_move
            assert p is not None
            s.apply(agents[p].choose(s))
    assert s.is_over


# The contract with each of these options alone, and with them all, is checked
# over random games in test_cowboys_advanced_conformance.py.

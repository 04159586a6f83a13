"""Shoot Out's rules, one test per rule, each citing what it checks.

Citations name a section of the rulebook (``shoot-out.txt``: "Setup", "The
Game", "Moving", "Shooting", "The End of the Duel", "The End of the Game",
"Variants") or a binding ruling ("RULINGS Shoot Out N"). Players are
0-based in code and "p1"/"p2" in notation. Situations are built by applying
the real actions and chance outcomes (``first p1``, ``card 7``, ``d20 14``),
so every test goes through the same transitions as a real game.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from saloon.core import (
    CHANCE,
    GameRecord,
    IllegalAction,
    NotationError,
    ScriptedDice,
    get_game,
    play,
)
from saloon.core.action import Action
from saloon.core.state import State
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import (
    CENTRE,
    COLT,
    MOVE,
    RETREAT,
    WINCHESTER,
    Card,
    FirstPlayer,
    Move,
    Retreat,
    Roll,
    Shoot,
    ShootOutState,
)

GAME = get_game("shootout")


# -- helpers -------------------------------------------------------------------------


def new(**options: object) -> ShootOutState:
    state = GAME.new_state(ShootOutOptions(**options))  # type: ignore[arg-type]
    assert isinstance(state, ShootOutState)
    return state


def run(state: ShootOutState, *steps: str) -> ShootOutState:
    """Apply each step (an action or outcome in notation), checked."""
    for step in steps:
        state.apply(GAME.parse_action(step))
    return state


def duel(first: int = 1, card: int = 7, **options: object) -> ShootOutState:
    """A fresh game at the first turn of duel 1: ``first`` (1 or 2) starts."""
    return run(new(**options), f"first p{first}", f"card {card}")


def texts(state: ShootOutState) -> list[str]:
    return [event.text for event in state.log]


def legal(state: ShootOutState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def snapshot(state: ShootOutState) -> tuple[object, ...]:
    return (
        state.key(),
        state.won[0][:],
        state.won[1][:],
        state.duel,
        state.ended_by,
        len(state.history),
        len(state.log),
    )


# -- Setup and The Game --------------------------------------------------------------


def test_setup_pawns_bullets_and_deck() -> None:
    """ "Setup", "The Game", RULINGS Shoot Out 1: pawns on 17, 12 black and
    6 red bullets each, a deck of the cards 2 to 7, no card turned up yet."""
    state = new()
    assert state.pos == [17, 17]
    assert state.black == [12, 12]
    assert state.red == [6, 6]
    assert state.deck == (2, 3, 4, 5, 6, 7)
    assert state.card is None
    assert state.won == [[], []]
    assert state.num_players == 2
    assert not state.is_over


def test_first_chance_node_is_the_first_duel_starter_at_fifty_fifty() -> None:
    """ "The Game" (a start player chosen at random), RULINGS Shoot Out 6:
    the game opens on a 50/50 chance node for who starts the first duel."""
    state = new()
    assert state.to_move == CHANCE
    assert dict(state.chance_outcomes()) == {FirstPlayer(0): 0.5, FirstPlayer(1): 0.5}
    assert state.legal_actions() == []


def test_then_the_card_then_the_starter_moves() -> None:
    """RULINGS Shoot Out 6: after the starter, the duel's card is a second
    chance node; then the chosen starter is to move."""
    state = run(new(), "first p2")
    assert state.to_move == CHANCE
    assert {o for o, _ in state.chance_outcomes()} == {Card(v) for v in range(2, 8)}
    run(state, "card 4")
    assert state.to_move == 1
    assert state.card == 4
    assert state.deck == (2, 3, 5, 6, 7)
    assert "Player 2 starts the first duel." in texts(state)
    assert (
        "Duel 1: the card 4 is turned up (left in the deck: 2 3 5 6 7); player 2 starts."
        in texts(state)
    )


@pytest.mark.parametrize("first", [1, 2])
def test_either_player_may_start_the_first_duel(first: int) -> None:
    """ "The Game": the first duel's start player is chosen at random."""
    assert duel(first=first).to_move == first - 1


def test_card_draw_is_uniform_over_the_cards_left() -> None:
    """RULINGS Shoot Out 6: each duel's card is drawn uniformly among the
    cards still in the deck; a card won is gone."""
    state = duel(first=1, card=7)
    run(state, "retreat", "card 3")  # player 2 takes the 7; duel 2 for the 3
    run(state, "retreat")  # player 1 retreats again: player 2 takes the 3
    assert state.to_move == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {Card(v): pytest.approx(0.25) for v in (2, 4, 5, 6)}
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_card_sampling_matches_the_distribution() -> None:
    """RULINGS Shoot Out 6: the fast sampler draws the same uniform card."""
    state = run(new(), "first p1")
    rng = np.random.default_rng(0)
    counts = Counter(state.sample_chance(rng) for _ in range(6000))
    assert set(counts) == {Card(v) for v in range(2, 8)}
    for n in counts.values():
        assert 850 < n < 1150  # expected 1000 each; more than 5 sd away fails


def test_duplicate_card_values_weigh_by_their_count() -> None:
    """RULINGS Shoot Out 6 with a designer's deck (ruling 10): a value that
    appears twice is twice as likely."""
    state = run(new(cards=(3, 3, 5), target=5), "first p1")
    assert dict(state.chance_outcomes()) == {
        Card(3): pytest.approx(2 / 3),
        Card(5): pytest.approx(1 / 3),
    }
    run(state, "card 3")
    assert state.deck == (3, 5)


def test_a_card_already_drawn_cannot_be_drawn_again() -> None:
    """ "The Game": the top card of the deck is turned up; it leaves the deck."""
    state = run(duel(card=7), "retreat")
    with pytest.raises(IllegalAction):
        state.apply(Card(7))


@pytest.mark.parametrize("first", [1, 2])
def test_the_loser_starts_the_next_duel_after_a_centre_win(first: int) -> None:
    """ "The Game": later duels are started by the player who lost the
    previous duel (RULINGS Shoot Out 6)."""
    state = duel(first=first, start=5)
    run(state, "move")  # the starter reaches the centre and wins
    assert state.won[first - 1] == [7]
    run(state, "card 2")
    assert state.to_move == 2 - first  # the other player, who lost


def test_the_loser_starts_the_next_duel_after_a_retreat() -> None:
    """ "The Game", "The End of the Duel": the retreating player lost the
    duel, so he starts the next one."""
    state = duel(first=1)
    run(state, "move", "retreat")  # player 2 retreats
    assert state.won == [[7], []]
    run(state, "card 2")
    assert state.to_move == 1


def test_turns_alternate() -> None:
    """ "The Game": players move alternately."""
    state = duel(first=1)
    movers = []
    for _ in range(4):
        movers.append(state.to_move)
        run(state, "move")
    assert movers == [0, 1, 0, 1]


# -- Moving ----------------------------------------------------------------------------


def test_a_move_advances_one_space_and_ends_the_turn() -> None:
    """ "Moving": one space toward the centre, then the turn is over."""
    state = duel(first=1)
    run(state, "move")
    assert state.pos == [16, 17]
    assert state.to_move == 1
    assert texts(state)[-1] == "Player 1 moves to space 16."


def test_the_street_runs_from_17_down_to_5_then_the_centre() -> None:
    """RULINGS Shoot Out 1: from 17 a pawn passes 16..5 and its 13th move
    reaches the centre (5 -> centre), which wins the duel at once."""
    state = duel(first=1)
    seen = []
    for _ in range(12):
        run(state, "move")
        seen.append(state.pos[0])
        run(state, "move")
    assert seen == list(range(16, 4, -1))
    assert state.pos == [5, 5]
    run(state, "move")
    assert state.won == [[7], []]
    assert state.ended_by == "centre"
    assert "Player 1 reaches the centre." in texts(state)
    assert (
        "Player 1 wins the duel: he reached the centre with Player 2 still on space 5. "
        "Player 1 takes the card 7 and leads, 7 points to 0."
    ) in texts(state)


def test_front_space_to_centre_wins_the_duel_at_once() -> None:
    """ "The End of the Duel", RULINGS Shoot Out 1: reaching the centre
    (written as space 0) ends the duel; the opponent gets no answer."""
    state = duel(first=2, start=6)
    run(state, "move", "move")  # both on 5
    assert state.pos == [5, 5]
    run(state, "move")  # player 2 from 5 to the centre
    assert state.won == [[], [7]]
    assert state.to_move == CHANCE  # next duel's card, not player 1's reply
    assert state.pos == [6, 6]  # both reset to the start space (6 here)


def test_centre_is_space_zero() -> None:
    """Saloon writes the centre as space 0 (docs/rulings.md)."""
    assert CENTRE == 0


# -- Shooting --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "roll", "hit"),
    [
        (17, 16, False),
        (17, 17, True),
        (17, 20, True),
        (10, 9, False),
        (10, 10, True),
        (20, 19, False),
        (20, 20, True),
        (5, 4, False),
        (5, 5, True),
        (5, 1, False),
    ],
)
def test_colt_hits_when_the_roll_reaches_the_shooters_space(
    space: int, roll: int, hit: bool
) -> None:
    """ "Shooting", RULINGS Shoot Out 3: a Colt shot hits when the d20 is at
    least the number of the space the shooter stands on (smaller: a miss)."""
    state = duel(first=1, start=space)
    run(state, "colt", f"d20 {roll}")
    assert state.pos[1] == (min(20, space + 3) if hit else space)
    assert (state.to_move == 0) == hit  # a hit keeps the turn, a miss ends it
    word = "a hit" if hit else "a miss"
    assert texts(state)[-1].startswith(
        f"Player 1 fires the Colt from space {space}: d20 {roll}, {word} ({space} needed; "
    )


@pytest.mark.parametrize(
    ("space", "roll", "hit"),
    [(17, 13, False), (17, 14, True), (20, 16, False), (20, 17, True), (5, 1, False), (5, 2, True)],
)
def test_winchester_adds_three(space: int, roll: int, hit: bool) -> None:
    """ "Shooting", RULINGS Shoot Out 3: the Winchester adds +3 to the d20."""
    state = duel(first=1, start=space)
    run(state, "winchester", f"d20 {roll}")
    assert (state.to_move == 0) == hit
    assert f"d20 {roll} + 3 = {roll + 3}," in texts(state)[-1]


@pytest.mark.parametrize("space", [5, 10, 17, 20])
def test_hit_chance_counts_the_faces_that_hit(space: int) -> None:
    """ "Shooting": the chance of a hit is the share of d20 faces that reach
    the shooter's space (with +3 for the Winchester)."""
    state = duel(first=1, start=space)
    assert state.hit_chance(0, "colt") == pytest.approx((21 - space) / 20)
    assert state.hit_chance(0, "winchester") == pytest.approx(min(20, 24 - space) / 20)


def test_a_roll_is_a_uniform_d20() -> None:
    """ "Shooting": the shot rolls one d20: faces 1..20, each 1/20."""
    state = run(duel(), "colt")
    assert state.to_move == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {Roll(f): pytest.approx(0.05) for f in range(1, 21)}


def test_rulebook_worked_example_winchester_from_space_10() -> None:
    """ "Shooting", the example: player 1 on space 10 fires the Winchester
    (a red bullet), needs 7, rolls 9: a hit; player 2 goes back from 8 to
    11; player 1 then shoots again or moves forward one space.

    Played with the driver and scripted dice: seven rounds of moves bring
    both to 10; player 1 then misses twice with the Colt (1 < 10) while
    player 2 walks on to 8.
    """

    class Reached(Exception):
        pass

    class Script:
        def __init__(self, name: str, moves: list[str]) -> None:
            self.name = name
            self.moves = moves

        def choose(self, state: State) -> Action:
            return GAME.parse_action(self.moves.pop(0))

    p1 = Script("p1", ["move"] * 7 + ["colt", "colt", "winchester", "winchester", "move"])
    p2 = Script("p2", ["move"] * 9)
    dice = ScriptedDice(["first p1", "card 5", "d20 1", "d20 1", "d20 9", "d20 1"])
    reached: list[tuple[int, ...]] = []

    def watch(state: State, mover: int, action: object) -> None:
        assert isinstance(state, ShootOutState)
        if action == Roll(9):
            reached.append((state.pos[0], state.pos[1], state.red[0], state.to_move))
            assert state.hit_chance(0, "winchester") == pytest.approx(14 / 20)  # 7..20
            assert [str(a) for a in state.legal_actions()] == ["move", "colt", "winchester"]
            raise Reached

    with pytest.raises(Reached):
        play(GAME, None, [p1, p2], dice, on_step=watch)
    assert reached == [(10, 11, 5, 0)]  # p2 pushed from 8 to 11; one red spent; p1 to move

    # The same, step by step: after the hit, shooting again and moving are both open.
    state = duel(first=1, card=5)
    run(state, *["move"] * 14, "colt", "d20 1", "move", "colt", "d20 1", "move")
    assert state.pos == [10, 8]
    assert state.to_move == 0
    run(state, "winchester")
    assert state.red == [5, 6]
    run(state, "d20 9")
    assert state.pos == [10, 11]
    assert texts(state)[-1] == (
        "Player 1 fires the Winchester from space 10: d20 9 + 3 = 12, a hit (10 needed; "
        "5 red bullets left). Player 2 is pushed back from space 8 to 11."
    )
    again = run(state.clone(), "winchester", "d20 1")  # shoots again, misses
    assert again.to_move == 1
    moved = run(state.clone(), "move")  # or moves forward one space
    assert moved.pos == [9, 11]
    assert moved.to_move == 1


@pytest.mark.parametrize(("target_on", "after"), [(16, 19), (17, 20), (18, 20), (19, 20), (20, 20)])
def test_pushback_three_never_beyond_20(target_on: int, after: int) -> None:
    """ "Shooting": a hit moves the target back three spaces; he cannot be
    moved back beyond space 20 (RULINGS Shoot Out 3)."""
    state = duel(first=1, start=target_on)
    run(state, "colt", "d20 20")
    assert state.pos[1] == after


def test_hits_at_the_back_stack_up_to_20_only() -> None:
    """ "Shooting": a pawn pushed to 19, then hit again, stops at 20; hit
    again on 20, it stays on 20."""
    state = duel(first=1, start=17)
    run(state, "move")  # p1 on 16
    run(state, "colt", "d20 20")  # p2 hits: p1 to 19
    assert state.pos[0] == 19
    run(state, "colt", "d20 20")  # p2 again: p1 from 19 to 20
    assert state.pos[0] == 20
    run(state, "winchester", "d20 20")  # again: p1 stays on 20
    assert state.pos[0] == 20
    assert state.to_move == 1


def test_after_a_hit_shoot_again_with_either_weapon_or_move_but_no_retreat() -> None:
    """ "Shooting", RULINGS Shoot Out 3: after a hit the shooter may shoot
    again (either weapon) or move one space; "The End of the Duel": a
    retreat is only at the beginning of a turn."""
    state = run(duel(first=1), "colt", "d20 20")
    assert state.to_move == 0
    assert legal(state) == ["move", "colt", "winchester"]
    with pytest.raises(IllegalAction, match="only at the very start of a turn") as err:
        state.apply(RETREAT)
    assert str(err.value).endswith("fire either gun again or move")
    run(state, "winchester", "d20 20")  # the other weapon, a second hit
    assert state.to_move == 0
    run(state, "colt", "d20 20")  # and back to the Colt
    assert state.to_move == 0
    assert state.black[0] == 10 and state.red[0] == 5
    run(state, "move")
    assert state.pos[0] == 16
    assert state.to_move == 1
    assert "retreat" in legal(state)  # the opponent's turn begins afresh


def test_a_miss_ends_the_turn() -> None:
    """ "Shooting": on a miss the turn is over and play moves to the opponent."""
    state = run(duel(first=1), "colt", "d20 3")
    assert state.to_move == 1
    assert state.pos == [17, 17]
    assert legal(state) == ["retreat", "move", "colt", "winchester"]
    assert texts(state)[-1] == (
        "Player 1 fires the Colt from space 17: d20 3, a miss (17 needed; 11 black bullets left)."
    )


def test_a_miss_after_a_hit_ends_the_turn_too() -> None:
    """ "Shooting": the shooter keeps shooting only as long as he hits."""
    state = run(duel(first=1), "colt", "d20 20", "colt", "d20 1")
    assert state.to_move == 1
    assert state.pos == [17, 20]


@pytest.mark.parametrize(
    ("weapon", "colour", "full"), [("colt", "black", 12), ("winchester", "red", 6)]
)
def test_a_bullet_is_discarded_before_the_roll_hit_or_miss(
    weapon: str, colour: str, full: int
) -> None:
    """ "Shooting": the player discards a bullet of the gun's colour, then
    rolls; the bullet is gone even if the shot misses."""
    state = run(duel(first=1), weapon)
    assert getattr(state, colour) == [full - 1, full]
    assert state.weapon == weapon
    run(state, "d20 1")
    assert getattr(state, colour) == [full - 1, full]
    assert state.weapon is None


def test_a_gun_without_bullets_cannot_fire() -> None:
    """ "Shooting": either gun, as long as it has bullets (RULINGS Shoot Out 2)."""
    state = duel(first=1, red=1)
    run(state, "winchester", "d20 1", "move")
    assert state.red == [0, 1]
    assert legal(state) == ["retreat", "move", "colt"]
    with pytest.raises(IllegalAction, match="Player 1's Winchester is empty: no red bullets left"):
        state.apply(WINCHESTER)


def test_no_bullets_only_move_or_retreat() -> None:
    """RULINGS Shoot Out 2: a player with no bullets can only move or retreat."""
    state = duel(first=1, black=1, red=1)
    run(state, "colt", "d20 1", "move", "winchester", "d20 1", "move")
    assert (state.black[0], state.red[0]) == (0, 0)
    assert state.to_move == 0
    assert legal(state) == ["retreat", "move"]
    for shot in (COLT, WINCHESTER):
        with pytest.raises(IllegalAction):
            state.apply(shot)


def test_a_hit_with_the_last_bullet_moves_the_shooter_automatically() -> None:
    """RULINGS Shoot Out 3: with no bullets left after a hit, the shooter
    moves; Saloon makes that move itself (no one-choice menu)."""
    state = duel(first=1, black=1, red=0)
    run(state, "colt", "d20 20")
    assert state.pos == [16, 20]
    assert state.to_move == 1
    assert [str(a) for _, a in state.history] == ["first p1", "card 7", "colt", "d20 20"]
    assert texts(state)[-2:] == [
        "Player 1 fires the Colt from space 17: d20 20, a hit (17 needed; 0 black bullets "
        "left). Player 2 is pushed back from space 17 to 20.",
        "Player 1 moves to space 16.",
    ]


def test_the_automatic_move_can_reach_the_centre_and_win() -> None:
    """RULINGS Shoot Out 3 with "The End of the Duel": the automatic move
    after a last-bullet hit from the front space reaches the centre and
    wins the duel."""
    state = duel(first=1, start=5, black=1, red=0)
    run(state, "colt", "d20 5")
    assert state.won == [[7], []]
    assert state.ended_by == "centre"
    assert state.to_move == CHANCE
    assert "Player 1 reaches the centre." in texts(state)


def test_a_hit_with_bullets_left_of_the_other_colour_offers_the_choice() -> None:
    """RULINGS Shoot Out 3: bullets of either colour keep the choice open."""
    state = duel(first=1, black=1, red=1)
    run(state, "colt", "d20 20")
    assert state.to_move == 0
    assert legal(state) == ["move", "winchester"]


# -- The End of the Duel: retreat ----------------------------------------------------------------


def test_retreat_gives_the_opponent_the_duel_and_the_card() -> None:
    """ "The End of the Duel", RULINGS Shoot Out 4: the retreating player's
    opponent wins the duel and the face-up card."""
    state = duel(first=1, card=6)
    run(state, "move", "retreat")
    assert state.won == [[6], []]
    assert state.card is None
    assert state.ended_by == "retreat"
    assert state.to_move == CHANCE
    assert (
        "Player 1 wins the duel: Player 2 retreated from space 17. "
        "Player 1 takes the card 6 and leads, 6 points to 0."
    ) in texts(state)


def test_retreat_is_allowed_at_the_very_first_turn_of_a_duel() -> None:
    """ "The End of the Duel": at the beginning of his turn, any turn,
    including the duel's first (docs/rulings.md)."""
    state = duel(first=2)
    assert legal(state)[0] == "retreat"
    run(state, "retreat")
    assert state.won == [[7], []]


def test_retreat_only_at_the_start_of_a_turn() -> None:
    """ "The End of the Duel": a retreat is decided at the beginning of a
    turn, so not after a hit in the middle of one."""
    state = duel(first=1)
    assert "retreat" in legal(state)
    run(state, "colt", "d20 20")
    assert "retreat" not in legal(state)


def test_retreat_reloads_two_black_when_the_opponent_is_on_6_or_higher() -> None:
    """ "The End of the Duel", RULINGS Shoot Out 4: the opponent on 6 or
    higher: the retreating player gets 2 black bullets for the next duel;
    nothing else reloads (RULINGS Shoot Out 5)."""
    state = duel(first=1, start=7)
    # p1 spends two black and one red bullet; p2 ends on 6.
    run(state, "colt", "d20 1", "move", "colt", "d20 1", "colt", "d20 1")
    run(state, "winchester", "d20 1", "colt", "d20 1")
    assert state.pos[1] == 6
    assert (state.black[0], state.red[0]) == (10, 5)
    assert state.to_move == 0
    run(state, "retreat")
    assert (state.black[0], state.red[0]) == (12, 5)
    assert (
        texts(state)[-2] == "Player 1 retreats from space 7. He reloads 2 black bullets (10 → 12)."
    )


def test_no_reload_when_the_opponent_is_on_5() -> None:
    """ "The End of the Duel": the reload needs the opponent on space 6 or
    higher; on 5 (the front space) there is none."""
    state = duel(first=1, start=6)
    run(state, "colt", "d20 1", "move")
    assert state.pos[1] == 5
    run(state, "retreat")
    assert state.black[0] == 11
    assert texts(state)[-2] == (
        "Player 1 retreats from space 6. No reload: Player 2 stands on space 5, nearer than "
        "space 6."
    )


def test_reload_never_goes_above_12() -> None:
    """RULINGS Shoot Out 4: never more than 12 black bullets in all: with 11,
    a retreat brings 12; with 12, nothing."""
    state = duel(first=1)
    run(state, "colt", "d20 1", "retreat")  # p2 retreats with 12
    assert state.black == [11, 12]
    assert texts(state)[-2] == "Player 2 retreats from space 17."  # nothing to reload
    run(state, "card 2", "retreat")  # p2 starts duel 2 (he lost), retreats again
    run(state, "card 3", "move", "retreat")  # p2 starts duel 3; p1 (11) retreats
    assert state.black[0] == 12
    assert "Player 1 retreats from space 17. He reloads 1 black bullet (11 → 12)." in texts(state)


def test_bullets_carry_over_and_pawns_reset_between_duels() -> None:
    """RULINGS Shoot Out 5: bullets carry over from duel to duel; "The
    Game": each duel the pawns start again on 17."""
    state = duel(first=1)
    run(state, "colt", "d20 20", "winchester", "d20 1")  # p1: 11 black, 5 red
    run(state, "move", "move", "winchester", "d20 1")  # p2 moves, p1 moves, p2: 5 red
    assert state.pos == [16, 19]
    run(state, "retreat")  # p1 retreats; p2 on 19 >= 6: p1 reloads to 12
    run(state, "card 3")
    assert state.pos == [17, 17]
    assert state.black == [12, 12]
    assert state.red == [5, 5]
    assert state.duel == 2


# -- The End of the Game ----------------------------------------------------------------------


def test_game_won_by_a_retreat_the_moment_the_cards_total_14() -> None:
    """ "The End of the Game", RULINGS Shoot Out 7: the game ends as soon as
    a player's cards total 14; here the last card comes from a retreat."""
    state = duel(first=1, card=7)
    run(state, "retreat", "card 5", "retreat")  # p2: 7 + 5 = 12
    assert not state.is_over
    run(state, "card 2", "retreat")  # p2: 14
    assert state.is_over
    assert state.to_move is None
    assert state.won == [[], [7, 5, 2]]
    assert state.returns() == (-1.0, 1.0)
    result = state.result()
    assert result.winners == (1,)
    assert result.scores == (0.0, 14.0)
    assert result.category == "retreat"
    assert result.details["duels"] == 3
    assert state.legal_actions() == []
    assert (
        texts(state)[-1]
        == result.text
        == (
            "Player 2 wins the game, 14 points to 0: Player 1 retreated from space 17, and the "
            "card 2 took Player 2 to the 14 needed."
        )
    )
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(MOVE)


def test_game_won_at_the_centre() -> None:
    """ "The End of the Game": cards 7 + 5 + 2 = 14, the last won by
    reaching the centre (pawns start on 5 to keep the duels short)."""
    state = duel(first=1, card=7, start=5)
    run(state, "move")  # p1 reaches the centre: 7
    run(state, "card 5", "colt", "d20 1", "move")  # p2 (the loser) misses; p1: 12
    assert not state.is_over
    run(state, "card 2", "colt", "d20 4", "move")  # p2 misses by one; p1: 14
    assert state.won == [[7, 5, 2], []]
    assert state.is_over
    assert state.returns() == (1.0, -1.0)
    result = state.result()
    assert result.category == "centre"
    assert result.winners == (0,)
    assert result.scores == (14.0, 0.0)
    assert (
        texts(state)[-1]
        == result.text
        == (
            "Player 1 wins the game, 14 points to 0: he reached the centre with Player 2 still on "
            "space 5, and the card 2 took him to the 14 needed."
        )
    )


def test_one_short_of_the_target_plays_on() -> None:
    """ "The End of the Game": 14 or more wins; 13 does not, 15 does."""
    state = duel(first=1, card=7, start=5)
    run(state, "move", "card 6", "retreat")  # p1: 7 + 6 = 13 (p2 retreats)
    assert state.won[0] == [7, 6]
    assert not state.is_over
    assert state.returns() == (0.0, 0.0)
    run(state, "card 2", "retreat")  # p2 starts again and retreats: 15
    assert state.is_over


def test_the_whole_deck_is_never_needed() -> None:
    """RULINGS Shoot Out 7: cards 2..7 total 27 = 2 * 14 - 1, so however the
    six cards fall, one player reaches 14 before the deck runs out."""
    cards = (2, 3, 4, 5, 6, 7)
    for mask in range(64):
        mine = sum(c for i, c in enumerate(cards) if mask >> i & 1)
        assert max(mine, sum(cards) - mine) >= 14


def test_veteran_game_adds_the_8_and_needs_18() -> None:
    """ "Variants", Veteran's Game: a seventh card of 8; the winner is the
    first to 18 points (RULINGS Shoot Out 7)."""
    state = run(new(variant="veteran"), "first p1")
    assert {o for o, _ in state.chance_outcomes()} == {Card(v) for v in range(2, 9)}
    assert state.view(None)["target"] == 18
    run(state, "card 8", "retreat", "card 7", "retreat")  # p2: 15
    assert not state.is_over
    run(state, "card 2", "retreat")  # p2: 17
    assert not state.is_over
    run(state, "card 3", "retreat")  # p2: 20
    assert state.is_over
    assert state.returns() == (-1.0, 1.0)


def test_standard_game_has_no_8() -> None:
    """ "Required Material": the standard deck is 2 to 7."""
    state = run(new(), "first p1")
    with pytest.raises(IllegalAction):
        state.apply(Card(8))


def test_returns_are_plus_and_minus_one_and_sum_to_zero() -> None:
    """RULINGS Shoot Out 9: the objective is winning the game: +1 / -1."""
    state = duel(first=2, card=7, cards=(7, 7), target=7)
    assert state.returns() == (0.0, 0.0)
    run(state, "retreat")
    assert state.returns() == (1.0, -1.0)
    assert sum(state.returns()) == 0
    assert GAME.info().min_return == -1.0 and GAME.info().max_return == 1.0


# -- the contract: illegal actions, notation, key, clone, view ------------------------------------


def test_illegal_action_names_the_legal_ones_and_changes_nothing() -> None:
    """The core contract: an illegal action raises IllegalAction (a
    ValueError) naming what is legal, and leaves the state untouched."""
    state = duel(first=1, red=0)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(WINCHESTER)
    assert isinstance(err.value, ValueError)
    assert str(err.value) == (
        "this game gives no red bullets (the option red=0), so the Winchester cannot fire; "
        "Player 1 can retreat, move or fire the Colt"
    )
    with pytest.raises(IllegalAction):
        state.apply(Roll(20))  # an outcome is not a player's action
    assert snapshot(state) == before


def test_illegal_outcome_at_a_chance_node_names_the_possible_ones() -> None:
    """The core contract at a chance node: a player's action or an
    impossible outcome is refused, listing the possible outcomes."""
    state = run(duel(first=1), "colt")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="possible: d20 1, d20 2"):
        state.apply(MOVE)
    with pytest.raises(IllegalAction):
        state.apply(Card(3))
    assert snapshot(state) == before
    fresh = new()
    with pytest.raises(IllegalAction, match="possible: first p1, first p2"):
        fresh.apply(Card(7))


def test_scripted_dice_refuse_an_outcome_that_cannot_happen() -> None:
    """ScriptedDice checks each outcome against the node it resolves."""
    state = run(new(), "first p1")
    with pytest.raises(IllegalAction):
        ScriptedDice(["card 9"]).roll(state)
    assert ScriptedDice(["card 4"]).roll(state) == Card(4)


ALL_ACTIONS: list[Action] = [
    MOVE,
    RETREAT,
    COLT,
    WINCHESTER,
    FirstPlayer(0),
    FirstPlayer(1),
    *(Roll(f) for f in range(1, 21)),
    *(Card(v) for v in range(1, 13)),
]


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=str)
def test_notation_round_trips(action: Action) -> None:
    """DESIGN (notation): ``parse_action(str(a)) == a`` for every action
    and outcome."""
    assert GAME.parse_action(str(action)) == action


def test_notation_words() -> None:
    """The notation: the names and their short forms."""
    assert str(MOVE) == "move" and str(RETREAT) == "retreat"
    assert str(COLT) == "colt" and str(WINCHESTER) == "winchester"
    assert str(Roll(14)) == "d20 14"
    assert str(Card(7)) == "card 7"
    assert str(FirstPlayer(1)) == "first p2"
    assert GAME.parse_action("m") == Move()
    assert GAME.parse_action("advance") == MOVE
    assert GAME.parse_action("r") == Retreat()
    assert GAME.parse_action("c") == Shoot("colt")
    assert GAME.parse_action("  Shoot   Winchester ") == WINCHESTER
    assert GAME.parse_action("W") == WINCHESTER
    assert GAME.parse_action("14") == Roll(14)
    assert GAME.parse_action("D20  3") == Roll(3)
    assert GAME.parse_action("First P1") == FirstPlayer(0)


@pytest.mark.parametrize(
    "text",
    ["", "fire", "shoot", "d20", "d20 0", "d20 21", "d20 x", "card", "card seven", "first p3", "0"],
)
def test_unreadable_notation_raises_notation_error(text: str) -> None:
    """The notation: text that is no action raises NotationError (a
    ValueError) that says what can be typed."""
    with pytest.raises(NotationError, match=r"move, colt, winchester or retreat|1 to 20"):
        GAME.parse_action(text)


def test_out_of_range_d20_says_what_a_d20_shows() -> None:
    """The notation: ``d20 21`` is refused with the die's range."""
    with pytest.raises(NotationError, match="1 to 20"):
        GAME.parse_action("d20 21")


def test_key_is_equal_for_equal_futures() -> None:
    """``key()``: states that can only go on alike have equal keys, however
    they were reached (here two orders of winning the same total)."""
    a = duel(first=1, card=3, start=5)
    run(a, "move", "card 4", "retreat")  # p1 wins 3, then 4 by p2's retreat
    b = duel(first=1, card=4, start=5)
    run(b, "move", "card 3", "retreat")  # p1 wins 4, then 3
    run(a, "card 2")
    run(b, "card 2")
    assert a.won != b.won
    assert a.key() == b.key()
    assert hash(a.key()) == hash(b.key())


def test_key_differs_when_the_future_differs() -> None:
    """``key()``: bullets, positions, the side to move and the phase count."""
    base = duel(first=1)
    variants = [
        run(duel(first=1), "colt", "d20 1", "colt", "d20 1"),  # bullets spent
        run(duel(first=1), "move", "move"),  # positions
        run(duel(first=2), "move"),  # p1 to move, p2 on 16
        duel(first=2),  # only the player to move differs
        run(duel(first=1), "colt"),  # at the roll
        run(duel(first=1), "winchester"),  # the roll of the other gun
        run(duel(first=1), "colt", "d20 20"),  # after a hit
        duel(first=1, card=6),  # another card at stake
    ]
    keys = {base.key(), *(v.key() for v in variants)}
    assert len(keys) == 1 + len(variants)


def test_clone_is_independent() -> None:
    """``clone()``: changing the copy never changes the original."""
    state = run(duel(first=1), "move", "retreat")
    copy = state.clone()
    before = snapshot(state)
    assert copy.key() == state.key()
    run(copy, "card 2", "colt", "d20 20", "move", "retreat", "card 3", "retreat")
    assert snapshot(state) == before
    assert state.won == [[7], []]
    assert state.pos == [17, 17]
    assert state.black == [12, 12]
    assert copy.won == [[7], [2, 3]]
    child = state.child(Card(5))
    assert state.to_move == CHANCE and child.to_move == 1


def test_view_shows_everything_and_is_json() -> None:
    """``view``: Shoot Out has no secrets (everything is on the table); the
    deck is shown as the set of cards left, not their order."""
    state = run(duel(first=1, card=5), "winchester", "d20 20", "colt")
    view = state.view(0)
    assert view == {
        "phase": "roll",
        "to_move": CHANCE,
        "turn": 0,
        "duel": 1,
        "card": 5,
        "deck": [2, 3, 4, 6, 7],
        "positions": [17, 20],
        "black": [11, 12],
        "red": [5, 6],
        "won": [[], []],
        "scores": [0, 0],
        "target": 14,
        "weapon": "colt",
    }
    assert state.view(1) == view == state.view(None)
    assert json.loads(json.dumps(view)) == view


def test_record_replays_to_the_same_state() -> None:
    """DESIGN (records): a record of a scripted game replays to the same state."""
    state = run(duel(first=2, card=6), "colt", "d20 20", "move", "retreat", "card 2")
    record = GameRecord.loads(GameRecord.from_state(state).dumps())
    again = record.replay()
    assert isinstance(again, ShootOutState)
    assert again.key() == state.key()
    assert texts(again) == texts(state)


# -- options (RULINGS Shoot Out 10): each one changes what it names ------------------------------


def test_option_cards() -> None:
    """RULINGS Shoot Out 10, ``cards``: the deck is the given values."""
    state = run(new(cards=(4, 9, 11), target=12), "first p1")
    assert {o for o, _ in state.chance_outcomes()} == {Card(4), Card(9), Card(11)}


def test_option_target() -> None:
    """RULINGS Shoot Out 10, ``target``: the points that win the game."""
    state = duel(first=1, card=7, target=7)
    run(state, "retreat")
    assert state.is_over
    assert state.returns() == (-1.0, 1.0)


def test_option_start() -> None:
    """RULINGS Shoot Out 10, ``start``: both pawns start each duel there."""
    state = duel(first=1, start=12)
    assert state.pos == [12, 12]
    run(state, "move", "retreat", "card 2")
    assert state.pos == [12, 12]


def test_option_back() -> None:
    """RULINGS Shoot Out 10, ``back``: a hit never pushes beyond it."""
    state = duel(first=1, back=18)
    run(state, "colt", "d20 20")
    assert state.pos[1] == 18


def test_option_front() -> None:
    """RULINGS Shoot Out 10, ``front``: the last space before the centre."""
    state = duel(first=1, front=8, start=9)
    run(state, "move", "move")
    assert state.pos == [8, 8]
    run(state, "move")
    assert state.won == [[7], []]


def test_option_black() -> None:
    """RULINGS Shoot Out 10, ``black``: Colt bullets at the start, also the
    ceiling of a reload."""
    state = duel(first=1, black=3)
    assert state.black == [3, 3]
    run(state, "colt", "d20 1", "retreat")
    assert state.black == [2, 3]  # p2 retreated with 3: no more than 3
    run(state, "card 2", "move", "retreat")
    assert state.black == [3, 3]  # p1 retreated with 2: back to 3


def test_option_red() -> None:
    """RULINGS Shoot Out 10, ``red``: Winchester bullets at the start."""
    state = duel(first=1, red=0)
    assert state.red == [0, 0]
    assert "winchester" not in legal(state)


def test_option_bonus() -> None:
    """RULINGS Shoot Out 10, ``bonus``: added to the Winchester's d20 (a 12
    from 17 hits with +5, misses with the standard +3)."""
    assert run(duel(first=1, bonus=5), "winchester", "d20 12").to_move == 0
    assert run(duel(first=1), "winchester", "d20 12").to_move == 1
    assert run(duel(first=1, bonus=0), "winchester", "d20 16").to_move == 1


def test_option_pushback() -> None:
    """RULINGS Shoot Out 10, ``pushback``: spaces a hit pushes the target."""
    state = duel(first=1, pushback=1)
    run(state, "colt", "d20 20")
    assert state.pos[1] == 18


def test_option_reload() -> None:
    """RULINGS Shoot Out 10, ``reload``: black bullets a retreat brings."""
    state = duel(first=1, reload=4)
    for _ in range(5):
        run(state, "colt", "d20 1", "move")
    assert state.black[0] == 7
    run(state, "retreat")
    assert state.black[0] == 11
    none = duel(first=1, reload=0)
    run(none, "colt", "d20 1", "move", "retreat")
    assert none.black[0] == 11
    assert texts(none)[-2] == "Player 1 retreats from space 17."


def test_option_reload_from() -> None:
    """RULINGS Shoot Out 10, ``reload_from``: the reload needs the opponent
    on that space or farther (16 < 17: none; 17: a reload)."""
    near = duel(first=1, reload_from=17)
    run(near, "colt", "d20 1", "move", "retreat")  # p2 on 16
    assert near.black[0] == 11
    far = duel(first=1, reload_from=17)
    run(far, "colt", "d20 1", "colt", "d20 1", "retreat")
    assert far.black[0] == 12

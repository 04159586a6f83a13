"""Cowboys' Advanced Rules: Variable Damage (``variable_damage``) and shot
horses slowed (``slowed_horses``), each an option off by default (rulebook,
"Advanced Rules", "Variable Damage"; "Additional Advanced Options", Shot
Horses; "Movement with Horses"; rulings CW-V10..V16 in docs/rulings.md,
"Advanced Rules: variable damage, shot horses, spin and shoot"). Dice and
cards are scripted on the test street of conftest.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from saloon.core.errors import NotationError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import DamageCard, Shoot, parse_action
from saloon.games.cowboys.cards import load_deck
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.damage_cards import hits_distribution, mean_hits
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.setup import FigureSetup
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.strategy import HeuristicAgent

from .conftest import C, act, figure, legal, log_text, only_pass, street_game
from .conftest import rolls as chance

VD = ("variable_damage",)
ALL_FACES = tuple(str(c) for c in load_deck())


def duel(
    mine: tuple[FigureSetup, ...] = (),
    theirs: tuple[FigureSetup, ...] = (),
    **kw: object,
) -> CowboysState:
    """Cowboy 1 on a1 facing south, Cowboy 2 on a3 facing north (range 2,
    a pistol hits on 6), with Variable Damage on."""
    kw.setdefault("rules", VD)
    return street_game(
        [C("C1", "a1", "S"), *mine],
        [C("C2", "a3", "N"), *theirs],
        **kw,  # type: ignore[arg-type]
    )


# -- each card's damage ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "health"),
    [
        ("JK1", 4),  # a miss
        ("2C", 4),  # a graze
        ("3C", 3),
        ("7H", 3),
        ("10D", 3),
        ("JH", 2),
        ("QC", 2),
        ("KC", 1),
        ("AD", 0),
    ],
)
def test_each_rank_does_its_damage(face: str, health: int) -> None:
    """Variable Damage: a hit flips the top card of the unused deck; a
    joker is a miss, a 2 no damage, 3-10 one hit, J-Q two, K three, A four
    (CW-V10)."""
    s = duel()
    act(s, "C1 shoot C2")
    chance(s, "roll 3 4")  # 7 at range 2 (needs 6): a hit
    assert s.phase == Phase.DAMAGE and s.pending is not None and s.pending.to_flip == 1
    chance(s, face)
    assert figure(s, "C2").health == health
    assert s.turned == (face,)


def test_without_the_rule_no_card_is_flipped() -> None:
    s = duel(rules=())
    act(s, "C1 shoot C2")
    chance(s, "roll 3 4")
    assert figure(s, "C2").health == 3 and s.turned == ()


def test_a_miss_flips_nothing() -> None:
    s = duel()
    act(s, "C1 shoot C2")
    chance(s, "roll 1 3")
    assert s.turned == () and s.to_move == 1


def test_a_natural_twelve_flips_a_card_for_each_hit() -> None:
    """Shoot: a natural 12 is two hits; each flips its own card (CW-V10)."""
    s = duel()
    act(s, "C1 shoot C2")
    chance(s, "roll 6 6", "3C")
    assert s.phase == Phase.DAMAGE and "1 more to flip" in log_text(s)
    chance(s, "KC")
    assert not figure(s, "C2").standing  # 1 + 3 hits


def test_a_shotgun_flips_for_each_roll_that_hits() -> None:
    """Shoot: a shotgun rolls twice a shot; each hit flips (CW-V10)."""
    s = street_game([C("C1", "a1", "S", weapons=("shotgun",))], [C("C2", "a3", "N")], rules=VD)
    act(s, "C1 shoot C2")
    chance(s, "roll 5 6", "roll 5 5")
    assert s.pending is not None and s.pending.to_flip == 2
    chance(s, "4D", "5D")
    assert figure(s, "C2").health == 2


def test_a_deadly_shot_flips_twice() -> None:
    """Advanced Optional Rule 4 with Variable Damage: a deadly shot's two
    hits flip a card each."""
    s = street_game(
        [C("C1", "a1", "S", modifier=2)], [C("C2", "a3", "N")], rules=(*VD, "deadly_shots")
    )
    act(s, "C1 shoot C2")
    chance(s, "roll 5 5")  # 10 + 2 = 12
    assert s.pending is not None and s.pending.to_flip == 2


def test_a_fist_fight_flips_no_card() -> None:
    """A fist fight's blow is no shot: one damage, no card (CW-V10)."""
    s = street_game(
        [C("C1", "a1", "S", weapons=())], [C("C2", "a2", "N")], rules=(*VD, "fist_fights")
    )
    act(s, "C1 fist C2")
    chance(s, "fists 5 3")
    assert figure(s, "C2").health == 3 and s.turned == () and s.to_move == 1


# -- the graze ------------------------------------------------------------------------------


def test_a_graze_pins_the_target_for_his_next_part() -> None:
    """Variable Damage: a 2 is a graze, no damage; the target may not
    move the next time he acts, but may shoot (CW-V11)."""
    s = duel()
    act(s, "C1 shoot C2")
    chance(s, "roll 3 4", "2C")
    assert figure(s, "C2").health == 4
    assert "a graze, no damage; Cowboy 2 is pinned" in log_text(s)
    # Side 2's part: C2 may shoot or wait, not move
    assert s.to_move == 1
    assert "C2 shoot C1" in legal(s)
    assert not any(" move " in a or " ride " in a for a in legal(s))
    assert s.view(0)["figures"][1]["pinned"] and figure(s, "C2").no_move
    act(s, "C2 wait")
    assert not figure(s, "C2").pinned
    # turn 2: the pin is gone
    act(s, "C1 wait")
    assert "C2 move T:a4 N" in legal(s)


def test_a_graze_opens_no_window_after_a_hit() -> None:
    """A joker or a 2 does no damage: no card is played on it (CW-V11)."""
    for face in ("JK2", "2D"):
        s = duel(cards=(1, 0), deal=("QS",))
        act(s, "C1 shoot C2")
        only_pass(s, 2)  # the start window and the one before the shot
        chance(s, "roll 3 4", face)
        assert s.phase != Phase.AFTER_HIT and s.hands[0] == ("QS",)
        assert "The shot does Cowboy 2 no damage." in log_text(s)


# -- Critical Hit and the rulebook's example -----------------------------------------------


def test_the_rulebook_example_a_jack_is_two_hits_four_with_critical_hit() -> None:
    """Variable Damage, the example: Cowboy #4 hits and flips a Jack, 2
    hits; with a Critical Hit card, 4 (CW-V10, CW-C3)."""
    s = street_game([C("C4", "a1", "S")], [C("C2", "a3", "N")], rules=VD)
    act(s, "C4 shoot C2")
    chance(s, "roll 3 4", "JD")
    assert figure(s, "C2").health == 2
    s = street_game(
        [C("C4", "a1", "S")], [C("C2", "a3", "N")], rules=VD, cards=(1, 0), deal=("QS",)
    )
    act(s, "C4 shoot C2")
    only_pass(s, 2)  # the start window and the one before the shot
    chance(s, "roll 3 4")
    assert s.phase == Phase.DAMAGE  # the flip comes before the card window
    chance(s, "JD")
    assert s.phase == Phase.AFTER_HIT and legal(s) == {"play QS", "pass"}
    act(s, "play QS")
    assert not figure(s, "C2").standing
    assert "(2 × 2)" in log_text(s)


# -- the cards under the deck and the reshuffle ------------------------------------------------


def test_played_and_flipped_cards_go_under_the_deck() -> None:
    """Variable Damage: a played card goes to the bottom of the unused
    deck, and so does a flipped card; neither can be flipped while the
    shuffled part lasts (CW-V12)."""
    s = duel(mine=(C("C3", "b1", "S"),), theirs=(C("C5", "b3", "N"),), cards=(1, 0), deal=("QS",))
    assert len(s.deck) == 53
    act(s, "C1 shoot C2")
    only_pass(s, 2)  # the start window and the one before the shot
    chance(s, "roll 3 4", "JD")
    act(s, "play QS")
    assert s.bottom == ("JD", "QS") and len(s.deck) == 54 and "QS" in s.deck
    assert s.played == [(0, "QS")]
    act(s, "C3 shoot C5")
    chance(s, "roll 3 4")
    faces = {str(o) for o, _ in s.chance_outcomes()}
    assert len(faces) == 52 and not {"damage JD", "damage QS"} & faces
    assert s.view(1)["under"] == 2 and s.view(1)["turned"] == ["JD"]


def test_without_the_rule_a_played_card_leaves_the_game() -> None:
    s = duel(rules=(), cards=(1, 0), deal=("QS",))
    act(s, "C1 shoot C2")
    only_pass(s, 2)  # the start window and the one before the shot
    chance(s, "roll 3 4")
    act(s, "play QS")
    assert s.bottom == () and "QS" not in s.deck


def test_the_deck_is_reshuffled_at_the_end_of_a_turn() -> None:
    """Variable Damage: the unused deck is reshuffled at the end of a turn
    when cards were put back (CW-V13); not before."""
    s = duel()
    act(s, "C1 shoot C2")
    chance(s, "roll 3 4", "3D")
    assert s.bottom == ("3D",) and s.to_move == 1
    act(s, "C2 shoot C1")
    chance(s, "roll 3 4")
    assert "damage 3D" not in {str(o) for o, _ in s.chance_outcomes()}  # still under
    chance(s, "4D")
    assert s.turn == 2 and s.bottom == ()
    assert "The 2 cards under the deck are shuffled back in" in log_text(s)
    act(s, "C1 shoot C2")
    chance(s, "roll 3 4")
    faces = {str(o) for o, _ in s.chance_outcomes()}
    assert {"damage 3D", "damage 4D"} <= faces and len(faces) == 54


def test_with_no_shuffled_card_left_the_first_card_under_comes_up() -> None:
    """When every card above is gone, the flip takes the first card put
    under (CW-V12)."""
    left = "AD"
    deal = tuple(c for c in ALL_FACES if c != left)
    s = duel(cards=(27, 26), deal=deal, forbidden=ALL_FACES)
    act(s, "C1 shoot C2")
    chance(s, "roll 6 6")
    assert [str(o) for o, _ in s.chance_outcomes()] == ["damage AD"]
    chance(s, "AD")
    assert s.bottom == ("AD",)
    assert [str(o) for o, _ in s.chance_outcomes()] == ["damage AD"]


def test_with_no_card_to_flip_each_hit_is_one_hit() -> None:
    """Every card in the hands: a hit with no card to flip is one hit
    (CW-V14)."""
    s = duel(cards=(27, 27), deal=ALL_FACES, forbidden=ALL_FACES)
    act(s, "C1 shoot C2")
    chance(s, "roll 6 6")
    assert figure(s, "C2").health == 2
    assert "No card is left in the deck to flip: 2 hits count one hit each." in log_text(s)


# -- horses -------------------------------------------------------------------------------------


def test_a_hit_horse_flips_too() -> None:
    """Variable Damage on a horse: the card's hits, a graze nothing and no
    pin (CW-V16)."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N", mounted=True)], rules=VD)
    act(s, "C1 shoot H1")
    chance(s, "roll 3 4", "KC")
    assert not s.horses[0].alive and figure(s, "C2").horse is None
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N", mounted=True)], rules=VD)
    act(s, "C1 shoot H1")
    chance(s, "roll 3 4", "2C")
    assert s.horses[0].health == 2 and not figure(s, "C2").pinned


# -- hidden information, notation --------------------------------------------------------------


def test_resampling_keeps_the_public_cards_in_the_deck() -> None:
    """The deck's order is hidden from all, but every side saw the cards
    flipped and played: a redrawn state keeps them in the deck and under
    it, and shows each side the same view."""
    s = duel(cards=(2, 2), deal=("QS", "2S", "7C", "KD"))
    act(s, "C1 shoot C2")
    only_pass(s, 3)  # side 2's answer, the start window, the one before the shot
    chance(s, "roll 3 4", "JD")
    act(s, "play QS")
    rng = np.random.default_rng(3)
    for p in (0, 1):
        for _ in range(5):
            other = s.resample_hidden(p, rng)
            assert isinstance(other, CowboysState)
            assert other.view(p) == s.view(p)
            assert other.bottom == ("JD", "QS") and {"JD", "QS"} <= set(other.deck)
            assert other.hands[p] == s.hands[p]


def test_the_flip_notation_reads_back() -> None:
    """A flip is ``damage JS``; at the flip the face alone is read; the
    prompt asks a referee for the top card of a real deck."""
    s = duel()
    act(s, "C1 shoot C2")
    chance(s, "roll 3 4")
    assert s.parse("js") == DamageCard("JS") == s.parse("damage JS") == parse_action("DAMAGE js")
    assert str(DamageCard("JS")) == "damage JS"
    for o, p in s.chance_outcomes():
        assert s.parse(str(o)) == o and p == pytest.approx(1 / 54)
    prompt = s.chance_prompt()
    assert "Cowboy 1's hit on Cowboy 2" in prompt and "e.g." in prompt
    assert s.describe_action(DamageCard("JS")).endswith("2 hits")
    assert s.describe_action(DamageCard("2S")).endswith("the target pinned")
    with pytest.raises(NotationError):
        s.parse("damage XX")
    assert isinstance(s.sample_chance(np.random.default_rng(0)), DamageCard)
    assert "Variable Damage (Advanced Rules)" in GAME.rules_help(s)


# -- the bound, the heuristic ----------------------------------------------------------------


def test_the_length_bound_counts_the_flips() -> None:
    """Up to two hits a roll, two rolls a shotgun shot: four flips a shot."""
    plain = GAME.max_length(CowboysOptions())
    more = GAME.max_length(CowboysOptions(variable_damage=True))
    assert more > plain


def test_the_deck_s_damage_per_hit() -> None:
    """76 damage over 54 cards: 6 cards do none (2 jokers, 4 twos), 32 one,
    8 two, 4 three, 4 four."""
    deck = load_deck()
    assert mean_hits(deck) == pytest.approx(76 / 54)
    assert [round(p * 54) for p in hits_distribution(deck)] == [6, 32, 8, 4, 4]


def test_the_heuristic_values_a_shot_by_the_deck_s_damage() -> None:
    """With Variable Damage a hit is worth the deck's damage (about 1.41
    on average): a shot at an unhurt cowboy is worth more."""
    agent = HeuristicAgent(seed=0)
    values = []
    for rules in ((), VD):
        s = duel(rules=rules)
        shot = s.parse("C1 shoot C2")
        assert isinstance(shot, Shoot)
        values.append(agent._shot_value(s, s.index["C1"], shot))
    assert values[1] > values[0] > 0


@pytest.mark.parametrize("scenario", ["hickok-tutt", "brawl"])
def test_bots_play_with_these_rules(scenario: str) -> None:
    """The heuristic, mcts and random play whole games with Variable
    Damage, shot horses slowed and two spin shots on."""
    from saloon.agents import make_agent
    from saloon.core.driver import RandomDice, play

    opts = CowboysOptions(
        scenario=scenario, variable_damage=True, slowed_horses=True, spin_two_shots=True
    )
    for k, (a, b) in enumerate(
        (("heuristic", "random"), ("mcts:iterations=8,rollout=random,max_depth=8", "heuristic"))
    ):
        seats = [make_agent(a, GAME, seed=k), make_agent(b, GAME, seed=k + 1)]
        record = play(GAME, opts, seats, RandomDice(k), seed=k)
        assert record.replay().is_over


# -- shot horses slowed -----------------------------------------------------------------------


def _reach(state: CowboysState, fid: str) -> set[str]:
    return {a.split()[2] for a in legal(state) if a.startswith(f"{fid} ride T:")}


def test_a_shot_horse_adds_two_not_four() -> None:
    """Shot Horses (Additional Advanced Options; the horse's 1 health
    marker, Movement with Horses): a horse shot once adds 2 to its rider's
    movement, not 4 (CW-V15)."""
    full = street_game([C("C1", "a1", "E", mounted=True)], [C("C2", "h6", "N")])
    s = street_game(
        [C("C1", "a1", "E", mounted=True)], [C("C2", "h6", "N")], rules=("slowed_horses",)
    )
    assert _reach(full, "C1") == _reach(s, "C1")  # unhurt: 4 + 4
    assert "T:h1" in _reach(s, "C1")  # 7 squares east
    # the horse shot once: its 1 health marker (Movement with Horses)
    s.horses[0] = replace(s.horses[0], health=1)
    s._cache.clear()
    far = _reach(s, "C1")
    assert "T:g1" in far and "T:h1" not in far  # 4 + 2 = 6 squares east
    assert "2 of the horse's 2" in s.describe_action(s.parse("C1 ride T:g1 E"))
    act(s, "C1 ride T:g1 E")
    assert figure(s, "C1").square == s.town.square("T:g1")
    assert "Horse 1 2 of 2" in log_text(s)
    # without the option the same horse still adds 4
    full.horses[0] = replace(full.horses[0], health=1)
    full._cache.clear()
    assert "T:h1" in _reach(full, "C1")


def test_a_figure_mounts_the_unhurt_horse_of_a_square() -> None:
    """Two horses in one square, one shot: a figure on foot mounts the
    other, and may ride 4 (CW-V15)."""

    def game(shot: tuple[int, ...]) -> CowboysState:
        s = street_game(
            [C("C1", "a1", "E")],
            [C("C2", "h6", "N")],
            objects=(("horse", "T:a2", "E"), ("horse", "T:a2", "E")),
            rules=("slowed_horses",),
        )
        for k in shot:
            s.horses[k] = replace(s.horses[k], health=1)
        s._cache.clear()
        return s

    # a1 -> a2 (1 point), mount (2), 1 point of his own and the horse's
    s = game((0,))
    assert "T:f2" in _reach(s, "C1") and "T:g2" not in _reach(s, "C1")  # 4 + 1
    act(s, "C1 ride T:f2 E")
    assert s.horses[1].rider == 0 and s.horses[0].rider is None
    s = game((0, 1))
    assert "T:d2" in _reach(s, "C1") and "T:e2" not in _reach(s, "C1")  # 2 + 1


# The contract with each of these options alone, and with them all, is checked
# over random games in test_cowboys_advanced_conformance.py.

"""Cowboys' Advanced Optional Rules 1-6 and 8, each an option off by default
(rulebook, "Advanced Optional Rules"; rulings CW-A1.. in docs/rulings.md,
"Cowboys: the turn, moves and shots", "Advanced Optional Rules"). The dice
are scripted, as in test_cowboys_rules.py, on the test street of conftest.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources

import numpy as np
import pytest

from saloon.core.errors import ContentError, NotationError, OptionError
from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME, setup_of
from saloon.games.cowboys.actions import FISTS, Fist, Fists, Move, parse_action
from saloon.games.cowboys.options import OPTIONAL_RULES, CowboysOptions
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.poker import simple_discards
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import parse_scenario

from .conftest import STREET, C, act, figure, legal, log_text, rolls, street_game

# -- the options and the scenario files ------------------------------------------------------


def test_every_rule_is_an_option_off_by_default() -> None:
    """Each rule is a boolean option, off unless chosen (issue: each
    rule switchable on its own from -o)."""
    opts = CowboysOptions()
    assert not any(getattr(opts, name) for name in OPTIONAL_RULES)
    on = CowboysOptions.parse(["fan_fire=true", "deadly_shots=yes"])
    assert on.optional_rules == ("fan_fire", "deadly_shots")
    with pytest.raises(OptionError):
        CowboysOptions.parse(["fan_fire=maybe"])


def _hickok_tutt(extra: str) -> str:
    files = resources.files("saloon.games.cowboys") / "content" / "scenarios"
    return (files / "01-hickok-tutt.toml").read_text() + extra


def test_a_scenario_file_switches_rules_on() -> None:
    """A scenario's ``[options]`` table plays its rules whatever the game's
    options say; the game's options add their own."""
    sc = parse_scenario(_hickok_tutt("\n[options]\nfan_fire = true\ndeadly_shots = false\n"))
    assert sc.options == ("fan_fire",)
    setup = setup_of(CowboysOptions(scenario="hickok-tutt"))
    assert setup.optional == ()
    from saloon.games.cowboys.rules.setup import from_scenario

    state = CowboysState(GAME, CowboysOptions(two_targets=True), from_scenario(sc))
    assert state.rule("fan_fire") and state.rule("two_targets") and not state.rule("deadly_shots")


def test_a_bad_options_table_is_one_clear_error() -> None:
    with pytest.raises(ContentError, match=r"options\.'fan' is not a key of \[options\]"):
        parse_scenario(_hickok_tutt("\n[options]\nfan = true\n"))
    with pytest.raises(ContentError, match=r"options\.fan_fire"):
        parse_scenario(_hickok_tutt("\n[options]\nfan_fire = 3\n"))


# -- Rule 4: Deadly Shots --------------------------------------------------------------------


def test_deadly_shots_a_modified_twelve_is_two_hits() -> None:
    """Advanced Optional Rule 4: a modified total of 12 or more scores two
    hits (CW-S6); without the rule it is one; a natural 2 still misses."""
    # +2 cowboy: 5 + 5 + 2 = 12 at range 2 (needs 6)
    for rules, health in (((), 3), (("deadly_shots",), 2)):
        s = street_game([C("C1", "a1", "S", modifier=2)], [C("C2", "a3", "N")], rules=rules)
        act(s, "C1 shoot C2")
        rolls(s, "roll 5 5")
        assert figure(s, "C2").health == health
    s = street_game([C("C1", "a1", "S", modifier=2)], [C("C2", "a3", "N")], rules=("deadly_shots",))
    act(s, "C1 shoot C2 x2")
    rolls(s, "roll 4 5", "roll 1 1")  # 11: one hit; a natural 2 misses
    assert figure(s, "C2").health == 3
    assert "two hits, a deadly shot" not in log_text(s)


# -- Rule 1: facing by the last step ---------------------------------------------------------


def test_facing_by_last_step_after_a_full_move() -> None:
    """Advanced Optional Rule 1: a figure that uses its full movement faces
    the way of the last square it moved to; one that used less may face
    any way (CW-A1)."""
    free = street_game([C("C1", "a1", "E")], [C("C2", "h6")])
    assert "C1 move T:a5 E" in legal(free)
    s = street_game([C("C1", "a1", "E")], [C("C2", "h6")], rules=("facing_by_last_step",))
    ok = legal(s)
    # a1 -> a5: four squares south, all four points
    assert "C1 move T:a5 S" in ok
    assert not {"C1 move T:a5 N", "C1 move T:a5 E", "C1 move T:a5 W"} & ok
    assert not s.is_legal(parse_action("C1 move T:a5 W"))
    # a1 -> a3: two of four points, any facing
    assert {"C1 move T:a3 N", "C1 move T:a3 E", "C1 move T:a3 W", "C1 move T:a3 S"} <= ok
    assert "C1 move T:a1 N" in ok  # turning in place spends nothing
    act(s, "C1 move T:a5 S")
    assert figure(s, "C1").facing == "S"


# -- Rule 2: Fan Fire ------------------------------------------------------------------------


def test_fan_fire_empties_the_pistol_at_minus_three() -> None:
    """Advanced Optional Rule 2: a cowboy fans a single pistol, one shot a
    round in it, each at -3 with the normal modifiers (CW-A2)."""
    s = street_game([C("C1", "a1", "S"), C("T1", "c1", "S")], [C("C2", "a3", "N")])
    assert "C1 fan C2" not in legal(s)
    s = street_game(
        [C("C1", "a1", "S"), C("T1", "c1", "S", weapons=("pistol",))],
        [C("C2", "a3", "N")],
        rules=("fan_fire",),
    )
    ok = legal(s)
    assert "C1 fan C2" in ok and "T1 fan C2" not in ok  # a cowboy only
    assert parse_action("C1 fan C2") in s.legal_actions()
    act(s, "C1 fan C2")
    assert figure(s, "C1").held().ammo == 0  # type: ignore[union-attr]
    assert "fans his pistol: 6 shots at Cowboy 2" in log_text(s) and "-3 fan fire" in log_text(s)
    # range 2 needs 6: 3+3-3 misses, 5+5-3 hits, 4+5-3 hits, a natural 2, a natural 12
    rolls(s, "roll 3 3", "roll 5 5", "roll 4 5", "roll 1 1", "roll 6 6")
    assert not figure(s, "C2").standing
    assert "the shot at him is spent without a roll" in log_text(s)
    assert s.is_over


def test_fan_fire_shots_are_spent_when_the_target_falls() -> None:
    """Shoot (declared shots are spent when the target falls), Rule 2."""
    s = street_game([C("C1", "a1", "S")], [C("T2", "a3", "N"), C("C2", "h6")], rules=("fan_fire",))
    act(s, "C1 fan T2")
    rolls(s, "roll 6 6")
    assert "the 5 shots at him are spent without a roll" in log_text(s)
    assert figure(s, "C1").held().ammo == 0  # type: ignore[union-attr]
    assert s.to_move == 1  # side 2's part: no roll is asked


def test_fan_fire_needs_two_rounds_in_a_pistol() -> None:
    """CW-A2: a pistol with one round left, or a rifle, cannot be fanned."""
    s = street_game(
        [C("C1", "a1", "S", weapons=("rifle",))], [C("C2", "a3", "N")], rules=("fan_fire",)
    )
    assert not any(a.startswith("C1 fan") for a in legal(s))


# -- Rule 3: Two Pistols ---------------------------------------------------------------------


def test_two_pistols_fire_two_shots_each_at_minus_two() -> None:
    """Advanced Optional Rule 3: a figure with two pistols fires both, two
    shots from each, -2 on each shot (CW-A3)."""
    one = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], rules=("two_pistols",))
    assert "C1 pistols C2" not in legal(one)  # one pistol only
    s = street_game(
        [C("C1", "a1", "S", weapons=("pistol", "pistol"))],
        [C("C2", "a3", "N")],
        rules=("two_pistols",),
    )
    assert "C1 pistols C2" in legal(s)
    act(s, "C1 pistols C2")
    assert [h.ammo for h in figure(s, "C1").weapons] == [4, 4]
    assert "fires both pistols, two shots each, at Cowboy 2" in log_text(s)
    # range 2 needs 6: 4+4-2 hits, 3+4-2 misses, 2+2-2 misses, 5+6-2 hits
    rolls(s, "roll 4 4", "roll 3 4", "roll 2 2", "roll 5 6")
    assert figure(s, "C2").health == 2
    assert log_text(s).count("-2 two pistols = ") == 4
    assert s.to_move == 1


# -- Rule 5: two targets ---------------------------------------------------------------------


def test_two_targets_one_shot_each_at_minus_two() -> None:
    """Advanced Optional Rule 5: two shots at two different targets, one
    on each, -2 on each (CW-A5); the second is rolled though the first
    target fell, as it is at another target."""
    s = street_game(
        [C("C1", "a1", "S")], [C("T2", "a3", "N"), C("C2", "b3", "N")], rules=("two_targets",)
    )
    ok = legal(s)
    assert "C1 shoot T2 C2" in ok and "C1 shoot C2 T2" in ok and "C1 shoot T2 T2" not in ok
    act(s, "C1 shoot T2 C2")
    assert figure(s, "C1").held().ammo == 4  # type: ignore[union-attr]
    rolls(s, "roll 6 6")  # T2 is down
    assert not figure(s, "T2").standing
    rolls(s, "roll 4 4")  # 8 - 2 = 6 at range 2 (needs 6): a hit
    assert figure(s, "C2").health == 3
    assert "one shot at Town folk 2, then one at Cowboy 2" in log_text(s)


def test_two_targets_each_must_be_a_shot() -> None:
    """Rule 5: each target is one the figure could shoot at (a town folk
    too: "a cowboy or town folk"); one behind him is none."""
    s = street_game(
        [C("C1", "a2", "S"), C("T1", "c2", "S")],
        [C("C2", "a4", "N"), C("C3", "a1", "N"), C("C4", "c4", "N")],
        rules=("two_targets",),
    )
    ok = legal(s)
    assert "C1 shoot C2 C4" in ok and "C1 shoot C2 C3" not in ok and "C1 shoot C3 C2" not in ok
    assert "T1 shoot C2 C4" in ok
    for a in s.legal_actions():
        assert parse_action(str(a)) == a


# -- Rule 8: Fist Fights --------------------------------------------------------------------


def _empty(state: CowboysState, fid: str) -> None:
    """Figure ``fid``'s weapons, all emptied (a cowboy out of rounds)."""
    i = state.index[fid]
    f = state.figures[i]
    state.figures[i] = replace(f, weapons=tuple(replace(h, ammo=0) for h in f.weapons))
    state._cache.clear()


def test_fist_fights_unarmed_or_empty_cowboy_next_to_the_target() -> None:
    """Advanced Optional Rule 8: an unarmed cowboy, or one whose weapons
    are unloaded, may fist fight a figure in a square next to his, as a
    shoot action (CW-A8); not with the rule off, not with a round left, not
    a town folk, not a figure two squares off or on a diagonal."""
    off = street_game([C("C1", "a1", "S", weapons=())], [C("C2", "a2", "N")])
    assert "C1 fist C2" not in legal(off)
    s = street_game(
        [C("C1", "a1", "S", weapons=()), C("T1", "c1", "S", weapons=())],
        [C("C2", "a2", "N"), C("T2", "c2", "N"), C("C3", "b2", "N"), C("C4", "h3", "N")],
        rules=("fist_fights",),
    )
    ok = legal(s)
    assert "C1 fist C2" in ok
    assert "C1 fist C3" not in ok  # a diagonal square is not next to his
    assert "T1 fist T2" not in ok  # town folk do not fist fight ("cowboys")
    assert parse_action("C1 fist C2") in s.legal_actions()
    armed = street_game([C("C1", "a1", "S")], [C("C2", "a2", "N")], rules=("fist_fights",))
    assert "C1 fist C2" not in legal(armed)  # a loaded pistol
    assert not armed.is_legal(parse_action("C1 fist C2"))
    _empty(armed, "C1")
    assert "C1 fist C2" in legal(armed) and armed.is_legal(parse_action("C1 fist C2"))
    far = street_game(
        [C("C1", "a1", "S", weapons=())], [C("C2", "a3", "N")], rules=("fist_fights",)
    )
    assert not any(a.startswith("C1 fist") for a in legal(far))


def test_fist_fights_not_across_a_red_line_nor_a_wall() -> None:
    """Rule 8: not across a red line (the bank's window above d5), nor a
    wall (b4|b5); across a door (c4|c5) a fight is allowed (CW-A8)."""
    s = street_game(
        [
            C("C1", "d4", "S", weapons=()),
            C("C5", "b4", "S", weapons=()),
            C("C6", "c4", "S", weapons=()),
        ],
        [C("C2", "d5", "N"), C("C3", "b5", "N"), C("C4", "c5", "N")],
        rules=("fist_fights",),
    )
    ok = legal(s)
    assert "C1 fist C2" not in ok and not s.is_legal(parse_action("C1 fist C2"))
    assert "C5 fist C3" not in ok
    assert "C6 fist C4" in ok


def test_fist_fight_the_higher_total_does_one_damage() -> None:
    """Rule 8: one die each, the attacker's first; the higher modified
    total does one point of damage to the other, the attacker too if he
    loses; the rounds are not touched, and it is a shoot action (moves
    before shots)."""
    s = street_game(
        [C("C1", "a1", "S", weapons=()), C("C5", "h1", "S")],
        [C("C2", "a2", "N")],
        rules=("fist_fights",),
    )
    act(s, "C1 fist C2")
    assert s.to_move == CHANCE and s.chance_outcomes() == tuple((f, 1 / 36) for f in FISTS)
    assert "fights Cowboy 2 with his fists" in log_text(s)
    rolls(s, "5 3")  # typed alone: the attacker's die first
    assert figure(s, "C2").health == 3 and figure(s, "C1").health == 4
    assert "Fist fight: Cowboy 1 rolls 5, Cowboy 2 rolls 3: Cowboy 2 takes the blow" in log_text(s)
    assert not any(a.startswith("C5 move") for a in legal(s))  # a shoot action was taken
    s = street_game([C("C1", "a1", "S", weapons=())], [C("C2", "a2", "N")], rules=("fist_fights",))
    act(s, "C1 fist C2")
    rolls(s, "fists 2 6")
    assert figure(s, "C1").health == 3 and figure(s, "C2").health == 4  # the attacker is hurt


def test_fist_fight_a_tie_does_nothing() -> None:
    """CW-A8: equal totals, no damage; the action is over."""
    s = street_game([C("C1", "a1", "S", weapons=())], [C("C2", "a2", "N")], rules=("fist_fights",))
    act(s, "C1 fist C2")
    rolls(s, "fists 4 4")
    assert figure(s, "C1").health == 4 and figure(s, "C2").health == 4
    assert "a tie, nobody is hurt" in log_text(s)
    assert s.to_move == 1


def test_fist_fight_modifiers_rear_and_cowboy() -> None:
    """The Fist Fights table: +2 hitting the target through his rear
    facing, and each fighter's cowboy modifier."""
    # C2 faces S, away from C1 above him: +2 rear; C2 is a +1 cowboy.
    # 3 + 2 = 5 against 4 + 1 = 5: a tie.
    s = street_game(
        [C("C1", "a1", "S", weapons=())],
        [C("C2", "a2", "S", modifier=1)],
        rules=("fist_fights",),
    )
    act(s, "C1 fist C2")
    assert "Cowboy 1 with +2 through the rear, Cowboy 2 with +1 cowboy" in log_text(s)
    rolls(s, "fists 3 4")
    assert figure(s, "C2").health == 4 and figure(s, "C1").health == 4
    # C1 a +2 cowboy, C2 facing him (no rear): 2 + 2 = 4 beats 3.
    s = street_game(
        [C("C1", "a1", "S", modifier=2, weapons=())], [C("C2", "a2", "N")], rules=("fist_fights",)
    )
    act(s, "C1 fist C2")
    rolls(s, "fists 2 3")
    assert figure(s, "C2").health == 3
    assert "Cowboy 1 rolls 2+2 = 4, Cowboy 2 rolls 3" in log_text(s)


def test_fist_fight_knocks_a_town_folk_down() -> None:
    """A town folk defends with his own die; one damage and he is down."""
    s = street_game(
        [C("C1", "a1", "S", weapons=())],
        [C("T2", "a2", "N"), C("C2", "h6")],
        rules=("fist_fights",),
    )
    act(s, "C1 fist T2")
    rolls(s, "fists 6 1")
    assert not figure(s, "T2").standing


def test_fist_dice_notation_and_sampling() -> None:
    """The fist fight's outcome keeps whose die is whose: ``fists 5 3`` is
    not ``fists 3 5``; the sampled dice are the 36 outcomes."""
    import numpy as np

    assert parse_action("fists 5 3") == Fists(5, 3) != parse_action("fists 3 5")
    assert str(Fists(5, 3)) == "fists 5 3" and parse_action("C1 fist C2") == Fist("C1", "C2")
    s = street_game([C("C1", "a1", "S", weapons=())], [C("C2", "a2", "N")], rules=("fist_fights",))
    act(s, "C1 fist C2")
    rng = np.random.default_rng(0)
    seen = {s.sample_chance(rng) for _ in range(600)}
    assert seen == set(FISTS)


# -- Rule 6: the order of play by high card --------------------------------------------------


def flips(state: CowboysState, *faces: str) -> None:
    for face in faces:
        assert state.phase == Phase.FLIP, state.phase
        state.apply(state.parse(face))


def test_high_card_a_plus_two_side_flips_three_and_keeps_its_best() -> None:
    """Advanced Optional Rule 6: a side flips one card, and one more a
    point of its best cowboy's modifier (+2: three cards, +1: two); town
    folk do not count; it keeps its highest, and the highest card acts
    first for the whole scenario (CW-A6)."""
    mine = [C("C1", "a1", "S", modifier=2), C("T1", "b1", "S", modifier=1)]
    theirs = [C("C2", "a4", "N", modifier=1)]
    s = street_game(mine, theirs, deal=None, rules=("high_card",))
    assert s.phase == Phase.FLIP and s.to_move == CHANCE
    assert s.flip_queue == (0, 0, 0, 1, 1)
    flips(s, "2C", "KD", "5H", "QS", "3H")
    assert s.order == (0, 1) and s.active == 0 and s.turn == 1
    text = log_text(s)
    assert "Side 1 flips KD (worth 13)" in text and "Side 2 flips QS (worth 12)" in text
    assert "Each keeps its highest: Side 1 KD, Side 2 QS." in text
    assert "Order of play for the scenario: Side 1, then Side 2." in text
    # the other way round: the lower modifier may still win, and keeps the lead all game
    s = street_game(mine, theirs, deal=None, rules=("high_card",))
    flips(s, "2C", "KD", "5H", "3H", "AS")
    assert s.order == (1, 0) and s.active == 1
    act(s, "end")
    assert s.active == 0 and s.turn == 1
    act(s, "end")
    assert s.active == 1 and s.turn == 2


def test_high_card_without_the_rule_the_scenario_order_and_no_flip() -> None:
    s = street_game([C("C1", "a1", "S", modifier=2)], [C("C2", "a4", "N")], deal=None)
    assert s.phase != Phase.FLIP and s.order == (0, 1) and "flips" not in log_text(s)


def test_high_card_a_joker_is_lowest_and_aces_high() -> None:
    """CW-C9: aces are high; a joker is worth less than a 2."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("high_card",))
    flips(s, "JK1", "2C")
    assert s.order == (1, 0)
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("high_card",))
    flips(s, "AC", "KS")
    assert s.order == (0, 1)


def _three_sides(*rules: str) -> CowboysState:
    from saloon.games.cowboys.rules.setup import Setup, SideSetup

    setup = Setup(
        name="three",
        town=STREET,
        sides=(
            SideSetup("North", (C("C1", "a1", "S"),), 1),
            SideSetup("Middle", (C("C2", "d3", "N"),), 1),
            SideSetup("South", (C("C3", "h4", "N"),), 1),
        ),
        first=1,
    )
    return CowboysState(GAME, CowboysOptions(**dict.fromkeys(rules, True)), setup)


def test_high_card_three_sides_highest_first_equal_sides_flip_again() -> None:
    """Three sides act in the order of their cards, highest first; sides
    with equal cards flip again among themselves, the others keep their
    places (CW-C9, CW-A6). The sides flip in the scenario's order."""
    s = _three_sides("high_card")
    assert s.flip_queue == (1, 2, 0)
    flips(s, "9C", "KH", "9D")  # Middle 9, South K, North 9
    assert s.phase == Phase.FLIP and s.flip_queue == (1, 0)
    assert "Middle and North are equal: they flip again." in log_text(s)
    flips(s, "2S", "3S")  # Middle 2, North 3
    assert s.order == (2, 0, 1)
    # the deal goes round in the order of play, from the flipped cards' top
    assert s.phase == Phase.DEAL and s.deal_queue == (2, 0, 1)
    assert "Order of play for the scenario: South, then North, then Middle." in log_text(s)


def test_high_card_flipped_cards_go_under_the_deck() -> None:
    """The flipped cards go to the bottom of the deck before the deal from
    the top: no flipped card is dealt while another card is left, then they
    come out in the order they went under (Rule 6; CW-A6)."""
    s = street_game(
        [C("C1", "a1", "S")],
        [C("C2", "a4", "N")],
        deal=None,
        cards=(27, 27),
        rules=("high_card",),
        flips=("QH", "4C"),
    )
    assert s.bottom == ("QH", "4C")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 52 and {"QH", "4C"}.isdisjoint(o.card for o, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    rng = np.random.default_rng(0)
    for _ in range(52):
        d = s.sample_chance(rng)
        assert d.card not in ("QH", "4C")
        s.apply(d)
    assert [str(o) for o, _ in s.chance_outcomes()] == ["deal QH"]
    s.apply(s.parse("QH"))
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [("deal 4C", 1.0)]
    s.apply(s.parse("deal 4C"))
    assert not s.is_chance and s.deck == () and s.bottom == ()


def test_high_card_a_flipped_card_is_no_outcome_of_the_next_flip() -> None:
    s = street_game(
        [C("C1", "a1", "S", modifier=1)], [C("C2", "a4", "N")], deal=None, rules=("high_card",)
    )
    flips(s, "7C")
    assert "flip 7C" not in {str(o) for o, _ in s.chance_outcomes()}
    assert len(s.chance_outcomes()) == 53
    with pytest.raises(ValueError, match="not a possible outcome"):
        s.apply(s.parse("flip 7C"))


def test_high_card_ties_to_the_last_card_keep_the_scenario_order() -> None:
    """Equal sides flip again while the deck can supply the round; when it
    cannot, they keep the scenario's order among themselves (CW-A6), so the
    flips are at most the deck's 54 cards (the length bound)."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("high_card",))
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    pairs = [(r + "C", r + "D") for r in ranks] + [(r + "H", r + "S") for r in ranks]
    pairs.append(("JK1", "JK2"))
    for a, b in pairs:
        flips(s, a, b)
    assert len(s.flipped) == 54 and s.phase != Phase.FLIP
    assert "Too few cards are left to flip again" in log_text(s)
    assert s.order == (0, 1)


def test_high_card_keeps_flipped_cards_when_hidden_cards_are_resampled() -> None:
    """The flipped cards are seen by all: a redeal of the unseen cards
    leaves them under the deck."""
    s = street_game(
        [C("C1", "a1", "S")],
        [C("C2", "a4", "N")],
        cards=(2, 2),
        deal=("2C", "3C", "4C", "5C"),
        rules=("high_card",),
        flips=("KH", "QH"),
    )
    rng = np.random.default_rng(0)
    for _ in range(5):
        r = s.resample_hidden(0, rng)
        assert isinstance(r, CowboysState)
        assert {"KH", "QH"} <= set(r.deck) and r.bottom == ("KH", "QH")
        assert len(r.deck) == len(s.deck) and r.hands[0] == s.hands[0]


def test_high_card_in_a_scenario_file_and_its_length_bound() -> None:
    sc = parse_scenario(_hickok_tutt("\n[options]\nhigh_card = true\n"))
    assert sc.options == ("high_card",)
    from saloon.games.cowboys import max_length_of
    from saloon.games.cowboys.rules.setup import from_scenario

    setup = from_scenario(sc)
    assert max_length_of(setup) == max_length_of(setup_of(CowboysOptions())) + 54
    state = CowboysState(GAME, CowboysOptions(), setup)
    assert state.phase == Phase.FLIP


def test_random_modifiers_rolled_on_the_die_table() -> None:
    """Advanced Optional Rule 6's table: a die for each cowboy before the
    game, 1-3 a modifier of 0, 4-5 +1, 6 +2, replacing the scenario's;
    town folk keep theirs (CW-A6)."""
    mine = [C("C1", "a1", "S", modifier=2), C("T1", "b1", "S", modifier=1)]
    theirs = [C("C2", "a4", "N"), C("C3", "b4", "N")]
    s = street_game(mine, theirs, deal=None, rules=("random_modifiers",))
    assert s.phase == Phase.MODIFIER and s.modifier_queue == ("C1", "C2", "C3")
    assert [str(o) for o, _ in s.chance_outcomes()] == [f"die {k}" for k in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in s.chance_outcomes())
    for face in ("6", "die 5", "3"):
        s.apply(s.parse(face))
    assert [figure(s, f).modifier for f in ("C1", "T1", "C2", "C3")] == [2, 1, 1, 0]
    assert "Cowboy 1 rolls 6 for his modifier: +2." in log_text(s)
    assert "Cowboy 3 rolls 3 for his modifier: +0." in log_text(s)
    assert s.phase == Phase.SELECT
    # the rolled modifier is the cowboy's own in a shot
    act(s, "C1 shoot C2")
    assert s.pending is not None and s.pending.info is not None
    assert ("cowboy", 2) in s.pending.info.mods
    s = street_game(mine, theirs, deal=None, rules=("random_modifiers",), dice=(2, 4, 1))
    assert figure(s, "C1").modifier == 0
    act(s, "C1 shoot C2")
    assert s.pending is not None and s.pending.info is not None
    assert not [m for m in s.pending.info.mods if m[0] == "cowboy"]


def test_random_modifiers_set_the_cards_flipped() -> None:
    """With high card too, the rolled modifiers count the flips: a cowboy
    rolled +2 flips three cards, a side rolled 0 one (Rule 6)."""
    s = street_game(
        [C("C1", "a1", "S", modifier=2)],
        [C("C2", "a4", "N")],
        deal=None,
        rules=("high_card", "random_modifiers"),
    )
    s.apply(s.parse("1"))
    s.apply(s.parse("6"))
    assert s.phase == Phase.FLIP and s.flip_queue == (0, 1, 1, 1)


# -- all the rules together ------------------------------------------------------------------

#: Every rule but poker, which cannot be played with high card (CW-A7).
ALL_ON = dict.fromkeys((r for r in OPTIONAL_RULES if r != "poker_order"), True)


@pytest.mark.parametrize("scenario", ["brawl", "ok-corral"])
def test_conformance_with_every_optional_rule(scenario: str) -> None:
    """The core contract, the length bound (more shots an action) and the
    notation's round trip hold with every rule on."""
    from saloon.testing import check_game

    report = check_game(GAME, CowboysOptions(scenario=scenario, **ALL_ON), games=4, seed=0)
    assert report.games == 4


def test_legal_actions_round_trip_with_every_rule() -> None:
    """Every legal action's notation reads back as the action, the new
    shoot actions included (random games on two scenarios)."""
    import numpy as np

    rng = np.random.default_rng(1)
    kinds: set[str] = set()
    for scenario in ("brawl", "ok-corral"):
        for _ in range(2):
            s = GAME.new_state(CowboysOptions(scenario=scenario, **ALL_ON))
            while not s.is_over:
                if s.is_chance:
                    s.apply(s.sample_chance(rng))
                    continue
                acts = list(s.legal_actions())
                for a in acts:
                    if not isinstance(a, Move):
                        assert s.parse(str(a)) == a
                        kinds.add(type(a).__name__)
                s.apply(acts[int(rng.integers(len(acts)))])
    assert {"Fan", "Pistols", "Split"} <= kinds


def test_a_fist_fight_reads_back() -> None:
    """Every legal action of a position where a fist fight is legal reads back."""
    s = street_game(
        [C("C1", "a1", "S", weapons=())],
        [C("C2", "a2", "N")],
        rules=tuple(ALL_ON),
        dice=(1, 1),
        flips=("KS", "2C"),
    )
    acts = list(s.legal_actions())
    assert Fist("C1", "C2") in acts
    for a in acts:
        assert s.parse(str(a)) == a


# -- Advanced Optional Rule 7: poker for the order of play ------------------------------------

POKER_ON = {**dict.fromkeys(ALL_ON, True), "high_card": False, "poker_order": True}


def poker_cards(s: CowboysState, *faces: str) -> None:
    for face in faces:
        assert s.phase == Phase.POKER and s.to_move == CHANCE
        s.apply(s.parse(face))


def poker_game(hand1: str, hand2: str) -> CowboysState:
    """A street game with poker, the two hands dealt a card each in turn."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("poker_order",))
    for a, b in zip(hand1.split(), hand2.split(), strict=True):
        poker_cards(s, a, b)
    return s


def test_poker_the_draw_and_the_best_hand_acts_first() -> None:
    """Advanced Optional Rule 7: five cards each, a draw each in order, and
    the winning hand acts first for the whole scenario (CW-A7, CW-C10)."""
    s = poker_game("2C 7D 9H JS KD", "AS AH 3C 4D 8S")
    assert s.phase == Phase.DRAW and s.to_move == 0
    assert len(s.legal_actions()) == 32 and str(s.legal_actions()[0]) == "stand"
    act(s, "discard 9H 7D 2C")
    poker_cards(s, "KH", "KC", "2D")  # side 1: three kings
    assert s.to_move == 1
    act(s, "stand")
    assert s.order == (0, 1) and s.active == 0 and s.turn == 1
    text = log_text(s)
    assert "Side 1 shows JS KD KH KC 2D: three of a kind (K J 2)." in text
    assert "Side 2 shows AS AH 3C 4D 8S: pair (A 8 4 3)." in text
    act(s, "end")
    assert s.active == 1
    act(s, "end")
    assert s.active == 0 and s.turn == 2


def test_poker_equal_hands_play_again() -> None:
    """Equal hands (suits never rank) play another hand (CW-C10, CW-A7)."""
    s = poker_game("2C 5D 7H 9S JD", "2D 5C 7S 9H JC")
    act(s, "stand")
    act(s, "stand")
    assert s.phase == Phase.POKER and "equal hands: they play again" in log_text(s)
    s2 = s
    for a, b in zip(["3C", "3D", "4H", "6S", "8C"], ["AC", "KH", "QD", "10C", "8D"], strict=True):
        poker_cards(s2, a, b)
    act(s2, "stand")
    act(s2, "stand")
    assert s2.order == (0, 1)


def test_poker_cards_go_under_the_deck_and_are_dealt_last() -> None:
    """The poker cards go to the bottom of the deck: the scenario's deal
    takes none of them while another card is left (Rule 7)."""
    s = street_game(
        [C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("poker_order",), cards=(1, 1)
    )
    for a, b in zip(["2C", "7D", "9H", "JS", "KD"], ["AS", "AH", "3C", "4D", "8S"], strict=True):
        poker_cards(s, a, b)
    act(s, "stand")
    act(s, "stand")
    assert s.order == (1, 0) and s.phase == Phase.DEAL
    dealt = {str(o) for o, _ in s.chance_outcomes()}
    assert "deal AS" not in dealt and "deal KD" not in dealt and "deal QS" in dealt


def test_poker_hands_are_hidden_until_shown() -> None:
    """A side's poker cards are told to it alone, in the log and the view,
    until the hands are shown; resampling keeps the viewer's own."""
    s = poker_game("2C 7D 9H JS KD", "AS AH 3C 4D 8S")
    assert s.view(0)["poker"][0] == ["2C", "7D", "9H", "JS", "KD"]
    assert s.view(0)["poker"][1] == {"count": 5}
    assert "AS" not in json.dumps(s.view(0)) and "AS" in json.dumps(s.view(1))
    r = s.resample_hidden(0, np.random.default_rng(3))
    assert isinstance(r, CowboysState)
    assert r.poker[0] == s.poker[0] and len(set(r.poker[1])) == 5
    assert not set(r.poker[1]) & set(s.poker[0]) and set(r.bottom) <= set(r.deck)
    act(s, "stand")
    act(s, "stand")
    assert "AS" in s.view(0)["shown"]


def test_poker_notation_round_trips() -> None:
    """``discard 3C 7H`` (any order, any case) and ``stand``; ``poker QS``."""
    for text in ("discard 7h 3c", "stand", "poker jk1"):
        a = parse_action(text)
        assert parse_action(str(a)) == a
    assert str(parse_action("discard 7h 3c")) == "discard 3C 7H"
    with pytest.raises(NotationError):
        parse_action("discard 3C 3C")


def test_poker_and_high_card_are_refused_together() -> None:
    """Both rules decide the order of play: one clear error (CW-A7)."""
    with pytest.raises(OptionError, match="high_card and poker_order"):
        CowboysOptions(high_card=True, poker_order=True)
    setup = replace(setup_of(CowboysOptions()), optional=("high_card",))
    with pytest.raises(OptionError, match="high_card and poker_order"):
        CowboysState(GAME, CowboysOptions(poker_order=True), setup)
    assert CowboysState(GAME, CowboysOptions(), setup).phase == Phase.FLIP


def test_simple_discards_keep_pairs_else_the_highest() -> None:
    """The heuristic's draw: keep pairs and better, else the highest card."""
    s = poker_game("2C 2D 9H JS KD", "AS 5H 3C 4D 8S")
    assert simple_discards(s, 0) == ("9H", "JS", "KD")
    assert simple_discards(s, 1) == ("5H", "3C", "4D", "8S")
    act(s, "discard 9H")
    poker_cards(s, "10C")
    assert heuristic_choice(s) == parse_action("discard 5H 3C 4D 8S")


def heuristic_choice(s: CowboysState) -> object:
    return GAME.agents()["heuristic"](GAME, 0, {}).choose(s)


@pytest.mark.parametrize("scenario", ["brawl"])
def test_conformance_with_poker(scenario: str) -> None:
    """The contract, the length bound and the notation hold with poker and
    every rule that can go with it."""
    from saloon.testing import check_game

    report = check_game(GAME, CowboysOptions(scenario=scenario, **POKER_ON), games=3, seed=0)
    assert report.games == 3

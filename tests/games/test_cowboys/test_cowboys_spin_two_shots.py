"""Cowboys' Advanced Rules: spin and shoot fires two shots (``spin_two_shots``;
rulebook, "Advanced Rules", "Modification to Spin and Shoot in Advanced
Rules"; "Spin and Shoot"; rulings CW-V17, CW-V18 in docs/rulings.md).
Dice are scripted on the test street of conftest; the option's conformance
run is in test_cowboys_variable_damage.py.
"""

from __future__ import annotations

from dataclasses import replace

from saloon.core.state import CHANCE
from saloon.games.cowboys.actions import Spin, SpinSplit, parse_action
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.strategy import HeuristicAgent

from .conftest import C, act, figure, legal, log_text, rolls, street_game

SPIN = ("spin_two_shots",)


def behind(rules: tuple[str, ...] = SPIN, **kw: object) -> CowboysState:
    """Cowboy 1 on a1 facing north, Cowboys 2 and 4 behind him on a3 and
    b3 (range 2: a pistol hits on 6)."""
    return street_game(
        [C("C1", "a1", "N", **kw)], [C("C2", "a3", "N"), C("C4", "b3", "N")], rules=rules
    )


def _ammo(state: CowboysState, fid: str, rounds: int) -> None:
    i = state.index[fid]
    f = state.figures[i]
    held = f.held()
    assert held is not None
    state.figures[i] = f.with_weapon(replace(held, ammo=rounds))
    state._cache.clear()


def test_without_the_option_a_spin_fires_one_shot() -> None:
    """Spin and Shoot: one shot at -1 with a pistol."""
    s = behind(rules=())
    act(s, "C1 spin S C2")
    assert "spins S and fires one shot" in log_text(s)
    rolls(s, "roll 4 4")
    assert figure(s, "C1").held().ammo == 5  # type: ignore[union-attr]
    assert s.to_move == 1


def test_a_spin_fires_two_shots_each_at_the_spin_modifier() -> None:
    """Advanced Rules: a spin and shoot fires two shots, each at -1 with
    a pistol (CW-V17)."""
    s = behind()
    assert "spins to face S and fires two pistol shots" in s.describe_action(
        s.parse("C1 spin S C2")
    )
    act(s, "C1 spin S C2")
    text = log_text(s)
    assert "spins S and fires two shots with the pistol at Cowboy 2" in text
    assert "-1 spin" in text and "pistol 6 → 4 rounds" in text
    assert figure(s, "C1").facing == "S"
    rolls(s, "roll 3 3")  # 6 - 1 = 5: a miss at range 2 (needs 6)
    assert s.to_move == CHANCE
    rolls(s, "roll 3 4")  # 7 - 1 = 6: a hit
    assert figure(s, "C2").health == 3 and "shot 2 of 2" in log_text(s)


def test_a_rifle_spins_at_minus_three_each() -> None:
    s = behind(weapons=("rifle",))
    act(s, "C1 spin S C2")
    assert "-3 spin" in log_text(s) and "rifle 16 → 14 rounds" in log_text(s)
    rolls(s, "roll 4 5", "roll 4 5")  # 9 - 3 = 6 at range 2: rifle needs more
    assert s.to_move == 1


def test_one_round_left_fires_one_shot() -> None:
    """With one round left the spin still fires, one shot (CW-V17)."""
    s = behind()
    _ammo(s, "C1", 1)
    assert "C1 spin S C2" in legal(s)
    act(s, "C1 spin S C2")
    assert "fires one shot" in log_text(s) and "pistol 1 → 0 rounds" in log_text(s)
    rolls(s, "roll 4 4")
    assert s.to_move == 1


def test_a_town_folk_spins_two_shots() -> None:
    """A town folk's rifle never runs out (CW-T13): two shots."""
    s = street_game([C("T1", "a1", "N", weapons=("rifle",))], [C("C2", "a3", "N")], rules=SPIN)
    act(s, "T1 spin S C2")
    rolls(s, "roll 1 3")
    assert s.to_move == CHANCE  # the second shot


def test_spin_at_two_targets_with_rule_five() -> None:
    """With Advanced Optional Rule 5 too, the two spin shots may go at two
    targets, one each, at -2 more (CW-V18)."""
    assert "C1 spin S C2 C4" not in legal(behind())
    assert "C1 spin S C2 C4" not in legal(behind(rules=("two_targets",)))
    s = behind(rules=(*SPIN, "two_targets"))
    ok = legal(s)
    assert {"C1 spin S C2 C4", "C1 spin S C4 C2"} <= ok
    # facing west, Cowboy 4 on b3 is behind him: one target only
    assert "C1 spin W C2" in ok and "C1 spin W C2 C4" not in ok
    assert s.is_legal(parse_action("C1 spin S C4 C2"))
    words = s.describe_action(s.parse("C1 spin S C2 C4"))
    assert "spins to face S and fires one shot at Cowboy 2, then one at Cowboy 4" in words
    act(s, "C1 spin S C2 C4")
    text = log_text(s)
    assert "spins S and fires the pistol at two targets" in text
    assert "-1 spin, -2 two targets" in text
    rolls(s, "roll 6 6")  # a natural 12 at Cowboy 2: two hits
    rolls(s, "roll 4 5")  # 9 - 3 = 6 at range 2: a hit on Cowboy 4
    assert figure(s, "C2").health == 2 and figure(s, "C4").health == 3


def test_spin_at_two_targets_needs_two_rounds() -> None:
    s = behind(rules=(*SPIN, "two_targets"))
    _ammo(s, "C1", 1)
    assert "C1 spin S C2" in legal(s) and "C1 spin S C2 C4" not in legal(s)


def test_the_two_target_spin_reads_back() -> None:
    a = parse_action("c1 SPIN s c2 c4")
    assert a == SpinSplit("C1", "S", "C2", "C4") and str(a) == "C1 spin S C2 C4"
    assert parse_action("C1 spin S C2") == Spin("C1", "S", "C2")
    s = behind(rules=(*SPIN, "two_targets"))
    for x in s.legal_actions():
        assert s.parse(str(x)) == x


def test_the_heuristic_counts_both_spin_shots() -> None:
    """The heuristic's worth of a spin counts its two shots."""
    agent = HeuristicAgent(seed=0)
    values = []
    for rules in ((), SPIN):
        s = behind(rules=rules)
        spin = s.parse("C1 spin S C2")
        assert isinstance(spin, Spin)
        values.append(agent._shot_value(s, s.index["C1"], spin))
    assert values[1] > values[0] > 0
    s = behind(rules=(*SPIN, "two_targets"))
    split = s.parse("C1 spin S C2 C4")
    assert isinstance(split, SpinSplit)
    assert agent._volley_value(s, s.index["C1"], split) > 0


def test_random_games_offer_the_two_target_spin_and_read_it_back() -> None:
    """In random games of brawl with both options, two-target spins are
    offered, and every spin reads back from its notation."""
    import numpy as np

    from saloon.games.cowboys import GAME
    from saloon.games.cowboys.options import CowboysOptions

    rng = np.random.default_rng(2)
    seen = 0
    for _ in range(2):
        s = GAME.new_state(CowboysOptions(scenario="brawl", spin_two_shots=True, two_targets=True))
        while not s.is_over:
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            acts = list(s.legal_actions())
            for a in acts:
                if isinstance(a, (Spin, SpinSplit)):
                    assert s.parse(str(a)) == a
                    seen += isinstance(a, SpinSplit)
            s.apply(acts[int(rng.integers(len(acts)))])
    assert seen > 0

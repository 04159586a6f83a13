"""D6's encoding for the adapters (saloon.core.encoding's contract)."""

from __future__ import annotations

import numpy as np

from saloon.games.dungeons import GAME
from saloon.games.dungeons.actions import CombatRoll, parse_action
from saloon.games.dungeons.options import DungeonsOptions
from saloon.testing.encoding import check_encoding

from .conftest import do, let_pass, scene, setup_game


def test_the_encoding_keeps_its_contract_with_every_player_count() -> None:
    for n in (2, 3, 4):
        report = check_encoding(GAME, DungeonsOptions(), games=2, seed=n, num_players=n)
        assert report.decisions > 0 and report.outcomes > 0 and report.resampled > 0


def test_a_rounds_roll_is_numbered_by_its_dice() -> None:
    enc = GAME.encoding(DungeonsOptions(), 2)
    s = scene(setup_game(2), 0, heroes={0: {"space": 6}}, enemies=[("orc", 6)])
    do(s, "fight orc")
    let_pass(s)  # the GM's window (ruling DG-R4)
    do(s, "wield natural")
    ids = {enc.outcome_id(s, o) for o, _ in s.chance_outcomes()}
    assert len(ids) == 6 * 10
    roll = CombatRoll((4,), 7)
    assert enc.outcome(s, enc.outcome_id(s, roll)) == roll
    assert enc.outcome(s, enc.outcome_id(s, CombatRoll((3, 20), 0))) == CombatRoll((3, 20), 0)


def test_every_action_reads_back_and_the_hand_is_seen_only_by_its_holder() -> None:
    enc = GAME.encoding(DungeonsOptions(map="advanced"), 3)
    s = GAME.new_state(DungeonsOptions(map="advanced"), 3)
    for text in ("move 12", "ride 11 12", "enemy kraken 12 5", "wield morning-star holy-water"):
        a = parse_action(text)
        assert enc.action(s, enc.action_id(s, a)) == a
    s = setup_game(3, map="advanced")
    mine = enc.observation(s, 0)
    theirs = enc.observation(s.resample_hidden(0, np.random.default_rng(1)), 0)
    assert np.array_equal(mine, theirs)
    start = enc.layout.offset("my_hand")
    assert enc.observation(s, None)[start : start + len(enc.cards)].sum() == 0

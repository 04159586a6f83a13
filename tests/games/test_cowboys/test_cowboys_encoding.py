"""Cowboys as numbers (:mod:`saloon.games.cowboys.encoding`; issue 17): the
encoding's contract over random games of every scenario and with every
rule, the ids of given actions worked out from the scenario's structure,
ids that name nothing legal refused, and the observation of known states
read field by field, the other side's hand never in it.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.core.errors import IllegalAction, OptionError, SaloonError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import ROLLS, Deal, Discard, Roll, parse_action
from saloon.games.cowboys.encoding import CARDS, CowboysEncoding, cowboys_encoding
from saloon.games.cowboys.options import OPTIONAL_RULES, CowboysOptions
from saloon.games.cowboys.rules.state import CowboysState, Phase
from saloon.testing.encoding import check_encoding

from .conftest import C, act, street_game

VARIANTS = GAME.variants()
#: Every Advanced Optional Rule but poker (not with high card: CW-A7), and
#: the Advanced Rules; then poker with the rules that add shoot actions.
EVERY_RULE = dict.fromkeys((r for r in OPTIONAL_RULES if r != "poker_order"), True)
POKER = {"poker_order": True, "two_targets": True, "fist_fights": True, "advanced": True}


def encoding_of(state: CowboysState) -> CowboysEncoding:
    """The encoding of a game on the test street (its own setup and rules)."""
    return CowboysEncoding(state.setup, state.rules)


def field(enc: CowboysEncoding, obs: np.ndarray, name: str) -> list[float]:
    """The numbers of the observation's field ``name``."""
    size = next(f.size for f in enc.fields if f.name == name)
    start = enc.layout.offset(name)
    return [float(x) for x in obs[start : start + size]]


def ids(enc: CowboysEncoding, state: CowboysState, *texts: str) -> list[int]:
    return [enc.action_id(state, parse_action(t)) for t in texts]


# -- the contract over random games ----------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_contract_holds_in_every_scenario(name: str) -> None:
    """Each legal action has an id in the space, no two share one, the mask
    marks exactly them; the observation stays in its bounds and holds
    nothing a side may not see (the hidden cards resampled)."""
    report = check_encoding(GAME, VARIANTS[name], games=1, seed=5, resample_every=9)
    assert report.decisions > 0 and report.outcomes > 0 and report.resampled > 0


@pytest.mark.parametrize("rules", [EVERY_RULE, POKER], ids=["every-rule", "poker"])
def test_the_contract_holds_with_every_rule(rules: dict[str, bool]) -> None:
    """The Advanced Optional Rules and the Advanced Rules on a small
    scenario: their kinds of action (fan, pistols, two targets, fists, move
    and shoot, reaction shots, the poker draw) and outcomes have ids."""
    options = CowboysOptions(scenario="brawl", **rules)
    report = check_encoding(GAME, options, games=2, seed=1, resample_every=9)
    assert report.games == 2 and report.decisions > 0


# -- the sizes, from the structure ---------------------------------------------------------------

#: Action ids, outcome ids and the observation's length of each scenario
#: with no optional rule; and with the Advanced Rules (``advanced``).
SIZES = {
    "brawl": (4622, 75, 1445),
    "cattlemens-bank": (16440, 75, 2459),
    "coffeyville": (34609, 75, 4134),
    "four-corners": (7104, 75, 2729),
    "hickok-tutt": (2650, 75, 1388),
    "jailbreak": (13394, 75, 2379),
    "night-riders": (7040, 75, 1565),
    "noon-stage": (6268, 75, 1536),
    "ok-corral": (9010, 75, 1703),
    "range-war": (6980, 75, 1525),
    "saloon-siege": (15472, 75, 2459),
    "slocum-ranch": (4754, 75, 1455),
    "stage-holdup": (13268, 75, 2357),
    "sundown-at-red-rock": (6996, 75, 2119),
    "the-witness": (10820, 75, 2317),
    "three-way-standoff": (2810, 75, 2218),
}


def test_the_sizes_of_every_scenario() -> None:
    """The space grows with the scenario's figures, horses and squares (the
    docs' "As numbers" table)."""
    got = {}
    for name, options in VARIANTS.items():
        enc = GAME.encoding(options)
        got[name] = (enc.num_actions, enc.num_outcomes, enc.observation_shape[0])
    assert got == SIZES


def test_the_space_is_worked_out_from_the_structure() -> None:
    """Hickok and Tutt: 5 figures (2 cowboys, 3 bystanders), no horse, 88
    squares, nobody may leave the town, 2 sides: each kind's block is the
    product of its digits."""
    enc = GAME.encoding(CowboysOptions(scenario="hickok-tutt"))
    assert enc.figures == ("C1", "C2", "T1", "T2", "T3") and enc.horses == ()
    F, T, S = 5, 5, 88
    assert len(enc.ends) == S  # on foot only, never off the town
    sizes = {b.kind: b.size for b in enc.blocks}
    assert sizes == {
        "end": 1,
        "pass": 1,
        "wait": F,
        "move": F * S * 4,
        "arm": F * 4,
        "pickup": F * 4,
        "reload": F * 4,
        "shoot": F * T * 2,
        "draw": F * T,
        "spin": F * 4 * T,
        "play": 54 * (1 + F + 4 + 2),
    }
    assert enc.num_actions == sum(sizes.values()) == 2650
    assert [b.kind for b in enc.outcome_blocks] == ["roll", "deal"]


def test_a_kind_is_numbered_only_when_the_rules_offer_it() -> None:
    """Move and shoot is the large block: cowboy x end (squares on foot,
    and mounted where a horse may stand) x facing x target; Coffeyville
    with every rule stays well under a million ids."""
    basic = GAME.encoding(CowboysOptions(scenario="coffeyville"))
    assert "move_shoot" not in {b.kind for b in basic.blocks}
    with pytest.raises(SaloonError, match="no 'fan' ids"):
        basic.block("fan")
    every = GAME.encoding(CowboysOptions(scenario="coffeyville", **EVERY_RULE))
    ms = every.block("move_shoot")
    C, A, T = len(every.cowboys), len(every.aim_ends), len(every.targets)
    assert ms.size == C * A * 4 * T == 8 * 608 * 4 * 18
    assert every.num_actions < 500_000
    assert {"fan", "pistols", "split", "spin_split", "fist", "shoot_move", "react", "stay"} <= {
        b.kind for b in every.blocks
    }
    assert [b.kind for b in every.outcome_blocks] == [
        "roll",
        "deal",
        "fists",
        "die",
        "flip",
        "damage",
        "marker",
    ]


def test_an_encoding_per_options_and_its_players() -> None:
    options = CowboysOptions(scenario="three-way-standoff")
    assert GAME.encoding(options) is cowboys_encoding(options)
    assert GAME.encoding(options, 3).num_players == 3
    with pytest.raises(OptionError, match="is for 3 sides, not 2 players"):
        GAME.encoding(options, 2)


# -- the ids of given actions -----------------------------------------------------------------


def test_ids_of_actions_on_the_test_street() -> None:
    """The street is 8 x 6 squares, two figures, no horse: a move's id is
    figure x square x facing, a shot's figure x target x shots."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=("QS", "2D"), cards=(1, 1))
    enc = encoding_of(s)
    move, shoot, play = enc.block("move"), enc.block("shoot"), enc.block("play")
    assert ids(enc, s, "C1 move T:b1 E", "C2 move T:a2 W") == [
        move.start + (0 * 48 + 1) * 4 + 1,
        move.start + (1 * 48 + 8) * 4 + 3,
    ]
    assert ids(enc, s, "C1 shoot C2", "C1 shoot C2 x2", "C2 shoot C1 x2") == [
        shoot.start + (0 * 2 + 1) * 2,
        shoot.start + (0 * 2 + 1) * 2 + 1,
        shoot.start + (1 * 2 + 0) * 2 + 1,
    ]
    # A card's target: none, a figure, a weapon slot, a side.
    assert CARDS.index("QS") == 49 and len(enc.play_targets) == 1 + 2 + 4 + 2
    assert ids(enc, s, "play QS", "play KH C2", "play 9S rifle", "play 2D s2") == [
        play.start + 49 * 9,
        play.start + CARDS.index("KH") * 9 + 2,
        play.start + CARDS.index("9S") * 9 + 3 + 2,
        play.start + CARDS.index("2D") * 9 + 7 + 1,
    ]
    assert ids(enc, s, "end", "pass") == [0, 1]
    for i in ids(enc, s, "C1 move T:b1 E", "C1 shoot C2 x2", "end"):
        assert enc.legal_mask(s)[i] == 1 and str(enc.action(s, i)) == enc.name(i)
    assert enc.name(move.start + 5) == "C1 move T:b1 E"


#: Brawl with every kind of action numbered (poker's draw included).
FULL = GAME.encoding(CowboysOptions(scenario="brawl", **POKER, fan_fire=True, two_pistols=True))
BRAWL = GAME.new_state(CowboysOptions(scenario="brawl"))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, FULL.block("discard").start - 1))
def test_every_id_names_one_action_that_reads_back(i: int) -> None:
    """Any id but a draw's names an action in notation whose id is the
    same: the numbering is one to one over the whole space."""
    assert FULL.action_id(BRAWL, parse_action(FULL.name(i))) == i


def test_the_mask_marks_the_legal_actions_and_nothing_else() -> None:
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")])
    enc = encoding_of(s)
    mask = enc.legal_mask(s)
    legal = s.legal_actions()
    assert mask.shape == (enc.num_actions,) and mask.dtype == np.int8
    assert int(mask.sum()) == len(legal)
    assert enc.legal_ids(s) == sorted(enc.action_id(s, a) for a in legal)
    assert [enc.action(s, i) for i in enc.legal_ids(s)] == sorted(
        legal, key=lambda a: enc.action_id(s, a)
    )


def test_an_id_naming_nothing_legal_is_refused() -> None:
    """The other side's shot, an id past the space, a card not in hand,
    and a draw where there is no poker hand: IllegalAction, naming it."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=("QS", "2D"), cards=(1, 1))
    enc = encoding_of(s)
    (theirs,) = ids(enc, s, "C2 shoot C1")
    with pytest.raises(IllegalAction, match=r"\(C2 shoot C1\) is not legal now"):
        enc.action(s, theirs)
    with pytest.raises(IllegalAction, match="outside"):
        enc.action(s, enc.num_actions)
    with pytest.raises(IllegalAction, match="outside"):
        enc.action(s, -1)
    (card,) = ids(enc, s, "play 2D")
    with pytest.raises(IllegalAction, match="not legal"):
        enc.action(s, card)
    poker = encoding_of(
        street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("poker_order",))
    )
    with pytest.raises(IllegalAction, match="poker hand of 0"):
        poker.action(s, poker.block("discard").start + 1)


def test_a_draw_is_a_mask_over_the_sorted_poker_hand() -> None:
    """Advanced Optional Rule 7: bit k throws the k-th card of the hand
    sorted as the notation sorts it (by rank), whatever the deal's order."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, rules=("poker_order",))
    for a, b in zip(["KD", "9H", "2C", "JS", "7D"], ["AS", "AH", "3C", "4D", "8S"], strict=True):
        s.apply(s.parse(a))
        s.apply(s.parse(b))
    assert s.phase == Phase.DRAW and s.poker[0] == ("KD", "9H", "2C", "JS", "7D")
    enc = encoding_of(s)
    start = enc.block("discard").start  # hand by rank: 2C 7D 9H JS KD
    assert ids(enc, s, "stand", "discard 2C", "discard KD", "discard 9H 2C") == [
        start,
        start + 0b00001,
        start + 0b10000,
        start + 0b00101,
    ]
    assert enc.action(s, start + 0b11000) == Discard(("JS", "KD"))
    assert enc.legal_ids(s) == list(range(start, start + 32))
    assert enc.name(start + 0b00101) == "discard mask 00101"


def test_outcome_ids() -> None:
    """Two dice as :data:`ROLLS` lists them, then a card dealt by its face."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=None, cards=(1, 1))
    enc = encoding_of(s)
    assert enc.outcome_id(s, Roll(3, 5)) == ROLLS.index(Roll(3, 5))
    assert enc.outcome_id(s, Deal("QS")) == 21 + 49
    assert enc.outcome(s, 21 + 49) == Deal("QS")
    assert [i for i, _ in enc.chance_ids(s)] == list(range(21, 21 + 54))
    with pytest.raises(IllegalAction, match="not possible now"):
        enc.outcome(s, 0)  # a roll, while the cards are dealt


# -- the observation -------------------------------------------------------------------------


def known_game() -> CowboysState:
    """The test street: side 1's wounded cowboy with a pistol and a rifle
    on c3 facing east; side 2's cowboy on f6 and town folk on h1; the
    cards dealt QS KH to side 1, 2D 5C to side 2."""
    return street_game(
        [C("C1", "c3", "E", weapons=("pistol", "rifle"), health=2)],
        [C("C2", "f6", "N"), C("T1", "h1", "S", weapons=("rifle",))],
        deal=("QS", "2D", "KH", "5C"),
        cards=(2, 2),
    )


def test_the_observation_of_a_known_state() -> None:
    s = known_game()
    enc = encoding_of(s)
    assert enc.figures == ("C1", "C2", "T1")
    obs = enc.observation(s, 0)
    assert obs.shape == enc.observation_shape and obs.dtype == np.float32
    c3, f6, h1 = 2 * 8 + 2, 5 * 8 + 5, 0 * 8 + 7
    assert field(enc, obs, "me") == [1, 0] and field(enc, obs, "to_move") == [1, 0]
    assert field(enc, obs, "phase")[Phase.SELECT] == 1 and field(enc, obs, "turn") == [1]
    assert field(enc, obs, "fig_square") == [c3, f6, h1]
    assert field(enc, obs, "fig_health") == [2, 4, 1]
    assert field(enc, obs, "fig_side1") == [1, 0, 0] and field(enc, obs, "fig_side2") == [0, 1, 1]
    assert field(enc, obs, "fig_facing_E") == [1, 0, 0]
    assert field(enc, obs, "fig_in_hand_pistol") == [1, 1, 0]
    assert field(enc, obs, "fig_ammo_rifle") == [16, 0, 16]
    plane1, plane2 = field(enc, obs, "plane_side1"), field(enc, obs, "plane_side2")
    assert [k for k, v in enumerate(plane1) if v] == [c3]
    assert [k for k, v in enumerate(plane2) if v] == [h1, f6]
    hand = field(enc, obs, "hand")
    assert [CARDS[k] for k, v in enumerate(hand) if v] == ["KH", "QS"]
    assert field(enc, obs, "hand_sizes") == [2, 2] and field(enc, obs, "deck") == [50]
    assert not any(field(enc, obs, "seen"))
    theirs = enc.observation(s, 1)
    assert [CARDS[k] for k, v in enumerate(field(enc, theirs, "hand")) if v] == ["5C", "2D"]
    assert field(enc, theirs, "me") == [0, 1]
    spectator = enc.observation(s, None)
    assert not any(field(enc, spectator, "hand")) and not any(field(enc, spectator, "me"))
    assert not any(field(enc, obs, "pending_kind")) and field(enc, obs, "pending_dest") == [-1]


def test_the_action_under_way_is_in_the_observation() -> None:
    """Side 2 answers C1's announced move: the move, its figure and end,
    and what is answered."""
    s = street_game(
        [C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=("QS", "JC"), cards=(1, 1)
    )  # JC, Hold It!, answers a move
    act(s, "C1 move T:b1 E")
    assert s.phase == Phase.ANSWER and s.to_move == 1
    enc = encoding_of(s)
    obs = enc.observation(s, 1)
    kinds = next(f for f in enc.fields if f.name == "pending_kind").doc
    assert field(enc, obs, "pending_kind")[enc.pending_kinds.index("move")] == 1 and "move" in kinds
    assert field(enc, obs, "pending_figure") == [1, 0]
    assert field(enc, obs, "pending_dest") == [1]
    assert field(enc, obs, "answering")[0] == 1  # a move
    assert field(enc, obs, "to_move") == [0, 1] and field(enc, obs, "active") == [1, 0]


def test_the_other_sides_hand_never_shows() -> None:
    """Two games that differ only in side 2's cards look the same to side
    1, and differ to side 2; a card side 1 is shown (Card Sharp) shows."""
    a = street_game(
        [C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=("2D", "KH", "QS", "7S"), cards=(2, 2)
    )
    b = street_game(
        [C("C1", "a1", "S")], [C("C2", "a4", "N")], deal=("2D", "9H", "QS", "8S"), cards=(2, 2)
    )
    enc = encoding_of(a)
    assert np.array_equal(enc.observation(a, 0), enc.observation(b, 0))
    assert np.array_equal(enc.observation(a, None), enc.observation(b, None))
    assert not np.array_equal(enc.observation(a, 1), enc.observation(b, 1))
    # Side 2 is asked to answer the move all the same (CW-T15); then Card
    # Sharp (2D) as C1 starts his move: side 2's hand is shown to side 1.
    act(a, "C1 move T:b1 E", "pass", "play 2D", "pass")
    seen = field(enc, enc.observation(a, 0), "seen")
    assert [CARDS[k - 54] for k, v in enumerate(seen) if v] == ["KH", "7S"]
    assert not any(field(enc, enc.observation(a, 1), "seen"))


def test_the_docs_tables_are_the_encodings() -> None:
    """docs/games/cowboys.md, "As numbers", prints brawl's observation and
    the blocks of brawl with the rules that add actions as the code has them."""
    from pathlib import Path

    docs = Path(__file__).resolve().parents[3] / "docs" / "games" / "cowboys.md"
    text = docs.read_text(encoding="utf-8")
    basic = GAME.encoding(VARIANTS["brawl"])
    rules = {k: True for k in ("fan_fire", "two_pistols", "two_targets", "fist_fights")}
    full = GAME.encoding(
        CowboysOptions(
            scenario="brawl", advanced=True, poker_order=True, random_modifiers=True, **rules
        )
    )
    assert basic.layout.describe() in text
    assert full.describe_actions() in text and full.describe_outcomes() in text

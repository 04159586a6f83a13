"""The d6 Shooters as numbers (``saloon.games.d6shooters.encoding``): action
ids from the variant's structure, chance outcome ids, the observation.

The contract (``saloon.testing.encoding.check_encoding``) runs over every
variant; heuristic games reach what random play rarely does (Towns, Poker,
the Showdown); scripted states pin the ids of particular actions and one
observation field by field. Citations as in ``test_d6_rules.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.agents import make_agent
from saloon.core import CHANCE, get_game
from saloon.core.errors import IllegalAction, SaloonError
from saloon.games.d6shooters.actions import Pair, Roll, Stake, Trade
from saloon.games.d6shooters.dice import multisets
from saloon.games.d6shooters.encoding import Block, D6ShootersEncoding
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    P_ASSIGN,
    P_EVENT_CHOICE,
    P_FOURS,
    P_KEEP,
    P_LOSS,
    P_REROLL,
    P_SHOP,
    P_STAKE,
    P_TACTIC,
)
from saloon.testing.encoding import check_encoding

from .conftest import run, start

GAME = get_game("d6shooters")


def encoding(options: dict[str, Any] | None = None) -> D6ShootersEncoding:
    enc = GAME.encoding(D6ShootersOptions(**(options or {})))
    assert isinstance(enc, D6ShootersEncoding)
    return enc


def block(enc: D6ShootersEncoding, name: str) -> Block:
    return next(b for b in enc.blocks if b.name == name)


def ids_of(enc: D6ShootersEncoding, state: D6State, *texts: str) -> list[int]:
    return [enc.action_id(state, GAME.parse_action(t)) for t in texts]


# -- the contract, over every variant ------------------------------------------------------


@pytest.mark.parametrize("name", list(GAME.variants()))
def test_the_contract_holds_over_random_games(name: str) -> None:
    report = check_encoding(GAME, GAME.variants()[name], games=8, seed=11)
    assert report.games == 8 and report.decisions > 100 and report.outcomes > 100


def _check_state(enc: D6ShootersEncoding, s: D6State, rng: np.random.Generator) -> None:
    """Ids, mask and observation at one state (the checker's own rules)."""
    obs = enc.observation(s, 0)
    assert np.array_equal(obs, enc.observe(s.view(0), 0))
    assert ((enc.layout.low <= obs) & (obs <= enc.layout.high)).all()
    if s.to_move == CHANCE:
        pairs = enc.chance_ids(s)
        assert sorted(enc.outcome_id(s, o) for o, _ in s.chance_outcomes()) == [i for i, _ in pairs]
        i, _ = pairs[int(rng.integers(len(pairs)))]
        assert enc.outcome_id(s, enc.outcome(s, i)) == i
        return
    legal = s.legal_actions()
    ids = [enc.action_id(s, a) for a in legal]
    assert len(set(ids)) == len(ids) and enc.legal_ids(s) == sorted(ids)
    assert np.flatnonzero(enc.legal_mask(s)).tolist() == sorted(ids)
    for k in rng.choice(len(legal), size=min(len(legal), 12), replace=False):
        assert enc.action(s, ids[k]) == legal[k]


@pytest.mark.parametrize(
    ("name", "met"),
    [
        ("ep1-easier-cards", {P_SHOP, P_STAKE, P_EVENT_CHOICE, P_FOURS, P_LOSS}),
        ("ep2-saloon-easier-cards", {P_SHOP, P_TACTIC, P_REROLL, P_ASSIGN, P_FOURS}),
    ],
)
def test_the_contract_holds_along_heuristic_games(name: str, met: set[int]) -> None:
    """The heuristic (staking 3 Gold at Poker), with one move in four random,
    reaches the Towns, Poker and the Showdown that random play rarely does."""
    options = GAME.variants()[name]
    enc = GAME.encoding(options)
    assert isinstance(enc, D6ShootersEncoding)
    rng = np.random.default_rng(7)
    agent = make_agent("heuristic:poker_stake=3", GAME, seed=7)
    seen: set[int] = set()
    for _ in range(5):
        s = GAME.new_state(options)
        assert isinstance(s, D6State)
        while not s.is_over:
            _check_state(enc, s, rng)
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            seen.add(s.phase)
            legal = s.legal_actions()
            pick = rng.random() < 0.25
            s.apply(legal[int(rng.integers(len(legal)))] if pick else agent.choose(s))
    assert met <= seen


# -- the numbering, per variant --------------------------------------------------------------


def test_num_actions_and_num_outcomes_per_variant() -> None:
    """From the structure: 2**P keeps (P dice: 3 red and 5 white in episode
    1, a black, 2 red and 5 white in episode 2, and 2 white more where
    Critters Everywhere is on the list), the words, splits and amounts,
    Poker's stakes in episode 1, the Showdown's rerolls in episode 2."""
    sizes = {
        name: (e.positions, e.num_actions, e.num_outcomes)
        for name, options in GAME.variants().items()
        for e in [GAME.encoding(options)]
        if isinstance(e, D6ShootersEncoding)
    }
    assert sizes == {
        "ep1-standard-cards": (10, 24002, 63038),
        "ep1-standard-d6": (8, 23115, 8281),
        "ep1-easier-cards": (10, 24008, 63038),
        "ep1-easier-d6": (8, 23121, 8281),
        "ep1-shorter-cards": (10, 24002, 63038),
        "ep1-shorter-d6": (8, 23115, 8281),
        "ep2-standard-cards": (10, 2543, 285203),
        "ep2-standard-d6": (8, 1651, 248750),
        "ep2-saloon-easier-cards": (10, 2549, 285203),
        "ep2-saloon-easier-d6": (8, 1657, 248750),
        "ep2-saloon-shorter-cards": (10, 2541, 57976),
        "ep2-saloon-shorter-d6": (8, 1649, 21523),
    }


@pytest.mark.parametrize("name", list(GAME.variants()))
def test_blocks_tile_the_ids(name: str) -> None:
    enc = GAME.encoding(GAME.variants()[name])
    assert isinstance(enc, D6ShootersEncoding)
    for blocks, total in ((enc.blocks, enc.num_actions), (enc.outcome_blocks, enc.num_outcomes)):
        at = 0
        for b in blocks:
            assert b.start == at and b.size > 0
            at += b.size
        assert at == total


def test_blocks_follow_the_variant() -> None:
    """Easier Version: the free Special Item's six words (D6-E1); episode 1
    alone has Poker's stakes and the Heat's Food; episode 2 alone the
    Showdown's Tactics, rerolls (up to three of either side's faces: 454)
    and successes; the Shorter Version's Crowe Gang of 6 rolls at most 8
    Crowe dice (D6-E3)."""
    std, easy, two = encoding(), encoding({"version": "easier"}), encoding({"episode": 2})
    assert block(easy, "word").size == block(std, "word").size + 6
    names1, names2 = {b.name for b in std.blocks}, {b.name for b in two.blocks}
    assert {"stake", "heat food"} <= names1 - names2
    assert {"reroll", "assign", "nudge", "charm", "recruit"} <= names2 - names1
    assert block(two, "reroll").size == 454
    short = encoding({"episode": 2, "version": "shorter"})
    crowe = next(b for b in short.outcome_blocks if b.name == "crowe")
    assert crowe.size == sum(len(multisets(n)[0]) for n in range(1, 9))
    assert block(std, "stake").size == 41 * 13 * 41 - 1  # Gold 0-40, Food 0-12, Ammo 0-40


# -- keeping: a mask over the dice showing --------------------------------------------------


def test_keep_ids_are_masks_over_the_dice_showing() -> None:
    """Ep.1 "Gameplay": red 2 5 6 (positions 0-2, the 5 and 6 of the first
    roll locked) and white 1 1 3 4 6 (positions 3-7); of equal dice the
    leftmost are kept; keeping every die is ``stop``."""
    enc = encoding()
    s = run(start(), "red 652", "white 64131")
    assert s.phase == P_KEEP
    assert ids_of(enc, s, "keep r56 w114", "keep r56", "stop") == [
        0b01011110,
        0b00000110,
        0b11111111,
    ]
    assert str(enc.action(s, 0b00111110)) == "keep r56 w113"
    with pytest.raises(IllegalAction, match="the same dice as id 78"):
        enc.action(s, 0b01010110)  # the second white 1 rather than the first
    with pytest.raises(IllegalAction, match="not legal"):
        enc.action(s, 0b01011100)  # the locked red 5 left out
    with pytest.raises(IllegalAction, match="beyond the 8 showing"):
        enc.action(s, 0b100000110)
    assert len(enc.legal_ids(s)) == len(s.legal_actions()) == 2 * 3 * 2 * 2 * 2


def test_keep_ids_of_episode_2_begin_with_the_black_die() -> None:
    """Ep.2 "Gameplay": the black die is position 0, then 2 red, 5 white."""
    enc = encoding({"episode": 2})
    s = run(start({"episode": 2}), "black 4", "red 15", "white 22346")
    assert ids_of(enc, s, "keep b4 r5", "keep r15 w2", "keep w46") == [
        0b00000101,
        0b00001110,
        0b11000000,
    ]


def test_poker_keeps_white_dice_only() -> None:
    """Ep.1 "Poker": three rolls of the 5 white dice, positions 0-4."""
    enc = encoding()
    s = start(space=13, gold=4)
    run(s, "red 112", "white 23333", "stop", "item 1", "poker", "stake 1g", "white 44456")
    assert s.phase == P_KEEP and s.mode == "poker"
    assert ids_of(enc, s, "keep w444", "stop") == [0b00111, 0b11111]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_keep_ids_match_the_legal_keeps(data: st.DataObject) -> None:
    """For any dice showing (and any locked red 5s and 6s), the mask of
    every legal keep is distinct and reads back as that keep."""
    episode = data.draw(st.sampled_from([1, 2]))
    enc = encoding({"episode": episode})
    faces = st.integers(1, 6)
    s = start({"episode": episode})
    d = s.dice
    d.black = tuple(data.draw(st.lists(faces, max_size=episode - 1)))
    d.red = tuple(sorted(data.draw(st.lists(faces, max_size=enc.reds))))
    d.white = tuple(sorted(data.draw(st.lists(faces, min_size=1, max_size=enc.whites))))
    d.locked = tuple(f for f in d.red if f >= 5 and data.draw(st.booleans()))
    s.phase = P_KEEP
    legal = s.legal_actions()
    ids = [enc.action_id(s, a) for a in legal]
    assert len(set(ids)) == len(ids) and sorted(ids) == enc.legal_ids(s)
    assert all(enc.action(s, i) == a for i, a in zip(ids, legal, strict=True))


# -- the other decisions: one id each ---------------------------------------------------------


def test_ids_of_the_words_and_the_splits_of_the_fours() -> None:
    """Ep.1 "Dice Actions": three 4s against a 5 and two 6s; a split's id is
    its place among every split the dice could offer."""
    enc = encoding()
    s = run(start(), "red 445", "white 46612", "stop")
    assert s.phase == P_FOURS
    fours = block(enc, "fours")
    for a in s.legal_actions():
        i = enc.action_id(s, a)
        assert fours.start <= i < fours.start + fours.size and enc.action(s, i) == a
    # (0, 0, 0, 0) is the first split of all, (0, 0, 0, 2) the second (Backroads by twos).
    assert ids_of(enc, s, "fours s0 h0 f0 b0", "fours s0 h0 f0 b2") == [
        fours.start,
        fours.start + 1,
    ]
    word = block(enc, "word")
    assert enc.action_id(s, GAME.parse_action("pass")) in range(word.start, word.start + word.size)


def test_stake_ids_are_their_amounts() -> None:
    """Ep.1 "Poker" (RULINGS d6): any Gold, Food and Ammo held, at least one:
    ``stake g f a`` is ``start + (g * 13 + f) * 41 + a - 1``."""
    enc = encoding()
    s = start(space=13, gold=4, food=6, ammo=3)
    run(s, "red 112", "white 23333", "stop", "item 1", "poker")
    assert s.phase == P_STAKE
    start_ = block(enc, "stake").start
    assert ids_of(enc, s, "stake 1a", "stake 2g 1f") == [start_, start_ + (2 * 13 + 1) * 41 - 1]
    assert enc.action(s, start_ + (2 * 13 + 1) * 41 - 1) == Stake(2, 1, 0)
    assert len(enc.legal_ids(s)) == (5 + 1) * (7 + 1) * (3 + 1) - 1  # a Gold and a Food found
    with pytest.raises(IllegalAction, match="not legal"):
        enc.action(s, start_ + (6 * 13) * 41 - 1)  # 6 Gold: more than held


def test_trade_ids_count_lots_of_the_rate() -> None:
    """Wagon Train (D6-V3): 2 Food or 2 Ammo for 1 Gold; a trade's id is
    its lots of Food (-6..6) and of Ammo (-20..46)."""
    enc = encoding({"events": "d6"})
    s = start({"events": "d6"}, special=True, gold=1, food=10, ammo=2)
    run(s, "special", "event 3")
    assert s.phase == P_EVENT_CHOICE
    trade = block(enc, "trade")
    assert trade.size == 13 * 67
    (i,) = ids_of(enc, s, "trade -4f +6a")
    assert i == trade.start + (-2 + 6) * 67 + (3 + 20)
    assert enc.action(s, i) == Trade(-4, 6)
    with pytest.raises(IllegalAction, match="trades nothing"):
        enc.action(s, trade.start + 6 * 67 + 20)


def test_showdown_ids() -> None:
    """Ep.2 "Combat", "Tactics": the Tactic, the reroll (by the faces) and
    the successes that remove Crowe 1-2s."""
    enc = encoding({"episode": 2})
    s = start({"episode": 2}, day=20, food=8, posse=4, ammo=2, crowes=1)
    s.journey.space = s.map.length - 1
    run(s, "black 3", "red 23", "white 12233", "stop")
    assert s.phase == P_TACTIC
    word = block(enc, "word")
    tactics = ids_of(enc, s, "tactic none", "tactic defend", "tactic charge", "tactic distract")
    assert tactics == list(range(tactics[0], tactics[0] + 4))
    assert word.start <= tactics[0] < word.start + word.size
    run(s, "tactic none", "posse 4456", "crowe 125")
    assert s.phase == P_REROLL
    reroll = block(enc, "reroll")
    # Rerolls of one die first: a Crowe face (0-5), then a Posse face (6-11).
    assert ids_of(enc, s, "reroll c1", "reroll c5", "reroll p4") == [
        reroll.start,
        reroll.start + 4,
        reroll.start + 9,
    ]
    assert len(enc.legal_ids(s)) == len(s.legal_actions())
    run(s, "pass")
    assert s.phase == P_ASSIGN
    assign = block(enc, "assign")
    assert ids_of(enc, s, "assign 0", "assign 2") == [assign.start, assign.start + 2]


def test_amounts_beyond_the_numbering_are_refused() -> None:
    """Gold has no cap in the rulebook: a Town offering Better Guns for more
    Gold than the numbering covers is refused, not given a shared id; a
    numbering with a higher bound covers it."""
    s = start(space=13, gold=45)
    run(s, "red 112", "white 24444", "stop", "item 6")
    assert s.phase == P_SHOP and "buy guns 45" in [str(a) for a in s.legal_actions()]
    with pytest.raises(SaloonError, match="up to 40 Gold"):
        encoding().legal_mask(s)
    rich = D6ShootersEncoding(D6ShootersOptions(), most_gold=60)
    assert rich.action(s, rich.action_id(s, GAME.parse_action("buy guns 45"))) == (
        GAME.parse_action("buy guns 45")
    )


def test_an_id_that_names_nothing_here_is_refused() -> None:
    enc = encoding()
    s = start(space=13, gold=4)
    run(s, "red 112", "white 23333", "stop", "item 1")
    assert s.phase == P_SHOP
    for bad in (-1, enc.num_actions, 5):  # outside; outside; a keep, at a shop
        with pytest.raises(IllegalAction):
            enc.action(s, bad)
    with pytest.raises(IllegalAction, match="not legal"):
        enc.action(s, enc.action_id(s, GAME.parse_action("medicine")))  # no loss to prevent
    with pytest.raises(IllegalAction, match="no Wagon Train"):
        enc.action(s, block(enc, "trade").start)
    assert enc.legal_mask(s).sum() == len(s.legal_actions())


# -- chance outcomes -----------------------------------------------------------------------


def test_outcome_ids_by_group_size_and_faces() -> None:
    """A roll's id: its group's block, the sizes before it, then its place
    among the sorted faces; the 2d6 Event pairs and the one-die labels."""
    enc = encoding()
    s = start()
    red = next(b for b in enc.outcome_blocks if b.name == "red")
    assert enc.outcome_id(s, Roll("red", (1, 1, 1))) == red.start + 6 + 21
    assert enc.outcome_id(s, Roll("red", (6, 6, 6))) == red.start + red.size - 1
    assert enc.outcome(s, red.start + 6 + 21) == Roll("red", (1, 1, 1))
    assert [i for i, _ in enc.chance_ids(s)] == list(range(red.start + 27, red.start + 83))
    with pytest.raises(IllegalAction, match="cannot happen here"):
        enc.outcome(s, red.start)  # one red die, where three are rolled
    pairs = next(b for b in enc.outcome_blocks if b.name == "event pair")
    assert enc.outcome_id(s, Pair(3, 5)) == pairs.start + 6 + 5 + 2  # after 1-x, 2-x: 3-3, 3-4
    assert pairs.size == 21 and pairs.start + 21 == enc.num_outcomes


# -- the observation ---------------------------------------------------------------------


def test_observation_of_a_known_state() -> None:
    """The rulebook's Turn Example's sheet (Ep.1: 8 Days passed, three spaces
    past Calico, Food 4, Posse 6, Ammo 4, Gold 0) after a first roll."""
    enc = encoding()
    s = start(day=8, space=18, food=4, posse=6, ammo=4, gold=0)
    run(s, "red 146", "white 12344")
    obs = enc.observation(s, 0)

    def field(name: str) -> list[float]:
        at = enc.layout.offset(name)
        size = next(f.size for f in enc.fields if f.name == name)
        return obs[at : at + size].tolist()

    assert field("phase").index(1) == 6 and sum(field("phase")) == 1  # the keep
    assert field("mode") == [1, 0, 0] and field("stage").index(1) == 5  # the 1s next
    assert field("day") + field("days_left") + field("rations_in") == [8, 32, 2]
    assert field("space") + field("to_destination") == [18, 95 - 18]
    assert field("to_town") + field("to_event") == [35 - 18, 20 - 18]
    road = np.array(field("road")).reshape(14, 2)  # spaces 19..32: town, event
    assert np.flatnonzero(road[:, 1]).tolist() == [1, 11] and not road[:, 0].any()
    assert field("posse") + field("food") + field("ammo") + field("gold") == [6, 4, 4, 0]
    assert field("items") == [0] * 6 and field("special_used") == [1] and field("rolls") == [1]
    dice = np.array(field("dice")).reshape(10, 6)
    assert [int(row.argmax()) + 1 if row.any() else 0 for row in dice] == [
        1, 4, 6, 1, 2, 3, 4, 4, 0, 0,
    ]  # fmt: skip
    colour = np.array(field("dice_colour")).reshape(10, 2)
    assert colour[:, 0].tolist() == [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    assert colour[:, 1].tolist() == [0, 0, 0, 1, 1, 1, 1, 1, 0, 0]
    assert field("dice_locked") == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    faces = np.array(field("faces")).reshape(2, 6).tolist()
    assert faces == [[1, 0, 0, 1, 0, 1], [1, 1, 1, 2, 0, 0]]  # red, white
    assert field("to_roll") == [0, 0]
    assert sum(obs) == pytest.approx(
        1 + 1 + 1 + 8 + 32 + 2 + 18 + 77 + 17 + 2 + 2 + 6 + 4 + 4 + 1 + 1 + 8 + 8 + 1 + 3 + 5
    )
    assert np.array_equal(obs, enc.observe(s.view(None), None))


def test_the_observation_says_what_the_decision_depends_on() -> None:
    """A Wagon Train's list entry, a Showdown's dice, a loss and its source."""
    enc = encoding({"events": "d6"})
    s = start({"events": "d6"}, special=True, gold=1, food=10, ammo=2)
    run(s, "special", "event 3")
    event = enc.layout.offset("event")
    assert enc.observation(s, 0)[event : event + 6].tolist() == [0, 0, 1, 0, 0, 0]
    two = encoding({"episode": 2})
    s = start({"episode": 2}, day=20, food=8, posse=4, ammo=2, crowes=1)
    s.journey.space = s.map.length - 1
    run(s, "black 3", "red 23", "white 12233", "stop", "tactic none", "posse 4456", "crowe 125")
    obs = two.observation(s, 0)
    at = two.layout.offset("sd_posse_faces")
    assert obs[at : at + 6].tolist() == [0, 0, 0, 2, 1, 1]
    at = two.layout.offset("sd_crowe_faces")
    assert obs[at : at + 6].tolist() == [1, 1, 0, 0, 1, 0]
    at = two.layout.offset("sd_dice")
    assert obs[at : at + 2].tolist() == [4, 3]  # a Crowe and Russell and Sheryl
    s = start(items=1 << 4)  # Medicine
    run(s, "red 266", "white 12233", "stop", "gang 36")
    assert s.phase == P_LOSS
    one = encoding()
    obs = one.observation(s, 0)
    source = one.layout.offset("loss_source")
    assert obs[one.layout.offset("loss")] == 2 and obs[source + 4] == 1  # the Gang


def test_a_solo_game_has_one_player() -> None:
    with pytest.raises(SaloonError, match="solo"):
        GAME.encoding(None, 2)
    assert GAME.encoding() is GAME.encoding(D6ShootersOptions())


def test_the_docs_show_the_default_numbering_and_observation() -> None:
    """docs/games/d6shooters.md, "As numbers", prints the tables the code makes."""
    docs = Path(__file__).resolve().parents[3] / "docs" / "games" / "d6shooters.md"
    text = docs.read_text(encoding="utf-8")
    enc = encoding()
    assert enc.describe_actions() in text
    assert enc.describe_outcomes() in text
    assert enc.layout.describe() in text
    for name, options in GAME.variants().items():
        e = GAME.encoding(options)
        assert isinstance(e, D6ShootersEncoding)
        assert f"| {name} | {e.positions} | {e.num_actions:,} | {e.num_outcomes:,} |" in text

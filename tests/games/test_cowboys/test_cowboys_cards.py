"""The game cards: the 54-card deck, its notation, its effects and windows,
scenario blanks, Variable Damage, high card and poker (Cowboys rulebook,
"Game Cards", "Card Play", Advanced Rules "Variable Damage", Advanced
Optional Rules 6 and 7; rulings CW-C1 to CW-C12 and CW-R2)."""

from __future__ import annotations

import itertools
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.core.errors import ContentError, NotationError
from saloon.games.cowboys.cards import (
    ANNOUNCEMENTS,
    CARDS_IN_OPPONENT_ACTIONS,
    CARDS_IN_OWN_ACTIONS,
    EFFECTS,
    Card,
    Damage,
    Effect,
    HandCategory,
    PokerHand,
    Window,
    all_faces,
    high_card_value,
    load_deck,
    parse_card,
    poker_hand,
    variable_damage,
)

DECK = load_deck()
BUILT_IN = (
    resources.files("saloon.games.cowboys").joinpath("content", "cards.toml").read_text("utf-8")
)


def hand(text: str, *, wild: bool = True) -> PokerHand:
    return poker_hand([parse_card(t) for t in text.split()], jokers_wild=wild)


# --- the deck -------------------------------------------------------------------


def test_the_deck_is_a_poker_deck_with_two_jokers() -> None:
    """RULINGS Cowboys: 54 cards, the 52 and two jokers, each a game card."""
    assert len(DECK) == 54 and len(set(DECK)) == 54
    assert sum(c.is_joker for c in DECK) == 2
    for suit in "CDHS":
        assert sorted(c.rank for c in DECK if c.suit == suit) == list(range(2, 15))
    assert all(c.name and c.text and not c.is_blank for c in DECK)
    assert tuple(DECK) == all_faces()
    assert DECK.reconstructed and DECK.reason


def test_every_notation_round_trips() -> None:
    """Every card is written by its face and read back as the same card."""
    texts = [str(c) for c in DECK]
    assert len(set(texts)) == 54
    assert {"2C", "10H", "QS", "AD", "JK1", "JK2"} <= set(texts)
    for c in DECK:
        assert parse_card(str(c)) == c
        assert parse_card(str(c)) is DECK.card(str(c).lower())


@given(st.sampled_from(all_faces()))
def test_parse_of_str_is_the_card(card: Card) -> None:
    """Property: ``parse_card(str(c)) == c``, for the bare face and the
    deck's card with its effect."""
    assert parse_card(str(card)) == card
    assert parse_card(str(card)).name == DECK.by_face[card].name


@settings(max_examples=300)
@given(st.text(max_size=6))
def test_any_text_is_a_card_or_a_notation_error(text: str) -> None:
    """Property: text either names a card (whose notation is the text,
    stripped and upper-cased) or is refused with a NotationError."""
    try:
        card = parse_card(text)
    except NotationError as exc:
        assert "\n" not in str(exc)
        return
    assert str(card) == text.strip().upper()


@pytest.mark.parametrize(
    "bad", ["", "1S", "11S", "QX", "JK3", "JK", "Q S", "10", "S", "AAS", "10\u017f", "\uff31S"]
)
def test_bad_notation_is_refused(bad: str) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        parse_card(bad)
    with pytest.raises(ValueError):
        parse_card(bad)


def test_bare_cards_are_checked() -> None:
    for args in ((1, "S"), (15, "S"), (10, "X"), (0, "", 3), (12, "S", 1)):
        with pytest.raises(ValueError, match="no such card"):
            Card(*args)


def test_the_four_printed_cards() -> None:
    """Game Cards: the four printed cards, with the windows their texts give."""
    good = DECK.named("A Good Day for a Killing")
    assert good and all(c.printed for c in good)
    assert good[0].effect is Effect.LASTING_BONUS and good[0].window is Window.OWN_MOVE_START
    assert (good[0].number("bonus"), good[0].number("max_modifier")) == (1, 1)
    adrenaline = DECK.named("Adrenaline")[0]
    assert adrenaline.effect is Effect.DOUBLE_ACTION
    assert adrenaline.window is Window.OWN_MOVE_START
    critical = DECK.named("Critical Hit")[0]
    assert critical.effect is Effect.DAMAGE_MULTIPLIER and critical.number("factor") == 2
    assert critical.window is Window.OWN_AFTER_HIT
    dead_eye = DECK.named("Dead Eye")[0]
    assert dead_eye.effect is Effect.SHOT_BONUS and dead_eye.number("bonus") == 2
    # the Gunfight Example plays Dead Eye before the SECOND shot of an action
    assert dead_eye.window is Window.OWN_BEFORE_SHOT
    printed = {c.name for c in DECK if c.printed}
    assert printed == {"A Good Day for a Killing", "Adrenaline", "Critical Hit", "Dead Eye"}


def test_every_card_is_well_formed_for_an_engine() -> None:
    """Every effect kind is known, every window allowed for it, every
    parameter present and of its declared type and range."""
    for c in DECK:
        spec = EFFECTS[c.effect]
        assert c.window in spec.windows
        assert set(c.params) == set(spec.params)
        for key, p in spec.params.items():
            value = c.params[key]
            if isinstance(p.default, bool):
                assert isinstance(value, bool)
            elif isinstance(p.default, int):
                assert isinstance(value, int) and p.lo <= value <= p.hi
            else:
                assert value in p.choices
        assert "\n" not in c.text and len(c.text) <= 200


def test_the_known_effect_families_are_all_in_the_deck() -> None:
    """RULINGS Cowboys: weapon jams, knock-downs, looking at the opponent's
    cards, critical hits, extra accuracy, speed loading, running, healing, a
    town-folk ally; and negation (Card Play)."""
    kinds = {c.effect for c in DECK}
    assert kinds == set(Effect) - {Effect.BLANK}


def test_windows_and_the_card_limit() -> None:
    """Card Play: one card in one's own actions and one in the opponent's."""
    assert CARDS_IN_OWN_ACTIONS == CARDS_IN_OPPONENT_ACTIONS == 1
    own = {c.window.own for c in DECK}
    assert own == {True, False}
    for c in DECK:
        assert c.window.own == (c.window is not Window.OPPONENT_ANNOUNCED)


def test_what_an_answering_card_answers() -> None:
    """Card Play: in the opponent's turn a card follows his announcement of
    an action or a card, and may negate it; a jam answers a shot only."""
    for c in DECK:
        answers = {a for a in ANNOUNCEMENTS if c.answers(a)}
        if c.window is not Window.OPPONENT_ANNOUNCED:
            assert answers == set()
        elif c.effect is Effect.JAM:
            assert answers == {"fire"}
        elif c.word("answers") == "action":
            assert answers == {"move", "fire", "reload", "fist_fight"}
        else:
            assert answers == set(ANNOUNCEMENTS)
    assert any(c.effect is Effect.JAM and c.flag("until_reload") for c in DECK)
    with pytest.raises(ValueError, match="announcement"):
        DECK.card("2C").answers("dance")


def test_a_forbidden_card_is_a_blank() -> None:
    """Card Play: a card the scenario forbids is dealt and kept, and has no
    effect; its face still counts (Variable Damage, poker)."""
    deck = DECK.with_forbidden(["Adrenaline", "heal", "AS"])
    blanks = [c for c in deck if c.is_blank]
    names = {c.name for c in blanks}
    assert names == {"Adrenaline", "Flesh Wound", "Sawbones", "Critical Hit"}
    assert len(blanks) == 3 + 6 + 1
    for c in blanks:
        assert c.window is Window.NEVER and not c.params
        assert not any(c.answers(a) for a in ANNOUNCEMENTS)
        assert c == DECK.by_face[c]
        assert variable_damage(c) == variable_damage(DECK.by_face[c])
    assert not deck.card("KS").is_blank and deck.card("AS").is_blank
    assert len(deck) == 54
    for bad in (["Gatling"], [7], ["blank"]):
        with pytest.raises(ContentError, match=r"scenario: forbidden\[0\]"):
            DECK.with_forbidden(bad)


# --- the ranks in the Advanced Rules ------------------------------------------------


def test_variable_damage() -> None:
    """Advanced Rules, Variable Damage: joker a miss, 2 grazed and pinned,
    3-10 one hit, J-Q two, K three, A four."""
    expected = {2: Damage(0, pinned=True), 11: Damage(2), 12: Damage(2), 13: Damage(3)}
    expected |= {r: Damage(1) for r in range(3, 11)} | {14: Damage(4)}
    for c in DECK:
        want = Damage(0, miss=True) if c.is_joker else expected[c.rank]
        assert variable_damage(c) == want
    # the rule's example: a Jack is 2 hits, doubled by Critical Hit to 4
    assert variable_damage(parse_card("JD")).hits * DECK.card("QS").number("factor") == 4


def test_high_card_values() -> None:
    """Advanced Optional Rule 6: high card wins; ace high, jokers lowest."""
    values = [high_card_value(c) for c in DECK]
    assert min(values) == 1 and max(values) == 14
    assert high_card_value(parse_card("AC")) > high_card_value(parse_card("KS"))
    assert high_card_value(parse_card("JK2")) < high_card_value(parse_card("2C"))


# --- poker --------------------------------------------------------------------------

LADDER = [
    ("AS KD 9H 6C 3S", HandCategory.HIGH_CARD),
    ("4S 4D 9H 6C 3S", HandCategory.PAIR),
    ("4S 4D 9H 9C 3S", HandCategory.TWO_PAIR),
    ("4S 4D 4H 9C 3S", HandCategory.THREE_OF_A_KIND),
    ("5S 4D 3H 2C AS", HandCategory.STRAIGHT),
    ("KH 9H 6H 4H 2H", HandCategory.FLUSH),
    ("4S 4D 4H 9C 9S", HandCategory.FULL_HOUSE),
    ("4S 4D 4H 4C 3S", HandCategory.FOUR_OF_A_KIND),
    ("9D 8D 7D 6D 5D", HandCategory.STRAIGHT_FLUSH),
    ("4S 4D 4H 4C JK1", HandCategory.FIVE_OF_A_KIND),
]


def test_every_category_and_the_ladder() -> None:
    """Advanced Optional Rule 7 (five-card draw): the usual categories,
    five of a kind on top with wild jokers (CW-C10)."""
    hands = [hand(text) for text, _ in LADDER]
    assert [h.category for h in hands] == [cat for _, cat in LADDER]
    assert hands == sorted(hands)
    assert len(set(hands)) == len(hands)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AS AH KD 7C 3S", "AD AC KH 7S 2D"),  # last kicker
        ("AS AH 5D 4C 3S", "KD KC QH JS 9D"),  # the pair first
        ("KS KH 4D 4C 9S", "KD KC 4H 4S 8D"),  # two pair: the kicker
        ("KS KH 3D 3C 2S", "QD QC JH JS AD"),  # two pair: the high pair
        ("3S 3H 3D 2C 2S", "2D 2H 2C AS AD"),  # full house: the triple first
        ("6S 5D 4H 3C 2S", "5S 4D 3H 2C AS"),  # the wheel is the lowest straight
        ("AS KD QH JC 10S", "KS QD JH 10C 9S"),  # ace-high straight
        ("AH 9H 6H 4H 2H", "KH QH JH 9H 7H"),  # flush: high card
        ("KH 9H 6H 4H 3H", "KD 9D 6D 4D 2D"),  # flush: down to the last card
        ("AS KD 9H 6C 4S", "AD KH 9S 6D 3C"),  # high card: the last kicker
        ("5C 5D 5H 5S 2C", "4C 4D 4H 4S AC"),  # quads: the rank
        ("AS KS QS JS 10S", "9H 8H 7H 6H 5H"),  # royal beats a lower straight flush
    ],
)
def test_ties_are_broken_by_ranks_and_kickers(better: str, worse: str) -> None:
    assert hand(better) > hand(worse)
    assert hand(worse) < hand(better)


def test_equal_hands_split() -> None:
    """Suits never rank: the same ranks in other suits tie."""
    assert hand("AS KS QD JH 9C") == hand("AH KH QC JD 9S")
    assert hand("5S 4D 3H 2C AS") == hand("5H 4C 3S 2D AD")
    assert hand("QS QH 8D 8C 3S") == hand("QD QC 8H 8S 3D")


def test_wild_and_dead_jokers() -> None:
    """CW-C10: jokers are wild by default; not wild, they are dead cards."""
    assert hand("JK1 JK2 AS KS QS").category is HandCategory.STRAIGHT_FLUSH
    assert hand("JK1 JK2 AS KS QS").ranks == (14,)
    assert hand("JK1 9H 8H 6H 5H").category is HandCategory.STRAIGHT_FLUSH
    assert hand("JK1 KC KD 4S 4H").category is HandCategory.FULL_HOUSE
    assert hand("JK1 JK2 7C 7D 7S") == hand("JK2 7H 7C 7D 7S")
    assert hand("JK1 KC QD 7S 4H").category is HandCategory.PAIR
    assert hand("JK1 KC QD 7S 4H").ranks == (13, 12, 7, 4)
    dead = hand("JK1 JK2 AS KD 7C", wild=False)
    assert dead.category is HandCategory.HIGH_CARD and dead.ranks == (14, 13, 7, 1, 1)
    assert hand("JK1 9H 8H 6H 5H", wild=False).category is HandCategory.HIGH_CARD
    assert hand("AS AD KC KH JK1", wild=False) < hand("AH AC KD KS 2C", wild=False)


FACES = [c for c in DECK]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FACES), min_size=5, max_size=5, unique=True), st.data())
def test_a_wild_joker_is_the_best_card_it_could_be(cards: list[Card], data: st.DataObject) -> None:
    """Property: a hand with wild jokers ranks at least as high as the same
    hand with the jokers as dead cards, or as any cards they could stand for."""
    wild = poker_hand(cards)
    assert wild >= poker_hand(cards, jokers_wild=False)
    jokers = [c for c in cards if c.is_joker]
    if not jokers:
        assert wild == poker_hand(cards, jokers_wild=False)
        return
    free = [c for c in FACES if not c.is_joker and c not in cards]
    stand_ins = data.draw(st.lists(st.sampled_from(free), min_size=len(jokers), unique=True))
    natural = [c for c in cards if not c.is_joker] + stand_ins[: len(jokers)]
    assert wild >= poker_hand(natural)


def test_a_hand_is_five_different_cards() -> None:
    with pytest.raises(ValueError, match="five different cards"):
        poker_hand([parse_card("AS")] * 5)
    with pytest.raises(ValueError, match="five different cards"):
        poker_hand([parse_card(t) for t in ["AS", "KS", "QS", "JS"]])


def test_category_counts_over_a_small_deck() -> None:
    """Every 5-card hand of the 20 cards 10..A in four suits (15,504 of
    them): the categories' known counts, computed by hand."""
    small = [c for c in DECK if c.rank >= 10]
    counts: dict[HandCategory, int] = {}
    for five in itertools.combinations(small, 5):
        cat = poker_hand(five).category
        counts[cat] = counts.get(cat, 0) + 1
    # five ranks, four suits: straights need all five ranks (4**5 ways)
    assert counts[HandCategory.STRAIGHT_FLUSH] == 4
    assert counts[HandCategory.STRAIGHT] == 4**5 - 4
    assert counts.get(HandCategory.FLUSH, 0) == 0
    assert counts[HandCategory.FOUR_OF_A_KIND] == 5 * 4 * 4
    assert counts[HandCategory.FULL_HOUSE] == 5 * 4 * 4 * 6
    assert counts[HandCategory.THREE_OF_A_KIND] == 5 * 4 * 6 * 4 * 4
    assert counts[HandCategory.TWO_PAIR] == 10 * 6 * 6 * 3 * 4
    assert counts[HandCategory.PAIR] == 5 * 6 * 4 * 4 * 4 * 4
    assert sum(counts.values()) == 15504
    assert counts.get(HandCategory.HIGH_CARD, 0) == 0


# --- the file ------------------------------------------------------------------------


def test_a_players_own_deck(tmp_path: Path) -> None:
    """DESIGN: an owner can enter the real cards; a face may carry its own table."""
    text = BUILT_IN.replace(
        'AD = "sawbones"',
        'AD = { name = "Doc", window = "own_action_start", effect = "heal", health = 3, '
        'text = "A wounded cowboy of yours gets back 3 health." }',
    )
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    deck = load_deck(str(path))
    assert deck.card("AD").name == "Doc" and deck.card("AD").number("health") == 3
    assert deck.source == str(path)


def _without(key: str) -> str:
    lines = [ln for ln in BUILT_IN.splitlines() if not ln.startswith(f"{key} = ")]
    return "\n".join(lines)


BAD_DECKS = [
    ("a face missing", _without("7D"), "cards.7D is missing"),
    ("a joker missing", _without("JK2"), "cards.JK2"),
    ("not a face", BUILT_IN + '\n1S = "dead-eye"\n', "cards.'1S'"),
    ("a third joker", BUILT_IN + '\nJK3 = "dead-eye"\n', "cards.'JK3'"),
    ("a face in lower case", BUILT_IN.replace('QS = "', 'qs = "'), "cards.'qs' must be written QS"),
    ("an unknown type", BUILT_IN.replace('QS = "critical-hit"', 'QS = "gatling"'), "cards.QS"),
    (
        "an unknown effect",
        BUILT_IN.replace('effect = "knock_down"', 'effect = "lasso"'),
        "types.knock-down.effect",
    ),
    (
        "a window the effect does not allow",
        BUILT_IN.replace(
            'window = "own_after_hit"\neffect = "knock_down"',
            'window = "own_move_start"\neffect = "knock_down"',
        ),
        "types.knock-down.window",
    ),
    ("an unknown window", BUILT_IN.replace('"own_move_start"', '"whenever"', 1), ".window"),
    ("a parameter out of range", BUILT_IN.replace("bonus = 2", "bonus = 9"), "dead-eye.bonus"),
    ("a word for a number", BUILT_IN.replace("bonus = 2", 'bonus = "2"'), "dead-eye.bonus"),
    (
        "a bool for a number",
        BUILT_IN.replace("squares = 3", "squares = true"),
        "hightail-it.squares",
    ),
    (
        "a huge number",
        BUILT_IN.replace("squares = 3", f"squares = {2**63 - 1}"),
        "hightail-it.squares",
    ),
    (
        "a number for a flag",
        BUILT_IN.replace("until_reload = true", "until_reload = 1"),
        "jammed.until_reload",
    ),
    (
        "a bad choice",
        BUILT_IN.replace('answers = "action"', 'answers = "horse"'),
        "hold-it.answers",
    ),
    (
        "an unknown parameter",
        BUILT_IN.replace("factor = 2", "factor = 2\nrange = 3"),
        "critical-hit.'range'",
    ),
    (
        "one name, two effects",
        BUILT_IN.replace('name = "Hightail It"', 'name = "Run for It"'),
        "called 'Run for It'",
    ),
    (
        "a text of two lines",
        BUILT_IN.replace(
            'text = "As one of your figures starts a shoot',
            'text = "As\\none of your figures starts a shoot',
        ),
        "steady-aim.text",
    ),
    ("no name", BUILT_IN.replace('name = "Bandolier"\n', ""), "bandolier.name"),
    ("a flag not a bool", BUILT_IN.replace("printed = true", "printed = 1", 1), "dead-eye.printed"),
    ("an unknown top key", "jokers = 2\n" + BUILT_IN, "'jokers'"),
    ("no cards", BUILT_IN.split("[cards]")[0], "[cards]"),
    (
        "types not a table",
        "types = 3\n" + BUILT_IN.split("# --- Spades")[0],
        "types must be a table",
    ),
    ("not TOML", BUILT_IN + "\n[cards\n", "not valid TOML"),
]


@pytest.mark.parametrize(("label", "text", "key"), BAD_DECKS, ids=[b[0] for b in BAD_DECKS])
def test_a_malformed_deck_is_one_clear_error(
    tmp_path: Path, label: str, text: str, key: str
) -> None:
    """DESIGN: content is validated at load; the error names file and key."""
    assert text != BUILT_IN
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_deck(str(path))
    message = str(err.value)
    assert "\n" not in message
    assert str(path) in message and key in message, message

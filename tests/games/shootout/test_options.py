"""Shoot Out's options: parsing, the variants, and refusing unplayable ones.

Every number of the game is an option (RULINGS Shoot Out 10). Options come
as ``key=value`` pairs (``-o`` on the command line), from TOML, or from a
record's JSON; a variant that could never finish, or a bad key or value,
raises OptionError with a message that names the problem.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from saloon.core import GameRecord, OptionError, RandomDice, get_game
from saloon.games.shootout.options import STANDARD_CARDS, VETERAN_CARDS, ShootOutOptions

GAME = get_game("shootout")


# -- defaults and the variants ("Setup", "Variants") -------------------------------------------


def test_defaults_are_the_rulebook_game() -> None:
    """ "Required Material", "Setup", "The Game", "Shooting", "The End of the
    Duel", "The End of the Game": the printed numbers are the defaults."""
    o = ShootOutOptions()
    assert o.variant == "standard"
    assert o.cards == STANDARD_CARDS == (2, 3, 4, 5, 6, 7)
    assert o.target == o.goal == 14
    assert (o.start, o.back, o.front) == (17, 20, 5)
    assert (o.black, o.red) == (12, 6)
    assert (o.bonus, o.pushback) == (3, 3)
    assert (o.reload, o.reload_from) == (2, 6)
    assert o.describe() == "default"
    assert GAME.options(None) == o


def test_veteran_variant_adds_the_8_and_raises_the_target() -> None:
    """ "Variants", Veteran's Game: card 8 added, first to 18."""
    o = ShootOutOptions(variant="veteran")
    assert o.cards == VETERAN_CARDS == (2, 3, 4, 5, 6, 7, 8)
    assert o.goal == 18
    assert GAME.parse_options(["variant=veteran"]) == o


def test_variant_defaults_can_be_overridden_one_by_one() -> None:
    """RULINGS Shoot Out 10: the card values and the target are options of
    their own; the variant only supplies their defaults."""
    o = ShootOutOptions(variant="veteran", target=14)
    assert o.cards == VETERAN_CARDS and o.goal == 14
    o = ShootOutOptions(variant="veteran", cards=(2, 3, 4, 5, 6, 7, 8, 9))
    assert o.goal == 18


def test_the_declared_variants() -> None:
    """The game's named variants: the rulebook's two and a short street for
    quick checks; each is valid and the first is the standard game."""
    variants = GAME.variants()
    assert next(iter(variants)) == "standard"
    assert variants["standard"] == ShootOutOptions()
    assert variants["veteran"] == ShootOutOptions(variant="veteran")
    short = variants["short-street"]
    assert isinstance(short, ShootOutOptions)
    assert (short.cards, short.goal, short.start, short.back) == ((2, 3, 4), 5, 9, 10)


@pytest.mark.parametrize("name", ["standard", "veteran", "short-street"])
def test_every_variant_plays_to_an_end(name: str) -> None:
    """RULINGS Shoot Out 7: every variant finishes, within its length bound."""
    options = GAME.variants()[name]
    limit = GAME.max_length(options)
    for seed in range(5):
        state = GAME.new_state(options)
        dice = RandomDice(seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            if state.is_chance:
                state.apply(dice.roll(state))
            else:
                actions = state.legal_actions()
                state.apply(actions[int(rng.integers(len(actions)))])
            assert len(state.history) <= limit
        assert sorted(state.returns()) == [-1.0, 1.0]


# -- parsing: -o key=value pairs ---------------------------------------------------------------


def test_parse_pairs() -> None:
    """``-o key=value``: each value converted by the option's type."""
    o = GAME.parse_options(["cards=2, 3,4", "target=5", "start=9", "back=10", "black=3"])
    assert isinstance(o, ShootOutOptions)
    assert o.cards == (2, 3, 4)
    assert (o.goal, o.start, o.back, o.black) == (5, 9, 10, 3)
    assert o.describe() == "cards=2,3,4 target=5 start=9 back=10 black=3"


def test_parse_every_option() -> None:
    """RULINGS Shoot Out 10: every number is an option, readable from text."""
    pairs = [
        "variant=veteran",
        "cards=3,4,5,6,7,8,9",
        "target=20",
        "start=15",
        "back=19",
        "front=4",
        "black=10",
        "red=5",
        "bonus=2",
        "pushback=4",
        "reload=1",
        "reload_from=7",
    ]
    o = GAME.parse_options(pairs)
    assert o.to_dict() == {
        "variant": "veteran",
        "cards": [3, 4, 5, 6, 7, 8, 9],
        "target": 20,
        "start": 15,
        "back": 19,
        "front": 4,
        "black": 10,
        "red": 5,
        "bonus": 2,
        "pushback": 4,
        "reload": 1,
        "reload_from": 7,
    }


def test_auto_means_the_variant_default() -> None:
    """``cards=auto`` / ``target=auto``: the variant's own value."""
    o = GAME.parse_options(["variant=veteran", "cards=auto", "target=auto"])
    assert o == ShootOutOptions(variant="veteran")


def test_unknown_key_is_named() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'tagret' \(known: back, black, "):
        GAME.parse_options(["tagret=14"])


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("black=lots", "option 'black' must be a whole number from 0 to 99, not 'lots'"),
        ("cards=2,three", "option 'cards' must be a whole number from 1 to 100, not 'three'"),
        ("variant=expert", "option 'variant' must be one of standard, veteran"),
        ("target", "option 'target' is not of the form key=value"),
        ("=5", "is not of the form key=value"),
    ],
)
def test_bad_values_are_named(pair: str, message: str) -> None:
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GAME.parse_options([pair])


def test_options_survive_a_record() -> None:
    """A record stores every option and reads them back equal."""
    o = ShootOutOptions(variant="veteran", start=15, reload_from=8)
    state = GAME.new_state(o)
    record = GameRecord.loads(GameRecord.from_state(state).dumps())
    assert GAME.options_from_dict(record.options) == o
    assert record.replay().options == o


# -- TOML ----------------------------------------------------------------------------------------


def test_options_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "short.toml"
    path.write_text(
        'variant = "standard"\ncards = [2, 3, 4]\ntarget = 5\nstart = 9\nback = 10\nred = 2\n',
        encoding="utf-8",
    )
    o = ShootOutOptions.from_toml(path)
    assert (o.cards, o.goal, o.start, o.back, o.red) == ((2, 3, 4), 5, 9, 10, 2)
    assert o.black == 12


def test_toml_unknown_key_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("bullets = 12\n", encoding="utf-8")
    with pytest.raises(OptionError, match="unknown option 'bullets'"):
        ShootOutOptions.from_toml(path)


def test_toml_wrong_type_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("black = true\n", encoding="utf-8")
    with pytest.raises(OptionError, match="option 'black' must be a whole number"):
        ShootOutOptions.from_toml(path)


def test_toml_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("cards = [2, 3\n", encoding="utf-8")
    with pytest.raises(OptionError, match="is not valid TOML"):
        ShootOutOptions.from_toml(path)
    with pytest.raises(OptionError, match="cannot read options file"):
        ShootOutOptions.from_toml(tmp_path / "missing.toml")


def test_toml_refuses_an_unplayable_variant(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    path.write_text("target = 20\n", encoding="utf-8")
    with pytest.raises(OptionError, match="target 20 the game could never end"):
        ShootOutOptions.from_toml(path)


# -- refusing variants that could never end -------------------------------------------------------


def test_decks_that_can_run_out_are_refused() -> None:
    """RULINGS Shoot Out 7: the deck must never run out before someone
    reaches the target. A deck that can be split with both players short
    is refused, and the message shows such a split (docs/rulings.md)."""
    with pytest.raises(OptionError) as err:
        ShootOutOptions(target=15)
    message = str(err.value)
    assert "cards 2,3,4,5,6,7 and target 15" in message
    assert "never end" in message
    assert "one player on 13 and the other on 14" in message
    with pytest.raises(OptionError, match="never end"):
        ShootOutOptions(cards=(2, 3, 4, 5, 6, 6))
    with pytest.raises(OptionError, match="never end"):
        ShootOutOptions(variant="veteran", cards=(*STANDARD_CARDS, 7))


def test_the_printed_decks_and_decks_that_always_end_are_accepted() -> None:
    """The printed decks sit exactly on the boundary (27 = 2*14-1; Veteran
    35 = 2*18-1); a deck that always ends is accepted even below that
    total, such as one card worth more than the target."""
    assert sum(STANDARD_CARDS) == 2 * 14 - 1
    assert sum(VETERAN_CARDS) == 2 * 18 - 1
    ShootOutOptions(cards=(1, 1, 1), target=2)
    ShootOutOptions(cards=(5,), target=3)
    ShootOutOptions(cards=(10,), target=6)
    ShootOutOptions(cards=(1, 9), target=6)


def test_a_deck_is_accepted_exactly_when_every_deal_reaches_the_target() -> None:
    """Checked on every small deck against brute force: a deck is accepted
    if and only if no split of its cards leaves both players short."""
    for size in range(1, 5):
        for cards in combinations(range(1, 7), size):
            for target in range(1, sum(cards) + 2):
                stuck = any(
                    sum(mine) < target and sum(cards) - sum(mine) < target
                    for k in range(len(cards) + 1)
                    for mine in combinations(cards, k)
                )
                accepted = True
                try:
                    ShootOutOptions(cards=cards, target=target)
                except OptionError:
                    accepted = False
                assert accepted == (not stuck), (cards, target)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"start": 21}, "start=21 must lie between front=5 and back=20"),
        ({"start": 4}, "start=4 must lie between front=5 and back=20"),
        ({"back": 16}, "start=17 must lie between front=5 and back=16"),
        ({"front": 18}, "start=17 must lie between front=18 and back=20"),
        ({"front": 0, "start": 3}, "option 'front' must be from 1 to 99, not 0"),
        ({"front": -2}, "option 'front' must be from 1 to 99, not -2"),
    ],
)
def test_the_street_must_make_sense(kwargs: dict[str, int], message: str) -> None:
    """RULINGS Shoot Out 1: the start lies on the street, between the front
    and the back; the front is space 1 or more (0 is the centre)."""
    with pytest.raises(OptionError, match=message):
        ShootOutOptions(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("start", [5, 20])
def test_start_on_either_end_of_the_street_is_allowed(start: int) -> None:
    assert ShootOutOptions(start=start).start == start


@pytest.mark.parametrize("name", ["black", "red", "bonus", "pushback", "reload"])
def test_negative_counts_are_refused(name: str) -> None:
    with pytest.raises(OptionError, match=f"option '{name}' must be from 0 to 99, not -1"):
        ShootOutOptions(**{name: -1})  # type: ignore[arg-type]
    assert getattr(ShootOutOptions(**{name: 0}), name) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cards": ()}, "cards must be a non-empty list of positive values"),
        ({"cards": (0, 9), "target": 3}, "each value of option 'cards' must be from 1 to 100"),
        ({"cards": (-2, 30), "target": 3}, "each value of option 'cards' must be from 1 to 100"),
        ({"target": 0}, "option 'target' must be from 1 to 3000, not 0"),
    ],
)
def test_cards_and_target_must_be_positive(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        ShootOutOptions(**kwargs)  # type: ignore[arg-type]


def test_refusals_also_come_through_parsing() -> None:
    with pytest.raises(OptionError, match="start=30 must lie between"):
        GAME.parse_options(["start=30"])
    with pytest.raises(OptionError, match="option 'red' must be from 0 to 99, not -3"):
        GAME.parse_options(["red=-3"])

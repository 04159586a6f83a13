"""Numbers typed by people: ASCII digits only, never too many (issue 10)."""

from __future__ import annotations

import pytest

from saloon.core.errors import shown
from saloon.core.numerals import MAX_DIGITS, is_digits, parse_float, parse_int


@pytest.mark.parametrize(
    "text", ["²", "①", "٣", "７", "1_000", "1 000", "0x1f", "", "+", "--1", "+-1"]
)
def test_only_ascii_digits_are_whole_numbers(text: str) -> None:
    """``str.isdigit()`` says yes to some of these and ``int()`` reads others;
    Saloon reads none of them, the same way everywhere."""
    assert parse_int(text) is None
    assert parse_int(text, signed=True) is None
    assert not is_digits(text)


def test_whole_numbers_and_their_signs() -> None:
    assert parse_int("42") == 42
    assert parse_int(" 007 ") == 7
    assert parse_int("-3") is None and parse_int("-3", signed=True) == -3
    assert parse_int("+3", signed=True) == 3


def test_a_number_of_thousands_of_digits_is_refused_before_python_reads_it() -> None:
    # int() itself raises ValueError past 4300 digits; this never calls it.
    assert parse_int("9" * 5000) is None
    assert parse_int("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert parse_int("9" * (MAX_DIGITS + 1)) is None


@pytest.mark.parametrize(
    "text", ["nan", "inf", "-inf", "Infinity", "1e999", "1_0", "٣", "²", "", "."]
)
def test_only_finite_ascii_decimals_are_numbers(text: str) -> None:
    assert parse_float(text) is None


def test_numbers() -> None:
    assert parse_float("0.5") == 0.5 and parse_float("-2e3") == -2000.0 and parse_float("3") == 3.0


def test_messages_quote_hostile_input_briefly() -> None:
    assert len(shown("x" * 10**6)) < 80
    assert shown(10**5000) == "a number of 5,001 digits"
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    assert len(shown(nested)) < 80


def test_every_seed_saloon_prints_is_read_back() -> None:
    """A seed has up to 19 digits (up to 2^63 - 1); every other number stays
    at :data:`MAX_DIGITS`. Before: ``--seed 1894994586102399598``, a seed
    Saloon itself printed, was refused."""
    from saloon.core.dice import MAX_SEED, SEED_DIGITS, check_seed, parse_seed

    assert SEED_DIGITS == MAX_DIGITS + 1 == 19
    for seed in (0, 1894994586102399598, MAX_SEED):
        assert check_seed(parse_seed(str(seed))) == seed
    assert parse_seed(str(MAX_SEED + 1)) == MAX_SEED + 1  # refused by check_seed, as a seed
    assert parse_seed("9" * 20) is None and parse_seed("²") is None
    assert parse_int("1894994586102399598") is None  # other numbers keep their limit

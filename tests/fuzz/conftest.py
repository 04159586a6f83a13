"""Shared pieces of the fuzz suite: example counts, a hang guard, strategies.

Every entry point that takes text from outside (a prompt at the table, a
record, an options file, an agent spec, an option value, a command line)
is fed hostile input by hypothesis, for every registered game. Each must
end in a clear message or a correct result, never a traceback, within
:data:`BOUND` seconds.

``make test`` runs a few dozen examples per entry point, so the suite stays
quick; ``FUZZ_EXAMPLES=N`` runs N per entry point (for a long run:
``FUZZ_EXAMPLES=100000 .venv/bin/pytest tests/fuzz -q``). :data:`BOUND` is
a guard against hangs (work that never ends or grows without bound), not a
measure of speed: an example takes a small fraction of it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from saloon.core.registry import all_games

#: Examples per entry point: ``FUZZ_EXAMPLES`` or the quick default.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)
#: Seconds any one example may take before it counts as a hang: generous,
#: since an example may be the first to build a solver's table (a minute on
#: a fresh machine; cached after that, as for the rest of the suite).
BOUND = float(os.environ.get("FUZZ_BOUND", "300"))

GAMES = [g.id for g in all_games()]

F = TypeVar("F", bound=Callable[..., Any])


def fuzz(quick: int) -> Callable[[F], F]:
    """Hypothesis settings for one entry point: ``quick`` examples in
    ``make test``, ``FUZZ_EXAMPLES`` when that is set."""
    return settings(
        max_examples=EXAMPLES or quick,
        deadline=None,  # the hang guard below bounds each example instead
        suppress_health_check=list(HealthCheck),
        derandomize=not EXAMPLES,  # `make test` is reproducible; long runs explore
        database=None,
    )


class Hang(BaseException):
    """An example ran past :data:`BOUND` (a BaseException, so no
    ``except Exception`` in the code under test can swallow it)."""


@contextlib.contextmanager
def time_bound(seconds: float = BOUND) -> Iterator[None]:
    """Raise :class:`Hang` in the block if it runs longer than ``seconds``."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"an example ran for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def in_temp_dir() -> Iterator[Path]:
    """A fresh empty folder as the working directory for one example."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="saloon-fuzz-") as folder:
        os.chdir(folder)
        try:
            yield Path(folder)
        finally:
            os.chdir(here)


# -- strategies ---------------------------------------------------------------------------

#: Digits that ``str.isdigit()`` accepts and ``int()`` refuses, digits of
#: other scripts that ``int()`` reads, separators and signs.
TRICKY = ["²", "①", "٣", "７", "1_000", "+", "-", "--1", "+-1", "1e9", "nan", "inf", "0x1f", "\x00"]


def big_number() -> st.SearchStrategy[str]:
    """Numbers of up to thousands of digits, signed or not."""
    return st.builds(
        lambda sign, digits: sign + digits,
        st.sampled_from(["", "-", "+"]),
        st.one_of(
            st.integers(min_value=0, max_value=10**30).map(str),
            st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n),
        ),
    )


def hostile_text(max_size: int = 60) -> st.SearchStrategy[str]:
    """Text a person (or a script) might type: anything, numbers of every
    size and script, and the tricky pieces above glued together."""
    pieces = st.one_of(st.sampled_from(TRICKY), big_number(), st.text(max_size=12))
    return st.one_of(
        st.text(max_size=max_size),
        big_number(),
        st.lists(pieces, max_size=4).map("".join),
        st.lists(pieces, max_size=4).map(" ".join),
    )


def json_values(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    """Any JSON value: deep and wide, numbers huge and odd."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.floats(allow_nan=True, allow_infinity=True),
        hostile_text(20),
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=6),
            st.dictionaries(hostile_text(10), children, max_size=6),
        ),
        max_leaves=max_leaves,
    )


def deep_json() -> st.SearchStrategy[str]:
    """JSON text nested from a few to a hundred thousand levels deep."""
    return st.builds(
        lambda depth, kind, inner: (kind[0] * depth) + inner + (kind[1] * depth),
        st.integers(min_value=1, max_value=100_000),
        st.sampled_from([("[", "]"), ('{"a":', "}")]),
        st.sampled_from(["1", "[]", '"x"', ""]),
    )

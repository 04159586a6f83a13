"""Dice sources: what resolves a chance node.

Randomness enters a game only at chance nodes, and a dice source decides
each one: :class:`RandomDice` from a seeded :class:`numpy.random.Generator`,
:class:`ScriptedDice` from a list (tests, the rulebooks' worked examples),
:class:`ManualDice` from a person reading real dice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Protocol

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.core.errors import DiceExhausted, IllegalAction, OptionError, SaloonError, shown
from saloon.core.numerals import parse_int
from saloon.core.state import State

#: The largest seed: seeds are stored in SQLite's signed 64-bit integers.
MAX_SEED = 2**63 - 1
#: The most digits a seed has (19): one more than any other number people
#: type (:data:`saloon.core.numerals.MAX_DIGITS`), so that every seed
#: Saloon prints can be typed back.
SEED_DIGITS = len(str(MAX_SEED))


def parse_seed(text: str) -> int | None:
    """The whole number ``text`` spells as a seed would be typed (ASCII
    digits, a sign allowed so that ``-1`` is refused as a seed by
    :func:`check_seed`, at most :data:`SEED_DIGITS` digits), or ``None``.
    Not checked against the range of seeds: :func:`check_seed` does that.

    >>> parse_seed("1894994586102399598"), parse_seed("-1"), parse_seed("1" * 20)
    (1894994586102399598, -1, None)
    """
    return parse_int(text, signed=True, digits=SEED_DIGITS)


def check_seed(seed: object) -> int | None:
    """``seed`` if it is a seed (``None``, or a whole number from 0 to
    :data:`MAX_SEED`); :class:`~saloon.core.errors.OptionError` otherwise.
    Every seed a person gives (a command's ``--seed``, the lobby, a record)
    is checked here once, so a bad one is named as a seed, not as the
    failure of whatever used it first.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: seed -1 is not allowed: a seed is a whole number from 0 to ...
    """
    if seed is None or (
        isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED
    ):
        return seed
    raise OptionError(
        f"seed {shown(seed)} is not allowed: a seed is a whole number from 0 to {MAX_SEED}"
    )


class DiceSource(Protocol):
    """Resolves the chance node ``state`` (where ``state.to_move == CHANCE``)."""

    def roll(self, state: State) -> Outcome: ...


class RandomDice:
    """Seeded random dice.

    >>> RandomDice(7).seed
    7
    """

    def __init__(self, seed: int | np.random.SeedSequence | None = None) -> None:
        if isinstance(seed, np.random.SeedSequence):
            self.seed: int | None = None
            self.rng = np.random.default_rng(seed)
        else:
            self.seed = check_seed(seed)
            self.rng = np.random.default_rng(seed)

    def roll(self, state: State) -> Outcome:
        return state.sample_chance(self.rng)


class ScriptedDice:
    """Outcomes given in advance, as actions or in the game's notation.

    Each is checked against the chance node it resolves; a scripted outcome
    that cannot happen there raises :class:`IllegalAction`.
    """

    def __init__(self, outcomes: Iterable[Outcome | str]) -> None:
        self.queue: deque[Outcome | str] = deque(outcomes)

    def roll(self, state: State) -> Outcome:
        if not self.queue:
            raise DiceExhausted(f"scripted dice ran out; next needed: {state.chance_prompt()}")
        item = self.queue.popleft()
        outcome = state.game.parse_action(item) if isinstance(item, str) else item
        possible = [o for o, _ in state.chance_outcomes()]
        if outcome not in possible:
            raise IllegalAction(
                f"scripted outcome {outcome} cannot happen here; expected {state.chance_prompt()}"
            )
        assert isinstance(outcome, Outcome)
        return outcome

    @property
    def remaining(self) -> int:
        return len(self.queue)


class ManualDice:
    """A person types what the real dice show, in the game's notation or the
    shorthand the chance node reads (:meth:`State.parse`: the faces alone).

    ``ask(prompt)`` returns the typed text; ``tell(message)`` reports a
    typo, after which the person is asked again.
    """

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None] = print) -> None:
        self.ask = ask
        self.tell = tell

    def roll(self, state: State) -> Outcome:
        possible = [o for o, _ in state.chance_outcomes()]
        prompt = state.chance_prompt()
        while True:
            text = self.ask(prompt).strip()
            try:
                outcome: Action = state.parse(text)
            except SaloonError as exc:
                self.tell(f"{exc}; expected {prompt}")
                continue
            if outcome in possible and isinstance(outcome, Outcome):
                return outcome
            self.tell(f"{shown(text)} cannot happen here; expected {prompt}")

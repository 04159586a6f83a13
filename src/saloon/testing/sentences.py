"""What a game says, read over random games: every sentence a person reads.

The log's sentences, each legal choice in words, each refusal of an illegal
action and each ending are collected over random games and checked:

* no internal name (a ``snake_case`` identifier such as ``guardians_stir``),
  no empty ``()``, no ``(s)`` plural, no unfilled ``{...}`` and no ``None``;
* a choice in words is not its bare notation (``C1 shoot C5`` must read as
  a sentence);
* a refusal names a reason: it is the game's own
  :meth:`~saloon.core.state.State.explain_illegal`, not the contract's
  default list of what is legal;
* an ending says what happened (:attr:`~saloon.core.state.Result.text`).

>>> from saloon.core import get_game
>>> problems("a hit (s) for guardians_stir ()")
['an internal name (guardians_stir)', 'an empty ()', 'a (s) plural']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from saloon.core.action import Action
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.state import CHANCE, State

_INTERNAL = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_UNFILLED = re.compile(r"\{[^}]*\}")
_NONE = re.compile(r"\bNone\b")


def problems(text: str) -> list[str]:
    """What is wrong with one sentence a person reads (empty if nothing)."""
    found = []
    internal = _INTERNAL.findall(text)
    if internal:
        found.append(f"an internal name ({', '.join(internal)})")
    if "()" in text:
        found.append("an empty ()")
    if "(s)" in text:
        found.append("a (s) plural")
    if _UNFILLED.search(text):
        found.append("an unfilled {...}")
    if _NONE.search(text):
        found.append("a None")
    return found


@dataclass(frozen=True)
class Finding:
    """One sentence that reads wrong, with where it was met."""

    where: str
    text: str
    problem: str

    def __str__(self) -> str:
        return f"{self.where}: {self.problem}: {self.text!r}"


def read_games(
    game: Game,
    options: Options | None = None,
    *,
    games: int = 4,
    seed: int = 0,
    max_steps: int = 3000,
    choices_per_step: int = 40,
    choose: Callable[[State, np.random.Generator], Action] | None = None,
) -> Iterator[Finding]:
    """Play ``games`` games and yield each sentence that reads wrong: the
    log, the choices (at most ``choices_per_step`` a decision), a few
    refusals a decision, and the ending. Moves are random unless ``choose``
    picks them (an agent that reaches further into a game, say)."""
    rng = np.random.default_rng(seed)
    options = game.options(options)
    for n in range(games):
        state = game.new_state(options)
        seen: list[Action] = []
        logged = 0
        for step in range(max_steps):
            where = f"{game.id} game {n} step {step}"
            for event in state.log[logged:]:
                yield from _check(where + " (log)", event.text)
            logged = len(state.log)
            if state.is_over:
                break
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = list(state.legal_actions())
            yield from _choices(state, legal, rng, where, choices_per_step)
            yield from _refusals(state, legal, seen, rng, where)
            seen.extend(legal[:choices_per_step])
            del seen[:-400]
            if choose is not None:
                state.apply(choose(state, rng))
            else:
                state.apply(legal[int(rng.integers(len(legal)))])
        if state.is_over:
            text = state.result().text
            if not text.strip():
                yield Finding(f"{game.id} game {n} (ending)", text, "an ending in no words")
            yield from _check(f"{game.id} game {n} (ending)", text)


def _check(where: str, text: str) -> Iterator[Finding]:
    for problem in problems(text):
        yield Finding(where, text, problem)


def _choices(
    state: State, legal: list[Action], rng: np.random.Generator, where: str, limit: int
) -> Iterator[Finding]:
    picked = (
        legal if len(legal) <= limit else [legal[int(i)] for i in rng.choice(len(legal), limit)]
    )
    for action in picked:
        words = state.describe_action(action)
        yield from _check(where + " (choice)", words)
        if words.strip().lower() == str(action).strip().lower():
            yield Finding(where + " (choice)", words, "a bare notation where words are expected")


def _refusals(
    state: State, legal: list[Action], seen: list[Action], rng: np.random.Generator, where: str
) -> Iterator[Finding]:
    illegal = [a for a in dict.fromkeys(seen) if a not in legal]
    for k in rng.permutation(len(illegal))[:3]:
        action = illegal[int(k)]
        reason = state.explain_illegal(action)
        yield from _check(where + f" (refusal of {action})", reason)
        if reason == State.explain_illegal(state, action):
            yield Finding(where + f" (refusal of {action})", reason, "a refusal with no reason")

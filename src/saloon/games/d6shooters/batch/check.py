"""The kernel checked against the reference engine, game by game.

:func:`replay` plays a logged game of the kernel (:func:`..batch.trace`)
again on the reference engine (:class:`~..rules.D6State`) with
:class:`~..strategy.HeuristicAgent`: the chance outcomes come, in order,
from :class:`~saloon.core.dice.ScriptedDice` and each is checked by the
state (an outcome that cannot happen there is an error); at each decision
the agent's action must be the kernel's. At the end every outcome must be
used and the playsheet and the result must be the kernel's. The first
difference raises :class:`Divergence`, naming the game, the step and both
sides.
"""

from __future__ import annotations

from collections.abc import Iterable

from saloon.core.dice import ScriptedDice
from saloon.core.errors import DiceExhausted, SaloonError
from saloon.core.state import CHANCE
from saloon.games.d6shooters import GAME
from saloon.games.d6shooters.batch.log import GameLog
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.strategy import HeuristicAgent, Knobs


class Divergence(SaloonError):
    """The kernel and the reference part ways."""


class _StateChecked(ScriptedDice):
    """:class:`ScriptedDice` whose outcome the state checks as it is applied
    (:meth:`D6State.apply` checks a roll of dice directly, without listing
    the hundreds of outcomes of seven dice)."""

    def roll(self, state: object) -> object:  # type: ignore[override]
        if not self.queue:
            raise DiceExhausted("the kernel's log has no more outcomes")
        return self.queue.popleft()


def replay(options: D6ShootersOptions, knobs: Knobs, game: GameLog) -> None:
    """Play ``game`` on the reference; :class:`Divergence` at the first difference."""
    state = GAME.new_state(options)
    assert isinstance(state, D6State)
    state.quiet = True
    agent = HeuristicAgent(knobs)
    dice = _StateChecked(game.outcomes)
    decisions = [(i, ph, a) for i, (kind, ph, a) in enumerate(game.steps) if kind == "decision"]
    k = 0
    step = 0

    def fail(what: str) -> Divergence:
        return Divergence(f"game {game.index}, step {step}: {what}")

    while not state.is_over:
        if state.to_move == CHANCE:
            try:
                outcome = dice.roll(state)
            except DiceExhausted:
                raise fail(
                    f"the reference wants dice ({state.chance_prompt()}), the kernel logged none"
                ) from None
            try:
                state.apply(outcome)  # type: ignore[arg-type]
            except SaloonError as exc:
                raise fail(f"the kernel's outcome {outcome} is not possible here: {exc}") from None
        else:
            mine = agent.choose(state)
            if k >= len(decisions):
                raise fail(
                    f"the reference decides {mine} (node {state.phase}), the kernel "
                    "logged no more decisions"
                )
            _at, ph, theirs = decisions[k]
            if ph != state.phase or mine != theirs:
                raise fail(
                    f"the reference decides {mine} at node {state.phase}; the kernel "
                    f"decided {theirs} at node {ph}"
                )
            k += 1
            state.apply(mine)
        step += 1
    if dice.remaining or k != len(decisions):
        raise fail(
            f"the game is over with {dice.remaining} outcomes and {len(decisions) - k} "
            "decisions of the kernel unused"
        )
    j = state.journey
    ref = {
        "day": j.day,
        "space": j.space,
        "food": j.food,
        "ammo": j.ammo,
        "gold": j.gold,
        "posse": j.posse,
        "items": j.items,
        "crowes": j.crowes,
        "ended": j.ended,
        "arrival_day": j.arrival_day,
        "guns_bonus": j.guns_bonus,
        "score": state.score(),
    }
    if ref != game.final:
        diff = {k_: (ref[k_], game.final[k_]) for k_ in ref if ref[k_] != game.final[k_]}
        raise fail(f"the final playsheets differ (reference, kernel): {diff}")
    if len(state.history) != len(game.steps):
        raise fail(f"the reference took {len(state.history)} steps, the kernel {len(game.steps)}")
    result = state.result()
    if result.category != game.final["ended"] or result.scores[0] != game.final["score"]:
        raise fail(f"the results differ: {result.category} {result.scores}")


def replay_all(options: D6ShootersOptions, knobs: Knobs, games: Iterable[GameLog]) -> int:
    """:func:`replay` each game; returns how many were checked."""
    n = 0
    for g in games:
        replay(options, knobs, g)
        n += 1
    return n

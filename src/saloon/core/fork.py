"""A new game from any step of another: "play from here".

:func:`fork_record` makes the record a forked game starts from: the
source's first ``step`` steps, new seats, and a :class:`~saloon.core.record.Fork`
saying where it came from. A session built from it
(:meth:`saloon.core.session.Session.from_moves` with its ``forks``) plays
on with new dice; undo never goes back into the source's steps.

**Hidden information stays hidden.** Whoever forks a game of Cowboys or D6
has seen its replay, which shows every hand. So the cards a seat could not
see at that step are drawn again at random, consistently with all it did
see (the game's :meth:`~saloon.core.state.State.resample_hidden`):

* one person at the new table: drawn again for that person's seat (its
  own hand kept, the others' and the deck drawn again);
* several people, or none: drawn again for nobody (every card the whole
  table has not seen), so no person keeps a hand he could have read;
* ``keep_hidden``: the hands kept as they were, only for a finished
  game's review by all its players (every seat a person), who have all
  seen them anyway.

Games without hidden information (Shoot Out, The d6 Shooters) fork as
they stand.

>>> from saloon.core.registry import get_game
>>> from saloon.core.driver import play
>>> from saloon.core.dice import RandomDice
>>> from saloon.agents import make_agent
>>> game = get_game("shootout")
>>> bots = [make_agent("random", game, seed=1), make_agent("random", game, seed=2)]
>>> source = play(game, None, bots, RandomDice(3), seed=3)
>>> forked = fork_record(source, 4, ["human", "solver"], source_name="duel.json")
>>> forked.moves == source.moves[:4], forked.forks[-1].describe()
(True, 'forked from duel.json after step 4')
>>> forked.replay().history == source.replay(4).history
True
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from saloon.core.errors import SaloonError
from saloon.core.record import NOBODY, Fork, GameRecord
from saloon.core.session import HUMAN


class ForkError(SaloonError):
    """A fork that cannot be made (a step past the end, a finished
    position, hands kept at a table that may not keep them)."""


def redraw_seat(perfect_information: bool, seats: Sequence[str], keep_hidden: bool) -> int | None:
    """The seat a fork's redraw keeps the knowledge of (:data:`NOBODY`: only
    what the whole table saw), or ``None`` for no redraw; see the module doc.

    >>> redraw_seat(False, ["human", "heuristic"], False)
    0
    >>> redraw_seat(False, ["human", "human"], False) == NOBODY
    True
    >>> redraw_seat(True, ["human", "solver"], False) is None
    True
    """
    if perfect_information or keep_hidden:
        return None
    people = [i for i, spec in enumerate(seats) if spec == HUMAN]
    return people[0] if len(people) == 1 else NOBODY


def fork_record(
    source: GameRecord,
    step: int,
    seats: Sequence[str],
    *,
    source_name: str,
    keep_hidden: bool = False,
    seed: int | None = None,
) -> GameRecord:
    """The record a game forked from ``source`` after ``step`` steps starts
    from, with ``seats`` (``human`` or an agent's spec); ``seed`` draws the
    hidden cards again (random if ``None``). :class:`ForkError` says why a
    fork cannot be made."""
    total = len(source.moves)
    if not 0 <= step <= total:
        raise ForkError(f"{source_name} has steps 0 to {total}: a fork starts from one of them")
    final = source.replay()  # every move checked
    state = source.replay(step)
    game = state.game
    if state.is_over:
        raise ForkError(
            f"the game is over after step {step}: fork from an earlier step (0 to {step - 1})"
        )
    if len(seats) != state.num_players:
        raise ForkError(f"{source_name} has {state.num_players} seats, not {len(seats)}")
    if keep_hidden and not game.perfect_information:
        if not final.is_over:
            raise ForkError(
                "the hands are kept only in a finished game's review by all its players: "
                "this game is not over, so the hidden cards are drawn again"
            )
        if any(spec != HUMAN for spec in seats):
            raise ForkError(
                "the hands are kept only in a review by all the game's players: every seat "
                "must be a person (a bot seat gets the hidden cards drawn again)"
            )
    redrawn = redraw_seat(game.perfect_information, seats, keep_hidden)
    fork = Fork(
        source_name[:200] or "a game",
        step,
        redrawn,
        None if redrawn is None else (secrets.randbits(63) if seed is None else seed),
    )
    return GameRecord(
        game=source.game,
        options=dict(source.options),
        seats=list(seats),
        moves=list(source.moves[:step]),
        seed=None,
        num_players=state.num_players,
        dice=source.dice,
        advisor=source.advisor,
        content=list(source.content),
        forks=[*(f for f in source.forks if f.step <= step), fork],
    )

"""What an agent gains over a baseline, measured where it departs from it.

A game of much luck hides a small edge: at two players a 55% score needs
some 400 games to stand clear of one half, because each game's result
carries the whole season's dice. The *performance difference lemma*
(Kakade and Langford, 2002) measures the same edge with far less noise.
Let the baseline ``B`` be a deterministic agent that reads only the state
(a heuristic without jitter), and let agent ``A`` sit in one seat against
copies of ``B``. Then A's expected score less B's in the same seat is the
expected sum, over A's decisions in A's games, of B's *advantage* of A's
choice: the score B would expect, playing on from the state after A's
action, less what it would expect after its own choice there. Where A
chooses as B would, that term is exactly zero; so only A's departures
from B are measured, each by paired rollouts of B from the true state,
and the luck of everything else drops out of the estimate. It is
unbiased whatever A is (history, search, randomness), because the
rollouts are B's own play; the noise left is that of the departures.
(AIVAT, Burch et al. 2018, builds the same kind of estimator for poker.)

:func:`advantage` measures one departure: ``sweeps`` pairs of rollouts of
the baseline in every seat, each pair from one seed with its dice keyed to
the event they roll (:class:`~saloon.agents.mcts.KeyedDice`), so that the
two ways share their luck. A game's gain is the sum of its departures'
mean advantages, in the arena's units (:func:`win_share`: a win shared by
``k`` players counts ``1/k``); the mean over games, with its interval, is
A's score less the fair share when the seats rotate.
"""

from __future__ import annotations

import numpy as np

from saloon.agents._playout import play_by_agent
from saloon.agents.mcts import KeyedDice
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.state import State


def win_share(state: State, seat: int) -> float:
    """``seat``'s share of the win of a finished game: ``1/k`` if it is one
    of ``k`` winners, else 0 (the arenas' score).

    >>> from saloon.testing.tiny import TinyGame, Deal, Stop
    >>> s = TinyGame().new_state()
    >>> for step in (Deal(1), Deal(5), Stop(), Stop(), Stop(), Stop()):
    ...     s.apply(step)
    >>> win_share(s, 0), win_share(s, 1)
    (0.0, 1.0)
    """
    winners = state.result().winners
    return 1 / len(winners) if seat in winners else 0.0


def advantage(state: State, action: Action, baseline: Agent, sweeps: int, seed: int) -> np.ndarray:
    """The baseline's advantage of ``action`` at ``state``, one value a
    sweep: the mover's :func:`win_share` when the baseline plays every seat
    on from ``state`` after ``action``, less the same after the baseline's
    own choice, both ways from one seed (keyed dice). Played from the true
    state: the hidden cards are as they are. ``baseline`` must be
    deterministic and read only the state; the mean is then an unbiased
    estimate of ``Q(state, action) - V(state)`` under the baseline's play.

    >>> from saloon.testing.tiny import TinyGame, Deal, Add, Stop
    >>> class Stopper:
    ...     name = "stopper"
    ...     def choose(self, state):
    ...         return Stop()
    >>> s = TinyGame().new_state()
    >>> s.apply(Deal(1)); s.apply(Deal(5))
    >>> advantage(s, Stop(), Stopper(), 8, seed=0).tolist() == [0.0] * 8
    True
    >>> bool(advantage(s, Add(2), Stopper(), 200, seed=0).mean() > 0)
    True
    """
    if sweeps < 1:
        raise ValueError(f"an advantage needs at least one sweep, not {sweeps}")
    me = state.to_move
    if me is None or me < 0:
        raise ValueError("an advantage is measured at a player's decision")
    own = baseline.choose(state)
    out = np.zeros(sweeps)
    if own == action:
        return out
    rng = np.random.default_rng(seed)
    for i in range(sweeps):
        key = int(rng.integers(2**63))
        values = []
        for a in (action, own):
            s = state.clone()
            s.apply(a)
            play_by_agent(s, baseline, np.random.default_rng(key), draw=KeyedDice(key))
            values.append(win_share(s, me))
        out[i] = values[0] - values[1]
    return out

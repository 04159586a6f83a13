"""Shoot Out's own agents and advisor.

* ``solver``: perfect play from the exact solution
  (:mod:`saloon.games.shootout.solver`; RULINGS, Shoot Out 9), choosing at
  random, by its seed, among equally good actions.
* ``heuristic``: the rules of thumb of a good player (see
  :class:`HeuristicAgent`), with no look-ahead; decent, not perfect.

The heuristic takes its thresholds from the agent spec (``heuristic:reach=6``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from saloon.core.action import Action
from saloon.core.agent import Agent, parse_knobs
from saloon.core.errors import OptionError, shown
from saloon.core.game import AgentFactory, Game
from saloon.core.options import Options
from saloon.core.state import State
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import (
    COLT,
    MOVE,
    RETREAT,
    WINCHESTER,
    Phase,
    ShootOutState,
)


def _shootout(state: State) -> ShootOutState:
    if not isinstance(state, ShootOutState):
        raise TypeError(f"a Shoot Out state is needed, not {type(state).__name__}")
    return state


def advise(state: State) -> list[tuple[Action, float]]:
    """Each legal action with the mover's exact win probability, best first
    (solving the variant first if it is not cached); empty where no player
    is to move."""
    from saloon.games.shootout.solver import solve

    st = _shootout(state)
    if st.phase not in (Phase.TURN, Phase.AFTER_HIT):
        return []
    return solve(st.options).action_values(st)


class SolverAgent:
    """Perfect play: one of the optimal actions, ties broken by the seed."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "solver"
        self._rng = np.random.default_rng(seed)

    def check_options(self, options: Options) -> None:
        """Refuse, when the seats are chosen, a variant too big to solve."""
        from saloon.games.shootout.solver import check_size

        if isinstance(options, ShootOutOptions):
            check_size(options)

    def choose(self, state: State) -> Action:
        from saloon.games.shootout.solver import solve

        st = _shootout(state)
        best = solve(st.options).best_actions(st)
        if len(best) == 1:
            return best[0]
        return best[int(self._rng.integers(len(best)))]


@dataclass(frozen=True)
class Thresholds:
    """The heuristic's knobs (each settable in the agent spec, ``heuristic:key=value``)."""

    #: Shoot only from this many spaces behind the front space or nearer,
    #: plus ``reach_card`` times the card's share of the highest card.
    reach: int = 5
    reach_card: float = 4.0
    #: ... and only at an opponent this many spaces behind his front space
    #: or nearer, plus ``threat_card`` times the card's share.
    threat: int = 2
    threat_card: float = 6.0
    #: Fire the Winchester from this many spaces behind the front or nearer
    #: (the Colt from farther back), for a card at least ``rifle_card``.
    rifle: int = 5
    rifle_card: int = 4
    #: A card this cheap (or cheaper) is given up at once for a reload.
    cheap: int = 2
    #: Retreat this many spaces behind an opponent about to leave the reload zone.
    behind: int = 3


class HeuristicAgent:
    """A good player's rules of thumb, no search.

    In order (rulebook sections and rulings cited):

    1. On the front space, move: the centre wins the duel at once (ruling 1).
    2. At the start of a turn ("The End of the Duel", ruling 4): give up a
       cheap card that decides nothing when the retreat reloads bullets
       that are missing; and give up a duel in which one is well behind
       when the opponent stands on the last space that still pays a
       reload (his next step would take it away).
    3. Shoot ("Shooting", ruling 3) only when both pawns are near the
       centre: a hit needs the d20 to reach one's own space, so shots from
       far back waste bullets, and a far opponent is no threat yet. The
       more the card is worth, the farther out the shooting starts. The
       Winchester's bonus is spent near the centre on good cards, the Colt
       elsewhere (bullets are kept for the duels that matter, ruling 5).
    4. Otherwise move ("Moving"): every step nearer also improves one's aim.
    """

    def __init__(self, seed: int | None = None, thresholds: Thresholds | None = None) -> None:
        self.name = "heuristic"
        self._rng = np.random.default_rng(seed)
        self.t = thresholds or Thresholds()

    def choose(self, state: State) -> Action:
        st = _shootout(state)
        o = st.options
        t = self.t
        me, opp = st.turn, 1 - st.turn
        legal = st.legal_actions()
        mine = st.pos[me] - o.front  # spaces behind the front space
        theirs = st.pos[opp] - o.front
        card = st.card or 0
        share = card / max(o.deck)
        decisive = card >= o.goal - st.score(opp) or card >= o.goal - st.score(me)

        if mine == 0:
            return MOVE
        if RETREAT in legal:
            missing = o.black - st.black[me]
            reloads = st.pos[opp] >= o.reload_from and o.reload > 0 and missing >= o.reload
            if reloads and card <= t.cheap and not decisive:
                return RETREAT
            # The opponent's next step takes him below the reload line:
            # a duel far behind is given up while it still pays.
            last_call = o.reload > 0 and st.pos[opp] == o.reload_from and st.black[me] < o.black
            lost_anyway = card < o.goal - st.score(opp)
            if last_call and lost_anyway and mine - theirs >= t.behind:
                return RETREAT
        reach = t.reach + t.reach_card * share + (1 if decisive else 0)
        threat = t.threat + t.threat_card * share + (1 if decisive else 0)
        if mine <= reach and theirs <= threat:
            rifle = mine <= t.rifle and (card >= t.rifle_card or decisive)
            if WINCHESTER in legal and (rifle or COLT not in legal):
                return WINCHESTER
            if COLT in legal:
                return COLT
        return MOVE


def _solver(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    if params:
        raise OptionError(f"the solver agent takes no parameters, not {shown(', '.join(params))}")
    return SolverAgent(seed)


def _heuristic(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    return HeuristicAgent(seed, parse_knobs("heuristic", params, Thresholds))


AGENTS: dict[str, AgentFactory] = {"solver": _solver, "heuristic": _heuristic}

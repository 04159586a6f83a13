"""D6's advisor: each choice's chance to win, from a search of the heuristic's play.

The search is the generic :class:`~saloon.agents.advisor.SearchAdvisor`
(the rollout algorithm: a screen of every choice where there are many,
then the best of them raced in playouts of the ``heuristic``, on the same
luck). What it needs of D6 is here:

* **its budget** (:func:`budget`): the race spends :data:`WORK` units of
  work a decision (ten a step, one a choice the heuristic weighs: about
  1.2 s on one core), each playout cut after :data:`DEPTH` steps (about
  three turns, less than a round at four players); every choice is
  screened on two redealt worlds where there are more than the
  :data:`HEURISTIC_TOP` and :data:`SCREEN_TOP` candidates;
* **the chances where a playout stops** (:func:`chances`): the game's
  fitted estimate (:mod:`.estimate`: each hero's expected glory made
  chances to win by a softmax), before its scale; on games between
  heuristics they bear out (``benchmarks/advisor_fit.py``: a power of
  them fitted for each table size does no better); a win shared by ``k``
  counts ``1/k``;
* **what a player cannot see** (:func:`canonical`): the other heroes'
  cards and the decks' unseen cards are laid out in order before the
  search redeals them, so two tables a player cannot tell apart get the
  same advice.
"""

from __future__ import annotations

import math
from dataclasses import replace

from saloon.agents.advisor import (
    Budget,
    SearchAdvisor,
    advisor_factory,
    chances_from_returns,
    seeded_advice,
    why_no_advice,
)
from saloon.core.advice import Advice
from saloon.core.agent import Agent
from saloon.core.game import AgentFactory
from saloon.core.state import State
from saloon.games.dungeons import estimate as est
from saloon.games.dungeons.rules.model import Deck
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.strategy import HeuristicAgent

#: The race's work a decision (:class:`~saloon.agents.advisor.Budget`: a
#: step counts one, a decision one more for each choice the heuristic
#: weighs there), and the steps a playout is cut after.
WORK = 100_000
DEPTH = 120
#: The candidates raced: the heuristic's best and the screen's best others.
HEURISTIC_TOP, SCREEN_TOP = 4, 4


def _dungeons(state: State) -> DungeonsState:
    if not isinstance(state, DungeonsState):
        raise TypeError(f"a D6 state is needed, not {type(state).__name__}")
    return state


# -- the chances ------------------------------------------------------------------------------


def played(state: DungeonsState) -> float:
    """The share of the season's turns begun."""
    return 1.0 - est.season_left(state)


def base_chances(state: DungeonsState) -> tuple[float, ...]:
    """The estimate's chances to win: a softmax of the heroes' expected
    glories (:func:`~.estimate.estimate` before its scale)."""
    n = state.num_players
    t0, t1 = est.weights().temperature
    temperature = t0 + t1 * est.season_left(state)
    glory = [est.expected_glory(state, p) for p in range(n)]
    if state.options.mode == "alliance":
        # Part III, Alliance: a team's chance, its two heroes' glory added
        # (ruling DG-R88); each member's chance is his team's.
        teams = sorted(set(state.teams))
        team_glory = {t: sum(g for p, g in enumerate(glory) if state.teams[p] == t) for t in teams}
        best = max(team_glory.values())
        team_odds = {t: math.exp((g - best) / temperature) for t, g in team_glory.items()}
        total = sum(team_odds.values())
        return tuple(team_odds[state.teams[p]] / total for p in range(n))
    top = max(glory)
    odds = [math.exp((g - top) / temperature) for g in glory]
    total = sum(odds)
    return tuple(w / total for w in odds)


def chances(state: State) -> tuple[float, ...]:
    """Each player's chance to win (a shared win counting ``1/k``): the
    real result once the game is over, else the estimate's chances
    (:func:`base_chances`; checked against games between heuristics by
    ``benchmarks/advisor_fit.py``: a fitted power of them does no better)."""
    st = _dungeons(state)
    if not st.agenda and st.options.mode == "alliance":
        # A team's win is each member's; a shared win half each (DG-R88).
        return tuple((r + 1.0) / 2.0 for r in st.returns())
    if not st.agenda:
        return chances_from_returns(st)
    if st.options.hides:
        # Solo and co-op (Part III): the table's one chance, from the estimate.
        p = (est.hides_estimate(st) / est.SCALE + 1.0) / 2.0
        return (p,) * st.num_players
    return base_chances(st)


# -- what a player cannot see -------------------------------------------------------------------


def canonical(state: State, player: int) -> DungeonsState:
    """``state`` with the cards ``player`` cannot see laid out in order:
    for each deck, its unseen cards and the other heroes' hands pooled and
    sorted, the deck taking the first, then each other hero his count in
    turn (what :func:`~.rules.view.resample` then deals again at random
    depends only on what ``player`` sees)."""
    st = _dungeons(state)
    new = st.clone()
    from saloon.games.dungeons.rules.view import sees_hand

    for deck in ("advantage", "quest", "alliance"):
        d = st.decks.get(deck)
        if d is None:
            continue
        pool: list[str] = list(d.cards)
        sizes: list[tuple[int, int]] = []
        for h in st.heroes:
            if sees_hand(st, player, h.seat):
                continue
            held = {"advantage": h.advantage, "quest": h.quests}.get(deck, h.allies)
            pool += held
            sizes.append((h.seat, len(held)))
        pool.sort()
        k = len(d.cards)
        new.decks[deck] = Deck(cards=tuple(pool[:k]), bottom=d.bottom)
        for seat, size in sizes:
            dealt = tuple(pool[k : k + size])
            k += size
            h = new.heroes[seat]
            if deck == "advantage":
                new.heroes[seat] = replace(h, advantage=dealt)
            elif deck == "quest":
                new.heroes[seat] = replace(h, quests=dealt)
            else:
                new.heroes[seat] = replace(h, allies=dealt)
    new._legal = None
    return new


# -- the advisor --------------------------------------------------------------------------------


def budget(scale: float = 1.0) -> Budget:
    """The default budget, times ``scale``."""
    base = Budget(
        work=WORK,
        depth=DEPTH,
        screen=2,
        settle=24,
        heuristic_top=HEURISTIC_TOP,
        screen_top=SCREEN_TOP,
    )
    return base.scaled(scale) if scale != 1.0 else base


def note(state: State) -> str:
    """What the values are: the player's chance to win."""
    st = _dungeons(state)
    me = st.to_move
    assert me is not None and me >= 0
    if st.options.hides:
        return "each choice's chance that the table collects every hide in time"
    return f"each choice's chance to win for {st.name(me)}, a shared win counting 1/k"


def make_advisor(state: State, seed: int | None = 0, scale: float = 1.0) -> SearchAdvisor:
    """The advisor at ``scale`` times the default budget."""

    def rollout(s: int) -> Agent:
        return HeuristicAgent(seed=s)

    return SearchAdvisor(
        rollout,
        chances,
        budget(scale),
        seed=seed,
        canonical=canonical,
        note=note,
        valued_by="the game's fitted estimate",
    )


def advice(state: State, seed: int | None = None, scale: float = 1.0) -> Advice | None:
    """The advisor's answer at ``state``, or ``None`` where no player is to
    move (:func:`~saloon.agents.advisor.seeded_advice`: the same table,
    the same advice)."""
    return seeded_advice(make_advisor, state, seed, scale)


def advice_note(state: State) -> str:
    """What the advice's values mean at ``state``, or why there are none."""
    return why_no_advice(state, note, mover="player")


#: ``advisor``: plays the advisor's first choice (``advisor:scale=10``: ten times
#: the default budget).
AGENTS: dict[str, AgentFactory] = {"advisor": advisor_factory(advice)}

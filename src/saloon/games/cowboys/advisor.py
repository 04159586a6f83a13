"""Cowboys' advisor: each choice's chance to win, from a search of the heuristic's play.

The search is the generic :class:`~saloon.agents.advisor.SearchAdvisor`
(the rollout algorithm: a screen of every choice, then the best of them
raced in playouts of the ``heuristic``, on the same luck). What it needs of
Cowboys is here:

* **its budget** (:func:`budget`): the race spends :data:`WORK` units of
  work (ten a step, one a choice the heuristic weighs: a step of a big
  scenario costs its heuristic more, about 0.1 ms in the duel and 1 ms at
  Coffeyville), less in proportion beyond :data:`FULL_WORK_FIGURES`
  figures, where each choice is weighed against more enemies, so that a
  decision takes about a second to a second and a half on one core in
  every scenario (``benchmarks/hint_speed.py``), each playout cut after
  :data:`DEPTH` steps (about one round of thirteen figures at
  Coffeyville, half a duel); every choice is screened on one redealt
  world where there are more than the :data:`HEURISTIC_TOP` and
  :data:`SCREEN_TOP` candidates;
* **the chances where a playout stops** (:func:`chances`): the game's
  estimate (:mod:`.estimate`: the strength of each side's standing
  figures, the goals' chances) read as a chance to win by a logistic
  model fitted on games between heuristics, for each built-in scenario
  (``benchmarks/advisor_fit.py``: the estimate alone is not a chance: at
  the O.K. Corral it gives the Earps 95% where the turn limit hands the
  Cowboys half the games), with the turn limit's winner and the turns
  played; a draw counts ``1/n`` of a win;
* **a screened choice stops** at the next choice of a figure's action
  (``SELECT``: the choice's shots and the windows around them played out);
* **what a side cannot see** (:func:`canonical`): the other sides' unseen
  cards and the deck are laid out in the deck's order before the search
  redeals them, so two tables a side cannot tell apart get the same advice.
"""

from __future__ import annotations

import math

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
from saloon.games.cowboys import estimate as est
from saloon.games.cowboys.rules.state import CowboysState, Phase
from saloon.games.cowboys.strategy import HeuristicAgent

#: A playout is cut after this many steps (chance outcomes count).
DEPTH = 40
#: The race's work (:class:`~saloon.agents.advisor.Budget`: a step counts
#: one, a decision one more for each choice the heuristic weighs there).
WORK = 120_000
#: The candidates raced: the heuristic's best and the screen's best others.
HEURISTIC_TOP, SCREEN_TOP = 4, 4

#: The logistic model of side 0's chance to win (a draw counting half) in
#: a two-sided scenario, on :func:`features`: each built-in scenario's own
#: weights, and under ``""`` those of all of them together, for a scenario
#: of one's own (fitted by ``benchmarks/advisor_fit.py`` on games between
#: heuristics).
WEIGHTS_2: dict[str, tuple[float, ...]] = {
    "": (2.676, -2.721, 0.108, 4.967, 4.648, -4.702),
    "hickok-tutt": (3.396, -0.234, 0.000, 0.000, 0.000, 0.000),
    "brawl": (2.485, 1.935, 0.154, -0.305, -0.487, 0.927),
    "coffeyville": (5.418, -3.304, -0.401, 5.580, 2.673, -4.052),
    "the-witness": (3.687, 0.717, 0.053, 8.288, 4.566, -0.428),
    "ok-corral": (0.102, 4.149, 0.000, 0.000, 1.577, 3.001),
    "saloon-siege": (4.531, 0.840, 1.250, -1.723, -2.793, -3.378),
    "stage-holdup": (3.844, 0.051, -0.111, 3.387, 4.773, 1.223),
    "jailbreak": (2.684, -2.788, -0.047, 6.041, 2.622, -1.189),
}
#: With three sides or more: each side's chance is ``1/n`` plus
#: ``a + b * played`` times its share of the strength less ``1/n``.
SHARE = (1.00, -0.90)


def _cowboys(state: State) -> CowboysState:
    if not isinstance(state, CowboysState):
        raise TypeError(f"a Cowboys state is needed, not {type(state).__name__}")
    return state


# -- the chances ------------------------------------------------------------------------------


def played(state: CowboysState) -> float:
    """The share of the scenario's turns played (0 in the first turn, near 1 in the last)."""
    turns = max(1, state.setup.turns)
    return min(1.0, max(0.0, (state.turn - 1) / turns))


def features(state: CowboysState) -> tuple[float, ...]:
    """What the two-sided model reads, for side 0 (side 1's are their
    negatives): the strength balance ``(mine - theirs) / (mine + theirs)``,
    the goals' balance (each escape, reach or hold goal's chance of being
    met, its failure counting for the side that then wins, as the estimate
    weighs them), the side the turn limit hands the game (+1 side 0, -1
    side 1, 0 a draw), and each times the share of the turns played."""
    power = [est.strength(state, s) for s in range(2)]
    total = power[0] + power[1]
    balance = (power[0] - power[1]) / total if total > 0 else 0.0
    goals = 0.0
    aims = est._aims(state)
    for aim in aims:
        chance = est._chance(state, aim)
        fail = 0.0 if aim.otherwise is None else (1.0 if aim.otherwise == aim.side else -1.0)
        value = chance + (1.0 - chance) * fail
        goals += value * (1.0 if aim.side == 0 else -1.0) / len(aims)
    limit = state.setup.at_limit
    lim = 0.0 if limit is None else (1.0 if limit == 0 else -1.0)
    t = played(state)
    return (balance, balance * t, goals, goals * t, lim * t, lim * t * t)


def chances(state: State) -> tuple[float, ...]:
    """Each side's chance to win (a draw counting ``1/n``): the real result
    once the game is over, else the fitted model of the estimate."""
    st = _cowboys(state)
    if st.phase == Phase.OVER:
        return chances_from_returns(st)
    n = st.num_players
    if n == 2:
        weights = WEIGHTS_2.get(st.options.scenario, WEIGHTS_2[""])
        z = sum(w * f for w, f in zip(weights, features(st), strict=True))
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        return (p, 1.0 - p)
    power = [est.strength(st, s) for s in range(n)]
    total = sum(power)
    if total <= 0:
        return (1.0 / n,) * n
    k = SHARE[0] + SHARE[1] * played(st)
    raw = [max(0.0, 1.0 / n + k * (p / total - 1.0 / n)) for p in power]
    whole = sum(raw)
    return tuple(x / whole for x in raw)


# -- what a side cannot see -------------------------------------------------------------------


def canonical(state: State, player: int) -> CowboysState:
    """``state`` with the cards ``player`` has not seen laid out in the
    deck's order: the deck's unseen cards first, then each other side's
    unseen places in turn (what :func:`~.rules.redeal.redeal` then deals
    again at random depends only on what ``player`` has seen)."""
    st = _cowboys(state)
    new = st.clone()
    seen = frozenset(st.flipped) | frozenset(st.shown)
    seen |= frozenset(c for _, c in st.played) | frozenset(st.turned)
    if 0 <= player < st.num_players:
        seen |= frozenset(st.poker_cards[player])
        known = st.known[player] | seen
    else:
        known = seen
    deck_unseen = [c for c in st.deck if c not in seen]
    places = [
        (s, k)
        for s in range(st.num_players)
        if s != player
        for k, c in enumerate(st.hands[s])
        if c not in known
    ]
    pool = st.in_deck_order([*deck_unseen, *(st.hands[s][k] for s, k in places)])
    hands = [list(h) for h in st.hands]
    for (s, k), c in zip(places, pool[len(deck_unseen) :], strict=True):
        hands[s][k] = c
    new.hands = [st.in_deck_order(h) for h in hands]
    rest = set(pool[: len(deck_unseen)]) | {c for c in st.deck if c in seen}
    new.deck = tuple(c for c in st.in_deck_order(list(rest)))
    new._cache = {}
    return new


def settled(state: State, player: int) -> bool:
    """A screened choice stops at the next choice of a figure's action
    (or a poker draw): its shots and their windows are over."""
    return _cowboys(state).phase in (Phase.SELECT, Phase.DRAW)


# -- the advisor --------------------------------------------------------------------------------


#: Up to this many figures in the scenario the race spends all of
#: :data:`WORK`; beyond, proportionally less (:func:`budget`).
FULL_WORK_FIGURES = 8


def budget(scale: float = 1.0, figures: int = 0) -> Budget:
    """The default budget for a scenario of ``figures`` figures, times ``scale``.

    Every choice the heuristic weighs is weighed against each enemy, so a
    unit of work costs more where there are many figures: beyond
    :data:`FULL_WORK_FIGURES` the work shrinks in proportion (Coffeyville's
    thirteen get eight thirteenths), to keep a decision within about a
    second and a half on one core in every scenario
    (``benchmarks/hint_speed.py``).

    >>> budget().work, budget(figures=13).work, budget(2, figures=13).work
    (120000, 73846, 147692)
    """
    work = WORK if figures <= FULL_WORK_FIGURES else round(WORK * FULL_WORK_FIGURES / figures)
    base = Budget(
        work=work,
        depth=DEPTH,
        screen=1,
        settle=24,
        heuristic_top=HEURISTIC_TOP,
        screen_top=SCREEN_TOP,
    )
    return base.scaled(scale) if scale != 1.0 else base


def note(state: State) -> str:
    """What the values are: ``player``'s chance to win, a draw counting ``1/n``."""
    st = _cowboys(state)
    me = st.to_move
    assert me is not None and me >= 0
    n = st.num_players
    draw = "half" if n == 2 else f"1/{n}"
    return f"each choice's chance to win for {st.side_name(me)}, a draw counting {draw}"


def make_advisor(state: State, seed: int | None = 0, scale: float = 1.0) -> SearchAdvisor:
    """The advisor for ``state``'s scenario at ``scale`` times the default budget."""

    def rollout(s: int) -> Agent:
        return HeuristicAgent(seed=s)

    return SearchAdvisor(
        rollout,
        chances,
        budget(scale, figures=len(_cowboys(state).figures)),
        seed=seed,
        canonical=canonical,
        settled=settled,
        note=note,
        valued_by="chances fitted to the game's estimate",
    )


def advice(state: State, seed: int | None = None, scale: float = 1.0) -> Advice | None:
    """The advisor's answer at ``state``, or ``None`` where no side is to
    move (:func:`~saloon.agents.advisor.seeded_advice`: the same table,
    the same advice)."""
    return seeded_advice(make_advisor, state, seed, scale)


def advice_note(state: State) -> str:
    """What the advice's values mean at ``state``, or why there are none."""
    return why_no_advice(state, note, mover="side")


#: ``advisor``: plays the advisor's first choice (``advisor:scale=10``: ten times
#: the default budget).
AGENTS: dict[str, AgentFactory] = {"advisor": advisor_factory(advice)}

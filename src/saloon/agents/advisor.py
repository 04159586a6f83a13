"""A search advisor over the core contract: every legal choice's chance to win, with its spread.

:class:`SearchAdvisor` values each legal action at a decision for the
player to move, as his chance to win (a win shared by ``k`` players counts
``1/k``; a draw counts as the game's returns make it, ``1/n`` of a win),
from a search with a stated budget of work (:class:`Budget`), so that a
game too big to solve still gets an advisor: an estimate, said to be one,
with each value's standard error.

How the budget is spent, as in the rollout algorithm of Tesauro and
Galperin (1996): after a choice the game's heuristic plays every seat,
and a choice is worth what that play makes of it.

1. **Screen.** Where there are more choices than candidates, every legal
   action is tried on ``screen`` worlds the player cannot tell from the
   true one (:meth:`State.resample_hidden`), played on by the heuristic
   only until it has settled (``settled``: by default the player's next
   decision; at most ``settle`` steps), and valued there. A cheap look at
   all of them, for the choices the heuristic would overlook.
2. **Race.** The candidates are the heuristic's ``heuristic_top`` best
   actions (its ranking) and the screen's ``screen_top`` best others. They
   race in sweeps: one playout under each from one seed, so that all are
   played on the same world and, as long as their ways do not part, the
   same dice, each kind of event rolling its own (common random numbers:
   :class:`~saloon.agents.mcts.KeyedDice`). A playout is the heuristic's
   play, cut after ``depth`` steps and valued by the game's fitted chances
   (``chances``). By successive halving (Karnin, Koren and Somekh, 2013)
   the weaker half of the candidates drops out after each share of the
   budget, down to the heuristic's own choice (always kept: the reference)
   and the best other, which get the most sweeps.
3. **Values.** The reference's value is the mean of its playouts; every
   other candidate's is the reference's plus its mean paired difference
   with the reference over the sweeps it ran (a control variate: the
   difference of two ways on the same luck is measured with far less noise
   than either), shrunk toward the reference by its noise (empirical
   Bayes, as James and Stein: the prior's variance is the differences'
   own spread less their noise), so that a candidate of few sweeps that
   ran high by luck, the winner's curse of a race, is not taken at its
   word. A choice that was only screened gets the reference's value plus
   its screened difference, scaled by how the candidates' screened
   differences bore out in the race (the least-squares slope of the raced
   differences on the screened ones, within 0 and 1); its spread adds the
   race's scatter about that line.
4. **Best first.** A raced choice is put before the heuristic's own only
   where the search is sure of it: its shrunk paired gain over the
   heuristic's choice is more than :data:`DEPART_Z` standard errors. The
   others follow the heuristic's choice, by value. A departure taken on a
   gain the size of the noise breaks the heuristic's plan for nothing.

Values are read from the player's information only: the advisor starts
from ``canonical(state, player)`` (a world where what he cannot see is
arranged in a fixed way, so two states he cannot tell apart give the same
advice) and plays only on redealt worlds of it. Work, not time, bounds it
(:class:`Budget`): the race's work (:attr:`SearchAdvisor.last_work`: a
step counts ten units, a decision one more for each choice the heuristic
weighs there) is at most its ``work`` and one sweep more, and the screen's steps
at most ``screen`` times the choices times ``settle + 1``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from saloon.agents._params import Params
from saloon.agents.mcts import KeyedDice
from saloon.core.action import Action
from saloon.core.advice import Advice, Valued
from saloon.core.agent import Agent, spec_label
from saloon.core.state import CHANCE, State

if TYPE_CHECKING:
    from saloon.core.game import AgentFactory, Game

#: The largest seed drawn for a sweep or a rollout agent.
_SEED_BOUND = 2**63
#: The largest multiple of a game's default budget an agent may ask for.
MAX_SCALE = 100.0
#: The least variance of the true differences between a choice and the
#: heuristic's (a point of a chance to win, squared): the prior of the
#: shrinkage is never taken to be nothing.
_LEAST_PRIOR = 1e-4
#: Pseudo-sweeps of the pooled spread mixed into each candidate's own (a
#: candidate of a few sweeps, all alike, is not taken to be exact).
_POOL_WEIGHT = 4.0
#: A choice is put before the heuristic's own only where its shrunk paired
#: gain over it is more than this many of its standard errors: a departure
#: the search is not sure of costs the heuristic's plan for nothing (in D6
#: an advisor that took every noise-sized gain won 2 of 24 games against
#: the heuristic: ``benchmarks/dungeons_arena.py``).
DEPART_Z = 2.0


@dataclass(frozen=True)
class Budget:
    """What a search advisor may spend at one decision.

    ``work``: the units of work the race's playouts may spend: each step
    counts ``per_step`` units and each choice the heuristic weighs at a
    decision one more (a step has its cost, and the heuristic's time grows
    with its choices, so a budget of work takes about the same time in a
    small game as in a big one);
    ``depth``: a playout is cut after this many steps (actions and chance
    outcomes) and valued by the game's chances; ``screen``: the worlds every choice is screened
    on (where there are more choices than candidates); ``settle``: the
    most steps a screened choice is played on; ``heuristic_top`` and
    ``screen_top``: the candidates raced, the heuristic's best and the
    screen's best others.

    >>> Budget(work=1200, depth=40).scaled(10).work
    12000
    """

    work: int
    depth: int
    per_step: int = 10
    screen: int = 1
    settle: int = 24
    heuristic_top: int = 4
    screen_top: int = 4

    def __post_init__(self) -> None:
        for name in ("work", "depth", "heuristic_top"):
            if getattr(self, name) < 1:
                raise ValueError(f"a budget's {name} is at least 1, not {getattr(self, name)}")
        for name in ("screen", "settle", "screen_top", "per_step"):
            if getattr(self, name) < 0:
                raise ValueError(f"a budget's {name} is at least 0, not {getattr(self, name)}")

    @property
    def candidates(self) -> int:
        """The most choices raced."""
        return self.heuristic_top + self.screen_top

    def scaled(self, factor: float) -> Budget:
        """The same search with ``factor`` times the race's work."""
        return replace(self, work=max(1, round(self.work * factor)))

    def words(self, valued_by: str) -> str:
        """The budget as the advice states it."""
        text = (
            f"playouts by the heuristic worth {self.work:,} units of work, {self.per_step} a "
            f"step and 1 a choice weighed, each cut at {self.depth} steps and valued by "
            f"{valued_by}; raced: its {self.heuristic_top} best choices"
        )
        tail = (
            "; a choice is put before the heuristic's own only where its paired gain is "
            f"over {DEPART_Z:g} standard errors"
        )
        if self.screen and self.screen_top:
            worlds = "world" if self.screen == 1 else "worlds"
            text += (
                f" and {self.screen_top} others, the best of a screen of every choice on "
                f"{self.screen} redealt {worlds}"
            )
        return text + tail


def chances_from_returns(state: State) -> tuple[float, ...]:
    """Each player's chance to win read from the returns of a zero-sum game
    whose winner gets 1 and each loser ``-1/(n-1)`` (a shared win, or a
    draw at 0 each, between): ``(r * (n - 1) + 1) / n``.

    >>> from saloon.core import get_game
    >>> chances_from_returns(get_game("shootout").new_state())
    (0.5, 0.5)
    """
    n = state.num_players
    if n < 2:
        return tuple(1.0 if r > 0 else 0.0 for r in state.returns())
    return tuple(min(1.0, max(0.0, (r * (n - 1) + 1) / n)) for r in state.returns())


def _mover_settled(state: State, player: int) -> bool:
    """The default end of a screened choice: the player decides again."""
    return state.to_move == player


class SearchAdvisor:
    """Values every legal action at a decision (see the module docstring).

    ``rollout`` makes the game's heuristic from a seed (it must rank its
    choices: ``ranked(state)``, best first); ``chances(state)`` gives each
    player's chance to win where a playout stops (the game's real result
    once it is over); ``canonical(state, player)`` a world the player
    cannot tell from ``state`` in which the hidden things are arranged in a
    fixed way; ``settled(state, player)`` where a screened choice stops;
    ``note(state)`` what the values are, in words; ``valued_by`` how a cut
    playout is valued, in words (for the budget).
    """

    def __init__(
        self,
        rollout: Callable[[int], Agent],
        chances: Callable[[State], Sequence[float]],
        budget: Budget,
        *,
        seed: int | np.random.SeedSequence | None = None,
        canonical: Callable[[State, int], State] | None = None,
        settled: Callable[[State, int], bool] | None = None,
        note: Callable[[State], str] | None = None,
        valued_by: str = "the game's estimate",
    ) -> None:
        self.rollout = rollout
        self.chances = chances
        self.budget = budget
        self.rng = np.random.default_rng(seed)
        self.canonical = canonical
        self.settled = settled or _mover_settled
        self.note = note or (lambda state: "each choice's chance to win")
        self.valued_by = valued_by
        #: Transitions applied by the last :meth:`advise` (screen and race).
        self.last_steps = 0
        #: Transitions of the last screen alone.
        self.last_screen_steps = 0
        #: The work of the last race and of its screen (see :class:`Budget`).
        self.last_work = 0
        self.last_screen_work = 0
        #: The work of the last race's last sweep (the most it runs over its budget).
        self.last_sweep_work = 0
        #: Playouts of the last race, and its sweeps.
        self.last_playouts = 0
        self.last_sweeps = 0
        #: The candidates the last race started with, and those it ended with.
        self.last_candidates: list[Action] = []
        self.last_finalists: list[Action] = []
        #: The raced choices the search is sure beat the heuristic's own.
        self.last_sure: set[Action] = set()

    # -- the answer -------------------------------------------------------------------------

    def advise(self, state: State, seed: int | None = None) -> Advice:
        """Every legal action at ``state`` valued for the player to move,
        best first (ties in the heuristic's order). ``seed`` (else the
        advisor's own stream) fixes the search: the same state and seed,
        the same advice."""
        me = state.to_move
        if me is None or me == CHANCE:
            raise ValueError("the advisor values the choices of a player to move")
        rng = np.random.default_rng(seed if seed is not None else self.rng.integers(_SEED_BOUND))
        base = self.canonical(state, me) if self.canonical is not None else state.clone()
        base.quiet = True
        legal = list(state.legal_actions())
        ranked = self._ranked(base, legal, int(rng.integers(_SEED_BOUND)))
        reference = ranked[0]
        budget = self.budget
        self.last_steps = self.last_screen_steps = self.last_work = self.last_screen_work = 0
        screened: dict[Action, float] = {}
        if len(legal) > budget.candidates and budget.screen > 0:
            screened = self._screen(base, me, ranked, rng)
            others = sorted(
                (a for a in ranked[budget.heuristic_top :]),
                key=lambda a: -screened.get(a, -math.inf),
            )
            candidates = ranked[: budget.heuristic_top] + others[: budget.screen_top]
        else:
            candidates = ranked[: budget.candidates]
        self.last_candidates = list(candidates)
        sweeps = self._race(base, me, candidates, rng)
        values = self._values(reference, ranked, sweeps, screened)
        order = {a: k for k, a in enumerate(ranked)}
        sure = self.last_sure
        # Best first: the sure departures, the heuristic's own choice, the rest.
        out = sorted(
            values,
            key=lambda v: (
                0 if v.action in sure else 1 if v.action == reference else 2,
                -v.value,
                order[v.action],
            ),
        )
        return Advice(
            tuple(out),
            "probability",
            self.note(state),
            exact=False,
            budget=budget.words(self.valued_by),
        )

    def _ranked(self, base: State, legal: list[Action], seed: int) -> list[Action]:
        """The heuristic's ranking of every legal action, best first (an
        action it leaves out goes last, in the game's order)."""
        agent = self.rollout(seed)
        ranking = getattr(agent, "ranked", None)
        got = list(ranking(base)) if callable(ranking) else [agent.choose(base)]
        allowed = set(legal)
        out = list(dict.fromkeys(a for a in got if a in allowed))
        seen = set(out)
        out += [a for a in legal if a not in seen]
        return out

    # -- the work ----------------------------------------------------------------------------

    def _world(self, base: State, me: int, seed: int) -> State:
        """A world ``me`` cannot tell from ``base``, drawn from ``seed``."""
        if base.game.perfect_information:
            world = base.clone()
        else:
            world = base.resample_hidden(me, np.random.default_rng(seed))
        world.quiet = True
        return world

    def _screen(
        self, base: State, me: int, ranked: list[Action], rng: np.random.Generator
    ) -> dict[Action, float]:
        """Each action's mean difference with the reference (``ranked[0]``)
        over the screen's worlds: played on until settled, then valued."""
        budget = self.budget
        totals = dict.fromkeys(ranked, 0.0)
        counts = dict.fromkeys(ranked, 0)
        for _ in range(budget.screen):
            seed = int(rng.integers(_SEED_BOUND))
            world = self._world(base, me, seed)
            allowed = set(world.legal_actions())
            values: dict[Action, float] = {}
            for a in ranked:
                if a not in allowed:
                    continue
                s = world.clone()
                s.apply_unchecked(a)
                moved, work = self._play(s, seed, budget.settle, me)
                self.last_steps += moved + 1
                self.last_screen_steps += moved + 1
                self.last_screen_work += work + budget.per_step
                values[a] = float(self.chances(s)[me])
            first = values.get(ranked[0])
            if first is None:
                continue
            for a, v in values.items():
                totals[a] += v - first
                counts[a] += 1
        return {a: totals[a] / counts[a] for a in ranked if counts[a]}

    def _race(
        self, base: State, me: int, candidates: list[Action], rng: np.random.Generator
    ) -> dict[Action, list[tuple[int, float]]]:
        """Successive halving among ``candidates`` (the first, the
        reference, is always kept): each one's ``(sweep, value)`` pairs."""
        budget = self.budget
        sweeps: dict[Action, list[tuple[int, float]]] = {a: [] for a in candidates}
        alive = list(candidates)
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
        spent = 0
        done = 0
        self.last_playouts = 0
        for r in range(rounds):
            target = budget.work * (r + 1) // rounds
            while spent < target or done == 0:
                seed = int(rng.integers(_SEED_BOUND))
                world = self._world(base, me, seed)
                allowed = set(world.legal_actions())
                before = spent
                for a in alive:
                    if a not in allowed:
                        continue
                    s = world.clone()
                    s.apply_unchecked(a)
                    moved, work = self._play(s, seed, budget.depth)
                    spent += work + budget.per_step
                    self.last_steps += moved + 1
                    self.last_work += work + budget.per_step
                    self.last_playouts += 1
                    sweeps[a].append((done, float(self.chances(s)[me])))
                if not allowed.intersection(alive):  # a world that forbids them all
                    spent += 1
                self.last_sweep_work = spent - before
                done += 1
            if r < rounds - 1 and len(alive) > 2:
                keep = max(2, math.ceil(len(alive) / 2))
                means = self._paired_means(alive[0], sweeps)
                others = sorted(alive[1:], key=lambda a: -means.get(a, -math.inf))
                alive = [alive[0], *others[: keep - 1]]
        self.last_sweeps = done
        self.last_finalists = alive
        return sweeps

    def _play(self, s: State, seed: int, limit: int, me: int | None = None) -> tuple[int, int]:
        """Play ``s`` on in place: the heuristic in every seat, the dice
        keyed to ``seed``, for at most ``limit`` steps (and, with ``me``,
        until it has settled for him); the steps and their work (each step
        ``per_step`` units, and a decision one more for each choice there)."""
        agent = self.rollout(seed)
        draw = KeyedDice(seed)
        steps = work = 0
        settled = self.settled
        per_step = self.budget.per_step
        while steps < limit:
            mover = s.to_move
            if mover is None:
                break
            if mover == CHANCE:
                s.apply_unchecked(draw(s))
                work += per_step
            else:
                if me is not None and settled(s, me):
                    break
                work += per_step + len(s.legal_actions())
                s.apply_unchecked(agent.choose(s))
            steps += 1
        return steps, work

    # -- the values ---------------------------------------------------------------------------

    @staticmethod
    def _paired_means(
        reference: Action, sweeps: dict[Action, list[tuple[int, float]]]
    ) -> dict[Action, float]:
        """Each candidate's mean difference with the reference over the sweeps both ran."""
        ref = dict(sweeps[reference])
        out: dict[Action, float] = {}
        for a, got in sweeps.items():
            diffs = [v - ref[j] for j, v in got if j in ref]
            if diffs:
                out[a] = sum(diffs) / len(diffs)
        return out

    def _values(
        self,
        reference: Action,
        ranked: list[Action],
        sweeps: dict[Action, list[tuple[int, float]]],
        screened: dict[Action, float],
    ) -> list[Valued]:
        ref = dict(sweeps[reference])
        base = np.array(list(ref.values()), dtype=float)
        n_ref = len(base)
        v_ref = float(base.mean()) if n_ref else 0.5
        var_ref = float(base.var(ddof=1)) / n_ref if n_ref > 1 else 0.25
        diffs: dict[Action, np.ndarray] = {}
        for a, got in sweeps.items():
            if a == reference:
                continue
            d = np.array([v - ref[j] for j, v in got if j in ref], dtype=float)
            if len(d):
                diffs[a] = d
        # The pooled variance of one sweep's paired difference, over every candidate.
        spread = [float(d.var(ddof=1)) for d in diffs.values() if len(d) > 1]
        pooled = float(np.mean(spread)) if spread else 0.25
        out = [Valued(reference, _clip(v_ref), math.sqrt(var_ref))]
        means: dict[Action, float] = {}
        errors: dict[Action, float] = {}
        for a, d in diffs.items():
            n = len(d)
            own = float(d.var(ddof=1)) if n > 1 else pooled
            means[a] = float(d.mean())
            errors[a] = ((n - 1) * own + _POOL_WEIGHT * pooled) / (n - 1 + _POOL_WEIGHT) / n
        # Empirical Bayes: the differences' own spread, less their noise,
        # is the prior's; each is shrunk toward the reference by its noise.
        prior = max(
            _LEAST_PRIOR,
            float(np.mean([means[a] ** 2 - errors[a] for a in means])) if means else 0.0,
        )
        raced: dict[Action, float] = {}
        self.last_sure = set()
        for a in means:
            keep = prior / (prior + errors[a])
            raced[a] = keep * means[a]
            if raced[a] > DEPART_Z * math.sqrt(keep * errors[a]):
                self.last_sure.add(a)
            out.append(Valued(a, _clip(v_ref + raced[a]), math.sqrt(var_ref + keep * errors[a])))
        rest = [a for a in ranked if a != reference and a not in raced]
        if not rest:
            return out
        slope, scatter = _shrink(raced, screened)
        for a in rest:
            gap = screened.get(a)
            if gap is None:  # illegal on every screened world: nothing measured
                out.append(Valued(a, _clip(v_ref), math.sqrt(var_ref + 0.25)))
                continue
            out.append(Valued(a, _clip(v_ref + slope * gap), math.sqrt(var_ref + scatter)))
        return out


def _shrink(raced: dict[Action, float], screened: dict[Action, float]) -> tuple[float, float]:
    """How screened differences bear out in the race: the least-squares
    slope through the origin of the raced differences on the screened ones
    (within 0 and 1; 1 with nothing to go by), and the mean square scatter
    about it (a variance)."""
    pairs = [(screened[a], d) for a, d in raced.items() if a in screened]
    sxx = sum(x * x for x, _ in pairs)
    slope = 1.0 if sxx <= 0 else min(1.0, max(0.0, sum(x * y for x, y in pairs) / sxx))
    if not pairs:
        return slope, 0.01
    scatter = sum((y - slope * x) ** 2 for x, y in pairs) / len(pairs)
    return slope, max(scatter, 1e-6)


def _clip(p: float) -> float:
    return min(1.0, max(0.0, p))


class AdvisorAgent:
    """Plays the advisor's first choice; a decision with one choice is
    taken at once. ``advise(state, seed)`` is the game's advisor; each
    decision's search is seeded from the agent's own stream."""

    def __init__(
        self,
        advise: Callable[[State, int], Advice],
        seed: int | np.random.SeedSequence | None = None,
        name: str = "advisor",
    ) -> None:
        self.advise = advise
        self.rng = np.random.default_rng(seed)
        self.name = name

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.advise(state, int(self.rng.integers(_SEED_BOUND))).best.action


def advisor_agent(
    advise: Callable[[State, int, float], Advice | None],
    seed: int | None,
    params: Mapping[str, str],
) -> Agent:
    """The agent ``advisor`` of a game whose advisor is ``advise(state,
    seed, scale)``: ``advisor:scale=10`` plays the first choice of ten
    times the default budget."""
    p = Params("advisor", params, ("scale",))
    scale = p.get_float("scale", 1.0, maximum=MAX_SCALE)
    if scale <= 0:
        raise p.bad("scale", f"a positive number of at most {MAX_SCALE:g}")

    def answer(state: State, s: int) -> Advice:
        got = advise(state, s, scale)
        if got is None:
            raise ValueError("the advisor has no answer here: no player is to move")
        return got

    return AdvisorAgent(answer, seed=seed, name=spec_label("advisor", params))


# -- a game's advisor, wired ------------------------------------------------------------------


def seeded_advice(
    make: Callable[[State, int | None, float], SearchAdvisor],
    state: State,
    seed: int | None = None,
    scale: float = 1.0,
) -> Advice | None:
    """The answer at ``state`` of the advisor ``make(state, seed, scale)``
    builds, or ``None`` where no player is to move. Without ``seed`` the
    search is seeded by the steps played so far (a number every player
    knows): the same table, the same advice."""
    me = state.to_move
    if me is None or me == CHANCE:
        return None
    advisor = make(state, None, scale)
    return advisor.advise(state, seed=len(state.history) if seed is None else seed)


def why_no_advice(state: State, note: Callable[[State], str], mover: str = "player") -> str:
    """What the advice's values mean at ``state`` (``note``), or why there
    are none: the game is over, or the dice or the cards decide now (not a
    ``mover``, the game's word for who decides: a player, a side)."""
    me = state.to_move
    if me is None:
        return "no advice: the game is over"
    if me == CHANCE:
        return f"no advice: the dice or the cards decide now, not a {mover}"
    return note(state)


def advisor_factory(
    advice: Callable[[State, int | None, float], Advice | None],
) -> AgentFactory:
    """A game's agent ``advisor``, which plays the first choice of
    ``advice(state, seed, scale)`` (``advisor:scale=10``: ten times the
    default budget)."""

    def make(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
        return advisor_agent(lambda state, s, scale: advice(state, s, scale), seed, params)

    make.__doc__ = advisor_factory.__doc__
    return make

"""Monte Carlo tree search (UCT) over the core contract, for any game.

Chance nodes are sampled with :meth:`State.sample_chance`; where information
is hidden, every iteration starts from a fresh determinization
(:meth:`State.resample_hidden`) and the tree is shared between them, keyed
by actions. Every node maximizes the value of the player to move there, so
the search works for any number of players. Values are the game's returns
(:meth:`State.estimate` where a rollout is cut before the end) mapped into
``[0, 1]`` by the range of values seen in the search.

Rollouts are uniformly random unless another agent of the game plays them
(``rollout``); an agent that ranks its choices (a method ``ranked(state)``,
best first) can also narrow every node of the tree to its ``top`` choices,
weighted by their rank (``PUCT``); the tree may be kept from one decision
to the next (``reuse``); and the root's candidates may be compared on the
same luck (``paired``, ``z``), each kind of event rolling its own dice
(``keyed``); a finished rollout may also count the game's score
(``margin``).
"""

from __future__ import annotations

import functools
import math
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from saloon.agents._playout import Draw, play_by_agent, play_randomly
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.state import CHANCE, State

#: The largest seed handed to a rollout agent (drawn from the search's stream).
_ROLLOUT_SEED_BOUND = 2**31
#: The largest seed of a sweep's common random numbers (``paired``).
_SWEEP_SEED_BOUND = 2**63


@runtime_checkable
class RankingAgent(Protocol):
    """An agent that can also order the legal actions, its favourite first
    (what :class:`MCTSAgent` reads for ``top``)."""

    name: str

    def choose(self, state: State) -> Action: ...

    def ranked(self, state: State) -> Sequence[Action]: ...


class _Node:
    __slots__ = ("candidates", "children", "totals", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * num_players
        #: With ``top``: the ranking agent's best actions here, best first
        #: (from the first determinization that reached the node).
        self.candidates: list[Action] | None = None


class MCTSAgent:
    """UCT with random rollouts, or rollouts played by another agent.

    ``iterations``, ``seconds`` and ``steps`` bound the search (whichever
    ends first; at least one iteration is always run). ``steps`` counts the
    transitions the search applies (actions and chance outcomes, in the
    tree and in the rollouts): a budget of work that, unlike ``seconds``,
    gives the same search on every machine, and buys more iterations where
    the game has little left to play (a search near the end, whose
    rollouts are short, runs many more of them); ``c`` is the exploration
    constant; ``max_depth`` cuts rollouts after that many steps (chance
    outcomes count too; 0: the leaf is valued as it stands), and a state
    reached before the end is valued by :meth:`State.estimate`. The chosen
    action is the root's most visited child.

    ``rollout`` makes the agent that plays the rollouts from a seed (drawn
    once from the search's own stream, so a seeded search stays
    reproducible); ``None`` plays uniformly random actions. With ``top``,
    each node of the tree considers only the rollout agent's ``top`` best
    actions (its :meth:`RankingAgent.ranked`), chosen by AlphaZero's PUCT
    rule with the ``k``-th of them weighing ``1/k`` (``c`` its constant):
    a small budget keeps to the agent's own choice unless the rollouts
    find a better one. With ``reuse``, the next search starts from the
    node of this tree the game has reached since (not through a chance
    outcome where information is hidden: it may be one this player did
    not see), with its statistics.

    With ``paired``, the root is not chosen by UCT: the search runs sweeps,
    one iteration under each of the root's candidates (the ``top`` of the
    ranking, or every legal action) from one seed, so that they are
    compared on the same determinization and, as long as their ways do not
    part, the same dice (common random numbers: the difference of two
    candidates is measured with far less noise than either's value). The
    choice is the best mean over the sweeps; with ``z`` above 0, the
    ranking's first unless another beats it by more than ``z`` standard
    errors of their paired differences (a search that departs from its
    rollout agent only where it is sure).

    With ``keyed`` (and ``paired``), the dice of a sweep are keyed to the
    event they roll rather than drawn from one stream: the ``n``-th event
    of each kind (:meth:`State.chance_kind`) gets the same dice under
    every candidate, so the candidates stay on the same luck after their
    ways part (one more fight under one of them does not shift every later
    roll).

    With ``margin`` above 0, a rollout that reaches the end is worth its
    returns plus ``margin`` times the player's score (:attr:`Result.scores`)
    less the best other player's: where the winner is the same under two
    candidates, the one that wins or loses by more still counts for more
    (as KataGo adds a score utility to the win). A small ``margin`` only
    breaks the ties of the win.

    With ``flat``, the search grows no tree below the root: each iteration
    takes one of the root's actions and plays straight on with the rollout
    agent. With ``paired`` and the rollout agent the heuristic, this is
    Tesauro and Galperin's rollout algorithm (1996): every candidate is
    valued by the heuristic's own play after it, so that a departure from
    the heuristic is the one-step policy improvement its rollouts measure,
    and the two ways of a sweep part only where their first actions do.

    With ``look`` (and ``paired`` with a ``z``), the budget is a maximum: every
    ``look`` sweeps the search stops if the choice is settled, either way.
    It departs as soon as another candidate beats the ranking's first by
    more than ``z`` standard errors of their paired differences, and stays
    as soon as none can: every other candidate's mean difference plus
    ``z`` standard errors is at most ``indifference`` (a gain too small to
    look for). A choice whose candidates play out alike is then settled in
    a few sweeps, and the budget goes where they part (a race, as in
    Maron and Moore's Hoeffding races).

    With ``bar`` (and ``paired`` with a ``z``), a departure must clear a
    bar: another candidate is chosen over the ranking's first only when
    its mean difference less ``z`` standard errors is above ``bar``, at a
    look or at the end of the budget. Repeated looks and the winner's curse
    let through small departures that are not real; with ``bar`` equal to
    ``indifference`` the test has an indifference zone on both sides, as in
    Wald's sequential probability ratio test: it departs for a gain surely
    above the bar, stays for one surely below, and sweeps on between.

    With ``confirm`` (and ``paired``), a departure is measured again before
    it is taken: ``confirm`` fresh sweeps of the ranking's first and the
    chosen candidate, and the choice stands only if its mean difference in
    them is above ``bar``. The race picks the candidate whose sweeps ran
    high, so its own estimate is biased upwards (the winner's curse); fresh
    sweeps are not, as a holdout is not. They cost ``2 * confirm``
    iterations beyond the budget, and only where the search departs.

    >>> from saloon.core import get_game
    >>> game = get_game("shootout")
    >>> state = game.new_state()
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> action = MCTSAgent(iterations=50, seed=1).choose(state)
    >>> action in state.legal_actions()
    True
    >>> action == MCTSAgent(iterations=50, seed=1).choose(state)
    True
    """

    def __init__(
        self,
        iterations: int | None = 500,
        seconds: float | None = None,
        c: float = 1.4,
        max_depth: int | None = None,
        seed: int | np.random.SeedSequence | None = None,
        name: str = "mcts",
        rollout: Callable[[int], Agent] | None = None,
        top: int | None = None,
        reuse: bool = False,
        paired: bool = False,
        z: float = 0.0,
        keyed: bool = False,
        margin: float = 0.0,
        steps: int | None = None,
        flat: bool = False,
        look: int = 0,
        indifference: float = 0.0,
        bar: float = 0.0,
        confirm: int = 0,
    ) -> None:
        if iterations is None and seconds is None and steps is None:
            raise ValueError("MCTS needs a budget: iterations, seconds, steps or more than one")
        if steps is not None and steps < 1:
            raise ValueError(f"a budget of steps is a positive number, not {steps}")
        self.iterations = iterations
        self.seconds = seconds
        self.steps = steps
        self.c = c
        self.max_depth = max_depth
        self.name = name
        self.rng = np.random.default_rng(seed)
        #: The agent that plays the rollouts (``None``: uniformly random).
        self.rollout: Agent | None = None
        if rollout is not None:
            self.rollout = rollout(int(self.rng.integers(_ROLLOUT_SEED_BOUND)))
        self.top = top
        self._ranker: RankingAgent | None = None
        if top is not None:
            if not isinstance(self.rollout, RankingAgent):
                raise ValueError("top needs a rollout agent that ranks its actions")
            self._ranker = self.rollout
        self.reuse = reuse
        self.paired = paired
        self.z = z
        if keyed and not paired:
            raise ValueError("keyed dice are for paired sweeps")
        self.keyed = keyed
        self.margin = margin
        self.flat = flat
        if look and not (paired and z > 0):
            raise ValueError("look needs paired sweeps and a z to test them by")
        self.look = look
        self.indifference = indifference
        if bar < 0:
            raise ValueError(f"a bar is a gain of at least 0, not {bar}")
        if bar and not (paired and z > 0):
            raise ValueError("a bar needs paired sweeps and a z to test them by")
        self.bar = bar
        if confirm < 0:
            raise ValueError(f"confirm is a number of sweeps, not {confirm}")
        if confirm and not paired:
            raise ValueError("confirm is for paired sweeps")
        self.confirm = confirm
        #: With ``confirm``: the fresh sweeps of the last departure measured
        #: again (the ranking's first and the choice), else empty.
        self.last_confirmation: dict[Action, list[float]] = {}
        #: With ``paired``: each root action's value for the player, one a
        #: sweep (``nan`` where a determinization made it illegal).
        self.last_sweeps: dict[Action, list[float]] = {}
        #: With ``reuse``: the last search's root, the history it was run
        #: at, and the game and options it was run for.
        self._kept: tuple[_Node, list[tuple[int, Action]], tuple[str, object]] | None = None
        #: Iterations run by the last :meth:`choose`.
        self.last_iterations = 0
        #: Transitions (actions and chance outcomes) the last search applied.
        self.last_steps = 0
        self._steps_run = 0
        #: With ``reuse``: the visits the last search started with.
        self.last_reused = 0

    def choose(self, state: State) -> Action:
        me = state.to_move
        if me is None or me == CHANCE:
            raise ValueError("MCTS chooses only for a player to move")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = self.last_steps = 0
            return legal[0]
        root = self.search(state)
        if self.paired:
            self.last_confirmation = {}
            choice = self._pick_paired()
            if self.confirm and choice != next(iter(self.last_sweeps)):
                choice = self._confirmed(state, root, choice)
            return choice
        tried = [a for a in legal if a in root.children]
        if not tried:  # pragma: no cover - a determinization with other actions
            return legal[0]
        return max(tried, key=lambda a: (root.children[a].visits, _mean(root.children[a], me)))

    def search(self, state: State) -> _Node:
        """Run the search from ``state`` and return the root of the tree."""
        me = state.to_move
        assert me is not None and me != CHANCE
        rng = self.rng
        hidden = not state.game.perfect_information
        n = state.num_players
        # Values are kept raw and mapped into [0, 1] by the range of the
        # returns seen so far in this search (as MuZero does), within the
        # game's declared bounds: a solo game whose proven bounds are far
        # wider than its usual scores still explores at the right scale.
        bounds = [math.inf, -math.inf]
        root = self._reused(state, hidden) if self.reuse else None
        self.last_reused = 0 if root is None else root.visits
        if root is None:
            root = _Node(n)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self._steps_run = 0
        if self.paired:
            done = self._sweep(state, root, hidden, bounds, deadline)
        else:
            done = 0
            while not self._spent(done, deadline):
                done += 1
                s = state.resample_hidden(me, rng) if hidden else state.clone()
                self._descend(root, [root], s, rng, hidden, bounds)
        self.last_iterations = done
        self.last_steps = self._steps_run
        if self.reuse:
            self._kept = (root, list(state.history), (state.game.id, state.options))
        return root

    def _spent(self, done: int, deadline: float | None) -> bool:
        """Whether the budget is used up after ``done`` iterations (never before one)."""
        if self.iterations is not None and done >= self.iterations:
            return True
        if done > 0 and self.steps is not None and self._steps_run >= self.steps:
            return True
        return deadline is not None and done > 0 and time.perf_counter() >= deadline

    def _sweep(
        self, state: State, root: _Node, hidden: bool, bounds: list[float], deadline: float | None
    ) -> int:
        """``paired``: sweeps of the root's candidates (the ranking agent's
        ``top``, or every legal action), each sweep one iteration under
        each from the same seed (the same determinization, and the same
        dice as long as the ways do not part): common random numbers, so
        the candidates are compared on the same luck. Runs whole sweeps
        until the budget is spent; returns the iterations run."""
        me = state.to_move
        assert me is not None
        if self._ranker is not None and self.top is not None:
            candidates = list(self._ranker.ranked(state)[: self.top])
        else:
            candidates = list(state.legal_actions())
        sweeps: dict[Action, list[float]] = {a: [] for a in candidates}
        done = 0
        looked = 0
        while not self._spent(done, deadline):
            if self.look and looked == self.look:
                if self._settled(sweeps):
                    break
                looked = 0
            looked += 1
            self._sweep_once(state, root, sweeps, hidden, bounds)
            done += len(candidates)  # a candidate this determinization forbids counts too
        self.last_sweeps = sweeps
        return done

    def _sweep_once(
        self,
        state: State,
        root: _Node,
        sweeps: dict[Action, list[float]],
        hidden: bool,
        bounds: list[float],
    ) -> None:
        """One sweep: an iteration under each candidate of ``sweeps`` from
        one seed, each one's value for the player appended to its list
        (``nan`` where the determinization makes it illegal)."""
        me = state.to_move
        assert me is not None
        n = state.num_players
        seed = int(self.rng.integers(_SWEEP_SEED_BOUND))
        for a, values_of_a in sweeps.items():
            rng = np.random.default_rng(seed)
            s = state.resample_hidden(me, rng) if hidden else state.clone()
            if not s.is_legal(a):
                values_of_a.append(math.nan)
                continue
            s.apply_unchecked(a)
            self._steps_run += 1
            child = root.children.get(a)
            if child is None:
                child = root.children[a] = _Node(n)
            draw = KeyedDice(seed) if self.keyed else None
            values = self._descend(child, [root, child], s, rng, hidden, bounds, draw)
            values_of_a.append(values[me])

    def _confirmed(self, state: State, root: _Node, choice: Action) -> Action:
        """``confirm``: ``choice`` if, in fresh sweeps of it and the
        ranking's first, its mean difference is above ``bar``; else the
        first."""
        first = next(iter(self.last_sweeps))
        fresh: dict[Action, list[float]] = {first: [], choice: []}
        hidden = not state.game.perfect_information
        bounds = [math.inf, -math.inf]
        for _ in range(self.confirm):
            self._sweep_once(state, root, fresh, hidden, bounds)
        self.last_confirmation = fresh
        self.last_iterations += 2 * self.confirm
        self.last_steps = self._steps_run
        diffs = np.asarray(fresh[choice]) - np.asarray(fresh[first])
        diffs = diffs[~np.isnan(diffs)]
        return choice if len(diffs) and float(diffs.mean()) > self.bar else first

    def _settled(self, sweeps: dict[Action, list[float]]) -> bool:
        """``look``: whether the sweeps so far decide the choice, one way
        or the other: another candidate beats the ranking's first by more
        than ``bar`` plus ``z`` standard errors of their paired differences
        (the search departs), or none can (each one's mean difference plus
        ``z`` standard errors is at most ``indifference``: the search
        stays)."""
        first, *others = sweeps
        base = np.asarray(sweeps[first])
        settled = True
        for a in others:
            diffs = np.asarray(sweeps[a]) - base
            diffs = diffs[~np.isnan(diffs)]
            if len(diffs) < 2:
                return False
            mean = float(diffs.mean())
            error = self.z * float(diffs.std(ddof=1)) / math.sqrt(len(diffs))
            if mean - error > self.bar:
                return True
            if mean + error > self.indifference:
                settled = False
        return settled

    def _pick_paired(self) -> Action:
        """``paired``: the candidate of the best mean over the sweeps; with
        ``z``, the ranking's first unless the best beats it by more than
        ``bar`` plus ``z`` standard errors of their paired differences."""
        sweeps = self.last_sweeps
        candidates = list(sweeps)
        means = {a: _nanmean(v) for a, v in sweeps.items()}
        best = max(candidates, key=lambda a: means[a])
        first = candidates[0]
        if best == first or self.z <= 0:
            return best
        diffs = np.asarray(sweeps[best]) - np.asarray(sweeps[first])
        diffs = diffs[~np.isnan(diffs)]
        if len(diffs) < 2:
            return first
        error = float(diffs.std(ddof=1)) / math.sqrt(len(diffs))
        return best if float(diffs.mean()) - self.z * error > self.bar else first

    def _descend(
        self,
        node: _Node,
        path: list[_Node],
        s: State,
        rng: np.random.Generator,
        hidden: bool,
        bounds: list[float],
        draw: Draw | None = None,
    ) -> tuple[float, ...]:
        """One iteration from ``node`` (the end of ``path``, ``s`` its state):
        selection, expansion, rollout and backpropagation along ``path``;
        ``bounds`` (the lowest and highest value seen) widened by its
        values, which it returns. Chance is drawn by ``draw`` if given,
        else from ``rng``."""
        n = s.num_players
        c = self.c
        ranker = self._ranker
        moved = 0  # the transitions applied (the ``steps`` budget)
        # Selection and expansion.
        while True:
            if self.flat and node is not path[0]:
                break  # below the root a flat search only rolls out
            mover = s.to_move
            if mover is None:
                break
            if mover == CHANCE:
                outcome = s.sample_chance(rng) if draw is None else draw(s)
                s.apply_unchecked(outcome)
                moved += 1
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node(n)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            children = node.children
            if ranker is None:
                legal = s.legal_actions()
                untried = [a for a in legal if a not in children]
                if untried:
                    action = (
                        untried[int(rng.integers(len(untried)))] if len(untried) > 1 else untried[0]
                    )
                    s.apply_unchecked(action)
                    moved += 1
                    child = children[action] = _Node(n)
                    path.append(child)
                    break
            else:
                action = self._puct(node, s, hidden, mover, bounds[0], bounds[1])
                s.apply_unchecked(action)
                moved += 1
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node(n)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            log_n = math.log(node.visits) if node.visits > 0 else 0.0
            best_score = -math.inf
            action = legal[0]
            span = bounds[1] - bounds[0]
            scale = 1.0 / span if span > 0 else 0.0
            for a in legal:
                ch = children[a]
                q = (ch.totals[mover] / ch.visits - bounds[0]) * scale
                score = q + c * math.sqrt(log_n / ch.visits)
                if score > best_score:
                    best_score = score
                    action = a
            s.apply_unchecked(action)
            moved += 1
            node = children[action]
            path.append(node)
        # Rollout and backpropagation.
        if not s.is_over:
            if self.rollout is None:
                moved += play_randomly(s, rng, self.max_depth, draw)
            else:
                moved += play_by_agent(s, self.rollout, rng, self.max_depth, draw)
        self._steps_run += moved
        if not s.is_over:
            values = s.estimate()
        elif self.margin:
            values = _with_margin(s.returns(), s.result().scores, self.margin)
        else:
            values = s.returns()
        for v in values:
            if v < bounds[0]:
                bounds[0] = v
            if v > bounds[1]:
                bounds[1] = v
        for nd in path:
            nd.visits += 1
            totals = nd.totals
            for p in range(n):
                totals[p] += values[p]
        return values

    def _reused(self, state: State, hidden: bool) -> _Node | None:
        """The node of the last search's tree that ``state`` has reached, if
        its history goes on from that search's (and the node is one of this
        player's decisions with statistics). Where information is hidden the
        way may not pass a chance outcome (it might be one this player did
        not see, such as a card dealt to another)."""
        if self._kept is None:
            return None
        node, history, where = self._kept
        now = state.history
        if where != (state.game.id, state.options) or len(now) <= len(history):
            return None
        if now[: len(history)] != history:
            return None
        for mover, action in now[len(history) :]:
            if mover == CHANCE and hidden:
                return None
            got = node.children.get(action)
            if got is None:
                return None
            node = got
        if node.visits == 0 or not all(state.is_legal(a) for a in node.children):
            return None
        return node

    def _puct(
        self, node: _Node, s: State, hidden: bool, mover: int, lo: float, hi: float
    ) -> Action:
        """The ranked candidate to follow from ``node``: the best mean value
        plus ``c`` times its prior (the ``k``-th of the ranking weighs
        ``1/k``) times ``sqrt(N) / (1 + n)``, as in AlphaZero's PUCT; a
        candidate not yet tried counts the node's own mean value."""
        candidates = self._candidates(node, s, hidden)
        children = node.children
        span = hi - lo
        scale = 1.0 / span if span > 0 else 0.0
        fpu = (node.totals[mover] / node.visits - lo) * scale if node.visits else 0.5
        push = self.c * math.sqrt(node.visits)
        best = candidates[0]
        best_score = -math.inf
        for k, a in enumerate(candidates):
            ch = children.get(a)
            if ch is None or ch.visits == 0:
                q, visits = fpu, 0
            else:
                q, visits = (ch.totals[mover] / ch.visits - lo) * scale, ch.visits
            score = q + push * _prior(k, len(candidates)) / (1 + visits)
            if score > best_score:
                best_score = score
                best = a
        return best

    def _candidates(self, node: _Node, s: State, hidden: bool) -> Sequence[Action]:
        """The ranking agent's ``top`` best actions at ``node``, ranked once;
        where hidden information makes some of them illegal in this
        determinization, the legal ones (or, if none is, this state's own
        ranking)."""
        assert self._ranker is not None and self.top is not None
        ranked = node.candidates
        if ranked is None:
            ranked = node.candidates = list(self._ranker.ranked(s)[: self.top])
            return ranked
        if not hidden:
            return ranked
        legal = [a for a in ranked if s.is_legal(a)]
        if len(legal) == len(ranked):
            return ranked
        return legal or list(self._ranker.ranked(s)[: self.top])


class KeyedDice:
    """Chance drawn by event rather than from one stream: the ``n``-th event
    of each kind (:meth:`State.chance_kind`) is drawn from its own generator,
    seeded by ``seed``, the kind and ``n``. Two ways of play from one seed
    therefore see the same dice for the same event, however many events of
    other kinds came before (common random numbers that survive a parting
    of the ways).

    >>> from saloon.core import get_game
    >>> a, b = get_game("shootout").new_state(), get_game("shootout").new_state()
    >>> KeyedDice(7)(a) == KeyedDice(7)(b)
    True
    """

    __slots__ = ("counts", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        #: How many events of each kind have been drawn.
        self.counts: dict[object, int] = {}

    def __call__(self, state: State) -> Action:
        kind = state.chance_kind()
        n = self.counts.get(kind, 0)
        self.counts[kind] = n + 1
        rng = np.random.default_rng((self.seed, _kind_number(kind), n))
        return state.sample_chance(rng)


@functools.cache
def _kind_number(kind: object) -> int:
    """A number for a kind of chance event, the same in every process
    (``hash`` of a string is not)."""
    return zlib.crc32(repr(kind).encode())


@functools.cache
def _prior(k: int, n: int) -> float:
    """The prior of the ``k``-th (from 0) of ``n`` ranked actions: ``1/(k+1)``, normalized."""
    return 1.0 / (k + 1) / sum(1.0 / (j + 1) for j in range(n))


def _with_margin(
    returns: Sequence[float], scores: Sequence[float], margin: float
) -> tuple[float, ...]:
    """Each player's return plus ``margin`` times his score less the best
    other's (his score alone when he plays alone).

    >>> _with_margin((1.0, -1.0), (14.0, 9.0), 0.1)
    (1.5, -1.5)
    """
    out = []
    for i, r in enumerate(returns):
        others = [x for j, x in enumerate(scores) if j != i]
        out.append(r + margin * (scores[i] - (max(others) if others else 0.0)))
    return tuple(out)


def _nanmean(values: list[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else -math.inf


def _mean(node: _Node, player: int) -> float:
    return node.totals[player] / node.visits if node.visits else 0.0

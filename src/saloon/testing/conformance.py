"""The conformance checks: does a game keep the core contract?

:func:`check_game` plays seeded random games (uniform random actions,
random dice) and checks, at every state reached:

* ``is_over`` holds exactly when ``to_move is None``; the game never runs
  longer than ``game.max_length``; ``returns()`` and ``estimate()`` have one
  value per player, each within ``game.returns_bounds`` (``estimate()`` is
  ``returns()`` once the game is over);
* a player to move has at least one legal action, and each applies without
  error on a clone (on a node with more than :data:`CLONED` actions, a
  random sample of them), leaving the original's key and history unchanged;
* at a chance node the outcomes are distinct, their probabilities positive
  and summing to 1, and its kind (``chance_kind``, for keyed dice) is
  hashable;
* ``str`` of every action and outcome seen parses back to it through
  ``game.parse_action``, and through ``state.parse`` where a person types it;
  ``describe_action`` says something for each legal action, and
  ``action_groups`` holds each legal action once;
* every chance outcome writes at least one sentence to the log (a player
  reading the log sees every roll).

On a sample of the states (every state of the first games, then a random
subset, and every final state) it also checks the costlier parts:

* a clone is independent: applying to it (each move, or a sample of them on
  a big node) leaves the original's view unchanged;
* ``view(p)`` is JSON-serializable and hides what ``p`` may not see: for
  every player ``p``, to move or not, a state redrawn by
  ``resample_hidden(p, rng)`` shows ``p`` the same view, has the same
  player to move, leaves that player at least one legal action (or the
  chance node at least one outcome: a redrawn world is never a dead end),
  and gives ``p`` the same legal actions when he is to move
  (:func:`resample_problem`);
* the game's :class:`GameRecord`, through JSON, replays move by move to
  states with the same keys and views as these sampled states (one replay a
  game, checked against every sampled state on the way); and the record of
  the unfinished game, at steps 1, 2, 4, 8 and so on, replays by itself to
  the same key and views (a saved game);
* an illegal action raises :class:`IllegalAction` and changes nothing;
* on a few chance nodes, ``sample_chance`` draws from ``chance_outcomes``
  (a chi-square goodness-of-fit test at a strict threshold, fixed seed).

The first violation raises :class:`AssertionError` naming the game, the
variant, the game number, the step and what was wrong.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from saloon.core.action import Action, Outcome
from saloon.core.errors import IllegalAction, SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State

#: A sampling test fails below this p-value (strict, so it never flakes).
P_THRESHOLD = 1e-4
#: How many chance nodes per variant get a goodness-of-fit test.
CHI_SQUARE_NODES = 4
#: Every state of this many first games gets the full checks.
FULL_GAMES = 3
#: Afterwards, the share of states that get the full checks.
SAMPLE_RATE = 0.1
#: At most this many legal actions a decision are checked for words and typing.
WORDED = 24
#: At most this many moves of a state (a sample) are applied to clones.
CLONED = 48


@dataclass(frozen=True, slots=True)
class _Foreign(Action):
    """An action no game can have: legal nowhere."""

    def __str__(self) -> str:
        return "<foreign action>"


@dataclass
class ConformanceReport:
    """What :func:`check_game` checked (it raises on the first violation)."""

    game: str
    variant: str
    games: int = 0
    states: int = 0
    decisions: int = 0
    chance_nodes: int = 0
    fully_checked: int = 0
    replays: int = 0
    chi_square_tests: int = 0
    chi_square_pvalues: list[float] = field(default_factory=list)
    longest: int = 0
    max_length: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        """One line for people."""
        return (
            f"{self.game} [{self.variant}]: {self.games} games, {self.states} states "
            f"({self.fully_checked} fully), {self.replays} replays, "
            f"{self.chi_square_tests} sampling tests, longest {self.longest}/{self.max_length} "
            f"steps, {self.seconds:.2f}s"
        )


def chi_square_pvalue(observed: Sequence[float], expected: Sequence[float]) -> float:
    """The p-value of Pearson's chi-square test of ``observed`` counts against
    ``expected`` counts (same total), with ``len - 1`` degrees of freedom.

    >>> round(chi_square_pvalue([10, 10], [10, 10]), 6)
    1.0
    >>> chi_square_pvalue([100, 0], [50, 50]) < 1e-20
    True
    """
    if len(observed) != len(expected) or len(observed) < 2:
        raise ValueError("a chi-square test needs at least two matching bins")
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    return _gamma_q((len(observed) - 1) / 2.0, stat / 2.0)


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0.0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:  # series for P(a, x)
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1.0
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    # Continued fraction for Q(a, x) (modified Lentz).
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(log_prefix) * h)


class _Checker:
    def __init__(self, game: Game, options: Options, variant: str, seed: int) -> None:
        self.game = game
        self.options = options
        self.variant = variant
        self.rng = np.random.default_rng(seed)
        self.sample_rng = np.random.default_rng([seed, 1])
        self.max_length = game.max_length(options)
        self.bounds = game.returns_bounds(options)
        self.parsed: set[Action] = set()
        self.seen_actions: list[Action] = []
        self.seen_set: set[Action] = set()
        self.chi_signatures: set[frozenset[Action]] = set()
        self.report = ConformanceReport(game=game.id, variant=variant, max_length=self.max_length)
        self.where = ""
        self.replay_via_registry = _registered(game)
        #: The key and views of this game's fully checked states, by step.
        self.checkpoints: dict[int, tuple[Hashable, dict[int | None, dict[str, Any]]]] = {}

    def fail(self, message: str) -> AssertionError:
        return AssertionError(f"{self.game.id} [{self.variant}] {self.where}: {message}")

    # -- the playouts ---------------------------------------------------------------

    def play(self, index: int, num_players: int | None) -> None:
        state = self.game.new_state(self.options, num_players)
        full = index < FULL_GAMES
        step = 0
        self.checkpoints = {}
        while True:
            self.where = f"game {index + 1}, step {step}"
            self.cheap(state)
            thorough = full or state.is_over or self.rng.random() < SAMPLE_RATE
            if thorough:
                self.thorough(state)
            if step and step & (step - 1) == 0 and not state.is_over:
                # A saved game at steps 1, 2, 4, 8...: linear in the game's length.
                views = {p: state.view(p) for p in [None, *range(state.num_players)]}
                self.check_replay(state, views)
            if state.is_over:
                self.where = f"game {index + 1}, its record replayed move by move"
                self.check_replay_by_steps(state)
                break
            mover = state.to_move
            assert mover is not None
            if mover == CHANCE:
                action: Action = state.sample_chance(self.rng)
            else:
                legal = state.legal_actions()
                action = legal[int(self.rng.integers(len(legal)))]
            logged = len(state.log)
            if mover == CHANCE and state.parse(str(action)) != action:
                raise self.fail(f"state.parse({str(action)!r}) does not read the outcome back")
            try:
                state.apply(action)
            except SaloonError as exc:
                raise self.fail(f"{action} was offered but apply refused it: {exc}") from exc
            if mover == CHANCE and len(state.log) <= logged:
                raise self.fail(f"the chance outcome {action} wrote no sentence to the log")
            step += 1
        r = self.report
        r.games += 1
        r.longest = max(r.longest, len(state.history))

    # -- checks at every state ---------------------------------------------------------

    def cheap(self, state: State) -> None:
        r = self.report
        r.states += 1
        mover = state.to_move
        if state.is_over != (mover is None):
            raise self.fail(f"is_over is {state.is_over} but to_move is {mover!r}")
        if len(state.history) > self.max_length:
            raise self.fail(f"the game has run {len(state.history)} steps, over its max_length")
        returns = tuple(state.returns())
        if len(returns) != state.num_players:
            raise self.fail(f"returns() {returns} has not one value per player")
        lo, hi = self.bounds
        for v in returns:
            if not lo <= v <= hi:
                raise self.fail(f"returns() {returns} lie outside returns_bounds {self.bounds}")
        self.check_estimate(state, returns)
        if mover is None:
            return
        if mover == CHANCE:
            r.chance_nodes += 1
            self.check_chance(state)
            return
        if not 0 <= mover < state.num_players:
            raise self.fail(f"to_move is {mover!r}, not a player, CHANCE or None")
        r.decisions += 1
        legal = state.legal_actions()
        if not legal:
            raise self.fail(f"player {mover} is to move but has no legal action")
        if len(set(legal)) != len(legal):
            raise self.fail(f"legal_actions() repeats an action: {list(map(str, legal))}")
        grouped = [a for g in state.action_groups(legal) for a in g.actions]
        if sorted(map(str, grouped)) != sorted(map(str, legal)):
            raise self.fail("action_groups() does not hold each legal action exactly once")
        key = state.key()
        length = len(state.history)
        for action in legal:
            self.check_notation(action)
        picks = range(len(legal)) if len(legal) <= WORDED else self.rng.choice(len(legal), WORDED)
        for i in picks:
            self.check_words(state, legal[int(i)])
        applied = legal if len(legal) <= CLONED else self._sample(legal)
        for action in applied:
            if isinstance(action, Outcome):
                raise self.fail(f"legal action {action} is a chance Outcome")
            clone = state.clone()
            try:
                clone.apply(action)
            except Exception as exc:
                raise self.fail(f"legal action {action} fails to apply: {exc!r}") from exc
            if state.key() != key or len(state.history) != length:
                raise self.fail(f"applying {action} to a clone changed the original")

    def check_estimate(self, state: State, returns: tuple[float, ...]) -> None:
        """``estimate()`` has one finite value per player within the bounds,
        and is the returns once the game is over."""
        estimate = tuple(state.estimate())
        if len(estimate) != state.num_players:
            raise self.fail(f"estimate() {estimate} has not one value per player")
        lo, hi = self.bounds
        for v in estimate:
            if not (math.isfinite(v) and lo <= v <= hi):
                raise self.fail(f"estimate() {estimate} lies outside returns_bounds {self.bounds}")
        if state.is_over and estimate != returns:
            raise self.fail(f"estimate() {estimate} is not returns() {returns} at the end")

    def _sample(self, actions: Sequence[Action]) -> list[Action]:
        """A sample of a big node's actions: the first and last, and a random
        :data:`CLONED` of the rest."""
        picks = self.sample_rng.choice(len(actions), CLONED, replace=False)
        return [actions[0], actions[-1], *(actions[int(i)] for i in picks)]

    def check_chance(self, state: State) -> None:
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise self.fail("a chance node with no outcomes")
        total = 0.0
        seen: set[Action] = set()
        for outcome, p in outcomes:
            if not isinstance(outcome, Outcome):
                raise self.fail(f"chance outcome {outcome!r} is not an Outcome")
            if not (p > 0.0) or math.isnan(p):
                raise self.fail(f"chance outcome {outcome} has probability {p}, not positive")
            if outcome in seen:
                raise self.fail(f"chance outcome {outcome} is listed twice")
            seen.add(outcome)
            total += p
            self.check_notation(outcome)
        if abs(total - 1.0) > 1e-9:
            raise self.fail(f"chance probabilities sum to {total:.12g}, not 1")
        kind = state.chance_kind()
        try:
            hash(kind)
        except TypeError:
            raise self.fail(f"chance_kind() {kind!r} is not hashable") from None

    def check_words(self, state: State, action: Action) -> None:
        """A menu can say what ``action`` does, and a person can type it."""
        text = state.describe_action(action)
        if not isinstance(text, str) or not text.strip():
            raise self.fail(f"describe_action({action}) is empty")
        try:
            typed = state.parse(str(action))
        except SaloonError as exc:
            raise self.fail(f"state.parse({str(action)!r}) refuses a legal action: {exc}") from exc
        if typed != action:
            raise self.fail(f"state.parse({str(action)!r}) reads {typed!r}, not {action!r}")

    def check_notation(self, action: Action) -> None:
        if action in self.parsed:
            return
        text = str(action)
        try:
            back = self.game.parse_action(text)
        except SaloonError as exc:
            raise self.fail(f"{action!r} is written {text!r}, which does not parse: {exc}") from exc
        if back != action:
            raise self.fail(f"{action!r} is written {text!r}, which parses as {back!r}")
        self.parsed.add(action)
        if action not in self.seen_set:
            self.seen_set.add(action)
            self.seen_actions.append(action)

    # -- checks on a sample of states ------------------------------------------------------

    def thorough(self, state: State) -> None:
        self.report.fully_checked += 1
        players: list[int | None] = [None, *range(state.num_players)]
        views = {p: self.check_view(state, p) for p in players}
        self.check_hidden(state, views)
        self.check_clones(state, views)
        self.check_illegal(state)
        # Checked when the game's record is replayed at its end (check_replay_by_steps).
        self.checkpoints[len(state.history)] = (state.key(), views)
        if state.is_chance:
            self.maybe_chi_square(state)

    def check_view(self, state: State, player: int | None) -> dict[str, Any]:
        view = state.view(player)
        if not isinstance(view, dict):
            raise self.fail(f"view({player}) is a {type(view).__name__}, not a dict")
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            raise self.fail(f"view({player}) is not JSON-serializable: {exc}") from exc
        return view

    def check_hidden(self, state: State, views: dict[int | None, dict[str, Any]]) -> None:
        """Every player's redrawn worlds: :func:`resample_problem`."""
        for p in range(state.num_players):
            problem = resample_problem(state, p, self.rng, views[p])
            if problem is not None:
                raise self.fail(problem)

    def check_clones(self, state: State, views: dict[int | None, dict[str, Any]]) -> None:
        if state.is_over:
            clone = state.clone()
            if clone.key() != state.key():
                raise self.fail("a clone has a different key")
            return
        key = state.key()
        history = list(state.history)
        log = len(state.log)
        moves: Sequence[Action] = (
            [o for o, _ in state.chance_outcomes()] if state.is_chance else state.legal_actions()
        )
        if len(moves) > CLONED:
            moves = self._sample(moves)
        for action in moves:
            clone = state.clone()
            if clone.key() != key or clone.view(None) != views[None]:
                raise self.fail("a fresh clone differs from the original")
            clone.apply(action)
            if (
                state.key() != key
                or state.history != history
                or len(state.log) != log
                or any(state.view(p) != v for p, v in views.items())
            ):
                raise self.fail(
                    f"a clone is not independent: applying {action} to it changed the original"
                )

    def check_illegal(self, state: State) -> None:
        key = state.key()
        length = len(state.history)
        views = state.view(None)
        if state.is_over:
            candidates: list[Action] = [_Foreign(), *self.seen_actions[:3]]
        else:
            allowed = set(
                [o for o, _ in state.chance_outcomes()]
                if state.is_chance
                else state.legal_actions()
            )
            seen = self.seen_actions
            picks = []
            for i in self.sample_rng.permutation(len(seen))[:50]:
                if seen[int(i)] not in allowed:
                    picks.append(seen[int(i)])
                    if len(picks) == 3:
                        break
            candidates = [_Foreign(), *picks]
        for action in candidates:
            try:
                state.apply(action)
            except IllegalAction:
                pass
            except Exception as exc:
                raise self.fail(
                    f"illegal {action} raised {type(exc).__name__}, not IllegalAction: {exc}"
                ) from exc
            else:
                raise self.fail(f"illegal {action} was applied without IllegalAction")
            if state.key() != key or len(state.history) != length or state.view(None) != views:
                raise self.fail(f"the refused illegal action {action} changed the state")

    def check_replay(self, state: State, views: dict[int | None, dict[str, Any]]) -> None:
        self.report.replays += 1
        text = GameRecord.from_state(state).dumps()
        try:
            record = GameRecord.loads(text)
            replayed = record.replay() if self.replay_via_registry else _replay(self.game, record)
        except SaloonError as exc:
            raise self.fail(f"the record of the game so far does not replay: {exc}") from exc
        if replayed.key() != state.key():
            raise self.fail("the record replays to a state with a different key()")
        for p, view in views.items():
            if replayed.view(p) != view:
                raise self.fail(
                    f"the record replays to a state with a different view({p}) "
                    f"({_difference(view, replayed.view(p))})"
                )

    def check_replay_by_steps(self, state: State) -> None:
        """The finished game's record, through JSON, replays to the same end
        (:meth:`GameRecord.replay`), and move by move through the states
        checked on the way (:attr:`checkpoints`), with their keys and views."""
        self.check_replay(state, self.checkpoints[len(state.history)][1])
        record = GameRecord.loads(GameRecord.from_state(state).dumps())
        game = self.game
        again = game.new_state(game.options_from_dict(record.options), record.num_players)
        for n, (by, text) in enumerate([(None, ""), *record.moves]):
            if n:
                if again.to_move != by:
                    raise self.fail(f"move {n} ({text}) is by {by}, but {again.to_move} is to move")
                again.apply(game.parse_action(text))
            if n not in self.checkpoints:
                continue
            key, views = self.checkpoints[n]
            if again.key() != key:
                raise self.fail(f"the record replays to a different key() after move {n}")
            for p, view in views.items():
                if again.view(p) != view:
                    raise self.fail(
                        f"the record replays to a different view({p}) after move {n} "
                        f"({_difference(view, again.view(p))})"
                    )

    def maybe_chi_square(self, state: State) -> None:
        if len(self.chi_signatures) >= CHI_SQUARE_NODES:
            return
        outcomes = list(state.chance_outcomes())
        signature = frozenset(o for o, _ in outcomes)
        if signature in self.chi_signatures:
            return
        self.chi_signatures.add(signature)
        rng = np.random.default_rng(len(self.chi_signatures))
        samples = max(2000, 100 * len(outcomes))
        index = {o: i for i, (o, _) in enumerate(outcomes)}
        counts = [0] * len(outcomes)
        key = state.key()
        for _ in range(samples):
            o = state.sample_chance(rng)
            i = index.get(o)
            if i is None:
                raise self.fail(f"sample_chance drew {o}, which chance_outcomes() does not list")
            counts[i] += 1
        if state.key() != key:
            raise self.fail("sample_chance changed the state")
        if len(outcomes) < 2:
            return
        # Pool the outcomes expected fewer than 5 times into one bin.
        observed: list[float] = []
        expected: list[float] = []
        pool_o = pool_e = 0.0
        for (_, p), c in zip(outcomes, counts, strict=True):
            if p * samples < 5:
                pool_o += c
                pool_e += p * samples
            else:
                observed.append(c)
                expected.append(p * samples)
        if pool_e > 0:
            observed.append(pool_o)
            expected.append(pool_e)
        scale = samples / sum(expected)
        expected = [e * scale for e in expected]
        if len(observed) < 2:
            return
        pvalue = chi_square_pvalue(observed, expected)
        self.report.chi_square_tests += 1
        self.report.chi_square_pvalues.append(pvalue)
        if pvalue < P_THRESHOLD:
            worst = max(
                range(len(outcomes)), key=lambda i: abs(counts[i] - outcomes[i][1] * samples)
            )
            o, p = outcomes[worst]
            raise self.fail(
                f"sample_chance does not draw from chance_outcomes(): chi-square p={pvalue:.2e} "
                f"over {samples} samples; {o} came {counts[worst]} times, "
                f"expected {p * samples:.1f}"
            )


def resample_problem(
    state: State,
    player: int,
    rng: np.random.Generator,
    view: dict[str, Any] | None = None,
) -> str | None:
    """What is wrong with a world ``state.resample_hidden(player, rng)``
    draws, or ``None``: it must be a copy that leaves the original as it
    was, show ``player`` the same view (``view``, if given, is
    ``state.view(player)``), have the same player to move, give that player
    at least one legal action (a chance node at least one outcome), whoever
    he is, and give ``player`` the same legal actions when he is to move.
    A world that breaks one of these is one ``player`` could tell from the
    real one, or one no game could have reached.

    >>> from saloon.testing.tiny import dealt
    >>> resample_problem(dealt(3, 1), 1, np.random.default_rng(0)) is None
    True
    """
    key = state.key()
    seen = state.view(player) if view is None else view
    other = state.resample_hidden(player, rng)
    if other is state:
        return f"resample_hidden({player}) returned the state itself, not a copy"
    if state.key() != key:
        return f"resample_hidden({player}) changed the original state"
    if other.view(player) != seen:
        return (
            f"view({player}) leaks hidden information: a state redrawn by "
            f"resample_hidden({player}) shows {player} a different view "
            f"({_difference(seen, other.view(player))})"
        )
    mover = other.to_move
    if mover != state.to_move:
        return f"resample_hidden({player}) changed who is to move"
    if mover is None:
        return None
    if mover == CHANCE:
        if not other.chance_outcomes():
            return f"resample_hidden({player}) leaves the chance node no outcome (a dead end)"
        return None
    legal = other.legal_actions()
    if not legal:
        return (
            f"resample_hidden({player}) leaves player {mover}, to move, no legal action "
            "(a dead end: the redrawn world breaks what was announced)"
        )
    if mover == player and list(legal) != list(state.legal_actions()):
        return f"resample_hidden({player}) changed the legal actions of player {player}"
    return None


def check_game(
    game: Game | str,
    options: Options | None = None,
    games: int = 200,
    seed: int = 0,
    *,
    variant: str | None = None,
) -> ConformanceReport:
    """Play ``games`` seeded random games of ``game`` under ``options`` and
    check the core contract at every state (see the module docstring).

    Raises :class:`AssertionError` with a precise message on the first
    violation; otherwise returns a report of what was checked.

    >>> report = check_game("shootout", games=5)
    >>> report.games, report.states > 50
    (5, True)
    """
    if isinstance(game, str):
        game = get_game(game)
    options = game.options(options)
    label = variant if variant is not None else options.describe()
    checker = _Checker(game, options, label, seed)
    start = time.perf_counter()
    counts = _player_counts(game, options)
    for i in range(games):
        checker.play(i, counts[i % len(counts)])
    checker.report.seconds = time.perf_counter() - start
    return checker.report


def _player_counts(game: Game, options: Options) -> list[int | None]:
    lo, hi = game.player_range(options)
    if lo == hi:
        return [None]
    return list(range(lo, min(hi, lo + 3) + 1))


def _registered(game: Game) -> bool:
    try:
        return get_game(game.id) is game
    except SaloonError:
        return False


def _replay(game: Game, record: GameRecord) -> State:
    """Replay a record of a game that is not (or not so) registered."""
    state = game.new_state(game.options_from_dict(record.options), record.num_players)
    for by, text in record.moves:
        if state.to_move != by:
            raise AssertionError(f"move {text!r} is by {by}, but {state.to_move} is to move")
        state.apply(game.parse_action(text))
    return state


def _difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    for k in sorted(set(a) | set(b), key=str):
        if a.get(k) != b.get(k):
            return f"{k}: {a.get(k)!r} vs {b.get(k)!r}"
    return "same keys and values"

"""Agents: the generic ones (``random``, ``mcts``, ``expectimax``, ``policy``) and the registry.

An agent is named by a spec, a name with optional parameters:
``"random"``, ``"mcts:iterations=200,c=1.4"``, ``"expectimax:depth=3"``,
``"mcts:rollout=heuristic,top=6,max_depth=40"`` (MCTS whose rollouts the
game's ``heuristic`` plays, cut after 40 steps, each node narrowed to the
heuristic's six best actions; see :class:`MCTSAgent`),
``"policy:file=duel.npz"`` (a trained table of action values;
see :mod:`saloon.agents.policy`).
The names are the generic agents plus the game's own (``Game.agents()``,
e.g. a solver or a heuristic); a game's own agent of the same name as a
generic one takes its place.

>>> from saloon.core import get_game
>>> game = get_game("shootout")
>>> make_agent("mcts:iterations=200,c=1.4", game, seed=1).name
'mcts:iterations=200,c=1.4'
>>> make_agent("mcts:iteration=200", game)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saloon.core.errors.OptionError: agent 'mcts' has no parameter 'iteration' (parameters: iter...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from saloon.agents._params import Params, check_numbers, parse_spec
from saloon.agents.expectimax import MAX_STEPS, ExpectimaxAgent
from saloon.agents.mcts import MCTSAgent, RankingAgent
from saloon.agents.policy import PolicyAgent, make_policy_agent
from saloon.agents.random_agent import RandomAgent
from saloon.core.agent import Agent, check_agent, spec_label
from saloon.core.dice import check_seed
from saloon.core.errors import OptionError, UnknownName, shown
from saloon.core.game import AgentFactory, Game
from saloon.core.options import Options

__all__ = [
    "EXPECTIMAX_MAX_DEPTH",
    "EXPECTIMAX_MAX_ROLLOUTS",
    "EXPECTIMAX_MAX_STEPS",
    "GENERIC_AGENTS",
    "LOCAL_AGENTS",
    "MCTS_MAX_ITERATIONS",
    "MCTS_MAX_SECONDS",
    "MCTS_MAX_TOP",
    "ExpectimaxAgent",
    "MCTSAgent",
    "PolicyAgent",
    "RandomAgent",
    "RankingAgent",
    "agent_names",
    "make_agent",
    "parse_spec",
    "reads_local_files",
]


def _random(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    Params("random", params, ())
    return RandomAgent(seed=seed, name=spec_label("random", params))


#: Saloon's limits on the search agents' knobs (docs/hardening.md): a
#: search asked for more is refused when the agent is made, never left to
#: run for hours or fill the memory.
MCTS_MAX_ITERATIONS = 1_000_000
MCTS_MAX_SECONDS = 3600.0
MCTS_MAX_TOP = 1000
MCTS_MAX_STEPS = 1_000_000_000
EXPECTIMAX_MAX_DEPTH = 10
EXPECTIMAX_MAX_ROLLOUTS = 1000
EXPECTIMAX_MAX_STEPS = 100_000_000


def _mcts(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    p = Params(
        "mcts",
        params,
        (
            "iterations",
            "seconds",
            "c",
            "max_depth",
            "rollout",
            "top",
            "reuse",
            "paired",
            "z",
            "keyed",
            "margin",
            "steps",
            "flat",
            "look",
            "indifference",
            "bar",
            "confirm",
        ),
    )
    seconds = p.optional_float("seconds", maximum=MCTS_MAX_SECONDS)
    if seconds is not None and seconds <= 0:
        raise p.bad("seconds", f"a positive number of at most {MCTS_MAX_SECONDS:g}")
    steps = p.optional_int("steps", minimum=1, maximum=MCTS_MAX_STEPS)
    iterations = p.optional_int("iterations", minimum=1, maximum=MCTS_MAX_ITERATIONS)
    if iterations is None:
        # A time or work budget alone still stops at the most iterations (memory).
        iterations = 500 if seconds is None and steps is None else MCTS_MAX_ITERATIONS
    rollout = _rollout_agent(game, p)
    top = p.optional_int("top", minimum=1, maximum=MCTS_MAX_TOP)
    if top is not None and not _ranks(game, rollout):
        raise p.bad(
            "top",
            f"given with a rollout agent that ranks its actions (rollout={rollout} does not)",
        )
    return MCTSAgent(
        iterations=iterations,
        seconds=seconds,
        c=p.get_float("c", 1.4, maximum=100.0),
        max_depth=p.optional_int("max_depth", minimum=0, maximum=MCTS_MAX_ITERATIONS),
        seed=seed,
        name=spec_label("mcts", params),
        rollout=_rollout_factory(game, rollout),
        top=top,
        reuse=bool(p.get_int("reuse", 0, minimum=0, maximum=1)),
        paired=bool(p.get_int("paired", 0, minimum=0, maximum=1)),
        z=p.get_float("z", 0.0, maximum=100.0),
        keyed=_keyed(p),
        margin=p.get_float("margin", 0.0, maximum=100.0),
        steps=steps,
        flat=bool(p.get_int("flat", 0, minimum=0, maximum=1)),
        look=_look(p),
        indifference=_indifference(p),
        bar=_bar(p),
        confirm=_confirm(p),
    )


def _confirm(p: Params) -> int:
    """``confirm``: fresh sweeps that measure a ``paired`` search's departure again."""
    confirm = p.get_int("confirm", 0, minimum=0, maximum=MCTS_MAX_ITERATIONS)
    if confirm and not p.get_int("paired", 0, minimum=0, maximum=1):
        raise p.bad("confirm", "given only with paired=1 (it measures a paired departure again)")
    return confirm


def _bar(p: Params) -> float:
    """``bar``: the gain a departure of a ``paired`` search with a ``z`` must surely clear."""
    bar = p.get_float("bar", 0.0, maximum=100.0)
    if "bar" in p.raw and not (
        p.get_int("paired", 0, minimum=0, maximum=1) and p.get_float("z", 0.0)
    ):
        raise p.bad("bar", "given only with paired=1 and a z above 0 (it tests their sweeps)")
    return bar


def _indifference(p: Params) -> float:
    """``indifference``: the gain too small to look for, for a search that ``look``s."""
    indifference = p.get_float("indifference", 0.0, maximum=100.0)
    if "indifference" in p.raw and not p.get_int("look", 0, minimum=0):
        raise p.bad("indifference", "given only with look (it settles a look's test)")
    return indifference


def _look(p: Params) -> int:
    """``look``: sweeps between the tests that may stop a ``paired`` search with a ``z``."""
    look = p.get_int("look", 0, minimum=0, maximum=MCTS_MAX_ITERATIONS)
    if look and not (p.get_int("paired", 0, minimum=0, maximum=1) and p.get_float("z", 0.0)):
        raise p.bad("look", "given only with paired=1 and a z above 0 (it tests their sweeps)")
    return look


def _keyed(p: Params) -> bool:
    """``keyed``: dice keyed to the event they roll, for ``paired`` sweeps only."""
    keyed = bool(p.get_int("keyed", 0, minimum=0, maximum=1))
    if keyed and not p.get_int("paired", 0, minimum=0, maximum=1):
        raise p.bad("keyed", "given only with paired=1 (it keys the dice of a paired sweep)")
    return keyed


def _rollout_agent(game: Game, p: Params) -> str:
    """The name of the agent that plays MCTS's rollouts: ``random`` (the
    default) or any other agent of the game but a search of its own or a
    policy (which needs its file)."""
    name = p.raw.get("rollout", "random")
    allowed = [n for n in agent_names(game) if n not in _NOT_ROLLOUTS]
    if name not in allowed:
        raise p.bad("rollout", f"an agent of {game.id} other than a search: {', '.join(allowed)}")
    return name


def _rollout_factory(game: Game, name: str) -> Callable[[int], Agent] | None:
    """What makes the rollout agent from a seed; ``None`` for the generic
    ``random`` (MCTS's own uniformly random playouts)."""
    if name == "random" and "random" not in game.agents():
        return None

    def make(seed: int) -> Agent:
        return make_agent(name, game, seed=seed)

    return make


def _ranks(game: Game, name: str) -> bool:
    """Whether agent ``name`` of ``game`` orders its choices (``ranked``)."""
    return isinstance(make_agent(name, game, seed=0), RankingAgent)


def _expectimax(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    p = Params("expectimax", params, ("depth", "rollouts", "steps"))
    return ExpectimaxAgent(
        depth=p.get_int("depth", 2, minimum=1, maximum=EXPECTIMAX_MAX_DEPTH),
        rollouts=p.get_int("rollouts", 8, minimum=0, maximum=EXPECTIMAX_MAX_ROLLOUTS),
        steps=p.get_int("steps", MAX_STEPS, minimum=1, maximum=EXPECTIMAX_MAX_STEPS),
        seed=seed,
        name=spec_label("expectimax", params),
    )


#: The agents that work on every game, by name.
GENERIC_AGENTS: Mapping[str, AgentFactory] = {
    "random": _random,
    "mcts": _mcts,
    "expectimax": _expectimax,
    "policy": make_policy_agent,
}

#: The agents that may not play MCTS's rollouts: searches themselves (a
#: search in every step of every rollout, or MCTS within MCTS; a game's
#: search ``advisor``), and a policy read from a file (a rollout agent is
#: named without parameters).
_NOT_ROLLOUTS = frozenset({"mcts", "expectimax", "policy", "advisor"})

#: The agents that read a file on this machine (``policy:file=PATH``):
#: for the command line and the library, never offered by the web server,
#: whose visitors must not name the server's files.
LOCAL_AGENTS = frozenset({"policy"})


def reads_local_files(spec: str) -> bool:
    """Whether the agent ``spec`` names reads a file on this machine.

    >>> reads_local_files("policy:file=duel.npz"), reads_local_files("mcts:iterations=9")
    (True, False)
    """
    return parse_spec(spec)[0] in LOCAL_AGENTS


def _factories(game: Game) -> dict[str, AgentFactory]:
    return {**GENERIC_AGENTS, **game.agents()}


def agent_names(game: Game, *, local_files: bool = True) -> list[str]:
    """Every agent name usable with ``game``: the generic ones, then the
    game's own; without those that read a file on this machine
    (:data:`LOCAL_AGENTS`) when ``local_files`` is false (the web server's
    list).

    >>> from saloon.core import get_game
    >>> agent_names(get_game("shootout"))
    ['random', 'mcts', 'expectimax', 'policy', 'heuristic', 'solver']
    >>> agent_names(get_game("shootout"), local_files=False)
    ['random', 'mcts', 'expectimax', 'heuristic', 'solver']
    """
    own = [n for n in game.agents() if n not in GENERIC_AGENTS]
    names = [*GENERIC_AGENTS, *sorted(own)]
    return names if local_files else [n for n in names if n not in LOCAL_AGENTS]


def make_agent(
    spec: str,
    game: Game,
    seed: int | None = None,
    options: Options | None = None,
    *,
    local_files: bool = True,
) -> Agent:
    """The agent named by ``spec`` (``name`` or ``name:key=value,...``) for ``game``.

    Raises :class:`~saloon.core.errors.UnknownName` for an unknown name and
    :class:`~saloon.core.errors.OptionError` for none (an empty spec) or a
    bad parameter, each listing what is known. With ``options``, an agent
    that cannot play that variant (:func:`~saloon.core.agent.check_agent`)
    is refused here, before the game starts; a bad ``seed`` is refused too.

    >>> from saloon.core import get_game
    >>> make_agent("robot", get_game("shootout"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.UnknownName: no agent called 'robot' for shootout (agents: random, mcts, ...)
    >>> make_agent("", get_game("shootout"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: agent spec '' has no agent name (agents: random, mcts, ...)

    With ``local_files=False`` (a server, whose visitors must not name its
    files) an agent that reads a file on this machine (:data:`LOCAL_AGENTS`)
    is refused as :class:`~saloon.core.errors.UnknownName` before anything
    is read, and every message lists only the other agents.

    >>> make_agent("policy:file=duel.npz", get_game("shootout"), local_files=False)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.UnknownName: agent 'policy' reads a file on this machine and cannot sit ...
    """
    names = ", ".join(agent_names(game, local_files=local_files))
    if not spec.strip().partition(":")[0].strip():
        raise OptionError(f"agent spec {shown(spec)} has no agent name (agents: {names})")
    name, params = parse_spec(spec)
    if not local_files and name in LOCAL_AGENTS:
        raise UnknownName(
            f"agent {shown(name)} reads a file on this machine and cannot sit here "
            f"(agents: {names})"
        )
    factories = _factories(game)
    factory = factories.get(name)
    if factory is None:
        raise UnknownName(f"no agent called {shown(name)} for {game.id} (agents: {names})")
    check_seed(seed)
    agent = factory(game, seed, params)
    check_numbers(params)
    if options is not None:
        check_agent(agent, game.options(options))
    return agent

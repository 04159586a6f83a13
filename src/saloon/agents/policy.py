"""A trained tabular policy as a Saloon agent: ``policy:file=PATH``.

Learning code (through the Gymnasium, PettingZoo or OpenSpiel adapters)
ends with a table: for each observation it met, a value for each action id.
Saved in Saloon's policy file, that table plays in Saloon like any other
agent (``saloon arena``, ``saloon play``, ``saloon simulate``).

The policy file
---------------

An ``.npz`` archive (NumPy's zip of arrays, no pickled objects), written by
:func:`save_policy`:

================  ============  =============================================
array             shape, type   meaning
================  ============  =============================================
``format``        (), str       ``"saloon-policy/1"``: this format, version 1
``game``          (), str       the game id (``"shootout"``)
``options``       (), str       the variant: JSON of ``Options.to_dict()``
``players``       (), integer   the number of players
``observations``  (N, D) float  row ``i``: an observation vector, exactly as
                                ``game.encoding(options, players)
                                .observation(state, seat)`` makes it (D is
                                the encoding's observation size)
``values``        (N, A) float  row ``i``: a value for each action id at
                                observation ``i``, higher is better (A is the
                                encoding's ``num_actions``; the values of ids
                                not legal there are never read)
================  ============  =============================================

No two rows hold the same observation, and no value is NaN. Saloon keeps
the observations as ``float32``, the encoding's own type, and looks them up
exactly (``-0.0`` reads as ``0.0``).

The agent
---------

At each decision :class:`PolicyAgent` makes the observation of the seat to
move, finds its row, and plays the legal action id of highest value, ties
broken by its seed. An observation the file does not hold is played by the
**fallback** agent: ``fallback=random`` (uniformly random legal play) by
default, or any other agent of the game named by ``fallback=NAME``
(``policy:file=duel.npz,fallback=heuristic``). The agent counts its
decisions and how many met an unseen observation (:attr:`PolicyAgent.decisions`,
:attr:`PolicyAgent.unseen`).

A file is read once per process (:func:`load_policy` caches it by path,
size and modification time), so an arena of thousands of games reads it
once in each of its processes. A file that is missing, unreadable, corrupt, of the wrong shape, for
another game or for other options is refused with one
:class:`PolicyFileError` line naming the file and the problem, when the
agent is made or seated, never in the middle of a game.

>>> import numpy as np
>>> from pathlib import Path
>>> from tempfile import TemporaryDirectory
>>> from saloon.core import get_game
>>> game = get_game("shootout")
>>> state = game.new_state()
>>> state.apply(game.parse_action("first p2")); state.apply(game.parse_action("card 5"))
>>> enc = game.encoding(state.options)
>>> values = np.array([[0.0, 0.2, 0.9, 0.5]], dtype=np.float32)  # retreat, move, colt, winchester
>>> with TemporaryDirectory() as tmp:
...     path = Path(tmp) / "duel.npz"
...     save_policy(path, game, state.options, 2, enc.observation(state, 1)[None, :], values)
...     agent = make_policy_agent(game, 7, {"file": str(path)})
...     str(agent.choose(state)), agent.decisions, agent.unseen
('colt', 1, 0)
"""

from __future__ import annotations

import json
import os
import stat
import zipfile
import zlib
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from threading import Lock
from typing import Any

import numpy as np
import numpy.typing as npt

from saloon.core.action import Action
from saloon.core.agent import Agent, check_agent, spec_label
from saloon.core.encoding import Encoding
from saloon.core.errors import OptionError, SaloonError, printable, shown
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.state import CHANCE, State

__all__ = [
    "FORMAT",
    "MAX_POLICY_BYTES",
    "Policy",
    "PolicyAgent",
    "PolicyFileError",
    "load_policy",
    "make_policy_agent",
    "save_policy",
]

#: The ``format`` array of a policy file of this version.
FORMAT = "saloon-policy/1"
#: The most bytes a policy file's arrays may take once unpacked (Saloon's
#: limit, docs/hardening.md): a table of millions of observations fits.
MAX_POLICY_BYTES = 1 << 30
#: The arrays of a policy file, in the order they are checked.
ARRAYS = ("format", "game", "options", "players", "observations", "values")
#: The policy files kept in memory by :func:`load_policy`.
CACHED_FILES = 8

Floats = npt.NDArray[np.float32]


class PolicyFileError(SaloonError):
    """A policy file that cannot be played: missing, unreadable, corrupt,
    of the wrong shape, or made for another game or other options."""


class Policy:
    """A policy file's table, read and checked (:func:`load_policy`).

    ``observations`` and ``values`` are read-only ``float32`` arrays;
    :meth:`row` finds an observation's row.
    """

    def __init__(
        self,
        path: str,
        game: Game,
        options: Options,
        players: int,
        encoding: Encoding,
        observations: Floats,
        values: Floats,
    ) -> None:
        self.path = path
        self.game = game
        self.options = options
        self.players = players
        #: The game's encoding for ``options`` and ``players``.
        self.encoding = encoding
        self.observations = observations
        self.values = values
        self._rows: dict[bytes, int] = {}
        for i, obs in enumerate(observations):
            key = obs.tobytes()
            first = self._rows.setdefault(key, i)
            if first != i:
                raise PolicyFileError(
                    f"policy file {printable(path)} holds the same observation twice "
                    f"(rows {first} and {i})"
                )

    def __len__(self) -> int:
        return len(self._rows)

    def row(self, observation: npt.ArrayLike) -> int | None:
        """The row of ``observation``, or ``None`` if the file does not hold it."""
        return self._rows.get(_key(observation))

    def best_id(
        self, observation: npt.ArrayLike, legal_ids: npt.ArrayLike, rng: np.random.Generator
    ) -> int | None:
        """The legal id of highest value at ``observation`` (ties broken by
        ``rng``), or ``None`` if the file does not hold the observation."""
        row = self.row(observation)
        if row is None:
            return None
        legal = np.asarray(legal_ids, dtype=np.intp)
        if legal.size == 0:
            raise SaloonError("no legal action id to choose from")
        values = self.values[row, legal]
        best = legal[values == values.max()]
        if len(best) == 1:
            return int(best[0])
        return int(best[rng.integers(len(best))])

    def __repr__(self) -> str:
        return (
            f"<Policy {printable(self.path)}: {self.game.id} ({self.options.describe()}), "
            f"{len(self)} observations>"
        )


def _key(observation: npt.ArrayLike) -> bytes:
    """An observation as the bytes it is looked up by: ``float32``, with
    ``-0.0`` written as ``0.0``."""
    obs = np.ascontiguousarray(observation, dtype=np.float32) + np.float32(0.0)
    return obs.tobytes()


# -- reading -------------------------------------------------------------------------------

_cache: OrderedDict[tuple[str, int, int], Policy] = OrderedDict()
_cache_lock = Lock()


def load_policy(path: str | os.PathLike[str]) -> Policy:
    """The policy in the file at ``path``, read and checked once per
    process (again only if the file changes). Raises
    :class:`PolicyFileError` naming the file and what is wrong with it.

    >>> load_policy("no-such-policy.npz")
    Traceback (most recent call last):
    ...
    saloon.agents.policy.PolicyFileError: policy file no-such-policy.npz: no such file
    """
    name = os.fspath(path)
    shown_name = printable(name)
    try:
        real = os.path.realpath(name)
        info = os.stat(real)
    except FileNotFoundError:
        raise PolicyFileError(f"policy file {shown_name}: no such file") from None
    except (OSError, ValueError) as exc:
        raise PolicyFileError(f"policy file {shown_name} cannot be read ({_reason(exc)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise PolicyFileError(f"policy file {shown_name} is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise PolicyFileError(f"policy file {shown_name} is not a regular file")
    key = (real, info.st_mtime_ns, info.st_size)
    with _cache_lock:
        policy = _cache.get(key)
        if policy is not None:
            _cache.move_to_end(key)
            return policy
    policy = _read(name, real)
    with _cache_lock:
        _cache[key] = policy
        while len(_cache) > CACHED_FILES:
            _cache.popitem(last=False)
    return policy


def _reason(exc: BaseException) -> str:
    text = str(getattr(exc, "strerror", None) or exc or type(exc).__name__).rstrip(".")
    return text[:1].lower() + text[1:]


def _read(name: str, real: str) -> Policy:
    where = f"policy file {printable(name)}"
    try:
        with zipfile.ZipFile(real) as archive:
            members = {m.filename: m.file_size for m in archive.infolist()}
    except zipfile.BadZipFile:
        raise PolicyFileError(f"{where} is not a policy file (not an .npz archive)") from None
    except OSError as exc:
        raise PolicyFileError(f"{where} cannot be read ({_reason(exc)})") from None
    missing = [a for a in ARRAYS if f"{a}.npy" not in members]
    if missing:
        raise PolicyFileError(
            f"{where} is not a policy file: it lacks {', '.join(missing)} "
            f"(a policy file holds {', '.join(ARRAYS)})"
        )
    size = sum(members[f"{a}.npy"] for a in ARRAYS)
    if size > MAX_POLICY_BYTES:
        raise PolicyFileError(
            f"{where} is too big: {size:,} bytes unpacked (at most {MAX_POLICY_BYTES:,})"
        )
    arrays: dict[str, np.ndarray[Any, Any]] = {}
    try:
        with np.load(real, allow_pickle=False) as npz:
            for a in ARRAYS:
                arrays[a] = np.asarray(npz[a])
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile, zlib.error) as exc:
        if "allow_pickle" in str(exc):
            raise PolicyFileError(
                f"{where} holds pickled Python objects, which Saloon never loads"
            ) from None
        raise PolicyFileError(f"{where} is corrupt ({_reason(exc)})") from None
    return _checked(name, arrays)


def _text(where: str, arrays: Mapping[str, np.ndarray[Any, Any]], a: str) -> str:
    value = arrays[a]
    if value.shape != () or value.dtype.kind != "U":
        raise PolicyFileError(f"{where}: '{a}' must be one string, not an array {value.shape}")
    return str(value[()])


def _checked(name: str, arrays: Mapping[str, np.ndarray[Any, Any]]) -> Policy:
    """A :class:`Policy` from a file's arrays, every one checked."""
    from saloon.core.registry import get_game

    where = f"policy file {printable(name)}"
    fmt = _text(where, arrays, "format")
    if fmt != FORMAT:
        raise PolicyFileError(f"{where} is in format {shown(fmt)}; Saloon reads {FORMAT!r}")
    game_id = _text(where, arrays, "game")
    try:
        game = get_game(game_id)
    except SaloonError:
        raise PolicyFileError(
            f"{where} is for a game Saloon does not know: {shown(game_id)}"
        ) from None
    text = _text(where, arrays, "options")
    try:
        stored = json.loads(text)
    except ValueError:
        raise PolicyFileError(f"{where}: its options are not JSON: {shown(text)}") from None
    if not isinstance(stored, dict):
        raise PolicyFileError(f"{where}: its options are not a JSON object: {shown(text)}")
    try:
        options = game.options_from_dict(stored)
    except (ValueError, TypeError) as exc:
        raise PolicyFileError(f"{where} holds options {game.id} refuses ({exc})") from None
    players = arrays["players"]
    if players.shape != () or players.dtype.kind not in "iu":
        raise PolicyFileError(f"{where}: 'players' must be one whole number")
    n = int(players)
    lo, hi = game.player_range(options)
    if not lo <= n <= hi:
        takes = str(lo) if lo == hi else f"{lo} to {hi}"
        raise PolicyFileError(f"{where} is for {n} players; {game.id} takes {takes}")
    try:
        encoding = game.encoding(options, n)
    except SaloonError as exc:
        raise PolicyFileError(f"{where}: {exc}") from None
    width = encoding.observation_shape[0]
    observations = _table(where, arrays, "observations", width, "the observation size")
    values = _table(where, arrays, "values", encoding.num_actions, "the number of action ids")
    if len(observations) != len(values):
        raise PolicyFileError(
            f"{where} has {len(observations)} observation rows but {len(values)} value rows"
        )
    if not np.isfinite(observations).all():
        raise PolicyFileError(f"{where} holds an observation that is not a finite number")
    if np.isnan(values).any():
        raise PolicyFileError(f"{where} holds a value that is NaN")
    observations += np.float32(0.0)  # -0.0 reads as 0.0
    observations.flags.writeable = False
    values.flags.writeable = False
    return Policy(name, game, options, n, encoding, observations, values)


def _table(
    where: str, arrays: Mapping[str, np.ndarray[Any, Any]], a: str, width: int, what: str
) -> Floats:
    value = arrays[a]
    if value.dtype.kind not in "biuf":
        kind = "text" if value.dtype.kind in "US" else str(value.dtype)
        raise PolicyFileError(f"{where}: '{a}' must hold numbers, not {kind}")
    if value.ndim != 2 or value.shape[1] != width:
        raise PolicyFileError(
            f"{where}: '{a}' has shape {value.shape}; it must be (rows, {width}), "
            f"{width} being {what} of this game and variant"
        )
    out = value.astype(np.float32)
    if a == "observations" and not np.array_equal(out, value):
        raise PolicyFileError(f"{where}: '{a}' holds numbers that are not exact as float32")
    return out


# -- writing -------------------------------------------------------------------------------


def save_policy(
    path: str | os.PathLike[str],
    game: Game,
    options: Options,
    players: int,
    observations: npt.ArrayLike,
    values: npt.ArrayLike,
) -> None:
    """Write a policy file (the format in this module's docstring) to
    ``path``: the rows are checked as :func:`load_policy` checks them, and
    the file is replaced whole, never left half written."""
    name = os.fspath(path)
    arrays: dict[str, np.ndarray[Any, Any]] = {
        "format": np.array(FORMAT),
        "game": np.array(game.id),
        "options": np.array(json.dumps(options.to_dict(), sort_keys=True)),
        "players": np.array(players, dtype=np.int64),
        "observations": np.asarray(observations, dtype=np.float32),
        "values": np.asarray(values, dtype=np.float32),
    }
    _checked(name, arrays)
    target = Path(name)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as out:
            np.savez_compressed(
                out,
                format=arrays["format"],
                game=arrays["game"],
                options=arrays["options"],
                players=arrays["players"],
                observations=arrays["observations"],
                values=arrays["values"],
            )
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# -- the agent -----------------------------------------------------------------------------


class PolicyAgent:
    """Plays a :class:`Policy`: the legal id of highest value at the seat's
    observation, ties broken by its seed; an observation the policy does
    not hold is played by ``fallback`` (uniformly random legal play when
    ``None``)."""

    def __init__(
        self,
        policy: Policy,
        seed: int | np.random.SeedSequence | None = None,
        fallback: Agent | None = None,
        name: str = "policy",
    ) -> None:
        self.policy = policy
        self.name = name
        self.rng = np.random.default_rng(seed)
        self.fallback = fallback
        #: Decisions made, and how many of them met an observation the
        #: policy does not hold (played by the fallback).
        self.decisions = 0
        self.unseen = 0

    def check_options(self, options: Options) -> None:
        """Refuse, when the seats are chosen, a variant the policy was not
        trained on (its observations would never match)."""
        mine = self.policy.options
        if options != mine:
            raise PolicyFileError(
                f"policy file {printable(self.policy.path)} was trained on "
                f"{self.policy.game.id} ({mine.describe()}), not ({options.describe()})"
            )
        if self.fallback is not None:
            check_agent(self.fallback, options)

    def choose(self, state: State) -> Action:
        mover = state.to_move
        if mover is None or mover == CHANCE:
            raise SaloonError("the policy chooses only for a player to move")
        policy = self.policy
        if (
            state.game.id != policy.game.id
            or state.options != policy.options
            or state.num_players != policy.players
        ):
            raise PolicyFileError(
                f"policy file {printable(policy.path)} is for {policy.game.id} "
                f"({policy.options.describe()}, {policy.players} players), not this game"
            )
        enc = policy.encoding
        self.decisions += 1
        legal = enc.legal_ids(state)
        best = policy.best_id(enc.observation(state, mover), legal, self.rng)
        if best is None:
            self.unseen += 1
            if self.fallback is not None:
                return self.fallback.choose(state)
            best = legal[int(self.rng.integers(len(legal)))]
        return enc.action(state, best)


def make_policy_agent(game: Game, seed: int | None, params: Mapping[str, str]) -> Agent:
    """The ``policy`` agent of a spec's parameters: ``file`` (required),
    ``fallback`` (an agent name of the game; ``random`` by default)."""
    from saloon.agents import agent_names, make_agent
    from saloon.agents._params import Params

    p = Params("policy", params, ("file", "fallback"))
    if "file" not in p.raw:
        raise OptionError("agent 'policy' needs the file it plays: policy:file=PATH")
    policy = load_policy(p.raw["file"])
    if policy.game.id != game.id:
        raise PolicyFileError(
            f"policy file {printable(p.raw['file'])} is for {policy.game.id}, not {game.id}"
        )
    fallback_name = p.raw.get("fallback", "random")
    allowed = [n for n in agent_names(game) if n != "policy"]
    if fallback_name not in allowed:
        raise p.bad("fallback", f"an agent of {game.id} other than policy: {', '.join(allowed)}")
    own, other = np.random.SeedSequence(seed).spawn(2)
    fallback = make_agent(fallback_name, game, seed=int(other.generate_state(1)[0]))
    return PolicyAgent(policy, own, fallback, spec_label("policy", params))

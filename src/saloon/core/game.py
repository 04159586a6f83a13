"""A game: its declaration (players, chance, bounds), options and notation.

Like OpenSpiel's ``GameType`` and ``GameInfo``, every Saloon game declares
up front what kind of game it is, so generic code (agents, the conformance
suite, adapters) can rely on it: how many players, whether there is chance,
whether information is hidden, the range of the returns, and the longest a
game can last.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from saloon.core.action import Action
from saloon.core.errors import OptionError, SaloonError, shown
from saloon.core.options import Options

if TYPE_CHECKING:
    from rich.console import RenderableType

    from saloon.core.advice import Advice
    from saloon.core.agent import Agent
    from saloon.core.encoding import Encoding
    from saloon.core.state import State
    from saloon.core.tally import BatchEngine


@dataclass(frozen=True)
class GameInfo:
    """What a game declares about itself for one set of options."""

    id: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    perfect_information: bool
    zero_sum: bool
    min_return: float
    max_return: float
    max_length: int
    """No game lasts more steps (decisions plus chance outcomes) than this."""


#: A game's own agents: name -> factory(game, seed, params) -> Agent.
AgentFactory = Callable[["Game", int | None, Mapping[str, str]], "Agent"]


class Game(ABC):
    """Base of every game. One instance per game, registered under its id."""

    id: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str]
    """The rulebook file this game implements, for citations and ``rules``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    chance: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = True
    zero_sum: ClassVar[bool] = False
    options_type: ClassVar[type[Options]] = Options
    #: Whether more than ``max_players`` seats play a round robin of games.
    round_robin: ClassVar[bool] = False
    #: What :meth:`batch_engine` plays, in a few words ("" if nothing).
    batch_note: ClassVar[str] = ""

    # -- declaration -----------------------------------------------------------

    def info(self, options: Options | None = None) -> GameInfo:
        options = self.options(options)
        lo, hi = self.returns_bounds(options)
        fewest, most = self.player_range(options)
        return GameInfo(
            id=self.id,
            title=self.title,
            min_players=fewest,
            max_players=most,
            chance=self.chance,
            perfect_information=self.perfect_information,
            zero_sum=self.is_zero_sum(options),
            min_return=lo,
            max_return=hi,
            max_length=self.max_length(options),
        )

    def is_zero_sum(self, options: Options | None = None) -> bool:
        """Whether the returns under ``options`` always add up to zero; by
        default the game's ``zero_sum``. A game with a cooperative mode,
        where the table wins or loses together, says no for it.

        >>> from saloon.core import get_game
        >>> get_game("shootout").is_zero_sum()
        True
        """
        return self.zero_sum

    def player_range(self, options: Options | None = None) -> tuple[int, int]:
        """The fewest and the most players a game under ``options`` takes;
        by default the game's ``min_players`` and ``max_players``. A game
        whose options fix the count (a scenario with three sides) narrows it.

        >>> from saloon.core import get_game
        >>> get_game("shootout").player_range()
        (2, 2)
        """
        return (self.min_players, self.max_players)

    @abstractmethod
    def returns_bounds(self, options: Options) -> tuple[float, float]:
        """The least and greatest value any player's return can take."""

    @abstractmethod
    def max_length(self, options: Options) -> int:
        """An upper bound on the steps (actions plus outcomes) of one game."""

    def variants(self) -> Mapping[str, Options]:
        """Named option sets that the conformance suite covers, default first."""
        return {"default": self.options_type()}

    def variant_info(self, name: str) -> tuple[str, str]:
        """A variant's title and a line saying what it is, for the lobby and
        the table's heading; by default its name in words and no line.

        >>> from saloon.core.game import Game
        >>> Game.variant_info(None, "short-street")  # type: ignore[arg-type]
        ('Short street', '')
        """
        return name.replace("-", " ").replace("_", " ").capitalize(), ""

    def variant_of(self, options: Options) -> str | None:
        """The name of the variant these options are, if any (the first
        whose options they equal)."""
        return next((n for n, o in self.variants().items() if o == options), None)

    def seat_names(self, options: Options, num_players: int) -> list[str]:
        """What each seat plays, in a few words (a Cowboys side: "Hickok");
        by default "Player 1", "Player 2"...

        >>> from saloon.core import get_game
        >>> get_game("shootout").seat_names(get_game("shootout").options(), 2)
        ['Player 1', 'Player 2']
        """
        return [f"Player {i + 1}" for i in range(num_players)]

    # -- construction ----------------------------------------------------------

    def options(self, options: Options | None = None) -> Options:
        """``options``, or the defaults; refuses another game's options."""
        if options is None:
            return self.options_type()
        if not isinstance(options, self.options_type):
            raise TypeError(f"{self.id} takes {self.options_type.__name__}, not {type(options)}")
        return options

    def parse_options(self, pairs: list[str] | tuple[str, ...] = ()) -> Options:
        """Options from ``key=value`` strings (repeated ``-o``), ``variant=NAME``
        included (see :meth:`options_from_dict`)."""
        values: dict[str, object] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"option {shown(pair)} is not of the form key=value")
            values[key.strip()] = value.strip()
        return self.options_from_dict(values)

    def options_from_dict(self, values: Mapping[str, object]) -> Options:
        """Options from a mapping; ``variant`` may name any of :meth:`variants`
        (as ``saloon games`` lists them): its options are the base, the other
        values given apply on top."""
        values = dict(values)
        name = values.get("variant")
        variants = self.variants()
        has_field = "variant" in {f.name for f in dataclasses.fields(self.options_type)}
        if isinstance(name, str) and name in variants:
            base = dict(variants[name].changed())
            if not has_field or "variant" not in base:
                values.pop("variant")
            return self.options_type.from_mapping({**base, **values})
        if name is not None and not has_field:
            known = ", ".join(variants)
            raise OptionError(f"no variant {shown(name)} of {self.id} (variants: {known})")
        return self.options_type.from_mapping(values)

    @abstractmethod
    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        """The state before anything has happened (often a chance node)."""

    # -- notation ----------------------------------------------------------------

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action or outcome from its notation (the inverse of ``str``).

        Raises :class:`~saloon.core.errors.NotationError` on unreadable text.
        """

    def action_space(self, options: Options) -> tuple[Sequence[str], Sequence[str]] | None:
        """Every action and every chance outcome the game can ever offer
        under ``options``, in notation (for adapters that number actions,
        such as OpenSpiel's), or ``None`` if the game does not list them."""
        return None

    def encoding(self, options: Options | None = None, num_players: int | None = None) -> Encoding:
        """The game as numbers for learning code (:mod:`saloon.core.encoding`):
        action ids from the game's structure, a legal mask, an observation
        vector made from a player's view. The adapters (OpenSpiel, Gymnasium,
        PettingZoo) need nothing else from a game; every game declares one.

        >>> from saloon.core import get_game
        >>> get_game("shootout").encoding().num_actions
        4
        """
        raise SaloonError(f"{self.id} declares no encoding, so no adapter can number its actions")

    # -- strategy and rendering ----------------------------------------------------

    def agents(self) -> Mapping[str, AgentFactory]:
        """This game's own agents (heuristics, solvers), by name."""
        return {}

    def scripted_seats(self, options: Options | None = None) -> Mapping[int, str]:
        """The seats a variant's own rules play, each with the spec of the
        agent that plays it (a solitaire scenario's bot side); none by
        default. The table seats them itself, so a person names only the
        others (``saloon play GAME --seat human``).

        >>> from saloon.core import get_game
        >>> dict(get_game("shootout").scripted_seats())
        {}
        """
        return {}

    def rules_help(self, state: State | None = None, options: Options | None = None) -> str:
        """The rules that bear on ``state``'s decision, in Saloon's own words
        with the rulebook section cited; the whole summary when ``state`` is
        ``None``. Games override this; the default names the rulebook."""
        return f"{self.title}: see the rulebook ({self.rulebook})."

    def advise(self, state: State) -> Sequence[tuple[Action, float]] | None:
        """Each legal action's value for the player to move, best first
        (a win probability or an expected score), or ``None`` if this game
        has no advisor."""
        return None

    def advice_note(self, state: State) -> str:
        """What :meth:`advise`'s numbers mean at ``state`` (shown above them),
        or why there is no advice there."""
        return "each choice's value" if self.advise(state) is not None else "no advisor here"

    def advice(self, state: State, scale: float = 1.0) -> Advice | None:
        """The advisor's answer at ``state`` (:mod:`saloon.core.advice`):
        every legal choice valued, best first, with what the values are and
        how sure; ``None`` where there is none (:meth:`advice_note` says
        why). By default :meth:`advise`'s exact chances to win; a game whose
        values are estimates or scores says so here. ``scale`` multiplies a
        search's budget (a review at a smaller or bigger budget); an exact
        advisor ignores it.

        >>> from saloon.core import get_game
        >>> game = get_game("shootout")
        >>> state = game.new_state()
        >>> while state.is_chance:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> answer = game.advice(state)
        >>> answer.kind, answer.exact, len(answer.values) == len(state.legal_actions())
        ('probability', True, True)
        """
        from saloon.core.advice import from_pairs

        pairs = self.advise(state)
        if pairs is None:
            return None
        return from_pairs(pairs, self.advice_note(state))

    def solve(
        self, options: Options | None = None, *, cache: bool = True
    ) -> Mapping[str, Any] | None:
        """Solve the variant exactly, if this game can be solved; a JSON-able
        summary (``first_player_win``, ``states``, ``seconds``...), or ``None``
        if the game has no exact solver. ``cache=False`` keeps nothing of the
        solution (a sweep solving many variants once each)."""
        return None

    def batch_engine(
        self, options: Options, seats: Sequence[tuple[str, Mapping[str, str]]]
    ) -> BatchEngine | None:
        """A fast engine that plays ``seats`` (each an agent's name and its
        parameters, as ``saloon.agents.parse_spec`` splits a spec) at
        ``options``, checked game by game against the reference rules; or
        ``None`` when this game has none for that seating (or its extra is
        missing). See :mod:`saloon.core.tally`."""
        return None

    def render_rich(self, state: State) -> Any:
        """A rich renderable of the state (games override)."""
        return repr(state.view(None))

    #: The kinds of log event (``Event.kind``) a person must not miss: at
    #: the terminal they stay on screen, first of the events told since his
    #: previous decision, until his next one (a card played against him, an
    #: action cancelled, a figure down). None by default.
    notable_events: ClassVar[frozenset[str]] = frozenset()

    def render_screen(
        self, state: State, player: int | None, width: int, height: int
    ) -> RenderableType | None:
        """The board drawn to fit ``height`` lines of ``width`` characters
        at ``player``'s decision, or ``None`` (the default): the table then
        shows :meth:`render_rich` whatever its height.

        The terminal table asks for it when :meth:`render_rich`, the
        decision's menu, the latest events and the prompt do not fit one
        screen together: a game whose drawing is tall gives here what a
        player needs to decide at a glance (a compact map, or the part of
        it around the pieces he may act with, and a few lines of status),
        in no more than ``height`` lines, each no wider than ``width``,
        and says how to see the rest (the table's ``map`` command prints
        :meth:`render_rich`). Like :meth:`render_rich` it draws what
        ``player`` may see.

        >>> from saloon.core import get_game
        >>> game = get_game("shootout")
        >>> game.render_screen(game.new_state(), 0, 80, 24) is None
        True
        """
        return None

    def render_svg(self, state: State, player: int | None = None) -> str:
        """An SVG drawing of what ``player`` may see of the state (``None``:
        a spectator, who sees only what is public). Games override this; a
        game with hidden information must draw no more than
        ``state.view(player)`` holds, since the web table sends this drawing
        to that player's browser."""
        from html import escape

        text = escape(str(state.view(player)))
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="40">'
            f'<text x="4" y="20">{text}</text></svg>'
        )

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

"""Cowboys: The Way of the Gun, a tactical skirmish on square-grid town boards (``cowboys``).

Rulebook: ``cowboys-way-of-the-gun.txt`` (the basic game); binding facts
and rulings: RULINGS.md, Cowboys; Saloon's rulings: ``docs/rulings.md``
(Cowboys: shot chart and cards; boards and geometry; the turn, moves and
shots). Players are the scenario's sides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from saloon.core.action import Action
from saloon.core.errors import ContentError, OptionError, SaloonError
from saloon.core.game import AgentFactory, Game
from saloon.core.options import Options
from saloon.core.state import State
from saloon.games.cowboys.actions import parse_action
from saloon.games.cowboys.board import Town
from saloon.games.cowboys.options import CowboysOptions, rules_in_play
from saloon.games.cowboys.rules.setup import Setup, brawl, from_scenario
from saloon.games.cowboys.rules.state import CowboysState

if TYPE_CHECKING:
    from rich.console import RenderableType

    from saloon.core.advice import Advice
    from saloon.games.cowboys.encoding import CowboysEncoding


#: Steps a figure's action can take at most, not counting card plays: the
#: choice, an answer window per other side, the start window, and per shot
#: (``shots`` at most) a window before it, two rolls (a shotgun) and a
#: window after; with Variable Damage (Advanced Rules) ``flips`` cards a
#: shot (two hits for each of a shotgun's rolls: CW-V10). A fist fight
#: (Advanced Optional Rule 8) takes fewer.
def _per_action(sides: int, shots: int = 2, flips: int = 0) -> int:
    return 1 + (sides - 1) + 1 + shots * (1 + 2 + flips + 1)


#: The most squares a move enters: its own 4, a horse's 4 and a Run card's
#: points (at most 6 by the card file's limits), each square a point at least.
MOST_SQUARES = 14


def most_shots(rules: frozenset[str] | set[str] | tuple[str, ...]) -> int:
    """The most shots one action fires with these Advanced Optional Rules:
    two (Shoot), four with two pistols (Rule 3), six fanning a full pistol
    (Rule 2); two at two targets (Rule 5).

    >>> most_shots(()), most_shots(("two_pistols",)), most_shots(("fan_fire", "two_pistols"))
    (2, 4, 6)
    """
    if "fan_fire" in rules:
        return 6
    return 4 if "two_pistols" in rules else 2


def setup_of(options: CowboysOptions) -> Setup:
    """The setup of the scenario the options name: Saloon's built-in
    ``brawl`` (an engine test bed), a built-in scenario's id, or the path of
    a scenario file (read with the options' boards and cards)."""
    if options.scenario in BUILTIN:
        from saloon.games.cowboys.board import build_town

        town = (
            _saloon_town() if options.boards is None else build_town([["B"]], folder=options.boards)
        )
        return BUILTIN[options.scenario](town)
    from saloon.games.cowboys.board import board_set
    from saloon.games.cowboys.cards import load_deck
    from saloon.games.cowboys.scenario import scenario

    try:
        boards = board_set(options.boards) if options.boards else None
        sc = scenario(options.scenario, boards=boards, deck=load_deck(options.cards))
    except ContentError as exc:
        raise OptionError(str(exc)) from exc
    return from_scenario(sc)


BUILTIN = {"brawl": brawl}


@cache
def _saloon_town() -> Town:
    """The built-in setups' town on Saloon's own board B, built once (so
    the tables geometry derives from it are shared between games)."""
    from saloon.games.cowboys.board import build_town

    return build_town([["B"]])


def max_length_of(setup: Setup, rules: tuple[str, ...] = ()) -> int:
    """An upper bound on a game's steps (ruling CW-T14): the deal; per turn
    and side an ``end``; each figure's action (every standing figure acts at
    most once a part); per card dealt, the answers it can draw and one more
    action (Adrenaline, Friend in Town); with high card (Advanced Optional
    Rule 6) the flips, at most one per card of the deck, and with its die
    table a die per cowboy (CW-A6); with poker (Rule 7) each poker card and
    each draw, at most two per card of the deck (CW-A7); with the activation
    cup a draw per marker and an ``end`` per side each turn (CW-V9); with
    Variable Damage a card flipped per hit, four a shot at most (CW-V10); with
    Reaction Fire a move's windows, a ``pass`` per opposing side at each
    square entered, at most :data:`MOST_SQUARES` a move (a reaction shot is
    the reacting cowboy's action of the turn, counted already: CW-V39). ``rules``:
    the Advanced Optional Rules the options switch on (the scenario's own
    are read here)."""
    from saloon.games.cowboys.cards import DECK_SIZE

    every = (*rules, *setup.optional)
    sides = len(setup.sides)
    figures = sum(len(s.figures) for s in setup.sides)
    cards = sum(s.cards for s in setup.sides)
    per = _per_action(sides, most_shots(every), 4 if "variable_damage" in every else 0)
    if "reaction_fire" in every:
        per += MOST_SQUARES * (sides - 1)
    flips = DECK_SIZE if "high_card" in every else 0
    if "poker_order" in every:
        flips = 2 * DECK_SIZE  # each poker card, and at most one draw per five (CW-A7)
    dice = figures if "random_modifiers" in every else 0
    # The activation cup (Advanced Rules, CW-V9): each turn, a draw per
    # marker (a cowboy's or a side's town folk's) and an ``end`` per side.
    draws = figures + sides if "activation_cup" in every else 0
    return (
        dice
        + flips
        + cards
        + setup.turns * (sides + draws + figures * per)
        + cards * ((sides - 1) + per)
    )


class Cowboys(Game):
    """The game object, registered as ``cowboys``.

    >>> GAME.info().min_return, GAME.info().max_length > 100
    (-1.0, True)
    """

    id = "cowboys"
    title = "Cowboys: The Way of the Gun"
    rulebook = "cowboys-way-of-the-gun.txt"
    min_players = 2
    #: A scenario has two to four sides (ruling CS-F6); each scenario fixes
    #: its own count (:meth:`player_range`).
    max_players = 4
    chance = True
    perfect_information = False
    zero_sum = True
    options_type = CowboysOptions

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (-1.0, 1.0)

    def player_range(self, options: Options | None = None) -> tuple[int, int]:
        """The scenario's sides, one player each (Game Set Up: players on a
        side share its figures and cards, so a seat is a side).

        >>> GAME.player_range(CowboysOptions(scenario="three-way-standoff"))
        (3, 3)
        """
        opts = self.options(options)
        assert isinstance(opts, CowboysOptions)
        sides = len(setup_of(opts).sides)
        return (sides, sides)

    def max_length(self, options: Options) -> int:
        opts = self.options(options)
        assert isinstance(opts, CowboysOptions)
        setup = setup_of(opts)
        return max_length_of(setup, tuple(sorted(rules_in_play(opts, setup.optional))))

    def variants(self) -> Mapping[str, Options]:
        from saloon.games.cowboys.scenario import builtin_scenarios

        out: dict[str, Options] = {sid: CowboysOptions(scenario=sid) for sid in builtin_scenarios()}
        out["brawl"] = CowboysOptions(scenario="brawl")
        return out

    def variant_info(self, name: str) -> tuple[str, str]:
        """A scenario's title and the first sentence of its story (every
        built-in scenario is reconstructed: the rulebook prints none)."""
        from saloon.games.cowboys.scenario import builtin_scenarios

        if name == "brawl":
            return "Brawl", "Saloon's own small fight on one board, a test bed for the rules."
        found = builtin_scenarios().get(name)
        if found is None:
            return super().variant_info(name)
        # The story's first sentences, up to a line's worth.
        sentences = " ".join(found.story.split()).split(". ")
        line = sentences[0]
        for more in sentences[1:]:
            if len(line) >= 80:
                break
            line += ". " + more
        return found.title, line.rstrip(".") + "."

    def seat_names(self, options: Options, num_players: int) -> list[str]:
        """Each seat by the side it plays, in the scenario's order (the
        Earps, the Cowboys); a seat past the sides by its number."""
        assert isinstance(options, CowboysOptions)
        try:
            sides = [side.name for side in setup_of(options).sides]
        except SaloonError:  # a scenario file that cannot be read: the seats by number
            sides = []
        return [sides[i] if i < len(sides) else f"Player {i + 1}" for i in range(num_players)]

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        opts = self.options(options)
        assert isinstance(opts, CowboysOptions)
        setup = setup_of(opts)
        if num_players is not None and num_players != len(setup.sides):
            raise OptionError(
                f"scenario {opts.scenario} is for {len(setup.sides)} sides, "
                f"not {num_players} players"
            )
        return CowboysState(self, opts, setup)

    def agents(self) -> Mapping[str, AgentFactory]:
        """``heuristic`` (:mod:`saloon.games.cowboys.strategy`) and ``solo``,
        a side played by a solitaire scenario's written rules
        (:mod:`saloon.games.cowboys.solo`)."""
        from saloon.games.cowboys.solo import AGENTS as SOLO
        from saloon.games.cowboys.strategy import AGENTS

        return {**AGENTS, **SOLO}

    def scripted_seats(self, options: Options | None = None) -> Mapping[int, str]:
        """A solitaire scenario's bot side, played by ``solo`` (ruling CS-S8).

        >>> GAME.scripted_seats(CowboysOptions(scenario="hickok-tutt"))
        {}
        """
        opts = self.options(options)
        assert isinstance(opts, CowboysOptions)
        sc = setup_of(opts).scenario
        solo = getattr(sc, "solo", None)
        return {} if solo is None else {solo.side: "solo"}

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def advise(self, state: State) -> Sequence[tuple[Action, float]] | None:
        """:meth:`advice`'s values as ``(action, chance)`` pairs, best first."""
        answer = self.advice(state)
        return None if answer is None else answer.pairs()

    def advice(self, state: State, scale: float = 1.0) -> Advice | None:
        """Each legal choice's chance to win for the side to move (a draw
        counting ``1/n``), estimated by a search of the heuristic's play
        from that side's information, best first, each with its spread
        (:mod:`saloon.games.cowboys.advisor`); ``None`` where no side is to move."""
        from saloon.games.cowboys.advisor import advice

        return advice(state, scale=scale)

    def advice_note(self, state: State) -> str:
        from saloon.games.cowboys.advisor import advice_note

        return advice_note(state)

    def encoding(
        self, options: Options | None = None, num_players: int | None = None
    ) -> CowboysEncoding:
        """The scenario as numbers (:mod:`.encoding`): action ids from its
        figures, horses, squares, cards and rules, chance outcome ids, and
        an observation of the town from a side's view; built once per options.

        >>> enc = GAME.encoding(CowboysOptions(scenario="brawl"))
        >>> enc.num_actions > 0, enc is GAME.encoding(CowboysOptions(scenario="brawl"))
        (True, True)
        """
        from saloon.games.cowboys.encoding import cowboys_encoding

        opts = self.options(options)
        assert isinstance(opts, CowboysOptions)
        enc = cowboys_encoding(opts)
        if num_players is not None and num_players != enc.num_players:
            raise OptionError(
                f"scenario {opts.scenario} is for {enc.num_players} sides, "
                f"not {num_players} players"
            )
        return enc

    def rules_help(self, state: State | None = None, options: Options | None = None) -> str:
        """The rules in brief with the scenario and the list of scenarios;
        in a game, the passage for the decision at hand
        (:mod:`saloon.games.cowboys.guide`)."""
        from saloon.games.cowboys.guide import rules_help

        opts = state.options if state is not None else self.options(options)
        assert isinstance(opts, CowboysOptions)
        return rules_help(state, opts)

    def render_rich(self, state: State) -> Any:
        """The town, the rosters and the status; the hand shown is that of
        the side deciding now, for whom the terminal draws it (none at a
        chance node or once the game is over)."""
        from saloon.games.cowboys.render import player_for, render_rich

        assert isinstance(state, CowboysState)
        return render_rich(state, player_for(state))

    #: A card played (an action cancelled, a shot lost, a hand looked
    #: at) and a wound (a figure or horse hit, down): kept on screen at
    #: the terminal until the person's next decision.
    notable_events = frozenset({"card", "wound"})

    def render_screen(
        self, state: State, player: int | None, width: int, height: int
    ) -> RenderableType | None:
        """The town one line a row of squares, with the turn, the shot
        under way and each side's figures beside it or under it; cropped
        to the rows around the figures ``player`` may act with when it is
        taller than ``height`` (:mod:`saloon.games.cowboys.screen`).

        >>> from rich.console import Console
        >>> state = GAME.new_state(GAME.variants()["coffeyville"])
        >>> console = Console(width=80, height=24, color_system=None)
        >>> len(console.render_lines(GAME.render_screen(state, 0, 80, 16), pad=False))
        16
        """
        from saloon.games.cowboys.screen import render_screen

        assert isinstance(state, CowboysState)
        return render_screen(state, player, width, height)

    def render_svg(self, state: State, player: int | None = None) -> str:
        """What ``player`` may see (``state.view(player)``): his side's hand
        face up, the others' as card backs (``None``: a spectator)."""
        from saloon.games.cowboys.render import render_svg

        assert isinstance(state, CowboysState)
        return render_svg(state, player)


GAME = Cowboys()

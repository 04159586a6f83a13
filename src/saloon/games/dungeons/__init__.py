"""D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons! (``dungeons``).

The standard competitive game for 2 to 4 players (rulebook
``d6-dungeons.txt``, Parts I, II and V and the Addenda): heroes hunt
monsters for bounties on one of two maps for three or six rounds, with GM
events between rounds. Binding facts: RULINGS.md, D6; Saloon's rulings:
``docs/rulings.md`` (D6 Dungeons: content, DG-C; D6 Dungeons: rules,
DG-R). The content (classes, monsters, maps, cards, events) is authored
as data (:mod:`.content`); the rules are in :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from saloon.core.action import Action
from saloon.core.errors import ContentError, OptionError
from saloon.core.game import AgentFactory, Game
from saloon.core.options import Options
from saloon.core.state import State
from saloon.games.dungeons.actions import parse_action
from saloon.games.dungeons.content import Content, load_content
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules.state import DungeonsState

if TYPE_CHECKING:
    from rich.console import RenderableType

    from saloon.core.advice import Advice
    from saloon.games.dungeons.encoding import DungeonsEncoding


def content_of(options: DungeonsOptions) -> Content:
    """The content the options name (Saloon's, or an owner's folder); a
    broken folder is an :class:`~saloon.core.errors.OptionError`."""
    try:
        return load_content(options.content)
    except ContentError as exc:
        raise OptionError(str(exc)) from exc


class Dungeons(Game):
    """The game object, registered as ``dungeons``.

    >>> GAME.info().min_players, GAME.info().max_players, GAME.info().zero_sum
    (2, 4, True)
    >>> GAME.player_range(DungeonsOptions(mode="alliance"))
    (4, 4)
    >>> solo = DungeonsOptions(mode="solo")
    >>> GAME.player_range(solo), GAME.is_zero_sum(solo), GAME.returns_bounds(solo)
    ((1, 1), False, (-1.0, 1.0))
    """

    id = "dungeons"
    title = "D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons!"
    rulebook = "d6-dungeons.txt"
    #: One for the solo Hide Collection; each mode narrows it (:meth:`player_range`).
    min_players = 1
    max_players = 4
    chance = True
    perfect_information = False
    zero_sum = True
    options_type = DungeonsOptions

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        """Ruling DG-R25 (Part I, The End of the Game): a loser gets -1/(n-1)
        (at worst -1, with two players), a lone winner +1; in Alliance each
        member of the winning team +1, of the losing team -1 (ruling DG-R88);
        in the Hide Collection (Part III, Winning and Losing; ruling DG-R60)
        +1 to all on a win, -1 to all on a loss."""
        return (-1.0, 1.0)

    def player_range(self, options: Options | None = None) -> tuple[int, int]:
        """The players each mode takes: the standard game 2 to 4 (Part I),
        solo 1, co-op 2 to 4 (the Hide Collection), Alliance 4 (Part III,
        Alliance: two teams of two).

        >>> GAME.player_range(), GAME.player_range(DungeonsOptions(mode="solo"))
        ((2, 4), (1, 1))
        """
        opts = self.options(options)
        assert isinstance(opts, DungeonsOptions)
        return {"solo": (1, 1), "coop": (2, 4), "alliance": (4, 4)}.get(opts.mode, (2, 4))

    def is_zero_sum(self, options: Options | None = None) -> bool:
        """Solo and co-op are won or lost together (Part III, Winning and Losing)."""
        opts = self.options(options)
        assert isinstance(opts, DungeonsOptions)
        return not opts.hides

    def _players(self, opts: DungeonsOptions, num_players: int | None) -> int:
        """The players for ``opts`` (the fewest by default), refused out of range."""
        lo, hi = self.player_range(opts)
        n = lo if num_players is None else num_players
        if not lo <= n <= hi:
            many = f"{lo}" if lo == hi else f"{lo} to {hi}"
            where = "D6" if opts.mode == "standard" else f"D6 in mode {opts.mode}"
            raise OptionError(f"{where} is for {many} player{'s' if hi > 1 else ''}, not {n}")
        return n

    def max_length(self, options: Options) -> int:
        from saloon.games.dungeons.length import max_length

        opts = self.options(options)
        assert isinstance(opts, DungeonsOptions)
        return max_length(opts, content_of(opts))

    def variant_info(self, name: str) -> tuple[str, str]:
        """The lobby's words for each variant (Part I, Choose the Length of
        Your Game; Part II, The Maps; the readings of docs/rulings.md)."""
        return {
            "default": ("Standard", "The standard map (10 spaces, a D10), a season of 3 rounds."),
            "advanced": (
                "Advanced map",
                "The advanced map (12 spaces, a D12, a rule for each round), 3 rounds.",
            ),
            "extended": ("Advanced map, extended", "The advanced map for a season of 6 rounds."),
            "alliance": (
                "Alliance (2v2)",
                "Four players in two teams, teammates across the table, with the Alliance "
                "deck and shared hands (Part III), the standard map, 3 rounds.",
            ),
            "alliance-advanced": (
                "Alliance (2v2), advanced map",
                "Alliance on the advanced map, teammates keeping their hands to themselves.",
            ),
            "solo": (
                "Solo Hide Collection",
                "One hunter against the clock: a hide of each of the 15 monsters before the "
                "turns run out (Part III), on the standard map.",
            ),
            "solo-advanced": (
                "Solo Hide Collection, advanced map",
                "The solo Hide Collection on the advanced map (12 spaces, a D12).",
            ),
            "coop": (
                "Co-op Hide Collection",
                "Two to four hunters together collect the 15 hides before the turns run out "
                "(Part III), on the standard map.",
            ),
            "coop-advanced": (
                "Co-op Hide Collection, advanced map",
                "The co-op Hide Collection on the advanced map (12 spaces, a D12).",
            ),
            "readings": (
                "Every other reading",
                "The standard map for 6 rounds with every other reading of the rules, the "
                "expansion's classes, pieces and curse castles, and seven homebrews of Part IV.",
            ),
        }.get(name, super().variant_info(name))

    def variants(self) -> Mapping[str, Options]:
        """Both maps and both lengths (the conformance suite plays each
        variant with 2, 3 and 4 players): the standard map for 3 rounds, the
        advanced map for 3 and for 6 (its round rules change every round);
        the standard map for 6 rounds (two Hunters' Moons) with every
        other reading and house rule together. Part III's modes on both
        maps: Alliance, four players in two teams (sharing their hands on
        the standard map, not on the advanced), and the Hide Collection,
        ``solo`` and ``coop``.

        >>> len(GAME.variants()), sorted(GAME.variants())[:5]
        (10, ['advanced', 'alliance', 'alliance-advanced', 'coop', 'coop-advanced'])
        """
        return {
            "default": DungeonsOptions(),
            "advanced": DungeonsOptions(map="advanced"),
            "extended": DungeonsOptions(map="advanced", rounds=6),
            "alliance": DungeonsOptions(mode="alliance", team_hands="shared"),
            "alliance-advanced": DungeonsOptions(mode="alliance", map="advanced"),
            "solo": DungeonsOptions(mode="solo"),
            "solo-advanced": DungeonsOptions(mode="solo", map="advanced"),
            "coop": DungeonsOptions(mode="coop"),
            "coop-advanced": DungeonsOptions(mode="coop", map="advanced"),
            "readings": DungeonsOptions(
                rounds=6,
                environments="random",
                stealth="on_entry",
                wild_conversion="must",
                hero_swap="any",
                red_cards="turn",
                cube_order="any",
                guarded_window="open",
                transformed_buffs="kept",
                spawn_engages=False,
                dogmud="any",
                potion_limit="bottles",
                skill_limit="markers",
                chib_weapons="quest",
                final_event=True,
                expansion=True,
                house_rules=(
                    "creature_quota",
                    "overzealous_moon",
                    "quiet_space",
                    "funeventful",
                    "handcuff_guardians",
                    "mercenary_cube",
                    "melee",
                ),
                handcuffed=("kraken",),
                environment_pieces="expansion",
                curses=("echoes", "gift", "beastie"),
            ),
        }

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        opts = self.options(options)
        assert isinstance(opts, DungeonsOptions)
        n = self._players(opts, num_players)
        return DungeonsState(self, opts, n, content_of(opts))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def advise(self, state: State) -> Sequence[tuple[Action, float]] | None:
        """:meth:`advice`'s values as ``(action, chance)`` pairs, best first."""
        answer = self.advice(state)
        return None if answer is None else answer.pairs()

    def advice(self, state: State, scale: float = 1.0) -> Advice | None:
        """Each legal choice's chance to win for the player to move (a
        shared win counting ``1/k``), estimated by a search of the
        heuristic's play from his information, best first, each with its
        spread (:mod:`saloon.games.dungeons.advisor`); ``None`` where no
        player is to move."""
        from saloon.games.dungeons.advisor import advice

        return advice(state, scale=scale)

    def advice_note(self, state: State) -> str:
        from saloon.games.dungeons.advisor import advice_note

        return advice_note(state)

    def encoding(
        self, options: Options | None = None, num_players: int | None = None
    ) -> DungeonsEncoding:
        """D6 as numbers (:mod:`.encoding`): ids from the content and the
        map, a round's roll relative to its dice, an observation of the
        table from a player's view; built once per options and players."""
        from saloon.games.dungeons.encoding import dungeons_encoding

        opts = self.options(options)
        assert isinstance(opts, DungeonsOptions)
        return dungeons_encoding(opts, self._players(opts, num_players))

    def agents(self) -> Mapping[str, AgentFactory]:
        """``heuristic``, a bounty hunter's rules of thumb
        (:mod:`saloon.games.dungeons.strategy`), and ``advisor``, the
        advisor's first choice (:mod:`saloon.games.dungeons.advisor`).

        >>> sorted(GAME.agents())
        ['advisor', 'heuristic']
        """
        from saloon.games.dungeons.strategy import AGENTS

        return AGENTS

    def rules_help(self, state: State | None = None, options: Options | None = None) -> str:
        from saloon.games.dungeons.guide import rules_help

        return rules_help(state, options)

    def render_rich(self, state: State) -> Any:
        """The map, the bounties, every hero's boards, the fight, and the
        hand of the player deciding now (none at a chance node)."""
        from saloon.games.dungeons.render import player_for, render_rich

        assert isinstance(state, DungeonsState)
        return render_rich(state, player_for(state))

    #: A card played (against the person, or a GM's red card on his
    #: monster), one cancelled, a round of a fight won, HP lost, a hero
    #: turned chib or sent to the Styx: kept on screen at the terminal
    #: until the person's next decision.
    notable_events = frozenset({"play", "cancel", "buff", "hit", "hurt", "chib", "death"})

    def render_screen(
        self, state: State, player: int | None, width: int, height: int
    ) -> RenderableType | None:
        """The map's spaces in columns with what is on them, a line a
        hero, and the fight, the bounties and the hand as room allows
        (:mod:`saloon.games.dungeons.screen`).

        >>> from rich.console import Console
        >>> state = GAME.new_state(None, 3)
        >>> console = Console(width=80, height=24, color_system=None)
        >>> len(console.render_lines(GAME.render_screen(state, 0, 80, 12), pad=False)) <= 12
        True
        """
        from saloon.games.dungeons.screen import render_screen

        assert isinstance(state, DungeonsState)
        return render_screen(state, player, width, height)

    def render_svg(self, state: State, player: int | None = None) -> str:
        """What ``player`` may see: the table and his own hand (``None``: a
        spectator, no hand)."""
        from saloon.games.dungeons.render import render_svg

        assert isinstance(state, DungeonsState)
        return render_svg(state, player)


GAME = Dungeons()

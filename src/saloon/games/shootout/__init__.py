"""Shoot Out: a two-player d20 duel on a one-row street (``shootout``).

Rulebook: ``shoot-out.txt``; binding rulings: RULINGS.md, Shoot Out 1-10.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from saloon.core.action import Action
from saloon.core.encoding import TableEncoding
from saloon.core.errors import SaloonError
from saloon.core.game import AgentFactory, Game
from saloon.core.options import Options
from saloon.core.state import State
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import (
    COLT,
    MOVE,
    RETREAT,
    ROLLS,
    WINCHESTER,
    Card,
    FirstPlayer,
    ShootOutState,
    max_length,
    parse_action,
)


class ShootOut(Game):
    """The game object, registered under ``shootout``.

    >>> from saloon.core import get_game
    >>> game = get_game("shootout")
    >>> game.info().max_players, game.info().min_return, game.info().max_return
    (2, -1.0, 1.0)
    """

    id = "shootout"
    title = "Shoot Out"
    rulebook = "shoot-out.txt"
    min_players = 2
    max_players = 2
    chance = True
    perfect_information = True
    zero_sum = True
    options_type = ShootOutOptions
    round_robin = True

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (-1.0, 1.0)

    def max_length(self, options: Options) -> int:
        assert isinstance(options, ShootOutOptions)
        return max_length(options)

    def variants(self) -> Mapping[str, Options]:
        return {
            "standard": ShootOutOptions(),
            "veteran": ShootOutOptions(variant="veteran"),
            "short-street": ShootOutOptions(
                cards=(2, 3, 4), target=5, start=9, back=10, black=3, red=2
            ),
        }

    def variant_info(self, name: str) -> tuple[str, str]:
        """The lobby's words for each variant (Shoot Out, "Winning the
        Game" and "Veteran Variant"; the short street is Saloon's own)."""
        return {
            "standard": ("Standard", "cards 2 to 7, first to 14 card points wins"),
            "veteran": ("Veteran", "the rulebook's variant: the 8 card added, first to 18 wins"),
            "short-street": (
                "Short street",
                "Saloon's small variant for exact solving: cards 2 to 4, first to 5 wins",
            ),
        }.get(name, super().variant_info(name))

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        opts = self.options(options)
        assert isinstance(opts, ShootOutOptions)
        if num_players not in (None, 2):
            raise SaloonError(
                f"Shoot Out is for two players, not {num_players} (a tournament pairs them up)"
            )
        return ShootOutState(self, opts)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_space(self, options: Options) -> tuple[Sequence[str], Sequence[str]]:
        """Every decision ("Moving", "Shooting", "The End of the Duel") and
        every chance outcome (the first starter, the cards, the d20)."""
        assert isinstance(options, ShootOutOptions)
        actions = [str(a) for a in (RETREAT, MOVE, COLT, WINCHESTER)]
        outcomes = [str(FirstPlayer(p)) for p in (0, 1)]
        outcomes += [str(Card(v)) for v in sorted(set(options.deck))]
        outcomes += [str(r) for r in ROLLS]
        return actions, outcomes

    def encoding(
        self, options: Options | None = None, num_players: int | None = None
    ) -> TableEncoding:
        """Four action ids and the street as numbers (:mod:`.encoding`)."""
        from saloon.games.shootout.encoding import shootout_encoding

        opts = self.options(options)
        assert isinstance(opts, ShootOutOptions)
        return shootout_encoding(opts)

    def rules_help(self, state: State | None = None, options: Options | None = None) -> str:
        from saloon.games.shootout.guide import rules_help

        opts = state.options if state is not None else self.options(options)
        assert isinstance(opts, ShootOutOptions)
        assert state is None or isinstance(state, ShootOutState)
        return rules_help(state, opts)

    def agents(self) -> Mapping[str, AgentFactory]:
        from saloon.games.shootout.strategy import AGENTS

        return AGENTS

    def solve(
        self, options: Options | None = None, *, cache: bool = True
    ) -> Mapping[str, Any] | None:
        """Solve the variant exactly (RULINGS, Shoot Out 9: the probability
        of winning the game); cached on disk per variant."""
        from saloon.games.shootout.solver import is_cached, solve

        opts = self.options(options)
        assert isinstance(opts, ShootOutOptions)
        cached = is_cached(opts)
        began = time.perf_counter()
        solution = solve(opts, cache=cache)
        return {
            "game": self.id,
            "options": opts.to_dict(),
            "first_player_win": solution.first_player_win,
            "states": solution.states,
            "seconds": solution.seconds,
            "cached": cached,
            "elapsed": time.perf_counter() - began,
        }

    def advise(self, state: State) -> Sequence[tuple[Action, float]] | None:
        """Each legal action's win probability for the player to move, best
        first, from the exact solution (empty at chance nodes and at the end)."""
        from saloon.games.shootout.strategy import advise

        return advise(state)

    def advice_note(self, state: State) -> str:
        """What the advisor's values are: each choice's chance to win the game,
        from the exact solution (the heading adds "(exact)").

        >>> from saloon.core import get_game
        >>> game = get_game("shootout")
        >>> state = game.new_state()
        >>> while state.is_chance:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> game.advice(state).heading()
        "each choice's chance to win the game, with best play by both players after (exact)"
        """
        if state.to_move is None or state.to_move < 0:
            return "no decision to advise on now"
        return "each choice's chance to win the game, with best play by both players after"

    def render_rich(self, state: State) -> Any:
        from saloon.games.shootout.render import render_rich

        assert isinstance(state, ShootOutState)
        return render_rich(state)

    def render_svg(self, state: State, player: int | None = None) -> str:
        """The whole state: this game has no hidden information, so every
        player (and a spectator) sees the same drawing."""
        from saloon.games.shootout.render import render_svg

        assert isinstance(state, ShootOutState)
        return render_svg(state)


GAME = ShootOut()

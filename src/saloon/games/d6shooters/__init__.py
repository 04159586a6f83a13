"""The d6 Shooters: a solo push-your-luck dice journey (``d6shooters``).

Episode 1, Long Road to Reno, and episode 2, Ghost Town Showdown, each in
the standard, Easier and Shorter versions, with the 2d6 Event list
(``events=cards``) or the one-die table (``events=d6``).

Rulebook: ``d6-shooters.txt``; binding facts: RULINGS.md, "The d6 Shooters";
Saloon's rulings: ``docs/rulings.md``, "The d6 Shooters" (D6-n).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from saloon.core.action import Action
from saloon.core.advice import Advice, ValueKind
from saloon.core.errors import SaloonError
from saloon.core.game import AgentFactory, Game
from saloon.core.options import Options
from saloon.core.state import State
from saloon.games.d6shooters.actions import parse_action
from saloon.games.d6shooters.bounds import length_bound, score_bound
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State

if TYPE_CHECKING:
    from saloon.core.tally import BatchEngine
    from saloon.games.d6shooters.encoding import D6ShootersEncoding


class D6Shooters(Game):
    """The game object, registered under ``d6shooters``.

    >>> from saloon.core import get_game
    >>> game = get_game("d6shooters")
    >>> game.info().max_players, game.info().min_return
    (1, 0.0)
    """

    id = "d6shooters"
    title = "The d6 Shooters"
    rulebook = "d6-shooters.txt"
    min_players = 1
    max_players = 1
    chance = True
    perfect_information = True
    zero_sum = False
    options_type = D6ShootersOptions
    batch_note = "the `heuristic` (any knobs), with Numba installed (the `fast` extra)"

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        """A loss scores 0; a win at most :func:`~.bounds.score_bound`."""
        assert isinstance(options, D6ShootersOptions)
        return (0.0, float(score_bound(options)))

    def max_length(self, options: Options) -> int:
        assert isinstance(options, D6ShootersOptions)
        return length_bound(options)

    def variants(self) -> Mapping[str, Options]:
        out: dict[str, Options] = {}
        for ep in (1, 2):
            for version in ("standard", "easier", "shorter"):
                for events in ("cards", "d6"):
                    # Episode 2 prints no Easier or Shorter Version: Saloon's own (D6-E1).
                    own = "saloon-" if ep == 2 and version != "standard" else ""
                    name = f"ep{ep}-{own}{version}-{events}"
                    out[name] = D6ShootersOptions(
                        episode=ep,
                        version=version,
                        events=events,
                    )
        return out

    def variant_info(self, name: str) -> tuple[str, str]:
        """The lobby's words for each variant: the episode, its version and
        how Events are drawn (the rulebook's two Event lists)."""
        opts = self.variants().get(name)
        if not isinstance(opts, D6ShootersOptions):
            return super().variant_info(name)
        episode = {1: "Long Road to Reno", 2: "Ghost Town Showdown"}[opts.episode]
        version = {
            "standard": ("", "the rulebook's journey"),
            "easier": (" (easier)", "more Food and Gold at the start and a free Special Item"),
            "shorter": (" (shorter)", "a shorter journey, with fewer Days"),
        }[opts.version]
        own = "; Saloon's own version" if opts.episode == 2 and opts.version != "standard" else ""
        events = (
            ("Event list", "Events from the 2d6 Event list")
            if opts.events == "cards"
            else ("Event die", "Events from the one-die Event table")
        )
        return (
            f"Episode {opts.episode}: {episode}{version[0]}, {events[0]}",
            f"{version[1][0].upper()}{version[1][1:]}{own}. {events[1]}.",
        )

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        opts = self.options(options)
        assert isinstance(opts, D6ShootersOptions)
        if num_players not in (None, 1):
            raise SaloonError(f"The d6 Shooters is a solo game, not for {num_players} players")
        return D6State(self, opts)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def encoding(
        self, options: Options | None = None, num_players: int | None = None
    ) -> D6ShootersEncoding:
        """Action ids from the dice, the Event list and the caps; chance
        outcome ids by group of dice; the playsheet as a vector
        (:mod:`.encoding`).

        >>> from saloon.core import get_game
        >>> enc = get_game("d6shooters").encoding()
        >>> enc.positions, [b.name for b in enc.blocks][:3]
        (10, ['keep', 'word', 'fours'])
        """
        from saloon.games.d6shooters.encoding import d6shooters_encoding

        opts = self.options(options)
        assert isinstance(opts, D6ShootersOptions)
        if num_players not in (None, 1):
            raise SaloonError(f"The d6 Shooters is a solo game, not for {num_players} players")
        return d6shooters_encoding(opts)

    def batch_engine(
        self, options: Options, seats: Sequence[tuple[str, Mapping[str, str]]]
    ) -> BatchEngine | None:
        """The Numba kernel for the ``heuristic`` (:mod:`.batch`), checked
        against these rules game by game."""
        from saloon.games.d6shooters.batch.engine import heuristic_batch

        opts = self.options(options)
        assert isinstance(opts, D6ShootersOptions)
        return heuristic_batch(opts, seats)

    def agents(self) -> Mapping[str, AgentFactory]:
        """``heuristic`` and ``planner`` (:mod:`saloon.games.d6shooters.strategy`)."""
        from saloon.games.d6shooters.strategy import AGENTS

        return AGENTS

    def advise(self, state: State) -> Sequence[tuple[Action, float]] | None:
        """The planner's value of each choice, best first: its chance to win
        plus the episode's weight x the expected score / 50 (episode 1: 0.2;
        episode 2: 0), with the planner's play after. The dice to keep and the
        split of the 4s by its expectimax over the turn; the Ghost Town
        Showdown's choices (and its Medicine against a round's hits) by the
        exact solver; the other decisions (Towns, Events, the Heat's Food,
        losses, the 3s, the Special Event, the
        Binoculars, the Charm, Gold in Them Hills) by playing forward to
        those moments (:mod:`~.lookahead`). The planner plays the first
        choice. ``None`` where nothing is scored (:meth:`advice_note` says
        why)."""
        from saloon.games.d6shooters.lookahead import LOOKED_AHEAD
        from saloon.games.d6shooters.planner import PlannerAgent, advise_fours, advise_keep
        from saloon.games.d6shooters.rules.nodes import P_FOURS, P_KEEP, P_LOSS, SHOWDOWN_NODES

        if not isinstance(state, D6State) or state.to_move != 0:
            return None
        if state.phase == P_FOURS:
            return advise_fours(state)
        if state.phase == P_KEEP and state.mode == "turn":
            return advise_keep(state)
        if state.mode == "showdown" and (state.phase in SHOWDOWN_NODES or state.phase == P_LOSS):
            from saloon.games.d6shooters.showdown import action_values

            values = action_values(state)
            pairs = [(a, values[str(a)]) for a in state.legal_actions()]
            return sorted(pairs, key=lambda p: -p[1])
        if state.phase in LOOKED_AHEAD:
            pairs = PlannerAgent().lookahead.values(state)
            return sorted(pairs, key=lambda p: -p[1])
        return None

    def advice(self, state: State, scale: float = 1.0) -> Advice | None:
        """:meth:`advise`'s values, named for what they are (``scale`` is
        ignored: the planner and the Showdown's solver have no budget): in the Showdown
        the exact chance to win it; elsewhere the planner's estimate, a chance
        to win the journey in episode 2, and in episode 1 the planner's score,
        its chance to win plus 0.2 x the expected score / 50 (not a
        probability: shown as a number). The note says which, and the
        ``rules`` at the decision explain the formula.

        >>> from saloon.core import get_game
        >>> game = get_game("d6shooters")
        >>> state = game.new_state(game.parse_options(["episode=1"]))
        >>> answer = game.advice(state)
        >>> answer.kind, answer.exact
        ('score', False)
        >>> print(answer.heading())
        each choice's planner score, the chance to reach Reno plus 0.2 x the expected final \
score / 50, with the planner's play after (an estimate from the planner's model of the journey)
        """
        from saloon.core.advice import Valued
        from saloon.games.d6shooters.guide import score_weight

        pairs = self.advise(state)
        if pairs is None:
            return None
        assert isinstance(state, D6State)
        values = tuple(Valued(a, float(v)) for a, v in pairs)
        note = self.advice_note(state)
        if _in_showdown(state):
            return Advice(values, "probability", note, exact=True)
        kind: ValueKind = "score" if score_weight(state.episode) > 0 else "probability"
        return Advice(values, kind, note, exact=False, budget="the planner's model of the journey")

    def advice_note(self, state: State) -> str:
        """What the advice's numbers mean here, or why there are none."""
        from saloon.games.d6shooters.guide import value_words
        from saloon.games.d6shooters.lookahead import NOT_SCORED
        from saloon.games.d6shooters.rules.nodes import P_SHOP

        if not isinstance(state, D6State) or state.to_move != 0:
            return "no decision to advise on now"
        if _in_showdown(state):
            return "each choice's chance to win the Showdown, with best play after"
        if state.mode == "poker":
            return "no advice here: the planner does not play Poker, so it scores no hand"
        if state.phase in NOT_SCORED:
            return f"no advice here: {NOT_SCORED[state.phase]}"
        poker = state.phase == P_SHOP and any(str(a) == "poker" for a in state.legal_actions())
        aside = "Poker aside (the planner does not play it), " if poker else ""
        return f"{aside}{value_words(state.episode, state.destination_name)}"

    def rules_help(self, state: State | None = None, options: Options | None = None) -> str:
        from saloon.games.d6shooters.guide import rules_help

        opts = state.options if state is not None else self.options(options)
        assert isinstance(opts, D6ShootersOptions)
        assert state is None or isinstance(state, D6State)
        return rules_help(state, opts)

    def render_rich(self, state: State) -> Any:
        from saloon.games.d6shooters.render import render_rich

        assert isinstance(state, D6State)
        return render_rich(state)

    def render_svg(self, state: State, player: int | None = None) -> str:
        """The whole state: this game has no hidden information, so every
        player (and a spectator) sees the same drawing."""
        from saloon.games.d6shooters.render import render_svg

        assert isinstance(state, D6State)
        return render_svg(state)


def _in_showdown(state: D6State) -> bool:
    """A decision of the Ghost Town Showdown (its Medicine included), where
    the values are the Showdown solver's exact chances."""
    from saloon.games.d6shooters.rules.nodes import P_LOSS, SHOWDOWN_NODES

    return state.mode == "showdown" and (state.phase in SHOWDOWN_NODES or state.phase == P_LOSS)


GAME = D6Shooters()

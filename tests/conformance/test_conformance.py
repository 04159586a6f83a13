"""The contract, checked on every registered game and variant, and the
checks themselves shown to catch broken games."""

from __future__ import annotations

import copy
from collections.abc import Hashable, Sequence

import numpy as np
import pytest
from scipy import stats

from saloon.core import Action, ActionGroup, Game, Options, Outcome, State, all_games
from saloon.testing import check_game, chi_square_pvalue
from saloon.testing.tiny import CARDS, Deal, Die, Stop, TinyGame, TinyState

CASES = [(g.id, name) for g in all_games() for name in g.variants()]

#: Random games per variant: 200 where a game is a few milliseconds; fewer
#: where one is long (a Cowboys game is hundreds of steps across a town,
#: each fully checked state clones and views it dozens of times; a d6
#: Shooters journey is 40 days of rolls, and its twelve variants took
#: three minutes of CPU at 200; 30 a variant is near four hundred journeys
#: in all), so that every variant is covered in seconds and the suite keeps
#: to its 15 minutes (sized again as Cowboys grew to fifteen scenarios: a
#: Cowboys town four games, the first three checked at every state). The
#: first games are checked at every state whatever the size
#: (``saloon.testing.conformance.FULL_GAMES``).
GAMES_PER_VARIANT = {"cowboys": 4, "dungeons": 3, "d6shooters": 30}


def _lookup(game_id: str) -> Game:
    return next(g for g in all_games() if g.id == game_id)


@pytest.mark.parametrize(("game_id", "variant"), CASES, ids=[f"{g}-{v}" for g, v in CASES])
def test_every_game_and_variant_keeps_the_contract(game_id: str, variant: str) -> None:
    game = _lookup(game_id)
    games = GAMES_PER_VARIANT.get(game_id, 200)
    report = check_game(game, game.variants()[variant], games=games, seed=0, variant=variant)
    assert report.games == games
    assert report.states > games
    assert report.fully_checked > 0 and report.replays > 0
    if game.chance:
        assert report.chance_nodes > 0
        assert report.chi_square_tests > 0
    assert report.longest <= game.max_length(game.variants()[variant])


def test_a_correct_tiny_game_passes() -> None:
    report = check_game(TinyGame(), games=100)
    assert report.games == 100
    assert report.chi_square_tests >= 2  # deals and the d3
    assert report.decisions > 0


def test_chi_square_pvalue_matches_scipy() -> None:
    rng = np.random.default_rng(4)
    for k in (2, 3, 7, 20):
        expected = np.full(k, 100.0)
        observed = rng.multinomial(100 * k, np.full(k, 1 / k)).astype(float)
        ours = chi_square_pvalue(list(observed), list(expected))
        theirs = stats.chisquare(observed, expected).pvalue
        assert ours == pytest.approx(theirs, rel=1e-8, abs=1e-14)
    assert chi_square_pvalue([300, 100], [200, 200]) == pytest.approx(
        stats.chisquare([300, 100], [200, 200]).pvalue, rel=1e-6
    )


# -- broken games: each breaks one part of the contract ---------------------------------


class SumsTo09(TinyState):
    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.cards[1] is None:
            return super().chance_outcomes()
        return [(Die(f), 0.3) for f in (1, 2, 3)]


class SharedClone(TinyState):
    def clone(self) -> State:
        return copy.copy(self)  # shares history and totals


class SharedTotals(TinyState):
    def clone(self) -> State:
        new = copy.copy(self)
        new.history = list(self.history)
        new.log = list(self.log)
        new.cards = list(self.cards)
        return new  # shares only the totals


class LeakyView(TinyState):
    def view(self, player: int | None) -> dict[str, object]:
        out = super().view(player)
        out["cards"] = list(self.cards)
        return out


class BadNotation(TinyState):
    def legal_actions(self) -> Sequence[Action]:
        actions = list(super().legal_actions())
        return [Halt() if isinstance(a, Stop) else a for a in actions]


class Halt(Stop):
    def __str__(self) -> str:
        return "halt"  # the game reads only "stop"


class LoadedSampler(TinyState):
    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.cards[1] is None:
            return super().chance_outcomes()
        return [(Die(1), 0.5), (Die(2), 0.25), (Die(3), 0.25)]

    def sample_chance(self, rng: np.random.Generator) -> Outcome:
        if self.cards[1] is None:
            return super().sample_chance(rng)
        return Die(int(rng.integers(3)) + 1)  # uniform, not as declared


class LaxApply(TinyState):
    def apply(self, action: Action) -> None:
        self.history.append((self.to_move if self.to_move is not None else 0, action))
        self.apply_unchecked(action)


class OutOfBounds(TinyState):
    def returns(self) -> tuple[float, ...]:
        r = super().returns()
        return tuple(2 * v for v in r)


class WildGuess(TinyState):
    """An estimate mid-game beyond the returns' bounds."""

    def estimate(self) -> tuple[float, ...]:
        return super().estimate() if self.is_over else (1.5, -1.5)


class OneGuess(TinyState):
    """An estimate with one value for two players."""

    def estimate(self) -> tuple[float, ...]:
        return (0.0,)


class StaleGuess(TinyState):
    """An estimate that is not the returns once the game is over."""

    def estimate(self) -> tuple[float, ...]:
        return (0.0, 0.0)


class NoActions(TinyState):
    def legal_actions(self) -> Sequence[Action]:
        return [] if self.decisions == 3 else super().legal_actions()


class TooShort(TinyGame):
    def max_length(self, options: Options) -> int:
        return 5


class Unreplayable(TinyState):
    """Each new game starts differently, which its record does not say."""

    starts = 0

    def __init__(self, game: Game, options: Options) -> None:
        super().__init__(game, options)
        Unreplayable.starts += 1
        self.totals = [Unreplayable.starts, 0]


class SilentDice(TinyState):
    """Rolls the die without telling the log."""

    def apply_unchecked(self, action: Action) -> None:
        logged = len(self.log)
        super().apply_unchecked(action)
        if isinstance(action, Die):
            del self.log[logged:]


class LostGroup(TinyState):
    """A menu that forgets one of the legal actions."""

    def action_groups(self, legal: Sequence[Action]) -> Sequence[ActionGroup]:
        return [ActionGroup("", tuple(legal[1:]))]


class Mute(TinyState):
    def describe_action(self, action: Action) -> str:
        return ""


class Misreads(TinyState):
    """Reads what a person types as something else."""

    def parse(self, text: str) -> Action:
        return Stop() if text == "add 1" else super().parse(text)


class ListedKind(TinyState):
    """Names its dice's kind with a list, which keyed dice cannot look up."""

    def chance_kind(self) -> Hashable:
        return ["d3"]  # type: ignore[return-value]


class ForgetsTheFive(TinyState):
    """The 5 is put aside in sight of all before player 2's card is dealt,
    and a player holding the 5 could do nothing; the resample forgets it was
    put aside and may deal it to player 2. Player 1's worlds then leave
    player 2, to move, without a legal action (a dead end); player 2's own
    worlds are fine, so only a check of the player not to move finds it."""

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        if self.cards[0] is None or self.cards[1] is not None:
            return super().chance_outcomes()
        left = [c for c in CARDS if c not in (self.cards[0], 5)]
        return [(Deal(c), 1 / len(left)) for c in left]

    def legal_actions(self) -> Sequence[Action]:
        if self.to_move == 1 and self.cards[1] == 5:
            return []
        return super().legal_actions()


def test_a_dead_end_in_a_world_redrawn_for_the_player_not_to_move_is_caught() -> None:
    """Player 1's redrawn worlds at player 2's decisions: some deal player 2
    the 5, and he has no action; the checker says so."""
    with pytest.raises(AssertionError, match="leaves player 1, to move, no legal action"):
        check_game(broken(ForgetsTheFive), games=50, seed=1)


def broken(state_type: type[TinyState], game_type: type[TinyGame] = TinyGame) -> TinyGame:
    game = game_type()
    game.state_type = state_type
    return game


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (broken(SumsTo09), "chance probabilities sum to 0.9"),
        (broken(SharedClone), "a clone is not independent"),
        (broken(SharedTotals), "a clone is not independent"),
        (broken(LeakyView), "leaks hidden information"),
        (broken(BadNotation), "is written 'halt', which does not parse"),
        (broken(LoadedSampler), "sample_chance does not draw from chance_outcomes()"),
        (broken(LaxApply), "was applied without IllegalAction"),
        (broken(OutOfBounds), "outside returns_bounds"),
        (broken(WildGuess), "estimate() (1.5, -1.5) lies outside returns_bounds"),
        (broken(OneGuess), "estimate() (0.0,) has not one value per player"),
        (broken(StaleGuess), "is not returns()"),
        (broken(NoActions), "has no legal action"),
        (broken(TinyState, TooShort), "over its max_length"),
        (broken(Unreplayable), "replays to a state with a different key()"),
        (broken(SilentDice), "wrote no sentence to the log"),
        (broken(LostGroup), "action_groups() does not hold each legal action exactly once"),
        (broken(Mute), "describe_action(add 1) is empty"),
        (broken(Misreads), "state.parse('add 1') reads"),
        (broken(ListedKind), "chance_kind() ['d3'] is not hashable"),
    ],
    ids=[
        "probabilities",
        "shared-clone",
        "shared-list",
        "leaky-view",
        "notation",
        "sampler",
        "lax-apply",
        "returns",
        "estimate-bounds",
        "estimate-length",
        "estimate-at-the-end",
        "no-actions",
        "length",
        "replay",
        "silent-dice",
        "lost-group",
        "mute",
        "misreads",
        "chance-kind",
    ],
)
def test_check_game_catches_a_broken_game(game: TinyGame, message: str) -> None:
    with pytest.raises(AssertionError, match="tiny-test") as info:
        check_game(game, games=50, seed=1)
    assert message in str(info.value)


@pytest.mark.parametrize("game_id", sorted({g for g, _ in CASES}))
def test_every_game_says_why_and_how_it_ended(game_id: str) -> None:
    """Issue 35: every registered game gives its own reason for a refusal
    (it overrides the contract's "what is legal instead") and, over seeded
    random games of each variant, ends in a sentence: ``Result.text`` is
    set and reads right (:func:`saloon.testing.sentences.problems`)."""
    from saloon.testing.sentences import problems

    game = _lookup(game_id)
    state_type = type(game.new_state())
    assert state_type.explain_illegal is not State.explain_illegal, state_type
    rng = np.random.default_rng(35)
    for name, options in game.variants().items():
        state = game.new_state(options)
        while not state.is_over:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[int(rng.integers(len(legal)))])
        text = state.result().text
        assert text, (name, state.result())
        assert problems(text) == [], (name, text)

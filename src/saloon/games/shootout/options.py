"""Shoot Out's options: every number of the game is one (RULINGS, Shoot Out 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from saloon.core.errors import OptionError
from saloon.core.options import Options

#: The cards of the standard game (rulebook, "Required Material": 2 to 7).
STANDARD_CARDS = (2, 3, 4, 5, 6, 7)
#: The Veteran's Game adds a card of 8 (rulebook, "Variants").
VETERAN_CARDS = (2, 3, 4, 5, 6, 7, 8)
#: The most cards a deck may hold (Saloon's limit for designers' variants;
#: see docs/hardening.md). With card values of at most 100 the card sums
#: stay below 3,000, so every check on them is quick.
MAX_CARDS = 30


@dataclass(frozen=True)
class ShootOutOptions(Options):
    """The variant and every number of Shoot Out.

    ``cards`` and ``target`` default to the variant's (2-7 and 14; Veteran:
    2-8 and 18) and can be set on their own.

    >>> ShootOutOptions(variant="veteran").target
    18
    >>> ShootOutOptions.parse(["start=21"])
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: start=21 must lie between front=5 and back=20
    """

    variant: Literal["standard", "veteran"] = "standard"
    cards: tuple[int, ...] | None = None
    target: int | None = None
    start: int = 17
    back: int = 20
    front: int = 5
    black: int = 12
    red: int = 6
    bonus: int = 3
    pushback: int = 3
    reload: int = 2
    reload_from: int = 6

    LABELS: ClassVar[dict[str, str]] = {
        "cards": "Card values in the deck",
        "target": "Card points to win",
        "start": "Starting space",
        "back": "Farthest space",
        "front": "Last space before the centre",
        "black": "Colt bullets (black)",
        "red": "Winchester bullets (red)",
        "bonus": "Winchester bonus to the d20",
        "pushback": "Spaces a hit pushes back",
        "reload": "Bullets a retreat reloads",
        "reload_from": "Retreat reloads from space",
    }
    HELP: ClassVar[dict[str, str]] = {
        "variant": "standard (cards 2-7, target 14) or veteran (card 8 added, target 18)",
        "cards": "the card values in the deck",
        "target": "card points that win the game",
        "start": "the space both pawns start each duel on",
        "back": "the farthest space of the street",
        "front": "the last space before the centre",
        "black": "Colt (black) bullets at the start; a reload never goes above this",
        "red": "Winchester (red) bullets at the start",
        "bonus": "added to the d20 when firing the Winchester",
        "pushback": "spaces a hit pushes the target back",
        "reload": "black bullets a retreating player gains",
        "reload_from": "the retreat reloads only if the opponent stands on this space or farther",
    }
    #: Saloon's limits on each number (docs/hardening.md): wide enough for
    #: any designer's variant, small enough that nothing about a game can
    #: grow without bound.
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "cards": (1, 100),
        "target": (1, MAX_CARDS * 100),
        "start": (1, 99),
        "back": (1, 99),
        "front": (1, 99),
        "black": (0, 99),
        "red": (0, 99),
        "bonus": (0, 99),
        "pushback": (0, 99),
        "reload": (0, 99),
        "reload_from": (0, 100),
    }

    def __post_init__(self) -> None:
        veteran = self.variant == "veteran"
        if self.cards is None:
            object.__setattr__(self, "cards", VETERAN_CARDS if veteran else STANDARD_CARDS)
        if self.target is None:
            object.__setattr__(self, "target", 18 if veteran else 14)
        super().__post_init__()

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards, sorted (the deck as a multiset)."""
        assert self.cards is not None
        return tuple(sorted(self.cards))

    @property
    def goal(self) -> int:
        """The target, resolved."""
        assert self.target is not None
        return self.target

    def validate(self) -> None:
        cards = self.deck
        if not cards:
            raise OptionError("cards must be a non-empty list of positive values")
        if len(cards) > MAX_CARDS:
            raise OptionError(f"a deck holds at most {MAX_CARDS} cards, not {len(cards)}")
        stuck = _stuck_split(cards, self.goal)
        if stuck is not None:
            raise OptionError(
                f"with cards {','.join(map(str, cards))} and target {self.goal} the game could "
                f"never end: the deck can run out with one player on {stuck} and the other on "
                f"{sum(cards) - stuck}, both short of the target"
            )
        if not self.front <= self.start <= self.back:
            raise OptionError(
                f"start={self.start} must lie between front={self.front} and back={self.back}"
            )


def _stuck_split(cards: tuple[int, ...], target: int) -> int | None:
    """A score one player can end with while both fall short of ``target``
    once every card is won, or ``None`` if every deal reaches the target
    ("The End of the Game": the game only ends at the target)."""
    total = sum(cards)
    sums = 1  # bit s is set when some of the cards add up to s
    for c in cards:
        sums |= sums << c
    for s in range(total + 1):
        if sums >> s & 1 and s < target and total - s < target:
            return s
    return None

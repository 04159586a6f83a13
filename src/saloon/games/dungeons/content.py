"""D6's content as typed values: classes, enemies, maps, boards, cards, events.

The rulebook prints the rules and almost none of the content (RULINGS.md,
D6), so Saloon authors it as data in ``content/*.toml``, marked
reconstructed, consistent with every rule and example printed; an owner of
the physical game replaces any file with the real one (option
``content=FOLDER``: a file there replaces the built-in file of the same
name). :func:`load_content` reads and validates it: every problem is one
:class:`~saloon.core.errors.ContentError` naming the file, the entry and
what is wrong.

The values here are small frozen types; the engine never reads TOML.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from saloon.games.dungeons.effects import Effect

#: The five monster classes (Part I, Know Thine Enemy).
MONSTER_CLASSES = ("beast", "rogue", "bandit", "undead", "poison")
#: The environments: four terrains and the dungeon (Part II, The Maps).
ENVIRONMENTS = ("dungeon", "forest", "cemetery", "hills", "trails")
#: The three Guardian kinds (Part I, Know Thine Enemy).
GUARDIAN_KINDS = ("dragon", "plant", "kraken")
#: The four gather rewards (Part II, The Gather Board, Gather Rewards).
REWARDS = ("coins", "advantage", "alchemy", "wild")
#: Space numbers of the Village and the Styx River (not numbered spaces).
VILLAGE = 0
STYX = -1


@dataclass(frozen=True)
class Monster:
    """A monster: its class, its die, the environment where it gets +1
    (none for the Poison class), and how many of its tokens are in the bag."""

    id: str
    name: str
    monster_class: str
    die: int
    environment: str | None
    tokens: int


@dataclass(frozen=True)
class Guardian:
    """A Guardian: a Dragon or the Kraken (a die, glory when slain) or a
    Plant of Eden (no die: a fixed attack, +1 for every other Plant on the
    board; back to the bag when slain)."""

    id: str
    name: str
    kind: str
    die: int
    """The die it rolls; 0 for a Plant of Eden, which does not roll."""
    attack: int
    """A Plant of Eden's natural attack (3); 0 for the others."""
    glory: int
    tokens: int


@dataclass(frozen=True)
class Skill:
    """A class skill (or one common to all classes): its effects, and when it
    may be used (an :data:`~saloon.games.dungeons.effects.KINDS` timing)."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    timing: str


@dataclass(frozen=True)
class HeroClass:
    """A class board: the stat with the +1 advantage, its own skills, and its
    chib's die (a D4; the expansion's Werewolf a D8)."""

    id: str
    name: str
    bonus_stat: str
    skills: tuple[Skill, ...]
    chib_die: int = 4
    reconstructed: bool = True


@dataclass(frozen=True)
class Space:
    """A numbered space (1 to 10 or 12), the Village (0) or the Styx (-1):
    its name and the spaces its arrows lead to."""

    number: int
    name: str
    exits: tuple[int, ...]


@dataclass(frozen=True)
class RoundRule:
    """What a round of the compass dial changes on a map (the standard map's
    Hunters' Moon; the advanced map's round modifiers): ``effects`` of kind
    ``round_rule`` or ``buff_all``, for the rounds listed."""

    name: str
    text: str
    rounds: tuple[int, ...]
    flags: frozenset[str]


@dataclass(frozen=True)
class GameMap:
    """A side of the board: its spaces with their arrows, the die that picks
    a random space (D10 or D12), and its round rules for each length of game
    (keyed by the number of rounds, 3 or 6)."""

    id: str
    name: str
    die: int
    spaces: tuple[Space, ...]
    round_rules: Mapping[int, tuple[RoundRule, ...]]
    reconstructed: bool = True

    def space(self, number: int) -> Space:
        for s in self.spaces:
            if s.number == number:
                return s
        raise KeyError(number)


@dataclass(frozen=True)
class GatherBoard:
    """A gather board: its rewards in the order of the D4's faces, its three
    specialty hides (monster classes), its alchemy section (the potions a
    bottle can be placed on) and its hand-limit table (strength -> cards)."""

    id: str
    name: str
    rewards: tuple[str, str, str, str]
    specialty: tuple[str, str, str]
    potions: tuple[str, ...]
    hand_limit: Mapping[int, int]


@dataclass(frozen=True)
class Potion:
    """A potion: what drinking it does, and when it may be drunk."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    timing: str


@dataclass(frozen=True)
class BountyCard:
    """A Bounty card: the monster class wanted, the space it must be slain
    in, and its glory."""

    id: str
    monster_class: str
    space: int
    glory: int
    story: str


@dataclass(frozen=True)
class AdvantageCard:
    """An Advantage card: a weapon (played before the roll) or a hero buff
    (after it); ``effects`` say which."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    timing: str
    copies: int


@dataclass(frozen=True)
class QuestCard:
    """A Heroic Quest card: green (played in one's own turn) or red (in an
    opponent's), with its icon (``weapon``: before the roll; ``shield``:
    after it; ``""``: neither)."""

    id: str
    name: str
    text: str
    banner: str
    icon: str
    effects: tuple[Effect, ...]
    timing: str
    copies: int


@dataclass(frozen=True)
class GMEvent:
    """A GM event (1 to 100 on the percentile dice)."""

    number: int
    name: str
    text: str
    effects: tuple[Effect, ...]
    printed: bool = False
    """Whether the rulebook describes this event (else it is authored)."""


@dataclass(frozen=True)
class Prices:
    """The signs' prices and the game's fixed numbers (coins unless said)."""

    dogmud: int
    holy_water: int
    horse: int
    cash_cube: int
    fountain: int
    training: int
    refresh: int
    advantage_card: int
    coin_cap: int
    kill_coins: int
    cash_cube_die: int
    holy_water_die: int
    hp: int


@dataclass(frozen=True)
class Content:
    """Everything a game of D6 reads, validated."""

    classes: tuple[HeroClass, ...]
    common_skills: tuple[Skill, ...]
    monsters: tuple[Monster, ...]
    guardians: tuple[Guardian, ...]
    maps: Mapping[str, GameMap]
    gather_boards: tuple[GatherBoard, ...]
    potions: Mapping[str, Potion]
    bounties: tuple[BountyCard, ...]
    advantages: tuple[AdvantageCard, ...]
    quests: tuple[QuestCard, ...]
    events: tuple[GMEvent, ...]
    prices: Prices

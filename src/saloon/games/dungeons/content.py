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

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from functools import cache
from importlib import resources
from typing import Any, Final, NoReturn, Protocol, TypeVar, cast

from saloon.core.content import display_name, read_folder
from saloon.core.errors import ContentError, printable, shown
from saloon.games.dungeons.effects import (
    DICE,
    KINDS,
    ROUND_FLAGS,
    STATS,
    Effect,
    covers,
    read_curse_effects,
    read_effects,
    refuse_guardian_buffs,
    timing_of,
    walk,
)

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
    heroes: tuple[str, ...] = ()
    """The names of its hero cards (cosmetic: Part I, Choose Your Hero Card)."""
    expansion: bool = False
    """Whether the class comes with the expansion (Part IV), not the base game."""


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
class AllianceCard(QuestCard):
    """An Alliance card (Part III, Alliance): red-bannered, played out of
    one's own turn; ``side`` ``ally`` helps one's teammate in his turn (its
    effects act for him), ``foe`` hurts an opponent in his (as a red Heroic
    Quest card). Rulings DG-C30, DG-C31."""

    side: str = "foe"


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
class Curse:
    """A curse a curse castle brings to its space (Part IV, Curse Castle
    Standees; Incorporating the Curse Castles): its effects are lasting
    rules of that space (:data:`~saloon.games.dungeons.effects.CURSE_KINDS`)."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    printed: bool = False
    """Whether the rulebook prints this curse (else it is an owner's own)."""

    def amount(self, kind: str) -> int:
        """The sum of the curse's effects of ``kind`` (``stealth_roll``...)."""
        return sum(e.amount for e in self.effects if e.kind == kind)


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
    curses: tuple[Curse, ...] = ()
    alliances: tuple[AllianceCard, ...] = ()
    benefits: tuple[Potion, ...] = ()
    """The Heroic Benefits of the Hide Collection board, numbered 1 to 10
    in order (Part III; used as a potion is: ruling DG-R67)."""
    red_dot: GatherBoard | None = None
    """The gather board marked with the red dot, the only one in solo: the
    companion in place of the Advantage card, on the D4's 1 (Part III)."""
    reconstructed: tuple[str, ...] = ()
    """The files (``classes.toml``, ``maps/standard.toml``...) that say
    they are Saloon's reconstruction rather than the publisher's content."""

    # -- look-ups ---------------------------------------------------------------

    def hero_class(self, id: str) -> HeroClass:
        """The class ``id``.

        >>> load_content().hero_class("mesmerist").bonus_stat
        'skill'
        """
        return _find(self.classes, id, "class")

    def skill(self, id: str) -> Skill:
        """The skill ``id``, a class's or a common one.

        >>> load_content().skill("hero-swap").name
        'Hero Swap'
        """
        every = self.common_skills + tuple(s for c in self.classes for s in c.skills)
        return _find(every, id, "skill")

    def monster(self, id: str) -> Monster:
        """The monster ``id``.

        >>> m = load_content().monster("gnoll")
        >>> m.monster_class, m.environment
        ('beast', 'forest')
        """
        return _find(self.monsters, id, "monster")

    def guardian(self, id: str) -> Guardian:
        """The Guardian ``id``.

        >>> load_content().guardian("plant-of-eden").attack
        3
        """
        return _find(self.guardians, id, "Guardian")

    def bag(self) -> dict[str, int]:
        """The enemy token bag at the start of a game: each monster's and
        Guardian's id and its number of tokens (Components: 70 in all).

        >>> sum(load_content().bag().values())
        70
        """
        tokens = {m.id: m.tokens for m in self.monsters}
        return tokens | {g.id: g.tokens for g in self.guardians}

    def board(self, id: str) -> GatherBoard:
        """The gather board ``id``."""
        return _find(self.gather_boards, id, "gather board")

    def advantage(self, id: str) -> AdvantageCard:
        """The Advantage card ``id``."""
        return _find(self.advantages, id, "Advantage card")

    def quest(self, id: str) -> QuestCard:
        """The Heroic Quest card ``id``."""
        return _find(self.quests, id, "Heroic Quest card")

    def bounty(self, id: str) -> BountyCard:
        """The Bounty card ``id``."""
        return _find(self.bounties, id, "Bounty card")

    def event(self, number: int) -> GMEvent:
        """The GM event rolled as ``number`` (1 to 100).

        >>> load_content().event(100).number
        100
        """
        for e in self.events:
            if e.number == number:
                return e
        raise KeyError(number)

    def curse(self, id: str) -> Curse:
        """The curse ``id`` (Part IV, Incorporating the Curse Castles).

        >>> load_content().curse("gift").name
        'Gift to the Gods'
        """
        return _find(self.curses, id, "curse")

    def bounty_deck(self, map_id: str) -> tuple[BountyCard, ...]:
        """The Bounty cards in play on the map ``map_id``: every card whose
        space the map has (a card naming space 11 or 12 is left out on the
        standard map of 10 spaces; DG-C18).

        >>> c = load_content()
        >>> len(c.bounty_deck("advanced")) == len(c.bounties) > len(c.bounty_deck("standard"))
        True
        """
        top = self.maps[map_id].die
        return tuple(b for b in self.bounties if b.space <= top)


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_HasId)
_K = TypeVar("_K")
_V = TypeVar("_V")


def _find(items: tuple[_T, ...], id: str, what: str) -> _T:
    for item in items:
        if item.id == id:
            return item
    raise KeyError(f"no {what} {id!r}")


# --- the loader ------------------------------------------------------------------

#: The Heroic Benefits of the Hide Collection board (Part III: items 1-10).
BENEFITS: Final = 10

#: The content files, by their names under ``content/``; an owner's folder
#: holds any of them under the same names (``maps/standard.toml``...).
FILES: Final = (
    "prices.toml",
    "potions.toml",
    "classes.toml",
    "enemies.toml",
    "maps/standard.toml",
    "maps/advanced.toml",
    "gather_boards.toml",
    "cards/bounties.toml",
    "cards/advantage.toml",
    "cards/heroic_quest.toml",
    "cards/alliance.toml",
    "events.toml",
    "curses.toml",
    "benefits.toml",
)

#: Printed counts (Components): the cards of each deck, the enemy tokens.
ADVANTAGE_CARDS: Final = 54
QUEST_CARDS: Final = 54
ALLIANCE_CARDS: Final = 44
BOUNTY_CARDS: Final = 45
ENEMY_TOKENS: Final = 70
#: The GM events: a list of a hundred, rolled on 1 to 100 (Part I, GM Events).
EVENTS: Final = 100
#: The lengths of a game: three rounds or six (Part I, Choose the Length).
LENGTHS: Final = (3, 6)
#: The strengths a hand-limit table covers: every stat is 3 to 6 (Part I,
#: Roll for Stats).
STRENGTHS: Final = (3, 4, 5, 6)
#: The most players (four class boards, four gather boards: Components).
MAX_PLAYERS: Final = 4

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_HEADER: Final = ("reconstructed", "reason")
_CARD_TIMINGS: Final = ("any", "turn", "combat", "roll")


def load_content(folder: str | None = None) -> Content:
    """D6's content: the built-in files, or an owner's ``folder`` in which
    any file of :data:`FILES` replaces the built-in file of that name (the
    others are the built-in ones), validated as a whole.

    The built-in content is read once and cached (every new game asks for
    it); an owner's folder is read afresh each time. Every problem is one
    :class:`~saloon.core.errors.ContentError` naming the file, the entry
    and what is wrong.

    >>> c = load_content()
    >>> len(c.classes) >= 4, len(c.advantages) > 0, c.prices.coin_cap
    (True, True, 10)
    >>> load_content() is c
    True
    >>> load_content("no/such/folder")
    Traceback (most recent call last):
    ...
    saloon.core.errors.ContentError: content folder no/such/folder does not exist
    """
    if folder is None:
        return _builtin()
    return _load(_owner_files(folder))


@cache
def _builtin() -> Content:
    return _load({name: _builtin_file(name) for name in FILES})


@dataclass(frozen=True)
class _File:
    """One content file: the name messages give it and its table."""

    name: str
    source: str
    data: Mapping[str, Any]

    def fail(self, message: str) -> NoReturn:
        raise ContentError(f"{self.source}: {message}")


@cache
def _builtin_file(name: str) -> _File:
    path = resources.files("saloon.games.dungeons").joinpath("content")
    for part in name.split("/"):
        path = path.joinpath(part)
    return _File(name, name, _parse(name, path.read_text(encoding="utf-8")))


def _parse(source: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source} is not valid TOML: {exc}") from None
    except (ValueError, RecursionError):  # a huge number, tables nested too deep
        raise ContentError(f"{source} is not TOML that Saloon can read") from None


def _owner_files(folder: str) -> dict[str, _File]:
    """The owner's files in ``folder`` (or the bundle a reference to one
    stands for), each replacing Saloon's file of the same name."""
    found = read_folder(folder, ("*.toml", "maps/*.toml", "cards/*.toml"))
    for name in found:
        if name not in FILES:
            raise ContentError(
                f"content folder {printable(display_name(str(folder)))}: {printable(name)} is "
                f"not a D6 content file (the files are {', '.join(FILES)})"
            )
    files: dict[str, _File] = {}
    for name in FILES:
        if name in found:
            source, text = found[name]
            files[name] = _File(name, source, _parse(source, text))
        else:
            files[name] = _builtin_file(name)
    return files


def _load(files: Mapping[str, _File]) -> Content:
    for f in files.values():
        _check_header(f)
    prices = _read_prices(files["prices.toml"])
    potions = _read_potions(files["potions.toml"])
    classes, common = _read_classes(files["classes.toml"])
    monsters, guardians = _read_enemies(files["enemies.toml"])
    maps = {
        name: _read_map(files[f"maps/{name}.toml"], name, die)
        for name, die in (("standard", 10), ("advanced", 12))
    }
    boards = _read_boards(files["gather_boards.toml"], potions)
    red_dot = _read_red_dot(files["gather_boards.toml"], potions, boards)
    top = max(m.die for m in maps.values())
    bounties = _read_bounties(files["cards/bounties.toml"], top)
    advantages = _read_advantages(files["cards/advantage.toml"])
    quests = _read_quests(files["cards/heroic_quest.toml"])
    seen = {c.id: "cards/advantage.toml" for c in advantages}
    for q in quests:
        if q.id in seen:
            files["cards/heroic_quest.toml"].fail(
                f"card {q.id!r}: an Advantage card has that id; card ids are one namespace"
            )
    alliances = _read_alliances(files["cards/alliance.toml"])
    for x in alliances:
        if x.id in seen or any(q.id == x.id for q in quests):
            files["cards/alliance.toml"].fail(
                f"card {x.id!r}: another deck has that id; card ids are one namespace"
            )
    events = _read_events(files["events.toml"])
    curses = _read_curses(files["curses.toml"], guardians)
    benefits = _read_potions(files["benefits.toml"], "benefits")
    if len(benefits) != BENEFITS:
        files["benefits.toml"].fail(
            f"{len(benefits)} benefits: the Hide Collection board has {BENEFITS} (Part III)"
        )
    return Content(
        classes=classes,
        common_skills=common,
        monsters=monsters,
        guardians=guardians,
        maps=frozen(maps),
        gather_boards=boards,
        potions=frozen({p.id: p for p in potions}),
        bounties=bounties,
        advantages=advantages,
        quests=quests,
        events=events,
        prices=prices,
        curses=curses,
        alliances=alliances,
        benefits=benefits,
        red_dot=red_dot,
        reconstructed=tuple(n for n in FILES if files[n].data.get("reconstructed", False)),
    )


# -- the pieces of a file -------------------------------------------------------


def _check_header(f: _File) -> None:
    """Every file may say ``reconstructed = true`` with a ``reason``."""
    reconstructed = f.data.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        f.fail("reconstructed must be true or false")
    if reconstructed or "reason" in f.data:
        _text(f, f.data, "reason", "the file", limit=400)


def _keys(
    f: _File, table: object, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``table`` as a dict, if it has every ``required`` key and no key
    beyond ``optional``."""
    if not isinstance(table, dict):
        f.fail(f"{where} must be a table, not {shown(table)}")
    for key in required:
        if key not in table:
            f.fail(f"{where} has no {key}")
    for key in table:
        if key not in required and key not in optional:
            accepted = ", ".join((*required, *optional))
            f.fail(f"{where}: {shown(key)} is not a key here (the keys are {accepted})")
    return table


def _entries(f: _File, key: str, top: tuple[str, ...]) -> list[Any]:
    """The array of tables ``[[key]]`` of a file whose top-level keys are
    ``top`` (plus the header)."""
    _keys(f, f.data, "the file", (), (*_HEADER, *top))
    entries = f.data.get(key)
    if not isinstance(entries, list) or not entries:
        f.fail(f"a list of [[{key}]] tables is missing")
    return entries


def _int(f: _File, table: Mapping[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        f.fail(f"{where}: {key} must be a whole number from {lo} to {hi}, not {shown(value)}")
    return value


def _die(f: _File, table: Mapping[str, Any], key: str, where: str) -> int:
    value = table.get(key)
    if isinstance(value, bool) or value not in DICE:
        dice = ", ".join(map(str, DICE))
        f.fail(f"{where}: {key} must be a die of {dice} sides, not {shown(value)}")
    return int(value)


def _text(f: _File, table: Mapping[str, Any], key: str, where: str, limit: int = 240) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        f.fail(f"{where}: {key} must be a non-empty string")
    if len(value) > limit or not value.isprintable():
        f.fail(f"{where}: {key} must be one line of at most {limit} printable characters")
    return value


def _bool(f: _File, table: Mapping[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        f.fail(f"{where}: {key} must be true or false")
    return value


def _one_of(f: _File, table: Mapping[str, Any], key: str, where: str, names: Iterable[str]) -> str:
    value = table.get(key)
    names = tuple(names)
    if value not in names:
        f.fail(f"{where}: {key} must be one of {', '.join(names)}, not {shown(value)}")
    return str(value)


def _ids(f: _File, entries: list[Any], what: str) -> list[tuple[str, dict[str, Any]]]:
    """Each entry with its name for messages (``card 'x'``), its ``id``
    checked (lowercase words joined by hyphens) and never repeated."""
    out: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            f.fail(f"{what} {i + 1} must be a table, not {shown(entry)}")
        id = entry.get("id")
        if not isinstance(id, str) or len(id) > 40 or not _ID.fullmatch(id):
            f.fail(
                f"{what} {i + 1}: id must be lowercase words joined by hyphens "
                f"(as 'short-sword'), not {shown(id)}"
            )
        if id in seen:
            f.fail(f"{what} {id!r} appears twice")
        seen.add(id)
        out.append((f"{what} {id!r}", entry))
    return out


def _effects(f: _File, table: Mapping[str, Any], where: str) -> tuple[Effect, ...]:
    try:
        return read_effects(table.get("effects"), f"{where}: effects")
    except ValueError as exc:
        raise ContentError(f"{f.source}: {exc}") from None


def _timing(f: _File, table: Mapping[str, Any], effects: tuple[Effect, ...], where: str) -> str:
    """The tightest timing of ``effects``, or the entry's own ``timing``
    if that is tighter still (a card kept for a fight, say)."""
    try:
        timing = timing_of(effects, f"{where}: effects")
    except ValueError as exc:
        raise ContentError(f"{f.source}: {exc}") from None
    if "timing" in table:
        declared = _one_of(f, table, "timing", where, _CARD_TIMINGS)
        if not covers(timing, declared):
            f.fail(f"{where}: timing {declared!r} does not fit its effects, which need {timing!r}")
        timing = declared
    return timing


# -- each file --------------------------------------------------------------------


def _read_prices(f: _File) -> Prices:
    """``prices.toml``: the signs' prices and the fixed numbers."""
    names = [fl.name for fl in dataclass_fields(Prices)]
    _keys(f, f.data, "the file", tuple(names), _HEADER)
    values: dict[str, int] = {}
    for name in names:
        if name.endswith("_die"):
            values[name] = _die(f, f.data, name, "prices")
        else:
            values[name] = _int(
                f, f.data, name, "prices", 1 if name in ("coin_cap", "hp") else 0, 99
            )
    return Prices(**values)


def _read_potions(f: _File, key: str = "potions") -> tuple[Potion, ...]:
    """``potions.toml``: ``[[potions]]`` with id, name, text, effects (and
    ``benefits.toml``'s ``[[benefits]]`` alike)."""
    out = []
    for where, p in _ids(f, _entries(f, key, (key,)), key.rstrip("s")):
        _keys(f, p, where, ("id", "name", "text", "effects"), ("timing",))
        effects = _effects(f, p, where)
        out.append(
            Potion(
                id=p["id"],
                name=_text(f, p, "name", where, 60),
                text=_text(f, p, "text", where),
                effects=effects,
                timing=_timing(f, p, effects, where),
            )
        )
    return tuple(out)


def _read_skill(f: _File, s: dict[str, Any], where: str) -> Skill:
    _keys(f, s, where, ("id", "name", "text", "effects"), ("timing",))
    effects = _effects(f, s, where)
    return Skill(
        id=s["id"],
        name=_text(f, s, "name", where, 60),
        text=_text(f, s, "text", where),
        effects=effects,
        timing=_timing(f, s, effects, where),
    )


def _read_classes(f: _File) -> tuple[tuple[HeroClass, ...], tuple[Skill, ...]]:
    """``classes.toml``: ``[[classes]]`` (id, name, bonus, heroes, skills,
    and chib_die, expansion) and ``[[common_skills]]``."""
    entries = _entries(f, "classes", ("classes", "common_skills"))
    common_raw = f.data.get("common_skills")
    if not isinstance(common_raw, list):
        f.fail("a list of [[common_skills]] tables is missing")
    common = tuple(_read_skill(f, s, where) for where, s in _ids(f, common_raw, "common skill"))
    skill_ids = {s.id: "the common skills" for s in common}
    classes = []
    for where, c in _ids(f, entries, "class"):
        _keys(
            f,
            c,
            where,
            ("id", "name", "bonus", "heroes", "skills"),
            ("chib_die", "expansion"),
        )
        heroes = c["heroes"]
        if not isinstance(heroes, list) or not heroes:
            f.fail(f"{where}: heroes must be a list of hero names")
        for i in range(len(heroes)):
            _text(f, {"name": heroes[i]}, "name", f"{where}: heroes[{i}]", 60)
        if len(set(heroes)) != len(heroes):
            f.fail(f"{where}: heroes name a hero twice")
        raw_skills = c["skills"]
        if not isinstance(raw_skills, list) or not raw_skills:
            f.fail(f"{where}: skills must be a list of [[classes.skills]] tables")
        skills = tuple(_read_skill(f, s, f"{where}: {w}") for w, s in _ids(f, raw_skills, "skill"))
        for s in skills:
            if s.id in skill_ids:
                f.fail(f"{where}: skill {s.id!r} is also one of {skill_ids[s.id]}")
            skill_ids[s.id] = f"class {c['id']!r}"
        chib = _die(f, c, "chib_die", where) if "chib_die" in c else 4
        classes.append(
            HeroClass(
                id=c["id"],
                name=_text(f, c, "name", where, 40),
                bonus_stat=_one_of(f, c, "bonus", where, STATS),
                skills=skills,
                chib_die=chib,
                reconstructed=bool(f.data.get("reconstructed", False)),
                heroes=tuple(heroes),
                expansion=_bool(f, c, "expansion", where),
            )
        )
    base = sum(not c.expansion for c in classes)
    if base < MAX_PLAYERS:
        f.fail(f"the base game needs {MAX_PLAYERS} classes (one a player), not {base}")
    return tuple(classes), common


def _read_enemies(f: _File) -> tuple[tuple[Monster, ...], tuple[Guardian, ...]]:
    """``enemies.toml``: ``[[monsters]]`` (id, name, class, die,
    environment, tokens) and ``[[guardians]]`` (id, name, kind, die or
    attack, glory, tokens); 70 tokens in all (Components)."""
    monsters = []
    for where, m in _ids(f, _entries(f, "monsters", ("monsters", "guardians")), "monster"):
        _keys(f, m, where, ("id", "name", "class", "die", "tokens"), ("environment",))
        cls = _one_of(f, m, "class", where, MONSTER_CLASSES)
        env: str | None = None
        if cls == "poison":  # Part II, The Maps: every monster but the Poison class
            if "environment" in m:
                f.fail(f"{where}: a Poison monster has no environment (Part II, The Maps)")
        else:
            env = _one_of(f, m, "environment", where, ENVIRONMENTS)
        monsters.append(
            Monster(
                id=m["id"],
                name=_text(f, m, "name", where, 40),
                monster_class=cls,
                die=_die(f, m, "die", where),
                environment=env,
                tokens=_int(f, m, "tokens", where, 1, ENEMY_TOKENS),
            )
        )
    for cls in MONSTER_CLASSES:
        if not any(m.monster_class == cls for m in monsters):
            f.fail(f"no monster of the class {cls!r} (every class is wanted by bounties)")
    raw = f.data.get("guardians")
    if not isinstance(raw, list) or not raw:
        f.fail("a list of [[guardians]] tables is missing")
    guardians = []
    ids = {m.id for m in monsters}
    for where, g in _ids(f, raw, "guardian"):
        if g["id"] in ids:
            f.fail(f"{where}: a monster has that id; a token's id names one enemy")
        _keys(f, g, where, ("id", "name", "kind", "tokens"), ("die", "attack", "glory"))
        kind = _one_of(f, g, "kind", where, GUARDIAN_KINDS)
        if kind == "plant":  # Part I, Know Thine Enemy: no roll, attack 3, no glory
            if "die" in g or g.get("glory", 0) != 0:
                f.fail(f"{where}: a Plant of Eden rolls no die and is worth no glory")
            die, attack, glory = 0, _int(f, g, "attack", where, 1, 20), 0
        else:  # a Dragon or the Kraken: a die, and glory
            if "attack" in g:
                f.fail(f"{where}: a {kind} rolls its die; only a Plant of Eden has an attack")
            die, attack, glory = _die(f, g, "die", where), 0, _int(f, g, "glory", where, 1, 10)
        guardians.append(
            Guardian(
                id=g["id"],
                name=_text(f, g, "name", where, 40),
                kind=kind,
                die=die,
                attack=attack,
                glory=glory,
                tokens=_int(f, g, "tokens", where, 1, ENEMY_TOKENS),
            )
        )
    total = sum(m.tokens for m in monsters) + sum(g.tokens for g in guardians)
    if total != ENEMY_TOKENS:
        f.fail(f"the tokens add up to {total}; the bag holds {ENEMY_TOKENS} (Components)")
    return tuple(monsters), tuple(guardians)


def _read_map(f: _File, map_id: str, die: int) -> GameMap:
    """``maps/<id>.toml``: name, die, ``[[spaces]]`` (number, name, exits)
    and ``[[round_rules]]`` (length, name, text, rounds, flags)."""
    entries = _entries(f, "spaces", ("name", "die", "spaces", "round_rules"))
    name = _text(f, f.data, "name", "the map", 60)
    if _die(f, f.data, "die", "the map") != die:
        f.fail(f"the die must be a D{die} (Part II, The Maps)")
    spaces: dict[int, Space] = {}
    for i, s in enumerate(entries):
        where = f"space {i + 1}"
        if isinstance(s, dict) and isinstance(s.get("number"), int):
            where = f"space {s['number']}"
        s = _keys(f, s, where, ("number", "name", "exits"))
        number = _int(f, s, "number", where, STYX, die)
        if number in spaces:
            f.fail(f"{where} appears twice")
        exits = s["exits"]
        if not isinstance(exits, list) or not all(
            isinstance(e, int) and not isinstance(e, bool) for e in exits
        ):
            f.fail(f"{where}: exits must be a list of space numbers")
        if len(set(exits)) != len(exits):
            f.fail(f"{where}: exits name a space twice")
        spaces[number] = Space(number, _text(f, s, "name", where, 60), tuple(exits))
    for number in (VILLAGE, STYX, *range(1, die + 1)):
        if number not in spaces:
            what = {VILLAGE: "the Village (0)", STYX: "the Styx (-1)"}.get(number, str(number))
            f.fail(f"space {what} is missing (the map has 1 to {die}, the Village and the Styx)")
    for s in spaces.values():
        for e in s.exits:
            if e not in spaces:
                f.fail(f"space {s.number}: an arrow leads to {e}, which the map lacks")
            if e == s.number:
                f.fail(f"space {s.number}: an arrow leads to itself")
            if e == STYX:
                f.fail(f"space {s.number}: no arrow leads to the Styx (only death does)")
    if spaces[STYX].exits:
        f.fail("space -1: the Styx has no arrows (a hero leaves it by respawning)")
    _check_reachable(f, spaces)
    rules = _read_round_rules(f)
    return GameMap(
        id=map_id,
        name=name,
        die=die,
        spaces=tuple(sorted(spaces.values(), key=lambda s: (s.number < 0, s.number))),
        round_rules=frozen(rules),
        reconstructed=bool(f.data.get("reconstructed", False)),
    )


def _check_reachable(f: _File, spaces: Mapping[int, Space]) -> None:
    """Every numbered space can be reached from the Village, and the
    Village from every numbered space, by the arrows."""
    ahead = _reach(VILLAGE, {s.number: s.exits for s in spaces.values()})
    back: dict[int, list[int]] = {n: [] for n in spaces}
    for s in spaces.values():
        for e in s.exits:
            back[e].append(s.number)
    behind = _reach(VILLAGE, {n: tuple(v) for n, v in back.items()})
    for n in sorted(spaces):
        if n == STYX:
            continue
        if n not in ahead:
            f.fail(f"space {n} cannot be reached from the Village")
        if n not in behind:
            f.fail(f"from space {n} no way of arrows leads back to the Village")


def _reach(start: int, exits: Mapping[int, tuple[int, ...]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in exits[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _read_round_rules(f: _File) -> dict[int, tuple[RoundRule, ...]]:
    raw = f.data.get("round_rules", [])
    if not isinstance(raw, list):
        f.fail("round_rules must be a list of [[round_rules]] tables")
    rules: dict[int, list[RoundRule]] = {n: [] for n in LENGTHS}
    for i, r in enumerate(raw):
        where = f"round rule {i + 1}"
        r = _keys(f, r, where, ("length", "name", "text", "rounds", "flags"))
        length = r["length"]
        if length not in LENGTHS:
            f.fail(f"{where}: length must be 3 or 6 (rounds in a game), not {shown(length)}")
        rounds = r["rounds"]
        if (
            not isinstance(rounds, list)
            or not rounds
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in rounds)
            or not all(1 <= n <= length for n in rounds)
            or len(set(rounds)) != len(rounds)
        ):
            f.fail(f"{where}: rounds must be a list of different rounds from 1 to {length}")
        flags = r["flags"]
        if not isinstance(flags, list) or not flags:
            f.fail(f"{where}: flags must be a list of round flags")
        try:  # no round rule raises a Guardian (DG-R40), named as the events' are
            refuse_guardian_buffs(flags, where)
        except ValueError as exc:
            f.fail(str(exc))
        for flag in flags:
            if flag not in ROUND_FLAGS:
                f.fail(
                    f"{where}: {shown(flag)} is not a round flag (one of {', '.join(ROUND_FLAGS)})"
                )
        rules[length].append(
            RoundRule(
                name=_text(f, r, "name", where, 60),
                text=_text(f, r, "text", where),
                rounds=tuple(sorted(rounds)),
                flags=frozenset(flags),
            )
        )
    return {n: tuple(v) for n, v in rules.items()}


def _read_boards(f: _File, potions: tuple[Potion, ...]) -> tuple[GatherBoard, ...]:
    """``gather_boards.toml``: ``[[boards]]`` (id, name, rewards, specialty,
    potions, hand_limit)."""
    boards = _read_boards_list(f, potions)
    if len(boards) < MAX_PLAYERS:
        f.fail(f"there must be {MAX_PLAYERS} gather boards (one a player), not {len(boards)}")
    first = boards[0]
    for board in boards[1:]:  # Part I, Choose Your Gather Board: no board has an advantage
        if dict(board.hand_limit) != dict(first.hand_limit):
            f.fail(f"board {board.id!r}: its hand limits differ from those of board {first.id!r}")
    return boards


def _read_boards_list(f: _File, potions: tuple[Potion, ...]) -> tuple[GatherBoard, ...]:
    known = [p.id for p in potions]
    boards = []
    for where, b in _ids(f, _entries(f, "boards", ("boards", "red_dot")), "board"):
        _keys(f, b, where, ("id", "name", "rewards", "specialty", "potions", "hand_limit"))
        rewards = b["rewards"]
        if not isinstance(rewards, list) or sorted(map(str, rewards)) != sorted(REWARDS):
            f.fail(f"{where}: rewards must be {', '.join(REWARDS)} in the order of the D4's faces")
        specialty = b["specialty"]
        if not isinstance(specialty, list) or len(specialty) != 3:
            f.fail(f"{where}: specialty must be a list of three monster classes")
        for cls in specialty:
            if cls not in MONSTER_CLASSES:
                f.fail(
                    f"{where}: specialty {shown(cls)} is not a monster class "
                    f"(one of {', '.join(MONSTER_CLASSES)})"
                )
        names = b["potions"]
        if not isinstance(names, list) or len(names) < 2:
            f.fail(f"{where}: potions must list at least two potions (two bottles)")
        for p in names:
            if p not in known:
                f.fail(f"{where}: potion {shown(p)} is not in potions.toml")
        if len(set(names)) != len(names):
            f.fail(f"{where}: potions name one twice")
        limit = b["hand_limit"]
        if not isinstance(limit, dict):
            f.fail(f"{where}: hand_limit must be a table of strength = cards")
        table: dict[int, int] = {}
        for key in limit:
            if not key.isdigit() or int(key) not in STRENGTHS:
                f.fail(f"{where}: hand_limit {shown(key)} is not a strength from 3 to 6")
            table[int(key)] = _int(f, limit, key, f"{where}: hand_limit", 1, 20)
        for s in STRENGTHS:
            if s not in table:
                f.fail(f"{where}: hand_limit has no entry for strength {s} (it needs 3 to 6)")
        boards.append(
            GatherBoard(
                id=b["id"],
                name=_text(f, b, "name", where, 40),
                rewards=cast(tuple[str, str, str, str], tuple(rewards)),
                specialty=cast(tuple[str, str, str], tuple(specialty)),
                potions=tuple(names),
                hand_limit=frozen(dict(sorted(table.items()))),
            )
        )
    return tuple(boards)


#: The red-dot board's rewards: the companion in place of the Advantage card (Part III).
RED_DOT_REWARDS = ("companion", "coins", "alchemy", "wild")


def _read_red_dot(
    f: _File, potions: tuple[Potion, ...], boards: tuple[GatherBoard, ...]
) -> GatherBoard | None:
    """``gather_boards.toml``'s ``[red_dot]``: the solo board (Part III,
    Setup, Gather Board), the companion on the D4's 1 (Part III,
    Companions: "When you roll a 1 in a gather")."""
    b = f.data.get("red_dot")
    if b is None:
        return None
    where = "red_dot"
    if not isinstance(b, dict):
        f.fail("red_dot must be a table")
    _keys(f, b, where, ("id", "name", "rewards", "specialty", "potions", "hand_limit"))
    rewards = b["rewards"]
    if not isinstance(rewards, list) or sorted(map(str, rewards)) != sorted(RED_DOT_REWARDS):
        f.fail(f"{where}: rewards must be {', '.join(RED_DOT_REWARDS)} in the D4's order")
    if rewards[0] != "companion":
        f.fail(f"{where}: the companion is the D4's 1 (Part III, Companions)")
    if b["id"] in {x.id for x in boards}:
        f.fail(f"{where}: id {shown(b['id'])} is a board's of [[boards]] already")
    plain = dict(b, rewards=["advantage", *rewards[1:]])
    fake = _File(f.name, f.source, {"boards": [plain], "reconstructed": True})
    checked = _read_boards_list(fake, potions)[0]
    return GatherBoard(
        id=checked.id,
        name=checked.name,
        rewards=cast(tuple[str, str, str, str], tuple(rewards)),
        specialty=checked.specialty,
        potions=checked.potions,
        hand_limit=checked.hand_limit,
    )


def _read_bounties(f: _File, top: int) -> tuple[BountyCard, ...]:
    """``cards/bounties.toml``: ``[[bounties]]`` (id, class, space, glory,
    story); 45 cards (Components)."""
    cards = []
    for where, b in _ids(f, _entries(f, "bounties", ("bounties",)), "bounty"):
        _keys(f, b, where, ("id", "class", "space", "glory", "story"))
        space = b.get("space")
        if isinstance(space, int) and not isinstance(space, bool) and not 1 <= space <= top:
            f.fail(f"{where}: space {space} is on neither map (1 to {top})")
        cards.append(
            BountyCard(
                id=b["id"],
                monster_class=_one_of(f, b, "class", where, MONSTER_CLASSES),
                space=_int(f, b, "space", where, 1, top),
                glory=_int(f, b, "glory", where, 1, 10),
                story=_text(f, b, "story", where),
            )
        )
    if len(cards) != BOUNTY_CARDS:
        f.fail(f"the deck has {len(cards)} cards; the game has {BOUNTY_CARDS} (Components)")
    return tuple(cards)


def _read_advantages(f: _File) -> tuple[AdvantageCard, ...]:
    """``cards/advantage.toml``: ``[[cards]]`` (id, name, text, effects,
    copies): weapons, played before the roll, and hero buffs, after it;
    54 cards counting the copies (Components)."""
    cards = []
    for where, c in _ids(f, _entries(f, "cards", ("cards",)), "card"):
        _keys(f, c, where, ("id", "name", "text", "effects"), ("copies", "timing"))
        effects = _effects(f, c, where)
        timing = _timing(f, c, effects, where)
        if timing not in ("combat", "roll"):  # Part II, Advantage Cards: a combat advantage
            f.fail(f"{where}: an Advantage card is a weapon or a hero buff, played in a fight")
        cards.append(
            AdvantageCard(
                id=c["id"],
                name=_text(f, c, "name", where, 60),
                text=_text(f, c, "text", where),
                effects=effects,
                timing=timing,
                copies=_int(f, c, "copies", where, 1, ADVANTAGE_CARDS) if "copies" in c else 1,
            )
        )
    total = sum(c.copies for c in cards)
    if total != ADVANTAGE_CARDS:
        f.fail(f"the deck has {total} cards; the game has {ADVANTAGE_CARDS} (Components)")
    return tuple(cards)


def _read_quests(f: _File) -> tuple[QuestCard, ...]:
    """``cards/heroic_quest.toml``: ``[[cards]]`` (id, name, text, banner,
    icon, effects, copies); 54 cards counting the copies (Components)."""
    cards = []
    for where, c in _ids(f, _entries(f, "cards", ("cards",)), "card"):
        _keys(
            f, c, where, ("id", "name", "text", "banner", "effects"), ("icon", "copies", "timing")
        )
        effects = _effects(f, c, where)
        timing = _timing(f, c, effects, where)
        banner = _one_of(f, c, "banner", where, ("green", "red"))
        icon = _one_of(f, c, "icon", where, ("weapon", "shield", "")) if "icon" in c else ""
        name = _text(f, c, "name", where, 60)
        # Part II, Heroic Quest Cards: green in one's own turn, red in an
        # opponent's; the weapon icon before the roll, the shield after it.
        if banner == "red" and timing == "turn":
            f.fail(f"{where}: a red card is played in an opponent's turn, not in one's own")
        # Part II, Specialty Hides, step 6: once the hero has rolled, only his
        # own buffs and Dogmud follow; no opponent acts after the roll, so a
        # red card of an after-roll effect would open a window the rules
        # close (ruling DG-R39).
        if banner == "red" and timing == "roll":
            f.fail(
                f"{where} ({name}) is a red card with an effect played after the "
                "hero's roll, and no opponent acts after the roll (Part II, Specialty "
                "Hides, step 6; ruling DG-R39): make it a green card or a before-roll effect"
            )
        if icon == "shield" and timing != "roll":
            f.fail(f"{where}: the shield icon means after the roll; its effects are {timing!r}")
        if icon == "weapon" and timing != "combat":
            f.fail(f"{where}: the weapon icon means before the roll; its effects are {timing!r}")
        if timing == "roll" and icon != "shield":
            f.fail(f"{where}: a card played after the roll carries the shield icon")
        cards.append(
            QuestCard(
                id=c["id"],
                name=name,
                text=_text(f, c, "text", where),
                banner=banner,
                icon=icon,
                effects=effects,
                timing=timing,
                copies=_int(f, c, "copies", where, 1, QUEST_CARDS) if "copies" in c else 1,
            )
        )
    total = sum(c.copies for c in cards)
    if total != QUEST_CARDS:
        f.fail(f"the deck has {total} cards; the game has {QUEST_CARDS} (Components)")
    return tuple(cards)


#: What an Alliance card may do, by side (rulings DG-C30, DG-C31): an ``ally``
#: card acts for the teammate whose turn it is, in the windows of his turn
#: (:mod:`.rules.alliance`); a ``foe`` card in the collective GM's window of an
#: opponent's fight, before the roll, as a red Heroic Quest card.
ALLY_KINDS: Final = frozenset(
    {
        "gain_coins",
        "heal",
        "hero_buff",
        "win_ties",
        "draw_advantage",
        "extra_action",
        "stealth_bonus",
        "auto_stealth",
        "fill_potion",
    }
)
FOE_KINDS: Final = frozenset(
    {
        "monster_buff",
        "monster_hp",
        "steal_coins",
        "lose_coins",
        "lose_action",
        "discard_random",
        "spawn",
    }
)


def _read_alliances(f: _File) -> tuple[AllianceCard, ...]:
    """``cards/alliance.toml``: ``[[cards]]`` (id, name, side, text,
    effects, copies); 44 cards counting the copies (Components). An ally
    card's effects reach its teammate (``self``); a foe card's reach the
    opponent whose turn it is (``active``) or the board (Part III, Alliance)."""
    cards = []
    for where, c in _ids(f, _entries(f, "cards", ("cards",)), "card"):
        _keys(f, c, where, ("id", "name", "text", "side", "effects"), ("copies",))
        effects = _effects(f, c, where)
        side = _one_of(f, c, "side", where, ("ally", "foe"))
        allowed = ALLY_KINDS if side == "ally" else FOE_KINDS
        for e in effects:
            if e.kind not in allowed:
                f.fail(
                    f"{where}: an {side} card does not {e.kind} (it may: "
                    f"{', '.join(sorted(allowed))}; rulings DG-C30, DG-C31)"
                )
            if side == "ally" and e.target != "self":
                f.fail(f"{where}: an ally card's effects reach the teammate (target self)")
            if side == "foe" and "target" in KINDS[e.kind].params and e.target != "active":
                f.fail(f"{where}: a foe card's effects reach the opponent (target active)")
        timing = "any" if side == "ally" else "combat"
        cards.append(
            AllianceCard(
                id=c["id"],
                name=_text(f, c, "name", where, 60),
                text=_text(f, c, "text", where),
                banner="red",
                icon="",
                effects=effects,
                timing=timing,
                copies=_int(f, c, "copies", where, 1, ALLIANCE_CARDS) if "copies" in c else 1,
                side=side,
            )
        )
    total = sum(c.copies for c in cards)
    if total != ALLIANCE_CARDS:
        f.fail(f"the deck has {total} cards; the game has {ALLIANCE_CARDS} (Components)")
    return tuple(cards)


def _read_events(f: _File) -> tuple[GMEvent, ...]:
    """``events.toml``: ``[[events]]`` (number, name, text, effects,
    printed), one for each number 1 to 100 (Part I, GM Events)."""
    events: dict[int, GMEvent] = {}
    for i, e in enumerate(_entries(f, "events", ("events",))):
        where = f"event {i + 1}"
        if isinstance(e, dict) and isinstance(e.get("number"), int):
            where = f"event {e['number']}"
        e = _keys(f, e, where, ("number", "name", "text", "effects"), ("printed",))
        number = _int(f, e, "number", where, 1, EVENTS)
        if number in events:
            f.fail(f"{where} appears twice")
        effects = _effects(f, e, where)
        for x in walk(effects):  # between rounds: no turn and no fight is under way
            if KINDS[x.kind].timing in ("turn", "combat", "roll"):
                f.fail(
                    f"{where}: {x.kind} needs a turn or a fight; a GM event happens between rounds"
                )
        events[number] = GMEvent(
            number=number,
            name=_text(f, e, "name", where, 60),
            text=_text(f, e, "text", where, 400),
            effects=effects,
            printed=_bool(f, e, "printed", where),
        )
    for n in range(1, EVENTS + 1):
        if n not in events:
            f.fail(f"event {n} is missing (the events are numbered 1 to {EVENTS})")
    return tuple(events[n] for n in range(1, EVENTS + 1))


class _Frozen(Mapping[_K, _V]):
    """A read-only mapping that pickles as itself (a game's state goes
    whole to another process, content and all), with no global hook."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[_K, _V]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: _K) -> _V:
        return self._data[key]

    def __iter__(self) -> Iterator[_K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"frozen({self._data!r})"


def frozen(mapping: Mapping[_K, _V]) -> Mapping[_K, _V]:
    """A read-only copy of ``mapping`` that pickles.

    >>> import pickle
    >>> table = frozen({"a": 1})
    >>> pickle.loads(pickle.dumps(table)) == table == {"a": 1}
    True
    >>> table["a"] = 2
    Traceback (most recent call last):
    ...
    TypeError: '_Frozen' object does not support item assignment
    """
    return _Frozen(mapping)


def _read_curses(f: _File, guardians: tuple[Guardian, ...]) -> tuple[Curse, ...]:
    """``curses.toml``: ``[[curses]]`` (id, name, text, effects, printed),
    the curses a castle may bring (Part IV, Incorporating the Curse
    Castles; ruling DG-C22); none raises a Guardian (ruling DG-R40)."""
    out: list[Curse] = []
    kinds = (*GUARDIAN_KINDS, *(g.id for g in guardians))
    for where, c in _ids(f, _entries(f, "curses", ("curses",)), "curse"):
        c = _keys(f, c, where, ("id", "name", "text", "effects"), ("printed",))
        try:
            effects = read_curse_effects(c.get("effects"), where, MONSTER_CLASSES, kinds)
        except ValueError as exc:
            raise ContentError(f"{f.source}: {exc}") from None
        out.append(
            Curse(
                id=c["id"],
                name=_text(f, c, "name", where, limit=60),
                text=_text(f, c, "text", where),
                effects=effects,
                printed=_bool(f, c, "printed", where),
            )
        )
    return tuple(out)

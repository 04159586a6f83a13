"""The effects that D6's authored content is made of: one closed vocabulary.

The rulebook prints almost none of D6's content (RULINGS.md, D6): the class
skills, the potions, the Advantage and Heroic Quest cards and the hundred GM
events are authored by Saloon as data. Every one of them does what a list of
:class:`Effect` values says, each of a kind named in :data:`KINDS`, so the
engine has one interpreter for all of them (``rules/effects.py``) and an
owner's own cards need only be written in the same words.

An effect is a small frozen value: its ``kind`` and the few parameters that
kind reads (:data:`KINDS` says which; the loader refuses any other). A
choice, a stat check or a die roll nests effects in ``then``, ``otherwise``
or ``options``.

>>> Effect("gain_coins", amount=2)
Effect('gain_coins', amount=2)
>>> Effect("stat_check", stat="stealth", then=(Effect("gain_coins", amount=2),))
Effect('stat_check', stat='stealth', then=(Effect('gain_coins', amount=2),))
>>> str(Effect("monster_buff", amount=1))
'monster buff +1'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Final

from saloon.core.errors import shown

#: Who an effect reaches (its ``target``). ``self``: the one who plays the
#: card, drinks the potion or uses the skill (for a GM event: every player
#: in turn, as ``each``); ``active``: the player whose turn it is;
#: ``chosen``: another player the user picks; ``each``: every player in
#: turn order from player one; ``others``: every player but the user;
#: ``leader``/``trailer``: the players with the most/least glory (all of
#: them if tied); ``engaged``: the enemy the active hero is fighting.
TARGETS: Final = ("self", "active", "chosen", "each", "others", "leader", "trailer", "engaged")

#: Where an enemy is put or a hero is sent (``where``): ``random`` (the
#: map's die), ``adjacent`` (a space the user picks among the exits),
#: ``village``, ``styx``, ``here`` (the user's space), ``chosen`` (any
#: numbered space the user picks), ``bounty`` (a space named by a face-up
#: Bounty card, the user's pick).
PLACES: Final = ("random", "adjacent", "village", "styx", "here", "chosen", "bounty")

#: The stats, in the class board's order; ``skill`` is the last, as the
#: rulebook says (Part II, The Class Board, E). Strength, stealth and skill
#: are named by the rulebook; ``wits`` is Saloon's name for the fourth
#: (RULINGS.md, D6; docs/rulings.md, DG-C1).
STATS: Final = ("strength", "stealth", "wits", "skill")

#: The rules a round can switch on (a map's round rules, an event's
#: ``round_rule``): each a name the engine knows, and what it does.
ROUND_FLAGS: Final[dict[str, str]] = {
    "hunters_moon": (
        "every monster (not a Guardian) gets +2 to its combat rolls (Part I, Enemy Engagement)"
    ),
    "fog": "every stealth check is rolled with 1 added",
    "clear_night": "every stealth check is rolled with 1 taken off",
    "quiet": "no enemy is spawned at the start of a turn",
    "bloodlust": "every monster (not a Guardian) gets +1 to its combat rolls",
    "market_day": "the Village's paid services cost 1 coin less (at least 0)",
    "no_horses": "no horse may be rented",
}


#: The round rules no content may set, and why: each would give every
#: Guardian a combat buff, and the rulebook says Guardians "can't be given
#: combat buffs or extra HP" (Part I, Know Thine Enemy; a lone Plant of
#: Eden's attack is a fixed 3, not rolled). ``guardians_stir`` was once a
#: round rule of Saloon's own (the advanced map's round four, GM events
#: 82, 89, 90 and 91); issue 37 took it out (ruling DG-R40).
GUARDIAN_BUFF_FLAGS: Final[dict[str, str]] = {
    "guardians_stir": "it would give every Guardian +1 to its combat rolls",
}


def refuse_guardian_buffs(flags: Iterable[object], where: str) -> None:
    """Refuse, with one :class:`ValueError` naming ``where``, round rules
    that would give a Guardian a combat buff (:data:`GUARDIAN_BUFF_FLAGS`):
    Guardians can't be given combat buffs (Part I, Know Thine Enemy). The
    loader calls it on every ``round_rule`` effect (events, cards, skills,
    potions, an owner's own included) and can call it on a map's round rules.

    >>> refuse_guardian_buffs(["bloodlust", "fog"], "round rule 5")
    >>> try:
    ...     refuse_guardian_buffs(["guardians_stir"], "event 89")
    ... except ValueError as exc:
    ...     print(str(exc).replace(", and ", ",\\nand "))
    event 89: 'guardians_stir' is refused: it would give every Guardian +1 to its combat rolls,
    and Guardians can't be given combat buffs (Part I, Know Thine Enemy)
    """
    for f in flags:
        if isinstance(f, str) and f in GUARDIAN_BUFF_FLAGS:
            raise ValueError(
                f"{where}: {f!r} is refused: {GUARDIAN_BUFF_FLAGS[f]}, and Guardians "
                "can't be given combat buffs (Part I, Know Thine Enemy)"
            )


@dataclass(frozen=True)
class KindSpec:
    """What one kind of effect reads, and when it can happen.

    ``params``: the :class:`Effect` fields this kind reads (every other
    field must keep its default); ``timing``: ``combat`` (only while the
    user's own hero or, for a red card, an opponent's hero is in a fight),
    ``roll`` (in a fight, after the dice are rolled: the rulebook's shield
    icon), ``turn`` (the user's own turn, outside a fight), ``any`` (either),
    ``event`` (a GM event's or a check's consequence, never a card's own).
    """

    params: frozenset[str]
    timing: str
    text: str


def _k(params: str, timing: str, text: str) -> KindSpec:
    return KindSpec(frozenset(params.split()), timing, text)


#: Every kind of effect, what it reads and what it does (in the engine's
#: words; the citations are in ``rules/effects.py``).
KINDS: Final[dict[str, KindSpec]] = {
    # -- a fight: the hero's side ------------------------------------------------
    "weapon": _k(
        "die dice flags",
        "combat",
        "roll this weapon (a die of ``die`` sides, ``dice`` of them) instead of the natural die; "
        "flags: ranged (a lost roll does no harm), critical (the roll is doubled), "
        "dual_wield (roll it beside a second weapon, the sum counts)",
    ),
    "hero_buff": _k("amount", "roll", "add ``amount`` to the hero's combat total"),
    "reroll": _k("", "roll", "roll one of the hero's dice again (as Dogmud)"),
    "double": _k("", "roll", "double the hero's roll (Critical, after the roll)"),
    "ward": _k("", "roll", "the hero takes no harm from this lost roll"),
    "win_ties": _k("", "combat", "the hero wins ties in this fight as if strength were 6"),
    "disengage": _k("where", "combat", "leave the fight, and go ``where``"),
    "hero_swap": _k("", "combat", "change places with another player's hero (the Hero Swap)"),
    "transform": _k("", "combat", "the engaged monster becomes a class of the user's choice"),
    # -- a fight: the monster's side (red cards, events) ---------------------------
    "monster_buff": _k("amount", "combat", "add ``amount`` to the monster's combat total"),
    "monster_hp": _k("amount", "combat", "the monster gains ``amount`` extra HP"),
    "monster_reroll": _k("", "roll", "the GM rolls the monster's die again"),
    "cancel_card": _k("", "combat", "the card just played has no effect (it is discarded)"),
    # -- turn and movement -----------------------------------------------------------
    "extra_action": _k("amount", "turn", "the user has ``amount`` more actions this turn"),
    "lose_action": _k(
        "amount target", "any", "the target has ``amount`` fewer actions on its next turn"
    ),
    "stealth_bonus": _k("amount", "any", "lower the next stealth roll by ``amount``"),
    "auto_stealth": _k("", "any", "the next stealth check succeeds without a roll"),
    "free_move": _k("where", "turn", "move the hero ``where`` without spending an action"),
    "send": _k(
        "target where", "any", "move the target's hero ``where`` (never out of the Village)"
    ),
    "unchib": _k("", "any", "the hero returns from chib form to heroic form (as Acupunch)"),
    "chib": _k("target", "event", "the target flips to chib form"),
    # -- resources -----------------------------------------------------------------
    "gain_coins": _k("amount target", "any", "the target gains ``amount`` coins (to the cap)"),
    "lose_coins": _k(
        "amount target", "any", "the target pays ``amount`` coins to the bank (as many as it has)"
    ),
    "steal_coins": _k("amount target", "any", "take up to ``amount`` coins from the target"),
    "heal": _k("amount target", "any", "the target regains ``amount`` HP (to its maximum)"),
    "lose_hp": _k("amount target", "event", "the target loses ``amount`` HP (and may die)"),
    "stat_change": _k(
        "amount stat target",
        "any",
        "change the target's ``stat`` by ``amount`` (3 to 6; ``stat`` 'choice': the target picks)",
    ),
    "draw_advantage": _k(
        "amount target", "any", "the target draws ``amount`` Advantage cards (to the hand limit)"
    ),
    "draw_quest": _k(
        "amount target", "any", "the target draws ``amount`` Heroic Quest cards (to the hand limit)"
    ),
    "discard_random": _k("amount target", "any", "the target discards ``amount`` cards at random"),
    "fill_potion": _k(
        "target", "any", "the target fills a potion of its choice (as the Alchemy reward)"
    ),
    "empty_potion": _k("target", "event", "the target empties a filled potion of its choice"),
    "refresh_skill": _k(
        "amount target", "any", "the target's ``amount`` used skill markers return unlocked"
    ),
    "personal_gather": _k("target", "any", "the target rolls a free personal gather"),
    "open_gather": _k(
        "", "event", "an open gather: the first player rolls the D4, every player collects"
    ),
    "lose_hides": _k(
        "target", "event", "the target returns its specialty and wild hides to the bag"
    ),
    # -- the board -------------------------------------------------------------------
    "spawn": _k(
        "amount where", "any", "draw ``amount`` enemies from the bag and place them ``where``"
    ),
    "remove_enemy": _k(
        "where",
        "any",
        "return an enemy (the user's pick) ``where`` to the bag; never a Guardian or a Cash Cube",
    ),
    "move_enemy": _k(
        "where", "any", "move an enemy from the user's space ``where``; never a Cash Cube"
    ),
    "buff_all": _k(
        "amount",
        "event",
        "every monster on the board gains ``amount`` to its combat total until the next round",
    ),
    "hp_all": _k("amount", "event", "every monster on the board gains ``amount`` extra HP"),
    "new_bounties": _k(
        "", "event", "the face-up bounties go under the deck and three new ones are turned"
    ),
    "round_rule": _k(
        "flags", "event", "a rule of :data:`ROUND_FLAGS` holds for the next round only"
    ),
    # -- composites -----------------------------------------------------------------------
    "stat_check": _k(
        "stat target then otherwise",
        "any",
        "each target rolls a D6 under its ``stat``: ``then`` on success, ``otherwise`` on failure",
    ),
    "roll": _k(
        "die options",
        "event",
        "roll a die of ``die`` sides; the ``options`` entry of that face (1-based, cycled) happens",
    ),
    "choice": _k("target options", "any", "each target picks one of ``options``"),
    "nothing": _k("", "any", "nothing happens (a flavour event)"),
}


@dataclass(frozen=True)
class Effect:
    """One effect: a kind from :data:`KINDS` and the parameters it reads.

    ``options`` holds the branches of a ``choice`` or a ``roll``: each a
    tuple of effects that happen together.
    """

    kind: str
    amount: int = 0
    die: int = 0
    dice: int = 1
    stat: str = ""
    target: str = "self"
    where: str = ""
    flags: frozenset[str] = field(default_factory=frozenset)
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    options: tuple[tuple[Effect, ...], ...] = ()

    def __repr__(self) -> str:
        parts = [repr(self.kind)]
        for f in fields(self)[1:]:
            value = getattr(self, f.name)
            if value != _DEFAULTS[f.name]:
                parts.append(f"{f.name}={value!r}")
        return f"Effect({', '.join(parts)})"

    def __str__(self) -> str:
        words = self.kind.replace("_", " ")
        if "amount" in KINDS.get(self.kind, KindSpec(frozenset(), "", "")).params and self.amount:
            words += f" {self.amount:+d}"
        if self.die:
            words += f" d{self.die}"
        return words


#: Each field's default, so that ``repr`` shows only what is set.
_DEFAULTS: Final[dict[str, object]] = {
    f.name: f.default for f in fields(Effect) if f.name != "flags"
} | {"flags": frozenset()}


# --- reading effects from content files ------------------------------------------

#: The dice a weapon, a monster, a table roll or a price may name: the hero
#: and enemy dice of the box (Components; Part I, About the Dice).
DICE: Final = (4, 6, 8, 10, 12, 20)

#: The keywords a weapon may carry (Part II, The Cards, Advantage Cards).
WEAPON_FLAGS: Final = ("ranged", "critical", "dual_wield")

#: The timings of :data:`KINDS`, from the loosest to the tightest; ``turn``
#: and ``combat`` exclude each other, ``roll`` is a moment of ``combat``.
TIMINGS: Final = ("any", "turn", "combat", "roll", "event")

#: The places each ``where``-reading kind accepts (the others make no sense:
#: no enemy is ever put in the Village or the Styx, Part II, The Village).
WHERE: Final[dict[str, tuple[str, ...]]] = {
    "disengage": ("adjacent", "village", "random", "chosen"),
    "free_move": ("adjacent", "village", "random", "chosen", "bounty"),
    "send": ("random", "adjacent", "village", "styx", "chosen", "bounty"),
    "spawn": ("random", "here", "adjacent", "chosen", "bounty"),
    "remove_enemy": ("here", "adjacent", "chosen"),
    "move_enemy": ("adjacent", "random", "chosen", "bounty"),
}

#: The amounts each ``amount``-reading kind accepts (lowest, highest); zero
#: never (an effect that does nothing is written ``nothing``).
AMOUNTS: Final[dict[str, tuple[int, int]]] = {
    "stat_change": (-3, 3),
    "hero_buff": (1, 5),
    "monster_buff": (1, 5),
    "monster_hp": (1, 3),
    "extra_action": (1, 3),
    "lose_action": (1, 3),
    "stealth_bonus": (1, 5),
    "heal": (1, 3),
    "lose_hp": (1, 3),
    "draw_advantage": (1, 3),
    "draw_quest": (1, 3),
    "discard_random": (1, 3),
    "refresh_skill": (1, 3),
    "spawn": (1, 4),
    "buff_all": (1, 3),
    "hp_all": (1, 2),
}
_AMOUNT_RANGE: Final = (1, 10)

#: How deep ``then``/``otherwise``/``options`` may nest (a check inside a
#: choice inside a roll is the deepest any content needs).
MAX_DEPTH: Final = 3

_COMPOSITES: Final = ("stat_check", "roll", "choice")


def read_effects(value: object, where: str, *, depth: int = 0) -> tuple[Effect, ...]:
    """The effects a content file gives as a list of tables (TOML inline
    tables ``{ kind = "gain_coins", amount = 2 }``), validated; a
    :class:`ValueError` naming ``where`` and the problem otherwise (the
    loader adds the file's name).

    >>> read_effects([{"kind": "gain_coins", "amount": 2}], "effects")
    (Effect('gain_coins', amount=2),)
    >>> read_effects([{"kind": "weapon", "die": 8, "flags": ["ranged"]}], "effects")
    (Effect('weapon', die=8, flags=frozenset({'ranged'})),)
    >>> read_effects([{"kind": "gain_coin", "amount": 2}], "effects")
    Traceback (most recent call last):
    ...
    ValueError: effects[0]: 'gain_coin' is not an effect kind (did you mean 'gain_coins'?)
    >>> read_effects([{"kind": "heal", "amount": 1, "die": 6}], "effects")
    Traceback (most recent call last):
    ...
    ValueError: effects[0]: heal does not read 'die' (it reads amount, target)
    """
    if not isinstance(value, list) or not value:
        raise ValueError(f"{where} must be a non-empty list of effects ({{ kind = ... }} tables)")
    return tuple(read_effect(item, f"{where}[{i}]", depth=depth) for i, item in enumerate(value))


def read_effect(value: object, where: str, *, depth: int = 0) -> Effect:
    """One effect of a content file (see :func:`read_effects`)."""
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be a table {{ kind = ..., ... }}, not {shown(value)}")
    kind = value.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"{where}: {shown(kind)} is not an effect kind{_suggest(kind, KINDS)}")
    spec = KINDS[kind]
    for key in value:
        if key == "kind":
            continue
        if key not in _FIELDS:
            raise ValueError(f"{where}: {shown(key)} is not a parameter of any effect")
        if key not in spec.params:
            reads = ", ".join(sorted(spec.params)) or "nothing"
            raise ValueError(f"{where}: {kind} does not read {shown(key)} (it reads {reads})")
    args: dict[str, object] = {}
    if "amount" in spec.params:
        lo, hi = AMOUNTS.get(kind, _AMOUNT_RANGE)
        amount = _int(value.get("amount"), f"{where}: {kind}'s amount", lo, hi)
        if amount == 0:
            raise ValueError(f"{where}: {kind}'s amount must not be 0")
        args["amount"] = amount
    if "die" in spec.params:
        die = value.get("die")
        if isinstance(die, bool) or die not in DICE:
            dice = ", ".join(map(str, DICE))
            raise ValueError(f"{where}: {kind}'s die must be one of {dice}, not {shown(die)}")
        args["die"] = die
    if "dice" in spec.params and "dice" in value:
        args["dice"] = _int(value["dice"], f"{where}: {kind}'s dice", 1, 2)
    if "stat" in spec.params:
        stats = (*STATS, "choice") if kind == "stat_change" else STATS
        stat = value.get("stat")
        if stat not in stats:
            raise ValueError(
                f"{where}: {kind}'s stat must be one of {', '.join(stats)}, not {shown(stat)}"
            )
        args["stat"] = stat
    if "target" in spec.params and "target" in value:
        target = value["target"]
        if target not in TARGETS:
            raise ValueError(
                f"{where}: {kind}'s target must be one of {', '.join(TARGETS)}, not {shown(target)}"
            )
        if target == "engaged":
            raise ValueError(f"{where}: {kind} reaches a hero, not the engaged enemy")
        if kind == "steal_coins" and target == "self":
            raise ValueError(f"{where}: steal_coins takes from another player, not from self")
        args["target"] = target
    if "where" in spec.params:
        place = value.get("where")
        allowed = WHERE[kind]
        if place not in allowed:
            raise ValueError(
                f"{where}: {kind}'s where must be one of {', '.join(allowed)}, not {shown(place)}"
            )
        args["where"] = place
    if "flags" in spec.params:
        args["flags"] = _flags(kind, value.get("flags", []), where)
    if kind in _COMPOSITES:
        if depth >= MAX_DEPTH:
            raise ValueError(f"{where}: effects nest more than {MAX_DEPTH} deep")
        die = args.get("die", 0)
        args.update(_branches(kind, value, where, depth + 1, die if isinstance(die, int) else 0))
    return Effect(kind, **args)  # type: ignore[arg-type]


def _flags(kind: str, raw: object, where: str) -> frozenset[str]:
    names = WEAPON_FLAGS if kind == "weapon" else tuple(ROUND_FLAGS)
    if not isinstance(raw, list) or not all(isinstance(f, str) for f in raw):
        raise ValueError(f"{where}: {kind}'s flags must be a list of names")
    if kind == "round_rule":
        refuse_guardian_buffs(raw, where)
    for f in raw:
        if f not in names:
            raise ValueError(
                f"{where}: {shown(f)} is not a {kind} flag (one of {', '.join(names)})"
            )
    if len(set(raw)) != len(raw):
        raise ValueError(f"{where}: {kind}'s flags name one twice")
    if kind == "round_rule" and not raw:
        raise ValueError(f"{where}: round_rule needs at least one flag")
    return frozenset(raw)


def _branches(
    kind: str, value: dict[str, object], where: str, depth: int, die: int
) -> dict[str, object]:
    out: dict[str, object] = {}
    if kind == "stat_check":
        for key in ("then", "otherwise"):
            if key in value:
                out[key] = read_effects(value[key], f"{where}.{key}", depth=depth)
        if not out:
            raise ValueError(f"{where}: a stat_check needs then, otherwise or both")
        return out
    raw = value.get("options")
    if not isinstance(raw, list) or len(raw) < 2:
        raise ValueError(f"{where}: a {kind} needs a list of at least two options")
    options: list[tuple[Effect, ...]] = []
    for i, branch in enumerate(raw):
        place = f"{where}.options[{i}]"
        if isinstance(branch, dict):  # one effect, written without its list
            options.append((read_effect(branch, place, depth=depth),))
        else:
            options.append(read_effects(branch, place, depth=depth))
    if kind == "roll" and len(options) > die:
        raise ValueError(f"{where}: a roll of a D{die} has more options than faces")
    out["options"] = tuple(options)
    return out


def walk(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """Every effect of ``effects`` and of their branches, outermost first.

    >>> check = Effect("stat_check", stat="wits", then=(Effect("heal", amount=1),))
    >>> [e.kind for e in walk((check,))]
    ['stat_check', 'heal']
    """
    out: list[Effect] = []
    for e in effects:
        out.append(e)
        out.extend(walk(e.then))
        out.extend(walk(e.otherwise))
        for branch in e.options:
            out.extend(walk(branch))
    return tuple(out)


def timing_of(effects: tuple[Effect, ...], where: str = "effects") -> str:
    """The tightest timing of ``effects`` (a card, a skill or a potion):
    ``any`` unless one of them needs the user's turn (``turn``), a fight
    (``combat``) or a rolled fight (``roll``); a kind of timing ``event``
    may only be a branch of a check, a roll or a choice. Effects that need
    both the turn outside a fight and a fight are refused.

    >>> timing_of((Effect("gain_coins", amount=1), Effect("hero_buff", amount=1)))
    'roll'
    >>> timing_of((Effect("extra_action", amount=1), Effect("hero_buff", amount=1)))
    Traceback (most recent call last):
    ...
    ValueError: effects: extra_action (turn) and hero_buff (roll) cannot be played together
    """
    timing, first = "any", ""
    for i, e in enumerate(effects):
        if KINDS[e.kind].timing == "event":
            raise ValueError(
                f"{where}[{i}]: {e.kind} happens only in a GM event or a check's branch"
            )
    for e in walk(effects):
        t = KINDS[e.kind].timing
        if t in ("any", "event"):
            continue
        merged = _tighter(timing, t)
        if merged is None:
            raise ValueError(
                f"{where}: {first} ({timing}) and {e.kind} ({t}) cannot be played together"
            )
        if merged != timing:
            timing, first = merged, e.kind
    return timing


def _tighter(a: str, b: str) -> str | None:
    if a == "any" or a == b:
        return b
    if {a, b} == {"combat", "roll"}:
        return "roll"
    return None


def covers(loose: str, tight: str) -> bool:
    """Whether a moment of timing ``tight`` is also a moment of ``loose``.

    >>> covers("combat", "roll"), covers("roll", "combat"), covers("any", "turn")
    (True, False, True)
    """
    return loose == tight or loose == "any" or (loose, tight) == ("combat", "roll")


_FIELDS: Final = frozenset(f.name for f in fields(Effect)) - {"kind"}


def _int(value: object, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}, not {shown(value)}")
    return value


def _suggest(word: object, names: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when ``word`` is close to one of ``names``."""
    if isinstance(word, str) and len(word) < 40:
        close = difflib.get_close_matches(word, list(names), n=1)
        if close:
            return f" (did you mean {close[0]!r}?)"
    return " (see saloon.games.dungeons.effects.KINDS)"


# --- curses: what a curse castle does in its space -----------------------------------

#: The effects a curse castle may have (Part IV, Curse Castle Standees;
#: Incorporating the Curse Castles), each a lasting rule of the castle's
#: space rather than a thing that happens once: the words of :data:`KINDS`
#: where one fits (``gain_coins``, ``monster_buff``), a new one for the roll
#: the castle changes (``stealth_roll``). Their amounts: (lowest, highest),
#: never 0.
CURSE_KINDS: Final[dict[str, KindSpec]] = {
    "stealth_roll": _k(
        "amount",
        "curse",
        "``amount`` is added to every stealth roll made in the space (a check succeeds "
        "under the stat, so +1 makes it harder)",
    ),
    "gain_coins": _k(
        "amount",
        "curse",
        "whoever earns coins in the space earns ``amount`` more with them (to the cap)",
    ),
    "monster_buff": _k(
        "amount flags",
        "curse",
        "every monster in the space (of the classes in ``flags``; every class if none) "
        "gets ``amount`` on its combat rolls; never a Guardian or a Cash Cube",
    ),
}
CURSE_AMOUNTS: Final[dict[str, tuple[int, int]]] = {
    "stealth_roll": (-3, 3),
    "gain_coins": (1, 3),
    "monster_buff": (1, 3),
}


def read_curse_effects(
    value: object, where: str, classes: Iterable[str], guardians: Iterable[str] = ()
) -> tuple[Effect, ...]:
    """A curse's effects (:data:`CURSE_KINDS`) from a content file, each a
    table; ``classes``: the monster classes ``monster_buff`` may name;
    ``guardians``: the Guardian kinds, refused by name (Guardians take no
    bonuses: Part I, Know Thine Enemy; ruling DG-R40). One
    :class:`ValueError` naming ``where`` and the problem otherwise.

    >>> read_curse_effects([{"kind": "stealth_roll", "amount": 1}], "curse 'x'", ["beast"])
    (Effect('stealth_roll', amount=1),)
    >>> read_curse_effects(
    ...     [{"kind": "monster_buff", "amount": 1, "flags": ["beast"]}], "c", ["beast"]
    ... )
    (Effect('monster_buff', amount=1, flags=frozenset({'beast'})),)
    >>> def why(effect):
    ...     try:
    ...         read_curse_effects([effect], "curse 'x'", ["beast"], ["dragon"])
    ...     except ValueError as exc:
    ...         print(str(exc).replace(": ", ":\\n"))
    >>> why({"kind": "monster_buff", "amount": 1, "flags": ["dragon"]})
    curse 'x':
    effects[0]:
    a curse never raises a Guardian ('dragon'):
    Guardians take no bonuses (Part I, Know Thine Enemy; ruling DG-R40)
    >>> why({"kind": "heal", "amount": 1})
    curse 'x':
    effects[0]:
    'heal' is not a curse's effect (one of stealth_roll, gain_coins, monster_buff)
    """
    if not isinstance(value, list) or not value:
        raise ValueError(f"{where}: effects must be a non-empty list of {{ kind = ... }} tables")
    classes, guardians = tuple(classes), tuple(guardians)
    out: list[Effect] = []
    for i, item in enumerate(value):
        at = f"{where}: effects[{i}]"
        if not isinstance(item, dict):
            raise ValueError(f"{at} must be a table {{ kind = ..., ... }}, not {shown(item)}")
        kind = item.get("kind")
        if not isinstance(kind, str) or kind not in CURSE_KINDS:
            raise ValueError(
                f"{at}: {shown(kind)} is not a curse's effect (one of {', '.join(CURSE_KINDS)})"
            )
        spec = CURSE_KINDS[kind]
        for key in item:
            if key != "kind" and key not in spec.params:
                reads = ", ".join(sorted(spec.params))
                raise ValueError(f"{at}: {kind} does not read {shown(key)} (it reads {reads})")
        lo, hi = CURSE_AMOUNTS[kind]
        amount = _int(item.get("amount"), f"{at}: {kind}'s amount", lo, hi)
        if amount == 0:
            raise ValueError(f"{at}: {kind}'s amount must not be 0")
        flags: frozenset[str] = frozenset()
        if "flags" in item:
            raw = item["flags"]
            if not isinstance(raw, list) or not all(isinstance(f, str) for f in raw):
                raise ValueError(f"{at}: {kind}'s flags must be a list of monster classes")
            for f in raw:
                if f in guardians or f == "guardian":
                    raise ValueError(
                        f"{at}: a curse never raises a Guardian ({f!r}): Guardians take no "
                        "bonuses (Part I, Know Thine Enemy; ruling DG-R40)"
                    )
                if f not in classes:
                    raise ValueError(
                        f"{at}: {shown(f)} is not a monster class (one of {', '.join(classes)})"
                    )
            if len(set(raw)) != len(raw):
                raise ValueError(f"{at}: {kind}'s flags name a class twice")
            flags = frozenset(raw)
        out.append(Effect(kind, amount=amount, flags=flags))
    return tuple(out)

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

from dataclasses import dataclass, field, fields
from typing import Final

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
#: (RULINGS.md, D6; docs/rulings.md, D6-C1).
STATS: Final = ("strength", "stealth", "wits", "skill")

#: The rules a round can switch on (a map's round rules, an event's
#: ``round_rule``): each a name the engine knows, and what it does.
ROUND_FLAGS: Final[dict[str, str]] = {
    "hunters_moon": "every monster (not a Guardian) gets +2 to its combat rolls (Part I, Enemy Engagement)",
    "fog": "every stealth check is rolled with 1 added",
    "clear_night": "every stealth check is rolled with 1 taken off",
    "quiet": "no enemy is spawned at the start of a turn",
    "bloodlust": "every monster gets +1 to its combat rolls",
    "guardians_stir": "every Guardian gets +1 to its combat rolls",
    "market_day": "the Village's paid services cost 1 coin less (at least 0)",
    "no_horses": "no horse may be rented",
}


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
    "lose_action": _k("amount target", "any", "the target has ``amount`` fewer actions on its next turn"),
    "stealth_bonus": _k("amount", "any", "lower the next stealth roll by ``amount``"),
    "auto_stealth": _k("", "any", "the next stealth check succeeds without a roll"),
    "free_move": _k("where", "turn", "move the hero ``where`` without spending an action"),
    "send": _k("target where", "any", "move the target's hero ``where`` (never out of the Village)"),
    "unchib": _k("", "any", "the hero returns from chib form to heroic form (as Acupunch)"),
    "chib": _k("target", "event", "the target flips to chib form"),
    # -- resources -----------------------------------------------------------------
    "gain_coins": _k("amount target", "any", "the target gains ``amount`` coins (to the cap)"),
    "lose_coins": _k("amount target", "any", "the target pays ``amount`` coins to the bank (as many as it has)"),
    "steal_coins": _k("amount target", "any", "take up to ``amount`` coins from the target"),
    "heal": _k("amount target", "any", "the target regains ``amount`` HP (to its maximum)"),
    "lose_hp": _k("amount target", "event", "the target loses ``amount`` HP (and may die)"),
    "stat_change": _k("amount stat target", "any", "change the target's ``stat`` by ``amount`` (3 to 6; ``stat`` 'choice': the target picks)"),
    "draw_advantage": _k("amount target", "any", "the target draws ``amount`` Advantage cards (to the hand limit)"),
    "draw_quest": _k("amount target", "any", "the target draws ``amount`` Heroic Quest cards (to the hand limit)"),
    "discard_random": _k("amount target", "any", "the target discards ``amount`` cards at random"),
    "fill_potion": _k("target", "any", "the target fills a potion of its choice (as the Alchemy reward)"),
    "empty_potion": _k("target", "event", "the target empties a filled potion of its choice"),
    "refresh_skill": _k("amount target", "any", "the target's ``amount`` used skill markers return unlocked"),
    "personal_gather": _k("target", "any", "the target rolls a free personal gather"),
    "open_gather": _k("", "event", "an open gather: the first player rolls the D4, every player collects"),
    "lose_hides": _k("target", "event", "the target returns its specialty and wild hides to the bag"),
    # -- the board -------------------------------------------------------------------
    "spawn": _k("amount where", "any", "draw ``amount`` enemies from the bag and place them ``where``"),
    "remove_enemy": _k("where", "any", "return an enemy (the user's pick) ``where`` to the bag; never a Guardian or a Cash Cube"),
    "move_enemy": _k("where", "any", "move an enemy from the user's space ``where``; never a Cash Cube"),
    "buff_all": _k("amount", "event", "every monster on the board gains ``amount`` to its combat total until the next round"),
    "hp_all": _k("amount", "event", "every monster on the board gains ``amount`` extra HP"),
    "new_bounties": _k("", "event", "the face-up bounties go under the deck and three new ones are turned"),
    "round_rule": _k("flags", "event", "a rule of :data:`ROUND_FLAGS` holds for the next round only"),
    # -- composites -----------------------------------------------------------------------
    "stat_check": _k("stat target then otherwise", "any", "each target rolls a D6 under its ``stat``: ``then`` on success, ``otherwise`` on failure"),
    "roll": _k("die options", "event", "roll a die of ``die`` sides; the ``options`` entry of that face (1-based, cycled) happens"),
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

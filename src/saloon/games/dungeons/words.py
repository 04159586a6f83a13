"""D6's authored content in a player's words: counts, round rules, effects, cards, classes.

Every card, skill, potion and GM event is written in one vocabulary of
effects (:data:`saloon.games.dungeons.effects.KINDS`). Where a sentence
shows what one does (an event's option, a class's skills when the class is
chosen, a gather board's potions, a card about to be discarded), it is
said here in words, never by its effect's key name.

>>> from saloon.games.dungeons.effects import Effect
>>> effect_words(Effect("gain_coins", amount=2))
'gain 2 coins (up to 10)'
>>> effect_words(Effect("lose_action", amount=1, target="active"))
'the active player has 1 action fewer next turn'
>>> count(1, "coin"), count(0, "skill marker"), count(3, "bounty card")
('1 coin', 'no skill markers', '3 bounty cards')
>>> flag_words("bloodlust")
'every monster (not a Guardian) gets +1 to its combat rolls'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.games.dungeons.content import AdvantageCard, HeroClass, Potion, QuestCard, Skill
from saloon.games.dungeons.effects import KINDS, ROUND_FLAGS, Effect, walk

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` of ``noun``, with the plural right (``no`` for zero)."""
    many = plural or (noun[:-1] + "ies" if noun.endswith("y") and noun[-2:] != "ey" else noun + "s")
    if n == 0:
        return f"no {many}"
    return f"{n} {noun if n == 1 else many}"


def flag_words(flag: str) -> str:
    """A round rule (:data:`~saloon.games.dungeons.effects.ROUND_FLAGS`) as
    what it does; an unknown one by its name with spaces."""
    text = ROUND_FLAGS.get(flag, flag.replace("_", " "))
    # The engine's words cite the rulebook in brackets; a sentence needs none.
    return text.split(" (Part")[0]


#: Who an effect reaches, as the subject of a sentence (``self``: "you"),
#: and in a GM event, where ``self`` is every player.
_SUBJECT = {
    "self": "you",
    "active": "the active player",
    "chosen": "a player of your choice",
    "each": "every player",
    "others": "every other player",
    "leader": "the players with the most glory",
    "trailer": "the players with the least glory",
    "engaged": "the monster",
}

_WHERE = {
    "random": "a random space, by the map's die",
    "adjacent": "an adjacent space",
    "village": "the Village",
    "styx": "the Styx",
    "here": "your space",
    "chosen": "a numbered space of your choice",
    "bounty": "a space a face-up bounty names",
}


def _subject(e: Effect, event: bool) -> str:
    if event and e.target == "self":
        return "every player"
    return _SUBJECT.get(e.target, "you")


def _verb(subject: str, you: str, third: str, plural: str = "") -> str:
    """``you`` form for "you", the plural for a group, else the third person."""
    if subject == "you":
        return you
    if subject.startswith("the players"):
        return plural or you
    return third


def _his(subject: str) -> str:
    return "your" if subject == "you" else "their"


def effect_words(e: Effect, event: bool = False) -> str:
    """One effect in words, as a clause (``gain 2 coins``; in a GM event,
    where ``self`` is every player, ``every player gains 2 coins``)."""
    k = e.kind
    n = e.amount
    who = _subject(e, event)
    where = _WHERE.get(e.where, e.where)

    def sv(you: str, third: str, rest: str = "") -> str:
        verb = _verb(who, you, third)
        head = verb if who == "you" else f"{who} {verb}"
        return f"{head} {rest}".strip()

    if k == "weapon":
        dice = f"{e.dice}d{e.die}" if e.dice > 1 else f"a d{e.die}"
        keys = _keywords(e.flags)
        if "dual_wield" in e.flags:
            out = f"roll {dice} beside a second weapon (or your d6), the two added"
        else:
            out = f"roll {dice} instead of your d6"
        if "ranged" in e.flags:
            out += "; a lost roll does you no harm"
        if "critical" in e.flags:
            out += f"; the {dice[2:] if dice.startswith('a ') else dice} doubled"
        return out + (f" ({keys})" if keys else "")
    if k == "hero_buff":
        return f"+{n} to your combat total"
    if k == "reroll":
        return "roll one of your dice again"
    if k == "double":
        return "double your roll"
    if k == "ward":
        return "take no harm if you lose the round"
    if k == "win_ties":
        return "win ties in this fight as if your strength were 6"
    if k == "disengage":
        return f"leave the fight for {where}"
    if k == "hero_swap":
        return (
            "change places with another player's hero on a numbered space: you leave the "
            "fight, and they take a free personal gather"
        )
    if k == "transform":
        return "the monster becomes a class you name, with a bare d6 and no bonus for the roll"
    if k == "monster_buff":
        return f"+{n} to the monster's combat total this round"
    if k == "monster_hp":
        return f"the monster gains {count(n, 'extra HP', 'extra HP')}"
    if k == "monster_reroll":
        return "the monster's die is rolled again"
    if k == "cancel_card":
        return "cancel the card just played (it is discarded with no effect)"
    if k == "extra_action":
        return f"{count(n, 'more action', 'more actions')} this turn"
    if k == "lose_action":
        return sv("have", "has", f"{count(n, 'action fewer', 'actions fewer')} next turn")
    if k == "stealth_bonus":
        return f"take {n} off your next stealth roll"
    if k == "auto_stealth":
        return "your next stealth check succeeds without a roll"
    if k == "free_move":
        return f"move to {where} without spending an action"
    if k == "send":
        if e.where == "village":
            return sv("go", "goes", "to the Village")
        return sv("go", "goes", f"to {where} (a hero in the Village stays there)")
    if k == "unchib":
        if event:
            return "every chib takes back its heroic form and its d6"
        return "a chib takes back its heroic form and its d6"
    if k == "chib":
        return sv("turn", "turns", "into a chib (the chib's die, no Advantage cards)")
    if k == "gain_coins":
        return sv("gain", "gains", f"{count(n, 'coin')} (up to 10)")
    if k == "lose_coins":
        return sv("pay", "pays", f"{count(n, 'coin')} (or as many as {_his(who)} purse holds)")
    if k == "steal_coins":
        return f"take up to {count(n, 'coin')} from {_SUBJECT.get(e.target, 'a player')}"
    if k == "heal":
        return sv("regain", "regains", f"{n} HP")
    if k == "lose_hp":
        return sv("lose", "loses", f"{n} HP")
    if k == "stat_change":
        what = f"a stat of {_his(who)} choice" if e.stat == "choice" else f"{_his(who)} {e.stat}"
        if n > 0:
            return sv("raise", "raises", f"{what} by {n} (at most 6)")
        return sv("lower", "lowers", f"{what} by {-n} (at least 3)")
    if k == "draw_advantage":
        return sv("draw", "draws", count(n, "Advantage card"))
    if k == "draw_quest":
        return sv("draw", "draws", count(n, "Heroic Quest card"))
    if k == "discard_random":
        return sv("discard", "discards", f"{count(n, 'card')} at random")
    if k == "fill_potion":
        return sv("fill", "fills", f"a potion of {_his(who)} choice")
    if k == "empty_potion":
        return sv("empty", "empties", f"a filled potion of {_his(who)} choice")
    if k == "refresh_skill":
        return sv("refresh", "refreshes", count(n, "used skill marker"))
    if k == "personal_gather":
        return sv("take", "takes", "a free personal gather")
    if k == "open_gather":
        return "an open gather: player one rolls the d4 and every player collects"
    if k == "lose_hides":
        return sv("return", "returns", f"all {_his(who)} hides to the bag")
    if k == "spawn":
        return f"{count(n, 'enemy')} from the bag go{'es' if n == 1 else ''} to {where}"
    if k == "remove_enemy":
        place = {"here": "in your space", "adjacent": "next to you"}.get(e.where, "anywhere")
        if event:
            return f"each player in turn sends a monster {place} back to the bag"
        return f"send a monster {place} back to the bag (never a Guardian or a Cash Cube)"
    if k == "move_enemy":
        return f"move an enemy other than a Cash Cube from your space to {where}"
    if k == "buff_all":
        return f"every monster gets +{n} to its combat rolls until the next round"
    if k == "hp_all":
        return f"every monster on the board gains {count(n, 'extra HP', 'extra HP')}"
    if k == "new_bounties":
        return "the face-up bounties go under the deck and three new ones are turned up"
    if k == "round_rule":
        return "next round, " + "; ".join(flag_words(f) for f in sorted(e.flags))
    if k == "stat_check":
        roll = sv("roll", "rolls", f"{_his(who)} die against {_his(who)} {e.stat}")
        then = branch_words(e.then) if e.then else "nothing"
        other = branch_words(e.otherwise) if e.otherwise else "nothing"
        return f"{roll}: under it, {then}; if not, {other}"
    if k == "roll":
        return f"roll a d{e.die} ({roll_table(e, event)})"
    if k == "choice":
        options = " or ".join(branch_words(b) for b in e.options)
        return sv("choose", "chooses", f"one: {options}")
    if k == "nothing":
        return "nothing happens"
    return KINDS[k].text.replace("``", "") if k in KINDS else k.replace("_", " ")


def roll_table(e: Effect, event: bool = False) -> str:
    """A roll's faces and what each brings, equal faces side by side
    (``1-3: nothing happens; 4-6: gain 5 coins``)."""
    rows: list[tuple[int, int, str]] = []
    for face in range(1, e.die + 1):
        words = branch_words(e.options[(face - 1) % len(e.options)], event)
        if rows and rows[-1][2] == words:
            rows[-1] = (rows[-1][0], face, words)
        else:
            rows.append((face, face, words))
    return "; ".join(f"{lo}: {w}" if lo == hi else f"{lo}-{hi}: {w}" for lo, hi, w in rows)


def branch_words(effects: Sequence[Effect], event: bool = False) -> str:
    """Effects that happen together, in words (``pay 2 coins and regain 3 HP``)."""
    words = [effect_words(e, event) for e in effects]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _keywords(flags: frozenset[str]) -> str:
    from saloon.games.dungeons.rules.combat import keyword_words

    return keyword_words(flags)


#: When an effect list may be used, as a phrase before what it does.
_WHEN = {
    "roll": "after your roll in a fight",
    "combat": "in a fight",
    "turn": "in your turn, outside a fight",
    "any": "",
    "event": "",
}


#: The same for a red card, played in an opponent's turn (Part II, Heroic
#: Quest Cards; ruling DG-R4).
_WHEN_RED = {
    "combat": "in an opponent's fight, before his roll",
    "any": "in an opponent's turn",
}


def power_words(effects: Sequence[Effect], timing: str, red: bool = False) -> str:
    """What a skill, a potion or a card does, with when it may be used:
    ``after your roll in a fight: +2 to your combat total``."""
    when = (_WHEN_RED if red else _WHEN).get(timing, "")
    what = branch_words(effects)
    return f"{when}: {what}" if when else what


def skill_words(sk: Skill) -> str:
    """``Mighty Blow (after your roll in a fight: +2 to your combat total)``."""
    return f"{sk.name} ({power_words(sk.effects, sk.timing)})"


def potion_words(p: Potion) -> str:
    return f"{p.name} ({power_words(p.effects, p.timing)})"


def card_summary(c: AdvantageCard | QuestCard) -> str:
    """A card in a few words: its deck, its banner, and what it does.

    A weapon: ``an Advantage weapon: roll a d8 instead of your d6 (Ranged)``."""
    if isinstance(c, AdvantageCard):
        if any(e.kind == "weapon" for e in c.effects):
            return f"an Advantage weapon: {branch_words(c.effects)}"
        return f"an Advantage buff: {power_words(c.effects, c.timing)}"
    red = c.banner == "red"
    what = power_words(c.effects, c.timing, red=red)
    if any(e.kind == "weapon" for e in c.effects):
        what = branch_words(c.effects)
    return f"a {'red' if red else 'green'} Heroic Quest card: {what}"


#: What each stat does (Part I, On Stealth; Enemy Engagement; Shuffle and
#: Draw; Part II, The Class Board, E; wits: ruling DG-C1).
STAT_USES = {
    "strength": "a 6 wins ties in combat, and it sets your hand limit",
    "stealth": "a stealth check is a roll under it",
    "wits": "GM events check it",
    "skill": "it unlocks your skill markers: one at 3, two at 4, three at 5, stacked at 6",
}


def stat_use(stat: str, *, events: bool = True) -> str:
    """What ``stat`` does; wits only meets the GM's events, so with none
    (the Hide Collection: ruling DG-R66) it does nothing.

    >>> stat_use("wits", events=False)
    'no events in this mode: it does nothing here'
    """
    if stat == "wits" and not events:
        return "no events in this mode: it does nothing here"
    return STAT_USES.get(stat, "")


def class_traits(cls: HeroClass, *, events: bool = True) -> str:
    """What a class board gives, as its choice explains it: the +1 and what
    the stat does, each skill and what it does, and the chib's die (Part I,
    Choose Your Class Board; Get to Know Your Class; Chibbing Out)."""
    skills = "; ".join(skill_words(sk) for sk in cls.skills)
    chib = f"chibbed out, a d{cls.chib_die}"
    if cls.chib_die != 4:
        chib += ", never in the Village"
    use = stat_use(cls.bonus_stat, events=events)
    return f"+1 to {cls.bonus_stat} ({use}); skills: {skills}; {chib}"


def class_words(cls: HeroClass, common: Sequence[Skill] = ()) -> str:
    """``Slayer: +1 to strength (...); skills: ...``, and the skills every
    class has when ``common`` is given."""
    out = f"{cls.name}: {class_traits(cls)}"
    if common:
        out += "; and every class's " + "; ".join(skill_words(sk) for sk in common)
    return out


def board_words(s: DungeonsState, bid: str) -> str:
    """A gather board: its D4 faces, its specialty hides and its potions,
    each potion with what it does (Part I, Choose Your Gather Board; Part
    II, The Gather Board)."""
    b = s.index.boards[bid]
    faces = ", ".join(f"{i + 1} {REWARDS.get(r, r)}" for i, r in enumerate(b.rewards))
    potions = "; ".join(potion_words(s.content.potions[p]) for p in b.potions)
    return (
        f"{b.name}: the gather D4 gives {faces}; specialty hides of "
        f"{', '.join(b.specialty)}; potions {potions}"
    )


#: The gather rewards in words (Part II, Gather Rewards).
REWARDS = {
    "coins": "two coins",
    "advantage": "an Advantage card",
    "alchemy": "Alchemy (fill a potion)",
    "wild": "Wild (any of the three)",
    "companion": "the companion (Part III)",
}


def every_effect(effects: Sequence[Effect]) -> tuple[Effect, ...]:
    return walk(tuple(effects))

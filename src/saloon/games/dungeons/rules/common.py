"""Small rules every part of the game reads: coins, stats, skill markers, the hand limit, glory.

Part I, Roll for Stats (no more than 10 coins: ruling DG-R3; stats are 3 to 6);
Part II, The Class Board, E (skill markers by the skill stat: 3 -> one, 4
-> two, 5 -> three, 6 -> three and stacking: Addenda, Stacking Skills);
Part I, Shuffle and Draw, GM's Note (the hand limit by strength, read off
the gather board: ruling DG-R2); Things to Know, Object of the Game (glory from
bounties and Guardians: ruling DG-R25).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.dungeons.effects import STATS

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The lowest and highest a stat can be (Part I, Roll for Stats).
STAT_MIN = 3
STAT_MAX = 6
#: Coins a gather's coin reward gives (Part I, Open Gather: two gold coins).
GATHER_COINS = 2
#: Skill markers unlocked by the skill stat (Part II, The Class Board, E).
UNLOCKED = {3: 1, 4: 2, 5: 3, 6: 3}
#: Skill markers in all (Part V, Setup: three skill markers).
MARKERS = 3


def gain(s: DungeonsState, seat: int, amount: int) -> int:
    """``seat`` takes ``amount`` coins, never beyond the cap (ruling DG-R3);
    returns how many he took."""
    h = s.heroes[seat]
    took = max(0, min(amount, s.content.prices.coin_cap - h.coins))
    if took:
        s.heroes[seat] = replace(h, coins=h.coins + took)
    return took


def pay(s: DungeonsState, seat: int, amount: int) -> int:
    """``seat`` pays up to ``amount`` coins to the bank; returns what he paid."""
    h = s.heroes[seat]
    paid = min(amount, h.coins)
    if paid:
        s.heroes[seat] = replace(h, coins=h.coins - paid)
    return paid


def price(s: DungeonsState, base: int, village: bool = False) -> int:
    """A price, less 1 for the Village's services on a market day (round
    flag ``market_day``; never below 0)."""
    if village and "market_day" in s.flags:
        return max(0, base - 1)
    return base


def set_stat(s: DungeonsState, seat: int, stat: str, value: int) -> None:
    h = s.heroes[seat]
    stats = list(h.stats)
    stats[STATS.index(stat)] = max(STAT_MIN, min(STAT_MAX, value))
    s.heroes[seat] = replace(h, stats=(stats[0], stats[1], stats[2], stats[3]))


def unlocked(s: DungeonsState, seat: int) -> int:
    """Skill markers free to use: those the skill stat unlocks, less those
    standing on skills."""
    h = s.heroes[seat]
    return max(0, UNLOCKED.get(h.stat("skill"), 0) - len(h.markers))


def hand_limit(s: DungeonsState, seat: int) -> int:
    """How many cards the hero may hold: his gather board's table at his
    strength (ruling DG-R2)."""
    h = s.heroes[seat]
    if not h.board:
        return 99
    return s.gather_board(seat).hand_limit.get(h.stat("strength"), 99)


def glory(s: DungeonsState, seat: int) -> int:
    """Glory: every bounty card collected (in the backpack or dropped off)
    and every Guardian trophy (ruling DG-R25)."""
    h = s.heroes[seat]
    total = 0
    for b in (*h.backpack, *h.dropped):
        total += s.index.bounties[b].glory
    for g in h.trophies:
        total += s.index.guardians[g].glory
    return total


def unlocked_count(skill_stat: int) -> int:
    """Skill markers a skill stat unlocks (Part II, The Class Board, E).

    >>> unlocked_count(3), unlocked_count(4), unlocked_count(6)
    (1, 2, 3)
    """
    return UNLOCKED.get(skill_stat, 0)


def count(n: int, noun: str) -> str:
    """``n`` of ``noun`` with its plural right (``no`` for zero).

    >>> count(1, "coin"), count(2, "skill marker"), count(0, "bounty card")
    ('1 coin', '2 skill markers', 'no bounty cards')
    """
    from saloon.games.dungeons.words import count as _count

    return _count(n, noun)


def gain_words(
    s: DungeonsState, seat: int, took: int, asked: int, verb: str = "gains", why: str = ""
) -> str:
    """``gains 2 coins``; at the cap (ruling DG-R3: no more than 10 coins),
    what was kept and why: ``collects no coins for the kill: 10 already, the
    most a hero may hold``."""
    if took == asked:
        return f"{verb} {count(took, 'coin')}{why}"
    held = s.heroes[seat].coins
    if took == 0:
        return f"{verb} no coins{why}: {held} already, the most a hero may hold"
    return f"{verb} {took} of the {asked} coins{why}: {held} now, the most a hero may hold"


def pay_words(paid: int, asked: int) -> str:
    """``pays 2 coins``; ``has no coins to pay``; ``pays the 1 coin he has``."""
    if paid == asked:
        return f"pays {count(paid, 'coin')}"
    if paid == 0:
        return "has no coins to pay"
    return f"pays {count(paid, 'coin')}, all that is left of {asked}"


def flag_words(flag: str) -> str:
    """A round rule as what it does (``every Guardian gets +1 to its combat
    rolls``)."""
    from saloon.games.dungeons.words import flag_words as _flag_words

    return _flag_words(flag)


#: A round rule's name where its flag's words are not enough.
FLAG_NAMES = {
    "hunters_moon": "Hunters' Moon",
    "fog": "fog",
    "clear_night": "a clear night",
    "quiet": "quiet roads",
    "bloodlust": "bloodlust",
    "market_day": "market day",
    "no_horses": "no horses",
}


def flag_name(flag: str) -> str:
    """A round rule (:data:`~saloon.games.dungeons.effects.ROUND_FLAGS`) in words.

    >>> flag_name("hunters_moon"), flag_name("no_horses")
    ("Hunters' Moon", 'no horses')
    """
    return FLAG_NAMES.get(flag, flag.replace("_", " "))


def upper_first(text: str) -> str:
    """``text`` with its first letter in capitals, the rest as it is (a
    sentence that begins with a name).

    >>> upper_first("the Plant of Eden"), upper_first("Player 2's Cash Cube")
    ('The Plant of Eden', "Player 2's Cash Cube")
    """
    return text[:1].upper() + text[1:]


def article(word: str) -> str:
    """``word`` with its indefinite article.

    >>> article("undead"), article("bandit")
    ('an undead', 'a bandit')
    """
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word

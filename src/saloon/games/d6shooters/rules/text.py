"""Words for the log: dice, counts and changes of the playsheet's tracks.

Every step of the rules writes a sentence with its numbers (the dice, what
they gave, the track before and after), so that a player holding the
rulebook can check the game as it goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saloon.games.d6shooters.rules.state import D6State

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def dice(faces: Sequence[int]) -> str:
    """Faces as a player reads them off the table.

    >>> dice((4, 6, 6)), dice(())
    ('4 6 6', 'none')
    """
    return " ".join(map(str, faces)) if faces else "none"


def count(n: int, word: str, plural: str | None = None) -> str:
    """``n`` things in words for small numbers.

    >>> count(1, "die", "dice"), count(3, "Posse member"), count(12, "Day")
    ('one die', 'three Posse members', '12 Days')
    """
    name = word if n == 1 else (plural or word + "s")
    return f"{_NUMBERS[n] if 0 <= n < len(_NUMBERS) else n} {name}"


def number(n: int) -> str:
    """A small number in words, a big one in digits.

    >>> number(3), number(12)
    ('three', '12')
    """
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def verb(n: int, one: str, many: str) -> str:
    """The verb that agrees with ``n`` things: ``verb(1, "eats", "eat")``.

    >>> count(1, "Posse member") + " " + verb(1, "eats", "eat")
    'one Posse member eats'
    """
    return one if n == 1 else many


def capital(text: str) -> str:
    """``text`` with its first letter a capital, for a sentence that starts
    with a number in words.

    >>> capital("two Army Deserters ride with the Posse.")
    'Two Army Deserters ride with the Posse.'
    """
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """A name's possessive: ``Calico's``, ``the Rattlesnakes'``.

    >>> possessive("Calico"), possessive("The Rattlesnakes"), possessive("Dry Bones")
    ("Calico's", "The Rattlesnakes'", "Dry Bones'")
    """
    return name + ("'" if name.endswith("s") else "'s")


def faces_of(n: int, face: int) -> str:
    """``n`` dice showing ``face``: "one 2", "three 3s".

    >>> faces_of(1, 2), faces_of(3, 6)
    ('one 2', 'three 6s')
    """
    return f"{_NUMBERS[n] if 0 <= n < len(_NUMBERS) else n} {face}{'' if n == 1 else 's'}"


def change(name: str, before: int, after: int) -> str:
    """A track's change: ``+2 Food (9 → 11)``.

    >>> change("Food", 9, 11), change("Posse", 6, 4), change("Gold", 3, 3)
    ('+2 Food (9 → 11)', '-2 Posse (6 → 4)', 'Gold stays 3')
    """
    if before == after:
        return f"{name} stays {after}"
    return f"{after - before:+d} {name} ({before} → {after})"


def say_moved(st: D6State, where: str = "") -> None:
    """The sentence for a stretch of movement that has ended or paused."""
    res = st.resolution
    start, res.move_start = res.move_start, -1
    if start < 0 or st.quiet:
        return
    n = st.journey.space - start
    tail = f", {where}" if where else ""
    st.say(
        "move", f"You move {n} space{'s' if n != 1 else ''}: {start} → {st.journey.space}{tail}."
    )

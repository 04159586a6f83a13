"""What a referee types at a draw: what the real card or token prints.

With manual dice (``--dice manual``) a referee beside a real copy types
every draw. A card need not be typed by Saloon's id: what is printed on it
is enough (Part II, The Cards):

* a Bounty card by its monster class, space and glory (``beast 4 2``,
  ``beast space 4 glory 2``): cards alike in all three differ only in their
  story, so any of them left in the deck stands for it;
* an Advantage card by its name (``Short Sword``), a weapon also by its die
  and keywords (``d8 ranged``, ``d10 dual wield``), a hero buff by what it
  adds (``+1``, ``reroll``, ``double``, ``ward``, ``win ties``);
* a Heroic Quest card by its name (``Not So Fast``);
* a token from the bag by its monster's name (``bone banshee``), a card
  lost at random by its name.

``draw <deck>`` or ``token`` may stand before any of these, and Saloon's
ids still work. The table in ``docs/games/dungeons.md`` maps every card
Saloon authored to the fields a printed card carries, so that an owner's
real card is typed by what it shows.

>>> from saloon.games.dungeons import GAME
>>> s = GAME.new_state(None, 2)
>>> str(read_card(s, "advantage", "d8 ranged")), str(read_card(s, "advantage", "Short Sword"))
('draw advantage longbow', 'draw advantage short-sword')
>>> str(read_card(s, "bounty", "beast space 4 glory 2"))
'draw bounty barrowmere-hound'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from saloon.core.action import Outcome
from saloon.core.errors import NotationError
from saloon.games.dungeons.actions import Draw, Lost, Token
from saloon.games.dungeons.content import MONSTER_CLASSES, AdvantageCard, BountyCard, QuestCard
from saloon.games.dungeons.rules import cards as cards_

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: Words a weapon's keywords are typed with (Part II, Advantage Cards).
_KEYWORDS = {"ranged": "ranged", "critical": "critical", "dual": "dual_wield", "wield": ""}


def _key(text: str) -> str:
    """A name as compared: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _deck_cards(s: DungeonsState, deck: str) -> list[AdvantageCard | QuestCard | BountyCard]:
    c = s.content
    if deck == "advantage":
        return list(c.advantages)
    if deck == "quest":
        return list(c.quests)
    if deck == "alliance":
        return list(c.alliances)
    return list(c.bounty_deck(s.map.id))


def _possible(s: DungeonsState, deck: str, cid: str) -> bool:
    return cards_.deck_possible(s, deck, Draw(deck, cid))


def _strip(text: str, *heads: str) -> str:
    words = text.strip().lower().split()
    while words and words[0] in heads:
        words = words[1:]
    return " ".join(words)


def read_card(s: DungeonsState, deck: str, text: str) -> Outcome | None:
    """The card drawn from ``deck``, typed by what it prints; ``None`` when
    the text names no card of the deck (the notation reads it then). A
    card that fits but is not left in the deck is refused with the reason."""
    rest = _strip(text, "draw", deck, "card")
    if not rest:
        return None
    printed = _deck_cards(s, deck)
    ids = {x.id for x in printed}
    if rest in ids:
        return Draw(deck, rest)
    fits: list[str] = []
    named = [x.id for x in printed if not isinstance(x, BountyCard) and _key(x.name) == _key(rest)]
    if named:
        fits = named
    elif deck == "bounty":
        fits = _bounty_fields(s, rest)
    elif deck == "advantage":
        fits = _advantage_fields(s, rest)
    if not fits:
        return None
    for cid in sorted(fits):
        if _possible(s, deck, cid):
            return Draw(deck, cid)
    for cid in sorted(fits):  # in a hand: with manual dice, a bot's stand-in (DG-R38)
        if s.held_unseen(Draw(deck, cid)) is not None:
            return Draw(deck, cid)
    what = describe_printed(s, deck, fits[0])
    raise NotationError(
        f"no card printed {what} is left in the {deck} deck (every copy is out of it)"
    )


def _bounty_fields(s: DungeonsState, text: str) -> list[str]:
    """``beast 4 2``: the class, then the space, then the glory (the words
    ``space``, ``in`` and ``glory`` may mark them)."""
    words = re.findall(r"[a-z]+|\d+", text.lower())
    cls = next((w.rstrip("s") for w in words if w.rstrip("s") in MONSTER_CLASSES), "")
    if not cls:
        return []
    space = glory = 0
    loose: list[int] = []
    for i, w in enumerate(words):
        if not w.isdigit():
            continue
        n = int(w)
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        if before == "glory":
            glory = n
        elif before in ("space", "in"):
            space = n
        elif after == "glory":
            glory = n
        else:
            loose.append(n)
    for n in loose:
        if not space:
            space = n
        elif not glory:
            glory = n
    if not space:
        return []
    return [
        b.id
        for b in s.content.bounty_deck(s.map.id)
        if b.monster_class == cls and b.space == space and (not glory or b.glory == glory)
    ]


def _advantage_fields(s: DungeonsState, text: str) -> list[str]:
    """A weapon by its die and keywords (``d8 ranged``); a buff by what it
    adds (``+1``, ``reroll``, ``double``, ``ward``, ``win ties``)."""
    words = text.lower().replace(",", " ").split()
    die = next((int(w[1:]) for w in words if re.fullmatch(r"d\d+", w)), 0)
    out = []
    if die:
        flags = {_KEYWORDS[w] for w in words if w in _KEYWORDS} - {""}
        for c in s.content.advantages:
            for e in c.effects:
                if e.kind == "weapon" and e.die == die and set(e.flags) == flags:
                    out.append(c.id)
        return out
    plus = next((int(w[1:]) for w in words if re.fullmatch(r"\+\d+", w)), 0)
    kind = (
        "hero_buff"
        if plus
        else "reroll"
        if "reroll" in words
        else "double"
        if "double" in words
        else "ward"
        if "ward" in words or "harm" in words
        else "win_ties"
        if "ties" in words
        else ""
    )
    for c in s.content.advantages:
        one = c.effects[0]
        if len(c.effects) == 1 and one.kind == kind and (kind != "hero_buff" or one.amount == plus):
            out.append(c.id)
    return out


def describe_printed(s: DungeonsState, deck: str, cid: str) -> str:
    """What a card prints, as a referee types it: ``beast 4 2`` (class,
    space, glory), ``Longbow (d8 ranged)``, ``Whetstone (+1)``, ``Not So
    Fast``."""
    if deck == "bounty":
        b = s.index.bounties[cid]
        return f"{b.monster_class} {b.space} {b.glory}"
    c = cards_.card(s, cid)
    fields = typed_fields(c)
    return f"{c.name} ({fields})" if fields else c.name


def typed_fields(c: AdvantageCard | QuestCard) -> str:
    """An Advantage card's fields as they may be typed instead of its name."""
    if not isinstance(c, AdvantageCard):
        return ""
    for e in c.effects:
        if e.kind == "weapon":
            keys = " ".join({"dual_wield": "dual wield"}.get(f, f) for f in sorted(e.flags))
            return f"d{e.die}" + (f" {keys}" if keys else "")
    if len(c.effects) == 1:
        e = c.effects[0]
        return {
            "hero_buff": f"+{e.amount}",
            "reroll": "reroll",
            "double": "double",
            "ward": "ward",
            "win_ties": "win ties",
        }.get(e.kind, "")
    return ""


def deck_help(s: DungeonsState, deck: str) -> str:
    """How a referee types a card drawn from the real ``deck``: by what it
    prints, with the deck's printed cards (never those left in it, which
    would tell what the others hold)."""
    how = {
        "bounty": "its monster class, space and glory (e.g. beast 4 2)",
        "advantage": "its name (e.g. Short Sword), a weapon also by its die and keywords "
        "(d8 ranged), a hero buff by what it adds (+1)",
        "quest": "its name (e.g. Not So Fast)",
        "alliance": "its name (e.g. War Chest)",
    }[deck]
    seen: dict[str, int] = {}
    for x in _deck_cards(s, deck):
        label = describe_printed(s, deck, x.id)
        seen[label] = seen.get(label, 0) + (1 if isinstance(x, BountyCard) else x.copies)
    listed = ", ".join(label for label in seen)
    return (
        f"Draw the top card of the real {deck} deck and type what it prints: {how}; "
        f"or draw {deck} CARD with Saloon's id. The deck's cards: {listed}."
    )


def read_token(s: DungeonsState, text: str) -> Outcome | None:
    """A token drawn from the bag, by its monster's or Guardian's name."""
    rest = _strip(text, "token")
    if not rest:
        return None
    for kind in dict.fromkeys(s.bag):
        from saloon.games.dungeons.rules.board import kind_name

        if _key(kind_name(s, kind)) == _key(rest) or kind == rest:
            return Token(kind)
    return None


def read_lost(s: DungeonsState, seat: int, text: str) -> Outcome | None:
    """A card lost at random from ``seat``'s hand, by its name."""
    rest = _strip(text, "lost")
    if not rest:
        return None
    for cid in cards_.hand(s, seat):
        if cid == rest or _key(cards_.card_name(s, cid)) == _key(rest):
            return Lost(cid)
    return None

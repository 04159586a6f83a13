"""What a player sees of a game of D6, and a world he cannot tell from the real one.

Everything on the table is public: the map, the enemies, every hero's
boards, stats, coins, potions, hides, bounties and trophies, the face-up
bounties, the discard piles, and the bag's tokens (every token out of the
bag is in sight, so what is in it is known; it has no order). Hidden: the
cards in another player's hand (only how many of each deck), and the order
of the decks (their sizes only). In Alliance with ``team_hands=shared``
a player sees his teammate's hand too (Part III, Alliance, GM's Note;
ruling DG-R87), never an opponent's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.games.dungeons.rules import board, common
from saloon.games.dungeons.rules.agenda import Chance, Decision
from saloon.games.dungeons.rules.model import Deck, Hero

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def _hero(s: DungeonsState, h: Hero, mine: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": h.seat,
        "name": h.name,
        "class": h.hero_class,
        "board": h.board,
        "stats": list(h.stats),
        "hp": h.hp,
        "coins": h.coins,
        "space": h.space,
        "chib": h.chib,
        "potions": list(h.potions),
        "specialty": list(h.specialty),
        "wild": list(h.wild),
        "backpack": list(h.backpack),
        "dropped": list(h.dropped),
        "trophies": list(h.trophies),
        "markers": list(h.markers),
        "glory": common.glory(s, h.seat),
        "lost_actions": h.lost_actions,
        "stealth_bonus": h.stealth_bonus,
        "auto_stealth": h.auto_stealth,
    }
    if mine:
        out["hand"] = {"advantage": list(h.advantage), "quest": list(h.quests)}
    else:
        out["hand"] = {"advantage": len(h.advantage), "quest": len(h.quests)}
    if s.options.mode == "alliance":
        out["hand"]["alliance"] = list(h.allies) if mine else len(h.allies)
    return out


def sees_hand(s: DungeonsState, player: int | None, seat: int) -> bool:
    """Whether ``player`` sees ``seat``'s hand: his own, and his teammate's
    with ``team_hands=shared`` (ruling DG-R87)."""
    if player is None:
        return False
    if seat == player:
        return True
    return s.options.team_hands == "shared" and s.teams[seat] == s.teams[player]


def view_of(s: DungeonsState, player: int | None) -> dict[str, Any]:
    top = s.agenda[-1] if s.agenda else None
    node: dict[str, Any] | None = None
    if isinstance(top, Decision):
        node = {"player": top.player, "prompt": top.prompt(s)}
    elif isinstance(top, Chance):
        # The chance node's kind only: its prompt may name a card of a deck.
        node = {"player": None, "chance": type(top).__name__}
    t = s.turn
    f = s.fight
    return {
        "map": s.map.id,
        "round": s.round,
        "rounds": s.options.rounds,
        "mode": s.options.mode,
        # Hide Collection (Part III): the board's hides and the max turn counter.
        "collection": list(s.collection),
        "max_turns": s.max_turns,
        "benefits": list(s.benefits),
        "companion": s.companion,
        "companion_at": s.companion_at,
        "flags": sorted(s.flags),
        "next_flags": sorted(s.next_flags),
        "monster_bonus": s.monster_bonus,
        "next_bonus": s.next_bonus,
        "to_move": s.to_move,
        "node": node,
        "heroes": [_hero(s, h, sees_hand(s, player, h.seat)) for h in s.heroes],
        "teams": list(s.teams),
        "enemies": [
            {
                "uid": e.uid,
                "kind": e.kind,
                "space": e.space,
                "hp": e.hp,
                "buffs": e.buffs,
                "owner": e.owner,
                "serves": e.serves,
            }
            for e in s.enemies
        ],
        "environments": [[sp, p] for sp, p in s.environments],
        "pieces": list(s.pieces),
        "castles": [[sp, c] for sp, c in s.castles],
        "curses_left": list(s.curses_left),
        "curses": {
            c: {"name": s.content.curse(c).name, "text": s.content.curse(c).text}
            for c in s.options.curses
        },
        "bounties": list(s.bounties),
        "decks": {name: d.size for name, d in sorted(s.decks.items())},
        "under_bounties": list(s.decks["bounty"].bottom) if "bounty" in s.decks else [],
        "discards": {name: list(c) for name, c in sorted(s.discards.items())},
        "bag": board.bag_counts(s),
        "events": list(s.events),
        "turn": None
        if t is None
        else {
            "seat": t.seat,
            "gm": s.gm_of(t.seat),
            "actions": t.actions,
            "spent": t.spent,
            "engaged": list(t.engaged),
            "foe": t.foe,
            "rested": t.rested,
            "drunk": list(t.drunk),
            "skills": list(t.skills),
            "ties_with": t.ties_with,
            "meleed": list(t.meleed),
        },
        "fight": None
        if f is None
        else {
            "enemy": f.enemy,
            "stage": f.stage,
            "transformed": f.transformed,
            "weapons": [[w.source, w.die, w.dice, sorted(w.flags)] for w in f.weapons],
            "dice": list(f.dice),
            "enemy_roll": f.enemy_roll,
            "hero_bonus": f.hero_bonus,
            "doubled": f.doubled,
            "ward": f.ward,
            "win_ties": f.win_ties,
        },
    }


def resample(s: DungeonsState, player: int, rng: np.random.Generator) -> DungeonsState:
    """Another player's cards and the unseen cards of each deck, redealt at
    random: the hands keep their sizes, the decks theirs (cards put under a
    deck stay where they are, in sight of all). No announcement tells more
    of a hand (a window asks every player alike, ruling DG-R4; a card
    played or discarded is shown), so every such world is one the table
    could be in; a deck made again of its discard pile is redealt as if
    unknown (ruling DG-R27)."""
    new = s.clone()
    field = {"advantage": "advantage", "quest": "quests", "alliance": "allies"}
    for deck in [d for d in field if d in s.decks]:
        d = s.decks[deck]
        pool: list[str] = list(d.cards)
        sizes: list[tuple[int, int]] = []
        for h in s.heroes:
            if sees_hand(s, player, h.seat):
                continue
            held: tuple[str, ...] = getattr(h, field[deck])
            pool += held
            sizes.append((h.seat, len(held)))
        order = rng.permutation(len(pool))
        shuffled = [pool[int(i)] for i in order]
        k = 0
        for seat, size in sizes:
            dealt = tuple(sorted(shuffled[k : k + size]))
            k += size
            h = new.heroes[seat]
            if deck == "advantage":
                new.heroes[seat] = replace(h, advantage=dealt)
            elif deck == "quest":
                new.heroes[seat] = replace(h, quests=dealt)
            else:
                new.heroes[seat] = replace(h, allies=dealt)
        new.decks[deck] = Deck(cards=tuple(sorted(shuffled[k:])), bottom=d.bottom)
    new._legal = None
    return new

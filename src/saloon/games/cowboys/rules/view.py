"""What a side sees of a game of Cowboys: the whole table, its own cards, the others' counts.

Cowboys rulebook, Game Set Up (a side's players share its hand, CW-T1;
the face dealt is told to its side alone, CW-T17), Card Play: a side sees
its own cards, and of another side's hand how many cards it holds and
those a card showed it while they stay there (Card Sharp, CW-T16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from saloon.games.cowboys.rules.figures import Figure

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def _figure_view(state: CowboysState, f: Figure) -> dict[str, Any]:
    return {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        "square": None if f.square is None else state.town.ref(f.square),
        "facing": f.facing,
        "health": f.health,
        "movement": f.movement,
        "modifier": f.modifier,
        "bonus": f.bonus,
        "weapons": [
            {"slot": h.slot, "weapon": h.weapon.value, "ammo": h.ammo, "jammed": h.jammed}
            for h in f.weapons
        ],
        "in_hand": f.in_hand,
        "horse": None if f.horse is None else state.horses[f.horse].id,
        "actions": f.actions,
        "down": f.health == 0,
        "gone": f.gone,
        "loot": f.loot,
        "stunned": f.stunned,
        "knocked": f.knocked or f.no_move,
    }


def view(self: CowboysState, player: int | None) -> dict[str, Any]:
    """Everything on the table; of the hands, ``player``'s own cards and
    the others' sizes only (and the cards he has been shown)."""
    hands: list[Any] = []
    for s in range(self.num_players):
        if s == player:
            hands.append(list(self.hands[s]))
        else:
            seen = [c for c in self.hands[s] if player is not None and c in self.known[player]]
            hands.append({"count": len(self.hands[s]), "seen": seen})
    p = self.pending
    return {
        "scenario": self.setup.name,
        "turn": self.turn,
        "turns": self.setup.turns,
        "active": self.active,
        "phase": self.phase.name.lower(),
        "to_move": self.to_move,
        "figures": [_figure_view(self, f) for f in self.figures],
        "horses": [
            {
                "id": h.id,
                "square": self.ref(h.square) if h.alive else None,
                "facing": h.facing,
                "health": h.health,
                "rider": None if h.rider is None else self.figures[h.rider].id,
                "moved": h.moved,
            }
            for h in self.horses
        ],
        "ground": [
            [self.ref(d.square), d.item, None if d.held is None else d.held.ammo]
            for d in self.ground
        ],
        "obstacles": sorted(self.ref(xy) for xy in self.obstacles),
        "hands": hands,
        "deck": len(self.deck),
        "played": [[s, c] for s, c in self.played],
        "cards_used": {"own": list(self.own_used), "opponent": list(self.opp_used)},
        "pending": None
        if p is None
        else {
            "action": str(p.act),
            "stage": p.stage,
            "card": p.card,
            "shot": p.shot,
            "shots": p.shots,
            "hits": p.hits,
            "target": p.target_id,
        },
        "ally": self.ally,
        "answering": self.answering if self.answer_queue else None,
        "winner": self.winner,
        "result": self.category,
    }

"""What a side sees of a game of Cowboys: the whole table, its own cards, the others' counts.

Cowboys rulebook, Game Set Up (a side's players share its hand, CW-T1;
the face dealt is told to its side alone, CW-T17), Card Play: a side sees
its own cards, and of another side's hand how many cards it holds and
those a card showed it while they stay there (Card Sharp, CW-T16); every
card flipped for Variable Damage, and how many cards lie under the deck
(Advanced Rules). The markers left in the activation cup are public
(Advanced Rules, Player Turn Sequence: drawn from a cup on the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from saloon.games.cowboys.rules.figures import Figure

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def _figure_view(state: CowboysState, f: Figure) -> dict[str, Any]:
    """One figure as the view shows it."""
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
        "pinned": f.pinned,
    }


def _reaction_view(state: CowboysState) -> dict[str, Any] | None:
    """A reaction window (Advanced Rules, Reaction Fire): the mover, the
    square he has entered, the side asked and its cowboys who can react,
    each with what he may shoot at."""
    from saloon.games.cowboys.rules.phase import Phase
    from saloon.games.cowboys.rules.reaction import reactors

    p = state.pending
    if state.phase != Phase.REACT or p is None or p.walk is None:
        return None
    side = p.walk.asking[0]
    return {
        "mover": p.act.fig,
        "square": state.ref(p.walk.square),
        "side": side,
        "reactors": [
            {"id": state.figures[j].id, "target": t, "needed": info.needed, "range": info.range}
            for j, t, info in reactors(state, p, side)
        ],
    }


def view_of(state: CowboysState, player: int | None) -> dict[str, Any]:
    """Everything on the table; of the hands, ``player``'s own cards and
    the others' sizes only (and the cards he has been shown)."""
    hands: list[Any] = []
    for s in range(state.num_players):
        if s == player:
            hands.append(list(state.hands[s]))
        else:
            seen = [c for c in state.hands[s] if player is not None and c in state.known[player]]
            hands.append({"count": len(state.hands[s]), "seen": seen})
    poker: list[Any] = [
        list(cards) if s == player else {"count": len(cards)} for s, cards in enumerate(state.poker)
    ]
    p = state.pending
    return {
        "scenario": state.setup.name,
        "turn": state.turn,
        "turns": state.setup.turns,
        "active": state.active,
        "phase": state.phase.name.lower(),
        "to_move": state.to_move,
        "figures": [_figure_view(state, f) for f in state.figures],
        "horses": [
            {
                "id": h.id,
                "square": state.ref(h.square) if h.alive else None,
                "facing": h.facing,
                "health": h.health,
                "rider": None if h.rider is None else state.figures[h.rider].id,
                "moved": h.moved,
            }
            for h in state.horses
        ],
        "ground": [
            [state.ref(d.square), d.item, None if d.held is None else d.held.ammo]
            for d in state.ground
        ],
        "obstacles": sorted(state.ref(xy) for xy in state.obstacles),
        "hands": hands,
        "deck": len(state.deck),
        "under": len(state.bottom),
        "turned": list(state.turned),
        "order": list(state.order),
        "flipped": list(state.flipped),
        "poker": poker,
        "shown": list(state.shown),
        "played": [[s, c] for s, c in state.played],
        "cards_used": {"own": list(state.own_used), "opponent": list(state.opp_used)},
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
        "ally": state.ally,
        "reaction": _reaction_view(state),
        # The activation cup (Advanced Rules, Player Turn Sequence): the
        # markers not yet drawn this turn, and the one acting; public.
        "cup": list(state.cup),
        "drawn": state.drawn,
        "answering": state.answering if state.answer_queue else None,
        "winner": state.winner,
        "result": state.category,
        "ending": state.ending,
    }

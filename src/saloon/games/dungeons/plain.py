"""A plain text of a game of D6: one line per hero and per occupied space.

A stand-in for the renderer (``render.py``, written separately): enough
for ``str(state)`` and a log to be read at the terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.rules import board, common

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def plain_text(s: DungeonsState) -> str:
    lines = [f"D6: {s.map.name}, round {s.round} of {s.options.rounds}"]
    if s.flags:
        lines[0] += " (" + ", ".join(sorted(s.flags)).replace("_", " ") + ")"
    for h in s.heroes:
        stats = " ".join(f"{st[:3]} {v}" for st, v in zip(STATS, h.stats, strict=True))
        where = board.space_words(s, h.space)
        chib = ", chib" if h.chib else ""
        lines.append(
            f"{s.name(h.seat)}: {where}, {h.hp} HP, {h.coins} coins, {stats}, "
            f"{common.glory(s, h.seat)} glory, {h.hand_size} cards{chib}"
        )
    for sp in sorted({e.space for e in s.enemies}):
        names = ", ".join(
            board.enemy_name(s, e) + (f" ({e.hp} HP)" if e.hp > 1 else "")
            for e in board.enemies_in(s, sp)
        )
        pieces = board.pieces_in(s, sp)
        env = f" [{', '.join(pieces)}]" if pieces else ""
        lines.append(f"  {board.space_words(s, sp)}{env}: {names}")
    if s.bounties:
        wanted = ", ".join(
            f"{s.index.bounties[b].monster_class} in {s.index.bounties[b].space}"
            for b in s.bounties
        )
        lines.append(f"Bounties: {wanted}")
    return "\n".join(lines)

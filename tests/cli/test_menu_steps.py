"""Long menus come in steps at the terminal (issue 36, item 4).

Random games of Cowboys (two scenarios, O.K. Corral among them) and D6 are
played at the table at 80x24 and 120x40 by people who choose through the
menus. At every decision: the first step of the menu is under 20 lines;
``pass``, ``accept`` and ``end``, when legal, are on its first page; every
legal choice can be reached by opening the steps' groups (and each only
once); no page is empty or longer than the screen's menu allows; the page
line counts right; typing a figure's id (or the first words of a choice's
notation) lists exactly the choices that begin so; ``back`` goes a step back.
The person then picks a random legal choice by its numbers, step by step.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
import pytest
from rich.console import Console

from saloon.cli.table import Branch, GameTable, MenuRow, Seat, is_always, words_of
from saloon.core import get_game
from saloon.core.action import Action
from saloon.core.session import HUMAN, Session

#: (game, variant or None for its default, seed, decisions played).
CASES = [
    ("cowboys", "ok-corral", 1, 24),
    ("cowboys", "hickok-tutt", 2, 30),
    ("dungeons", None, 2, 110),
]
#: The table's own commands (``board`` alone draws the table; ``board
#: ember`` is D6's choice): not typed here as the start of a choice.
COMMANDS = {"board", "more", "help", "hint", "rules", "save", "load", "undo", "quit", "exit"}
SIZES = [(80, 24), (120, 40)]
#: The longest first step measured over these games, by size: reported.
LONGEST: dict[str, int] = {}


class Table(GameTable):
    """The table, with the lines each menu takes on the screen measured."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.menu_lines = 0

    def show_menu(self, player: int) -> None:
        out = self.console.file
        assert isinstance(out, io.StringIO)
        before = out.getvalue().count("\n")
        super().show_menu(player)
        self.menu_lines = out.getvalue().count("\n") - before


def reachable(table: GameTable, entries: Sequence[object], depth: int = 0) -> list[Action]:
    """Every choice reached from ``entries`` by opening groups, as the table
    opens them (each step's pages checked on the way)."""
    assert depth < 8, "the steps do not end"
    found: list[Action] = []
    for entry in entries:
        if isinstance(entry, Branch):
            table.trail.append(entry)
            table.open_step()
            check_pages(table)
            found += reachable(table, list(table.menu_actions), depth + 1)
            table.trail.pop()
            table.open_step()
        else:
            assert isinstance(entry, Action)
            found.append(entry)
    return found


def check_pages(table: GameTable) -> None:
    pages: list[list[MenuRow]] = table.pages
    numbers = [row.number for page in pages for row in page if row.number]
    assert numbers == list(range(1, len(table.menu_actions) + 1))
    for page in pages:
        assert any(row.number for row in page), "a page with no choice"
        if len(page) > 1:
            assert sum(row.height for row in page) <= table.budget, "a page taller than its room"


def play(
    game_id: str, variant: str | None, seed: int, decisions: int, size: tuple[int, int]
) -> tuple[int, set[str]]:
    """Play ``decisions`` decisions; the longest first step, and what was
    met: the words typed to list choices, the first steps' group keys, the
    always-listed choices."""
    game = get_game(game_id)
    options = game.variants()[variant] if variant else game.options(None)
    players = game.player_range(options)[0]
    session = Session(game, options, [HUMAN] * players, seed=seed)
    rng = np.random.default_rng(seed)
    width, height = size
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None)
    script: list[str] = []
    seen = -1
    target: Action | None = None
    longest = 0
    met: set[str] = set()

    def ask(prompt: str) -> str:
        nonlocal seen, target, longest
        state = table.session.state
        legal = list(state.legal_actions())
        if seen != len(state.history):  # a new decision: its first step
            seen = len(state.history)
            assert not table.trail
            assert table.menu_lines < 20, console.file.getvalue()[-3000:]  # type: ignore[attr-defined]
            longest = max(longest, table.menu_lines)
            check_pages(table)
            first = [table.menu_actions[row.number - 1] for row in table.pages[0] if row.number]
            for action in legal:
                if is_always(action):
                    assert action in first, f"{action} is not on the first page"
                    met.add(str(action))
            met.update(f"group {e.key}" for e in table.menu_actions if isinstance(e, Branch))
            everything = reachable(table, list(table.menu_actions))
            assert sorted(map(str, everything)) == sorted(map(str, legal))
            target = legal[int(rng.integers(len(legal)))]
            words = str(target).split()
            script.clear()
            keys = [e.key for e in table.menu_actions if isinstance(e, Branch) and e.key]
            if keys and rng.random() < 0.3:
                # A group's words (``hire``, ``C4``) list its choices.
                script.extend([keys[int(rng.integers(len(keys)))], "back"])
            elif len(words) > 1 and words[0] not in COMMANDS and rng.random() < 0.5:
                # The first word (a figure's id, ``place``) lists the
                # choices that begin so; 'back' leaves them.
                script.extend([words[0], "back"])
            if script:
                met.add(f"typed {script[0]}")
        if script:
            typed = script.pop(0)
            if typed != "back":
                return typed
            # What was just typed: its choices are listed, and only they.
            prefix = table.trail[-1].key.lower().split()
            listed = reachable(table, list(table.menu_actions))
            begin = [a for a in legal if words_of(a)[: len(prefix)] == prefix]
            assert sorted(map(str, listed)) == sorted(map(str, begin))
            return "back"
        assert target is not None
        for n, entry in enumerate(table.menu_actions, start=1):
            if entry == target or (isinstance(entry, Branch) and target in entry.actions):
                return str(n)
        raise AssertionError(f"{target} is not reachable from this step")

    seats = [Seat(HUMAN, None) for _ in range(players)]
    table = Table(session, seats, console, ask, delay=0)
    while not session.state.is_over and len(session.state.history) < 10_000:
        table.step()
        if seen >= 0 and sum(1 for p, _ in session.state.history if p >= 0) >= decisions:
            break
    assert seen >= 0
    return longest, met


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(
    ("game_id", "variant", "seed", "decisions"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES]
)
def test_long_menus_come_in_steps(
    game_id: str, variant: str | None, seed: int, decisions: int, size: tuple[int, int]
) -> None:
    longest, met = play(game_id, variant, seed, decisions, size)
    assert 0 < longest < 20
    print(f"{game_id} {variant} {size}: longest first step {longest} lines")
    # The games met what the steps are for.
    if game_id == "cowboys":
        assert "end" in met and any(m.startswith("typed C") for m in met), met
        assert any(m.startswith("group C") for m in met), met
    else:
        assert {"accept", "group hire", "typed hire"} <= met, met
        assert any(m.startswith("group place ") for m in met), met  # a piece: its spaces

"""Every button has words, and every choice on the board can be pointed at.

Random games of every game are walked through the browser's view model
(:func:`saloon.web.views.choices`): at each decision every action is shown
by its words (not its notation alone), the groups have titles, and an action
chosen on the board (:meth:`State.pointer`) names only marks that the
drawing of that seat carries (``data-point``, with words in ``aria-label``),
in an order no other action shares unless their last words tell them apart.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State
from saloon.web.views import choices

#: (game, variant, players, games walked): sized to a few seconds each.
WALKS = [
    ("shootout", "standard", None, 3),
    ("d6shooters", "ep1-standard-d6", None, 2),
    ("d6shooters", "ep2-standard-cards", None, 1),
    ("cowboys", "hickok-tutt", None, 2),
    ("cowboys", "ok-corral", None, 1),
    ("cowboys", "sundown-at-red-rock", None, 1),
    ("cowboys", "the-witness", None, 1),
    ("cowboys", "coffeyville", None, 1),
    ("dungeons", "default", 3, 1),
    ("dungeons", "advanced", 4, 1),
    ("dungeons", "readings", 2, 1),
]
#: The games played by pointing at the board (issue: point at the board).
POINTED = {"cowboys", "dungeons", "d6shooters"}
#: At most this many decisions of a game are checked (their drawings are big).
DECISIONS = 120

_POINT = re.compile(r'data-point="([^"]*)"(?:[^>]*?aria-label="([^"]*)")?')


def marks(svg: str) -> dict[str, str]:
    """The drawing's points and their words."""
    return {m.group(1): m.group(2) or "" for m in _POINT.finditer(svg)}


def check_decision(state: State) -> int:
    """Check one decision; the number of its actions chosen on the board."""
    shown = choices(state)
    actions = shown["actions"]
    groups = shown["groups"]
    for a in actions:
        words = a["text"].strip()
        assert words and re.search(r"[A-Za-z]{2}", words), f"{a['notation']!r} has no words"
        assert words.lower() != a["notation"].lower() or " " in words, (
            f"{a['notation']!r} is shown by its notation alone"
        )
    if len(groups) > 1:
        # A group of many is titled (a figure, a kind); the few choices that
        # end a part of the turn (pass, end the turn) may stand untitled.
        untitled = [g for g in groups if g["count"] > 3 and not g["title"].strip()]
        assert not untitled, "a group of several choices without a title"
    pointed = [a for a in actions if a["points"]]
    if not pointed:
        return 0
    mover = state.to_move
    assert mover is not None and mover != CHANCE
    drawn = marks(state.game.render_svg(state, mover))
    for a in pointed:
        for p in a["points"]:
            assert p in drawn, f"{a['notation']!r} points at {p!r}, not in the drawing"
            assert drawn[p].strip(), f"the mark {p!r} has no words (aria-label)"
    key = (
        (lambda a: tuple(sorted(a["points"])))
        if shown["any_order"]
        else (lambda a: tuple(a["points"]))
    )
    same = Counter(key(a) for a in pointed)
    for a in pointed:
        if same[key(a)] > 1:
            assert a["last"].strip(), f"{a['notation']!r} shares its points but has no last words"
    lasts = Counter((key(a), a["last"]) for a in pointed)
    twice = [k for k, n in lasts.items() if n > 1]
    assert not twice, f"actions with the same points and last words: {twice[:3]}"
    return len(pointed)


@pytest.mark.parametrize(("game_id", "variant", "players", "games"), WALKS)
def test_every_button_has_words_and_every_point_is_drawn(
    game_id: str, variant: str, players: int | None, games: int
) -> None:
    game = get_game(game_id)
    options = game.variants()[variant]
    rng = np.random.default_rng(7)
    pointed = decisions = 0
    for _ in range(games):
        state = game.new_state(options, players)
        while not state.is_over and decisions < DECISIONS * games:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            decisions += 1
            pointed += check_decision(state)
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert decisions > 0
    if game_id in POINTED:
        assert pointed > 0, f"nothing in {game_id} is chosen on the board"

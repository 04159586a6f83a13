"""Undo cannot peek, in every game: over random games with people seated, an
undo lands only where nothing was revealed and nobody else decided since,
takes back exactly what came after, and never reopens a finished game."""

from __future__ import annotations

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core import CHANCE, SaloonError
from saloon.core.game import Game
from saloon.core.registry import all_games, get_game
from saloon.core.session import HUMAN, Session

#: Steps of each random game looked at (enough to cross rolls, draws and
#: other seats' decisions in every game; small enough for the suite).
STEPS = 220


def seatings(game: Game) -> list[list[str]]:
    """One person with bots, and (where the game has two seats or more)
    people only."""
    lo, _ = game.player_range()
    solo = [HUMAN] + ["random"] * (lo - 1)
    return [solo] if lo == 1 else [solo, [HUMAN] * lo]


def check_undo_point(session: Session, player: int) -> None:
    back = session.undo_point(player)
    history = session.state.history
    if isinstance(back, str):
        assert back.startswith(("nothing to undo", "the game is over")), back
        return
    assert history[back][0] == player and session.kinds[back] == "decision"
    for i in range(back + 1, len(history)):
        kind, by = session.kinds[i], history[i][0]
        assert kind == "forced" or (kind == "decision" and by == player), (i, kind, by)
        assert by != CHANCE


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_undo_never_goes_back_past_anything_revealed(game: Game) -> None:
    total = 0
    for seats in seatings(game):
        rng = np.random.default_rng(11)
        session = Session(
            game, seats=seats, seed=5, agents=lambda spec, seed: make_agent(spec, game, seed)
        )
        session.advance()
        undone = 0
        for _ in range(STEPS):
            if session.pending == "over":
                break
            if session.pending != "person":
                session.advance()
                continue
            player = session.state.to_move
            assert player is not None
            check_undo_point(session, player)
            if session.can_undo(player) and rng.random() < 0.25:
                back = session.undo_point(player)
                assert isinstance(back, int)
                before = list(session.state.history)
                session.undo(player)
                assert session.state.history == before[:back]
                undone += 1
            else:
                legal = session.state.legal_actions()
                session.act(player, legal[int(rng.integers(len(legal)))])
            session.advance()
        total += undone
        if session.pending == "over":
            with pytest.raises(SaloonError, match="the game is over"):
                session.undo(0)
    # D6's heroes take several actions a turn with nothing revealed between:
    # there undo is used, and the checks above are not vacuous.
    assert game.id != "dungeons" or total > 0


def test_a_card_played_is_never_taken_back() -> None:
    """Cowboys and D6: a card played from a hand shows it to the table."""
    from saloon.games.cowboys.actions import Pass, Play
    from saloon.games.dungeons.actions import Play as CardPlay
    from saloon.games.dungeons.actions import Roll, Wield

    cowboys = get_game("cowboys").new_state()
    assert cowboys.reveals(Play("QS")) and not cowboys.reveals(Pass())
    d6 = get_game("dungeons").new_state()
    assert d6.reveals(CardPlay("ambush")) and d6.reveals(Wield(("sword",)))
    assert not d6.reveals(Wield(("natural",))) and not d6.reveals(Roll(6, 3))
    assert not get_game("shootout").new_state().reveals(Pass())

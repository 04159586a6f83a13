"""A referee never turns a bot's card face up (issue 35; ruling CW-W10).

With manual dice, Saloon deals a bot's cards itself (the hand, the poker
hand) and the log tells the referee to deal the bot a real card face down
as its stand-in; a card the bot plays is exchanged for its stand-in; a real
card turned up that Saloon dealt the bot is refused with the exchange to
make.
"""

from __future__ import annotations

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.core.errors import IllegalAction
from saloon.core.session import HUMAN, Session
from saloon.games.cowboys.actions import Deal
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.phase import Phase

GAME = get_game("cowboys")


def _session(seed: int, **options: object) -> Session:
    return Session(
        GAME,
        CowboysOptions(scenario="hickok-tutt", **options),  # type: ignore[arg-type]
        seats=[HUMAN, "random"],
        seed=seed,
        manual_dice=True,
        agents=lambda spec, s: make_agent(spec, GAME, s),
    )


def _step(session: Session, world: np.random.Generator) -> None:
    """One step as a referee's table takes it: the real dice and cards from
    ``world``, Saloon's draws for the bot, the bot, a random person."""
    state = session.state
    if session.pending == "dice":
        assert state.dealt_unseen() in (None, 0)  # never the bot's card
        session.enter_dice(state.sample_chance(world))
    elif session.pending == "chance":
        assert state.dealt_unseen() == 1  # only ever the bot's
        session.roll()
        assert "stand in" in session.state.log[-1].text
    elif session.pending == "bot":
        turn = session.bot_turn()
        assert session.agents is not None
        action = turn.choose(session.agents)
        shows = state.reveals(action)
        session.apply_bot(turn, action)
        if shows:
            assert "stand-ins" in session.state.log[-1].text
    else:
        legal = state.legal_actions()
        session.act(0, legal[int(world.integers(len(legal)))])


@pytest.mark.parametrize("options", [{}, {"advanced": True, "poker_order": True}])
def test_the_referee_types_no_card_of_the_bots(options: dict[str, object]) -> None:
    session = _session(4, **options)
    world = np.random.default_rng(4)
    while session.pending != "over" and session.step < 5_000:
        _step(session, world)
    assert session.pending == "over"
    said = [e.text for e in session.state.log if e.kind == "referee"]
    assert any("deal Player 2 a real card face down" in t for t in said)


def test_a_real_card_saloon_dealt_the_bot_is_exchanged() -> None:
    """At the deal, the referee turns up a card Saloon already dealt the
    bot: he is told to put it among the bot's stand-ins, shuffle one of
    those into the deck and draw again; the deal waits for him."""
    session = _session(5)
    world = np.random.default_rng(5)
    while True:
        s = session.state
        if s.phase == Phase.DEAL and session.pending == "dice" and any(s.hands[1]):
            break
        assert s.phase == Phase.DEAL, "the deal ended before the bot held a card"
        _step(session, world)
    card = s.hands[1][0]
    assert s.held_unseen(Deal(card)) == 1
    with pytest.raises(IllegalAction, match="stand-ins, shuffle one of them into the deck"):
        session.enter_dice(card)
    assert session.pending == "dice" and card in session.state.hands[1]

"""A referee never turns a bot's card face up (issue 35; ruling DG-R38).

With manual dice, Saloon draws a card dealt face down to a bot (or lost
from its hand at random) itself, and the log tells the referee to deal the
bot a real card face down as its stand-in; when the bot shows a card, the
referee is told to take the real one from its stand-ins or the deck; a real
card turned up that Saloon dealt a bot is refused with the exchange to make.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.core.errors import IllegalAction
from saloon.core.session import HUMAN, Session
from saloon.core.state import CHANCE
from saloon.games.dungeons.actions import Draw
from saloon.games.dungeons.rules.cards import DrawNode, hand

GAME = get_game("dungeons")


def _session(seed: int) -> Session:
    return Session(
        GAME,
        seats=[HUMAN, "random"],
        seed=seed,
        manual_dice=True,
        agents=lambda spec, s: make_agent(spec, GAME, s),
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_the_referee_types_no_card_of_the_bots(seed: int) -> None:
    """A whole game at a referee's table, a person against a bot: the
    referee is asked every die and every card but the bot's own (its draws
    and its random losses), and each of those is told as a stand-in."""
    session = _session(seed)
    world = np.random.default_rng(seed)  # the real dice and the real deck
    saloon_draws = typed = shown = 0
    while session.pending != "over":
        state = session.state
        pending = session.pending
        if pending == "dice":
            assert state.dealt_unseen() in (None, 0)  # never the bot's card
            session.enter_dice(state.sample_chance(world))
            typed += 1
        elif pending == "chance":
            assert state.dealt_unseen() == 1  # only ever the bot's
            before = len(state.log)
            session.roll()
            assert "stand" in session.state.log[-1].text
            assert len(session.state.log) > before
            saloon_draws += 1
        elif pending == "bot":
            before = len(state.log)
            turn = session.bot_turn()
            assert session.agents is not None
            action = turn.choose(session.agents)
            reveals = state.reveals(action)
            session.apply_bot(turn, action)
            if reveals:
                assert "stand-ins" in session.state.log[-1].text
                shown += 1
        else:
            mover = state.to_move
            assert mover == 0 and mover != CHANCE
            legal = state.legal_actions()
            session.act(0, legal[int(world.integers(len(legal)))])
        if session.step > 20_000:
            break
    assert session.pending == "over"
    assert saloon_draws > 0 and typed > 0 and shown > 0


def test_a_real_card_saloon_dealt_the_bot_is_exchanged() -> None:
    """The bot holds the last copy of a card in Saloon's deck; the referee
    turns that card up for the person's draw: he is told to put it among the
    bot's stand-ins, shuffle one of those back and draw again."""
    session = _session(3)
    world = np.random.default_rng(3)
    while True:
        s = session.state
        top = s.agenda[-1] if s.agenda else None
        if session.pending == "dice" and isinstance(top, DrawNode) and top.seat == 0:
            break
        if session.pending == "dice":
            session.enter_dice(s.sample_chance(world))
        elif session.pending == "chance":
            session.roll()
        elif session.pending == "bot":
            turn = session.bot_turn()
            assert session.agents is not None
            session.apply_bot(turn, turn.choose(session.agents))
        else:
            legal = s.legal_actions()
            session.act(0, legal[int(world.integers(len(legal)))])
    s = session.state
    deck = top.deck
    card = s.decks[deck].cards[0]
    # Every copy of ``card`` leaves Saloon's deck for the bot's hand.
    copies = s.decks[deck].cards.count(card)
    rest = tuple(c for c in s.decks[deck].cards if c != card)
    s.decks[deck] = replace(s.decks[deck], cards=rest)
    h = s.heroes[1]
    field = "advantage" if deck == "advantage" else "quests"
    s.heroes[1] = replace(h, **{field: (*getattr(h, field), *([card] * copies))})
    s._legal = None
    assert s.held_unseen(Draw(deck, card)) == 1
    assert card in hand(s, 1)
    with pytest.raises(IllegalAction, match="stand-ins, shuffle one of them into the deck"):
        session.enter_dice(str(Draw(deck, card)))
    assert session.pending == "dice"  # nothing lost: the draw is asked again

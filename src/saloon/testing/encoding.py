"""The encoding's contract, checked over random games of any game.

:func:`check_encoding` plays seeded random games and, at every state,
checks what the adapters rely on (:mod:`saloon.core.encoding`):

* each legal action has an id below ``num_actions``; no two legal actions
  at a state share one; the id reads back as the same action; the mask
  marks exactly the legal ids;
* the same for chance outcomes, where the encoding numbers them, with
  ``chance_ids`` giving the outcomes' probabilities;
* every player's observation (and a spectator's) has the declared shape,
  is ``float32``, finite and inside every field's bounds;
* with hidden information, a player's observation is the same in any world
  :meth:`~saloon.core.state.State.resample_hidden` draws for him: the
  vector holds nothing he cannot know.

>>> report = check_encoding("shootout", games=3)
>>> report.games, report.decisions > 0, report.outcomes > 0
(3, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from saloon.core.action import Action
from saloon.core.encoding import Encoding
from saloon.core.errors import IllegalAction
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State

__all__ = ["EncodingReport", "check_encoding"]


@dataclass
class EncodingReport:
    games: int = 0
    decisions: int = 0
    outcomes: int = 0
    observations: int = 0
    resampled: int = 0
    most_legal: int = 0


def check_encoding(
    game: Game | str,
    options: Options | None = None,
    games: int = 20,
    seed: int = 0,
    *,
    num_players: int | None = None,
    resample_every: int = 7,
) -> EncodingReport:
    """Check the encoding of ``game`` under ``options`` over ``games`` random
    games; raises :class:`AssertionError` naming the state and the fault.
    Hidden information is resampled at every ``resample_every``-th state."""
    if isinstance(game, str):
        game = get_game(game)
    options = game.options(options)
    rng = np.random.default_rng(seed)
    probe = game.new_state(options, num_players)
    enc = game.encoding(options, probe.num_players)
    report = EncodingReport()
    for _ in range(games):
        state = game.new_state(options, num_players)
        step = 0
        while True:
            _check_observations(game, enc, state, report)
            if not game.perfect_information and step % resample_every == 0:
                _check_resampled(enc, state, rng, report)
            mover = state.to_move
            if mover is None:
                break
            action: Action
            if mover == CHANCE:
                if enc.num_outcomes:
                    _check_outcomes(enc, state, report)
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                _check_actions(enc, state, legal, report)
                action = legal[int(rng.integers(len(legal)))]
            state.apply(action)
            step += 1
        report.games += 1
    return report


def _where(state: State) -> str:
    return f"after {len(state.history)} steps ({' '.join(map(str, state.history[-6:]))})"


def _check_actions(
    enc: Encoding, state: State, legal: Sequence[Action], report: EncodingReport
) -> None:
    ids = [enc.action_id(state, a) for a in legal]
    for a, i in zip(legal, ids, strict=True):
        assert 0 <= i < enc.num_actions, f"{a} has id {i}, outside the space {_where(state)}"
        back = enc.action(state, i)
        assert back == a, f"id {i} of {a} reads back as {back} {_where(state)}"
    assert len(set(ids)) == len(ids), f"two legal actions share an id {_where(state)}"
    mask = enc.legal_mask(state)
    assert mask.shape == (enc.num_actions,) and mask.dtype == np.int8
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids), f"mask is wrong {_where(state)}"
    assert enc.legal_ids(state) == sorted(ids)
    report.decisions += 1
    report.most_legal = max(report.most_legal, len(ids))
    # An id that names nothing legal here is refused or names an illegal action.
    free = next((i for i in range(enc.num_actions) if not mask[i]), None)
    if free is not None:
        try:
            other = enc.action(state, free)
        except IllegalAction:
            pass
        else:
            assert not state.is_legal(other), f"unmasked id {free} is legal {_where(state)}"


def _check_outcomes(enc: Encoding, state: State, report: EncodingReport) -> None:
    pairs = state.chance_outcomes()
    ids = [enc.outcome_id(state, o) for o, _ in pairs]
    for (o, _), i in zip(pairs, ids, strict=True):
        assert 0 <= i < enc.num_outcomes, f"outcome {o} has id {i}, outside {_where(state)}"
        assert enc.outcome(state, i) == o, f"outcome id {i} does not read back {_where(state)}"
    assert len(set(ids)) == len(ids), f"two outcomes share an id {_where(state)}"
    by_id = enc.chance_ids(state)
    assert [i for i, _ in by_id] == sorted(ids)
    assert abs(sum(p for _, p in by_id) - 1) < 1e-9
    report.outcomes += 1


def _check_observations(game: Game, enc: Encoding, state: State, report: EncodingReport) -> None:
    low, high = enc.layout.low, enc.layout.high
    for player in [None, *range(state.num_players)]:
        obs = enc.observation(state, player)
        assert obs.shape == enc.observation_shape, f"observation shape {obs.shape} {_where(state)}"
        assert obs.dtype == np.float32
        assert np.isfinite(obs).all(), f"observation not finite {_where(state)}"
        bad = np.flatnonzero((obs < low) | (obs > high))
        if bad.size:
            field = _field_at(enc, int(bad[0]))
            raise AssertionError(
                f"observation of player {player}: field {field} = {obs[bad[0]]} is outside "
                f"{low[bad[0]]}..{high[bad[0]]} {_where(state)}"
            )
        report.observations += 1


def _check_resampled(
    enc: Encoding, state: State, rng: np.random.Generator, report: EncodingReport
) -> None:
    for player in range(state.num_players):
        mine = enc.observation(state, player)
        world = state.resample_hidden(player, rng)
        other = enc.observation(world, player)
        if not np.array_equal(mine, other):
            at = int(np.flatnonzero(mine != other)[0])
            raise AssertionError(
                f"player {player}'s observation changes with what is hidden from him "
                f"(field {_field_at(enc, at)}) {_where(state)}"
            )
        report.resampled += 1


def _field_at(enc: Encoding, index: int) -> str:
    for f in enc.fields:
        start = enc.layout.offset(f.name)
        if start <= index < start + f.size:
            return f"{f.name}[{index - start}]"
    return str(index)

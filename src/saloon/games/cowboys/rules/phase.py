"""Where a game of Cowboys stands: its phase, and the action being carried out.

The phases are the core contract's decision and chance nodes (listed in
:mod:`saloon.games.cowboys.rules.state`). :class:`Pending` follows one
figure's action (Cowboys rulebook, Game Turn) from the acting side's start
window (Card Play) through its shots and their rolls (Shoot) to the wounds.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saloon.games.cowboys.actions import Act
from saloon.games.cowboys.rules.shots import ShotInfo
from saloon.games.cowboys.rules.walk import Walk


class Phase(enum.IntEnum):
    """Who acts next: a side deciding (``SELECT``, ``START``, ``ALLY``,
    ``BEFORE_SHOT``, ``AFTER_HIT``), a side answering (``ANSWER``), a chance
    node (``DEAL``, ``ROLL``, ``FIST``: a fist fight's two dice, Advanced
    Optional Rule 8; ``FLIP``: a card flipped for the order of play,
    Advanced Optional Rule 6; ``MODIFIER``: a cowboy's modifier rolled on
    its die table; ``POKER``: a card dealt for the poker hand of Advanced
    Optional Rule 7), a side making its draw in that hand (``DRAW``), or nobody (``OVER``).

    The Advanced Rules add ``CUP`` (chance: the next marker drawn from the
    activation cup), ``DAMAGE`` (chance: the card flipped for a hit's
    variable damage), ``REACT`` (a side deciding whether a cowboy of his
    shoots at a figure moving through his sight) and ``SHOOT_MOVE`` (the
    move of up to two squares after a shoot-and-move shot)."""

    DEAL = 0
    SELECT = 1
    ANSWER = 2
    START = 3
    ALLY = 4
    BEFORE_SHOT = 5
    ROLL = 6
    AFTER_HIT = 7
    OVER = 8
    FIST = 9
    FLIP = 10
    MODIFIER = 11
    POKER = 12
    DRAW = 13
    CUP = 14
    DAMAGE = 15
    REACT = 16
    SHOOT_MOVE = 17


@dataclass(frozen=True, slots=True)
class Pending:
    """The action being carried out, and where it stands.

    ``stage``: ``start`` (the acting side's start window), ``execute``,
    ``walk`` (a move under way, square by square),
    ``before`` (the window before a shot), ``roll``, ``after`` (the window
    after a hit), ``damage``; ``fists`` (a fist fight's dice, with
    ``target_id`` the defender; then ``damage`` to the loser). ``card`` is
    a card just played, waiting for the answers before it takes effect. A
    shot's ``info`` is fixed when it is fired; ``hits`` counts the current
    shot's hits (both rolls of a shotgun).
    ``plan`` is each shot's target and ``info`` for an action of the
    Advanced Optional Rules (fan fire, two pistols, two targets), empty
    for the basic game's shots (all at ``target_id``).
    With Variable Damage (Advanced Rules) a shot that hits goes to the
    stage ``flip``: ``to_flip`` counts the hits still to flip a card for,
    and ``hits`` then counts the damage the flipped cards do
    (:mod:`.damage_cards`).
    ``moved``: the squares a move and shoot moved before its shot (its
    stage ``aim``, between the move and the shot); ``shoot_move`` is the
    stage after a shoot and move's shot, the move of up to two squares
    (Advanced Rules, Move and Shoot: :mod:`.move_shoot`).
    ``walk``: a move under way, square by square (stage ``walk``,
    :mod:`.walk`). ``spare``: the points a move action left, at its stage
    ``weapon`` (the other reading ``weapon_in_move``: :mod:`.weapon_move`).
    ``need_run``: the fewest points a Run card must add for the move
    (CW-T6; 0 when his own points make it).
    ``action_cards`` and ``shot_cards``: the cards' bonuses on every shot
    of the action (Steady Aim) and on the shot under way (Dead Eye), each
    by the card's name, as the roll's line names them; ``action_bonus`` and
    ``shot_bonus`` are their sums.
    """

    act: Act
    stage: str = "start"
    ally: bool = False
    card: str | None = None
    card_target: str | None = None
    need_run: int = 0
    run: int = 0
    info: ShotInfo | None = None
    target_id: str | None = None
    shots: int = 0
    shot: int = 0
    roll: int = 0
    hits: int = 0
    shot_bonus: int = 0
    action_bonus: int = 0
    factor: int = 1
    action_cards: tuple[tuple[str, int], ...] = ()
    shot_cards: tuple[tuple[str, int], ...] = ()
    knock: bool = False
    plan: tuple[tuple[str, ShotInfo], ...] = ()
    to_flip: int = 0
    moved: int = 0
    walk: Walk | None = None
    spare: int = 0

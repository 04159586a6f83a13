"""Where a D6 action is chosen on the board: the marks a person clicks.

The browser plays D6 by pointing (:class:`~saloon.core.state.Pointer`): a
space to move or ride to, an enemy token to fight, a Village sign, a card
of the hand, the Cash Cube then the space it is hired to, an environment
piece then its space. The marks are those :func:`~.render.render_svg`
draws, named here once so that the two agree:

* ``space:4``, ``space:village``, ``space:styx``: a space of the map;
* ``foe:<uid>``: an enemy token on the map (a monster, a Guardian, a Cash
  Cube: to fight it, or to turn it against its owner, house rule
  ``mercenary_cube``);
* ``hero:p2``: a hero's pawn (a melee against him, house rule ``melee``);
* ``village:fountain``, ``village:training``, ``village:refresh``: the
  Village signs (Part I, Set Up the Game Board, Place Signs: they stand
  next to the Village);
* ``card:<id>``: a card of the viewer's hand; ``bounty:<id>``: a face-up
  Bounty card;
* ``cube``: the viewer's Cash Cube, on his class board (Part I, Place Your
  Cash Cube);
* ``piece:<name>``: the environment pieces still to place (setup);
* ``castle:<curse>``: a curse castle still to place (setup; Part IV, Curse
  Castle Standees).

Everything else (hunt, gather, rest, accept, pass, the weapons, potions,
skills, a Dogmud, an Advantage card bought, a class, a board, a stat) is
not a place on the board: :func:`pointer` answers ``None`` and the browser
shows it as a button.

>>> from saloon.games.dungeons import GAME
>>> from saloon.games.dungeons.actions import Hire, Move, REST
>>> s = GAME.new_state(num_players=2)
>>> pointer(s, Hire(4)).points, pointer(s, Move(2)).points, pointer(s, REST)
(('cube', 'space:4'), ('space:2',), None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from saloon.core.action import Action
from saloon.core.state import CHANCE, Pointer
from saloon.games.dungeons import actions as a
from saloon.games.dungeons import odds
from saloon.games.dungeons.rules import board, cards, combat, house, village
from saloon.games.dungeons.rules.model import Enemy

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The Village's paid services, each a sign beside the Village (Part II,
#: The Village, What You Can Pay to Do): the Fountain of You, Training
#: Camp, refreshing skill markers.
SERVICES: Final = ("fountain", "training", "refresh")
#: The point of the viewer's Cash Cube (Part I, Cash Cube).
CUBE: Final = "cube"


def space_point(space: int) -> str:
    """``space:4``, ``space:village``, ``space:styx``.

    >>> space_point(0), space_point(7)
    ('space:village', 'space:7')
    """
    return f"space:{a.space_name(space)}"


def foe_point(uid: int) -> str:
    """The point of the enemy token ``uid``: ``foe:12``."""
    return f"foe:{uid}"


def hero_point(seat: int) -> str:
    """The point of a hero's pawn, named as the notation names a player:
    ``hero:p2`` for seat 1."""
    return f"hero:p{seat + 1}"


def card_point(card: str) -> str:
    """The point of a card of the viewer's hand: ``card:lucky-coin``."""
    return f"card:{card}"


def bounty_point(card: str) -> str:
    """The point of a face-up Bounty card: ``bounty:<id>``."""
    return f"bounty:{card}"


def village_point(service: str) -> str:
    """The point of a Village sign (:data:`SERVICES`): ``village:fountain``."""
    return f"village:{service}"


def castle_point(curse: str) -> str:
    """The point of a curse castle still to place: ``castle:gift``."""
    return f"castle:{curse}"


def piece_point(piece: str) -> str:
    """The point of the environment pieces of one kind still to place."""
    return f"piece:{piece}"


def pointer(s: DungeonsState, action: Action) -> Pointer | None:
    """Where the player to move points to choose ``action``, or ``None``
    when it is not a place on the board (see the module docstring).

    Moving and riding name the space reached, the way there in ``last``
    (a walk and a ride may reach the same space; a ride's tag says it
    costs a horse). A fight names the enemy's token, tagged with the
    chance to win the round with the natural die (:mod:`.odds`). Hiring
    the Cash Cube names the cube, then its space. An environment piece is
    picked up first, then put down: the spaces that may still take that
    piece light up (a space never holds two identical pieces: Part I, Set
    Up the Game Board, Place Environment Pieces), as a player picks the
    piece from the pile and sets it on the map.
    """
    return _pointer(s, action, tagged=True)


def points_now(s: DungeonsState, seat: int | None) -> frozenset[str]:
    """The points the legal actions of ``seat`` name, when he is to move
    (none otherwise): the drawing lets a token or a pawn, which stands on
    a space, take clicks only then, so that a click on it otherwise goes
    to its space (a move into a space with a goblin in it)."""
    if seat is None or seat < 0 or s.to_move != seat:
        return frozenset()
    out: set[str] = set()
    for action in s.legal_actions():
        got = _pointer(s, action, tagged=False)
        if got is not None:
            out.update(got.points)
    return frozenset(out)


def _pointer(s: DungeonsState, action: Action, *, tagged: bool) -> Pointer | None:
    seat = s.to_move
    if seat is None or seat == CHANCE or not 0 <= seat < len(s.heroes):
        return None
    if isinstance(action, a.Move):
        # Part I, Spending Your Actions, Moving: one space along an arrow.
        return Pointer((space_point(action.space),), last="walk there: 1 action")
    if isinstance(action, a.Ride):
        # Addenda, Village Signs, Rent a Horse: one more space for a coin.
        horse = s.content.prices.horse
        via = board.space_words(s, action.via)
        return Pointer(
            (space_point(action.to),),
            last=f"ride through {via}: 1 action and {_coins(horse)}",
            tag="by horse",
        )
    if isinstance(action, a.Chib):
        # Part I, Chibbing Out: the chib runs to an adjacent space.
        return Pointer((space_point(action.space),), last="chib out and run there")
    if isinstance(action, a.Fight):
        return _fight(s, seat, action, tagged)
    if isinstance(action, a.Play):
        return _card(s, seat, action.card, "play it")
    if isinstance(action, a.Hire):
        # Part I, Cash Cube: hired (or rehired) onto a numbered space.
        return Pointer((CUBE, space_point(action.space)), last="hire the Cash Cube there")
    if isinstance(action, a.Mercenary):
        # Part IV, Suggestions, Mercenary Cube (ruling DG-R55): the Cube's token.
        cube = board.cube_of(s, action.seat)
        if cube is None:
            return None
        return Pointer(
            (foe_point(cube.uid),),
            last=f"turn it against its owner ({_coins(house.MERCENARY_PRICE)})",
        )
    if isinstance(action, a.Give):
        # Part III, Alliance (ruling DG-R84): the teammate's pawn.
        what = _coins(action.coins) if action.coins else cards.card_name(s, action.card)
        return Pointer((hero_point(action.seat),), last=f"give your teammate {what}")
    if isinstance(action, a.Melee):
        # Part IV, Suggestions, Melee Mode (ruling DG-R57): the other hero's pawn.
        tag = odds.percent(house.melee_odds(s, seat, action.seat)) if tagged else ""
        return Pointer((hero_point(action.seat),), last="attack that hero in melee", tag=tag)
    if isinstance(action, a.Train):
        # Part II, The Village, What You Can Pay to Do: Training Camp, +1.
        now = s.heroes[seat].stat(action.stat)
        cost = village.service_price(s, "training")
        return Pointer(
            (village_point("training"),),
            last=f"train {action.stat} from {now} to {now + 1} ({_coins(cost)})",
        )
    if action == a.FOUNTAIN:
        return Pointer((village_point("fountain"),), last="drink from the Fountain of You")
    if action == a.REFRESH:
        return Pointer((village_point("refresh"),), last="refresh a skill marker")
    if isinstance(action, a.Place):
        return Pointer(
            (piece_point(action.piece), space_point(action.space)),
            last=f"place the {action.piece} piece there",
        )
    if isinstance(action, a.Castle):
        return Pointer(
            (castle_point(action.curse), space_point(action.space)),
            last=f"place the castle of {s.content.curse(action.curse).name} there",
        )
    if isinstance(action, a.Pick):
        return _pick(s, seat, action)
    return None


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _fight(s: DungeonsState, seat: int, action: a.Fight, tagged: bool) -> Pointer | None:
    """Part I, Enemy Engagement: a round is declared against one enemy of
    the hero's space (the ``nth`` of its kind among those he may fight)."""
    same = [e for e in combat.fight_targets(s, seat) if e.kind == action.kind]
    if not 0 < action.nth <= len(same):
        return None
    e = same[action.nth - 1]
    tag = odds.percent(odds.round_odds(s, seat, uid=e.uid).win) if tagged else ""
    return Pointer((foe_point(e.uid),), last=f"fight {board.enemy_name(s, e)}", tag=tag)


def _card(s: DungeonsState, seat: int, card: str, last: str) -> Pointer | None:
    """A card of the mover's hand (the drawing shows his hand alone: Part
    II, The Cards)."""
    if card not in cards.hand(s, seat):
        return None
    return Pointer((card_point(card),), last=last)


def _pick(s: DungeonsState, seat: int, action: a.Pick) -> Pointer | None:
    w, v = action.word, action.value
    if w in ("space", "follow"):  # a follow: the companion's space (Part III)
        return Pointer((space_point(a.parse_space(v)),))
    if w == "enemy":
        e = enemy_of_ref(s, v)
        return None if e is None else Pointer((foe_point(e.uid),))
    if w == "target" and v[1:].isdigit():
        return Pointer((hero_point(int(v[1:]) - 1),))
    if w == "bounty":
        return Pointer((bounty_point(v),)) if v in s.bounties else None
    if w == "discard":
        return _card(s, seat, v, "discard it")
    return None


def enemy_of_ref(s: DungeonsState, ref: str) -> Enemy | None:
    """The enemy a card's choice names (``goblin 7``: the first goblin in
    space 7; ``goblin 7 2``: the second), as the choice counts them.

    >>> from saloon.games.dungeons import GAME
    >>> s = GAME.new_state(num_players=2)
    >>> enemy_of_ref(s, "goblin 7") is None
    True
    """
    words = ref.split()
    if len(words) not in (2, 3) or not all(w.isdigit() for w in words[1:]):
        return None
    kind, space = words[0], int(words[1])
    nth = int(words[2]) if len(words) == 3 else 1
    same = [e for e in s.enemies if e.space == space and e.kind == kind]
    return same[nth - 1] if 0 < nth <= len(same) else None

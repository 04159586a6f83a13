"""Where each Cowboys action is chosen on the board, for the browser's pointing.

A person plays Cowboys by pointing at its drawing
(:func:`saloon.games.cowboys.render.render_svg`) rather than picking a line
of notation: he clicks the figure, then where it acts. Each action's
:class:`~saloon.core.state.Pointer` names the marks clicked, in order:

* a figure's action starts with the figure, ``fig:C1`` (Game Turn: the side
  acting picks one of its figures at a time, and its whole action);
* a move or ride then names the square it ends on, ``sq:3,4`` (Move
  Actions; Movement with Horses), or the town's edge it leaves across,
  ``edge:E``; the facing it ends in is in the last words ("face north";
  Game Turn, facing; Advanced Rules, Facing After Movement), and so is
  whether it ends on foot or on horseback, when that is a change;
* a figure that stays where it is and turns, mounts or gets off his horse
  there, reloads, changes weapon, picks something up or does nothing is
  pointed at by the figure alone, and told apart by the last words;
* a shot names its target, a figure (``fig:C3``) or a loose horse
  (``horse:H1``; a horse ridden is pointed at by its rider, "at Horse 1"):
  one or two shots (Shoot: he declares one or two), draw and shoot, spin
  and shoot, and the Advanced Optional Rules' fan fire, two pistols and
  fist fight share those points and differ in the last words; two targets
  (Advanced Optional Rule 5) name both, in order; the Advanced Rules' move
  and shoot names the square, then the target; a reaction shot (Advanced
  Rules, Reaction Fire) names the cowboy who reacts, then the mover or his
  horse. A shot's ``tag`` is its chance to hit, from :mod:`.rules.odds`;
* a card played (Card Play) is the card in the hand, ``card:QS``, then the
  figure it acts on, if any (a weapon or a side it names is in the last
  words).

Ending a side's part, passing at a window, staying after a shoot and move,
and the poker hand's draw (not drawn on the board) are not pointed at
(``None``): the browser shows them as buttons beside the board.

>>> from saloon.games.cowboys import GAME
>>> s = GAME.new_state()
>>> while s.is_chance:
...     s.apply(s.chance_outcomes()[0][0])
>>> pointer(s, s.game.parse_action("C1 move B:a3 S"))
Pointer(points=('fig:C1', 'sq:0,2'), last='face south', tag='')
>>> pointer(s, s.game.parse_action("end")) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import Pointer
from saloon.games.cowboys.actions import (
    FIRING,
    Act,
    Arm,
    Draw,
    Fan,
    Fist,
    Move,
    MoveShoot,
    Pickup,
    Pistols,
    Play,
    React,
    Reload,
    Shoot,
    ShootMove,
    Spin,
    SpinSplit,
    Split,
    Wait,
)
from saloon.games.cowboys.board import XY
from saloon.games.cowboys.rules.figures import SLOTS, Figure
from saloon.games.cowboys.rules.odds import of_state
from saloon.games.cowboys.rules.shots import ShotInfo, shot_info, volley
from saloon.games.cowboys.words import number_word, percent

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState

#: The facings in words ("face north").
FACING_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def fig_point(fid: str) -> str:
    """The point of a figure (and of its roster line): ``fig:C1``."""
    return f"fig:{fid}"


def horse_point(hid: str) -> str:
    """The point of a horse, loose or ridden: ``horse:H1``."""
    return f"horse:{hid}"


def square_point(xy: XY) -> str:
    """The point of a town square by its column and row: ``sq:3,4``."""
    return f"sq:{xy[0]},{xy[1]}"


def edge_point(facing: str) -> str:
    """The point of the town's edge a figure leaves across: ``edge:E``."""
    return f"edge:{facing}"


def card_point(face: str) -> str:
    """The point of a card in the hand: ``card:QS``."""
    return f"card:{face}"


def target_point(state: CowboysState, target: str) -> str:
    """The point of a shot's target: a figure (``C3``), a loose horse
    (``H1``), or the rider of a horse ridden (the horse is drawn under
    him, and the last words say the shot is at the horse)."""
    if target[0] != "H":
        return fig_point(target)
    rider = _rider(state, target)
    return horse_point(target) if rider is None else fig_point(rider.id)


def _rider(state: CowboysState, horse: str) -> Figure | None:
    k = state.horse_index.get(horse)
    h = state.horses[k] if k is not None else None
    return state.figures[h.rider] if h is not None and h.rider is not None else None


def _at(state: CowboysState, target: str) -> str:
    """`` at Horse 1`` for a shot at a horse ridden (pointed at by its
    rider), else nothing: the last words of two shots at one mark differ."""
    return f" at {state.name_of(target)}" if _rider(state, target) is not None else ""


def pointer(state: CowboysState, action: Action) -> Pointer | None:
    """Where ``action`` is chosen on the board (see the module docstring);
    ``None`` for an action beside it (``end``, ``pass``, ``stay``, a draw
    in the poker hand)."""
    if isinstance(action, Play):
        return _play(state, action)
    if not isinstance(action, Act):
        return None
    i = state.index.get(action.fig)
    if i is None:
        return None
    f = state.figures[i]
    me = fig_point(f.id)
    if isinstance(action, Move):
        return _move(state, f, action)
    if isinstance(action, MoveShoot):
        return _move_shoot(state, i, action)
    if isinstance(action, React):
        # Advanced Rules, Reaction Fire: one shot at -2, as the shot's words give it.
        from saloon.games.cowboys.rules.reaction import REACTION

        t = action.target
        info = shot_info(state, i, t, extra=(("reaction fire", REACTION),))
        return Pointer(
            (me, target_point(state, t)),
            last="reaction shot" + _at(state, t),
            tag=_chance(state, info),
        )
    if isinstance(action, ShootMove):
        # Advanced Rules, Move and Shoot: one shot, then up to two squares.
        t = action.target
        return Pointer(
            (me, target_point(state, t)),
            last=f"one shot{_at(state, t)}, then move",
            tag=_chance(state, shot_info(state, i, t)),
        )
    if isinstance(action, Fist):
        # Advanced Optional Rule 8, Fist Fights: no dice on the chart, no tag.
        t = action.target
        return Pointer((me, target_point(state, t)), last="fist fight" + _at(state, t))
    if isinstance(action, FIRING):
        return _shot(state, i, action)
    return Pointer((me,), last=_own_words(f, action))


def _chance(state: CowboysState, info: ShotInfo | None) -> str:
    """A shot's chance to hit at least once, in per cent (``54%``): one
    roll of 2d6, or the shotgun's two (Shoot), with every modifier
    (:func:`~.rules.odds.of_state`, as the action's words read it); kept
    until the next transition."""
    if info is None:
        return ""
    key = ("point-chance", info)
    got: str | None = state._cache.get(key)
    if got is None:
        odds = of_state(state, info)
        got = state._cache[key] = percent(1 - odds.shot[0])
    return got


def _shot(state: CowboysState, i: int, act: Act) -> Pointer:
    """A shoot action from the figure in hand: the shooter, the target (and
    the second target of two), the last words telling the ways apart."""
    assert isinstance(act, FIRING)
    me = fig_point(act.fig)
    shots = volley(state, i, act)
    n = len(shots) if shots is not None else 1
    if isinstance(act, (Split, SpinSplit)):
        # Advanced Optional Rule 5: one shot at each of two targets; the
        # tag is the chance of the shot at the second, clicked last.
        second = [info for t, info in shots or () if t == act.second]
        tag = _chance(state, second[0] if second else None)
        # The targets by name: a rider and his horse are one mark.
        last = f"one shot at {state.name_of(act.target)}, then one at {state.name_of(act.second)}"
        if isinstance(act, SpinSplit):
            last = f"spin to face {FACING_WORDS[act.facing]}, {last}"
        points = (me, target_point(state, act.target), target_point(state, act.second))
        return Pointer(points, last=last, tag=tag)
    tag = _chance(state, shots[0][1] if shots else None)
    at = _at(state, act.target)
    if isinstance(act, Shoot):
        last = "two shots" if act.shots == 2 else "one shot"
    elif isinstance(act, Draw):
        last = "draw and shoot"
    elif isinstance(act, Spin):
        count = number_word(n)
        last = f"spin to face {FACING_WORDS[act.facing]}, {count} shot{'s' if n != 1 else ''}"
    elif isinstance(act, Fan):
        last = f"fan the pistol, {number_word(n)} shots"
    else:
        assert isinstance(act, Pistols)
        last = "both pistols, " + ("two shots each" if n == 4 else f"{number_word(n)} shots")
    return Pointer((me, target_point(state, act.target)), last=last + at, tag=tag)


def _mount_words(f: Figure, ride: bool) -> str:
    """``on horseback, `` or ``on foot, ``: a move that ends mounted when
    he is on foot, or on foot when he rides (Movement with Horses)."""
    mounted = f.horse is not None
    if ride == mounted:
        return ""
    return "on horseback, " if ride else "on foot, "


def _move(state: CowboysState, f: Figure, act: Move) -> Pointer:
    """A move action (Move Actions): the figure and where it ends."""
    me = fig_point(f.id)
    if act.off:
        # Leaving the town across the edge it faces (a scenario's exits).
        return Pointer((me, edge_point(act.facing)), last="on horseback" if act.ride else "on foot")
    face = f"face {FACING_WORDS[act.facing]}"
    mount = _mount_words(f, act.ride)
    xy = state.square_of(act.dest)
    if xy is None or xy == f.square:
        # He stays in his square: he turns (facing may change any number of
        # times during a move, Game Turn), mounts or gets off there.
        return Pointer((me,), last=mount + face if mount else f"turn to {face}")
    return Pointer((me, square_point(xy)), last=mount + face)


def _move_shoot(state: CowboysState, i: int, act: MoveShoot) -> Pointer:
    """The Advanced Rules' move and shoot: the figure, the square, the
    target; the facing (and a change of mount) in the last words."""
    from saloon.games.cowboys.rules.move_shoot import plans

    f = state.figures[i]
    xy = state.square_of(act.dest)
    where = square_point(xy) if xy is not None else edge_point(act.facing)
    face = FACING_WORDS[act.facing]
    last = f"{_mount_words(f, act.ride)}face {face}, then shoot{_at(state, act.target)}"
    tag = _chance(state, plans(state, i).get(act))
    return Pointer((fig_point(f.id), where, target_point(state, act.target)), last=last, tag=tag)


def slot_words(slot: str) -> str:
    """A weapon slot in words: ``rifle``; ``second pistol`` for a cowboy's
    other pistol (Advanced Optional Rule 3, Two Pistols).

    >>> slot_words("pistol2"), slot_words("shotgun")
    ('second pistol', 'shotgun')
    """
    return "second pistol" if slot == "pistol2" else slot


def _own_words(f: Figure, act: Act) -> str:
    """The last words of an action on the figure itself."""
    if isinstance(act, Reload):
        return f"reload the {slot_words(act.slot)}"
    if isinstance(act, Arm):
        # Movement to Change Weapons: 2 movement points.
        return f"take the {slot_words(act.slot)} in hand"
    if isinstance(act, Pickup):
        return f"pick up the {act.item}"
    if isinstance(act, Wait):
        return "do nothing this turn"
    return str(act)


def _play(state: CowboysState, act: Play) -> Pointer:
    """A card played from the hand (Card Play): the card, then the figure
    it acts on; a weapon or a side it names is in the last words."""
    from saloon.games.cowboys.rules.card_windows import target_words

    me = card_point(act.card)
    try:
        name = state.card(act.card).name
    except KeyError:
        name = act.card
    t = act.target
    if t is None:
        return Pointer((me,), last=f"play {name}")
    if t[0] in "CTH" and t[1:].isdigit():
        return Pointer((me, target_point(state, t)), last=f"play {name} on {state.name_of(t)}")
    if t in SLOTS:
        return Pointer((me,), last=f"play {name} on the {slot_words(t)}")
    return Pointer((me,), last=f"play {name} on {target_words(state, t)}")


def horse_targets(state: CowboysState, player: int | None) -> frozenset[str]:
    """The horses that ``player``'s actions now point at (a shot at a loose
    horse; a horse ridden is pointed at by its rider): only those are
    marks that take a click, so that a click on any other horse reaches
    the square beneath."""
    if player is None or state.is_over or state.to_move != player:
        return frozenset()
    out: set[str] = set()
    for a in state.legal_actions():
        for name in ("target", "second"):
            t = getattr(a, name, None)
            if isinstance(t, str) and t[:1] == "H" and _rider(state, t) is None:
                out.add(t)
    return frozenset(out)

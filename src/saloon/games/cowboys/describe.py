"""Cowboys' actions in words, with their effect and cost, and the menu's groups.

>>> from saloon.games.cowboys import GAME
>>> s = GAME.new_state()
>>> while s.is_chance:
...     s.apply(s.chance_outcomes()[0][0])
>>> s.describe_action(s.game.parse_action("C1 move B:a3 S"))
'Cowboy 1 moves to B:a3 facing S (1 of 4 points)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import ActionGroup
from saloon.games.cowboys.actions import (
    Act,
    Arm,
    DamageCard,
    Deal,
    Die,
    Discard,
    Draw,
    End,
    Fan,
    Fist,
    Fists,
    Flip,
    Marker,
    Move,
    MoveShoot,
    Pass,
    Pickup,
    Pistols,
    Play,
    PokerCard,
    React,
    Reload,
    Roll,
    Shoot,
    ShootMove,
    Spin,
    SpinSplit,
    Split,
    Stay,
    Wait,
)
from saloon.games.cowboys.cards import effect_words
from saloon.games.cowboys.geometry import HORSE_POINTS, Reach
from saloon.games.cowboys.rules import moves as mv
from saloon.games.cowboys.rules.card_windows import target_words
from saloon.games.cowboys.rules.figures import Figure
from saloon.games.cowboys.rules.fists import fist_mods, mods_words
from saloon.games.cowboys.rules.moves import horse_path
from saloon.games.cowboys.rules.odds import of_state, volley_words
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.shot_horses import SLOWED_POINTS, ridden_points, slowed_squares
from saloon.games.cowboys.rules.shots import Volley, shot_info, volley
from saloon.games.cowboys.words import listing, number_word

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def describe(state: CowboysState, action: Action) -> str:
    """``action`` in words (a menu line, a log line)."""
    if isinstance(action, Act):
        i = state.index.get(action.fig)
        if i is None:
            return str(action)
        return _act(state, i, action)
    if isinstance(action, End):
        left = [
            f.short
            for f in state.figures
            if f.side == state.active and f.standing and f.actions > 0
        ]
        do = "does" if len(left) == 1 else "do"
        rest = f": {listing(left)} {do} nothing" if left else ""
        if state.drawn is not None and state.turn > 1:
            return f"end the activation of {state.owner(state.active)} town folk{rest}"
        return f"end {state.owner(state.active)} part of the turn{rest}"
    if isinstance(action, Pass):
        if state.phase == Phase.REACT:
            return _hold_fire(state)
        return "play no card"
    if isinstance(action, Stay):
        from saloon.games.cowboys.rules.weapon_move import is_choice

        if is_choice(state.pending):
            return "keep his weapons as they are"
        return "move no further after the shot"
    if isinstance(action, Play):
        try:
            card = state.card(action.card)
        except KeyError:
            return str(action)
        on = f" on {target_words(state, action.target)}" if action.target else ""
        return f"play {action.card} ({card.name}){on}: {effect_words(card)}"
    if isinstance(action, Roll):
        return f"the dice show {action.a} and {action.b} ({action.total})"
    if isinstance(action, Fists):
        return f"the attacker's die shows {action.a}, the defender's {action.b}"
    if isinstance(action, Deal):
        return f"the card {action.card} is dealt"
    if isinstance(action, Die):
        return f"the die shows {action.face}"
    if isinstance(action, PokerCard):
        return f"the card {action.card} is dealt for the poker hand"
    if isinstance(action, Discard):
        if not action.cards:
            return "keep all five poker cards"
        return f"throw away {' '.join(action.cards)} and draw {len(action.cards)}"
    if isinstance(action, Flip):
        return f"the card {action.card} is flipped for the order of play"
    if isinstance(action, Marker):
        from saloon.games.cowboys.rules.cup import marker_name

        m = action.marker
        if m in state.index or (m[0] == "s" and int(m[1:]) <= state.num_players):
            return f"the marker of {marker_name(state, action.marker)} is drawn from the cup"
        return f"the marker {action.marker} is drawn from the cup"
    if isinstance(action, DamageCard):
        what = _damage_words(state, action.card)
        return f"the card {action.card} is flipped for the hit's damage: {what}"
    return str(action)


def _damage_words(state: CowboysState, face: str) -> str:
    """What a card flipped for Variable Damage does (Advanced Rules)."""
    from saloon.games.cowboys.cards import variable_damage

    try:
        got = variable_damage(state.card(face))
    except KeyError:
        return "no such card in the deck"
    if got.miss:
        return "a miss"
    if got.pinned:
        return "a graze, no damage, the target pinned"
    return "one hit" if got.hits == 1 else f"{got.hits} hits"


def announce(state: CowboysState, action: Action) -> str:
    """What the other sides are told of ``action``: its words, but a draw
    in the poker hand names no card (the hand is hidden until shown).

    >>> announce(None, Discard(("7H", "3C")))  # type: ignore[arg-type]
    'throw away 2 poker cards and draw 2'
    """
    if isinstance(action, Discard) and action.cards:
        n = len(action.cards)
        return f"throw away {n} poker card{'s' if n > 1 else ''} and draw {n}"
    return describe(state, action)


def _act(state: CowboysState, i: int, act: Act) -> str:
    f = state.figures[i]
    who = f.short
    if isinstance(act, Move):
        return _move(state, i, act)
    p = state.pending
    # Weapons changed within a move, the other reading (CW-O2): the points
    # are those the move left.
    cost = (
        f"2 of the {p.spare} points his move left"
        if p is not None and p.stage == "weapon"
        else f"2 of {f.movement} points"
    )
    if isinstance(act, Arm):
        h = f.weapon(act.slot)
        what = h.weapon.value if h is not None else act.slot
        return f"{who} takes the {what} in hand ({cost})"
    if isinstance(act, Pickup):
        return f"{who} picks up the {act.item} in his square ({cost})"
    if isinstance(act, Reload):
        h = f.weapon(act.slot)
        if h is None:
            return str(act)
        return f"{who} reloads the {h.weapon} ({h.ammo} → {h.weapon.capacity} rounds)"
    if isinstance(act, Wait):
        return f"{who} does nothing this turn"
    if isinstance(act, (Fan, Pistols, Split, SpinSplit)):
        return _optional_shot(state, i, act)
    if isinstance(act, (MoveShoot, ShootMove)):
        return _move_shoot(state, i, act)
    if isinstance(act, React):
        return _react(state, i, act)
    if isinstance(act, Fist):
        j = state.index.get(act.target)
        lead = f"{who} fights {state.name_of(act.target)} with his fists"
        if j is None or f.square is None or state.figures[j].square is None:
            return lead
        m = fist_mods(state, i, j)
        return (
            f"{lead}: one die each, {who} with {mods_words(m.attacker)}, "
            f"{state.figures[j].short} with {mods_words(m.defender)}; the higher total "
            "does one damage to the other"
        )
    if isinstance(act, (Shoot, Draw, Spin)):
        target = state.name_of(act.target)
        shots = volley(state, i, act)
        n = len(shots) if shots is not None else act.shots if isinstance(act, Shoot) else 1
        count = number_word(n)
        if isinstance(act, Draw):
            lead = f"{who} draws and fires {count} "
        elif isinstance(act, Spin):
            lead = f"{who} spins to face {act.facing} and fires {count} "
        else:
            lead = f"{who} fires {count} "
        if shots is None:
            return f"{lead}shot{'s' if n != 1 else ''} at {target}"
        info = shots[0][1]
        text = f"{lead}{info.weapon} shot{'s' if n != 1 else ''} at {target}: "
        text += shots_words(state, shots)
        return text + _rounds(f, shots)
    return str(act)


def shots_words(state: CowboysState, shots: Volley) -> str:
    """The numbers of an action's shots, for the player choosing it: the
    range, each modifier by name, the number needed on 2d6, the chance to
    hit and, for more than one roll, the chance of each number of hits
    (:mod:`.rules.odds`)."""
    odds = [(t, of_state(state, info)) for t, info in shots]
    names = {t: state.name_of(t) for t, _ in shots}
    return volley_words(odds, names)


def _rounds(f: Figure, shots: Volley) -> str:
    """`` (6 → 4 rounds)``: a cowboy's rounds the action spends (town folk
    spend none, CW-T13); both pistols' with two pistols."""
    if not f.cowboy:
        return ""
    spent: dict[str, int] = {}
    for _, info in shots:
        spent[info.slot] = spent.get(info.slot, 0) + 1
    parts = []
    for slot, k in spent.items():
        held = f.weapon(slot)
        if held is not None:
            left = held.ammo - k
            parts.append(f"{held.ammo} → {left} round{'' if left == 1 else 's'}")
    if len(parts) > 1:
        return (
            " ("
            + "; ".join(
                f"{'first' if k == 0 else 'second'} pistol {t}" for k, t in enumerate(parts)
            )
            + ")"
        )
    return f" ({parts[0]})" if parts else ""


def _react(state: CowboysState, i: int, act: React) -> str:
    """A reaction shot in words (Advanced Rules, Reaction Fire)."""
    from saloon.games.cowboys.rules.reaction import REACTION

    f = state.figures[i]
    target = state.name_of(act.target)
    info = shot_info(state, i, act.target, extra=(("reaction fire", REACTION),))
    p = state.pending
    where = ""
    if p is not None and p.walk is not None:
        where = f" on {state.ref(p.walk.square)}"
    lead = f"{f.short} takes a reaction shot at {target}{where}"
    if info is None:
        return lead
    shots = ((act.target, info),)
    text = f"{lead}: one {info.weapon} shot, {shots_words(state, shots)}{_rounds(f, shots)}"
    return text + "; it is his action this turn"


def _hold_fire(state: CowboysState) -> str:
    """``pass`` at a reaction window, in words."""
    p = state.pending
    if p is None or p.walk is None:
        return "take no reaction shot"
    mover = state.name_of(p.act.fig)
    return f"take no reaction shot at {mover} on {state.ref(p.walk.square)}"


def _optional_shot(state: CowboysState, i: int, act: Fan | Pistols | Split | SpinSplit) -> str:
    """The shoot actions of the Advanced Optional Rules 2, 3 and 5 in
    words (and a spin and shoot at two targets, Advanced Rules)."""
    f = state.figures[i]
    who = f.short
    shots = volley(state, i, act)
    target = state.name_of(act.target)
    if isinstance(act, Fan):
        lead = f"{who} fans his pistol at {target}"
    elif isinstance(act, Pistols):
        each = "two shots each" if shots is None or len(shots) == 4 else "all they hold"
        lead = f"{who} fires both pistols at {target}, {each}"
    elif isinstance(act, SpinSplit):
        lead = (
            f"{who} spins to face {act.facing} and fires one shot at {target}, "
            f"then one at {state.name_of(act.second)}"
        )
    else:
        lead = f"{who} fires one shot at {target}, then one at {state.name_of(act.second)}"
    if shots is None:
        return lead
    text = f"{lead}: {number_word(len(shots))} shots, {shots_words(state, shots)}"
    return text + _rounds(f, shots)


def _move_shoot(state: CowboysState, i: int, act: MoveShoot | ShootMove) -> str:
    """The Advanced Rules' move and shoot, and shoot and move, in words."""
    from saloon.games.cowboys.rules.move_shoot import SHOOT_MOVE_SQUARES, plans

    f = state.figures[i]
    target = state.name_of(act.target)
    if isinstance(act, MoveShoot):
        info = plans(state, i).get(act)
        xy = state.square_of(act.dest)
        reach = state.move_options(i).ends.get((xy, act.ride)) if xy is not None else None
        verb = "rides" if act.ride else "moves"
        lead = f"{f.short} {verb} to {act.dest} facing {act.facing}"
        if reach is not None:
            n = mv.squares_moved(reach.path)
            lead += f" ({n} square{'s' if n != 1 else ''})"
        lead += ", then fires one "
        tail = ""
    else:
        info = shot_info(state, i, act.target)
        lead = f"{f.short} fires one "
        tail = f", then may move up to {SHOOT_MOVE_SQUARES} squares"
    if info is None:
        return f"{lead}shot at {target}{tail}"
    shots = ((act.target, info),)
    text = f"{lead}{info.weapon} shot at {target}: {shots_words(state, shots)}{_rounds(f, shots)}"
    return text + tail


def _move(state: CowboysState, i: int, act: Move) -> str:
    f = state.figures[i]
    who = f.short
    opts = state.move_options(i, ally=state.ally == f.id)
    if act.off:
        need = "" if (act.facing, act.ride) in opts.exits else " with a Run card's points"
        how = "riding" if act.ride else "on foot"
        return f"{who} leaves the town across the {act.facing} edge, {how}{need}"
    xy = state.town.square(act.dest)
    reach = opts.ends.get((xy, act.ride))
    run = ""
    if reach is None:
        reach = opts.extra.get((xy, act.ride))
        run = ", needs a Run card"
    if reach is None:
        return f"{who} {'rides' if act.ride else 'moves'} to {act.dest} facing {act.facing}"
    own = f.movement + (opts.run if run else 0) - reach.rider_left
    # Facing After Movement: 1 point to turn at the end (CW-V20).
    turn = mv.turn_cost(mv.facing_rule(state), reach, f.facing, act.facing)
    if xy == f.square and own == 0 and act.ride == (f.horse is not None):
        return f"{who} turns to face {act.facing}" + (" (1 point)" if turn else "")
    if turn:
        run = ", 1 more to turn" + run
    way = _way(state) if len(reach.path) > 2 else ""
    if act.ride:
        full = _horse_points(state, f, reach)
        horse = full - reach.horse_left
        return (
            f"{who} rides to {act.dest} facing {act.facing} "
            f"({own} of {f.movement} own points, {horse} of the horse's {full}{run}){way}"
        )
    return f"{who} moves to {act.dest} facing {act.facing} ({own} of {f.movement} points{run}){way}"


def _way(state: CowboysState) -> str:
    """With Reaction Fire, how the engine picks the way (ruling CW-V37)."""
    if not state.rule("reaction_fire"):
        return ""
    return ", by the cheapest way least in sight of cowboys who could react"


def _horse_points(state: CowboysState, f: Figure, reach: Reach) -> int:
    """The points of the horse a move rides: his own horse's, or those of
    the horse he mounts on the way (2 for a shot one with ``slowed_horses``)."""
    if f.horse is not None:
        return ridden_points(state, f)
    mount_at, _ = horse_path(reach.path)
    slow = slowed_squares(state, state.free_horses())
    return SLOWED_POINTS if mount_at in slow else HORSE_POINTS


def groups(state: CowboysState, legal: Sequence[Action]) -> list[ActionGroup]:
    """The menu: one group per figure (its shots first, its moves and then
    its moves and shots after), then the rest."""
    by_fig: dict[str, list[Act]] = {}
    rest: list[Action] = []
    for a in legal:
        if isinstance(a, Act):
            by_fig.setdefault(a.fig, []).append(a)
        else:
            rest.append(a)
    out: list[ActionGroup] = []
    for fid, acts in by_fig.items():
        f = state.figures[state.index[fid]]
        # A move and shoot (many: an end, a facing, a target) after the moves.
        fire: list[Action] = [a for a in acts if a.kind == "fire" and not isinstance(a, MoveShoot)]
        other: list[Action] = [a for a in acts if a.kind != "fire"]
        other += [a for a in acts if isinstance(a, MoveShoot)]
        held = f.held()
        hand = f"{held.weapon} {held.ammo}" if held is not None else "holstered"
        title = f"{f.label}: {state.ref(f.square)} facing {f.facing}, {f.health} health, {hand}"
        out.append(ActionGroup(title, (*fire, *other)))
    if rest:
        cards = [a for a in rest if isinstance(a, Play)]
        plain = [a for a in rest if not isinstance(a, Play)]
        if cards:
            out.append(ActionGroup("Cards", tuple(cards)))
        if plain:
            out.append(ActionGroup("", tuple(plain)))
    return out

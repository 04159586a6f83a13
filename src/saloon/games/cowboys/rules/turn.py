"""The sequence of play: the deal, the turns and the sides' parts, and the steps between decisions.

Cowboys rulebook, Game Set Up (the cards dealt), Game Turn (the sides act
in turn, each with all of its figures, one at a time; the turn limit),
Card Play (the windows an action opens); rulings CW-T2 (a side's part),
CW-T3 (losing an action), CW-T15 (the order of the windows), CW-T17
(dealing), CW-T18 (the goals checked when an action is over). Between two
decisions the pending action runs on by itself: its start window, its
execution, the window before each shot, the roll, the window after a hit,
the wounds; a fist fight's dice (Advanced Optional Rule 8).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.cowboys.actions import MoveShoot, ShootMove
from saloon.games.cowboys.cards import Window, effect_words
from saloon.games.cowboys.rules import cup, damage_cards, move_shoot, stage, walk, weapon_move
from saloon.games.cowboys.rules.card_windows import card_effect
from saloon.games.cowboys.rules.cards_play import asked_at_shot, asked_to_start
from saloon.games.cowboys.rules.execute import damage, execute, finish, next_shot
from saloon.games.cowboys.rules.phase import Pending, Phase
from saloon.games.cowboys.rules.reaction import is_reaction
from saloon.games.cowboys.rules.victory import check_winner, decided_at_limit, end_by
from saloon.games.cowboys.words import count

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def deal(state: CowboysState, face: str) -> None:
    """A card dealt to the side next in the deal's order, its face told to
    that side alone (CW-T17); after the last card, turn 1 begins. A card
    flipped for the order of play comes from under the deck (Advanced
    Optional Rule 6)."""
    side = state.deal_queue[0]
    state.deal_queue = state.deal_queue[1:]
    state.deck = tuple(c for c in state.deck if c != face)
    if face in state.bottom:
        state.bottom = tuple(c for c in state.bottom if c != face)
    state.hands[side] = state.in_deck_order((*state.hands[side], face))
    card = state.card(face)
    dealt = f"{state.the(side, True)} {state.agree(side, 'is', 'are')} dealt"
    state.say("deal", f"{dealt} {face} ({card.name}: {effect_words(card)}).", side, (side,))
    state.say(
        "deal",
        f"{dealt} a card ({len(state.hands[side])} in hand, "
        f"{count(len(state.deck), 'card')} left in the deck).",
        side,
        besides=(side,),
    )
    if not state.deal_queue:
        begin(state)


def deal_or_begin(state: CowboysState) -> None:
    """The deal, if the scenario deals cards; else turn 1 begins."""
    if state.deal_queue:
        state.phase = Phase.DEAL
    else:
        begin(state)


def begin(state: CowboysState) -> None:
    """Game Set Up done: turn 1 begins with the first side."""
    state.turn = 1
    state.part = 0
    state.active = state.order[0]
    _start_turn(state)
    _start_part(state)
    state.phase = Phase.SELECT


def _start_turn(state: CowboysState) -> None:
    """A new turn: each side may play its cards again, and every horse
    may carry a rider again (CW-T5). With Variable Damage, the turn before
    ends with the unused deck reshuffled if cards went under it (CW-V13)."""
    if state.turn > 1 and state.rule("variable_damage"):
        damage_cards.reshuffle(state)
    n = state.num_players
    state.acted = frozenset()
    state.reacted = frozenset()
    state.lost = frozenset()
    state.own_used = [False] * n
    state.opp_used = [False] * n
    state.horses = [replace(h, moved=False) if h.moved else h for h in state.horses]


def _start_part(state: CowboysState) -> None:
    """A side's part of the turn: each standing figure may act once; a
    figure whose horse was killed under him loses this part; a knocked
    down or pinned figure may not move in it (CW-T3, CW-V5, CW-V11); a cowboy
    who has made a reaction shot this turn has spent his action (Reaction
    Fire, CW-V34)."""
    side = state.active
    state.fired = False
    for i, f in enumerate(state.figures):
        if f.side == side:
            # A pinned figure (Variable Damage) may not move either, once.
            cup.activate(state, i)
            if f.id in state.reacted:
                state.figures[i] = replace(state.figures[i], actions=0)
    state.say(
        "turn",
        f"Turn {state.turn} of {state.setup.turns}: "
        f"{state.the(side, True)} {state.agree(side, 'acts', 'act')}.",
        side,
    )


def next_part(state: CowboysState) -> bool:
    """End the acting side's part; the next side acts, or the next turn
    begins, or the last turn is over. False when the game has ended."""
    for i, f in enumerate(state.figures):
        if f.side == state.active and (f.actions or f.no_move):
            # a pin that held him in this part is over (CW-V11)
            state.figures[i] = replace(
                f, actions=0, no_move=False, pinned=f.pinned and not f.no_move
            )
    if cup.in_play(state):
        return _next_draw(state)
    state.part += 1
    if state.part >= len(state.order):
        if not _next_turn(state):
            return False
        if cup.in_play(state):
            cup.fill(state)
            return _next_draw(state)
    state.active = state.order[state.part]
    _start_part(state)
    return True


def _next_turn(state: CowboysState) -> bool:
    """The turn is over: the next begins, or the game ends at the turn
    limit (False)."""
    if state.turn >= state.setup.turns:
        end_by(state, decided_at_limit(state), at_limit=True)
        return False
    if state.setup.stage_run is not None:
        # Saloon's scenario rule: the stagecoach rolls on (ruling CS-Q1).
        stage.end_of_turn(state)
        check_winner(state)
        if state.phase == Phase.OVER:
            return False
    state.turn += 1
    state.part = 0
    _start_turn(state)
    return True


def _next_draw(state: CowboysState) -> bool:
    """With the activation cup (Advanced Rules, Player Turn Sequence): the
    markers of figures that can no longer act come out, and the next one is
    drawn (``Phase.CUP``; the last one left is drawn at once, CW-V3); an
    empty cup ends the turn and the next turn fills it again (CW-V7).
    False when the game has ended."""
    cup.purge(state)
    while not state.cup:
        state.drawn = None
        if not _next_turn(state):
            return False
        cup.fill(state)
        cup.purge(state)
    if len(state.cup) == 1:
        # The last marker could be no other: drawn without a chance node.
        cup.draw(state, state.cup[0])
    else:
        state.phase = Phase.CUP
    return True


def _can_act(state: CowboysState, side: int) -> bool:
    """Whether a standing figure of ``side`` has an action left."""
    return any(f.side == side and f.standing and f.actions > 0 for f in state.figures)


def advance(state: CowboysState) -> None:
    """Run the automatic steps until a side must decide, the dice are
    rolled, or the game is over: the answer windows, a directed town
    folk's action, a card's effect, the pending action's stages (its start
    window, its execution, the window before each shot, the roll, the
    window after a hit, the wounds), and the end of a side's part when
    none of its figures can act (CW-T2, CW-T15). A window is opened on
    what every seat sees, whatever the side asked holds (CW-T15)."""
    while True:
        if state.phase in (
            Phase.OVER,
            Phase.DEAL,
            Phase.FLIP,
            Phase.MODIFIER,
            Phase.POKER,
            Phase.DRAW,
            Phase.CUP,
        ):
            return
        if state.answer_queue:
            state.phase = Phase.ANSWER
            return
        p = state.pending
        if p is None:
            if state.ally is not None:
                state.phase = Phase.ALLY
                return
            if _can_act(state, state.active):
                if cup.only_waits(state):
                    continue
                state.phase = Phase.SELECT
                return
            if not next_part(state):
                return
            continue
        if p.card is not None:
            card_effect(state, p)
            continue
        stage = p.stage
        if stage == "start":
            # Asked whatever the side holds (CW-T15).
            if not p.ally and asked_to_start(state, p):
                state.phase = Phase.START
                return
            state.pending = replace(p, stage="execute")
        elif stage == "execute":
            if isinstance(p.act, (MoveShoot, ShootMove)):
                move_shoot.execute(state, p)  # Advanced Rules, Move and Shoot
            else:
                execute(state, p)
        elif stage == "aim":
            # A move and shoot's shot, after its move (CW-V25).
            move_shoot.aim(state, p)
        elif stage == weapon_move.STAGE:
            # Weapons changed within a move, the other reading (CW-O2).
            state.phase = Phase.SHOOT_MOVE
            return
        elif stage == "shoot_move":
            # A shoot and move's move, after its shot (CW-V27, CW-V28).
            if move_shoot.window(state, p):
                state.phase = Phase.SHOOT_MOVE
                return
        elif stage == "walk":
            # A move square by square; a side may be asked for a reaction
            # shot at a square (Reaction Fire).
            if walk.proceed(state, p):
                return
        elif stage == "before":
            if p.plan and _target_down(state, p):
                _skip_shot(state, p)
            elif _target_down(state, p):
                left = p.shots - p.shot
                state.say(
                    "shot",
                    f"{state.name_of(p.target_id or '')} is down: the "
                    f"{'shot' if left == 1 else f'{left} shots'} left "
                    f"{'is' if left == 1 else 'are'} spent without a roll.",
                    state.active,
                )
                finish(state, p)
            elif _own_windows(state, p) and asked_at_shot(state, Window.OWN_BEFORE_SHOT, p):
                state.phase = Phase.BEFORE_SHOT
                return
            else:
                state.pending = replace(p, stage="roll")
        elif stage == "roll":
            state.phase = Phase.ROLL
            return
        elif stage == "fists":
            # Advanced Optional Rule 8: a fist fight's dice (CW-A8).
            state.phase = Phase.FIST
            return
        elif stage == "after":
            if _own_windows(state, p) and asked_at_shot(state, Window.OWN_AFTER_HIT, p):
                state.phase = Phase.AFTER_HIT
                return
            state.pending = replace(p, stage="damage")
        elif stage == "flip":
            # Variable Damage (Advanced Rules): a card for each hit (CW-V10).
            if damage_cards.waiting(state, p):
                state.phase = Phase.DAMAGE
                return
        elif stage == "damage":
            damage(state, p)
        else:  # pragma: no cover
            raise AssertionError(stage)


def _own_windows(state: CowboysState, p: Pending) -> bool:
    """Whether the shooting side's own card windows open on ``p``'s shots:
    not for a town folk it directs (Friend in Town), nor for a reaction
    shot (CW-V31), unless the other reading ``reaction_cards`` opens them
    (CW-O6)."""
    return not p.ally and (not is_reaction(p) or state.rule("reaction_cards"))


def _skip_shot(state: CowboysState, p: Pending) -> None:
    """The shots of an Advanced Optional Rule's action at a target that is
    down are spent without a roll, as the basic game's second shot (Shoot);
    a later shot may be at another target, still standing (CW-A5)."""
    t = p.target_id or ""
    last = p.shot
    while last + 1 < p.shots and p.plan[last + 1][0] == t:
        last += 1
    left = last - p.shot + 1
    state.say(
        "shot",
        f"{state.name_of(t)} is down: the {'shot' if left == 1 else f'{left} shots'} "
        f"at him {'is' if left == 1 else 'are'} spent without a roll.",
        state.active,
    )
    next_shot(state, replace(p, shot=last))


def _target_down(state: CowboysState, p: Pending) -> bool:
    """Whether the target of the pending shot is already down."""
    t = p.target_id
    if t is None:
        return False
    if t[0] == "H":
        return not state.horses[state.horse_index[t]].alive
    return not state.figures[state.index[t]].standing

"""Why an action is refused: the rule that forbids it and what would make it legal.

:meth:`DungeonsState.explain_illegal` reads this module: the terminal and
the browser show its sentence when a person's choice is refused (the core's
:meth:`~saloon.core.state.State.apply` raises it as the
:class:`~saloon.core.errors.IllegalAction`). Every kind of D6 action has
its reasons, each naming the passage of the rulebook (or Saloon's ruling)
and what would make the action legal: not enough coins and the price; not
in the Village; no actions left; an enemy engages the hero; a card that
cannot be played in this window; not the player's decision. The active
player's own turn is in :mod:`.turn_refusals`; the windows out of turn,
the choices and the setup are here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from saloon.core.action import Action, Outcome
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.content import STYX, VILLAGE
from saloon.games.dungeons.effects import STATS
from saloon.games.dungeons.rules import board, cards, common, powers
from saloon.games.dungeons.rules.agenda import Decision
from saloon.games.dungeons.turn_refusals import (
    _known_space,
    _no_class,
    act_reason,
    gift_reason,
    useless,
)

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The nodes that take each kind of :class:`~.actions.Pick`, by its word.
_PICK_NODES = {
    "class": ("PickClass",),
    "board": ("PickBoard",),
    "stat": ("AssignStat", "PoisonStat", "ChooseStat"),
    "take": ("WildChoice",),
    "potion": ("AlchemyChoice", "ChoosePotion"),
    "discard": ("HandLimit",),
    "target": ("ChooseTarget", "SwapWith"),
    "space": ("ChooseSpace",),
    "option": ("ChooseOption", "WhichDie", "RefreshChoice"),
    "raise": ("FountainRaise",),
    "convert": ("Conversion",),
    "bounty": ("ChooseBounty", "KillUse"),
    "enemy": ("ChooseEnemy",),
    "collect": ("KillUse", "AnyHide"),
    "keep": ("KillUse",),
    "benefit": ("Act",),
    "drop": ("BenefitSwap",),
    "companion": ("PickCompanion",),
    "call": ("CallCompanion",),
    "follow": ("FollowMove",),
}

#: The nodes where ``pass`` may be an answer.
_PASS_NODES = (
    "Window",
    "AllyWindow",
    "Counter",
    "HandLimit",
    "AlchemyChoice",
    "Conversion",
    "FountainRaise",
    "BenefitSwap",
    "CallCompanion",
    "FollowMove",
)


def explain(s: DungeonsState, action: Action) -> str:
    """Why the player to move cannot take ``action`` now, in one sentence."""
    top = s.agenda[-1] if s.agenda else None
    if top is None:
        return "The game is over: the hunting season has ended, so nothing more can be played."
    if not isinstance(top, Decision):
        return f"'{action}' waits: the dice or a draw come first ({s.chance_prompt()})."
    if top.is_legal(s, action):
        return f"'{action}' is legal now."
    name = type(top).__name__
    who = s.name(top.player)
    asked = top.prompt(s)
    if isinstance(action, Outcome):
        return (
            f"'{action}' is what dice or a draw show, and none is rolled now: {who} decides "
            f"({asked})."
        )
    reason = _reason(s, top, name, action)
    if reason:
        return _sentence(reason)
    return _sentence(
        f"{action} is not among {who}'s choices now ({asked}); for instance {s.legal_actions()[0]}"
    )


def _sentence(text: str) -> str:
    text = common.upper_first(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


def _reason(s: DungeonsState, top: Decision, name: str, action: Action) -> str:
    if name == "Act":
        if isinstance(action, a.Pick) and action.word == "benefit":
            return _pick(s, top, name, action)
        if isinstance(action, a.Pick | a.Place) or action == a.PASS:
            return _elsewhere(s, top, action)
        return act_reason(s, top.player, action)
    if name == "Window":
        return _window(s, top, action)
    if name == "AllyWindow":
        return _ally_window(s, top, action)
    if name == "Counter":
        return _counter(s, top, action)
    if action == a.PASS:
        return _no_pass(s, top, name)
    if isinstance(action, a.Pick):
        if name not in _PICK_NODES.get(action.word, ()):
            return _elsewhere(s, top, action)
        return _pick(s, top, name, action)
    if isinstance(action, a.Place):
        if name != "PlacePiece":
            return _elsewhere(s, top, action)
        return _place(s, action)
    if isinstance(action, a.Castle):
        if name != "PlaceCastle":
            return _elsewhere(s, top, action)
        return _castle(s, action)
    if isinstance(action, a.Transform) and name == "ChooseClass":
        return _no_class(action.monster_class)
    if name in ("StealthDogmud", "RollDogmud"):
        if isinstance(action, a.Dogmud) and action.die:
            return "that roll is one die: type dogmud, with no number"
        if isinstance(action, a.Dogmud):
            price = s.content.prices.dogmud
            return f"Dogmud costs {price} coins and you have {s.heroes[top.player].coins}"
    return _elsewhere(s, top, action)


def _elsewhere(s: DungeonsState, top: Decision, action: Action) -> str:
    """An action of another decision: who decides now, and what."""
    who = s.name(top.player)
    asked = top.prompt(s)
    active = s.active
    turn_action = isinstance(
        action,
        (a.Move, a.Ride, a.Fight, a.Wield, a.Dogmud, a.Drink, a.UseSkill, a.Buy, a.Hire),
    ) or action in (a.HUNT, a.GATHER, a.REST, a.ACCEPT, a.FOUNTAIN, a.REFRESH)
    if isinstance(action, a.Play | a.Transform | a.Train | a.Chib) and top.player == active:
        turn_action = True
    if turn_action and active is None:
        now = "the setup" if s.round == 0 else "the GM event between rounds"
        return (
            f"'{action}' is done in one's own turn, and no turn is under way: {now} asks "
            f"{who}: {asked}"
        )
    if turn_action and active is not None and active != top.player:
        return f"not your turn: {s.name(active)} acts; you, {who}, are asked only this: {asked}"
    if turn_action and active is not None:
        return f"'{action}' must wait: first this is to be settled: {asked}"
    what = _ANSWERS.get(_word(action), "another question")
    return f"'{action}' answers {what}, not the question now ({who}: {asked})"


#: What each kind of choice answers, to say that it is not asked now.
_ANSWERS = {
    "class": "the choice of a class board, at setup",
    "board": "the choice of a gather board, at setup",
    "place": "the placing of the environment pieces, at setup",
    "stat": "a stat roll's place, or the stat a poison or a card changes",
    "take": "a Wild gather's reward",
    "potion": "an Alchemy fill, or the potion a card empties",
    "discard": "a discard at the hand limit",
    "target": "the player a card or Hero Swap reaches",
    "space": "the space a card, a skill or a chib goes to",
    "option": "a GM event's or a card's options",
    "raise": "the stat the Fountain of You raises",
    "convert": "a wild hide's conversion",
    "bounty": "the bounty a kill collects",
    "enemy": "the enemy a card or a skill takes",
    "collect": "a hide for the Hide Collection board, after a kill in solo or co-op",
    "keep": "a kill kept as a specialty or wild hide, in solo or co-op",
    "benefit": "a Heroic Benefit used, in one's own turn in solo or co-op",
    "drop": "the Heroic Benefit given up for a new one, in solo or co-op",
    "companion": "the choice of a companion, at a solo game's setup",
    "call": "the call of the companion to your space, on a gather's 1 in solo",
    "follow": "the companion's move after an action spent, in solo",
    "pass": "a card window or an offer",
    "transform": "the class a monster becomes",
    "play": "a card played in one's own turn, or a red card in a window",
    "train": "the Training Camp, in one's own turn in the Village",
    "chib": "an escape from one's own fight",
    "give": "a gift to one's teammate in one's space, in one's own turn or at the start of "
    "his (Part III, Alliance; ruling DG-R84)",
}


def _word(action: Action) -> str:
    return str(action).split(" ", 1)[0]


def _no_pass(s: DungeonsState, top: Decision, name: str) -> str:
    asked = top.prompt(s)
    if name == "HandLimit":
        return (
            "you paid for this card, so you must make room for it: discard a card "
            "(Part I, Shuffle and Draw; ruling DG-R2)"
        )
    if name == "Conversion":
        return (
            "this table converts a full pair of wild hides whenever a specialty slot is free "
            "(the reading of wild conversion as a duty): pick the class (ruling DG-R5)"
        )
    if name in _PASS_NODES:
        return f"pass is not possible here: {asked}"
    return f"this cannot be passed by: {asked}"


# -- out of turn --------------------------------------------------------------------------------


def _ally_window(s: DungeonsState, top: Decision, action: Action) -> str:
    """The teammate's window (Part III, Alliance; ruling DG-R81)."""
    from saloon.games.dungeons.rules import alliance

    seat = top.player
    phase = getattr(top, "phase", "turn")
    if isinstance(action, a.Give):
        if phase != "turn":
            return (
                "gifts are given outside a round of combat: at the start of your teammate's "
                "turn, or in your own (ruling DG-R84)"
            )
        return gift_reason(s, seat, action)
    if not isinstance(action, a.Play):
        return _elsewhere(s, top, action)
    cid = action.card
    if cid not in s.index.alliances:
        if cid in s.index.advantages or cid in s.index.quests:
            return (
                f"in your teammate's window only Alliance cards are played for him; "
                f"{cards.card_name(s, cid)} is not one (ruling DG-R81)"
            )
        return f"there is no card {cid}"
    c = cards.card(s, cid)
    if cid not in cards.hand(s, seat):
        return f"you hold no {c.name}"
    if alliance.is_foe(s, cid):
        return (
            f"{c.name} hurts the other team: play it in an opponent's fight, in the GM's "
            "window, never against your teammate (Part III, Alliance; ruling DG-R81)"
        )
    when = "before his roll" if phase == "fight" else "at the start of his turn"
    return f"{c.name} would do nothing for your teammate now, {when}"


def _window(s: DungeonsState, top: Decision, action: Action) -> str:
    seat = top.player
    phase = getattr(top, "phase", "before")
    if not isinstance(action, a.Play):
        return _elsewhere(s, top, action)
    cid = action.card
    if cid in s.index.alliances and cid in cards.hand(s, seat):
        c = cards.card(s, cid)
        if not alliance_foe(s, cid):
            return (
                f"{c.name} helps one's own team: it is played for your teammate in his turn, "
                "never in an opponent's (Part III, Alliance; ruling DG-R81)"
            )
        return f"{c.name} would do nothing now: {useless(s, seat, c.effects, phase)}"
    if cid not in s.index.advantages and cid not in s.index.quests:
        return f"there is no card {cid}"
    c = cards.card(s, cid)
    if cid not in cards.hand(s, seat):
        return f"you hold no {c.name}"
    if cid not in s.index.red:
        return (
            f"{c.name} is not a red card: in another player's turn only red cards are played "
            "(Part II, Heroic Quest Cards)"
        )
    if cid in s.index.counters:
        return f"{c.name} cancels a card: it answers a card just played, not this window"
    timings = powers.WINDOW_TIMINGS[phase]
    when = {
        "before": "before the roll",
        "turn": "outside a fight",
    }[phase]
    if c.timing not in timings:
        played = {
            "roll": "after the hero's roll",
            "combat": "before the hero's roll",
            "any": "before the roll (or at any time of his turn, if the table reads it so)",
        }.get(c.timing, c.timing)
        return f"{c.name} is played {played}, and this window is {when} (ruling DG-R4)"
    return f"{c.name} would do nothing now: {useless(s, seat, c.effects, phase)}"


def alliance_foe(s: DungeonsState, cid: str) -> bool:
    from saloon.games.dungeons.rules import alliance

    return alliance.is_foe(s, cid)


def _counter(s: DungeonsState, top: Decision, action: Action) -> str:
    seat = top.player
    card = getattr(top, "card", "")
    name = cards.card_name(s, card) if card else "the card"
    if isinstance(action, a.Play):
        cid = action.card
        if cid not in s.index.advantages and cid not in s.index.quests:
            return f"there is no card {cid}"
        c = cards.card(s, cid)
        if cid not in cards.hand(s, seat):
            return f"you hold no {c.name}"
        if cid not in s.index.counters:
            return (
                f"only a card that cancels another answers {name} now; {c.name} does not (ruling "
                "DG-R4)"
            )
        if seat == s.active:
            return f"{c.name} is a red card: in your own turn you cancel with a green one"
        return f"{c.name} is green: out of your turn you cancel with a red card"
    if isinstance(action, a.UseSkill):
        return f"only a skill that cancels a card answers {name} now, in your own turn"
    return _elsewhere(s, top, action)


# -- choices ------------------------------------------------------------------------------------


def _pick(s: DungeonsState, top: Decision, name: str, action: a.Pick) -> str:
    w, v = action.word, action.value
    seat = top.player
    h = s.heroes[seat]
    if w == "class":
        c = s.index.classes.get(v)
        if c is None:
            return f"there is no class board {v}: the classes are {_ids(s.index.classes)}"
        if c.expansion and not s.options.expansion:
            return f"the {c.name} is an expansion class: play with -o expansion=true (Part IV)"
        return f"the {c.name} board is taken: each player has his own class (ruling DG-R26)"
    if w == "board":
        b = s.index.boards.get(v)
        if b is None:
            return f"there is no gather board {v}: the boards are {_ids(s.index.boards)}"
        return f"the {b.name} is taken: each player has his own gather board (ruling DG-R26)"
    if w == "stat":
        if v not in STATS:
            return f"{v} is not a stat: strength, stealth, wits or skill"
        now = h.stat(v)
        if name == "AssignStat":
            return (
                f"your {v} is {now} already: each roll goes on an empty stat (Part I, Roll "
                "for Stats)"
            )
        if name == "PoisonStat":
            return f"your {v} is 3, the lowest: the poison must take another stat"
        amount = getattr(top, "amount", 0)
        edge = "6, the highest" if amount > 0 else "3, the lowest"
        return f"your {v} is {edge} already: choose another stat"
    if w == "take":
        if "companion" in s.gather_board(seat).rewards:
            return (
                f"{v} is not a reward: on the red-dot board Wild gives coins, the companion or "
                "alchemy (Part III, Companions)"
            )
        return (
            f"{v} is not a reward: Wild gives coins, advantage or alchemy (Part II, Gather Rewards)"
        )
    if w == "potion":
        return _potion_pick(s, seat, name, v)
    if w == "discard":
        known = v in s.index.advantages or v in s.index.quests
        return f"you hold no {cards.card_name(s, v) if known else v} to discard"
    if w == "target":
        return _target_pick(s, top, v)
    if w == "space":
        spaces = getattr(top, "spaces", ())
        listed = ", ".join(board.space_words(s, sp) for sp in spaces)
        return f"{v} is not one of the spaces offered: {listed}"
    if w == "option":
        n = len(top.legal(s))
        return f"there is no option {v} here: choose one of 1 to {n}"
    if w == "raise":
        face = getattr(top, "face", 0)
        if v not in STATS:
            return f"{v} is not a stat: strength, stealth, wits or skill"
        return (
            f"your {v} is {h.stat(v)}, not lower than the Fountain's {face}: only a lower stat "
            "is raised (Part II, The Village)"
        )
    if w == "convert":
        free = ", ".join(getattr(top, "classes", ()))
        return (
            f"no free specialty slot of {v} on your board: the free ones are {free} (Part II, "
            "Hides)"
        )
    if w == "bounty":
        return (
            "that bounty is not one this kill collects: pick one the monster's class and space fit"
        )
    if w == "enemy":
        listed = ", ".join(str(x) for x in top.legal(s))
        return f"{v} is not one of the enemies this can take: {listed}"
    if w == "collect":
        if v in s.collection:
            return f"the {v} hide is on the Hide Collection board already (Part III)"
        if name == "KillUse":
            return "a kill counts only as its own monster's hide (Part III, Hide Collection)"
        return f"{v} is not a monster whose hide the board lacks (Part III, Special Enemies)"
    if w == "keep":
        return f"keep {v} is not a choice: the answer is keep hide"
    if w == "benefit":
        if v not in s.benefits:
            return f"no marker stands on a Heroic Benefit {v}: only those held may be used"
        return "that Heroic Benefit does nothing now, or not at this moment (Part III)"
    if w == "drop":
        return f"no marker stands on a Heroic Benefit {v}: move one from a benefit held"
    if w == "companion":
        return f"there is no companion {v}: bird, kitteh, crustacean or wisp (Part III)"
    if w == "follow":
        return f"the companion moves one space at a time, to a space next to its own, not {v}"
    if w == "call":
        return f"call {v} is not a choice: the answer is call companion"
    return ""


def _ids(table: Mapping[str, object]) -> str:
    return ", ".join(table)


def _potion_pick(s: DungeonsState, seat: int, name: str, v: str) -> str:
    new, _, old = v.partition(" from ")
    pots = s.content.potions
    if new not in pots or (old and old not in pots):
        return f"there is no potion {new if new not in pots else old}"
    h = s.heroes[seat]
    if name == "ChoosePotion":
        return f"no bottle stands on {pots[new].name}: empty a filled potion"
    board_pots = s.gather_board(seat).potions
    if new not in board_pots:
        listed = ", ".join(pots[p].name for p in board_pots)
        return f"{pots[new].name} is not on your gather board: its potions are {listed}"
    if new in h.potions:
        return (
            f"a bottle stands on {pots[new].name} already: one bottle a potion (Part II, Alchemy)"
        )
    if old and old not in h.potions:
        return f"no bottle stands on {pots[old].name} to move"
    return (
        "both your bottles are placed: move one (potion NEW from OLD) or pass (Part II, Gather "
        "Rewards, Alchemy)"
    )


def _target_pick(s: DungeonsState, top: Decision, v: str) -> str:
    cands = getattr(top, "candidates", ())
    if not (v[:1] == "p" and v[1:].isdigit()) or not 1 <= int(v[1:]) <= s.num_players:
        return f"{v} is not a player: p1 to p{s.num_players}"
    p = int(v[1:]) - 1
    if p == top.player:
        return "you cannot pick yourself: pick another player"
    h = s.heroes[p]
    if h.in_village:
        return (
            f"{s.name(p)} is in the Village, where no other player's card reaches him (Part II, "
            "The Village)"
        )
    if type(top).__name__ == "SwapWith":
        return f"Hero Swap takes a hero on another numbered space, and {s.name(p)} is not on one"
    listed = ", ".join(s.name(c) for c in cands)
    return f"{s.name(p)} cannot be picked here: the choices are {listed}"


def _castle(s: DungeonsState, action: a.Castle) -> str:
    if action.curse not in s.curses_left:
        left = ", ".join(s.curses_left)
        return f"no castle of a curse {action.curse!r} is left to place: the curses left are {left}"
    if action.space not in board.numbered(s):
        return (
            "a curse castle goes in any space but the Village (Part IV, Curse Castle Standees)"
            if action.space in (VILLAGE, STYX)
            else _known_space(s, action.space)
        )
    return (
        f"{board.space_words(s, action.space)} has a curse castle already: never two in a "
        "space (ruling DG-R51)"
    )


def _place(s: DungeonsState, action: a.Place) -> str:
    if action.piece not in s.pieces:
        left = ", ".join(dict.fromkeys(s.pieces))
        return f"no {action.piece} piece is left to place: the pieces left are {left}"
    if action.space not in board.numbered(s):
        return (
            "environment pieces go on numbered spaces, never the Village (Part I, Place "
            "Environment Pieces)"
            if action.space in (VILLAGE, STYX)
            else _known_space(s, action.space)
        )
    if s.options.environment_pieces == "expansion":
        return (
            f"{board.space_words(s, action.space)} has a {action.piece} piece already: never "
            "two identical pieces in a space while another space has fewer (Part I, Place "
            "Environment Pieces; ruling DG-R52)"
        )
    return (
        f"{board.space_words(s, action.space)} has a {action.piece} piece already: never two "
        "identical pieces in a space (Part I, Place Environment Pieces)"
    )

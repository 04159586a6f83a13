"""D6's actions in words, with their effect and cost, and the menu's groups.

>>> from saloon.games.dungeons import GAME
>>> from saloon.games.dungeons.actions import parse_action
>>> s = GAME.new_state(num_players=2)
>>> s.describe_action(parse_action("class slayer"))
'take the Slayer class board (+1 strength): skills Mighty Blow, Steel Nerve, Second Wind'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import ActionGroup
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.rules import board, cards, combat, common, powers, village
from saloon.games.dungeons.rules.setup import stat_value

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def _space(s: DungeonsState, space: int) -> str:
    return board.space_words(s, space)


def _enemies_words(s: DungeonsState, space: int) -> str:
    es = board.enemies_in(s, space)
    if not es:
        return ""
    return " (" + ", ".join(board.kind_name(s, e.kind) for e in es) + " there)"


def describe(s: DungeonsState, action: Action) -> str:
    """``action`` in words, with its cost (a menu line, a log line)."""
    seat = s.to_move if s.to_move is not None and s.to_move >= 0 else 0
    p = s.content.prices
    if isinstance(action, a.Move):
        return f"move to {_space(s, action.space)}{_enemies_words(s, action.space)}: 1 action"
    if isinstance(action, a.Ride):
        return (
            f"ride through {_space(s, action.via)} to {_space(s, action.to)}"
            f"{_enemies_words(s, action.to)}: 1 action and {p.horse} coin for the horse"
        )
    if action == a.HUNT:
        return "hunt: the GM draws an enemy from the bag into your space (1 action)"
    if action == a.GATHER:
        return "gather: roll the D4 for your gather board's reward (1 action)"
    if action == a.REST:
        t = s.turn
        if t is not None and t.actions == 0:
            return "rest: end the turn and draw two Heroic Quest cards"
        return "end the turn early (no Heroic Quest cards: not every action was taken)"
    if action == a.ACCEPT:
        f = s.fight
        if f is not None and f.dice:
            won = combat.hero_wins(s, f)
            return f"accept the roll ({combat.tally_words(s, f)}): you {'win' if won else 'lose'}"
        top = s.agenda[-1] if s.agenda else None
        if type(top).__name__ == "StealthDogmud":
            return "accept the failed stealth roll: every enemy here engages you"
        return "accept"
    if action == a.PASS:
        return _pass_words(s)
    if isinstance(action, a.Fight):
        return _fight_words(s, seat, action)
    if isinstance(action, a.Wield):
        return _wield_words(s, seat, action)
    if isinstance(action, a.Transform):
        return (
            f"turn in your three specialty hides: the monster becomes a {action.monster_class} "
            "with a bare D6 for this roll"
        )
    if isinstance(action, a.Play):
        c = cards.card(s, action.card)
        return f"play {c.name}: {c.text}"
    if isinstance(action, a.Drink):
        pot = s.content.potions[action.potion]
        return f"drink {pot.name}: {pot.text}"
    if isinstance(action, a.UseSkill):
        sk = s.index.skills[action.skill]
        return f"use {sk.name} (a skill marker): {sk.text}"
    if isinstance(action, a.Buy):
        return f"buy an Advantage card ({p.advantage_card} coins)"
    if isinstance(action, a.Hire):
        cube = board.cube_of(s, seat)
        if cube is not None:
            return (
                f"rehire the Cash Cube: move it from {_space(s, cube.space)} to "
                f"{_space(s, action.space)} ({p.cash_cube} coins)"
            )
        return f"hire the Cash Cube to {_space(s, action.space)} ({p.cash_cube} coins)"
    if isinstance(action, a.Train):
        h = s.heroes[seat]
        cost = village.service_price(s, "training")
        now = h.stat(action.stat)
        return f"Training Camp: {action.stat} {now} -> {now + 1} ({cost} coins)"
    if action == a.FOUNTAIN:
        cost = village.service_price(s, "fountain")
        return f"the Fountain of You: roll a D6 and raise a lower stat to it ({cost} coin)"
    if action == a.REFRESH:
        cost = village.service_price(s, "refresh")
        return f"refresh a used skill marker ({cost} coin)"
    if isinstance(action, a.Chib):
        die = s.hero_class(seat).chib_die
        return (
            f"chib out to {_space(s, action.space)}: leave the fight, free, "
            f"but a d{die} and no Advantage cards until Acupunch"
        )
    if isinstance(action, a.Dogmud):
        which = f" (die {action.die})" if action.die else ""
        return f"buy a Dogmud: roll one of your dice again{which} ({p.dogmud} coins)"
    if isinstance(action, a.Place):
        return f"place a {action.piece} piece in {_space(s, action.space)}"
    if isinstance(action, a.Pick):
        return _pick_words(s, seat, action)
    return str(action)


#: What ``pass`` means, by the decision it answers.
_PASS = {
    "Window": "pass: play no card on the monster",
    "Counter": "pass: let the card stand",
    "HandLimit": "pass: keep your hand and draw nothing",
    "AlchemyChoice": "pass: leave the potion bottles where they are",
    "Conversion": "pass: keep both wild hides",
    "FountainRaise": "pass: raise no stat",
}


def _pass_words(s: DungeonsState) -> str:
    top = s.agenda[-1] if s.agenda else None
    if isinstance(top, powers.Window) and top.phase == "turn":
        return "pass: play no red card now"
    return _PASS.get(type(top).__name__, "pass")


def _fight_words(s: DungeonsState, seat: int, action: a.Fight) -> str:
    targets = combat.fight_targets(s, seat)
    same = [e for e in targets if e.kind == action.kind]
    if action.nth > len(same):
        return str(action)
    e = same[action.nth - 1]
    name = board.enemy_name(s, e)
    if e.is_cube:
        return f"fight {name} (a d{s.content.prices.cash_cube_die}; no coins for it)"
    m = s.monster(e.kind)
    if m is not None:
        env = ""
        if m.environment and m.environment in board.pieces_in(s, e.space):
            env = f", +1 in the {m.environment}"
        hp = f", {e.hp} HP" if e.hp > 1 else ""
        return f"fight {name} ({m.monster_class}, a d{m.die}{env}{hp}): not an action"
    g = s.guardian(e.kind)
    assert g is not None
    if g.kind == "plant":
        attack = g.attack + board.plants_on_board(s) - 1
        return f"fight {name} (a Guardian: attack {attack}, no roll)"
    glory = f", {g.glory} glory" if g.glory else ""
    return f"fight {name} (a Guardian: a d{g.die}{glory})"


def _wield_words(s: DungeonsState, seat: int, action: a.Wield) -> str:
    parts = []
    for src in action.weapons:
        w = combat.weapon_of(s, seat, src)
        dice = f"{w.dice}d{w.die}" if w.dice > 1 else f"d{w.die}"
        if src == "natural":
            parts.append(f"your natural {dice}")
        elif src == "holy-water":
            parts.append(f"Holy Water, a {dice} ({s.content.prices.holy_water} coins)")
        else:
            flags = ", ".join(sorted(f.replace("_", " ") for f in w.flags))
            parts.append(f"{cards.card_name(s, src)} ({dice}{', ' + flags if flags else ''})")
    return "roll " + " and ".join(parts)


def _pick_words(s: DungeonsState, seat: int, action: a.Pick) -> str:
    w, v = action.word, action.value
    if w == "class" and v in s.index.classes:
        c = s.index.classes[v]
        skills = ", ".join(sk.name for sk in c.skills)
        return f"take the {c.name} class board (+1 {c.bonus_stat}): skills {skills}"
    if w == "board" and v in s.index.boards:
        b = s.index.boards[v]
        return (
            f"take the {b.name}: D4 {'/'.join(b.rewards)}, specialty hides {'/'.join(b.specialty)}"
        )
    if w == "stat":
        top = s.agenda[-1] if s.agenda else None
        roll = getattr(top, "roll", None)
        if s.round == 0 and isinstance(roll, int):
            value = stat_value(roll, v, s.hero_class(seat).bonus_stat)
            bonus = " with the class's +1" if v == s.hero_class(seat).bonus_stat else ""
            return f"put the {roll} on {v}: it becomes {value}{bonus}"
        return f"{v} (now {s.heroes[seat].stat(v)})"
    if w == "take":
        return {"coins": "two coins", "advantage": "an Advantage card", "alchemy": "Alchemy"}[v]
    if w == "potion":
        new, _, old = v.partition(" from ")
        name = s.content.potions[new].name
        if old:
            return f"move a bottle from {s.content.potions[old].name} to {name}"
        return f"fill {name}: {s.content.potions[new].text}"
    if w == "discard":
        return f"discard {cards.card_name(s, v)}"
    if w == "target":
        return f"{s.name(int(v[1:]) - 1)}"
    if w == "space":
        return _space(s, a.parse_space(v))
    if w == "raise":
        return f"raise {v} (now {s.heroes[seat].stat(v)})"
    if w == "convert":
        return f"convert a wild hide into a {v} specialty hide (the other goes to the bag)"
    if w == "bounty" and v in s.index.bounties:
        card = s.index.bounties[v]
        return f"collect the bounty on a {card.monster_class} in {card.space} ({card.glory} glory)"
    if w == "option":
        if v in s.index.skills:
            return f"refresh {s.index.skills[v].name}"
        top = s.agenda[-1] if s.agenda else None
        effect = getattr(top, "effect", None)
        if effect is not None and effect.options and v.isdigit():
            branch = effect.options[int(v) - 1]
            return f"option {v}: " + ", ".join(str(e) for e in branch)
        return f"option {v}"
    return str(action)


def announce(s: DungeonsState, action: Action) -> str:
    """What the others are told: the same words (nothing in D6 is chosen
    in secret: discards and plays are face up)."""
    return describe(s, action)


def groups(s: DungeonsState, legal: Sequence[Action]) -> list[ActionGroup]:
    """The active player's menu in groups: the fight, the actions, cards,
    potions and skills, purchases, the Village, the rest."""
    heads: dict[str, list[Action]] = {}

    def put(title: str, action: Action) -> None:
        heads.setdefault(title, []).append(action)

    for x in legal:
        if isinstance(x, (a.Fight, a.Wield, a.Transform, a.Dogmud, a.Chib)) or x == a.ACCEPT:
            put("Fight", x)
        elif isinstance(x, (a.Move, a.Ride)) or x in (a.HUNT, a.GATHER):
            put("Actions", x)
        elif isinstance(x, a.Play):
            put("Cards", x)
        elif isinstance(x, (a.Drink, a.UseSkill)):
            put("Potions and skills", x)
        elif isinstance(x, (a.Buy, a.Hire)):
            put("Buy", x)
        elif isinstance(x, a.Train) or x in (a.FOUNTAIN, a.REFRESH):
            put("The Village", x)
        elif isinstance(x, a.Place):
            put(f"A {x.piece} piece", x)
        else:
            put("", x)
    if len(heads) <= 1:
        return [ActionGroup("", tuple(legal))]
    order = ["Fight", "Actions", "Cards", "Potions and skills", "Buy", "The Village"]
    order += [t for t in heads if t not in order and t]
    order.append("")
    return [ActionGroup(t, tuple(heads[t])) for t in order if t in heads]


def coins_words(s: DungeonsState, seat: int) -> str:
    return f"{s.heroes[seat].coins} coins, {common.glory(s, seat)} glory"

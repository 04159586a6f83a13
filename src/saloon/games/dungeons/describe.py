"""D6's actions in words, with their effect and cost, and the menu's groups.

>>> from saloon.games.dungeons import GAME
>>> from saloon.games.dungeons.actions import parse_action
>>> s = GAME.new_state(num_players=2)
>>> words = s.describe_action(parse_action("class slayer"))
>>> words.startswith("take the Slayer class board: +1 to strength (a 6 wins ties in combat")
True
>>> "Mighty Blow (after your roll in a fight: +2 to your combat total)" in words
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import ActionGroup
from saloon.games.dungeons import actions as a
from saloon.games.dungeons import odds, words
from saloon.games.dungeons.effects import Effect
from saloon.games.dungeons.rules import (
    board,
    cards,
    combat,
    common,
    hides,
    powers,
    reroll,
    stealth,
    village,
)
from saloon.games.dungeons.rules.model import Weapon
from saloon.games.dungeons.rules.setup import stat_value

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def _space(s: DungeonsState, space: int) -> str:
    return board.space_words(s, space)


def _enemies_words(s: DungeonsState, space: int) -> str:
    es = board.enemies_in(s, space)
    if not es:
        return ""
    return " (" + ", ".join(board.enemy_name(s, e) for e in es) + " there)"


def _stealth_first(s: DungeonsState, seat: int) -> str:
    """``; a stealth check first: a d6 under your stealth of 4, 50%`` when
    the action needs one (Part I, On Stealth; ruling DG-R8)."""
    if s.turn is None or s.turn.seat != seat or not stealth.needs_check(s, seat):
        return ""
    h = s.heroes[seat]
    if h.auto_stealth:
        return "; the enemies here need a stealth check first, and yours succeeds unrolled"
    p = odds.percent(odds.stealth_chance(s, seat))
    die = stealth.natural_die(s, seat)
    return (
        f"; a stealth check first (the enemies here): your d{die} under your stealth of "
        f"{h.stat('stealth')}, {p}"
    )


def describe(s: DungeonsState, action: Action) -> str:
    """``action`` in words, with its cost and, around a fight, the numbers a
    player can act on (a menu line, a log line)."""
    seat = s.to_move if s.to_move is not None and s.to_move >= 0 else 0
    p = s.content.prices
    if isinstance(action, a.Move):
        return (
            f"move to {_space(s, action.space)}{_enemies_words(s, action.space)}: 1 action"
            + _stealth_first(s, seat)
        )
    if isinstance(action, a.Ride):
        return (
            f"ride through {_space(s, action.via)} to {_space(s, action.to)}"
            f"{_enemies_words(s, action.to)}: 1 action and {p.horse} coin for the horse"
            + _stealth_first(s, seat)
        )
    if action == a.HUNT:
        return (
            f"hunt: {'an enemy is drawn' if s.options.hides else 'the GM draws an enemy'} "
            "from the bag into your space (1 action)" + _stealth_first(s, seat)
        )
    if action == a.GATHER:
        rewards = s.gather_board(seat).rewards if s.heroes[seat].board else ()
        faces = ", ".join(f"{i + 1} {words.REWARDS.get(r, r)}" for i, r in enumerate(rewards))
        return (
            f"gather: roll the D4 for your gather board's reward ({faces}): 1 action"
            + _stealth_first(s, seat)
        )
    if action == a.REST:
        t = s.turn
        # Part III, Heroic Quest Deck Replacement: in solo and co-op a full
        # turn rolls on the Heroic Benefits instead of drawing two cards.
        reward = (
            f"roll the Heroic Benefits' d{8 if s.num_players == 1 else 10}"
            if s.options.hides
            else "draw two Heroic Quest cards"
        )
        if t is not None and t.actions == 0:
            return f"rest: end the turn and {reward}"
        left = 0 if t is None else t.actions
        what = "no Heroic Benefit roll" if s.options.hides else "no Heroic Quest cards"
        return (
            f"end the turn early, with {words.count(left, 'action')} left: {what} (that comes "
            "only after every action)"
        )
    if action == a.ACCEPT:
        return _accept_words(s)
    if action == a.PASS:
        return _pass_words(s)
    if isinstance(action, a.Fight):
        return _fight_words(s, seat, action)
    if isinstance(action, a.Wield):
        return _wield_words(s, seat, action)
    if isinstance(action, a.Transform):
        return _transform_words(s, seat, action.monster_class, hides=True)
    if isinstance(action, a.Play):
        c = cards.card(s, action.card)
        ally = s.index.alliances.get(action.card)
        if ally is not None and ally.side == "ally" and s.active is not None:
            # Part III, Alliance: an ally card acts for the teammate (DG-R81).
            return _with(
                f"play {c.name} for {s.name(s.active)}: {c.text}",
                forecast(s, s.active, c.effects),
            )
        return _with(f"play {c.name}: {c.text}", forecast(s, seat, c.effects))
    if isinstance(action, a.Give):
        # Part III, Alliance (ruling DG-R84): a gift to the teammate in one's space.
        if action.coins:
            return (
                f"give {s.name(action.seat)} {words.count(action.coins, 'coin')} of your "
                f"{s.heroes[seat].coins} (a gift to your teammate, no action)"
            )
        return (
            f"give {s.name(action.seat)} your {cards.card_name(s, action.card)} (a gift to "
            "your teammate, no action)"
        )
    if isinstance(action, a.Drink):
        pot = s.content.potions[action.potion]
        return _with(f"drink {pot.name}: {pot.text}", forecast(s, seat, pot.effects))
    if isinstance(action, a.UseSkill):
        sk = s.index.skills[action.skill]
        left = common.unlocked(s, seat)
        marker = f"a skill marker, {words.count(left - 1, 'other')} left" if left else "a marker"
        return _with(f"use {sk.name} ({marker}): {sk.text}", forecast(s, seat, sk.effects))
    if isinstance(action, a.Buy):
        return (
            f"buy an Advantage card ({p.advantage_card} coins of your "
            f"{s.heroes[seat].coins}): drawn from the deck"
        )
    if isinstance(action, a.Mercenary):
        return _mercenary_words(s, seat, action.seat)
    if isinstance(action, a.Melee):
        return _melee_words(s, seat, action.seat)
    if isinstance(action, a.Hire):
        cube = board.cube_of(s, seat)
        there = _enemies_words(s, action.space)
        if cube is not None and cube.serves is not None:
            return (
                f"rehire the Cash Cube that {s.name(cube.serves)} turned against you: it is "
                f"yours again, in {_space(s, action.space)}{there} ({p.cash_cube} coins)"
            )
        if cube is not None:
            return (
                f"rehire the Cash Cube: move it from {_space(s, cube.space)} to "
                f"{_space(s, action.space)}{there} ({p.cash_cube} coins)"
            )
        return (
            f"hire the Cash Cube to {_space(s, action.space)}{there} ({p.cash_cube} coins): "
            f"a d{p.cash_cube_die} that engages any other hero entering there"
        )
    if isinstance(action, a.Train):
        h = s.heroes[seat]
        cost = village.service_price(s, "training")
        now = h.stat(action.stat)
        return f"Training Camp: {action.stat} {now} -> {now + 1} ({words.count(cost, 'coin')})"
    if action == a.FOUNTAIN:
        cost = village.service_price(s, "fountain")
        return (
            "the Fountain of You: roll a D6 and raise a stat lower than the roll to it "
            f"({words.count(cost, 'coin')})"
        )
    if action == a.REFRESH:
        cost = village.service_price(s, "refresh")
        return f"refresh a used skill marker ({words.count(cost, 'coin')})"
    if isinstance(action, a.Chib):
        die = s.hero_class(seat).chib_die
        return (
            f"chib out to {_space(s, action.space)}: leave the fight, free, "
            f"but a d{die} and no Advantage cards until Acupunch"
        )
    if isinstance(action, a.Dogmud):
        return _dogmud_words(s, seat, action)
    if isinstance(action, a.Place):
        return _place_words(s, action)
    if isinstance(action, a.Castle):
        curse = s.content.curse(action.curse)
        return f"place the castle of {curse.name} in {_space(s, action.space)}: {curse.text}"
    if isinstance(action, a.Pick):
        return _pick_words(s, seat, action)
    return str(action)


def _mercenary_words(s: DungeonsState, seat: int, owner: int) -> str:
    """The Mercenary Cube house rule (ruling DG-R55)."""
    from saloon.games.dungeons.rules import house

    cube = board.cube_of(s, owner)
    where = "" if cube is None else f" in {_space(s, cube.space)}"
    return (
        f"turn {s.name(owner)}'s Cash Cube{where} against {s.name(owner)} "
        f"({house.MERCENARY_PRICE} coins): it engages its owner and spares you until it is "
        "slain or rehired"
    )


def _melee_words(s: DungeonsState, seat: int, other: int) -> str:
    """Melee Mode (rulings DG-R57, DG-R58): the dice and the odds."""
    from saloon.games.dungeons.odds import percent
    from saloon.games.dungeons.rules import house, stealth

    da, dd = stealth.natural_die(s, seat), stealth.natural_die(s, other)
    chance = percent(house.melee_odds(s, seat, other))
    return (
        f"attack {s.name(other)} in melee (not an action): your d{da} against d{dd}, "
        f"{house.tie_rule_words(s, seat, other)}; {chance} to win; the loser "
        "goes to a random space"
    )


def _with(text: str, more: str) -> str:
    """``text`` with ``more`` after it (its full stop dropped first)."""
    return text.rstrip(".") + more if more else text


def _accept_words(s: DungeonsState) -> str:
    """Accept the roll as it stands: the tally and what it does, computed
    afresh from the round now (a buff, a ward, a reroll all count)."""
    f = s.fight
    if f is not None and f.dice:
        core = (
            f"{combat.hero_lead(f, you=True)}: {combat.hero_expr(f)} against "
            f"{combat.enemy_lead(s, f)}: {combat.enemy_expr(s, f)}"
        )
        tie = ""
        if combat.hero_total(f) == combat.enemy_total(s, f):
            tie = combat.tie_words(s, f, you=True) + "; "
        return f"accept the roll ({core}): {tie}{combat.outcome_words(s, f)}"
    top = s.agenda[-1] if s.agenda else None
    if type(top).__name__ == "StealthDogmud":
        return "accept the failed stealth roll: every enemy here engages you"
    if isinstance(top, reroll.RollDogmud):
        return f"accept: {top.roll.what(s)} stays at {top.face}"
    return "accept"


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
    if type(top).__name__ in ("FollowMove", "CallCompanion"):
        from saloon.games.dungeons.rules import companions

        return f"pass: leave {companions.name(s.companion)} where it is"
    return _PASS.get(type(top).__name__, "pass: let it go by")


def _fight_words(s: DungeonsState, seat: int, action: a.Fight) -> str:
    targets = combat.fight_targets(s, seat)
    same = [e for e in targets if e.kind == action.kind]
    if action.nth > len(same):
        return f"fight the {board.kind_name(s, action.kind)} (not one you may fight now)"
    e = same[action.nth - 1]
    name = board.enemy_name(s, e)
    chance = odds.round_odds(s, seat, uid=e.uid).words()
    if e.is_cube:
        return f"fight {name} (no coins for it): {chance}; not an action"
    m = s.monster(e.kind)
    if m is not None:
        env = ""
        if m.environment and m.environment in board.pieces_in(s, e.space):
            env = f", +1 in the {m.environment}"
        hp = f", {e.hp} HP" if e.hp > 1 else ""
        return f"fight {name} ({common.article(m.monster_class)}{env}{hp}): {chance}; not an action"
    g = s.guardian(e.kind)
    assert g is not None
    glory = f", {g.glory} glory" if g.glory else ""
    if s.options.hides:
        glory = hides.guardian_worth(s, e.kind)
    return f"fight {name} (a Guardian{glory}): {chance}; not an action"


def _weapons(s: DungeonsState, seat: int, sources: tuple[str, ...]) -> list[Weapon]:
    return [combat.weapon_of(s, seat, src) for src in sources]


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
            flags = combat.keyword_words(w.flags)
            parts.append(f"{cards.card_name(s, src)} ({dice}{', ' + flags if flags else ''})")
    head = "roll " + " and ".join(parts)
    if s.fight is None:
        return head
    chance = odds.round_odds(s, seat, _weapons(s, seat, action.weapons))
    return f"{head}: {chance.words()}"


def _transform_words(s: DungeonsState, seat: int, cls: str, hides: bool) -> str:
    how = "turn in your three specialty hides: " if hides else ""
    head = (
        f"{how}the monster becomes {combat.transformed_words(s, cls)} with a bare D6 and no "
        "bonus for this roll (it dies as one)"
    )
    m = s.monster(cls)
    if m is not None and s.options.hide_transform == "advanced":
        head = (
            f"{how}the monster becomes {combat.transformed_words(s, cls)} in every respect, "
            f"its own d{m.die} and no environment bonus, for this roll (it dies as one)"
        )
    if s.fight is None:
        return head
    chance = odds.round_odds(s, seat, transformed=cls)
    return f"{head}; then {chance.words()}"


def _dogmud_words(s: DungeonsState, seat: int, action: a.Dogmud) -> str:
    price = s.content.prices.dogmud
    f = s.fight
    top = s.agenda[-1] if s.agenda else None
    if isinstance(top, reroll.RollDogmud):
        return f"buy a Dogmud ({price} coins): roll {top.roll.what(s)} again"
    if f is None or not f.dice or type(top).__name__ == "StealthDogmud":
        chance = odds.percent(odds.stealth_chance(s, seat))
        die = stealth.natural_die(s, seat)
        return f"buy a Dogmud ({price} coins): roll your stealth d{die} again, {chance} to slip by"
    index = max(0, action.die - 1)
    dice = combat.hero_dice(f)
    which = f"your d{dice[index]} (showing {f.dice[index]})"
    then = odds.percent(odds.reroll_chance(s, index))
    now = "you win it as it stands" if combat.hero_wins(s, f) else "you lose it as it stands"
    return f"buy a Dogmud ({price} coins): roll {which} again: {then} to win the round then ({now})"


def forecast(s: DungeonsState, seat: int, effects: tuple[Effect, ...]) -> str:
    """What a card, potion or skill would make of the round under way, in
    numbers: ``; then you win`` after a buff, the chance after a reroll,
    the hero's chance before and after a red card's buff."""
    f = s.fight
    if f is None:
        return ""
    kinds = {e.kind for e in effects}
    hero = s.active
    if hero is None:
        return ""
    mine = seat == hero
    if f.dice:
        probe = f
        for e in effects:
            if e.kind == "hero_buff":
                probe = replace(probe, hero_bonus=probe.hero_bonus + e.amount)
            elif e.kind == "double":
                probe = replace(probe, doubled=True)
            elif e.kind == "win_ties":
                probe = replace(probe, win_ties=True)
            elif e.kind == "ward":
                probe = replace(probe, ward=True)
        if "reroll" in kinds:
            _, best = odds.best_reroll(s)
            return f"; {odds.percent(best)} to win the round after the reroll"
        if "monster_reroll" in kinds:
            then = odds.percent(odds.enemy_reroll_chance(s))
            who = "you" if mine else "the hero"
            return f"; {who} then {'win' if mine else 'wins'} the round {then} of the time"
        if probe != f:
            if mine:
                before, after = combat.outcome_words(s, f), combat.outcome_words(s, probe)
                if combat.hero_total(probe) == combat.enemy_total(s, probe):
                    after = combat.tie_words(s, probe, you=True) + "; " + after
                return f"; no change: {after}" if after.endswith(before) else f"; then {after}"
            before, after = combat.verdict(s, f), combat.verdict(s, probe)
            return f"; no change: {after}" if after == before else f"; then {after}"
        return ""
    extra = sum(e.amount for e in effects if e.kind == "monster_buff")
    if extra and not mine and f.stage == "window":
        before = odds.percent(odds.round_odds(s, hero).win)
        after = odds.percent(odds.round_odds(s, hero, enemy_extra=extra).win)
        return f"; the hero's chance with his natural die goes from {before} to {after}"
    if "monster_hp" in kinds and not mine:
        foe = s.enemy(f.enemy)
        return f"; the hero must then win {words.count(foe.hp + 1, 'round')} to slay it"
    if "transform" in kinds and mine and f.stage == "arm":
        return (
            "; then you name the class: with your d6 against its bare d6, "
            + odds.percent(odds.round_odds(s, seat, transformed="bandit").win)
            + " to win the round"
        )
    return ""


def _place_words(s: DungeonsState, action: a.Place) -> str:
    helped = [m.name for m in s.content.monsters if m.environment == action.piece]
    who = f": +1 there to the {', the '.join(helped)}" if helped else ""
    return f"place a {action.piece} piece in {_space(s, action.space)}{who}"


def _pick_words(s: DungeonsState, seat: int, action: a.Pick) -> str:
    w, v = action.word, action.value
    top = s.agenda[-1] if s.agenda else None
    if w == "class" and v in s.index.classes:
        c = s.index.classes[v]
        return f"take the {c.name} class board: {words.class_traits(c, events=not s.options.hides)}"
    if w == "board" and v in s.index.boards:
        return f"take the {words.board_words(s, v)}"
    if w == "stat":
        return _stat_words(s, seat, v, top)
    if w == "take":
        return _take_words(s, seat, v)
    if w == "collect":
        name = board.kind_name(s, v)
        return f"put the {name} hide on the Hide Collection board"
    if w == "benefit":
        b = next((x for x in s.content.benefits if x.id == v), None)
        if b is not None:
            return _with(f"use the Heroic Benefit {b.name}: {b.text}", forecast(s, seat, b.effects))
    if w == "drop":
        b = next((x for x in s.content.benefits if x.id == v), None)
        if b is not None:
            return f"move the marker from {b.name} to the new benefit ({b.name} is lost)"
    if w in ("companion", "call", "follow"):
        from saloon.games.dungeons.rules import companions

        if w == "companion" and v in companions.COMPANIONS:
            nm, helps = companions.COMPANIONS[v]
            return f"take {nm} as your companion: {helps}, while it shares your space"
        if w == "call":
            return f"call {companions.name(s.companion)} to your space"
        if w == "follow":
            return f"move {companions.name(s.companion)} to {_space(s, a.parse_space(v))}"
    if w == "keep":
        return "keep the kill as a specialty or wild hide (not for the collection or a bounty)"
    if w == "potion":
        new, _, old = v.partition(" from ")
        name = s.content.potions[new].name
        if old:
            return f"move a bottle from {s.content.potions[old].name} to {name}"
        if type(top).__name__ == "ChoosePotion":
            return f"empty {name}"
        return f"fill {name}: {s.content.potions[new].text}"
    if w == "discard":
        card = cards.card(s, v)
        return f"discard {card.name} ({words.card_summary(card)})"
    if w == "target" and v == "companion" and s.companion_at is not None:
        there = s.companion_at
        return f"swap places with your companion, in {_space(s, there)}" + _enemies_words(s, there)
    if w == "target":
        other = int(v[1:]) - 1
        if type(top).__name__ == "SwapWith":
            there = s.heroes[other].space
            return f"swap places with {s.name(other)}, in {_space(s, there)}" + _enemies_words(
                s, there
            )
        return f"pick {s.name(other)}"
    if w == "space":
        sp = a.parse_space(v)
        return f"{_space(s, sp)}{_enemies_words(s, sp)}"
    if w == "raise":
        face = getattr(top, "face", 0)
        now = s.heroes[seat].stat(v)
        return f"raise {v} from {now} to {face}" if face else f"raise {v} (now {now})"
    if w == "convert":
        return (
            f"convert a wild hide into {common.article(v)} specialty hide (the other goes to "
            "the bag)"
        )
    if w == "bounty" and v in s.index.bounties:
        wanted = s.index.bounties[v]
        return (
            f"collect the bounty on {common.article(wanted.monster_class)} in "
            f"{_space(s, wanted.space)} ({_bounty_worth(s, wanted.glory)})"
        )
    if w == "enemy":
        return _enemy_pick_words(s, v, top)
    if w == "option":
        return _option_words(s, seat, v, top)
    return str(action)


def _stat_words(s: DungeonsState, seat: int, v: str, top: object) -> str:
    now = s.heroes[seat].stat(v)
    roll = getattr(top, "roll", None)
    name = type(top).__name__
    if name == "AssignStat" and isinstance(roll, int):
        cls = s.hero_class(seat)
        value = stat_value(roll, v, cls.bonus_stat)
        bonus = " with the class's +1" if v == cls.bonus_stat else ""
        low = " (1 to 3 count as 3)" if roll < 3 else ""
        use = words.stat_use(v, events=not s.options.hides)
        return f"put the {roll} on {v}: it becomes {value}{bonus}{low}; {use}"
    if name == "PoisonStat":
        return f"drop {v} from {now} to {now - 1}"
    amount = getattr(top, "amount", 0)
    if name == "ChooseStat" and amount:
        after = max(common.STAT_MIN, min(common.STAT_MAX, now + amount))
        return f"{'raise' if amount > 0 else 'lower'} {v} from {now} to {after}"
    return f"{v} (now {now})"


def _take_words(s: DungeonsState, seat: int, v: str) -> str:
    if v == "coins":
        h = s.heroes[seat]
        room = s.content.prices.coin_cap - h.coins
        if room >= common.GATHER_COINS:
            return "take two coins"
        cap = s.content.prices.coin_cap
        return f"take two coins: you would keep {words.count(room, 'coin')}, at the cap of {cap}"
    if v == "companion":
        from saloon.games.dungeons.rules import companions

        return (
            f"take the companion reward ({companions.name(s.companion)}: out of its carrier, "
            "called to you, or two coins at your side)"
        )
    return {"advantage": "take an Advantage card", "alchemy": "take Alchemy: fill a potion"}[v]


def _enemy_pick_words(s: DungeonsState, v: str, top: object) -> str:
    refs = getattr(top, "_refs", None)
    purpose = getattr(top, "purpose", "")
    verb = {"remove": "send back to the bag", "move": "move"}.get(purpose, "pick")
    if callable(refs):
        uid = refs(s).get(v)
        if uid is not None:
            e = s.enemy(uid)
            return f"{verb} {board.enemy_name(s, e)} in {_space(s, e.space)}"
    kind, _, rest = v.partition(" ")
    return f"{verb} the {board.kind_name(s, kind)} in {rest}"


def _option_words(s: DungeonsState, seat: int, v: str, top: object) -> str:
    if v in s.index.skills:
        return f"refresh {s.index.skills[v].name}"
    name = type(top).__name__
    if name == "WhichDie" and v.isdigit() and s.fight is not None:
        f = s.fight
        i = int(v) - 1
        d = combat.hero_dice(f)[i]
        p = odds.percent(odds.reroll_chance(s, i))
        return f"roll your d{d} (showing {f.dice[i]}) again: {p} to win the round then"
    effect = getattr(top, "effect", None)
    if effect is not None and effect.options and v.isdigit():
        branch = effect.options[int(v) - 1]
        return f"option {v}: {words.branch_words(branch)}"
    return f"option {v}"


def announce(s: DungeonsState, action: Action) -> str:
    """What the others are told: the same words (nothing in D6 is chosen
    in secret: discards and plays are face up), but a card given to a
    teammate, which passes face down (Part III, Alliance; ruling DG-R84)."""
    if isinstance(action, a.Give) and action.card:
        return f"give {s.name(action.seat)} an Advantage card, face down (a gift to a teammate)"
    return describe(s, action)


def groups(s: DungeonsState, legal: Sequence[Action]) -> list[ActionGroup]:
    """The active player's menu in groups: the fight (``accept`` first),
    the actions, cards, potions and skills, purchases (the Cash Cube's hires
    a group of their own: one entry at the table, that asks where), the
    Village, the rest; environment pieces a group per piece (at most five
    lines at the table), each of its spaces under it."""
    heads: dict[str, list[Action]] = {}
    if a.ACCEPT in legal:  # after the roll, taking it is the first choice
        legal = [a.ACCEPT, *(x for x in legal if x != a.ACCEPT)]

    def put(title: str, action: Action) -> None:
        heads.setdefault(title, []).append(action)

    # Alchemy with bottles to move: a potion's choices (fill it, or move a
    # bottle to it from another) under its name, not its notation.
    potions = [
        x.value.partition(" from ")[0]
        for x in legal
        if isinstance(x, a.Pick) and x.word == "potion"
    ]
    by_potion = len(potions) > len(set(potions))
    for x in legal:
        if by_potion and isinstance(x, a.Pick) and x.word == "potion":
            put(s.content.potions[x.value.partition(" from ")[0]].name, x)
        elif isinstance(x, (a.Fight, a.Wield, a.Transform, a.Dogmud, a.Chib)) or x == a.ACCEPT:
            put("Fight", x)
        elif isinstance(x, (a.Move, a.Ride)) or x in (a.HUNT, a.GATHER):
            put("Actions", x)
        elif isinstance(x, a.Play):
            put("Cards", x)
        elif isinstance(x, (a.Drink, a.UseSkill)):
            put("Potions and skills", x)
        elif isinstance(x, a.Buy):
            put("Buy", x)
        elif isinstance(x, a.Hire):
            put(_hire_title(s), x)
        elif isinstance(x, (a.Mercenary, a.Melee)):
            put("Against the heroes", x)
        elif isinstance(x, a.Give):
            put("Gifts to your teammate", x)
        elif isinstance(x, a.Train) or x in (a.FOUNTAIN, a.REFRESH):
            put("The Village", x)
        elif isinstance(x, a.Place):
            put(f"A {x.piece} piece", x)
        elif isinstance(x, a.Castle):
            put(f"The castle of {s.content.curse(x.curse).name}", x)
        else:
            put("", x)
    if len(heads) <= 1:
        return [ActionGroup("", tuple(legal))]
    order = ["Fight", "Actions", "Cards", "Potions and skills", "Buy", _hire_title(s)]
    order += ["Against the heroes", "Gifts to your teammate", "The Village"]
    order += [t for t in heads if t not in order and t]
    order.append("")
    return [ActionGroup(t, tuple(heads[t])) for t in order if t in heads]


def _bounty_worth(s: DungeonsState, glory: int) -> str:
    """What a bounty is worth: its glory, or in the Hide Collection a turn
    more once returned to the Village (Part III, Solo & Co-op)."""
    if s.options.hides:
        return "a turn more once returned to the Village"
    return f"{glory} glory"


def _hire_title(s: DungeonsState) -> str:
    seat = s.to_move if s.to_move is not None and s.to_move >= 0 else 0
    verb = "Rehire" if board.cube_of(s, seat) is not None else "Hire"
    return f"{verb} the Cash Cube ({s.content.prices.cash_cube} coins) to a space"


def coins_words(s: DungeonsState, seat: int) -> str:
    return f"{s.heroes[seat].coins} coins, {common.glory(s, seat)} glory"

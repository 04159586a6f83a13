"""Why an action of the active player's turn is refused (:mod:`.refusals`).

The rules each reason names: Part I, Spending Your Actions (three actions;
the arrows of the map: Part II, The Maps); On Stealth and Enemy Engagement
(no action while engaged: rulings DG-R29, DG-R34); Addenda, Village Signs
(Rent a Horse, Dogmud, Holy Water, the Cash Cube); Part II, Specialty
Hides (the seven steps of a round: the transformation, the weapon, the
roll); Part II, Heroic Quest Cards and Advantage Cards (when a card is
played: ruling DG-R4); Part I, Non-Action Tasks (skills and potions once a
turn: ruling DG-R13); Part II, The Village (its services, no skills there);
Part I, Chibbing Out; Part IV, Suggestions (the Mercenary Cube and Melee
Mode house rules: :mod:`.rules.house`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.content import MONSTER_CLASSES, STYX, VILLAGE, AdvantageCard
from saloon.games.dungeons.effects import STATS, Effect
from saloon.games.dungeons.rules import (
    board,
    cards,
    combat,
    common,
    house,
    moves,
    powers,
    village,
)
from saloon.games.dungeons.words import count

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


# -- the active player's turn -----------------------------------------------------------------


def _engaged_names(s: DungeonsState) -> str:
    t = s.turn
    if t is None:
        return "an enemy"
    names = [board.enemy_name(s, s.enemy(u)) for u in t.engaged if s.find_enemy(u) is not None]
    return ", ".join(names) or "an enemy"


def _busy(s: DungeonsState, seat: int, what: str) -> str:
    """Why no action (or rest) now: a round under way, an engagement."""
    f = s.fight
    if f is not None:
        foe = board.enemy_name(s, s.enemy(f.enemy))
        step = "pick your weapon" if f.stage == "arm" else "accept the roll or escape"
        after = "actions come" if what == "action" else f"{what} comes"
        return (
            f"a round of combat against {foe} is under way: {step} first; {after} after "
            "the round (Part II, Specialty Hides, steps 1-7)"
        )
    t = s.turn
    if t is not None and t.engaged and combat.fight_targets(s, seat):
        return (
            f"you are engaged with {_engaged_names(s)}: no {what} until you have fought them or "
            "escaped (chib out, a potion, a skill, a card) (Part I, On Stealth; ruling DG-R34)"
        )
    return ""


def _no_actions(s: DungeonsState) -> str:
    t = s.turn
    spent = 0 if t is None else t.spent
    return (
        f"no actions are left this turn ({count(spent, 'action')} taken): rest to end it "
        "(Part I, Spending Your Actions)"
    )


def _exits_words(s: DungeonsState, here: int) -> str:
    return ", ".join(board.space_words(s, sp) for sp in board.exits(s, here))


def _enter(s: DungeonsState, seat: int, space: int) -> str:
    """Why the hero may not go to ``space`` (beyond the arrows)."""
    if space == STYX:
        return "no one moves into the Styx: only death takes a hero there (Part I, Death)"
    if not moves.can_enter(s, seat, space):
        return (
            "a Werewolf in chib form may not enter the Village (Part IV, The D6 Expansion): "
            "drink Acupunch first"
        )
    return ""


def _known_space(s: DungeonsState, space: int) -> str:
    if space in (VILLAGE, STYX) or space in board.numbered(s):
        return ""
    top = max(board.numbered(s))
    return f"this map has no space {space}: its spaces are 1 to {top}, the Village and the Styx"


def act_reason(s: DungeonsState, seat: int, action: Action) -> str:
    h = s.heroes[seat]
    t = s.turn
    p = s.content.prices
    if isinstance(action, a.Move | a.Ride) or action in (a.HUNT, a.GATHER):
        busy = _busy(s, seat, "action")
        if busy:
            return busy
        if t is not None and t.actions <= 0:
            return _no_actions(s)
    if isinstance(action, a.Move):
        return _move(s, seat, h.space, action.space)
    if isinstance(action, a.Ride):
        if "no_horses" in s.flags:
            return "no horse may be rented this round (its round rule: no horses); move instead"
        if h.coins < p.horse:
            return (
                f"a horse costs {count(p.horse, 'coin')} and you have {h.coins} "
                "(Addenda, Rent a Horse)"
            )
        first = _move(s, seat, h.space, action.via)
        if first:
            return first
        if action.to in (h.space, action.via):
            return "a ride goes two spaces on: its second space must be a new one"
        return _move(s, seat, action.via, action.to)
    if action == a.HUNT:
        if h.space == VILLAGE:
            return (
                "no hunting in the Village: no enemy may ever be there (Part II, The Village; "
                "ruling DG-R15); move out first"
            )
        if not s.bag:
            return "the enemy bag is empty: there is nothing to hunt (ruling DG-R15)"
        return ""
    if action == a.REST:
        return _busy(s, seat, "rest") or ""
    if isinstance(action, a.Fight):
        return _fight(s, seat, action)
    if isinstance(action, a.Wield):
        return _wield(s, seat, action)
    if isinstance(action, a.Transform):
        return _transform(s, seat, action)
    if isinstance(action, a.Dogmud):
        return _dogmud(s, seat, action)
    if action == a.ACCEPT:
        f = s.fight
        if f is None:
            return "there is no roll to accept: declare a fight first (fight ENEMY)"
        return "there is no roll to accept yet: pick your weapon and roll first (wield ...)"
    if isinstance(action, a.Play):
        return _play(s, seat, action.card)
    if isinstance(action, a.Drink):
        return _drink(s, seat, action.potion)
    if isinstance(action, a.UseSkill):
        return _skill(s, seat, action.skill)
    if isinstance(action, a.Buy):
        if s.decks["advantage"].size == 0:
            return "the Advantage deck is empty until the end of the turn (ruling DG-R11)"
        return (
            f"an Advantage card costs {p.advantage_card} coins and you have {h.coins} "
            "(ruling DG-C6)"
        )
    if isinstance(action, a.Hire):
        return _hire(s, seat, action.space)
    if isinstance(action, a.Train) or action in (a.FOUNTAIN, a.REFRESH):
        return _village(s, seat, action)
    if isinstance(action, a.Chib):
        return _chib(s, seat, action.space)
    if isinstance(action, a.Mercenary):
        return house.mercenary_reason(s, seat, action.seat)
    if isinstance(action, a.Melee):
        return house.melee_reason(s, seat, action.seat)
    if isinstance(action, a.Give):
        return gift_reason(s, seat, action)
    return ""


def gift_reason(s: DungeonsState, seat: int, gift: a.Give) -> str:
    """Why ``seat`` may not give this now (Part III, Alliance; ruling DG-R84)."""
    rule = "(Part III, Alliance; ruling DG-R84)"
    if s.options.mode != "alliance":
        return f"gifts are for teammates, in Alliance mode only {rule}"
    if not 0 <= gift.seat < s.num_players:
        return f"there is no player {gift.seat + 1}"
    if gift.seat == seat or s.teams[gift.seat] != s.teams[seat]:
        return f"{s.name(gift.seat)} is not your teammate: gifts go to one's teammate {rule}"
    if s.fight is not None:
        return f"finish the round first: gifts are given outside a round of combat {rule}"
    h, m = s.heroes[seat], s.heroes[gift.seat]
    if h.dead or m.dead or h.space != m.space:
        return f"{s.name(gift.seat)} is not in your space: teammates give in one space {rule}"
    cap = s.content.prices.coin_cap
    if gift.coins:
        if gift.coins > h.coins:
            return f"you have {count(h.coins, 'coin')}, not {gift.coins}"
        return (
            f"{s.name(gift.seat)} has {m.coins} coins and may hold {cap}: give at most "
            f"{max(0, cap - m.coins)} (ruling DG-R3)"
        )
    if gift.card not in h.advantage:
        if gift.card in s.index.advantages:
            return f"you hold no {cards.card_name(s, gift.card)}"
        return f"only Advantage cards are given, and coins {rule}"
    return f"{s.name(gift.seat)}'s hand is at its limit: he may take no card {rule}"


def _move(s: DungeonsState, seat: int, here: int, to: int) -> str:
    unknown = _known_space(s, to)
    if unknown:
        return unknown
    if to == here:
        return f"you are in {board.space_words(s, here)} already"
    if to not in board.exits(s, here):
        return (
            f"no arrow leads from {board.space_words(s, here)} to {board.space_words(s, to)} "
            f"(Part II, The Maps): the arrows go to {_exits_words(s, here)}"
        )
    return _enter(s, seat, to)


def _fight(s: DungeonsState, seat: int, action: a.Fight) -> str:
    h = s.heroes[seat]
    t = s.turn
    f = s.fight
    name = board.kind_name(s, action.kind)
    if f is not None:
        foe = board.enemy_name(s, s.enemy(f.enemy))
        return f"a round against {foe} is under way: finish it first (accept the roll, or escape)"
    if h.space <= 0:
        return f"no enemy is ever in {board.space_words(s, h.space)}: there is no one to fight"
    targets = combat.fight_targets(s, seat)
    here = board.enemies_in(s, h.space)
    same = [e for e in here if e.kind == action.kind]
    if t is not None and t.foe is not None and s.find_enemy(t.foe) is not None:
        foe = board.enemy_name(s, s.enemy(t.foe))
        return (
            f"you fight {foe} until one of you falls or you escape (Part I, Enemy Engagement): "
            f"fight it again"
        )
    if same and all(e.is_cube and e.owner == seat and e.serves is None for e in same):
        return "your own Cash Cube never attacks you (Part I, Cash Cube)"
    if same and all(e.is_cube and board.master(e) == seat for e in same):
        return (
            "this Cash Cube works for you now, turned against its owner: it never attacks you "
            "(Part IV, Suggestions, Mercenary Cube; ruling DG-R55)"
        )
    if same and not any(e in targets for e in same):
        cubes = [e for e in targets if e.is_cube]
        if cubes:
            return (
                f"{board.enemy_name(s, cubes[0])} comes first: a Cash Cube always takes "
                "precedence (Addenda, Village Signs, Cash Cube)"
            )
    if not same:
        there = ", ".join(board.enemy_name(s, e) for e in here) or "no enemy"
        return f"there is no {name} in your space ({board.space_words(s, h.space)}: {there})"
    if action.nth > len(same):
        return f"there {'is' if len(same) == 1 else 'are'} only {count(len(same), name)} here"
    return ""


def _wield(s: DungeonsState, seat: int, action: a.Wield) -> str:
    f = s.fight
    h = s.heroes[seat]
    if f is None:
        return (
            "a weapon is picked in a round of combat, before the roll: declare a fight first "
            "(fight ENEMY) (Part II, Specialty Hides, step 4)"
        )
    if f.stage != "arm":
        return "this round's weapon is picked and rolled already: improve the roll or accept it"
    ws = action.weapons
    if len(ws) > 2:
        return "no more than two weapons at once (Part II, Advantage Cards, Dual Wield)"
    for src in ws:
        why = _weapon_source(s, seat, src)
        if why:
            return why
    if len(ws) == 2:
        flags = [
            combat.weapon_of(s, seat, src).flags if src not in ("natural", "holy-water") else ()
            for src in ws
        ]
        if "dual_wield" not in flags[0]:
            if "dual_wield" in flags[1]:
                return f"write the Dual Wield card first: wield {ws[1]} {ws[0]}"
            return "two weapons need a Dual Wield card to go together (Part II, Advantage Cards)"
        if ws[0] == ws[1] and cards.hand(s, seat).count(ws[0]) < 2:
            return f"you hold one {cards.card_name(s, ws[0])}: a card is one weapon"
        if set(ws) <= {"natural", "holy-water"}:
            return "your natural die is one weapon: pair it with a Dual Wield card"
        if "dual_wield" in flags[1] and ws[1] < ws[0]:
            return f"write a pair of Dual Wield cards in name order: wield {ws[1]} {ws[0]}"
    quest_ok = s.options.chib_weapons == "quest"
    if h.chib and any(src != "natural" and not (quest_ok and src in s.index.quests) for src in ws):
        return _chib_weapon(s)
    return ""


def _chib_weapon(s: DungeonsState) -> str:
    if s.options.chib_weapons == "quest":
        return (
            "a chib rolls its own die or a Heroic Quest weapon card, never an Advantage "
            "weapon card (Part I, Chibbing Out, as this table reads it)"
        )
    return "a chib rolls its own die and plays no weapon card (Part I, Chibbing Out)"


def _weapon_source(s: DungeonsState, seat: int, src: str) -> str:
    h = s.heroes[seat]
    p = s.content.prices
    f = s.fight
    if src == "natural":
        return ""
    if src == "holy-water":
        if h.chib:
            return "a chib cannot use Holy Water: it turns the hero's own D6 into a D12 (DG-R21)"
        assert f is not None
        cls = combat.current_class(s, f)
        if cls != "undead":
            what = common.article(cls) if cls else "no monster"
            return (
                f"Holy Water works only against the Undead, and this is {what} "
                "(Addenda, Holy Water)"
            )
        if h.coins < p.holy_water:
            return f"Holy Water costs {p.holy_water} coins and you have {h.coins}"
        return ""
    if src not in s.index.advantages and src not in s.index.quests:
        return f"there is no card {src}: wield natural, holy-water or a weapon card you hold"
    c = cards.card(s, src)
    if src not in cards.hand(s, seat):
        return f"you hold no {c.name}"
    if not powers.is_weapon(c):
        return f"{c.name} is not a weapon: play it instead (play {src})"
    if h.chib and (s.options.chib_weapons == "none" or src not in s.index.quests):
        return _chib_weapon(s)
    return ""


def _transform(s: DungeonsState, seat: int, action: a.Transform) -> str:
    if s.options.hides and action.monster_class not in combat.transform_targets(s):
        return (
            f"{action.monster_class} is not a monster: in solo and co-op specialty hides turn "
            "a monster into a specific monster (Part III, Specialty Hides)"
        )
    if not s.options.hides and action.monster_class not in MONSTER_CLASSES:
        return _no_class(action.monster_class)
    f = s.fight
    if f is None or f.stage != "arm":
        return (
            "a monster is transformed in a round, after the declaration and before the weapon "
            "(Part II, Specialty Hides, step 3)"
        )
    if f.transformed:
        return f"the monster is already {common.article(f.transformed)} for this roll"
    if s.monster(s.enemy(f.enemy).kind) is None:
        return "only a monster can be transformed, never a Guardian or a Cash Cube (Part II, Hides)"
    have = sum(1 for x in s.heroes[seat].specialty if x)
    return (
        f"transforming turns in three specialty hides, and you have {have} "
        "(Part II, Hides: fill your board's specialty slots first)"
    )


def _no_class(cls: str) -> str:
    return f"{cls} is not a monster class: name one of {', '.join(MONSTER_CLASSES)}"


def _dogmud(s: DungeonsState, seat: int, action: a.Dogmud) -> str:
    f = s.fight
    p = s.content.prices
    h = s.heroes[seat]
    if f is None or not f.dice:
        return (
            "Dogmud rerolls one of your own dice, and none is rolled now: it comes after the "
            "roll of a round, or after a failed stealth roll (Addenda, Village Signs; ruling "
            "DG-R7)"
        )
    if h.coins < p.dogmud:
        return f"Dogmud costs {p.dogmud} coins and you have {h.coins} (Addenda, Village Signs)"
    n = len(f.dice)
    if n == 1:
        return "you rolled one die: type dogmud, with no number"
    return f"you rolled {n} dice: name one, dogmud 1 to dogmud {n}"


def _timing_words(timing: str) -> str:
    return {
        "turn": "in your turn, outside a fight",
        "combat": "in a fight, before the roll",
        "roll": "after your roll in a fight",
        "any": "at any time of your turn",
        "event": "only by a GM event",
    }.get(timing, timing)


def _moment_words(now: str | None) -> str:
    return {
        "turn": "you are free to act, outside a fight",
        "combat": "you are in a fight, before the roll",
        "roll": "your dice are rolled",
        None: "it is not your moment",
    }.get(now, "")


def useless(s: DungeonsState, seat: int, effects: tuple[Effect, ...], window: str = "") -> str:
    """Why a card, potion or skill would do nothing now (its first effect's reason)."""
    f = s.fight
    t = s.turn
    h = s.heroes[seat]
    for e in effects:
        k = e.kind
        if e.target == "active" and t is not None and s.heroes[t.seat].in_village:
            return (
                f"{s.name(t.seat)} is in the Village, where no other player's card reaches him "
                "(Part II, The Village)"
            )
        if k in ("hero_buff", "double", "ward", "reroll"):
            return "it works on a rolled round: play it after your roll in a fight"
        if k == "win_ties":
            return "ties are already yours in this fight"
        if k == "disengage":
            return "you are in no fight to leave"
        if k == "hero_swap":
            return "no other hero stands on another numbered space to swap with"
        if k == "transform":
            return "it works in a round before the weapon, on a monster not transformed yet"
        if k in ("monster_buff", "monster_hp"):
            return (
                "it goes on a monster in the window before the roll, never on a Guardian or a "
                "Cash Cube (Part I, Know Thine Enemy)"
            )
        if k == "monster_reroll":
            return "there is no monster's die to roll again now"
        if k == "unchib":
            return "you are in heroic form already: it only turns a chib back"
        if k == "auto_stealth":
            return "your next stealth check already succeeds"
        if k == "heal":
            return f"you are at full health ({h.hp} HP)" if h.hp > 0 else "you are dead"
        if k == "remove_enemy":
            return "there is no monster it could send back to the bag"
        if k == "move_enemy":
            return "there is no enemy in your space to move"
        if k == "spawn":
            return "the enemy bag is empty"
        if k == "free_move":
            return "a hero in the Styx cannot move"
        if k == "extra_action":
            return "it is not your turn"
    if f is None:
        return "it would do nothing now"
    return "it would do nothing in this round"


def _play(s: DungeonsState, seat: int, cid: str) -> str:
    from saloon.games.dungeons.rules import alliance

    if cid not in s.index.advantages and cid not in s.index.quests:
        if cid in s.index.alliances:
            if cid not in cards.hand(s, seat):
                return f"you hold no {cards.card_name(s, cid)}"
            return alliance.refused_out_of_turn(s, seat, cid) or ""
        return f"there is no card {cid}"
    c = cards.card(s, cid)
    if cid not in cards.hand(s, seat):
        return f"you hold no {c.name}"
    ix = s.index
    if cid in ix.weapons:
        return f"{c.name} is a weapon: wield it in a fight, before the roll (wield {cid})"
    if cid in ix.red:
        return (
            f"{c.name} is a red card: it is played in an opponent's turn, against him "
            "(Part II, Heroic Quest Cards)"
        )
    if cid in ix.counters:
        return f"{c.name} cancels a card: it is played only in answer to a card just played"
    h = s.heroes[seat]
    if h.chib and isinstance(c, AdvantageCard) and s.hero_class(seat).chib_die == 4:
        return "a chib plays no Advantage card until Acupunch (Part I, Chibbing Out)"
    now = powers.moment(s, seat)
    if not powers.fits(c.timing, now):
        return (
            f"{c.name} is played {_timing_words(c.timing)}, and now {_moment_words(now)} "
            "(Part II, Heroic Quest Cards: the weapon icon before the roll, the shield after)"
        )
    return f"{c.name} would do nothing now: {useless(s, seat, c.effects)}"


def _drink(s: DungeonsState, seat: int, pid: str) -> str:
    pot = s.content.potions.get(pid)
    if pot is None:
        return f"there is no potion {pid}"
    h = s.heroes[seat]
    t = s.turn
    if pid not in h.potions:
        return (
            f"no bottle stands on {pot.name}: fill it with Alchemy first (Part II, Gather Rewards)"
        )
    if t is not None and not powers.potion_ready(s, pid, t.drunk):
        if s.options.potion_limit == "bottles":
            return (
                f"{pot.name} was drunk this turn already, and a potion that gives back actions, "
                "gathers, potions or markers stays once a turn (ruling DG-R13)"
            )
        return f"{pot.name} was drunk this turn already: a potion once a turn (ruling DG-R13)"
    now = powers.moment(s, seat)
    if not powers.fits(pot.timing, now):
        return f"{pot.name} is drunk {_timing_words(pot.timing)}, and now {_moment_words(now)}"
    return f"{pot.name} would do nothing now: {useless(s, seat, pot.effects)}"


def _skill(s: DungeonsState, seat: int, sid: str) -> str:
    sk = s.index.skills.get(sid)
    if sk is None:
        return f"there is no skill {sid}"
    mine = powers.skills_of(s, seat)
    if sk not in mine:
        cls = s.hero_class(seat)
        names = ", ".join(x.name for x in mine)
        return f"{sk.name} is not a skill of the {cls.name}: yours are {names}"
    h = s.heroes[seat]
    t = s.turn
    if h.in_village:
        return "no skills in the Village (Part II, The Village, What You Can't Do)"
    if h.dead:
        return "a hero in the Styx uses no skill"
    if common.unlocked(s, seat) < 1:
        unlocked = common.unlocked_count(h.stat("skill"))
        return (
            f"no skill marker is free: your skill of {h.stat('skill')} unlocks "
            f"{count(unlocked, 'marker')}, all in use; refresh one in the Village for "
            f"{count(s.content.prices.refresh, 'coin')} (Part II, The Class Board, E)"
        )
    most = 2 if h.stat("skill") == 6 else 1
    if h.markers.count(sid) >= most:
        return (
            f"{sk.name} already holds a marker; only a skill of 6 stacks a second (Addenda, "
            "Stacking Skills)"
        )
    if t is not None and t.skills.count(sid) >= most and not powers.skill_ready(s, seat, sk):
        return f"{sk.name} was used this turn already (ruling DG-R13)"
    if powers.is_counter(sk.effects):
        return f"{sk.name} cancels a card: it is used only in answer to a card just played"
    now = powers.moment(s, seat)
    timing = powers.skill_timing(s, sk)
    if not powers.fits(timing, now):
        return f"{sk.name} is used {_timing_words(timing)}, and now {_moment_words(now)}"
    return f"{sk.name} would do nothing now: {useless(s, seat, sk.effects)}"


def _hire(s: DungeonsState, seat: int, space: int) -> str:
    p = s.content.prices
    h = s.heroes[seat]
    if s.options.hides:
        return "there are no Cash Cubes in solo or co-op (Part III, Companions)"
    if space not in board.numbered(s):
        return (
            "the Cash Cube goes on a numbered space, never the Village (Part I, Cash Cube; "
            "Addenda, Village Signs)"
            if space == VILLAGE
            else _known_space(s, space) or "the Cash Cube goes on a numbered space"
        )
    if h.coins < p.cash_cube:
        return f"the Cash Cube costs {p.cash_cube} coins and you have {h.coins} (Part I, Cash Cube)"
    return f"your Cash Cube is in {board.space_words(s, space)} already"


def _village(s: DungeonsState, seat: int, action: Action) -> str:
    h = s.heroes[seat]
    service = (
        "training"
        if isinstance(action, a.Train)
        else ("fountain" if action == a.FOUNTAIN else "refresh")
    )
    label = {
        "training": "Training Camp",
        "fountain": "the Fountain of You",
        "refresh": "refreshing a skill marker",
    }[service]
    busy = _busy(s, seat, label)
    if busy and s.fight is not None:
        return busy
    if not h.in_village:
        return (
            f"{label} is in the Village, and you are in {board.space_words(s, h.space)} (Part II, "
            "The Village, What You Can Pay to Do)"
        )
    if isinstance(action, a.Train):
        if action.stat not in STATS:
            return f"{action.stat} is not a stat: strength, stealth, wits or skill"
        if h.stat(action.stat) >= common.STAT_MAX:
            return f"your {action.stat} is 6 already, the highest a stat goes"
    if service == "refresh" and not h.markers:
        return "no skill marker of yours is used: there is nothing to refresh"
    cost = village.service_price(s, service)
    t = s.turn
    if cost == 0 and t is not None and service in t.free:
        return f"{label} is free today, and a free service is used once a turn (ruling DG-R12)"
    return f"{label} costs {count(cost, 'coin')} and you have {h.coins}"


def _chib(s: DungeonsState, seat: int, space: int) -> str:
    h = s.heroes[seat]
    if h.chib:
        return "you are a chib already: only Acupunch brings back your heroic form"
    t = s.turn
    if s.fight is None and not (t is not None and t.engaged):
        return (
            "chibbing out is an escape from a fight, and you are not engaged (Part I, Chibbing Out)"
        )
    unknown = _known_space(s, space)
    if unknown:
        return unknown
    if space not in board.exits(s, h.space):
        return (
            f"a chib runs to an adjacent space: from {board.space_words(s, h.space)} the arrows "
            f"go to {_exits_words(s, h.space)}"
        )
    return _enter(s, seat, space) or "the chib may not run there"

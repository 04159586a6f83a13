"""D6 as numbers: action ids from the content, chance outcome ids, an observation of the table.

The core contract is :mod:`saloon.core.encoding`; :func:`dungeons_encoding`
builds one :class:`DungeonsEncoding` per options and number of players
(cached).

**Action ids.** Every action the game can offer under the options is
listed once, from the content and the map alone (never from states): the
one-word actions, each space to move to, each ride, each enemy kind to
fight (the first to the fifth of a kind in a space), each weapon and Dual
Wield pair, each card, potion and skill, each choice's values (classes,
boards, stats, potions, cards to discard, players, spaces, enemies by kind
and space...); the house rules' own (``mercenary p2``, ``melee p2``) last,
when they are in play. The id is the action's place in that list.

**Chance outcome ids.** Every die's faces (D4 to D20 and the percentile
dice), the turn's spawn-and-gather roll, each token, each card drawn or
lost, and the rounds of combat. A round's roll is the one id relative to
the state: a mixed-radix number over the dice the round rolls (the hero's
dice in order, then the enemy's), in a block for that many hero dice.

**The observation** is made from ``state.view(player)`` alone (so it holds
no hidden card): whose observation it is and who decides; the round, its
rules and bonuses; one row per seat (class, board, stats, HP, coins, space,
form, hand sizes, potions, hides, bounties, glory); the viewer's own hand
by card; the enemies by space and kind, their extra HP and buffs, the Cash
Cubes; the environment pieces; the curse castles (by space and by the
curses the options name); the face-up bounties; the decks' sizes and
the bag; the turn and the round of combat under way; with the house rules, whom
each Cash Cube was turned to (Mercenary Cube) and the heroes fought in
melee this turn (Melee Mode); in Alliance (Part III), each seat's Alliance
cards, the viewer's by card, his teammate's hand by card when the table
shares hands, and the Alliance deck's size, last.

>>> enc = dungeons_encoding(DungeonsOptions(), 2)
>>> enc.num_actions > 500, enc.num_outcomes > 100, enc.observation_shape[0] > 300
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action
from saloon.core.encoding import Encoding, Field, ObservationLayout
from saloon.core.errors import IllegalAction, SaloonError
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.content import (
    ENVIRONMENTS,
    MONSTER_CLASSES,
    AdvantageCard,
    Content,
    QuestCard,
    load_content,
)
from saloon.games.dungeons.effects import ROUND_FLAGS, STATS, walk
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules.board import PIECES
from saloon.games.dungeons.rules.model import CUBE

if TYPE_CHECKING:
    from saloon.core.state import State

#: The most enemies of one kind a fight or a choice names in one space.
NTH = 5
#: The most turns of Hide Collection: four, and one per bounty returned (Part III).
HIDE_TURNS = 12
#: The stages of a round of combat, in the observation's order.
STAGES = ("window", "arm", "improve")


def _cards(c: Content) -> tuple[AdvantageCard | QuestCard, ...]:
    return (*c.advantages, *c.quests)


def _all_actions(options: DungeonsOptions, n: int, c: Content) -> list[Action]:
    m = c.maps[options.map]
    numbered = [sp.number for sp in m.spaces if sp.number > 0]
    spaces = [0, *numbered]
    kinds = [x.id for x in c.monsters] + [g.id for g in c.guardians] + [CUBE]
    cards = [x.id for x in c.advantages] + [x.id for x in c.quests]
    weapons = [x.id for x in _cards(c) if any(e.kind == "weapon" for e in x.effects)]
    duals = [
        x.id
        for x in _cards(c)
        if any(e.kind == "weapon" and "dual_wield" in e.flags for e in x.effects)
    ]
    potions = list(c.potions)
    skills = [sk.id for cl in c.classes for sk in cl.skills] + [sk.id for sk in c.common_skills]
    options_most = max(
        [2]
        + [
            len(e.options)
            for effects in [*(x.effects for x in c.events), *(x.effects for x in _cards(c))]
            for e in walk(effects)
            if e.kind == "choice"
        ]
    )
    out: list[Action] = [a.Word(w) for w in a.WORDS]
    out += [a.Move(sp) for sp in spaces]
    out += [a.Ride(v, t) for v in spaces for t in spaces if v != t]
    out += [a.Fight(k, i) for k in kinds for i in range(1, NTH + 1)]
    singles = ["natural", "holy-water", *weapons]
    out += [a.Wield((w,)) for w in singles]
    out += [a.Wield((d, w)) for d in duals for w in singles]
    out += [a.Transform(cl) for cl in MONSTER_CLASSES]
    if options.hides:  # Part III, Specialty Hides: into a specific monster
        out += [a.Transform(x.id) for x in c.monsters]
    out += [a.Play(x) for x in cards]
    out += [a.Drink(p) for p in potions]
    out += [a.UseSkill(sk) for sk in skills]
    out += [a.Buy()]
    out += [a.Hire(sp) for sp in numbered]
    out += [a.Train(st) for st in STATS]
    out += [a.Chib(sp) for sp in spaces]
    out += [a.Dogmud(d) for d in (0, 1, 2)]
    out += [a.Place(p, sp) for p in dict.fromkeys(PIECES) for sp in numbered]
    out += [a.Castle(cid, sp) for cid in options.curses for sp in numbered]
    picks: list[tuple[str, str]] = []
    picks += [("class", x.id) for x in c.classes]
    picks += [("board", b.id) for b in c.gather_boards]
    picks += [("stat", st) for st in STATS]
    picks += [("take", r) for r in ("coins", "advantage", "alchemy")]
    picks += [("potion", p) for p in potions]
    picks += [("potion", f"{p} from {q}") for p in potions for q in potions if p != q]
    picks += [("discard", x) for x in cards]
    picks += [("target", f"p{k + 1}") for k in range(n)]
    picks += [("space", a.space_name(sp)) for sp in spaces]
    picks += [("option", str(k)) for k in range(1, options_most + 1)]
    picks += [("option", sk) for sk in skills]
    picks += [("raise", st) for st in STATS]
    picks += [("convert", cl) for cl in MONSTER_CLASSES]
    picks += [("bounty", b.id) for b in c.bounties]
    enemy_refs = [
        f"{k} {sp}" + (f" {i}" if i > 1 else "")
        for k in kinds
        if k != CUBE
        for sp in numbered
        for i in range(1, NTH + 1)
    ]
    picks += [("enemy", r) for r in enemy_refs]
    if options.hides:  # Hide Collection (Part III): a kill's use, a Guardian's hide
        picks += [("collect", x.id) for x in c.monsters] + [("keep", "hide")]
        picks += [(w, b.id) for w in ("benefit", "drop") for b in c.benefits]
    if options.mode == "solo":  # Part III, Companions
        from saloon.games.dungeons.rules.companions import COMPANIONS

        picks += [("companion", x) for x in COMPANIONS] + [("call", "companion")]
        picks += [("follow", a.space_name(sp)) for sp in spaces]
        picks += [("target", "companion"), ("take", "companion")]
    out += [a.Pick(w, v) for w, v in picks]
    # The house rules' actions come last, so that the other ids stay as they are.
    if options.house("mercenary_cube"):
        out += [a.Mercenary(k) for k in range(n)]
    if options.house("melee"):
        out += [a.Melee(k) for k in range(n)]
    if options.mode == "alliance":
        # Part III, Alliance: the Alliance cards played and discarded, the gifts.
        allies = [x.id for x in c.alliances]
        out += [a.Play(x) for x in allies]
        out += [a.Pick("discard", x) for x in allies]
        out += [a.Give(k, coins=m) for k in range(n) for m in range(1, c.prices.coin_cap + 1)]
        out += [a.Give(k, card=x.id) for k in range(n) for x in c.advantages]
    return list(dict.fromkeys(out))


def _all_outcomes(options: DungeonsOptions, c: Content) -> list[Action]:
    m = c.maps[options.map]
    numbered = [sp.number for sp in m.spaces if sp.number > 0]
    out: list[Action] = []
    for sides in (4, 6, 8, 10, 12, 20, 100):
        out += [a.Roll(sides, f) for f in range(1, sides + 1)]
    out += [a.TurnRoll(sp, f) for sp in [0, *numbered] for f in range(1, 5)]
    out += [a.Token(k) for k in c.bag()]
    out += [a.Draw("advantage", x.id) for x in c.advantages]
    out += [a.Draw("quest", x.id) for x in c.quests]
    out += [a.Draw("bounty", b.id) for b in c.bounties]
    out += [a.Lost(x.id) for x in _cards(c)]
    if options.mode == "alliance":
        out += [a.Draw("alliance", x.id) for x in c.alliances]
        out += [a.Lost(x.id) for x in c.alliances]
    return list(dict.fromkeys(out))


def _combat_dice(c: Content) -> tuple[int, int, int]:
    """The most hero dice a round rolls, their most sides, the enemy's most sides."""
    weapons = [e for x in _cards(c) for e in x.effects if e.kind == "weapon"]
    most = max([1, *(e.dice for e in weapons)])
    hero_dice = 2 * most if any("dual_wield" in e.flags for e in weapons) else most
    hero_sides = max([6, c.prices.holy_water_die, *(e.die for e in weapons)])
    hero_sides = max([hero_sides, *(cl.chib_die for cl in c.classes)])
    enemy_sides = max([c.prices.cash_cube_die, *(x.die for x in c.monsters)])
    enemy_sides = max([enemy_sides, *(g.die for g in c.guardians)])
    return hero_dice, hero_sides, enemy_sides


class DungeonsEncoding(Encoding):
    """D6 under one set of options and number of players (see the module docstring)."""

    def __init__(self, options: DungeonsOptions, num_players: int, content: Content) -> None:
        self.options = options
        self.num_players = num_players
        self.content = content
        self.actions = _all_actions(options, num_players, content)
        self._action_ids = {x: i for i, x in enumerate(self.actions)}
        self.num_actions = len(self.actions)
        self.outcomes = _all_outcomes(options, content)
        self._outcome_ids = {x: i for i, x in enumerate(self.outcomes)}
        self.hero_dice, self.hero_sides, self.enemy_sides = _combat_dice(content)
        # A block of ids per number of hero dice: the hero's faces, then the
        # enemy's (0: a Plant of Eden, which does not roll).
        self._rolls_at: list[int] = []
        at = len(self.outcomes)
        for k in range(1, self.hero_dice + 1):
            self._rolls_at.append(at)
            at += self.hero_sides**k * (self.enemy_sides + 1)
        self.num_outcomes = at
        self._build_layout()

    # -- actions -----------------------------------------------------------------------

    def action_id(self, state: State, action: Action) -> int:
        try:
            return self._action_ids[action]
        except KeyError:
            raise SaloonError(f"action {action} is missing from D6's action table") from None

    def action(self, state: State, action_id: int) -> Action:
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is outside 0..{self.num_actions - 1}")
        return self.actions[action_id]

    # -- chance outcomes ---------------------------------------------------------------

    def outcome_id(self, state: State, outcome: Action) -> int:
        if isinstance(outcome, a.CombatRoll):
            k = len(outcome.hero)
            if not 1 <= k <= self.hero_dice:
                raise SaloonError(f"a round of {k} hero dice is outside the encoding")
            index = 0
            for face in outcome.hero:
                index = index * self.hero_sides + (face - 1)
            index = index * (self.enemy_sides + 1) + outcome.enemy
            return self._rolls_at[k - 1] + index
        try:
            return self._outcome_ids[outcome]
        except KeyError:
            raise SaloonError(f"chance outcome {outcome} is missing from the table") from None

    def outcome(self, state: State, outcome_id: int) -> Action:
        if not 0 <= outcome_id < self.num_outcomes:
            raise IllegalAction(f"outcome id {outcome_id} is outside 0..{self.num_outcomes - 1}")
        if outcome_id < len(self.outcomes):
            return self.outcomes[outcome_id]
        k = max(i for i, at in enumerate(self._rolls_at) if at <= outcome_id) + 1
        index = outcome_id - self._rolls_at[k - 1]
        enemy = index % (self.enemy_sides + 1)
        index //= self.enemy_sides + 1
        faces = []
        for _ in range(k):
            faces.append(index % self.hero_sides + 1)
            index //= self.hero_sides
        return a.CombatRoll(tuple(reversed(faces)), enemy)

    # -- the observation -------------------------------------------------------------------

    def _build_layout(self) -> None:
        c = self.content
        n = self.num_players
        m = c.maps[self.options.map]
        self.spaces = [-1, 0, *(sp.number for sp in m.spaces if sp.number > 0)]
        self.numbered = self.spaces[2:]
        self.kinds = [x.id for x in c.monsters] + [g.id for g in c.guardians]
        self.cards = [x.id for x in c.advantages] + [x.id for x in c.quests]
        self.copies = [x.copies for x in c.advantages] + [x.copies for x in c.quests]
        self.classes = [x.id for x in c.classes]
        self.boards = [b.id for b in c.gather_boards]
        if self.options.mode == "solo" and c.red_dot is not None:  # Part III, Setup
            self.boards.append(c.red_dot.id)
        self.potions = list(c.potions)
        self.flags = list(ROUND_FLAGS)
        self.curses = list(self.options.curses)
        self.bounty_ids = [b.id for b in c.bounties]
        self._glory = {b.id: b.glory for b in c.bounties}
        bag = c.bag()
        self.tokens = [bag[k] for k in self.kinds]
        total = sum(bag.values())
        decks = sum(x.copies for x in c.advantages) + sum(x.copies for x in c.quests)
        deck_most = max(decks, len(c.bounties))
        glory_most = sum(b.glory for b in c.bounties) + sum(g.glory * g.tokens for g in c.guardians)
        cap = c.prices.coin_cap
        hides = self.options.hides
        self.monster_ids = [x.id for x in c.monsters]
        s_count = len(self.spaces)
        k_count = len(self.kinds)
        fields = [
            Field("me", n + 1, 0, 1, "whose observation: seat 1..n, or a spectator (last)"),
            Field("to_move", n + 2, 0, 1, "who decides: seat 1..n, chance, nobody (game over)"),
            Field("round", 1, 0, 6 if not hides else HIDE_TURNS, "the round (0 during setup)"),
            Field("rounds", 1, 3, 6, "the rounds of the game"),
            Field("flags", len(self.flags), 0, 1, "this round's rules, one per ROUND_FLAGS"),
            Field("next_flags", len(self.flags), 0, 1, "the rules an event set for next round"),
            Field("bonus", 2, 0, 30, "every monster's bonus this round, and next round"),
            Field("class", n * len(self.classes), 0, 1, "each seat's class, one-hot"),
            Field("board", n * len(self.boards), 0, 1, "each seat's gather board, one-hot"),
            Field("stats", n * 4, 0, 6, "each seat's strength, stealth, wits, skill (0: unrolled)"),
            Field("hp", n, 0, c.prices.hp, "each seat's HP"),
            Field("coins", n, 0, cap, "each seat's coins"),
            Field("space", n * s_count, 0, 1, "each seat's space: the Styx, the Village, 1.."),
            Field("chib", n, 0, 1, "each seat's hero in chib form"),
            Field("hand", n * 2, 0, decks, "each seat's Advantage and Heroic Quest cards in hand"),
            Field("potions", n * len(self.potions), 0, 1, "each seat's filled potions"),
            Field(
                "hides", n * 4, 0, 2, "each seat's specialty slots (3, filled or not), wild hides"
            ),
            Field("bounties", n * 2, 0, glory_most, "each seat's glory carried and dropped off"),
            Field("glory", n, 0, glory_most, "each seat's glory"),
            Field("markers", n, 0, 3, "each seat's used skill markers"),
            Field("lasting", n * 3, 0, 10, "each seat's lost actions, stealth bonus, auto-stealth"),
            Field("my_hand", len(self.cards), 0, max(self.copies), "the viewer's cards, by card"),
            Field("enemies", s_count * k_count, 0, max(self.tokens), "enemies by space and kind"),
            Field("extra_hp", s_count, 0, 1000, "extra HP of the enemies in each space"),
            Field("buffs", s_count, 0, 1000, "buffs on the enemies in each space"),
            Field("cubes", n * s_count, 0, 1, "each seat's Cash Cube, by space"),
            Field("pieces", len(self.numbered) * len(ENVIRONMENTS), 0, 1, "environment pieces"),
            Field("face_up", len(self.bounty_ids), 0, 1, "the face-up bounties"),
            Field("decks", 3, 0, deck_most, "the Advantage, Heroic Quest and Bounty deck sizes"),
            Field("bag", k_count, 0, max(self.tokens), "the bag's tokens by kind"),
            Field("bag_total", 1, 0, total, "the bag's tokens"),
            Field("turn", n + 3, 0, 30, "the active seat (one-hot), actions left, spent, engaged"),
            Field("fight", len(STAGES) + 6, 0, 100, "the round: stage, dice, enemy roll, bonuses"),
        ]
        if self.curses:  # only with curse castles in play (option curses; Part IV)
            k = len(fields) - 6  # after the environment pieces
            doc = "curse castles by space and curse (in the order of the option curses)"
            fields.insert(k, Field("castles", len(self.numbered) * len(self.curses), 0, 1, doc))
        # The house rules' fields come last, only when they are in play.
        if self.options.house("mercenary_cube"):
            fields.append(
                Field("turned", n, 0, n, "each seat's Cash Cube: the seat + 1 it was turned to")
            )
        if self.options.house("melee"):
            fields.append(Field("meleed", n, 0, 1, "the heroes fought in melee this turn"))
        self.allies = [x.id for x in c.alliances]
        if self.options.mode == "alliance":  # Part III, Alliance: last, only in Alliance
            most = max([1, *(x.copies for x in c.alliances)])
            every = sum(x.copies for x in c.alliances)
            fields += [
                Field("allies", n, 0, every, "each seat's Alliance cards in hand"),
                Field("my_allies", len(self.allies), 0, most, "the viewer's Alliance cards"),
                Field(
                    "mate_hand",
                    len(self.cards) + len(self.allies),
                    0,
                    max([most, *self.copies]),
                    "the teammate's cards, by card, when the table shares hands",
                ),
                Field("alliance_deck", 1, 0, every, "the Alliance deck's size"),
            ]
        if hides:  # Hide Collection (Part III), only in solo and co-op
            fields.append(Field("collection", len(c.monsters), 0, 1, "the hides on the board"))
            fields.append(Field("max_turns", 1, 0, HIDE_TURNS, "the max turn counter"))
            fields.append(Field("benefits", len(c.benefits), 0, 1, "the Heroic Benefits held"))
        if self.options.mode == "solo":  # the companion (Part III)
            from saloon.games.dungeons.rules.companions import COMPANIONS

            self.companions = list(COMPANIONS)
            fields.append(Field("companion", len(self.companions), 0, 1, "the companion"))
            doc = "the companion's space (the Styx slot: in its carrier)"
            fields.append(Field("companion_at", s_count, 0, 1, doc))
        self.layout = ObservationLayout(fields)
        self._space_at = {sp: i for i, sp in enumerate(self.spaces)}
        self._kind_at = {k: i for i, k in enumerate(self.kinds)}
        self._card_at = {x: i for i, x in enumerate(self.cards)}
        self._ally_at = {x: i for i, x in enumerate(self.allies)}

    def observe(self, view: Mapping[str, Any], player: int | None) -> np.ndarray:
        lay = self.layout
        out = lay.new()
        n = self.num_players
        put = lay.put
        me = np.zeros(n + 1, np.float32)
        me[n if player is None else player] = 1
        put(out, "me", me)
        mover = np.zeros(n + 2, np.float32)
        tm = view["to_move"]
        mover[n + 1 if tm is None else (n if tm < 0 else tm)] = 1
        put(out, "to_move", mover)
        put(out, "round", view["round"])
        put(out, "rounds", view["rounds"])
        put(out, "flags", [1.0 if f in view["flags"] else 0.0 for f in self.flags])
        put(out, "next_flags", [1.0 if f in view["next_flags"] else 0.0 for f in self.flags])
        put(out, "bonus", [min(30, view["monster_bonus"]), min(30, view["next_bonus"])])
        heroes = view["heroes"]
        k_cls, k_brd, s_count, k_pot = (
            len(self.classes),
            len(self.boards),
            len(self.spaces),
            len(self.potions),
        )
        cls = np.zeros(n * k_cls, np.float32)
        brd = np.zeros(n * k_brd, np.float32)
        where = np.zeros(n * s_count, np.float32)
        pots = np.zeros(n * k_pot, np.float32)
        cubes = np.zeros(n * s_count, np.float32)
        turned = np.zeros(n, np.float32)
        for h in heroes:
            p = h["seat"]
            if h["class"]:
                cls[p * k_cls + self.classes.index(h["class"])] = 1
            if h["board"]:
                brd[p * k_brd + self.boards.index(h["board"])] = 1
            where[p * s_count + self._space_at[h["space"]]] = 1
            for pot in h["potions"]:
                pots[p * k_pot + self.potions.index(pot)] = 1
        put(out, "class", cls)
        put(out, "board", brd)
        put(out, "space", where)
        put(out, "potions", pots)
        put(out, "stats", [v for h in heroes for v in h["stats"]])
        put(out, "hp", [h["hp"] for h in heroes])
        put(out, "coins", [h["coins"] for h in heroes])
        put(out, "chib", [1.0 if h["chib"] else 0.0 for h in heroes])
        hands = []
        for h in heroes:
            hand = h["hand"]
            for deck in ("advantage", "quest"):
                v = hand[deck]
                hands.append(len(v) if isinstance(v, list) else v)
        put(out, "hand", hands)
        hides: list[float] = []
        for h in heroes:
            hides += [1.0 if x else 0.0 for x in h["specialty"]]
            hides.append(len(h["wild"]))
        put(out, "hides", hides)
        glory = self._glory
        put(
            out,
            "bounties",
            [sum(glory[b] for b in h[key]) for h in heroes for key in ("backpack", "dropped")],
        )
        put(out, "glory", [h["glory"] for h in heroes])
        put(out, "markers", [len(h["markers"]) for h in heroes])
        put(
            out,
            "lasting",
            [
                v
                for h in heroes
                for v in (
                    min(10, h["lost_actions"]),
                    min(10, h["stealth_bonus"]),
                    1.0 if h["auto_stealth"] else 0.0,
                )
            ],
        )
        mine = np.zeros(len(self.cards), np.float32)
        if player is not None:
            hand = heroes[player]["hand"]
            for cid in (*hand["advantage"], *hand["quest"]):
                mine[self._card_at[cid]] += 1
        put(out, "my_hand", mine)
        k_count = len(self.kinds)
        enemies = np.zeros(s_count * k_count, np.float32)
        extra = np.zeros(s_count, np.float32)
        buffs = np.zeros(s_count, np.float32)
        for e in view["enemies"]:
            i = self._space_at[e["space"]]
            extra[i] += e["hp"] - 1
            buffs[i] += e["buffs"]
            if e["kind"] == CUBE:
                cubes[e["owner"] * s_count + i] = 1
                if e.get("serves") is not None:
                    turned[e["owner"]] = e["serves"] + 1
            else:
                enemies[i * k_count + self._kind_at[e["kind"]]] += 1
        put(out, "enemies", enemies)
        put(out, "extra_hp", np.minimum(extra, 1000))
        put(out, "buffs", np.minimum(buffs, 1000))
        put(out, "cubes", cubes)
        pieces = np.zeros(len(self.numbered) * len(ENVIRONMENTS), np.float32)
        for sp, piece in view["environments"]:
            pieces[self.numbered.index(sp) * len(ENVIRONMENTS) + ENVIRONMENTS.index(piece)] = 1
        put(out, "pieces", pieces)
        if self.curses:
            castles = np.zeros(len(self.numbered) * len(self.curses), np.float32)
            for sp, cid in view["castles"]:
                castles[self.numbered.index(sp) * len(self.curses) + self.curses.index(cid)] = 1
            put(out, "castles", castles)
        put(out, "face_up", [1.0 if b in view["bounties"] else 0.0 for b in self.bounty_ids])
        decks = view["decks"]
        put(out, "decks", [decks.get(d, 0) for d in ("advantage", "quest", "bounty")])
        bag = view["bag"]
        put(out, "bag", [bag.get(k, 0) for k in self.kinds])
        put(out, "bag_total", sum(bag.values()))
        turn = np.zeros(n + 3, np.float32)
        t = view["turn"]
        if t is not None:
            turn[t["seat"]] = 1
            turn[n] = min(t["actions"], 30)
            turn[n + 1] = min(t["spent"], 30)
            turn[n + 2] = min(len(t["engaged"]), 30)
        put(out, "turn", turn)
        fight = np.zeros(len(STAGES) + 6, np.float32)
        f = view["fight"]
        if f is not None:
            fight[STAGES.index(f["stage"])] = 1
            k = len(STAGES)
            dice = f["dice"]
            fight[k] = min(sum(dice), 100)
            fight[k + 1] = len(dice)
            fight[k + 2] = min(f["enemy_roll"], 100)
            fight[k + 3] = min(f["hero_bonus"], 100)
            fight[k + 4] = 1.0 if f["transformed"] else 0.0
            fight[k + 5] = 1.0 if (f["doubled"] or f["ward"] or f["win_ties"]) else 0.0
        put(out, "fight", fight)
        if self.options.house("mercenary_cube"):
            put(out, "turned", turned)
        if self.options.house("melee"):
            meleed = np.zeros(n, np.float32)
            for k in [] if t is None else t.get("meleed", []):
                meleed[k] = 1
            put(out, "meleed", meleed)
        if self.options.mode == "alliance":
            self._observe_alliance(out, view, player)
        if self.options.hides:
            got = set(view["collection"])
            put(out, "collection", [1.0 if m in got else 0.0 for m in self.monster_ids])
            put(out, "max_turns", view["max_turns"])
            held = set(view["benefits"])
            put(out, "benefits", [1.0 if b.id in held else 0.0 for b in self.content.benefits])
        if self.options.mode == "solo":
            put(out, "companion", [1.0 if c == view["companion"] else 0.0 for c in self.companions])
            where = np.zeros(len(self.spaces), np.float32)
            at = view["companion_at"]
            if view["companion"]:
                where[self._space_at[-1 if at is None else at]] = 1
            put(out, "companion_at", where)
        return out

    def _observe_alliance(
        self, out: np.ndarray, view: Mapping[str, Any], player: int | None
    ) -> None:
        put = self.layout.put
        heroes = view["heroes"]
        sizes = []
        for h in heroes:
            v = h["hand"].get("alliance", 0)
            sizes.append(len(v) if isinstance(v, list) else v)
        put(out, "allies", sizes)
        mine = np.zeros(len(self.allies), np.float32)
        mate = np.zeros(len(self.cards) + len(self.allies), np.float32)
        if player is not None:
            for cid in heroes[player]["hand"].get("alliance", []):
                mine[self._ally_at[cid]] += 1
            teams = view["teams"]
            for h in heroes:
                if h["seat"] == player or teams[h["seat"]] != teams[player]:
                    continue
                hand = h["hand"]
                for deck in ("advantage", "quest"):
                    if isinstance(hand[deck], list):
                        for cid in hand[deck]:
                            mate[self._card_at[cid]] += 1
                if isinstance(hand.get("alliance"), list):
                    for cid in hand["alliance"]:
                        mate[len(self.cards) + self._ally_at[cid]] += 1
        put(out, "my_allies", mine)
        put(out, "mate_hand", mate)
        put(out, "alliance_deck", view["decks"].get("alliance", 0))


@cache
def _cached(options: DungeonsOptions, num_players: int) -> DungeonsEncoding:
    return DungeonsEncoding(options, num_players, load_content(options.content))


def dungeons_encoding(options: DungeonsOptions, num_players: int) -> DungeonsEncoding:
    """The encoding of D6 under ``options`` for ``num_players`` (built once)."""
    return _cached(options, num_players)

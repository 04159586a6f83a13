"""D6's heuristic agent (saloon.games.dungeons.strategy): whole games, legal
choices, its strength against the random agent, and its key judgments on
positions built for the purpose.

A position is a real game advanced to the first player's first decision of
round 1 (setup played by random choices), then changed by hand: the heroes,
the enemies on the board, the face-up bounties, a round of combat, a window
on the agenda. The environments are cleared so that no monster has a bonus
the test does not give it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.agents.random_agent import RandomAgent
from saloon.analysis.arena import run_arena
from saloon.analysis.simulate import simulate
from saloon.analysis.stats import wilson_interval
from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.errors import OptionError
from saloon.games.dungeons import GAME
from saloon.games.dungeons import actions as a
from saloon.games.dungeons.effects import Effect
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import (
    board,
    cards,
    combat,
    effects,
    gather,
    powers,
    rewards,
    setup,
    stealth,
    turn,
    village,
)
from saloon.games.dungeons.rules.model import Enemy, Fight, Weapon
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.strategy import (
    AGENTS,
    HeuristicAgent,
    Knobs,
    beat_chance,
    die_dist,
    distances,
    engagement,
    hero_dist,
    probe_roll,
    stat_for_roll,
)

#: Round rules that change an enemy's total.
FLAGS = ["hunters_moon", "bloodlust", "fog", "quiet"]


def agent(**knobs: float) -> HeuristicAgent:
    return HeuristicAgent(seed=0, knobs=Knobs(**knobs), strict=True)


# -- whole games ---------------------------------------------------------------------------


def play_out(state: DungeonsState, seats: Sequence[Agent], seed: int) -> DungeonsState:
    """Play ``state`` to its end; every choice must be legal."""
    rng = np.random.default_rng(seed)
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        mover = state.to_move
        assert mover is not None
        choice = seats[mover].choose(state)
        assert choice in state.legal_actions(), str(choice)
        state.apply(choice)
    return state


@pytest.mark.parametrize("map_", ["standard", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_whole_games_legally(map_: str, players: int) -> None:
    """Against random players and against itself, every choice it makes at
    every kind of decision is legal, and no rule of thumb fails (strict:
    an error would raise rather than fall back)."""
    opts = DungeonsOptions(map=map_)
    for g in range(2):
        s = GAME.new_state(opts, players)
        assert isinstance(s, DungeonsState)
        if g == 0:
            seats: list[Agent] = [
                HeuristicAgent(seed=k, strict=True) if k == players - 1 else RandomAgent(seed=k)
                for k in range(players)
            ]
        else:
            seats = [HeuristicAgent(seed=k, strict=True) for k in range(players)]
        done = play_out(s, seats, seed=10 * players + g)
        assert done.is_over and len(done.history) <= GAME.max_length(opts)


def test_plays_every_variant_and_a_long_season() -> None:
    """The readings and house rules (the expansion's classes, Quiet Space,
    stealth on entry...) and the six-round season."""
    for name, opts in GAME.variants().items():
        lo, hi = GAME.player_range(opts)
        n = min(max(3, lo), hi)
        s = GAME.new_state(opts, n)
        assert isinstance(s, DungeonsState)
        seats = [HeuristicAgent(seed=k, strict=True) for k in range(n)]
        assert play_out(s, seats, seed=len(name)).is_over


def test_registered_with_knobs() -> None:
    a_ = AGENTS["heuristic"](GAME, 1, {"glory": "20", "reserve": "3"})
    assert isinstance(a_, HeuristicAgent) and a_.knobs.glory == 20.0 and a_.knobs.reserve == 3
    with pytest.raises(OptionError, match="unknown heuristic parameter"):
        AGENTS["heuristic"](GAME, 1, {"courage": "1"})


def test_ranked_lists_every_legal_action_with_its_choice_first() -> None:
    """``ranked`` orders the legal actions, the chosen one first (what
    ``mcts:rollout=heuristic,top=K`` reads)."""
    s = GAME.new_state(DungeonsOptions(), 3)
    rng = np.random.default_rng(4)
    h = agent()
    checked = 0
    while not s.is_over and checked < 60:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
            continue
        legal = list(s.legal_actions())
        ranked = h.ranked(s)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))
        assert ranked[0] == h.choose(s)
        s.apply(ranked[0])
        checked += 1


def test_sees_only_what_its_player_may_see() -> None:
    """Its choice never changes when the cards it cannot see are dealt
    otherwise (the other hands, the decks' order: ``resample_hidden``)."""
    rng = np.random.default_rng(6)
    h = agent()
    checked = 0
    for g in range(4):
        s = GAME.new_state(DungeonsOptions(map="advanced" if g % 2 else "standard"), 2 + g % 3)
        while not s.is_over:
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            me = s.to_move
            assert me is not None
            mine = h.choose(s)
            if len(s.legal_actions()) > 1:
                for _ in range(2):
                    other = s.resample_hidden(me, rng)
                    assert h.choose(other) == mine, (str(mine), type(s.agenda[-1]).__name__)
                checked += 1
            s.apply(mine)
    assert checked > 200


def test_mcts_can_roll_out_with_it() -> None:
    """The generic search takes it as its rollout policy and narrows to its
    best choices (``mcts:rollout=heuristic,top=3``)."""
    s = GAME.new_state(DungeonsOptions(), 2)
    rng = np.random.default_rng(2)
    while s.is_chance or len(s.legal_actions()) < 2:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(s.legal_actions()[0])
    m = make_agent("mcts:iterations=8,rollout=heuristic,top=3,max_depth=60", GAME, seed=1)
    assert m.choose(s) in s.legal_actions()


def test_beats_random_in_the_arena() -> None:
    """Two players, seats balanced (the project's arena): it wins far more
    than half its games; the 95% Wilson interval lies above one half."""
    result = run_arena("dungeons", DungeonsOptions(), ["heuristic", "random"], 16, seed=3)
    pairing = result.pairing("heuristic", "random")
    lo, _ = pairing.interval
    assert lo > 0.5, pairing
    assert result.ratings["heuristic"] > result.ratings["random"]


@pytest.mark.parametrize("players", [3, 4])
def test_beats_random_at_a_crowded_table(players: int) -> None:
    """Seated first against random players (standard map, three rounds), it
    wins far more often than a fair share: the 95% Wilson interval of its
    win rate lies above 1/players."""
    games = 16
    summary = simulate(
        "dungeons", DungeonsOptions(), ["heuristic"] + ["random"] * (players - 1), games, seed=3
    )
    wins = summary.per_seat[0].wins.count
    lo, _ = wilson_interval(wins, games)
    assert lo > 1 / players, (players, wins)


# -- the numbers it reasons with ----------------------------------------------------------


def test_the_odds_of_a_round() -> None:
    """A D6 against a D6 wins 15 of 36 (a tie is lost), 21 of 36 with
    strength 6; a D8 Dual Wield with the D6 beats a D6 far more often."""
    assert beat_chance(die_dist(6), die_dist(6)) == pytest.approx(15 / 36)
    assert beat_chance(die_dist(6), die_dist(6), ties=True) == pytest.approx(21 / 36)
    dual = hero_dist([Weapon("axe", 8, 1, frozenset({"dual_wield"})), Weapon("natural", 6)])
    assert beat_chance(dual, die_dist(6)) > 0.85


def test_an_engagement_is_fought_to_its_end() -> None:
    """Three HP against a monster of one: the hero only dies if he loses
    three rounds in a row; two of the enemy's HP halve an even fight."""
    kill, losses = engagement(0.5, 0.5, 3, 1)
    assert kill == pytest.approx(1 - 0.5**3)
    # won at once, after one loss, after two; or three losses and dead
    assert losses == pytest.approx(0.5 * 0 + 0.25 * 1 + 0.125 * 2 + 0.125 * 3)
    assert engagement(0.5, 0.5, 2, 2)[0] == pytest.approx(0.5)


def test_a_hunted_enemy_is_read_as_the_rules_would_roll_it() -> None:
    """What the agent expects of an enemy drawn into a space (its die and
    bonus: environment, the Moon, bloodlust, the round's bonus, a Plant's
    attack, the Guardians stirring) is what the rules roll for one on the
    board (combat.enemy_parts), over random positions of whole games."""
    rng = np.random.default_rng(8)
    seen = 0
    for g in range(6):
        s = GAME.new_state(DungeonsOptions(map="advanced" if g % 2 else "standard"), 3)
        while not s.is_over:
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            if rng.random() < 0.2:
                s.flags = frozenset(rng.choice(FLAGS, size=2, replace=False).tolist())
                s.monster_bonus = int(rng.integers(0, 2))
            for e in s.enemies:
                if e.is_cube or e.buffs:
                    continue
                probe = Fight(enemy=e.uid)
                parts = combat.enemy_parts(s, probe)
                expect = (combat.enemy_die(s, probe), sum(v for _, v in parts))
                assert probe_roll(s, e.kind, e.space, on_board=True) == expect, (e, parts)
                seen += 1
            s.apply(RandomAgent(seed=g).choose(s))
    assert seen > 1000


def test_distances_follow_the_arrows() -> None:
    d = distances(GAME.new_state(DungeonsOptions(map="advanced"), 2).map)
    # The advanced map's Catacombs (6) lead only on to the Bone Orchard (9).
    assert d[6][9] == 1 and d[9].get(6, 99) > 1
    assert d[0][0] == 0


def test_stat_rolls_go_where_they_are_worth_most() -> None:
    """A 6 on strength (ties), a 1 where it costs least (wits); the Slayer's
    +1 makes a 5 on strength a 6, so its 6 goes to stealth instead."""
    four = ["strength", "stealth", "wits", "skill"]
    best = stat_for_roll(6, four, "skill")
    assert max(best, key=best.__getitem__) == "strength"
    low = stat_for_roll(1, four, "skill")
    assert max(low, key=low.__getitem__) == "wits"
    slayer = stat_for_roll(6, four, "strength")
    assert max(slayer, key=slayer.__getitem__) == "stealth"


# -- positions built by hand ---------------------------------------------------------------


def turn_start(players: int = 2, seed: int = 1, map_: str = "standard") -> DungeonsState:
    """A game at the first player's first free decision of round 1 (setup
    by random choices), environments cleared, every hero in the Village
    with 3 HP, no coins, no cards, no potions, no hides; the first player a
    Slayer (Mighty Blow +2 after the roll, Steel Nerve, Second Wind)."""
    s = GAME.new_state(DungeonsOptions(map=map_), players)
    assert isinstance(s, DungeonsState)
    rng = np.random.default_rng(seed)
    chooser = RandomAgent(seed=seed)
    while True:
        top = s.agenda[-1]
        if isinstance(top, turn.Act) and top.seat == 0 and not turn.engaged(s, 0):
            break
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(chooser.choose(s))
    s.environments = ()
    s.enemies = []
    for p in range(players):
        s.heroes[p] = replace(
            s.heroes[p],
            space=0,
            hp=3,
            coins=0,
            stats=(5, 5, 3, 4),
            advantage=(),
            quests=(),
            potions=(),
            backpack=(),
            specialty=("", "", ""),
            wild=(),
            markers=(),
            chib=False,
            hero_class="slayer" if p == 0 else s.heroes[p].hero_class,
        )
    t = s.turn
    assert t is not None
    s.turn = replace(t, actions=3, engaged=(), foe=None)
    s.fight = None
    s.flags = frozenset()
    s.monster_bonus = 0
    return s


def put(s: DungeonsState, kind: str, space: int, hp: int = 1) -> Enemy:
    e = Enemy(uid=s.next_uid, kind=kind, space=space, hp=hp)
    s.next_uid += 1
    s.enemies.append(e)
    return e


def bounty_for(s: DungeonsState, cls: str, space: int | None = None) -> str:
    """A Bounty card of the content for ``cls`` (in ``space`` if given),
    made face up as the only one."""
    for b in s.content.bounty_deck(s.map.id):
        if b.monster_class == cls and (space is None or b.space == space):
            s.bounties = (b.id,)
            return b.id
    raise AssertionError(f"no {cls} bounty in {space}")


def hero(s: DungeonsState, seat: int, **changes: object) -> None:
    s.heroes[seat] = replace(s.heroes[seat], **changes)


def in_round(s: DungeonsState, e: Enemy, stage: str, **fight: object) -> None:
    """Seat 0 is in a round of combat against ``e`` at ``stage``."""
    t = s.turn
    assert t is not None
    s.turn = replace(t, engaged=(e.uid,), foe=e.uid)
    s.fight = Fight(enemy=e.uid, stage=stage, **fight)


def choice(s: DungeonsState, **knobs: float) -> Action:
    got = agent(**knobs).choose(s)
    assert got in s.legal_actions()
    return got


def test_goes_toward_a_bounty_it_can_collect() -> None:
    """From the Village, a goblin wanted for a bounty two spaces away: it
    takes a step that brings it closer (a ride if it saves an action)."""
    s = turn_start()
    bid = bounty_for(s, "bandit")
    target = s.index.bounties[bid].space
    put(s, "goblin", target)
    d = distances(s.map)
    got = choice(s)
    assert isinstance(got, (a.Move, a.Ride)), got
    end = got.space if isinstance(got, a.Move) else got.to
    assert d[end][target] < d[0][target]


def test_fights_a_wanted_monster_it_can_beat() -> None:
    """A goblin (D4) wanted for a bounty in its own space: it declares the
    fight (no action) before anything else."""
    s = turn_start()
    bid = bounty_for(s, "bandit")
    space = s.index.bounties[bid].space
    hero(s, 0, space=space)
    put(s, "goblin", space)
    assert choice(s) == a.Fight("goblin")


def test_stealths_past_what_it_cannot_beat() -> None:
    """A Minotaur (D12) it would lose to stands in its space, nothing wanted
    there: no fight declared; it acts on (each action a stealth check)."""
    s = turn_start()
    s.bounties = ()
    hero(s, 0, space=5, hp=1)
    put(s, "minotaur", 5)
    got = choice(s)
    assert not isinstance(got, a.Fight), got
    assert got != a.REST


def test_hunts_at_a_bounty_space_without_its_monster() -> None:
    """In the last round, at the space of a bounty whose monster is not
    there: it hunts (a gather's cards and potions would come too late)."""
    s = turn_start()
    s.round = s.options.rounds
    bid = bounty_for(s, "beast")
    hero(s, 0, space=s.index.bounties[bid].space)
    assert choice(s) == a.HUNT


def test_goes_home_with_a_full_backpack() -> None:
    """Three bounties in the backpack (no room for a fourth): the way to
    the Village, early in the season."""
    s = turn_start()
    carried = tuple(b.id for b in s.content.bounty_deck("standard")[:3])
    hero(s, 0, space=1, backpack=carried)
    bounty_for(s, "beast")
    got = choice(s)
    assert got == a.Move(0), got


def test_weapon_choice_takes_the_best_die_and_holy_water_against_the_undead() -> None:
    """Against a Vampire (D12, Undead) wanted for a bounty: Holy Water (a
    D12 for 2 coins) beats the natural D6; with a Greatsword (D12) and a
    Hand Axe (D8 Dual Wield) in hand, the Hand Axe with a second weapon
    (Holy Water, which keeps the Greatsword for later)."""

    def vampire(cards: tuple[str, ...]) -> DungeonsState:
        s = turn_start()
        bid = bounty_for(s, "undead")
        space = s.index.bounties[bid].space
        hero(s, 0, space=space, coins=6, markers=SPENT, advantage=cards)
        in_round(s, put(s, "vampire", space), "arm")
        return s

    assert choice(vampire(())) == a.Wield(("holy-water",))
    got = choice(vampire(("greatsword", "hand-axe")))
    assert isinstance(got, a.Wield) and got.weapons[0] == "hand-axe" and len(got.weapons) == 2


def test_keeps_its_cards_for_a_fight_it_wins_anyway() -> None:
    """A Mushroom (D4) against a Greatsword in hand: the natural D6."""
    s = turn_start()
    hero(s, 0, space=3, advantage=("greatsword",))
    e = put(s, "mushroom", 3)
    s.bounties = ()
    in_round(s, e, "arm")
    assert choice(s) == a.Wield(("natural",))


#: Both skill markers of a skill stat of 4 in use: no skill is ready.
SPENT = ("mighty-blow", "second-wind")


def lost_roll(s: DungeonsState, kind: str, mine: int, theirs: int, **hero_changes: object) -> Enemy:
    hero(s, 0, space=3, **hero_changes)
    e = put(s, kind, 3)
    in_round(
        s,
        e,
        "improve",
        weapons=(Weapon("natural", 6),),
        dice=(mine,),
        enemy_roll=theirs,
    )
    return e


def test_dogmud_when_a_reroll_likely_turns_the_loss() -> None:
    """A 1 against a goblin's 2: a reroll of the D6 wins on 3-6 (two in
    three), worth the 2 coins; against a Minotaur's 11 it cannot win."""
    s = turn_start()
    bounty_for(s, "bandit", None)
    lost_roll(s, "goblin", 1, 2, coins=6, markers=SPENT)
    assert choice(s) == a.Dogmud()
    s2 = turn_start()
    lost_roll(s2, "minotaur", 1, 11, coins=6, markers=SPENT)
    assert choice(s2) != a.Dogmud()


def test_plays_the_cheapest_buff_that_wins() -> None:
    """A tie lost (strength 5): Whetstone (+1) wins, Battle Fury (+2) is
    kept; behind by one, Whetstone would only tie: Battle Fury."""
    s = turn_start()
    lost_roll(s, "kobold", 3, 3, advantage=("battle-fury", "whetstone"), markers=SPENT)
    assert choice(s) == a.Play("whetstone")
    s2 = turn_start()
    lost_roll(s2, "kobold", 3, 4, advantage=("battle-fury", "whetstone"), markers=SPENT)
    assert choice(s2) == a.Play("battle-fury")


def test_escapes_before_a_lethal_loss() -> None:
    """At 1 HP, a lost roll against an Orc it cannot turn: Wingso
    Flightamous (home to the Village, healed) rather than death."""
    s = turn_start()
    lost_roll(s, "orc", 1, 9, hp=1, coins=0, potions=("wingso-flightamous",), markers=SPENT)
    assert choice(s) == a.Drink("wingso-flightamous")


def test_chibs_out_only_when_death_is_the_alternative() -> None:
    """A lost roll at 3 HP: it takes the hit; at 1 HP, with nothing else,
    it chibs out."""
    s = turn_start()
    lost_roll(s, "orc", 1, 9, hp=3, coins=0, markers=SPENT)
    assert choice(s) == a.ACCEPT
    s2 = turn_start()
    lost_roll(s2, "orc", 1, 9, hp=1, coins=0, markers=SPENT)
    assert isinstance(choice(s2), a.Chib)


def red_window(s: DungeonsState, fighter: int, kind: str, space: int) -> Enemy:
    """``fighter`` (the active player) has declared a round against a
    ``kind``; seat 1 is asked in the collective GM's window."""
    t = s.turn
    assert t is not None
    s.turn = replace(t, seat=fighter)
    hero(s, fighter, space=space)
    e = put(s, kind, space)
    s.turn = replace(s.turn, engaged=(e.uid,), foe=e.uid)
    s.fight = Fight(enemy=e.uid, stage="window")
    order = s.opponents(fighter)
    s.agenda.append(powers.Window("before", order, order.index(1), 0))
    return e


def test_buffs_the_monster_the_leader_fights_for_a_bounty() -> None:
    """Player 3 leads and fights a kobold for a 2-glory bounty: player 2
    plays Intervention (+1 to the monster). Against a kobold nobody wants,
    fought by the last player, it keeps the card."""
    s = turn_start(players=3)
    bid = bounty_for(s, "bandit")
    space = s.index.bounties[bid].space
    leader = tuple(b.id for b in s.content.bounty_deck("standard")[5:7])
    hero(s, 2, dropped=leader)
    hero(s, 1, quests=("intervention",))
    red_window(s, 2, "kobold", space)
    assert choice(s) == a.Play("intervention")
    s2 = turn_start(players=3)
    s2.bounties = ()
    hero(s2, 1, quests=("intervention",), dropped=leader)
    red_window(s2, 2, "kobold", 4)
    assert choice(s2) == a.PASS


def test_wild_takes_what_it_lacks() -> None:
    """A Wild gather: coins when poor, the hand full and both potions
    filled; a potion when a bottle is free; an Advantage card when rich
    (coins beyond the cap are lost) with both bottles placed."""

    def wild(**changes: object) -> DungeonsState:
        s = turn_start()
        s.agenda.append(gather.WildChoice(0))
        hero(s, 0, **changes)
        return s

    s = turn_start()
    limit = s.gather_board(0).hand_limit[5]
    filled = tuple(sorted(s.gather_board(0).potions[:2]))
    full = ("whetstone",) * limit
    assert choice(wild(coins=0, advantage=full, potions=filled)) == a.Pick("take", "coins")
    assert choice(wild(coins=0, advantage=full)) == a.Pick("take", "alchemy")
    assert choice(wild(coins=10, potions=filled)) == a.Pick("take", "advantage")


def test_hires_the_cash_cube_onto_the_leader_out_on_the_map() -> None:
    """Rich, with a rival ahead in glory standing on space 5: the Cube goes
    to space 5 (he is engaged with it at the start of his turn)."""
    s = turn_start()
    hero(s, 0, coins=9)
    hero(s, 1, space=5, dropped=tuple(b.id for b in s.content.bounty_deck("standard")[:2]))
    s.turn = replace(s.turn, actions=0)
    got = agent().ranked(s)
    hires = [x for x in got if isinstance(x, a.Hire)]
    assert hires and hires[0] == a.Hire(5)
    assert got.index(hires[0]) < got.index(a.REST)


def test_transforms_a_gnoll_into_a_bandit_for_a_bandit_bounty() -> None:
    """The rulebook's example (Part II, Specialty Hides): a Bandit bounty,
    a Gnoll in its space, three specialty hides: it turns them in to make
    the Gnoll a Bandit (a bare D6, and the bounty if it wins)."""
    s = turn_start()
    bid = bounty_for(s, "bandit")
    space = s.index.bounties[bid].space
    hero(s, 0, space=space, specialty=("gnoll", "owlbear", "goblin"), markers=SPENT)
    in_round(s, put(s, "gnoll", space), "arm")
    assert choice(s) == a.Transform("bandit")


def test_keeps_its_hides_when_the_monster_is_wanted_as_it_is() -> None:
    """A Goblin wanted for a Bandit bounty: no transformation needed."""
    s = turn_start()
    bid = bounty_for(s, "bandit")
    space = s.index.bounties[bid].space
    hero(s, 0, space=space, specialty=("gnoll", "owlbear", "goblin"), markers=SPENT)
    in_round(s, put(s, "goblin", space), "arm")
    assert isinstance(choice(s), a.Wield)


def test_plays_a_stealth_card_before_acting_beside_what_it_cannot_beat() -> None:
    """A Minotaur in its space, 1 HP: Cloak of Shadows (the next check
    succeeds) before it acts."""
    s = turn_start()
    s.bounties = ()
    hero(s, 0, space=5, hp=1, quests=("cloak-of-shadows",), markers=SPENT)
    put(s, "minotaur", 5)
    assert choice(s) == a.Play("cloak-of-shadows")


def test_keeps_a_stealth_card_while_engaged() -> None:
    """Engaged with the Minotaur (no action can be taken): the Cloak of
    Shadows waits; it fights or escapes first."""
    s = turn_start()
    s.bounties = ()
    hero(s, 0, space=5, hp=3, quests=("cloak-of-shadows",), markers=SPENT)
    e = put(s, "minotaur", 5)
    s.turn = replace(s.turn, engaged=(e.uid,))
    assert choice(s) != a.Play("cloak-of-shadows")


def test_buys_a_stealth_reroll_only_to_avoid_a_bad_fight() -> None:
    """A failed stealth roll beside a Minotaur: Dogmud (2 coins) for
    another try; beside a Goblin it would gladly fight: accept."""

    def spotted(kind: str) -> DungeonsState:
        s = turn_start()
        s.bounties = ()
        hero(s, 0, space=5, hp=2, coins=4)
        put(s, kind, 5)
        s.agenda.append(stealth.StealthDogmud(0, None, "action"))
        return s

    assert choice(spotted("minotaur")) == a.Dogmud()
    assert choice(spotted("goblin")) == a.ACCEPT


def test_the_poison_takes_the_least_useful_stat() -> None:
    s = turn_start()
    hero(s, 0, stats=(6, 5, 4, 4))
    s.agenda.append(rewards.PoisonStat(0, ("strength", "stealth", "wits", "skill")))
    assert choice(s) == a.Pick("stat", "wits")


def test_the_fountain_raises_the_stat_that_gains_most() -> None:
    """A 6 at the Fountain of You: strength 5 -> 6 (ties won) first."""
    s = turn_start()
    hero(s, 0, space=0, stats=(5, 4, 3, 3))
    s.agenda.append(village.FountainRaise(0, 6, ("strength", "stealth", "wits", "skill")))
    assert choice(s) == a.Pick("raise", "strength")


def test_at_the_hand_limit_the_least_useful_card_goes() -> None:
    s = turn_start()
    limit = s.gather_board(0).hand_limit[5]
    hand = ("greatsword",) * (limit - 1) + ("whetstone",)
    hero(s, 0, advantage=tuple(sorted(hand)))
    s.agenda.append(cards.HandLimit(0, "advantage"))
    assert choice(s) == a.Pick("discard", "whetstone")


def test_an_events_choice_takes_what_is_worth_more_now() -> None:
    """A GM event's choice of 2 coins or an Advantage card: a rich hero
    (coins at the cap are lost) takes the card, a poor one with a full
    hand the coins."""
    choose = Effect(
        "choice",
        target="each",
        options=((Effect("gain_coins", amount=2),), (Effect("draw_advantage", amount=1),)),
    )

    def asked(coins: int, full_hand: bool) -> DungeonsState:
        s = turn_start()
        limit = s.gather_board(0).hand_limit[5]
        hero(s, 0, coins=coins, advantage=("whetstone",) * (limit if full_hand else 0))
        s.agenda.append(effects.ChooseOption(0, choose, effects.Ctx(None, "an event", True)))
        return s

    assert choice(asked(10, full_hand=False)) == a.Pick("option", "2")
    assert choice(asked(0, full_hand=True)) == a.Pick("option", "1")


def test_picks_a_class_strong_in_a_fight_or_at_stealth() -> None:
    s = GAME.new_state(DungeonsOptions(), 2)
    assert isinstance(s, DungeonsState)
    got = choice(s)
    assert isinstance(got, a.Pick) and got.word == "class"
    assert s.index.classes[got.value].bonus_stat in ("strength", "stealth")


def test_cancels_the_card_that_would_win_the_leader_his_bounty() -> None:
    """The leader, fighting for a 2-glory bounty, plays Heroic Surge (+2) to
    turn a lost roll: Not So Fast cancels it. The same card played by the
    last player in a fight for nothing: pass."""

    def surge(leads: bool) -> DungeonsState:
        s = turn_start(players=3)
        glory = tuple(b.id for b in s.content.bounty_deck("standard")[5:7])
        if leads:  # player 3 leads and fights for a bounty
            bid = bounty_for(s, "bandit")
            space = s.index.bounties[bid].space
            hero(s, 2, dropped=glory)
        else:  # player 2 leads; player 3 fights for nothing
            s.bounties = ()
            space = 4
            hero(s, 1, dropped=glory)
        t = s.turn
        assert t is not None
        hero(s, 2, space=space)
        hero(s, 1, quests=("not-so-fast",))
        e = put(s, "kobold", space)
        s.turn = replace(t, seat=2, engaged=(e.uid,), foe=e.uid)
        s.fight = Fight(
            enemy=e.uid, stage="improve", weapons=(Weapon("natural", 6),), dice=(2,), enemy_roll=3
        )
        s.agenda.append(powers.Counter("heroic-surge", 2, (1,)))
        return s

    assert choice(surge(leads=True)) == a.Play("not-so-fast")
    assert choice(surge(leads=False)) == a.PASS


def test_sends_a_rival_into_danger_without_reading_his_hand() -> None:
    """An event lets it send a rival to a space: toward the Owlbear rather
    than an empty space, whatever weapon he may hold (his hand is hidden:
    the same choice with a Dragonlance in it, which would make the Owlbear
    his prey, or without)."""

    def send(cards: tuple[str, ...]) -> Action:
        s = turn_start()
        s.bounties = ()
        hero(s, 1, space=1, advantage=cards)
        put(s, "owlbear", 3)
        s.agenda.append(board.ChooseSpace(0, (3, 4), "send", subject=1))
        return choice(s)

    assert send(()) == a.Pick("space", "3")
    assert send(("dragonlance", "greatsword", "morning-star")) == a.Pick("space", "3")


def test_goes_home_to_heal_when_low() -> None:
    """At 1 HP, two spaces out, nothing worth a fight around: homeward."""
    s = turn_start()
    s.bounties = ()
    d = distances(s.map)
    far = next(sp for sp in sorted(d[0]) if d[0][sp] == 2 and d[sp].get(0, 99) == 2)
    hero(s, 0, space=far, hp=1, markers=SPENT)
    got = choice(s)
    end = got.space if isinstance(got, a.Move) else got.to if isinstance(got, a.Ride) else None
    assert end is not None and d[end][0] < d[far][0], got


def test_drinks_grapejib_for_one_more_hunt_at_a_bounty_space() -> None:
    """The actions spent, in the last round, at a bounty's space: Grapejib
    Juice (one more action) rather than rest."""
    s = turn_start()
    s.round = s.options.rounds
    bid = bounty_for(s, "beast")
    hero(s, 0, space=s.index.bounties[bid].space, potions=("grapejib-juice",))
    s.turn = replace(s.turn, actions=0)
    assert choice(s) == a.Drink("grapejib-juice")


def test_trains_strength_to_six_in_the_village() -> None:
    """In the Village with coins to spare and strength 5: Training Camp on
    strength (a 6 wins ties) before it leaves."""
    s = turn_start()
    hero(s, 0, coins=6, stats=(5, 4, 3, 4))
    assert choice(s) == a.Train("strength")


def test_places_environments_far_from_the_village() -> None:
    """An environment piece (+1 to its monsters) goes where the heroes come
    last: a space as far from the Village as any."""
    s = GAME.new_state(DungeonsOptions(), 2)
    assert isinstance(s, DungeonsState)
    rng = np.random.default_rng(1)
    while not isinstance(s.agenda[-1], setup.PlacePiece):
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(s.legal_actions()[0])
    got = choice(s)
    assert isinstance(got, a.Place)
    d = distances(s.map)[0]
    assert d[got.space] == max(d[sp] for sp in d if sp > 0)


def test_a_werewolf_chibs_out_of_a_losing_round_readily() -> None:
    """The expansion's Werewolf chibs into a wolf with a D8 (Part IV): a
    lost roll at full HP is reason enough; a Slayer takes that hit."""
    s = turn_start()
    hero(s, 0, hero_class="werewolf")
    lost_roll(s, "orc", 1, 9, hp=3, coins=0, markers=SPENT)
    assert isinstance(choice(s), a.Chib)

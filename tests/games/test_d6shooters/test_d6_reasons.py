"""The d6 Shooters in words (issue 35): refusals that name their rule and what
is asked instead, endings that say what happened and why, the advisor's
values named for what they are, and no sentence that reads wrong.

The endings quoted in the issue are replayed here from the situations they
describe, with the dice given as notation (the rulebook's "End of the Game"
and "Scoring" of each episode).
"""

from __future__ import annotations

import pytest

from saloon.core import IllegalAction, get_game
from saloon.core.state import State
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.rules import D6State
from saloon.testing.sentences import problems, read_games

from .conftest import run, start

GAME = get_game("d6shooters")


def refused(state: D6State, notation: str) -> str:
    """The refusal of ``notation``: what ``apply`` raises, the same as
    :meth:`explain_illegal`, a reason rather than the contract's default,
    reading right, and the state left as it was."""
    action = GAME.parse_action(notation)
    before = state.key()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.key() == before
    message = str(err.value)
    assert message == state.explain_illegal(action)
    assert message != State.explain_illegal(state, action)
    assert problems(message) == []
    return message


def keeping() -> D6State:
    """Day 1 of episode 1, after the first roll: red 1 4 6 (the 6 locked),
    white 1 2 4 5 6."""
    return run(start(), "red 146", "white 12456")


KEEP_NOW = (
    "now keep dice and roll the others again (keep r14 w22), or stop, after roll 1 of 3 (the "
    "dice show red 1 4 6, white 1 2 4 5 6)"
)


# -- refusals: the dice ----------------------------------------------------------------------


def test_a_keep_names_the_dice_that_are_not_on_the_table() -> None:
    """ "Gameplay": you keep dice you rolled."""
    assert refused(keeping(), "keep w22") == (
        "keep w22 keeps dice that are not on the table: a white 2 (Gameplay: you keep dice you "
        f"rolled); {KEEP_NOW}"
    )
    assert refused(keeping(), "keep b3 r11 w33").startswith(
        "keep b3 r11 w33 keeps dice that are not on the table: a black 3, a red 1 and two white "
        "3s (Gameplay"
    )


def test_a_keep_that_leaves_out_a_locked_die_says_how_to_keep_it() -> None:
    """ "Gameplay": red 5s and 6s of the first roll stay locked."""
    state = run(start(), "red 156", "white 12456")
    assert refused(state, "keep r1").startswith(
        "keep r1 leaves out a red 5 and a red 6 locked by the first roll: red 5s and 6s of the "
        "first roll stay kept for good (Gameplay); say keep r156; now keep dice"
    )


def test_roll_when_the_dice_must_be_kept_first() -> None:
    assert refused(keeping(), "roll") == (
        "the dice are rolled already (roll 1 of 3): say which to keep and the others are rolled "
        f"again (Gameplay); {KEEP_NOW}"
    )


def test_an_outcome_is_not_a_choice() -> None:
    assert refused(keeping(), "red 56").startswith(
        "red 56 is what dice show, not a choice: the dice are rolled for you"
    )


@pytest.mark.parametrize(
    ("split", "says"),
    [
        (
            "fours s1 h0 f1 b4",
            "fours s1 h0 f1 b4 uses six 4s, and the dice show four 4s: Seek Shelter, Hide, "
            "Fight and Backroads together take at most 4 (the rest go unused)",
        ),
        (
            "fours s2 h0 f0 b0",
            "Seek Shelter takes away one 5 per 4, and the dice show one 5: at most 1 can Seek "
            "Shelter",
        ),
        (
            "fours s0 h2 f0 b0",
            "Hide takes away two 6s per 4, and the dice show one 6: at most 1 can Hide",
        ),
        (
            "fours s0 h0 f0 b1",
            "Backroads takes two 4s a space in episode 1: give it an even number of 4s",
        ),
    ],
)
def test_a_split_of_the_4s_that_does_not_add_up(split: str, says: str) -> None:
    """Ep.1 "Dice Actions" (4s), D6-F1: the dice show four 4s, one 5, one 6."""
    state = run(start(space=2), "red 356", "white 14444", "stop")
    assert refused(state, split) == (
        f"{says}; now split the four 4s between Seek Shelter, Hide, Fight and Backroads "
        "(fours s1 h0 f1 b0)"
    )


def test_hiding_all_the_6s_leaves_none_to_fight() -> None:
    state = run(start({"episode": 2}, space=2), "black 4", "red 46", "white 14446", "stop")
    assert refused(state, "fours s0 h1 f1 b0").startswith(
        "Fight is a Shootout against the 6s, and Hiding leaves no 6: no 4 can Fight"
    )


# -- refusals: items, Gold and Food, Towns ---------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "says"),
    [
        ("binoculars 5", "you hold no Binoculars (Special Items)"),
        ("charm w4+", "the Lucky Charm is episode 2's (Special Items)"),
        ("recruit 1", "episode 1's 3s find Gold and recruit no one (Prospect)"),
        ("tactic defend", "the Showdown is episode 2's: episode 1 ends at Reno"),
        (
            "buy food 2",
            "buy food 2 is for a Town's visit, and you are not in a Town: the next is Calico, 14 "
            "spaces on (Towns)",
        ),
    ],
)
def test_an_action_of_another_moment_says_where_it_belongs(notation: str, says: str) -> None:
    assert refused(keeping(), notation) == f"{says}; {KEEP_NOW}"


def town() -> D6State:
    """Calico (episode 1) with 1 Gold, the Compass (die 1) for sale."""
    state = run(start(space=13, food=2, gold=0, posse=5), "red 112", "white 23333", "stop")
    return run(state, "item 1")


@pytest.mark.parametrize(
    ("notation", "says"),
    [
        ("buy food 5", "5 Food cost 2 Gold and you have 1 (Items That Are Always Available)"),
        ("buy compass", "the Compass costs 2 Gold and you have 1 (Special Items)"),
        (
            "buy hunter",
            "Calico does not sell the Hunter: the Compass is for sale here, as its Special Item "
            "die said (Special Items)",
        ),
    ],
)
def test_not_enough_gold_or_not_for_sale(notation: str, says: str) -> None:
    """Ep.1 "Towns", "Items That Are Always Available", "Special Items"."""
    state = town()
    assert state.journey.gold == 1
    assert refused(state, notation) == (
        f"{says}; now buy, play Poker or leave Calico: buy food 2, buy ammo 2, buy posse, poker "
        "or leave"
    )


def test_not_enough_food_for_the_campfire() -> None:
    """Event List 4-5, Campfire Songs: it costs Food."""
    state = run(start(special=True, food=0), "special", "event 4-5")
    assert refused(state, "campfire") == (
        "the Campfire Songs take 1 Food and you have 0; now answer the Campfire Songs: pass"
    )
    assert refused(state, "fight").startswith("the Campfire Songs Event cannot be fought")


def test_the_showdown_refuses_a_spent_tactic_and_too_many_rerolls() -> None:
    """Ep.2 "Tactics": each once a Showdown; "Combat": 1 Ammo rerolls up to
    three dice."""
    state = start({"episode": 2}, space=79, posse=1, crowes=3)
    run(state, "black 1", "red 23", "white 23333", "stop")
    assert state.mode == "showdown"
    run(state, "tactic defend", "posse 2", "crowe 26666")
    assert refused(state, "reroll p2 c2666").startswith(
        "1 Ammo rerolls at most three dice, and reroll p2 c2666 names 5 (Combat); now reroll"
    )
    assert refused(state, "reroll p6").startswith("the dice do not show a Posse 6")
    assert refused(state, "buy food 2").startswith(
        "buy food 2 is for a Town's visit, and Hoodia is a ghost town: the Showdown is on"
    )


def test_after_the_journey_a_move_is_refused_with_its_ending() -> None:
    state = run(start(day=36, posse=1, food=0), "red 555", "white 12233", "stop", "heat 666")
    assert refused(state, "roll") == (
        "the journey is over; roll cannot be played (End of the Game): The journey fails on "
        "Day 37: the posse is gone, its last member lost to the Heat"
    )


# -- endings -------------------------------------------------------------------------------------


def ending(state: D6State) -> str:
    """The ending: the result's text, the same as the log's last line."""
    assert state.is_over
    text = state.result().text
    assert state.log[-1].text == text
    assert problems(text) == []
    return text


def test_the_posse_is_gone() -> None:
    """Ep.1 "End of the Game": Posse 0 loses (the issue's "The journey fails
    on Day 37: the posse is gone"): the Heat's three hits, no Food to pay."""
    state = run(start(day=36, posse=1, food=0), "red 555", "white 12233", "stop", "heat 666")
    assert ending(state) == (
        "The journey fails on Day 37: the posse is gone, its last member lost to the Heat."
    )
    assert state.result().category == "posse"


def test_the_posse_reaches_reno() -> None:
    """Ep.1 "End of the Game" and "Scoring" (the issue's "The posse reaches
    Reno on Day 34 with ... points"): every part of the score named."""
    state = start(day=33, space=93, posse=5, gold=3, food=4, ammo=5)
    run(state, "red 112", "white 23346", "stop")
    assert ending(state) == (
        "The posse reaches Reno on Day 34 with 49 points (10 for arriving, 12 for 6 Days early, "
        "15 for 5 Posse, 6 for 3 Gold, 4 for 4 Food, 2 for 5 Ammo)."
    )
    assert state.result().scores == (49.0,)


def test_the_days_run_out() -> None:
    """Ep.1 "End of the Game": over after the 40th Day, wherever the posse is."""
    state = run(start(day=39, space=2), "red 223", "white 22333", "stop")
    assert ending(state) == (
        "The journey fails on Day 40: the 40 Days ran out with Reno still 93 spaces away."
    )


def test_a_rations_day_with_no_food() -> None:
    """Ep.1 "Food", "End of the Game": a Rations Day with no Food loses."""
    state = run(start(day=14, food=0, posse=5), "red 333", "white 33333", "stop")
    assert ending(state) == (
        "The journey fails on Day 15: it is a Rations Day and there is no Food left."
    )
    assert state.result().category == "starved"


def test_an_event_that_cannot_be_met() -> None:
    """Ep.1 "End of the Game": a need of an Event that cannot be met (the d6
    table's Lost, with no Food)."""
    state = run(start({"events": "d6"}, special=True, food=0, day=11), "special", "event 5")
    assert ending(state) == (
        "The journey fails on Day 12: the Lost Event costs 1 Food and the posse has only 0."
    )


def test_the_showdown_lost_and_won() -> None:
    """Ep.2 "The Ghost Town Showdown", "End of the Game"."""
    lost = start({"episode": 2}, space=79, posse=1, crowes=3)
    run(lost, "black 1", "red 23", "white 23333", "stop")
    run(lost, "tactic defend", "posse 2", "crowe 26666", "pass")
    assert ending(lost) == (
        "The journey fails at Hoodia, reached on Day 1: the Crowe Gang wins the Showdown in "
        "round 1, the last of the Posse falling with five Crowe dice still standing."
    )
    won = GAME.new_state(D6ShootersOptions(version="shorter", episode=2))
    assert isinstance(won, D6State)
    won.journey.space = won.destination - 1
    won.journey.crowes = 0
    run(won, "black 2", "red 24", "white 12244", "stop", "tactic none")
    run(won, "posse 4444444444", "crowe 12", "pass", "assign 2")
    assert ending(won) == (
        "The posse wins the Ghost Town Showdown at Levitra on Day 1, the last Crowe falling in "
        "round 1, with 99 points (15 for the reward, 38 for 19 Days early, 30 for 10 Posse, 9 "
        "for 3 Gold, 5 for 5 Food, 2 for 4 Ammo)."
    )


# -- the advisor ---------------------------------------------------------------------------------


def test_the_advisor_names_episode_1_values_a_score_and_explains_it() -> None:
    """The planner's value in episode 1 is a score (chance + 0.2 x score /
    50), shown as a number; ``rules`` at the decision says how it is made."""
    state = keeping()
    advice = GAME.advice(state)
    assert advice is not None and advice.kind == "score" and not advice.exact
    assert advice.heading() == (
        "each choice's planner score, the chance to reach Reno plus 0.2 x the expected final "
        "score / 50, with the planner's play after (an estimate from the planner's model of the "
        "journey)"
    )
    assert "%" not in advice.values[0].shown(advice.kind)
    rules = GAME.rules_help(state)
    assert "The value is the planner's score, not a per cent" in rules
    assert "0.6 + 0.2 x 24 / 50 = 0.696" in rules
    summary = GAME.rules_help(None, D6ShootersOptions())
    assert summary.endswith("[docs: games/d6shooters.md, The planner]")
    assert "not a per cent" in summary


def test_the_advisor_names_episode_2_values_chances() -> None:
    state = run(start({"episode": 2}), "black 1", "red 14", "white 12456")
    advice = GAME.advice(state)
    assert advice is not None and advice.kind == "probability"
    assert advice.heading() == (
        "each choice's chance to reach Hoodia and win the Showdown, with the planner's play "
        "after (an estimate from the planner's model of the journey)"
    )
    assert "in per cent" in GAME.rules_help(state)
    showdown = start({"episode": 2}, space=79, posse=4, crowes=3)
    run(showdown, "black 1", "red 23", "white 23333", "stop")
    advice = GAME.advice(showdown)
    assert advice is not None and advice.exact and advice.kind == "probability"
    assert advice.heading() == (
        "each choice's chance to win the Showdown, with best play after (exact)"
    )
    assert "the values are exact" in GAME.rules_help(showdown)


def test_the_advisor_leaves_poker_aside_in_a_town() -> None:
    state = town()
    note = GAME.advice_note(state)
    assert note.startswith("Poker aside (the planner does not play it), each choice's planner")


# -- every sentence --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(GAME.variants()))
def test_no_sentence_reads_wrong(variant: str) -> None:
    """:func:`saloon.testing.sentences.read_games` over every episode,
    version and Event list: the log, the choices, refusals and endings."""
    findings = list(read_games(GAME, GAME.variants()[variant], games=25, seed=35))
    assert findings == [], "\n".join(map(str, findings[:10]))


@pytest.mark.parametrize("episode", [1, 2])
def test_the_heuristics_games_read_right_to_the_showdown(episode: int) -> None:
    """Random play rarely gets far; the heuristic's games reach Towns, Events,
    Poker and the Showdown, and every log sentence, choice and ending reads
    right (a choice in words, not its bare notation)."""
    from saloon.agents import make_agent
    from saloon.core import RandomDice

    for seed in range(12):
        options = D6ShootersOptions(episode=episode, version="easier")
        state = GAME.new_state(options)
        agent = make_agent("heuristic:poker_stake=2,poker_rich=3", GAME, seed=seed)
        dice = RandomDice(seed)
        while not state.is_over:
            if state.is_chance:
                state.apply(dice.roll(state))
                continue
            for action in list(state.legal_actions())[:40]:
                words = state.describe_action(action)
                assert problems(words) == [], words
                assert words.lower() != str(action).lower(), words
            state.apply(agent.choose(state))
        for event in state.log:
            assert problems(event.text) == [], event.text
        assert problems(ending(state)) == []

"""What a browser is sent: one seat's view of a game, and the catalog.

This file is where hidden information is kept hidden. A client holding a
token for some seats is shown the game from one of them (the seat to move
if it holds it, else its first seat; a spectator when it holds none):

* ``state.view(seat)``, the game's own JSON with secrets removed;
* ``game.render_svg(state, seat)``, the drawing of what that seat may see;
* the log's sentences that :meth:`~saloon.core.action.Event.visible_to`
  that seat (an event told to some players only is never sent to others);
* the legal actions (notation and sentence) only if that seat is to move,
  the manual-dice prompt only to the referee's link, and the rules passage
  for the decision only to whoever makes it.

Nothing else of the state is sent: not its history (which would hold every
card dealt), nor another seat's view. A record, which holds everything,
is given out only once the game is over, or at any time for a game with
perfect information.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from saloon.agents import LOCAL_AGENTS, agent_names
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.state import CHANCE, State
from saloon.web.store import Hand
from saloon.web.tables import Table

#: At most this many log sentences go with a view (the latest ones).
LOG_LIMIT = 400


def viewing_seat(state: State, hand: Hand | None) -> int | None:
    """The seat a hand sees the game from: the seat to move if it holds it,
    else its first seat, else ``None`` (a spectator, or the host's link of
    a table with a link per person)."""
    if hand is None or not hand.seats:
        return None
    mover = state.to_move
    if mover is not None and mover in hand.seats:
        return mover
    return hand.seats[0]


def seat_names(table: Table, hand: Hand | None) -> list[dict[str, Any]]:
    """Each seat by the side it plays (``Seat 1: Hickok``, or ``Player 1``
    where the seats have no sides), who sits there (you, a bot) and whether
    this hand holds it."""
    session = table.session
    mine = set(hand.seats) if hand is not None else set()
    sides = table.game.seat_names(session.options, len(session.seats))
    out = []
    for i, spec in enumerate(session.seats):
        human = session.is_human(i)
        side = sides[i] if i < len(sides) else f"Player {i + 1}"
        label = side if side == f"Player {i + 1}" else f"Seat {i + 1}: {side}"
        if i in mine:
            label += " (you)" if len(mine) == 1 else ""
        elif not human:
            label += f" ({spec})"
        out.append(
            {
                "seat": i,
                "human": human,
                "spec": spec,
                "name": label,
                "side": side,
                "yours": i in mine,
            }
        )
    return out


def heading(game: Game, options: Options) -> str:
    """What is played, in words: the variant's title, else the options
    that differ from the defaults by their labels."""
    name = game.variant_of(options)
    if name is not None:
        title, _ = game.variant_info(name)
        return "" if name in ("default", "standard") else title
    return options.describe_words()


def record_allowed(table: Table) -> bool:
    """Whether the full record (every step) may be given out now."""
    return table.session.state.is_over or table.game.perfect_information


def table_view(table: Table, hand: Hand | None) -> dict[str, Any]:
    """Everything the page needs to draw the table for ``hand``."""
    session = table.session
    state = session.state
    game = table.game
    me = viewing_seat(state, hand)
    pending = session.pending
    mover = state.to_move
    yours = hand is not None and mover is not None and mover >= 0 and mover in hand.seats
    events = [e for e in state.log if e.visible_to(me)]
    view: dict[str, Any] = {
        "id": table.id,
        "game": game.id,
        "title": game.title,
        "options": session.options.to_dict(),
        "options_text": session.options.describe(),
        "heading": heading(game, session.options),
        "seats": seat_names(table, hand),
        "hand": {
            "seats": list(hand.seats) if hand else [],
            "referee": bool(hand and hand.referee),
            "host": bool(hand and hand.host),
        },
        "seat": me,
        "move": session.step,
        "pending": pending,
        "to_move": None if mover is None else ("chance" if mover == CHANCE else mover),
        "your_turn": (pending == "person" and yours)
        or (pending == "dice" and hand is not None and hand.referee),
        "dice": "manual" if session.manual_dice else "random",
        "advisor": session.advisor,
        "practice_undo": session.practice_undo,
        "link": hand.kind if hand is not None else "spectator",
        "pace": table.pace,
        "skipping": table.skipping,
        "trouble": table.trouble,
        "state": state.view(me),
        "svg": table.drawing(me),
        "log": [{"kind": e.kind, "text": e.text, "player": e.player} for e in events[-LOG_LIMIT:]],
        "log_total": len(events),
        "actions": None,
        "dice_prompt": None,
        "rules": None,
        "can_undo": can_undo(table, hand),
        "record_allowed": record_allowed(table),
        "result": None,
        # Where the game was forked from, in words (none for a game played from its start).
        "forked": [f.describe() for f in table.session.forks],
    }
    forced = (
        pending == "person" and not game.perfect_information and session.only_choice() is not None
    )
    if forced and yours:
        # The table takes it after the pause a choice would take (tables.py):
        # the others cannot tell it from a pass this seat chose.
        only = session.only_choice()
        assert only is not None
        view["your_turn"] = False
        view["forced"] = state.describe_action(only)
    elif pending == "person" and yours:
        view.update(choices(state))
        view["rules"] = game.rules_help(state)
    elif pending == "dice" and hand is not None and hand.referee:
        view["dice_prompt"] = state.chance_prompt()
        view["dice_outcomes"] = [str(o) for o, _ in state.chance_outcomes()][:64]
        view["rules"] = game.rules_help(state)
    if state.is_over:
        view["result"] = state.result().to_dict()
    return view


def choices(state: State) -> dict[str, Any]:
    """The mover's choices as the page shows them: ``actions``, each with
    its notation, its words and where it is pointed at on the board
    (:meth:`State.pointer`: ``points``, ``last``, ``tag``; ``points`` is
    ``None`` for a button beside the board); ``groups``, the game's menu
    groups as ranges of ``actions``; and ``any_order``, whether the points
    are picked as a set (:meth:`State.points_in_any_order`)."""
    actions: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    for group in state.action_groups(state.legal_actions()):
        groups.append({"title": group.title, "first": len(actions), "count": len(group.actions)})
        for a in group.actions:
            entry: dict[str, Any] = {"notation": str(a), "text": state.describe_action(a)}
            pointer = state.pointer(a)
            entry["points"] = None if pointer is None else list(pointer.points)
            if pointer is not None:
                entry["last"] = pointer.last
                entry["tag"] = pointer.tag
            actions.append(entry)
    return {"actions": actions, "groups": groups, "any_order": state.points_in_any_order()}


def can_undo(table: Table, hand: Hand | None) -> bool:
    """Whether ``hand`` could take something back now, by the session's
    rule: its seats' own decisions since the last roll, draw, card shown or
    other seat's decision; or, at a dice prompt, the referee's last dice."""
    if hand is None:
        return False
    session = table.session
    if session.pending == "dice" and hand.referee and session.manual_dice:
        return isinstance(session.dice_undo_point(), int)
    return bool(hand.seats) and session.can_undo(hand.seats)


def replay_frame(table: Table, state: State, step: int, seat: int | None) -> dict[str, Any]:
    """The game ``state`` after its first ``step`` steps, drawn for ``seat``."""
    session = table.session
    last = session.state.history[step - 1] if step > 0 else None
    events = [e for e in state.log if e.visible_to(seat)]
    return {
        "id": table.id,
        "step": step,
        "steps": session.step,
        "seat": seat,
        "last": None
        if last is None
        else {"by": "chance" if last[0] == CHANCE else last[0], "move": str(last[1])},
        "svg": session.game.render_svg(state, seat),
        "log": [{"kind": e.kind, "text": e.text, "player": e.player} for e in events[-60:]],
        "over": state.is_over,
    }


# -- the catalog -------------------------------------------------------------------------------


def option_schema(options_type: type[Options]) -> list[dict[str, Any]]:
    """Each option of a game: name, type, default, help, and its choices or
    range where the options class declares them (a ``Literal`` gives the
    choices; field metadata ``min``/``max`` a range)."""
    hints = typing.get_type_hints(options_type)
    default = options_type()
    out = []
    for f in dataclasses.fields(options_type):
        if not f.init:
            continue
        hint = hints[f.name]
        kind, choices, optional = _describe_type(hint)
        value = getattr(default, f.name) if f.default is not dataclasses.MISSING else None
        if f.default is None:
            value = None
        out.append(
            {
                "name": f.name,
                "label": options_type.label(f.name),
                # An option naming a file: the lobby sends the file's text instead.
                "file": options_type.FILES.get(f.name),
                "type": kind,
                "optional": optional,
                "default": list(value) if isinstance(value, tuple) else value,
                "choices": choices,
                "min": f.metadata.get("min"),
                "max": f.metadata.get("max"),
                "help": options_type.HELP.get(f.name, ""),
            }
        )
    return out


def _describe_type(hint: object) -> tuple[str, list[Any] | None, bool]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in args if a is not type(None)]
        kind, choices, _ = _describe_type(rest[0])
        return kind, choices, type(None) in args
    if origin is typing.Literal:
        return "choice", list(args), False
    if origin is tuple:
        inner, _, _ = _describe_type(args[0])
        return f"list of {inner}", None, False
    return getattr(hint, "__name__", str(hint)), None, False


def choice_players(game: Game) -> dict[str, dict[str, list[int]]]:
    """For each option whose choices change how many players the game
    takes, the seats of each such choice (D6's ``mode``: solo is for one,
    Alliance for four), so that the lobby fits its seats to the choice.

    >>> from saloon.core import get_game
    >>> choice_players(get_game("shootout"))
    {}
    """
    base = list(game.player_range(game.options(None)))
    out: dict[str, dict[str, list[int]]] = {}
    for o in option_schema(game.options_type):
        for choice in o.get("choices") or ():
            try:
                seats = list(game.player_range(game.options_from_dict({o["name"]: choice})))
            except ValueError:
                continue
            if seats != base:
                out.setdefault(o["name"], {})[str(choice)] = seats
    return out


def catalog_entry(game: Game) -> dict[str, Any]:
    """One game for the lobby: what it is, its options, variants and bots."""
    names = [n for n in agent_names(game) if n not in LOCAL_AGENTS]
    default_bot = next((n for n in ("heuristic", "mcts", "random") if n in names), names[0])
    return {
        "id": game.id,
        "title": game.title,
        "rulebook": game.rulebook,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "perfect_information": game.perfect_information,
        "chance": game.chance,
        "options": option_schema(game.options_type),
        "variants": {name: opts.changed() for name, opts in game.variants().items()},
        # Each variant's title and a line saying what it is, for the lobby.
        "variant_info": {
            name: dict(zip(("title", "about"), game.variant_info(name), strict=True))
            for name in game.variants()
        },
        # The seats each variant takes (a Cowboys scenario fixes its sides).
        "variant_players": {
            name: list(game.player_range(opts)) for name, opts in game.variants().items()
        },
        # The seats an option's choice takes where it changes them (D6's mode).
        "choice_players": choice_players(game),
        # What each seat plays in each variant (a Cowboys scenario's sides).
        "variant_seats": {
            name: game.seat_names(opts, game.player_range(opts)[1])
            for name, opts in game.variants().items()
        },
        # The seats a variant's own rules play (a solitaire scenario's bot).
        "variant_scripted": {
            name: {str(k): spec for k, spec in game.scripted_seats(opts).items()}
            for name, opts in game.variants().items()
        },
        "agents": names,
        "default_agent": default_bot,
        "summary": game.rules_help(None),
    }

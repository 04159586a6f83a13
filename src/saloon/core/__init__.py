"""Saloon's core: the contract every game implements, and what drives it.

The core knows no game. See ``docs/architecture.md`` for the contract in
one page.
"""

from saloon.core.action import Action, Event, Outcome
from saloon.core.agent import Agent
from saloon.core.dice import DiceSource, ManualDice, RandomDice, ScriptedDice
from saloon.core.driver import RoundRobin, play, round_robin
from saloon.core.errors import (
    ContentError,
    DiceExhausted,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    SaloonError,
    UnknownName,
)
from saloon.core.game import Game, GameInfo
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.registry import all_games, get_game, register
from saloon.core.state import CHANCE, ActionGroup, Pointer, Result, State

__all__ = [
    "CHANCE",
    "Action",
    "ActionGroup",
    "Agent",
    "ContentError",
    "DiceExhausted",
    "DiceSource",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalAction",
    "ManualDice",
    "NotationError",
    "OptionError",
    "Options",
    "Outcome",
    "Pointer",
    "RandomDice",
    "RecordError",
    "Result",
    "RoundRobin",
    "SaloonError",
    "ScriptedDice",
    "State",
    "UnknownName",
    "all_games",
    "get_game",
    "play",
    "register",
    "round_robin",
]

"""The game's rules: pure, typed, no I/O, no clock reads, no `random`.

`decide(state, command, now)` turns a command into events or a refusal; `evolve(state, event)`
applies one event; `project(events)` rebuilds a game from its log; `view(state, player)` is
what a player may know.
"""

from lgmail.rules.commands import CreateGame, EndStep, GiveOrder, Seat, StartGame, Tick
from lgmail.rules.decide import Decision, decide
from lgmail.rules.evolve import evolve, project
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.state import GameState

__all__ = [
    "Cause",
    "CreateGame",
    "Decision",
    "EndStep",
    "GameState",
    "GiveOrder",
    "Kind",
    "Order",
    "Refusal",
    "Seat",
    "StartGame",
    "Tick",
    "decide",
    "evolve",
    "project",
]

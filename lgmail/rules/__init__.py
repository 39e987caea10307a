"""The game's rules: pure, typed, no I/O, no clock reads, no `random`.

`decide.decide(state, command, now)` turns a command into events or a refusal;
`evolve.evolve(state, event)` applies one event; `evolve.project(events)` rebuilds a game from
its log; `view.view(state, player)` is what a player may know.

This package imports nothing itself: a rule set is loaded when a game names it
(`lgmail.rules.variants`), so that a command reading one game loads that game's rules only.
"""

"""Les Nombres (seed 002_9504e6e276dc5f60.txt): the classic roles on a forum's fixed clock,
with violet marks, the Nombre Fétiche's 1.5 vote and testament, the pack's PAD, absences and
substitutes, the lottery and its murmurs.

The rule set itself is `lgmail.rules.nombres.game.NOMBRES`; this package's modules stay
importable from the kernel's fold (`fold`) without importing the rule set.
"""

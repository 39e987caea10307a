"""Thiercelieux: the role catalogue of seed 004 (004_c21bac90ae6ca834.txt) on the classic game.

The rule set itself is `lgmail.rules.thiercelieux.game.THIERCELIEUX`; this package's modules
stay importable from the kernel's fold (`fold`) without importing the rule set.
"""

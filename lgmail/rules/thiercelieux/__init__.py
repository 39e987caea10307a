"""Thiercelieux: the role catalogue of seed 004 (004_c21bac90ae6ca834.txt), 003's roles among
them (`roles`), and the base game they run (`base`: seed 003, completed by 004).

The rule set itself is `lgmail.rules.thiercelieux.game.THIERCELIEUX`; this package's modules
stay importable from the kernel's fold (`fold`) without importing the rule set.
"""

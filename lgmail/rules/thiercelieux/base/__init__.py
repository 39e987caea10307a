"""The base game: classic Thiercelieux, seed 003 (003_66380dcf6dccf10a.txt), completed by 004
where 003 is silent. Its engine (`game.BaseGame`) with its steps, deaths, channels, outcome and
default deal runs the rule sets built on it: `lgmail.rules.classic` deals 003's roles with it,
`lgmail.rules.thiercelieux.game` 004's."""

"""Rule set `cinquieme-element`: « LG LE CINQUIÈME ÉLÉMENT », the second game of seed 000
(`000_34f6f2cfe008970d.txt`). Hearts instead of lives, five elements, two powers chosen by each
player, wolves who attack one by one. `game.CINQUIEME` is the rule set; each power has its module
in `powers`.
"""

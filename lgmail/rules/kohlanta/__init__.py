"""Rule set `kohlanta`: « LG KOH-LANTA », the first game of seed 000
(`000_34f6f2cfe008970d.txt`). Two camps (bisounours, stratèges), two roles (Sportif,
Survivaliste), two tribes that merge into one, daily challenges, hidden immunity necklaces,
alliances of two, a final jury. `game.KOHLANTA` is the rule set; each mechanism has its module.
"""

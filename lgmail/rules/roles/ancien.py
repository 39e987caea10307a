"""Ancien (003): survives the first wolf attack; when he dies the Salvateur, the Voyante, the
Sorcière and the Chasseur lose their powers.

004 where 003 is silent: a Salvateur's protection spares the bonus life; the Sorcière's life
potion saves him but the bonus life is spent all the same; he is never told he lost it.
"""

from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import Player

ROLE = RoleSpec(
    slug="ancien",
    camp="village",
    names={"fr": "Ancien", "en": "Elder"},
    help={
        "fr": "Vous survivez à la première attaque des loups. Votre mort coûte au village "
        "ses pouvoirs.",
        "en": "You survive the wolves' first attack. Your death costs the village its powers.",
    },
)

BONUS = "bonus_life"

#: 003: "le salvateur, la voyante, la sorcière et le chasseur perdent leur pouvoir spécial"
POWERS_LOST_AT_DEATH = ("salvateur", "voyante", "sorciere", "chasseur")


def has_bonus_life(player: Player) -> bool:
    return player.role == ROLE.slug and BONUS not in player.spent

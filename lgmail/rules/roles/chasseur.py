"""Chasseur (003): killed by the wolves or at the stake, he shoots any other player at once.

The shot is a reaction at death: a standing order ("tirer NOM" while alive, changeable) is
used at once; otherwise the game waits for his order within the reaction delay (004 suggests
1 hour), and no order in time means no shot. He loses the power when the Ancien dies (003).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="chasseur",
    camp="village",
    names={"fr": "Chasseur", "en": "Hunter"},
    orders=frozenset({Kind.TIRER}),
    village_power=True,
    help={
        "fr": "À votre mort par les loups ou au bûcher : « tirer NOM ». Vous pouvez l'envoyer "
        "d'avance, et le changer.",
        "en": 'When killed by the wolves or at the stake: "tirer NAME" (shoot). You may send '
        "it in advance, and change it.",
    },
)

#: 003: "s'il se fait égorger par les loups-garous ou lyncher par les joueurs"
SHOOTS_WHEN_KILLED_BY = frozenset({"wolves", "stake"})

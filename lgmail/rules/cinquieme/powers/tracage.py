"""Traçage (PRO-LOUP, TERRE): « En fin de nuit, le MJ vous indique, sans indiquer qui a fait quoi,
les noms de tous les joueurs qui vous ont ciblés durant cette nuit avec Observation, Justice ou
Régénération, ainsi que des joueurs qui ont utilisé Oeil-de-Lynx durant la nuit en cours
(seulement si vous étiez au maximum de cœurs au moment de l'utilisation), et Immunité diplomatique
si le joueur a voté contre vous durant la précédente journée. » The names sorted, each once
(« vous n'avez que les noms mélangés »)."""

from __future__ import annotations

from lgmail.rules.cinquieme import activations
from lgmail.rules.cinquieme.cards import TERRE
from lgmail.rules.cinquieme.power import NOTHING, PRO_LOUP, PROBES, Power, power, resolves
from lgmail.rules.cinquieme.powers import oeil_de_lynx
from lgmail.rules.cinquieme.powers._notices import PowerAnswered
from lgmail.rules.tx import Tx

SLUG = "tracage"
#: `GameState.extra` key: the votes of the last day
LAST_VOTES = "votes-du-jour"

POWER = power(
    Power(
        SLUG,
        {"fr": "Traçage", "en": "Tracking"},
        TERRE,
        PRO_LOUP,
        NOTHING,
        {
            "fr": "Traçage (TERRE) : « traçage » ; en fin de nuit, les noms mélangés de ceux qui "
            "vous ont ciblé (Observation, Justice, Régénération), qui ont utilisé Oeil-de-Lynx "
            "quand vous étiez au maximum, et Immunité diplomatique après avoir voté contre vous.",
            "en": 'Tracking (EARTH): "tracage"; at the night\'s end, the mixed names of those who '
            "targeted you (Observation, Justice, Regeneration), used Lynx-Eye while you were at "
            "the maximum, and Diplomatic immunity after voting against you.",
        },
        ("tracer", "tracking"),
    )
)


@resolves(PROBES, SLUG)
def _resolve(tx: Tx, owner: str, got: list[str]) -> None:
    s = tx.state
    names: set[str] = set()
    for who, act in activations.tonight(s).items():
        if who == owner:
            continue
        aimed = act[0] in ("observation", "justice", "regeneration") and act[1] == owner
        looked = act[0] == "oeil-de-lynx" and owner in oeil_de_lynx.at_max_when_used(s, who)
        voted = s.extra.get(LAST_VOTES, {}).get(who) == owner
        if aimed or looked or (act[0] == "immunite-diplomatique" and voted):
            names.add(who)
    tx.emit(PowerAnswered(owner, SLUG, {"names": sorted(names)}))

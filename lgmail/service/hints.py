"""What a player may do now, for answers and help (from the game's state, their own view)."""

from __future__ import annotations

from lgmail.rules.decide import pending_actors
from lgmail.rules.orders import Kind
from lgmail.rules.roles import ROLES
from lgmail.rules.state import GameState

ORDER_HINT = {
    "fr": {
        Kind.VOTE: "vote NOM (ou vote blanc)",
        Kind.TUER: "tuer NOM",
        Kind.SONDER: "sonder NOM",
        Kind.PROTEGER: "proteger NOM",
        Kind.SAUVER: "sauver",
        Kind.EMPOISONNER: "empoisonner NOM",
        Kind.UNIR: "unir NOM et NOM",
        Kind.TIRER: "tirer NOM",
        Kind.SUCCESSEUR: "successeur NOM",
        Kind.RIEN: "rien",
    },
    "en": {
        Kind.VOTE: "vote NAME (or vote blanc)",
        Kind.TUER: "tuer NAME (kill)",
        Kind.SONDER: "sonder NAME (probe)",
        Kind.PROTEGER: "proteger NAME (protect)",
        Kind.SAUVER: "sauver (save)",
        Kind.EMPOISONNER: "empoisonner NAME (poison)",
        Kind.UNIR: "unir NAME et NAME (unite)",
        Kind.TIRER: "tirer NAME (shoot)",
        Kind.SUCCESSEUR: "successeur NAME (successor)",
        Kind.RIEN: "rien (nothing)",
    },
}


def can_do(state: GameState, name: str) -> list[str]:
    player = state.players[name]
    hints = ORDER_HINT.get(player.lang, ORDER_HINT["fr"])
    kinds: list[Kind] = []
    for reaction in state.reactions:
        if reaction.player == name:
            kinds.append(Kind.TIRER if reaction.kind == "tirer" else Kind.SUCCESSEUR)
    if player.alive:
        for step, who in pending_actors(state).items():
            if name not in who:
                continue
            if step in ("election", "vote"):
                kinds.append(Kind.VOTE)
            else:
                kinds += sorted(k for k in ROLES[player.role].orders if k is not Kind.TIRER)
    return [hints[k] for k in dict.fromkeys(kinds)]


def help_text(state: GameState, name: str) -> str:
    player = state.players[name]
    spec = ROLES[player.role]
    general = {
        "fr": "Ordres : vote NOM, vote blanc, rien, aide. Un ordre par ligne ; un nouvel ordre "
        "remplace le précédent du même genre.",
        "en": "Orders: vote NAME, vote blanc (blank), rien (nothing), aide (help). One order a "
        "line; a new order replaces the previous one of the same kind.",
    }
    lang = player.lang if player.lang in general else "fr"
    return f"{spec.help.get(lang, '')}\n{general[lang]}"

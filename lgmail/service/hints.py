"""What a player may do now, for answers and help (from the game's state, their own view)."""

from __future__ import annotations

from lgmail.rules.decide import pending_actors
from lgmail.rules.orders import Kind
from lgmail.rules.roles import ROLES
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of

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
        Kind.TRANCHER: "trancher NOM",
        Kind.ELIMINER: "eliminer NOM",
        Kind.INFECTER: "infecter",
        Kind.MARQUER: "marquer NOM",
        Kind.FLAIRER: "flairer NOM",
        Kind.MODELE: "modele NOM",
        Kind.VOTANTS: "votants NOM, NOM, ...",
        Kind.FAVORISER: "favoriser NOM",
        Kind.ENDORMIR: "endormir",
        Kind.CHARMER: "charmer NOM et NOM",
        Kind.CLIENTS: "clients NOM et NOM",
        Kind.LISTE: "liste A (ou B)",
        Kind.DEPLACER: "deplacer NOM liste A (ou B)",
        Kind.VOLER: "voler RÔLE (l'une de vos deux cartes) ou rester voleur",
        Kind.RECRUTER: "recruter NOM",
        Kind.ESPIONNER: "espionner CASE (de A1 à G7)",
        Kind.LETTRE: "lettre TEXTE (jusqu'à la fin du mail)",
        Kind.SENTENCE: "sentence NOM",
        Kind.JEUX: "jeux NOM (Jeux de pouvoir)",
        Kind.ASSOMMER: "assommer NOM",
        Kind.REDIRIGER: "rediriger NOM vers NOM",
        Kind.TELEPATHIE: "telepathie NOM : message",
        Kind.ALLUMER: "allumer NOM",
        Kind.SUPPRIMER: "supprimer NOM",
        Kind.ALLIE: "allie NOM (un mort)",
        Kind.VOIX: "voix NOM (l'Allié du Fantôme, selon vous)",
        Kind.MANIPULER: "manipuler NOM",
        Kind.DETOURNER: "detourner NOM",
        Kind.DEVENIR: "devenir RÔLE (l'un de vos rôles restants)",
        Kind.GARDE: "garde NOM",
        Kind.EVENEMENT: "evenement 1 (ou 2)",
        Kind.CARTE: "tirer une carte",
        Kind.MESSAGE: "message TEXTE (20 mots, aucun nom de joueur)",
        Kind.PRENDRE: "prendre NOM (un joueur qui meurt à l'aube)",
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
        Kind.TRANCHER: "trancher NAME (break the tie)",
        Kind.ELIMINER: "eliminer NAME (eliminate)",
        Kind.INFECTER: "infecter (infect the pack's victim)",
        Kind.MARQUER: "marquer NAME (mark)",
        Kind.FLAIRER: "flairer NAME (sniff)",
        Kind.MODELE: "modele NAME (model)",
        Kind.VOTANTS: "votants NAME, NAME, ... (voters)",
        Kind.FAVORISER: "favoriser NAME (favour)",
        Kind.ENDORMIR: "endormir (sleep: no next night)",
        Kind.CHARMER: "charmer NAME et NAME (charm)",
        Kind.CLIENTS: "clients NAME et NAME (your two clients)",
        Kind.LISTE: "liste A (or B: your list)",
        Kind.DEPLACER: "deplacer NAME liste A (or B: move to the other group)",
        Kind.VOLER: "voler ROLE (take one of your two cards) or rester voleur (stay Thief)",
        Kind.RECRUTER: "recruter NAME (recruit an acolyte)",
        Kind.ESPIONNER: "espionner SQUARE (spy: A1 to G7)",
        Kind.LETTRE: "lettre TEXT (letter, to the end of the mail)",
        Kind.SENTENCE: "sentence NAME (their powers taken tonight and at the next stake)",
        Kind.JEUX: "jeux NAME (power play: learn their power)",
        Kind.ASSOMMER: "assommer NAME (knock out)",
        Kind.REDIRIGER: "rediriger NAME vers NAME (redirect to)",
        Kind.TELEPATHIE: "telepathie NAME : message (telepathy)",
        Kind.ALLUMER: "allumer NAME (burn their house, once)",
        Kind.SUPPRIMER: "supprimer NAME (remove their power)",
        Kind.ALLIE: "allie NAME (a dead player becomes your Ally)",
        Kind.VOIX: "voix NAME (the Ghost's Ally, you think)",
        Kind.MANIPULER: "manipuler NAME (visit)",
        Kind.DETOURNER: "detourner NAME (new recipient)",
        Kind.DEVENIR: "devenir ROLE (become one of your roles left)",
        Kind.GARDE: "garde NAME (name the Village Warden)",
        Kind.EVENEMENT: "evenement 1 (or 2: the day's event)",
        Kind.CARTE: "tirer une carte (draw an event card)",
        Kind.MESSAGE: "message TEXT (to the pack: 20 words, no player's name)",
        Kind.PRENDRE: "prendre NAME (take the role of a player dying at dawn)",
    },
}


def can_do(state: GameState, name: str) -> list[str]:
    player = state.players[name]
    hints = ORDER_HINT.get(player.lang, ORDER_HINT["fr"])
    kinds: list[Kind] = []
    for reaction in state.reactions:
        if reaction.player == name:
            kinds += [k for k in Kind if k.value == reaction.kind]
    variant = variant_of(state)
    if player.alive:
        for step, who in pending_actors(state).items():
            if name in who:
                kinds += variant.orders(state, player, step)
    elif state.status == "running":
        kinds += sorted(variant.afterlife(state, player))
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
    extra = RULE_SET_HELP.get(state.variant, {}).get(lang, "")
    return f"{spec.help.get(lang, '')}\n{general[lang]}" + (f"\n{extra}" if extra else "")


#: the orders a rule set adds for everyone (002: Les Nombres)
RULE_SET_HELP = {
    "nombres": {
        "fr": "Les Nombres : nombres N ... N (20 nombres de 1 à 200, jour d'élection), "
        "murmure TEXTE (la nuit, si vous avez un mur-mur), excuse N (absence excusée au jour "
        "N), testament NOM, NOM... (Nombre Fétiche), partager NOM et NOM (gros lot) ; "
        "loups : pad NOM RÔLE, retirer pad.",
        "en": "Les Nombres: nombres N ... N (20 numbers 1-200, election day), murmure TEXT "
        "(at night, if you hold a murmur), excuse N (absence excused on day N), testament "
        "NAME, NAME... (Nombre Fétiche), partager NAME et NAME (jackpot); wolves: pad NAME "
        "ROLE, retirer pad (withdraw).",
    }
}

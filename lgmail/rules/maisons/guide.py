"""What `aide` tells a player of 001 (`Maisons.help`), and the win conditions his role mail
states: all from 001 and his own nature and roles, never the classic game's help.

- his nature and its main condition as 001 writes it (« Conditions de victoire »: the Faux Cul
  and Celui-qui-a-décidé-de-faire-chier-son-camp count in them), and which of his roles replace
  it or add to it;
- each of his five roles with what it does (cancelled ones said so), his house;
- 001's rules of the mails: the one-mail night (« un seul MP, regroupant toutes ses actions »),
  one direct action a night, the role named when two give the same order, the pack's order
  (« le premier MP envoyé sera pris en compte seulement »), the vote, the mayor's tie-break,
  MPs only by a role's right (« Envoi de MP »);
- what he may send now: the orders of his step, each as his role writes it and headed by it,
  the pack's order while none is in, the mayor's or the dead mayor's answer, his MP rights.

Pure: read from the state, written in French or English.
"""

from __future__ import annotations

from lgmail.rules.maisons import acting, ballot
from lgmail.rules.maisons.events import pack_order
from lgmail.rules.maisons.mp import RIGHTS
from lgmail.rules.maisons.outcome import PRECEDENCE, SUPPLEMENTARY
from lgmail.rules.maisons.role import CATALOGUE, pending, suppressed, usable
from lgmail.rules.maisons.roles import baron
from lgmail.rules.maisons.steps import ACTIONS, CHOIX
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.base.steps import VOTE
from lgmail.rules.variants import variant_of

WOLF = "loup-garou"

#: 001, « Conditions de victoire », for each nature (the main conditions, as written)
WINS = {
    "villageois": {
        "fr": "Les Villageois gagnent quand il ne reste aucun Loup Garou ni aucun Villageois "
        "Celui-qui-a-décidé-de-faire-chier-son-camp.",
        "en": "The Villagers win when no Werewolf is left, nor any Villager "
        "The-one-who-decided-to-annoy-his-side.",
    },
    WOLF: {
        "fr": "Les Loups Garous gagnent quand tous les joueurs sont soit Loup Garou non "
        "Celui-qui-a-décidé-de-faire-chier-son-camp, soit Faux Cul, soit Villageois "
        "Celui-qui-a-décidé-de-faire-chier-son-camp.",
        "en": "The Werewolves win when every player is a Werewolf who is not "
        "The-one-who-decided-to-annoy-his-side, a Two-faced, or a Villager "
        "The-one-who-decided-to-annoy-his-side.",
    },
}

#: 001: when the game stops and who wins
STOPS = {
    "fr": "La partie s'arrête dès qu'une de ces conditions principales est remplie ; gagne "
    "alors quiconque a rempli toutes ses conditions (celle de sa nature, ou celle d'un rôle "
    "qui la remplace, et celles que ses rôles ajoutent).",
    "en": "The game stops as soon as one of these main conditions holds; then everyone who "
    "met all his conditions wins (his nature's, or a role's that replaces it, and those his "
    "roles add).",
}

NATURE_NAMES = {
    "villageois": {"fr": "Villageois", "en": "Villager"},
    WOLF: {"fr": "Loup Garou", "en": "Werewolf"},
}

#: the pack's order (001, « Gestion de la nuit »)
PACK = {
    "fr": "Chaque nuit, la meute envoie un seul ordre : « tuer NOM : LOUP ==> LOUP » (la "
    "victime, qui n'est pas un Loup Garou, puis les loups dans l'ordre où ils sortent ; "
    "« tuer NOM » seul : vous sortez). Le premier loup de la liste qui peut faire une action "
    "directe sort (le meurtre est son action directe de la nuit). Seul le premier ordre de la "
    "nuit compte : « le premier MP envoyé sera pris en compte seulement ».",
    "en": 'Each night the pack sends one order: "tuer NAME : WOLF ==> WOLF" (kill: the '
    'victim, not a Werewolf, then the wolves in the order they go out; "tuer NAME" alone: '
    "you go). The first wolf on the list who may make a direct action goes (the murder is his "
    "direct action of the night). Only the night's first order counts.",
}

RULES = {
    "fr": (
        "La nuit : toutes vos actions dans un seul message au MJ, une par ligne ; un nouveau "
        "message de la même nuit remplace le précédent. Une seule action directe par nuit "
        "(celle qui vous fait entrer dans « la maison de NOM »). Quand deux de vos rôles "
        "donnent le même ordre, nommez le rôle en tête de ligne (« voyante : sonder NOM »).",
        "Le jour : « vote NOM » ou « vote blanc » par message privé au MJ, modifiable "
        "jusqu'à la clôture ; le jour 0 élit le maire, qui tranche les égalités au bûcher.",
        "Messages privés : les joueurs ne s'écrivent que par un rôle qui le permet, "
        "toujours par le MJ : « écrire à NOM », puis le message (jusqu'à la fin du mail) ; "
        "« RÔLE : à NOM » quand plusieurs de vos droits peuvent le porter.",
        "Toujours : « rien », « fini », « aide », « digest oui », « digest 6h », « digest non ».",
    ),
    "en": (
        "At night: all your actions in one mail to the MJ, one a line; a new mail the same "
        "night replaces the earlier one. One direct action a night (the one that takes you "
        'into "la maison de NAME"). When two of your roles give the same order, name the role '
        'at the head of the line ("voyante : sonder NAME").',
        'By day: "vote NAME" or "vote blanc" (blank) by private mail to the MJ, changeable '
        "until the close; day 0 elects the mayor, who breaks ties at the stake.",
        "Private messages: players write to each other only by a role that allows it, "
        'always through the MJ: "écrire à NAME" (write), then the message (to the end of the '
        'mail); "ROLE : à NAME" when several of your rights could carry it.',
        'Always: "rien" (nothing), "fini" (done), "aide" (help), "digest oui", "digest 6h", '
        '"digest non".',
    ),
}

WORDS = {
    "fr": {
        "nature": "Votre nature : {nature}.",
        "replaced": "Votre rôle {role} remplace cette condition par la sienne (condition "
        "remplaçante ; ordre de 001 : Faux Cul, Suiveur, "
        "Celui-qui-a-décidé-de-faire-chier-son-camp, la dernière compte).",
        "added": "Vos rôles ajoutent une condition (supplémentaire) : {roles}.",
        "roles": "Vos cinq rôles :",
        "off": " (annulé pour l'instant : il ne vous sert pas)",
        "house": "Vous habitez la maison de {house}.",
        "now": "Maintenant, vous pouvez envoyer : {orders}.",
        "nothing": "Maintenant, vous n'avez rien à envoyer au MJ.",
        "dead": "Vous êtes mort·e : vous n'envoyez plus rien, sauf ce qu'un rôle permet aux morts.",
    },
    "en": {
        "nature": "Your nature: {nature}.",
        "replaced": "Your role {role} replaces this condition with its own (a replacing "
        "condition; 001's order: Two-faced, Follower, The-one-who-decided-to-annoy-his-side, "
        "the last counts).",
        "added": "Your roles add a (supplementary) condition: {roles}.",
        "roles": "Your five roles:",
        "off": " (cancelled for now: of no use to you)",
        "house": "You live in {house}'s house.",
        "now": "Now you may send: {orders}.",
        "nothing": "Now you have nothing to send to the MJ.",
        "dead": "You are dead: you send nothing more, but what a role lets the dead send.",
    },
}

#: the orders no role's action gives, with what the answer adds: (order, note)
ORDERS = {
    "fr": {
        "tie": ("trancher NOM", "un des joueurs à égalité : {names}"),
        "heir": ("successeur NOM", "un des Barons en vie : {names}"),
        "heir_any": ("successeur NOM", ""),
        "mp": ("écrire à NOM", "droit : {names}"),
        "pack": ("tuer NOM : LOUP ==> LOUP", ""),
        "vote": ("vote NOM", "ou vote blanc"),
    },
    "en": {
        "tie": ("trancher NAME", "tiebreak: one of the tied, {names}"),
        "heir": ("successeur NAME", "successor: one of the living Barons, {names}"),
        "heir_any": ("successeur NAME", "successor"),
        "mp": ("écrire à NAME", "write; right: {names}"),
        "pack": ("tuer NAME : WOLF ==> WOLF", "kill"),
        "vote": ("vote NAME", "or vote blanc: blank"),
    },
}


def _lang(lang: str) -> str:
    return lang if lang in WORDS else "fr"


def win_conditions(s: GameState, player: Player, lang: str) -> str:
    """His nature's main condition as 001 writes it, and what his roles make of it."""
    lang = _lang(lang)
    words = WORDS[lang]
    nature = player.nature if player.nature in WINS else "villageois"
    lines = [WINS[nature][lang], STOPS[lang]]
    mine = [slug for slug in usable(s, player) if slug in CATALOGUE]
    replacing = [slug for slug in PRECEDENCE if slug in mine]
    if replacing:
        lines.append(words["replaced"].format(role=CATALOGUE[replacing[-1]].name(lang)))
    # « Condition de victoire supplémentaire »: as the roles register them (`outcome`)
    more = {c.slug for c in SUPPLEMENTARY}
    added = [CATALOGUE[slug].name(lang) for slug in mine if slug in more]
    if added:
        lines.append(words["added"].format(roles=", ".join(added)))
    return " ".join(lines)


def help_text(s: GameState, player: Player, lang: str) -> str:
    """What `aide` tells `player` (`Maisons.help`)."""
    lang = _lang(lang)
    words = WORDS[lang]
    nature = NATURE_NAMES.get(player.nature, NATURE_NAMES["villageois"])[lang]
    parts = [words["nature"].format(nature=nature) + " " + win_conditions(s, player, lang)]
    off = suppressed(s, player)
    roles = [words["roles"]]
    for slug in player.powers:
        spec = CATALOGUE.get(slug)
        if spec is None:
            continue
        roles.append(f"- {spec.name(lang)} : {spec.help.get(lang, spec.help['fr'])}")
        if slug in off:
            roles[-1] += words["off"]
    roles.append(words["house"].format(house=player.house or player.name))
    parts.append("\n".join(roles))
    if player.nature == WOLF:
        parts.append(PACK[lang])
    parts.append("\n".join(RULES[lang]))
    parts.append(send_now(s, player, lang))
    return "\n\n".join(parts)


def send_now(s: GameState, player: Player, lang: str) -> str:
    """What `player` may send now, each order as his role writes it."""
    lang = _lang(lang)
    words = WORDS[lang]
    orders = sendable(s, player, lang)
    if not orders:
        return words["nothing"] if player.alive else words["dead"]
    quote = "« {} »" if lang == "fr" else '"{}"'
    shown = [quote.format(o) + (f" ({note})" if note else "") for o, note in orders]
    return words["now"].format(orders=", ".join(shown))


def _said(lang: str, key: str, **names: list[str]) -> tuple[str, str]:
    order, note = ORDERS[lang][key]
    return order, note.format(**{k: ", ".join(v) for k, v in names.items()})


def sendable(s: GameState, player: Player, lang: str) -> list[tuple[str, str]]:
    """The orders `player` may send now (`now`): (order, note)."""
    lang = _lang(lang)
    rules = variant_of(s)
    out: list[tuple[str, str]] = []
    for reaction in s.reactions:
        if reaction.player != player.name:
            continue
        if reaction.kind == "trancher":
            out.append(_said(lang, "tie", names=list(s.extra.get(ballot.TIED, []))))
        elif reaction.kind == "successeur":
            heirs = baron.barons(s)
            out.append(_said(lang, "heir", names=heirs) if heirs else _said(lang, "heir_any"))
    step = s.step.name if s.step is not None and s.status == "running" else None
    if player.alive and step is not None and not s.resolved:
        if step == CHOIX:
            out += [(c.verb.hint.get(lang, c.verb.hint["fr"]), "") for c in pending(s, player)]
            # votes and night actions are taken during it as in the step that follows
            step = ACTIONS if s.phase == "night" else VOTE
        if player.name in rules.actors(s, step):
            out += _actions(s, player, rules.orders(s, player, step), lang)
        if player.nature == WOLF and step == ACTIONS:
            pack = pack_order(s)
            if pack is None:
                out.append(_said(lang, "pack"))
    elif not player.alive and s.status == "running":
        out += _actions(s, player, sorted(rules.afterlife(s, player)), lang)
    rights = [
        CATALOGUE[r.slug].name(lang)
        for r in RIGHTS.values()
        if r.slug in CATALOGUE and (r.anytime or s.phase == "day") and r.holds(s, player)
    ]
    if rights and s.status == "running":
        out.append(_said(lang, "mp", names=rights))
    return list(dict.fromkeys(out))


def written(s: GameState, player: Player, kind: Kind, lang: str) -> str | None:
    """How `player`'s roles write `kind`, where one of them writes it its own way."""
    for slug in usable(s, player):
        spec = CATALOGUE.get(slug)
        for action in spec.actions if spec is not None else ():
            if action.kind is kind and action.written:
                return action.hint(lang)
    return None


def _actions(s: GameState, player: Player, kinds: list[Kind], lang: str) -> list[tuple[str, str]]:
    """`kinds` as `player`'s roles write them now, each headed by its role (the vote first)."""
    out = [_said(lang, "vote")] if Kind.VOTE in kinds else []
    for slug in usable(s, player):
        spec = CATALOGUE.get(slug)
        if spec is None:
            continue
        for action in spec.actions:
            if action.kind in kinds and acting.may(s, player, spec, action):
                out.append((f"{spec.name(lang).lower()} : {action.hint(lang)}", ""))
    return out

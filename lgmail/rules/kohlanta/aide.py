"""What `aide` tells a player of 000 (« LG KOH-LANTA »): his cards (camp, role, tribe), then
the orders he may send now, each as his situation makes it (a chief offered a comfort, a
stratège's secret vote at night, the orientation's two votes, a juror's final vote), then what
is always there. The kernel's help (« vote NOM, vote blanc, rien, aide ») is not 000's game.

A juror is told nothing of the game (« on ne doit donc rien lui révéler de la partie »): his
help names only his own cards and, at the final vote, the two finalists the jury's call gave
him."""

from __future__ import annotations

from collections.abc import Sequence

from lgmail.rules.kohlanta import alliance, challenge, chiefs, comforts, council, jury, necklace
from lgmail.rules.kohlanta.cards import (
    BISOUNOURS_SPEC,
    ROLE_HELP,
    STRATEGE,
    STRATEGE_SPEC,
    camp,
    chief,
    final,
    is_juror,
    merged,
    role_of,
    tribe_of,
)
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.roles import voyante

#: each sentence by language, French first
T: dict[str, dict[str, str]] = {
    "tribe": {"fr": "Votre tribu : {tribe}.", "en": "Your tribe: {tribe}."},
    "tribe_chief": {
        "fr": "Votre tribu : {tribe} ; vous en êtes le chef.",
        "en": "Your tribe: {tribe}; you are its chief.",
    },
    "tribe_led": {
        "fr": "Votre tribu : {tribe} (chef : {chief}).",
        "en": "Your tribe: {tribe} (chief: {chief}).",
    },
    "out": {
        "fr": "Vous êtes éliminé·e : vous ne jouez plus, vous suivez la partie.",
        "en": "You are eliminated: you play no more, you follow the game.",
    },
    "juror": {
        "fr": "Vous êtes membre du jury : vous ne recevez rien de la partie jusqu'au vote "
        "final, où le MJ vous écrit les noms des deux finalistes.",
        "en": "You are on the jury: you get nothing of the game until the final vote, where "
        "the MJ writes you the two finalists' names.",
    },
    "now": {"fr": "Ce que vous pouvez envoyer maintenant :", "en": "What you may send now:"},
    "nothing": {
        "fr": "Vous n'avez rien à envoyer maintenant.",
        "en": "You have nothing to send now.",
    },
    "always": {
        "fr": "Un ordre par ligne ; un nouvel ordre remplace le précédent du même genre. "
        "« rien » retire vos ordres de la phase ; « aide » : cette aide.",
        "en": 'One order a line; a new order replaces the previous one of the same kind. "rien" '
        '(nothing) withdraws your orders of the phase; "aide": this help.',
    },
    "night": {
        "fr": "La nuit, « fini » dit que vous avez terminé (vos ordres restent) ; personne "
        "n'écrit sur la place.",
        "en": 'At night, "fini" says you are done (your orders stand); nobody writes on the '
        "square.",
    },
    "digest": {
        "fr": "« digest oui » réunit les messages de la place en un seul à la fin de chaque "
        "phase (« digest non » : un par un).",
        "en": '"digest oui" gathers the square\'s messages into one mail at the end of each '
        'phase ("digest non": one by one).',
    },
    # --- the orders --------------------------------------------------------------------------
    "election": {
        "fr": "- « vote NOM » : élisez le chef de votre tribu, un membre de la tribu {tribe}.",
        "en": '- "vote NAME": elect your tribe\'s chief, a member of tribe {tribe}.',
    },
    "secret": {
        "fr": "- « vote NOM » : votre vote secret, compté au prochain vote (contre votre "
        "allié·e, il compte contre vous).",
        "en": '- "vote NAME": your secret vote, counted at the next vote (against your ally, '
        "it counts against you).",
    },
    "orientation": {
        "fr": "- « vote NOM et NOM » : le vote d'orientation, deux joueurs différents ; les "
        "deux premiers sont éliminés.",
        "en": '- "vote NAME and NAME": the orientation vote, two different players; the first '
        "two are eliminated.",
    },
    "vote": {
        "fr": "- « vote NOM » (ou « vote blanc ») : le vote du jour{later}, pour éliminer un "
        "joueur ; un vote contre votre allié·e compte contre vous.",
        "en": '- "vote NAME" (or "vote blanc"): the day\'s vote{later}, to eliminate a player; '
        "a vote against your ally counts against you.",
    },
    "later": {
        "fr": " (après l'épreuve ; si votre tribu la gagne, elle ne vote pas)",
        "en": " (after the challenge; if your tribe wins it, it does not vote)",
    },
    "later_merged": {"fr": " (après l'épreuve)", "en": " (after the challenge)"},
    "jury": {
        "fr": "- « vote NOM » : votre voix au vote final, pour {finalists}.",
        "en": '- "vote NAME": your voice at the final vote, for {finalists}.',
    },
    "alliance_strategist": {
        "fr": "- « alliance NOM » : vous allier avec un autre stratège qui n'est pas en "
        "alliance (chacun nomme l'autre, à la place du vote secret).",
        "en": '- "alliance NAME": ally with another strategist not in an alliance (each names '
        "the other, instead of the secret vote).",
    },
    "alliance": {
        "fr": "- « alliance NOM » : un joueur {where} ; alliés s'il vous nomme aussi, ou si "
        "c'est un stratège dont le vote secret est sur vous.",
        "en": '- "alliance NAME": a player {where}; allies if he names you too, or is a '
        "strategist whose secret vote is on you.",
    },
    "where_tribe": {"fr": "de votre tribu", "en": "of your tribe"},
    "where_all": {"fr": "de votre choix", "en": "of your choice"},
    "collier": {
        "fr": "- « collier 4 » : un chiffre de 1 à 6 ; le bon « nombre collier » peut vous "
        "faire trouver un collier d'immunité.",
        "en": '- "collier 4": a number from 1 to 6; the right necklace number may find you an '
        "immunity necklace.",
    },
    "immunite": {
        "fr": "- « utiliser collier » (ou « garder collier ») : jouer votre collier "
        "d'immunité, qui vous protège au prochain vote.",
        "en": '- "utiliser collier" (or "garder collier"): play your immunity necklace, which '
        "protects you at the next vote.",
    },
    "sonder": {
        "fr": "- « sonder NOM » : le Feu ; savoir si un membre de votre tribu est en alliance "
        "(sinon, ses tentatives d'alliance, ou les votes secrets d'un stratège).",
        "en": '- "sonder NAME": the Fire; learn whether a member of your tribe is in an alliance '
        "(if not, his alliance attempts, or a strategist's secret votes).",
    },
    "ambassadeur": {
        "fr": "- « ambassadeur NOM » : le chef de la tribu réunifiée ; si l'autre chef nomme "
        "un autre joueur, le sort choisit entre les deux.",
        "en": '- "ambassadeur NAME": the merged tribe\'s chief; if the other chief names '
        "another player, a draw picks one of the two.",
    },
    "epreuve": {
        "fr": "- « PLAGE / PUZZLE / EN RELAIS / AU SOLEIL » : vos propositions pour l'épreuve "
        "du jour, un choix de chaque ligne : {lines}.",
        "en": '- "PLAGE / PUZZLE / EN RELAIS / AU SOLEIL": your guesses for the day\'s '
        "challenge, one of each line: {lines}.",
    },
    "relance": {
        "fr": " L'épreuve se rejoue : changez au moins un choix.",
        "en": " The challenge is played again: change at least one choice.",
    },
    "kit": {
        "fr": " Avec le Kit de pêche, vous jouez deux fois : deux lignes dans le même message.",
        "en": " With the fishing kit, you play twice: two lines in the same mail.",
    },
    "confort": {
        "fr": "- {choices} : le confort de votre tribu, avant la fin du vote (sans réponse, le "
        "sort choisit).",
        "en": "- {choices}: your tribe's comfort, before the vote ends (with no answer, a draw "
        "picks it).",
    },
    "trancher": {
        "fr": "- « trancher NOM » : départagez l'égalité du vote entre {names}.",
        "en": '- "trancher NAME": break the vote\'s tie among {names}.',
    },
    "successeur": {
        "fr": "- « successeur NOM » : votre successeur comme chef, parmi {names}.",
        "en": '- "successeur NAME": your successor as chief, among {names}.',
    },
    "designate": {
        "fr": "- « successeur NOM » : nommez à l'avance qui vous succède comme chef si vous "
        "êtes éliminé·e ({now}).",
        "en": '- "successeur NAME": name in advance who succeeds you as chief if you are '
        "eliminated ({now}).",
    },
    "designated": {"fr": "aujourd'hui : {name}", "en": "now: {name}"},
    "undesignated": {
        "fr": "personne pour l'instant : le sort choisirait",
        "en": "nobody yet: a draw would pick",
    },
    "or": {"fr": " ou ", "en": " or "},
}


def _t(key: str, lang: str, **values: str) -> str:
    text = T[key].get(lang, T[key]["fr"])
    return text.format(**values) if values else text


def _names(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + _t("or", lang) + names[-1]


def text(s: GameState, p: Player, lang: str, kinds: Sequence[Kind]) -> str:
    """`aide` for `p`: `kinds` are the orders he may send now (the rule set's `orders` of the
    steps he acts in, the reactions awaited from him, the jury's vote)."""
    out = [_cards(s, p, lang)]
    lines = [line for kind in dict.fromkeys(kinds) if (line := _order(s, p, lang, kind))]
    out.append("\n".join([_t("now", lang), *lines]) if lines else _t("nothing", lang))
    if p.alive:
        out.append(_t("always", lang) + (" " + _t("night", lang) if s.phase == "night" else ""))
        out.append(_t("digest", lang))
    return "\n".join(out)


def _cards(s: GameState, p: Player, lang: str) -> str:
    spec = STRATEGE_SPEC if camp(p) == STRATEGE else BISOUNOURS_SPEC
    role = ROLE_HELP.get(role_of(p), {})
    cards = [spec.help.get(lang, spec.help["fr"]), role.get(lang, role.get("fr", ""))]
    if is_juror(s, p.name) and not s.ended:
        return "\n".join([*cards, _t("juror", lang)])
    if not p.alive:
        return "\n".join([*cards, _t("out", lang)])
    tribe = tribe_of(s, p.name)
    head = chief(s, tribe)
    if head == p.name:
        cards.append(_t("tribe_chief", lang, tribe=tribe))
    elif head:
        cards.append(_t("tribe_led", lang, tribe=tribe, chief=head))
    else:
        cards.append(_t("tribe", lang, tribe=tribe))
    return "\n".join(c for c in cards if c)


def _order(s: GameState, p: Player, lang: str, kind: Kind) -> str:
    name = p.name
    if kind is Kind.VOTE:
        return _vote(s, p, lang)
    if kind is alliance.ALLIANCE.kind:
        if camp(p) == STRATEGE:
            return _t("alliance_strategist", lang)
        where = "where_all" if merged(s) else "where_tribe"
        return _t("alliance", lang, where=_t(where, lang))
    if kind is challenge.GUESS.kind:
        apart = " ; " if lang == "fr" else "; "
        lines = apart.join(" | ".join(challenge.CANON[a] for a in ln) for ln in challenge.LINES)
        more = _t("relance", lang) if challenge.replaying(s) else ""
        if comforts.kit(s, tribe_of(s, name)) and chief(s, tribe_of(s, name)) == name:
            more += _t("kit", lang)
        return _t("epreuve", lang, lines=lines) + more
    if kind is comforts.CONFORT.kind:
        offered = comforts.offer_now(s).get("choices", [])
        quoted = '"confort {}"' if lang == "en" else "« confort {} »"
        written = _names([quoted.format(c) for c in offered], lang)
        return _t("confort", lang, choices=written)
    if kind is Kind.TRANCHER:
        tied = s.extra.get(council.TIE, {}).get("tied", [])
        return _t("trancher", lang, names=_names(list(tied), lang))
    if kind is Kind.SUCCESSEUR:
        if not p.alive:
            return _t("successeur", lang, names=_names(chiefs.successor_pool(s, name), lang))
        named = chiefs.designated(s, name)
        now = _t("designated", lang, name=named) if named else _t("undesignated", lang)
        return _t("designate", lang, now=now)
    simple = {
        necklace.COLLIER.kind: "collier",
        necklace.IMMUNITE.kind: "immunite",
        voyante.SONDER.kind: "sonder",
        chiefs.AMBASSADEUR.kind: "ambassadeur",
    }
    return _t(simple[kind], lang) if kind in simple else ""


def _vote(s: GameState, p: Player, lang: str) -> str:
    if not p.alive:
        return _t("jury", lang, finalists=_names(jury.finalists(s), lang))
    if s.phase == "election":
        return _t("election", lang, tribe=tribe_of(s, p.name))
    if s.phase == "night":
        return _t("secret", lang)
    if council.orientation(s):
        return _t("orientation", lang)
    step = s.step.name if s.step is not None else ""
    later = ""
    if step in (challenge.EPREUVE, challenge.RELANCE):
        later = _t("later_merged" if merged(s) or final(s) else "later", lang)
    return _t("vote", lang, later=later)

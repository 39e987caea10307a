"""Reading orders from text: one order per line, French first with English synonyms.

Accents and case are ignored, extra words are tolerated ("je vote contre Bob", "Je sonde Alice
stp"), names are matched by unique prefix or a close match. A line that cannot be read is kept
with its cause so that it is quoted back in the answer, never dropped. The same parser serves
`lgmail act` and the mail path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from lgmail.orders.names import fold, match
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.roles import ROLES

#: the words that name each order, already folded (no accents, lower case)
VERBS: dict[Kind, tuple[str, ...]] = {
    Kind.VOTE: ("vote", "voter", "votes", "votons", "je vote", "elire", "elis", "election"),
    Kind.TUER: ("tuer", "tue", "tuons", "manger", "mange", "devorer", "devore", "kill", "eat"),
    Kind.SONDER: (
        "sonder",
        "sonde",
        "voir",
        "vois",
        "regarder",
        "probe",
        "see",
        "inspect",
        "peek",
    ),
    Kind.PROTEGER: ("proteger", "protege", "protect", "guard", "shield"),
    Kind.SAUVER: (
        "sauver",
        "sauve",
        "guerir",
        "gueris",
        "soigner",
        "soigne",
        "ressusciter",
        "heal",
        "save",
        "potion de vie",
        "life potion",
    ),
    Kind.EMPOISONNER: (
        "empoisonner",
        "empoisonne",
        "poison",
        "poisonner",
        "potion de mort",
        "death potion",
    ),
    Kind.UNIR: (
        "unir",
        "unis",
        "lier",
        "lie",
        "marier",
        "marie",
        "couple",
        "amoureux",
        "unite",
        "link",
        "pair",
        "lovers",
    ),
    Kind.TIRER: ("tirer", "tire", "abattre", "abats", "shoot", "fire"),
    Kind.SUCCESSEUR: (
        "successeur",
        "succession",
        "designer",
        "designe",
        "nommer",
        "nomme",
        "heritier",
        "successor",
        "heir",
        "name",
    ),
    Kind.TRANCHER: ("trancher", "tranche", "decide", "tiebreak", "break"),
    Kind.RIEN: (
        "rien",
        "passer",
        "passe",
        "je passe",
        "aucun",
        "aucune",
        "personne",
        "nothing",
        "pass",
        "skip",
        "none",
        "nobody",
    ),
    Kind.AIDE: ("aide", "aider", "help", "?", "commandes", "commands"),
    # 002 (Les Nombres)
    Kind.PAD: ("pad", "deviner", "devine", "guess"),
    Kind.RETIRER: ("retirer", "retire", "annuler", "annule", "withdraw", "cancel"),
    Kind.NOMBRES: ("nombres", "numeros", "loterie", "numbers", "lottery", "ticket"),
    Kind.TESTAMENT: ("testament", "heritiers", "heirs"),
    Kind.MURMURE: ("murmure", "murmurer", "mur-mur", "murmur", "whisper"),
    Kind.EXCUSE: ("excuse", "excuser", "absent", "absente", "absence", "away"),
    Kind.PARTAGER: ("partager", "partage", "share"),
    # 004: the Loup-Garou Blanc's and the Grand Méchant Loup's own kill
    Kind.ELIMINER: ("eliminer", "elimine", "assassiner", "assassine", "eliminate", "slay"),
    # 004: the Infect Père des Loups ("J'infecte Opeth.")
    Kind.INFECTER: ("infecter", "infecte", "infect"),
    # 004: the Corbeau's sign
    Kind.MARQUER: ("marquer", "marque", "pancarte", "corbeau", "mark", "raven"),
    # 004: the Renard's scent
    Kind.FLAIRER: ("flairer", "flaire", "renifler", "renifle", "sniff", "smell"),
    # 004: the Enfant Sauvage's model
    Kind.MODELE: ("modele", "model", "mentor"),
    # 004: the Bouc-émissaire names who votes at the next stake
    Kind.VOTANTS: ("votants", "votant", "electeurs", "voters"),
    # 004: the Princesse's favour, the Marchand de Sable's sleep
    Kind.FAVORISER: ("favoriser", "favorise", "couronner", "couronne", "favour", "favor", "crown"),
    Kind.ENDORMIR: ("endormir", "endors", "sable", "sleep"),
    # 004: the Joueur de Flûte's charm
    Kind.CHARMER: ("charmer", "charme", "envouter", "envoute", "charm", "enchant"),
    # 004: the Avocat's two clients
    Kind.CLIENTS: ("clients", "client", "defendre", "defends", "defend", "represent"),
    # 004: the Abominable Sectaire's list, then his nightly move
    Kind.LISTE: ("liste", "list"),
    Kind.DEPLACER: ("deplacer", "deplace", "move"),
    # 004: the Voleur takes one of his two cards, or stays Voleur
    Kind.VOLER: ("voler", "vole", "carte", "rester", "reste", "steal", "card", "stay"),
    # 004: the Maître Vampire's recruit
    Kind.RECRUTER: ("recruter", "recrute", "mordre", "mords", "recruit", "bite"),
    # 004: the Petite Fille's square (« espionner les Loups-Garous », « une case qu'elle veut
    # observer »); "espionner NOM" still probes (Voyante)
    Kind.ESPIONNER: ("espionner", "espionne", "observer", "observe", "spy", "watch"),
    # 004: the Marquise's three actions
    Kind.LETTRE: ("lettre", "letter"),
    Kind.SENTENCE: ("sentence", "sentencier", "condamner", "condamne", "sentenced"),
    Kind.JEUX: ("jeux de pouvoir", "jeux", "jeu", "power play", "powerplay", "power"),
    # 004's Assommeur
    Kind.ASSOMMER: ("assommer", "assomme", "assomer", "assome", "knock", "stun"),
    # 004's Redirecteur: « rediriger NOM vers NOM »
    Kind.REDIRIGER: ("rediriger", "redirige", "devier", "devie", "redirect", "divert"),
    # 004's Télépathe: « telepathie NOM : message »
    Kind.TELEPATHIE: ("telepathie", "telepathe", "transmettre", "telepathy", "telepath"),
    # 004: the Passager's message to the den
    Kind.MESSAGE: ("message", "passager", "msg"),
    # 004: the Pyromane's match
    Kind.ALLUMER: (
        "allumer",
        "allume",
        "incendier",
        "incendie",
        "bruler",
        "brule",
        "burn",
        "torch",
    ),
    # 004: the Fantôme's removal and his Allié; the dead's guess of the Allié
    Kind.SUPPRIMER: ("supprimer", "supprime", "hanter", "hante", "remove", "haunt"),
    Kind.ALLIE: ("allie", "allier", "transformer", "transforme", "ally"),
    Kind.VOIX: (
        "voix des morts",
        "voix",
        "soupconner",
        "soupconne",
        "suspecter",
        "suspecte",
        "suspect",
        "voice",
    ),
    # 004's Loup-Garou Manipulateur: his visit, then the new recipient
    Kind.MANIPULER: ("manipuler", "manipule", "visiter", "visite", "manipulate", "visit"),
    Kind.DETOURNER: ("detourner", "detourne", "destinataire", "recipient", "reroute"),
    # 004: the Comédien becomes one of his three roles for the night
    Kind.DEVENIR: ("devenir", "deviens", "incarner", "incarne", "become", "impersonate"),
    # 004: the Capitaine names the Garde Champêtre, who chooses the day's event; the Gitane's card
    Kind.GARDE: ("garde champetre", "garde", "warden", "constable"),
    Kind.EVENEMENT: ("evenement", "evenements", "event"),
    Kind.CARTE: ("tirer une carte", "tire une carte", "tirage", "draw a card", "draw", "gitane"),
    # 004: the Servante Dévouée takes a dying player's role
    Kind.PRENDRE: ("prendre", "prends", "take"),
}

#: the words by which a player says he is done with the step, the orders he gave kept
#: (« fini », « j'ai fini », "done"); folded
DONE = frozenset({"fini", "finie", "finis", "termine", "terminee", "done", "finished"})
#: the same said as "nothing else" (« rien d'autre »): after `DONE_FILLER` is taken out
DONE_PHRASES = frozenset(
    {("rien", "autre"), ("rien", "plus"), ("nothing", "else"), ("nothing", "more")}
)
#: what may stand around those words on their line: a line with any other word is not read as
#: done ("What have you done", « j'ai fini par voter Alice »)
DONE_FILLER = frozenset(
    [
        "j",
        "ai",
        "je",
        "suis",
        "c",
        "est",
        "ca",
        "d",
        "de",
        "pour",
        "moi",
        "ce",
        "cette",
        "soir",
        "nuit",
        "tout",
        "voila",
        "bon",
        "ok",
        "merci",
        "stp",
        "svp",
        "i",
        "m",
        "am",
        "im",
        "me",
        "for",
        "tonight",
        "now",
        "that",
        "s",
        "all",
        "thanks",
        "please",
    ]
)

#: the Voleur's words for staying Voleur
STAY = frozenset({"rester", "reste", "stay"})

ABSTAIN = ("abstention", "abstiens", "abstain", "abstaining")
BLANK = ("blanc", "blanche", "vote blanc", "abstention", "blank", "abstain")

#: words tolerated around an order, folded
FILLER = frozenset(
    [
        "je",
        "j",
        "tu",
        "il",
        "on",
        "nous",
        "vous",
        "contre",
        "pour",
        "sur",
        "le",
        "la",
        "les",
        "l",
        "de",
        "du",
        "des",
        "un",
        "une",
        "a",
        "au",
        "aux",
        "mon",
        "ma",
        "cette",
        "ce",
        "cet",
        "voudrais",
        "veux",
        "souhaite",
        "aimerais",
        "stp",
        "svp",
        "merci",
        "please",
        "thanks",
        "thank",
        "you",
        "i",
        "want",
        "to",
        "would",
        "like",
        "vote",
        "for",
        "against",
        "on",
        "the",
        "my",
        "cette",
        "nuit",
        "ce",
        "soir",
        "tonight",
        "aujourd",
        "hui",
        "today",
        "bonjour",
        "hello",
        "hi",
        "salut",
        "moi",
        "me",
        "myself",
        "potion",
    ]
)
SELF = ("moi", "moi-meme", "me", "myself")
AND = frozenset({"et", "and", "&", "+", "avec", "with"})
#: what parts the Redirecteur's two names (« rediriger NOM vers NOM »)
TOWARDS = frozenset({"vers", "sur", "to", "onto", "towards", "->", "=>", ">"})

MANY = -1
#: how many names each order takes (MANY: one or more, separated by commas or "et")
TARGETS: dict[Kind, int] = {
    Kind.VOTE: 1,
    Kind.TUER: 1,
    Kind.SONDER: 1,
    Kind.PROTEGER: 1,
    Kind.EMPOISONNER: 1,
    Kind.UNIR: 2,
    Kind.TIRER: 1,
    Kind.SUCCESSEUR: 1,
    Kind.TRANCHER: 1,
    Kind.ELIMINER: 1,
    Kind.MARQUER: 1,
    Kind.FLAIRER: 1,
    Kind.MODELE: 1,
    Kind.VOTANTS: MANY,
    Kind.FAVORISER: 1,
    Kind.CHARMER: MANY,
    Kind.CLIENTS: 2,
    Kind.RECRUTER: 1,
    Kind.SENTENCE: 1,
    Kind.JEUX: 1,
    Kind.ASSOMMER: 1,
    Kind.REDIRIGER: 2,
    Kind.ALLUMER: 1,
    Kind.SUPPRIMER: 1,
    Kind.ALLIE: 1,
    Kind.VOIX: 1,
    Kind.MANIPULER: 1,
    Kind.DETOURNER: 1,
    Kind.GARDE: 1,
    Kind.PRENDRE: 1,
}


@dataclass(frozen=True)
class Line:
    """One line of the text and what it meant: an order or why it could not be read."""

    text: str
    result: Order | Refusal


@cache
def _verb_index() -> dict[str, list[tuple[tuple[str, ...], Kind]]]:
    """Every order word by its first word: (all its words, its kind)."""
    index: dict[str, list[tuple[tuple[str, ...], Kind]]] = {}
    for kind, verbs in VERBS.items():
        for verb in verbs:
            parts = tuple(verb.split())
            index.setdefault(parts[0], []).append((parts, kind))
    return index


def _verb_at(words: list[str]) -> tuple[int, Kind, int] | None:
    """The first order word in the line (multi-word verbs first): where it starts, its kind,
    where it ends."""
    index = _verb_index()
    for i, word in enumerate(words):
        found = [
            (-len(parts), kind)
            for parts, kind in index.get(word, ())
            if tuple(words[i : i + len(parts)]) == parts
        ]
        if found:
            size, kind = min(found)
            return i, kind, i - size
    return None


def _find_verb(words: list[str]) -> tuple[Kind, int] | None:
    """The first order word in the line (multi-word verbs first) and where it ends."""
    found = _verb_at(words)
    return None if found is None else (found[1], found[2])


def _tokens(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;:!.()\"«»]+|(?<=\w)'", text) if w]


def _resolve(words: list[str], players: Sequence[str], me: str | None) -> Refusal | str:
    """Match `words` (after the verb) to one player; the longest run of words that names one."""
    folded = [fold(w) for w in words]
    for size in range(min(len(words), 4), 0, -1):
        for start in range(len(words) - size + 1):
            chunk = folded[start : start + size]
            if size == 1 and chunk[0] in FILLER and chunk[0] not in SELF:
                continue
            if size == 1 and chunk[0] in SELF and me is not None:
                return me
            found = match(" ".join(words[start : start + size]), players)
            if len(found.names) == 1:
                return found.names[0]
            if len(found.names) > 1 and size == 1:
                return Refusal(
                    Cause.AMBIGUOUS_NAME,
                    {"written": words[start], "candidates": ", ".join(found.names)},
                )
    meaningful = [w for w, f in zip(words, folded, strict=True) if f not in FILLER]
    if meaningful:
        return Refusal(Cause.NO_SUCH_PLAYER, {"written": " ".join(meaningful)})
    return Refusal(Cause.UNREADABLE, {"missing": "name"})


def _after_verb(text: str, kind: Kind) -> str:
    """The text after the first word naming `kind`, as written (a murmur's text)."""
    folded = fold(text)
    if len(folded) != len(text):
        text = folded
    for verb in sorted(VERBS[kind], key=len, reverse=True):
        found = re.search(rf"(?<![\w-]){re.escape(verb)}(?![\w-])", folded)
        if found:
            return text[found.end() :].strip().lstrip(":").strip().strip('«»"“”').strip()
    return ""


def _role(words: list[str]) -> tuple[str, list[str]] | None:
    """The role named in `words` (French or English name, or slug) and the words left."""
    folded = [fold(w) for w in words]
    names = {fold(n): slug for slug, spec in ROLES.items() for n in (slug, *spec.names.values())}
    for size in (3, 2, 1):
        for start in range(len(words) - size + 1):
            phrase = " ".join(folded[start : start + size]).replace("-", " ")
            for name, slug in names.items():
                if name.replace("-", " ") == phrase:
                    return slug, words[:start] + words[start + size :]
    return None


def _names(text: str, players: Sequence[str], me: str | None) -> Refusal | list[str]:
    """Several players, separated by commas, "et", "puis", ">" (a testament, a share)."""
    groups = [
        g.split() for g in re.split(r"\s*(?:[,;/>]|\bet\b|\band\b|\bpuis\b|\bthen\b|&)\s*", text)
    ]
    groups = [g for g in groups if g]
    if len(groups) == 1 and len(match(" ".join(groups[0]), players).names) != 1:
        groups = [[w] for w in groups[0] if fold(w) not in FILLER or fold(w) in SELF]
    out: list[str] = []
    for group in groups:
        got = _resolve(group, players, me)
        if isinstance(got, Refusal):
            return got
        out.append(got)
    if not out:
        return Refusal(Cause.UNREADABLE, {"missing": "name"})
    return out


def _nombres(
    kind: Kind, text: str, words: list[str], rest: list[str], players: Sequence[str], me: str | None
) -> Order | Refusal:
    """002's orders: PAD, its withdrawal, numbers, testament, murmur, excuse, share."""
    folded_rest = [fold(w) for w in rest]
    if kind is Kind.PAD and any(f in VERBS[Kind.RETIRER] for f in folded_rest):
        return Order(Kind.RETIRER)
    if kind is Kind.RETIRER:
        return Order(Kind.RETIRER)
    if kind is Kind.MURMURE:
        said = _after_verb(text, kind)
        return (
            Order(kind, (), args=(said,))
            if said
            else Refusal(Cause.UNREADABLE, {"missing": "text"})
        )
    if kind in (Kind.NOMBRES, Kind.EXCUSE):
        numbers = tuple(re.findall(r"\d+", " ".join(rest)))
        return Order(kind, (), args=numbers if kind is Kind.NOMBRES else numbers[:1])
    if kind is Kind.PAD:
        found = _role(rest)
        if found is None:
            return Refusal(Cause.UNREADABLE, {"missing": "role"})
        slug, left = found
        got = _resolve(left, players, me)
        if isinstance(got, Refusal):
            return got
        return Order(kind, (got,), args=(slug,))
    names = _names(_after_verb(text, kind), players, me)
    if isinstance(names, Refusal):
        return names
    return Order(kind, tuple(names))


#: the orders that name nobody: read only at the start of a line, never inside a sentence
BARE = frozenset({Kind.RIEN, Kind.AIDE, Kind.SAUVER, Kind.INFECTER, Kind.ENDORMIR, Kind.CARTE})

NOMBRES_KINDS = frozenset(
    {Kind.PAD, Kind.RETIRER, Kind.NOMBRES, Kind.TESTAMENT, Kind.MURMURE, Kind.EXCUSE, Kind.PARTAGER}
)


def _done(folded: list[str]) -> bool:
    """Whether the line only says its author is done with the step (`DONE`, `DONE_PHRASES`)."""
    words = [w for f in folded for w in re.split(r"['’]", f) if w]
    said = [w for w in words if w not in DONE_FILLER]
    if not said:
        return False
    return all(w in DONE for w in said) or tuple(said) in DONE_PHRASES


def parse_line(text: str, players: Sequence[str], me: str | None = None) -> Order | Refusal:
    words = _tokens(text)
    folded = [fold(w) for w in words]
    if _done(folded):
        return Order(Kind.FINI)
    found = _find_verb(folded)
    if found is None:
        if any(f in ABSTAIN for f in folded):
            return Order(Kind.VOTE, (), blank=True)
        return Refusal(Cause.UNREADABLE)
    kind, end = found
    if kind in BARE and not opens_with_order(text):
        # an order word naming nobody inside a sentence (« et personne ne l'a vue », « merci
        # pour ton aide »): conversation, not an order
        return Refusal(Cause.UNREADABLE)
    rest, rest_folded = words[end:], folded[end:]
    if kind in NOMBRES_KINDS:
        return _nombres(kind, text, words, rest, players, me)
    if kind is Kind.VOTE and any(f in BLANK for f in folded):
        return Order(Kind.VOTE, (), blank=True)
    if kind in (Kind.LISTE, Kind.DEPLACER):
        return _sectaire(kind, rest, players, me)
    if kind is Kind.TELEPATHIE:
        return _telepathie(text, players, me)
    if kind in (Kind.VOLER, Kind.DEVENIR):
        return _card(kind, rest, folded)
    if kind is Kind.ESPIONNER:
        return _square(rest, players, me)
    if kind is Kind.MESSAGE:
        # 004, Passager: « il peut envoyer un message à l'antre des Loups-Garous »
        said = _after_verb(text, kind)
        return Order(kind, args=(said,)) if said else Refusal(Cause.UNREADABLE, {"missing": "text"})
    if kind is Kind.LETTRE:
        # 004: « elle écrit un message de la longueur et de la forme qu'elle souhaite »
        said = _after_verb(text, kind)
        return Order(kind, args=(said,)) if said else Refusal(Cause.UNREADABLE, {"missing": "text"})
    if kind is Kind.EVENEMENT:
        # « evenement 1 », « evenement 2 » or the event's name
        chosen = " ".join(rest)
        return Order(kind, args=(chosen,)) if chosen else Refusal(Cause.UNREADABLE)
    needed = TARGETS.get(kind, 0)
    if needed == 0:
        return Order(kind)
    if needed == MANY:
        return _many(kind, text, players, me)
    if needed == 2:
        cuts = AND | TOWARDS if kind is Kind.REDIRIGER else AND
        cut = next((i for i, f in enumerate(rest_folded) if f in cuts), None)
        groups = [rest[:cut], rest[cut + 1 :]] if cut is not None else [[w] for w in rest]
        groups = [g for g in groups if g][:2] if cut is not None else _two_names(rest)
        targets: list[str] = []
        for group in groups:
            got = _resolve(group, players, me)
            if isinstance(got, Refusal):
                return got
            targets.append(got)
        if len(targets) != 2:
            return Refusal(Cause.UNREADABLE, {"missing": "two names"})
        return Order(kind, tuple(targets))
    got = _resolve(rest, players, me)
    if isinstance(got, Refusal):
        return got
    return Order(kind, (got,))


def _many(kind: Kind, text: str, players: Sequence[str], me: str | None) -> Order | Refusal:
    """One or more names after the verb, separated by commas, "et" or "and"."""
    words = _tokens(re.sub(r"[,;&+]", " et ", text))
    found = _find_verb([fold(w) for w in words])
    assert found is not None
    groups: list[list[str]] = [[]]
    for word in words[found[1] :]:
        if fold(word) in AND:
            groups.append([])
        else:
            groups[-1].append(word)
    targets: list[str] = []
    for group in groups:
        if not [w for w in group if fold(w) not in FILLER or fold(w) in SELF]:
            continue
        got = _resolve(group, players, me)
        if isinstance(got, Refusal):
            return got
        if got not in targets:
            targets.append(got)
    if not targets:
        return Refusal(Cause.UNREADABLE, {"missing": "name"})
    return Order(kind, tuple(targets))


def _sectaire(
    kind: Kind, rest: list[str], players: Sequence[str], me: str | None
) -> Order | Refusal:
    """004's Abominable Sectaire: « liste A », « deplacer NOM liste B » (the list as a letter,
    after "liste" or last)."""
    folded = [fold(w) for w in rest]
    letter, keep = None, rest
    for i, word in enumerate(folded[:-1]):
        if word in ("liste", "list") and folded[i + 1] in ("a", "b"):
            letter, keep = folded[i + 1].upper(), rest[:i] + rest[i + 2 :]
            break
    last = folded[-1] if folded else ""
    if letter is None and last in ("a", "b") and (kind is Kind.LISTE or len(folded) > 1):
        letter, keep = last.upper(), rest[:-1]
    if kind is Kind.LISTE:
        return (
            Order(kind, args=(letter,))
            if letter
            else Refusal(Cause.UNREADABLE, {"missing": "list"})
        )
    got = _resolve(keep, players, me)
    if isinstance(got, Refusal):
        return got
    return Order(kind, (got,), args=(letter,) if letter else ())


def _card(kind: Kind, rest: list[str], folded: list[str]) -> Order | Refusal:
    """004's Voleur: « voler voyante » takes a card, « rester voleur » (or « rester ») stays;
    the Comédien's « devenir chasseur »."""
    found = _role(rest)
    if found is not None:
        return Order(kind, args=(found[0],))
    if kind is Kind.VOLER and STAY & set(folded):
        return Order(kind, args=("voleur",))
    return Refusal(Cause.UNREADABLE, {"missing": "role"})


_SQUARE = re.compile(r"(?<![a-z0-9])([a-g])\s*-?\s*([1-7])(?![a-z0-9])")


def _square(rest: list[str], players: Sequence[str], me: str | None) -> Order | Refusal:
    """004's Petite Fille: « espionner C3 » (a square from A1 to G7); a name instead of a
    square probes that player (« espionner NOM », the Voyante's)."""
    found = _SQUARE.search(" ".join(fold(w) for w in rest))
    if found:
        return Order(Kind.ESPIONNER, args=(f"{found.group(1).upper()}{found.group(2)}",))
    got = _resolve(rest, players, me)
    if isinstance(got, str):
        return Order(Kind.SONDER, (got,))
    return Refusal(Cause.UNREADABLE, {"missing": "square"})


def _telepathie(text: str, players: Sequence[str], me: str | None) -> Order | Refusal:
    """004's Télépathe: « telepathie NOM : message » (the name before the colon, or the first
    word; the message is the rest of the line, as written)."""
    folded = fold(text)
    found = None
    for verb in sorted(VERBS[Kind.TELEPATHIE], key=len, reverse=True):
        found = re.search(rf"(?<![\w-]){re.escape(verb)}(?![\w-])", folded)
        if found:
            break
    after = text[found.end() :] if found and len(folded) == len(text) else ""
    if ":" in after:
        name, said = after.split(":", 1)
    else:
        name, _, said = after.strip().partition(" ")
    said = said.strip()
    if not said:
        return Refusal(Cause.UNREADABLE, {"missing": "text"})
    got = _resolve(_tokens(name), players, me)
    if isinstance(got, Refusal):
        return got
    return Order(Kind.TELEPATHIE, (got,), args=(said,))


def _two_names(words: list[str]) -> list[list[str]]:
    meaningful = [w for w in words if fold(w) not in FILLER or fold(w) in SELF]
    return [[w] for w in meaningful[:2]]


def parse(text: str, players: Sequence[str], me: str | None = None) -> list[Line]:
    """Every non-empty line of `text` with its meaning. A letter (004, the Marquise's « Lettre
    de la marquise », « de la longueur et de la forme qu'elle souhaite ») runs to the end."""
    raw = text.splitlines()
    out: list[Line] = []
    for i, line in enumerate(raw):
        line = line.strip()
        if not line:
            continue
        result = parse_line(line, players, me)
        if isinstance(result, Order) and result.kind is Kind.LETTRE:
            letter = "\n".join([result.args[0], *raw[i + 1 :]]).strip()
            out.append(
                Line("\n".join([line, *raw[i + 1 :]]).strip(), Order(Kind.LETTRE, args=(letter,)))
            )
            break
        out.append(Line(line, result))
    return out


#: subjects other than the writer: before an order word, they make the line a sentence
OTHERS = frozenset(
    {"il", "elle", "ils", "elles", "tu", "vous", "personne", "he", "she", "they", "you", "nobody"}
)

#: words that may come before an order word besides `FILLER` (« je ne fais rien », "I'll pass")
LEAD = frozenset({"ne", "n", "fais", "ferai", "faire", "do", "will", "ll", "shall"})


def opens_with_order(text: str) -> bool:
    """Whether the line starts with an order word, after the words tolerated around orders
    (« je », « bonjour », « stp », « je ne fais »): a line that does not is conversation when it
    cannot be played (a sentence, a greeting, a signature), not an order to refuse."""
    folded = [fold(w) for w in _tokens(text)]
    if _done(folded):
        return True
    found = _verb_at(folded)
    start = len(folded) if found is None else found[0]
    if OTHERS & set(folded[:start]):
        return False  # someone else does it (« il n'a rien dit »): a sentence about him
    lead = [w for w in folded[:start] if w not in FILLER and w not in LEAD]
    if lead:
        return lead[0] in ABSTAIN
    return found is not None

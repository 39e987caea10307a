"""The day's challenge of 000, « JOUR (PHASE EN TRIBUS) » and « JOUR (PHASE EN INDIVIDUEL) ».

« L'épreuve a les caractéristiques suivantes (une par ligne) »: `LINES`. lgmail draws it as the
day rises (a recorded draw, never the previous day's: « Il n'est pas possible pour le MJ de
choisir la même épreuve que le jour précédent ») and publishes its commitment, the SHA-256 of
« ATTR|ATTR|ATTR|ATTR|SALT » with a secret salt; the answer reveals the challenge and the salt,
so that anyone checks it was fixed before the guesses (000 had an eliminated player confirm « qu'il
n'y a pas de triche »).

« Chaque joueur gagne 1 point par réponse juste + 1 point s'il est sportif » (ruling: a player
who sends nothing scores nothing, the bonus included). Tribes: « Le score de chaque tribu est
égal à la somme des points de la tribu »; a tie is played again « en changeant leurs
propositions, sauf si un joueur est tombé juste [les quatre] tandis qu'aucun n'est tombé juste
dans l'autre tribu »; ruling: a second tie is settled the same way, else by a recorded draw.
Individual: each for himself, « +1 point bonus » in an alliance, only the winner announced; a
tie after the replay is drawn « parmi ceux qui sont arrivés en première place sur les deux
propositions (ou s'il n'y en n'a pas, parmi ceux qui sont arrivés premiers sur la première) ».
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.kohlanta import alliance, comforts, necklace
from lgmail.rules.kohlanta.cards import (
    SPORTIF,
    SURVIVALISTE,
    chief,
    final,
    living_tribes,
    members,
    merged,
    role_of,
    tribe_of,
)
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Ordered, given, givers
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.spelling import fold
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

EPREUVE, RELANCE = "epreuve", "relance"
#: `GameState.extra` key of the day's challenge
KEY = "epreuve"

#: 000's four lines, each attribute by its slug, as written in the answers and the commitment
LINES: tuple[tuple[str, ...], ...] = (
    ("groupe", "relais"),
    ("soleil", "pluie"),
    ("terrestre", "aquatique", "plage"),
    ("physique", "puzzle", "equilibre", "hybride"),
)
#: how the commitment writes each attribute (ASCII, as `printf` and `sha256sum` read it)
CANON = {
    "groupe": "EN GROUPE",
    "relais": "EN RELAIS",
    "soleil": "AU SOLEIL",
    "pluie": "SOUS LA PLUIE",
    "terrestre": "TERRESTRE",
    "aquatique": "AQUATIQUE",
    "plage": "PLAGE",
    "physique": "PHYSIQUE",
    "puzzle": "PUZZLE",
    "equilibre": "EQUILIBRE",
    "hybride": "HYBRIDE",
}
#: what players write, folded, for each attribute (French first, then English; no everyday
#: word such as « terre », « eau », « balance », which a sentence would turn into a guess)
WORDS = {
    "groupe": ("groupe", "en groupe", "group"),
    "relais": ("relais", "en relais", "relay"),
    "soleil": ("soleil", "au soleil", "sun", "sunny"),
    "pluie": ("pluie", "sous la pluie", "rain", "rainy"),
    "terrestre": ("terrestre", "land"),
    "aquatique": ("aquatique", "water", "aquatic"),
    "plage": ("plage", "beach"),
    "physique": ("physique", "physical"),
    "puzzle": ("puzzle",),
    "equilibre": ("equilibre",),
    "hybride": ("hybride", "hybrid"),
}


def _attributes(said: Said) -> Order | Refusal:
    """« PLAGE / PUZZLE / EN RELAIS / AU SOLEIL »: one attribute of each line, in any order."""
    folded = [fold(w) for w in said.tokens(said.text.replace("-", " "))]
    found: list[str] = []
    i = 0
    while i < len(folded):
        hit = next(
            (
                (slug, len(w.split()))
                for slug, words in WORDS.items()
                for w in sorted(words, key=len, reverse=True)
                if folded[i : i + len(w.split())] == w.split()
            ),
            None,
        )
        if hit is None:
            i += 1
            continue
        found.append(hit[0])
        i += hit[1]
    picked = [[a for a in found if a in line] for line in LINES]
    if any(len(set(p)) != 1 for p in picked):
        pairs = list(zip(LINES, picked, strict=True))
        missing = [" / ".join(CANON[a] for a in line) for line, p in pairs if not p]
        twice = [" / ".join(CANON[a] for a in line) for line, p in pairs if len(set(p)) > 1]
        return Refusal(
            Cause.NOT_ALLOWED,
            {
                "why": "kohlanta",
                "rule": "guess-lines",
                "missing": "; ".join(missing),
                "twice": "; ".join(twice),
            },
        )
    return Order(GUESS.kind, args=tuple(p[0] for p in picked))


GUESS = Verb(
    Kind.declare("epreuve"),
    (
        "epreuve",
        "propositions",
        "proposition",
        "challenge",
        *sorted({w for ws in WORDS.values() for w in ws}),
    ),
    0,
    {
        "fr": "GROUPE|RELAIS / SOLEIL|PLUIE / TERRESTRE|AQUATIQUE|PLAGE / "
        "PHYSIQUE|PUZZLE|EQUILIBRE|HYBRIDE",
        "en": "GROUPE|RELAIS / SOLEIL|PLUIE / TERRESTRE|AQUATIQUE|PLAGE / "
        "PHYSIQUE|PUZZLE|EQUILIBRE|HYBRIDE (one of each line)",
    },
    read=_attributes,
    short_args=True,
)


def commitment(challenge: Sequence[str], salt: str) -> str:
    """SHA-256 of « EN RELAIS|SOUS LA PLUIE|PLAGE|PUZZLE|SALT » (the README's one-line check)."""
    text = "|".join([*(CANON[a] for a in challenge), salt])
    return hashlib.sha256(text.encode()).hexdigest()


def secret_salt(tx: Tx, purpose: str) -> str:
    """A salt nobody can guess, from the command's entropy, recorded with what it hides."""
    return hashlib.sha256(f"{tx.entropy}:{tx.state.version}:{purpose}".encode()).hexdigest()[:32]


@event
@dataclass(frozen=True)
class ChallengeSet(Event):
    """The day's challenge, fixed before any guess: its `commitment` is public, the challenge
    and the salt are not until `ChallengeWon`."""

    PUBLIC: ClassVar[bool] = True
    HIDDEN: ClassVar[tuple[str, ...]] = ("challenge", "salt")
    FACT: ClassVar[str] = "kohlanta/facts/challenge_set.txt"

    day: int
    challenge: list[str]
    salt: str
    commitment: str
    #: set by the MJ (option epreuves=manuel) rather than drawn
    by_mj: bool = False


@folds(ChallengeSet)
def _set(s: GameState, e: ChallengeSet) -> None:
    previous = s.extra.get(KEY, {}).get("challenge")
    s.extra[KEY] = {
        "day": e.day,
        "challenge": list(e.challenge),
        "salt": e.salt,
        "commitment": e.commitment,
        "previous": previous,
        "rounds": [],
        "tie": False,
        "winner": None,
    }
    s.extra.pop(BY_MJ, None)


@event
@dataclass(frozen=True)
class ChallengeTied(Event):
    """A tie: everyone plays again, changing his guesses (the challenge stays, still secret)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/challenge_tied.txt"

    day: int
    #: tribe -> score (tribe phase); {} in the individual phase, where scores stay secret
    tribe_scores: dict[str, int] = field(default_factory=dict)
    #: player -> points of this round (kept out of the digest where scores are secret)
    scores: dict[str, int] = field(default_factory=dict)


@folds(ChallengeTied)
def _tied(s: GameState, e: ChallengeTied) -> None:
    s.extra[KEY]["rounds"].append(dict(e.scores))
    s.extra[KEY]["tie"] = True


@event
@dataclass(frozen=True)
class ChallengeWon(Event):
    """The answer: the challenge and its salt revealed, the scores (tribe phase: each player's
    and each tribe's), the winner (a tribe, or a player in the individual phase) who takes the
    totem: « on ne peut pas voter contre eux »."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/challenge_won.txt"

    day: int
    challenge: list[str]
    salt: str
    commitment: str
    winner: str
    tribe_scores: dict[str, int] = field(default_factory=dict)
    #: player -> points (0 to 5, more with the kit); {} in the individual phase
    scores: dict[str, int] = field(default_factory=dict)
    #: how: "score", "exact" (000's exception), "drawn"
    how: str = "score"


@folds(ChallengeWon)
def _fold_won(s: GameState, e: ChallengeWon) -> None:
    s.extra[KEY]["winner"] = e.winner
    s.extra[KEY]["tie"] = False


@event
@dataclass(frozen=True)
class ScoresKept(Event):
    """The individual phase's scores, which only the MJ sees (« les scores ne sont plus annoncés
    publiquement »): each player is told his own."""

    day: int
    scores: dict[str, int] = field(default_factory=dict)


folds(ScoresKept)(nothing)


@tells(ScoresKept)
def _tell_scores(s: GameState, e: ScoresKept, later: Sequence[Event]) -> list[Notice]:
    return [Notice(n, "kohlanta:score", {"points": pts}) for n, pts in e.scores.items()]


def day_of(s: GameState) -> dict[str, Any]:
    got: dict[str, Any] = s.extra.get(KEY, {})
    return got if got.get("day") == s.number and s.phase == "day" else {}


def totem(s: GameState) -> str | None:
    """Today's winner (a tribe, or a player after the merge)."""
    won = day_of(s).get("winner")
    return str(won) if won else None


def immune(s: GameState, name: str) -> bool:
    """000: the totem's holders « on ne peut pas voter contre eux »."""
    won = totem(s)
    return won is not None and (won == name or (not merged(s) and tribe_of(s, name) == won))


#: `GameState.extra` key: the challenge the MJ set for the coming day (option epreuves=manuel)
BY_MJ = "epreuve-mj"


@event
@dataclass(frozen=True)
class ChallengeGiven(Event):
    """With `--option epreuves=manuel`, the MJ sets the coming day's challenge by mail (000:
    « Le MJ détermine en secret une épreuve »); it is committed when the day rises."""

    challenge: list[str]


@folds(ChallengeGiven)
def _given(s: GameState, e: ChallengeGiven) -> None:
    s.extra[BY_MJ] = list(e.challenge)


def set_by_mj(tx: Tx, order: Order) -> None:
    """The MJ's challenge for the coming day (today's when it is not set yet): never the
    previous day's."""
    s = tx.state
    if s.options.get("epreuves") != "manuel":
        raise refused("mj-challenge-auto")
    if final(s):
        raise refused("mj-challenge-final")
    previous = day_of(s).get("challenge") or s.extra.get(KEY, {}).get("challenge")
    if list(order.args) == previous:
        raise refused("mj-challenge-same")
    tx.emit(ChallengeGiven(list(order.args)))


def set_today(tx: Tx) -> None:
    """The day rises: its challenge, the MJ's (option epreuves=manuel) or drawn (never
    yesterday's), committed. Ruling: with no challenge from the MJ by then, it is drawn."""
    s = tx.state
    previous = s.extra.get(KEY, {}).get("challenge")
    given_by_mj = s.extra.get(BY_MJ)
    if given_by_mj and given_by_mj != previous:
        picked = list(given_by_mj)
    else:
        every = [list(c) for c in itertools.product(*LINES) if list(c) != previous]
        picked = tx.draw("epreuve", ["/".join(c) for c in every])[0].split("/")
    salt = secret_salt(tx, "epreuve")
    tx.emit(ChallengeSet(s.number, picked, salt, commitment(picked, salt), bool(given_by_mj)))


def replaying(s: GameState) -> bool:
    return bool(day_of(s).get("tie"))


def contestants(s: GameState) -> list[str]:
    return [p.name for p in s.living()] if day_of(s) and not totem(s) else []


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    step = s.step.name if s.step is not None else ""
    if step not in (EPREUVE, RELANCE) or not day_of(s):
        raise refused("guess-when")
    guess = list(order.args)
    key = step
    before = given(s, player.name, key) or []
    mine = orders_mail(s, player.name, key)
    twice = (
        comforts.kit(s, tribe_of(s, player.name))
        and chief(s, tribe_of(s, player.name)) == player.name
    )
    if twice and before and mine == tx.mail and len(before) == 4:
        guess = before + guess  # the chief's second proposal, in the same mail
    if step == RELANCE:
        first = given(s, player.name, EPREUVE) or []
        if first[:4] == guess[:4] and (len(guess) == 4 or first[4:] == guess[4:]):
            raise refused("guess-same")
    tx.emit(Ordered(player.name, key, guess, tx.mail))


def orders_mail(s: GameState, player: str, key: str) -> str:
    from lgmail.rules.phase_orders import orders

    got = orders(s).get(player, {}).get(key)
    return str(got["mail"]) if got else ""


def points(s: GameState, name: str, guess: Sequence[str]) -> int:
    """000: « 1 point par réponse juste + 1 point s'il est sportif »; the Repas: « tous les
    survivalistes de la tribu gagnent un bonus de +1 [...] sauf que leur score total ne peut pas
    dépasser 5 »; after the merge, « +1 point bonus » in an alliance."""
    if not guess:
        return 0
    challenge = day_of(s)["challenge"]
    right = sum(
        sum(1 for a, b in zip(guess[i : i + 4], challenge, strict=True) if a == b)
        for i in range(0, len(guess), 4)
    )
    p = s.players[name]
    total = right + (1 if role_of(p) == SPORTIF else 0)
    if role_of(p) == SURVIVALISTE and comforts.meal(s, name):
        total = max(total, min(total + 1, 5))
    if merged(s) and alliance.ally_of(s, name):
        total += 1
    return total


def exact(s: GameState, guess: Sequence[str]) -> bool:
    challenge = day_of(s)["challenge"]
    return any(list(guess[i : i + 4]) == challenge for i in range(0, len(guess), 4))


def close(tx: Tx, step: str) -> None:
    """The step's guesses counted: a winner, or a replay."""
    s = tx.state
    round_no = 1 if step == EPREUVE else 2
    guesses = givers(s, step)
    scores = {n: points(s, n, guesses.get(n, [])) for n in s.living_names()}
    if merged(s):
        _individual(tx, scores, round_no)
    else:
        _tribes(tx, scores, guesses, round_no)


def _tribes(tx: Tx, scores: dict[str, int], guesses: dict[str, list[str]], round_no: int) -> None:
    s = tx.state
    teams = living_tribes(s)
    totals = {t: sum(scores[n] for n in members(s, t)) for t in teams}
    best = max(totals.values())
    top = [t for t in teams if totals[t] == best]
    how = "score"
    if len(top) > 1:
        # 000's exception: a player « tombé juste » while nobody did in the other tribe
        hit = [t for t in teams if any(exact(s, guesses.get(n, [])) for n in members(s, t))]
        if len(hit) == 1:
            top, how = hit, "exact"
        elif round_no == 1:
            tx.emit(ChallengeTied(s.number, totals, scores))
            return
        else:
            top, how = tx.draw("epreuve-egalite", top), "drawn"
    _won(tx, top[0], how, totals, scores)
    comforts.offer(tx, top[0])


def _individual(tx: Tx, scores: dict[str, int], round_no: int) -> None:
    s = tx.state
    best = max(scores.values())
    top = [n for n, pts in scores.items() if pts == best]
    how = "score"
    if len(top) > 1 and round_no == 1:
        tx.emit(ChallengeTied(s.number, {}, scores))
        tx.emit(ScoresKept(s.number, scores))
        return
    if len(top) > 1:
        first = s.extra[KEY]["rounds"][0]
        best_first = max(first.values())
        firsts = [n for n, pts in first.items() if pts == best_first and n in scores]
        pool = [n for n in top if n in firsts] or firsts or top
        top, how = tx.draw("epreuve-egalite", pool), "drawn"
    tx.emit(ScoresKept(s.number, scores))
    _won(tx, top[0], how, {}, {})


def _won(tx: Tx, winner: str, how: str, totals: dict[str, int], scores: dict[str, int]) -> None:
    s = tx.state
    today = day_of(s)
    tx.emit(
        ChallengeWon(
            s.number,
            list(today["challenge"]),
            str(today["salt"]),
            str(today["commitment"]),
            winner,
            totals,
            scores,
            how,
        )
    )
    comforts.eaten(tx)
    necklace.challenge_won(tx, winner)

"""Orders: what a player asks for, once the text has been read.

Kinds keep the seeds' French verbs (seed 003/004 vocabulary); the parser in `lgmail.orders`
maps French and English words onto them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    VOTE = "vote"
    TUER = "tuer"
    SONDER = "sonder"
    PROTEGER = "proteger"
    SAUVER = "sauver"
    EMPOISONNER = "empoisonner"
    UNIR = "unir"
    TIRER = "tirer"
    SUCCESSEUR = "successeur"
    TRANCHER = "trancher"
    RIEN = "rien"
    #: done with the step, the orders already given kept (« fini », « j'ai fini », "done");
    #: `rien` withdraws them
    FINI = "fini"
    AIDE = "aide"
    #: the square's posts by digest (`lgmail.rules.digest`): « digest oui / 6h / non »
    DIGEST = "digest"
    # 002 (Les Nombres): the pack's PAD and its withdrawal, the lottery's numbers, the
    # captain's testament, a murmur, an absence excused in advance, the jackpot shared
    PAD = "pad"
    RETIRER = "retirer"
    NOMBRES = "nombres"
    TESTAMENT = "testament"
    MURMURE = "murmure"
    EXCUSE = "excuse"
    PARTAGER = "partager"
    # 004 (thiercelieux)
    ELIMINER = "eliminer"
    INFECTER = "infecter"
    MARQUER = "marquer"
    FLAIRER = "flairer"
    MODELE = "modele"
    VOTANTS = "votants"
    FAVORISER = "favoriser"
    ENDORMIR = "endormir"
    CHARMER = "charmer"
    CLIENTS = "clients"
    LISTE = "liste"
    DEPLACER = "deplacer"
    VOLER = "voler"
    RECRUTER = "recruter"
    ESPIONNER = "espionner"
    LETTRE = "lettre"
    SENTENCE = "sentence"
    JEUX = "jeux"
    # 004's multi-class roles and the Loup-Garou Manipulateur
    ASSOMMER = "assommer"
    REDIRIGER = "rediriger"
    MANIPULER = "manipuler"
    DETOURNER = "detourner"
    TELEPATHIE = "telepathie"
    ALLUMER = "allumer"
    SUPPRIMER = "supprimer"
    ALLIE = "allie"
    VOIX = "voix"
    DEVENIR = "devenir"
    GARDE = "garde"
    EVENEMENT = "evenement"
    CARTE = "carte"
    MESSAGE = "message"
    PRENDRE = "prendre"
    # 001 (maisons)
    INCENDIER = "incendier"
    CONVAINCRE = "convaincre"
    PLANQUER = "planquer"
    ENTRAVER = "entraver"
    ASSASSINER = "assassiner"
    TAROT = "tarot"
    MENER = "mener"
    SOUSTRAIRE = "soustraire"
    GRACIER = "gracier"
    FANATISER = "fanatiser"
    ENQUETER = "enqueter"
    GUERIR = "guerir"
    ANNULER = "annuler"
    MAUDIRE = "maudire"
    HORCRUXES = "horcruxes"
    HORCRUXE = "horcruxe"
    IMPORTANTS = "importants"
    BENIR = "benir"
    RENONCER = "renoncer"
    SYMPATHISER = "sympathiser"
    BOOSTER = "booster"
    DOMINER = "dominer"
    MP = "mp"
    TISSER = "tisser"
    MUSELER = "museler"
    CHAMANISER = "chamaniser"
    CONCERT = "concert"
    GLISSER = "glisser"
    AIMER = "aimer"
    CONTRACTER = "contracter"
    REMBOURSER = "rembourser"
    HANTER = "hanter"
    EXORCISER = "exorciser"
    # 000 (kohlanta)
    EPREUVE = "epreuve"
    ALLIANCE = "alliance"
    COLLIER = "collier"
    IMMUNITE = "immunite"
    CONFORT = "confort"
    AMBASSADEUR = "ambassadeur"
    # 000 (cinquieme-element)
    ACTIVER = "activer"
    CHOISIR = "choisir"
    ATTAQUER = "attaquer"


@dataclass(frozen=True)
class Order:
    """A readable order. `targets` are exact player names; `blank` is a blank vote; `args`
    what else the order says (a role, numbers, a murmur's text); `role` the role it is given
    by, where the player named one."""

    kind: Kind
    targets: tuple[str, ...] = ()
    blank: bool = False
    args: tuple[str, ...] = ()
    #: the role the player named for it (001: « voyante : sonder Bruno », when several of his
    #: roles could give it); "" when he named none (omitted from the stored state then)
    role: str = field(default="", metadata={"omitted_when_default": True})

    @property
    def target(self) -> str:
        return self.targets[0]

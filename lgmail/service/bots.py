"""Bots that play a game as players would: from their own view only, by writing orders."""

from __future__ import annotations

import random
from typing import Any

from lgmail.orders.kernel_verbs import Verbs, verbs_of
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState
from lgmail.rules.view import view
from lgmail.service.hints import can_do

#: the wolves' camp
WOLVES = "loups"
#: how often a bot uses an order it may give, by its word (else always)
CHANCE = {"devenir": 0.5, "prendre": 0.6}


def _choices(verbs: Verbs, word: str, state: GameState, name: str) -> list[str] | None:
    """The lines the verb `word` offers `name` now (`Verb.choices`), or None when it offers
    none (its names are chosen among the players)."""
    try:
        verb = verbs.get(Kind(word))
    except ValueError:  # not an order's name (the hint's first word)
        return None
    return verb.choices(state, name) if verb is not None and verb.choices else None


def orders_for(state: GameState, name: str, rng: random.Random) -> list[str]:
    """What `name` writes now: one line per thing they may do, chosen from their view."""
    seen: dict[str, Any] = view(state, name)
    living = [p["name"] for p in seen["players"] if p["alive"]]
    others = [n for n in living if n != name]
    dead = [p["name"] for p in seen["players"] if not p["alive"] and p["name"] != name]
    lover = [n for n in seen["lovers"] if n != name]
    mine = {p["name"]: p["role"] for p in seen["players"]}
    # the camp each plays for, as far as `name` knows it (his pack's, his own)
    camp = {p["name"]: p["camp"] for p in seen["players"]}
    out: list[str] = []
    verbs = verbs_of(state.variant)
    for hint in can_do(state, name):
        verb = "carte" if hint.startswith("tirer une carte") else hint.split()[0]
        if verb == "vote":
            choices = [n for n in others if n not in lover] or others
            out.append(f"vote {rng.choice(choices)}" if choices else "vote blanc")
        elif verb == "tuer":
            prey = [n for n in others if camp.get(n) != WOLVES and n not in lover]
            if prey:
                out.append(f"tuer {rng.choice(prey)}")
        elif verb == "sonder":
            unknown = [n for n in others if mine.get(n) is None] or others
            if unknown:
                out.append(f"sonder {rng.choice(unknown)}")
        elif verb == "proteger":
            allowed = [n for n in living if n != state.last_protected]
            if allowed:
                out.append(f"proteger {rng.choice(allowed)}")
        elif verb == "unir" and len(living) >= 2:
            a, b = rng.sample(living, 2)
            out.append(f"unir {a} et {b}")
        elif verb == "sauver" and rng.random() < 0.5:
            out.append("sauver")
        elif verb == "empoisonner" and rng.random() < 0.3 and others:
            out.append(f"empoisonner {rng.choice(others)}")
        elif verb == "charmer":
            fresh = [n for n in others if n not in lover]
            if fresh:
                out.append("charmer " + " et ".join(rng.sample(fresh, min(2, len(fresh)))))
        elif verb == "endormir" and rng.random() < 0.2:
            out.append("endormir")
        elif (
            verb in ("tirer", "successeur", "trancher", "marquer", "flairer", "favoriser")
            and others
        ):
            out.append(f"{verb} {rng.choice(others)}")
        elif verb == "assommer" and others and rng.random() < 0.5:
            out.append(f"assommer {rng.choice(others)}")
        elif verb == "rediriger" and len(living) >= 2 and rng.random() < 0.5:
            frm, to = rng.sample(living, 2)
            out.append(f"rediriger {frm} vers {to}")
        elif verb == "telepathie" and others and rng.random() < 0.5:
            out.append(f"telepathie {rng.choice(others)} : Je vous observe.")
        elif verb in ("manipuler", "detourner") and others and rng.random() < 0.5:
            out.append(f"{verb} {rng.choice(others)}")
        elif verb == "modele" and others:
            out.append(f"modele {rng.choice(others)}")
        elif verb == "eliminer":
            # a lone wolf aims at the pack, a wolf of the pack outside it
            pack = [n for n in others if camp.get(n) == WOLVES]
            alone = camp.get(name) != WOLVES
            aims = pack if alone else [n for n in others if n not in pack and n not in lover]
            if aims and rng.random() < 0.5:
                out.append(f"eliminer {rng.choice(aims)}")
        elif verb == "infecter" and rng.random() < 0.3:
            out.append("infecter")
        elif verb == "clients" and len(others) >= 2:
            a, b = rng.sample(others, 2)
            out.append(f"clients {a} et {b}")
        elif verb == "liste":
            out.append(f"liste {rng.choice('AB')}")
        elif verb == "deplacer" and living and rng.random() < 0.5:
            out.append(f"deplacer {rng.choice(living)} liste {rng.choice('AB')}")
        elif verb == "recruter" and others and rng.random() < 0.5:
            out.append(f"recruter {rng.choice(others)}")
        elif verb == "carte" and rng.random() < 0.5:
            out.append("tirer une carte")
        elif verb == "evenement":
            out.append(f"evenement {rng.choice('12')}")
        elif verb == "garde" and living:
            out.append(f"garde {rng.choice(living)}")
        elif verb == "espionner":
            out.append(f"espionner {rng.choice('ABCDEFG')}{rng.randint(1, 7)}")
        elif verb == "lettre" and rng.random() < 0.5:
            out.append(f"lettre Chers villageois, méfiez-vous de {rng.choice(living)}.")
        elif verb == "supprimer" and others and rng.random() < 0.7:
            out.append(f"supprimer {rng.choice(others)}")
        elif verb == "allie" and dead and rng.random() < 0.5:
            out.append(f"allie {rng.choice(dead)}")
        elif verb == "voix" and dead and rng.random() < 0.3:
            out.append(f"voix {rng.choice(dead)}")
        elif verb in ("sentence", "jeux") and others and rng.random() < 0.5:
            out.append(f"{verb} {rng.choice(others)}")
        elif verb == "message" and rng.random() < 0.5:
            out.append("message Je pense que le capitaine est sorcière.")
        elif verb == "allumer" and others and rng.random() < 0.3:
            out.append(f"allumer {rng.choice(others)}")
        elif (offered := _choices(verbs, verb, state, name)) is not None:
            # a role's own arguments (the Voleur's cards, the Comédien's roles left, the dying
            # the Servante was told), as the rule set offers them to their owner
            chance = CHANCE.get(verb, 1.0)
            if (chance >= 1 or rng.random() < chance) and offered:
                out.append(rng.choice(offered))
        elif verb == "votants" and others:
            out.append("votants " + ", ".join(rng.sample(others, max(1, len(others) // 2))))
    if not out and can_do(state, name):
        out.append("rien")
    return out

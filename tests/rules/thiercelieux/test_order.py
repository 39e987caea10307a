"""The night's resolution order of seed 004_c21bac90ae6ca834.txt, written as data in
`lgmail.rules.thiercelieux.order`: every constraint 004 writes is honoured, each cites its
clause, and every night power of the rule set has its place and its resolver."""

from lgmail.rules.thiercelieux.acting import steps
from lgmail.rules.thiercelieux.catalogue import ROLES
from lgmail.rules.thiercelieux.game import ROLE_SLUGS
from lgmail.rules.thiercelieux.night import RESOLVERS
from lgmail.rules.thiercelieux.order import BEFORE, NIGHT, STEPS, position
from lgmail.rules.thiercelieux.roles import loup_garou


def test_every_constraint_of_004_holds() -> None:
    """Each (earlier, later, clause) of `BEFORE` holds in `NIGHT`; "*" ranges over the night's
    actions (Cupidon and the Enfant Sauvage act « dès la réception de son rôle », before), but
    not over the actions that 004 puts first already."""
    night = [a.key for a in NIGHT if a.at != "cupidon"]
    firsts: list[str] = []
    for earlier, later, clause in BEFORE:
        assert clause.count("«") == clause.count("»") >= 1, clause
        if later == "*":
            others = [k for k in night if k != earlier and k not in firsts]
            assert all(position(earlier) < position(k) for k in others), clause
            firsts.append(earlier)
        elif earlier == "*":
            assert all(position(k) < position(later) for k in night if k != later), clause
        else:
            assert position(earlier) < position(later), clause


def test_the_clauses_004_names() -> None:
    """The brief of 004's order: « Cette action a la priorité sur toutes les autres »
    (Assommeur); the Protecteur, the Redirecteur and the Manipulateur before what they affect;
    « le MV a la priorité » over the IPL; the Sorcière after the wolves; the Servante Dévouée
    « après que toutes les actions de Nuit aient été effectuées et résolues »."""
    keys = [a.key for a in NIGHT if a.at != "cupidon"]
    assert keys[0] == "assommer"
    for first in ("proteger-tout", "rediriger", "manipuler"):
        assert all(
            position(first) < position(k)
            for k in keys
            if k not in ("assommer", "proteger-tout", "rediriger", "manipuler")
        )
    assert position("recruter") < position("infecter")
    assert position("devorer") < position("sorciere")
    assert keys[-1] == "servante"


def test_steps_follow_one_another() -> None:
    for action in NIGHT:
        assert action.at in STEPS
    ats = [STEPS.index(a.at) for a in NIGHT if a.at != "aube"]
    assert ats == sorted(ats)


def test_every_night_power_dealt_has_a_place_and_a_resolver() -> None:
    night_steps = {"cupidon", "loups", "sorciere"}
    for slug in ROLE_SLUGS:
        orders = ROLES[slug].orders - {loup_garou.TUER.kind}
        if any(steps("thiercelieux").get(k) in night_steps for k in orders):
            actions = [a for a in NIGHT if slug in a.roles]
            assert actions and all(a.key in RESOLVERS for a in actions), slug
    assert "devorer" in RESOLVERS

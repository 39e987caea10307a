"""Rule set `maisons` (seed 001, ../shared/seeds/001_f67e2344efefe72c.txt), random legal play:
drawn 20-player deals (every draw from the example's seed), every living player sending a random
mail of his actions each night and a random vote each day. By day, besides: the Araignées weave,
a Chamane may call his trance, Museleurs gag, a Star may sing; a few players holding a right to
write send one or two MPs on it (« RIGHT : à NOM », or « écrire à NOM » where one right is held),
each a fresh token, sometimes answered at once on the relayed MP's reply address (or the pigeon
sent on), sometimes later, even by night; a few post on the square. By night, posts and an MP
are tried. In any phase a dead player may try to write, answer or post.

Checked: every game ends; nobody has two direct actions resolved in one night (001: « Un joueur
ne peut effectuer qu'une action directe par nuit »); the dead never act (001: « un joueur mort
n'est ni autorisé à envoyer des MPs, à poster sur le topic de LG ou à être la cible d'une
quelconque action »): no action planned by or on the dead, no MP relayed from or to the dead, no
post from the dead, each of their tries refused; the export replays to the same game; no
player's mail names another's roles unless a power told him.

MPs (001, « Envoi de MP »: « Plusieurs rôles permettent l'envoi de MPs entre joueurs (ce qui
implique qu'en temps normal ils ne sont pas autorisés). Sauf exceptions, tous les MPs passent
par le MJ, qui les transmet au joueur concerné »): one who holds no right is refused; each MP
relayed (`MpRelayed`) went, by day (by night too on the Banquier's and the Paumé's), from a
living player holding its right then (or answering on it), its check passing, to another
living player, with the text written; its text is in the recipient's mailbox and nobody else's
(the answer to the sender is returned by `Games.act`, not mailed here); an unsigned MP (the
Lâche's: « ni ne savent qui est le Lâche ») shows nowhere in its mail the sender's name, a signed
one shows its signature; none shows the sender's address. The square (001, « Gestion de la
nuit »: « Aucun post sur le topic de LG n'est autorisé pendant la nuit »): every post tried by
night is refused, and no post is counted (`SquarePosted`) or relayed (`MessagePosted`) by night
or from the dead. A refused MP, answer or post records no MpRelayed, SquarePosted or
MessagePosted, and its text reaches nobody."""

from __future__ import annotations

import os
import random
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from lgmail.rules.evolve import apply
from lgmail.rules.maisons import deaths
from lgmail.rules.maisons.acting import is_direct
from lgmail.rules.maisons.events import plans
from lgmail.rules.maisons.mp import RIGHTS
from lgmail.rules.maisons.role import CATALOGUE, HOUSE, NOBODY, usable
from lgmail.rules.maisons.roles import (
    dominateur,
    saint,
    sympathique,
    voldemort,
)
from lgmail.rules.role import MANY
from lgmail.rules.state import SQUARE, GameState
from lgmail.service.codec import decode_all
from tests.maisons.random_talk import Talk, day_talk, mps_reach_their_recipient, night_talk
from tests.scenario import Scenario

PLAYERS = [f"J{i:02d}" for i in range(20)]
CHIEUR = "celui-qui-a-decide-de-faire-chier-son-camp"
#: phases a game may take (a 20-player game of 001 takes about twenty)
PHASES = 60


def _mail(rng: random.Random, s: GameState, name: str) -> str:
    """A random mail of `name`'s night actions (the words of each role's first hint)."""
    me = s.players[name]
    living = [p.name for p in s.living() if p.name != name]
    lines: list[str] = []
    direct = False
    for slug in me.powers:
        spec = CATALOGUE.get(slug)
        for action in spec.actions if spec else ():
            if action.when == "jour" or rng.random() < 0.5 or (action.direct and direct):
                continue
            direct = direct or action.direct
            word = action.verb.words[0]
            target = rng.choice(living)
            if slug == dominateur.ROLE.slug:
                lines.append(f"{word} {rng.choice(['salvateur', 'voyante', 'salbatar'])}")
            elif action.aims == NOBODY:
                lines.append(word)
            elif action.aims == HOUSE:
                lines.append(f"{slug} : {word} la maison de {target}")
            elif action.verb.targets in (MANY, 2) and len(living) > 1:
                lines.append(f"{slug} : {word} {' et '.join(rng.sample(living, 2))}")
            else:
                lines.append(f"{slug} : {word} {target}")
    return "\n".join(lines) or "rien"


def _play(g: Scenario, rng: random.Random, talk: Talk) -> None:
    for _ in range(PHASES):
        s = g.state
        if s.ended:
            return
        tie = next((r for r in s.reactions if r.kind == "trancher"), None)
        if tie is not None:
            # the mayor breaks the tie (001: « il répond par MP »)
            g.act(tie.player, f"trancher {rng.choice(s.extra['egalite'])}")
            continue
        if s.phase == "night":
            night_talk(g, talk)
            s = g.state
            wolves = [p.name for p in s.living() if p.nature == "loup-garou"]
            prey = [p.name for p in s.living() if p.nature != "loup-garou"]
            pack = {}
            if wolves and prey:
                order = " ==> ".join(rng.sample(wolves, len(wolves)))
                pack[rng.choice(wolves)] = f"tuer {rng.choice(prey)} : {order}\n"
            for p in s.living():
                # one mail a night (a later one replaces it): the pack's order in its author's
                g.act(p.name, pack.get(p.name, "") + _mail(rng, s, p.name))
            for p in s.players.values():
                # a dead Fantôme may haunt a house (refused once he has)
                if not p.alive and "fantome" in p.powers and rng.random() < 0.5 and prey:
                    g.act(p.name, f"hanter la maison de {rng.choice(s.living_names())}")
            g.later(hours=24)
        else:
            _answer(g, rng, s)
            day_talk(g, talk)
            living = g.state.living_names()
            for name in living:
                g.act(name, f"vote {rng.choice(living)}")
            g.later(hours=48)


def _winners_as_written(g: Scenario) -> None:
    """001, « Conditions de victoire », read again here apart from the rule set: each winner met
    every condition he holds (Faux cul alive; Iznogoud once mayor; Fan de MP, 400 MPs; the
    Banquier a debt left, the Paumé none), his
    nature's when none replaces it; each loser failed one."""
    s = g.state
    (end,) = g.events("GameEnded")
    if end["winner"] is None:
        return
    mayors = set(s.extra.get("maires", [])) | ({s.captain} if s.captain else set())
    # « Possède une liste de 3 joueurs étant Paumés. Chacun de ces joueurs a une Dette. »
    bank = [p.name for p in s.players.values() if "banquier" in p.powers]
    owed = {p.name: 1 for p in s.players.values() if "paume" in p.powers and bank != [p.name]}
    owed = owed if bank else {}
    owed.update({e["paume"]: e["debts"] for e in g.events("DebtMade")})
    # « Si le propriétaire meurt, le fantôme disparaît »
    ghosts: dict[str, str] = {}
    for e in g.events():
        if e["type"] == "Haunted":
            ghosts[e["fantome"]] = e["house"]
        elif e["type"] == "Exorcised":
            ghosts.pop(e["fantome"], None)
    owners = {q.house or q.name: q.alive for q in s.players.values()}
    haunted = [h for h in ghosts.values() if owners.get(h)]
    for p in s.players.values():
        held = set(usable(s, p))
        wolf = p.nature == "loup-garou"
        if CHIEUR in held and (wolf or "suiveur" in held):  # 001's precedence: the last counts
            ok = end["winner"] == "chieur" and p.alive
        elif CHIEUR in held:
            ok = end["winner"] == "loups"
        elif "suiveur" in held:
            ok = end["winner"] == "suiveurs"
        elif "faux-cul" in held:
            ok = p.alive
        else:
            ok = end["winner"] == ("loups" if p.nature == "loup-garou" else "village")
        if "iznogoud" in held:
            ok = ok and p.name in mayors
        for soul, lover in s.extra.get("amoureux", {}).items():
            if p.name in (soul, lover):
                ok = ok and s.players[soul].alive == s.players[lover].alive
        if "depressif" in held:
            ok = ok and not (p.name in s.extra.get("suicides", []) and not p.alive)
        if "fan-de-mp" in held:
            ok = ok and int(s.extra.get("mps-portes", 0)) >= 400
        if "banquier" in held:  # « possède toujours au moins une Dette »
            ok = ok and any(n > 0 for n in owed.values())
        if "paume" in held:  # « ne possède plus de dettes »
            ok = ok and owed.get(p.name, 0) == 0
        if "exorciste" in held:  # « plus de Voldemort ou de Fantôme hantant une maison »
            ok = ok and not haunted and not any("voldemort" in q.powers for q in s.living())
        assert ok == (p.name in end["winners"]), (p.name, held, end)


def stuck(s: GameState) -> bool:
    """No main win condition can be reached while nobody destroys a horcrux: every living wolf,
    or every living villager, is a Voldemort no rule may kill (001: « ne peut être tué d'aucune
    façon »); the MJ closes such a game (`lgmail game archive`)."""
    living = s.living()
    wolves = [p.name for p in living if p.nature == "loup-garou"]
    others = [p.name for p in living if p.nature != "loup-garou"]
    return any(group and all(deaths.spared(s, n) for n in group) for group in (wolves, others))


def _answer(g: Scenario, rng: random.Random, s: GameState) -> None:
    """What the dawn asked of some players: a horcrux found (Voldemort), a blessing (Saint
    Insert Name Here), a boost to place (Sympathique)."""
    for name, found in dict(s.extra.get(voldemort.FOUND, {})).items():
        if found["night"] == s.number and s.players[name].alive:
            g.act(name, f"{rng.choice(['détruire', 'détruire', 'emporter', 'laisser'])} l'horcruxe")
    for name, night in dict(s.extra.get(saint.BLESSED, {})).items():
        if night == s.number and s.players[name].alive and rng.random() < 0.5:
            g.act(name, f"renoncer à {rng.choice(s.players[name].powers)}")
    for name, slug in dict(s.extra.get(sympathique.BOOSTS, {})).items():
        if slug == "" and s.players[name].alive:
            g.act(name, f"booster {rng.choice(s.players[name].powers)}")


def _game(folder: Path, seed: int) -> Scenario:
    """A drawn 20-player game whose every draw, the deal's included, comes from `seed`: a
    failing example plays the same game again."""
    return Scenario(
        folder, {n: "" for n in PLAYERS}, variant="maisons", drawn=True, election=True, seed=seed
    )


@settings(
    max_examples=int(os.environ.get("LGMAIL_MAISONS_GAMES", "2")),
    database=None,
    # the same games each run (LGMAIL_MAISONS_GAMES=N plays more): CI is repeatable
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    # a whole 20-player game an example: a failure is reported with its seed, not shrunk
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(seed=st.integers(0, 10_000))
def test_random_legal_play(tmp_path_factory: object, seed: int) -> None:
    folder: Path = tmp_path_factory.mktemp("maisons")  # type: ignore[attr-defined]
    g = _game(folder, seed)
    rng = random.Random(seed)
    talk = Talk(rng)
    _play(g, rng, talk)
    assert g.state.ended or stuck(g.state), "the game ends"

    if g.state.ended:
        _winners_as_written(g)

    ok, _ = g.games.replay(g.name)
    assert ok, "the log replays to the stored game"

    state = GameState(name=g.name)
    records = g.games.records(g.name)
    for event, record in zip(decode_all(records), records, strict=True):
        if record.type == "ActionPlanned":
            # but a dead Fantôme's haunting (« S'il meurt, peut choisir de hanter une maison »)
            ghost = record.payload["role"] == "fantome"
            assert ghost or state.players[record.payload["player"]].alive, "the dead never act"
            for target in record.payload["targets"]:
                assert state.players[target].alive, "the dead are no target"
        if record.type == "StepClosed" and record.payload["step"] == "actions":
            for player, given in plans(state).items():
                direct = [p for p in given if is_direct(str(p["role"]), str(p["kind"]))]
                assert len(direct) <= 1, (player, given)
        if record.type == "MpRelayed":
            mp = record.payload
            sender = state.players[mp["sender"]]
            right = RIGHTS[mp["right"]]
            # the dead write not, but a Fantôme haunting a house, and on his right only
            living = sender.alive and state.players[mp["recipient"]].alive
            assert living or right.beyond, ("the dead", mp)
            # 001: « en temps normal ils ne sont pas autorisés »: only on a right held, or in
            # answer on a right that allows one, which lets him write to that recipient now
            held = right.holds(state, sender)
            assert held or right.replies, ("an MP on a right not held", state.number, mp)
            right.check(state, sender, mp["recipient"])
            # the rights of 001 are a day's (« Pendant la journée », « Au début de la journée »,
            # « Une fois par journée », « Pendant toute la journée »), but the Banquier's
            assert state.phase == "day" or right.anytime, ("an MP by night", state.number, mp)
        if record.type in ("SquarePosted", "MessagePosted"):
            author = str(record.payload.get("player") or record.payload["author"])
            if record.payload.get("channel", SQUARE) == SQUARE:
                assert state.phase != "night", ("a post by night", state.number, record.payload)
                assert state.players[author].alive, ("a post from the dead", record.payload)
        apply(state, event)

    mps_reach_their_recipient(g, talk)

    # no mail tells a player another's roles, but the powers that tell them (the Voyante's
    # vision, the Croque-mort's registers, the Paranoïaque's report of who acted on him with
    # which role) and the end's reveal
    telling = ("vision", "nouveaux morts", "on s'en est pris", "fin")
    for name in PLAYERS:
        for mail in g.mails(name):
            if any(word in mail.subject.lower() for word in telling):
                continue
            for other in PLAYERS:
                if other == name:
                    continue
                roles = [CATALOGUE[r].names["fr"] for r in state.players[other].powers]
                assert not (other in mail.content and all(r in mail.content for r in roles)), (
                    name,
                    mail.subject,
                )

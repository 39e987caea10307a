"""004's dawn: the night's steps closed, the deaths of the night in 004's order, the Servante
Dévouée's last chance, and what the night leaves for the day (004_c21bac90ae6ca834.txt)."""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.thiercelieux import (
    camps,
    deaths,
    layers,
    night,
    powers,
)
from lgmail.rules.thiercelieux.events import (
    CampChanged,
    DenJoined,
    NewMoonDue,
    NightSlept,
)
from lgmail.rules.thiercelieux.roles import (
    garde_champetre,
    infect_pere_des_loups,
    loup_egare,
    loup_garou_manipulateur,
    maitre_vampire,
    metronome,
    pyromane,
    servante_devouee,
)
from lgmail.rules.thiercelieux.roles.loup_garou_manipulateur import STEP as MANIPULATEUR
from lgmail.rules.thiercelieux.roles.servante_devouee import RoleTaken, ServanteTold
from lgmail.rules.thiercelieux.stake import Stake
from lgmail.rules.tx import Tx


class Dawn(Stake):
    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "night":
            self._dawn(tx)
            return
        self._day(tx)

    def _take(self, tx: Tx) -> tuple[str, str] | None:
        """004: the Servante Dévouée takes the role of a player dying at this dawn, before the
        deaths are announced; (she, the player) when she does."""
        s = tx.state
        for servante in s.by_role(servante_devouee.ROLE.slug):
            given = s.order_of(servante.name, servante_devouee.PRENDRE.kind)
            if given is None or not powers.effective(s, servante):
                continue
            if not layers.acts(s, servante.name, servante_devouee.STEP):
                # 004, Assommeur: « ne pourra donc pas agir de toute la Nuit »
                continue
            target = s.players[given.order.target]
            if target.name in servante_devouee.told(s, servante) and target.alive:
                tx.emit(RoleTaken(servante.name, target.name, target.role))
                return servante.name, target.name
        return None

    def _dawn(self, tx: Tx) -> None:
        s = tx.state
        for sleeper in s.extra.get(metronome.asleep_key(s.number), []):
            if s.players[sleeper].alive:
                # 004: « il reçoit à la fin de la Nuit : "Tu ne te réveilles pas cette Nuit" »
                tx.emit(NightSlept(sleeper, s.number))
        tx.emit(ev.DawnBroke(s.number))
        loup_garou_manipulateur.release(tx)
        victims, infected = night.dawn_attacks(tx)
        taken = self._take(tx)
        if taken and infected == taken[1]:
            # 004: « elle récupère ce rôle ainsi que l'infection »
            infected = taken[0]
        deaths.kill(tx, victims)
        layers.tell(tx)
        # 004: « Si ce recrutement est valable à l'issue de la résolution des actions de la
        # Nuit, alors le recrutement réussit et l'infection échoue. »
        recruited = maitre_vampire.recruit(tx)
        pyromane.burn(tx)
        if infected and s.players[infected].alive and infected not in recruited:
            # 004: « Il intègre l'antre au lever du Jour, après que le reste des autres
            # actions de Nuit ait été décidé et résolu. »
            tx.emit(CampChanged(infected, camps.LOUPS, infect_pere_des_loups.STATUS))
            tx.emit(DenJoined(infected, "infection"))
        strays = loup_egare.strays_found(s)
        if taken and taken[1] in strays:
            # 004: « elle récupère le rôle de Loup Égaré en intégrant l'antre au lever du Jour »
            strays.append(taken[0])
        for stray in strays:
            if s.players[stray].alive and not camps.in_den(s.players[stray]):
                tx.emit(DenJoined(stray, "renifle"))
        night.resolve(tx, "aube")
        if s.options.get(garde_champetre.OPTION) and s.status == "running":
            # 004: « A la fin de chaque Nuit, le MJ tire au sort deux événements »
            tx.emit(NewMoonDue(s.number))
        garde_champetre.warden(tx)

    def kill(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        deaths.kill(tx, victims)

    def close_step(self, tx: Tx, step: str) -> None:
        night.resolve(tx, step)
        s = tx.state
        planned = [p.name for p in s.plan]
        before = planned[: planned.index(MANIPULATEUR)] if MANIPULATEUR in planned else planned
        if s.phase == "night" and not any(self.actors(s, name) for name in before):
            # the night's actions are over: the Manipulateur is told whether his player acted
            loup_garou_manipulateur.report_visits(tx)
        if servante_devouee.STEP in planned and step != servante_devouee.STEP:
            waiting = planned[: planned.index(servante_devouee.STEP)]
            open_before = [n for n in waiting if n not in s.closed_steps]
            if s.phase == "night" and not any(self.actors(s, n) for n in open_before):
                self._tell_servante(tx)

    def _tell_servante(self, tx: Tx) -> None:
        """004: « le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette
        Nuit-là »: the dawn played on a scratch copy, its deaths told (once a night)."""
        s = tx.state
        servantes = [
            p
            for p in s.living()
            if p.role == servante_devouee.ROLE.slug
            and powers.effective(s, p)
            and p.name not in s.extra.get(servante_devouee.told_key(s.number), {})
        ]
        if not servantes:
            return
        scratch = Tx(s, tx.now, tx.entropy, tx.fold)
        scratch.at = tx.at
        self._dawn(scratch)
        dying = list(dict.fromkeys(e.name for e in scratch.events if isinstance(e, ev.PlayerDied)))
        for servante in servantes:
            names = [n for n in dying if n != servante.name]
            tx.emit(ServanteTold(servante.name, s.number, names))

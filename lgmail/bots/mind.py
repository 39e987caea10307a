"""What a bot knows from its mails, and what it writes back.

`Mind.read(letter, now)` learns from one mail (its name, role, the players, its pack, its
lover, the dead, what the Voyante saw, the Sorcière's victim, the phase) and queues what the
mail asks of it as a `Task`, due after some thinking time; `Mind.ready(now)` gives the tasks
due; `Mind.orders(task)` decides, with the bot's seeded `random.Random`, the lines to write:
one order a line, in French, sometimes with extra words as players write them.

The rules a bot keeps: a wolf never targets its pack (nor its lover); lovers never vote
against each other; the dead do nothing but answer "Votre dernière balle" and "Votre
successeur"; a vote asked by the public digest is a reply to the digest (a reply to the MJ's
mail is orders).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from lgmail.bots.letters import Letter

PHASE = re.compile(r"(la journée d'élection du Capitaine|la nuit \d+|le jour \d+)")
_ME = re.compile(r"^Bonjour (.+),$")
_LIST = re.compile(r"^(Joueurs|Votre meute) : (.+)\.$")
_DEAD = re.compile(r"^(.+?) est mort·e \(")
_CAPTAIN = re.compile(r"^(.+?) (?:est élu·e|devient) Capitaine")
_VICTIM = re.compile(r"les loups ont choisi (.+)\.$")
_LOVER = re.compile(r"vous a uni·e à (.+?)\. ")
_SEEN = re.compile(r"est formelle : (.+) est (.+)\.$")
_CAN = re.compile(r"^ {2}(\S+)")

#: the mails whose Reply-To is the player's private orders address
PRIVATE_KINDS = frozenset({"role", "step", "reminder", "witch", "reaction", "lovers", "seer"})

#: how a player words each order ({0}, {1}: names); the first is the plain form
PHRASES: dict[str, tuple[str, ...]] = {
    "vote_election": ("vote {0}", "je vote pour {0}", "Je vote {0}"),
    "vote_day": ("vote {0}", "je vote contre {0}", "Je vote contre {0}"),
    "vote_blank": ("vote blanc", "je vote blanc"),
    "tuer": ("tuer {0}", "je tue {0}", "on dévore {0} cette nuit"),
    "sonder": ("sonder {0}", "je sonde {0} stp"),
    "proteger": ("protéger {0}", "je protège {0}"),
    "unir": ("unir {0} et {1}", "je marie {0} et {1}"),
    "sauver": ("sauver", "potion de vie"),
    "empoisonner": ("empoisonner {0}", "potion de mort pour {0}"),
    "rien": ("rien", "je passe"),
    "fini": ("fini", "j'ai fini"),
    "tirer": ("tirer {0}", "je tire sur {0}"),
    "successeur": ("successeur {0}", "je nomme {0}"),
}


@dataclass
class Task:
    """Something a mail asks of the bot: `kind` "vote", "power" (a night step) or "reaction";
    `verbs`: the orders the mail lists ("tuer", "sauver", ...)."""

    key: tuple[str, ...]
    kind: str
    phase: str
    anchor: Letter
    verbs: list[str]
    due: float
    election: bool = False


@dataclass
class Mind:
    address: str
    rng: random.Random
    #: seconds of thinking before answering (min, max)
    think: tuple[float, float] = (0.2, 1.6)
    me: str = ""
    role: str = ""
    players: list[str] = field(default_factory=list)
    pack: list[str] = field(default_factory=list)
    lover: str | None = None
    captain: str | None = None
    dead: set[str] = field(default_factory=set)
    #: what the Voyante saw: name -> role
    seen: dict[str, str] = field(default_factory=dict)
    phase: str = ""
    #: phase -> the wolves' victim the Sorcière was told
    victims: dict[str, str] = field(default_factory=dict)
    #: the Sorcière's potions used: "vie", "mort"
    spent: set[str] = field(default_factory=set)
    protected: str | None = None
    over: bool = False
    pending: list[Task] = field(default_factory=list)
    finished: set[tuple[str, ...]] = field(default_factory=set)
    #: (kind, phase) of the votes and night steps answered
    acted: set[tuple[str, str]] = field(default_factory=set)
    #: the lines the game refused (from its answers)
    refused: list[str] = field(default_factory=list)
    answers: int = 0

    # --- what the bot knows ------------------------------------------------------------------

    @property
    def alive(self) -> bool:
        return self.me not in self.dead

    @property
    def wolf(self) -> bool:
        return self.role.startswith("Loup")

    def living(self) -> list[str]:
        return [p for p in self.players if p not in self.dead]

    def others(self) -> list[str]:
        return [p for p in self.living() if p != self.me]

    # --- reading -----------------------------------------------------------------------------

    def read(self, letter: Letter, now: float) -> None:
        """Learn from one mail addressed to the bot; queue what it asks."""
        kind = letter.kind
        if kind == "role":
            self.role = letter.topic.split(" : ", 1)[-1].strip()
        if kind in PRIVATE_KINDS:
            for line in letter.lines:
                self._learn(line.strip())
        found = PHASE.search(letter.text)
        if kind in ("step", "reminder") and found:
            self.phase = found.group(1)
        if kind == "step":
            task = Task(("power", self.phase), "power", self.phase, letter, _can(letter), now)
            self._add(task)
        elif kind == "reminder":
            verbs = _can(letter)
            task_kind = "vote" if verbs == ["vote"] else "power"
            # answered already: the orders crossed the reminder; not yet (or the step's
            # opening was not mailed): the reminder asks for them
            if (task_kind, self.phase) not in self.acted:
                key = ("reminder", letter.message_id)
                self._add(Task(key, task_kind, self.phase, letter, verbs, now))
        elif kind == "witch":
            verbs = ["sauver", "empoisonner"]
            self._add(Task(("power", self.phase), "power", self.phase, letter, verbs, now))
        elif kind == "reaction":
            verb = "tirer" if "balle" in letter.topic else "successeur"
            key = ("reaction", letter.message_id)
            task = Task(key, "reaction", self.phase, letter, [verb], now)
            self._add(task)
        elif kind == "answer":
            self.answers += 1
            if "refusé" in letter.topic or "non publié" in letter.topic:
                self.refused += [
                    line.strip() for line in letter.lines if line.strip().startswith("Refusé")
                ]
        elif kind == "digest":
            self._digest(letter, now)

    def _learn(self, line: str) -> None:
        me = _ME.match(line)
        if me and not self.me:
            self.me = me.group(1)
        listed = _LIST.match(line)
        if listed:
            names = [n.strip() for n in listed.group(2).split(",") if n.strip()]
            if listed.group(1) == "Joueurs":
                self.players = names
            else:
                self.pack = names
        victim = _VICTIM.search(line)
        if victim:
            self.victims[self.phase] = victim.group(1)
        lover = _LOVER.search(line + " ")
        if lover:
            self.lover = lover.group(1)
        seen = _SEEN.search(line)
        if seen:
            self.seen[seen.group(1)] = seen.group(2)

    def _digest(self, letter: Letter, now: float) -> None:
        for raw in letter.lines:
            line = raw.strip()
            dead = _DEAD.match(line)
            if dead:
                self.dead.add(dead.group(1))
            captain = _CAPTAIN.match(line)
            if captain:
                self.captain = captain.group(1)
            if line.startswith("Voici "):
                found = PHASE.search(line)
                if found:
                    self.phase = found.group(1)
            if line.startswith("La partie est terminée"):
                self.over = True
            election = line.startswith("Votez pour élire le Capitaine")
            if election or line.startswith("Débattez, puis votez"):
                key = ("vote", self.phase)
                self._add(Task(key, "vote", self.phase, letter, ["vote"], now, election))
        if self.over:
            self.pending.clear()

    def _add(self, task: Task) -> None:
        """Queue `task` (its `due`: when read), due after some thinking; a task for what is
        already queued (the Sorcière's step mail and her victim's, a reminder) joins it."""
        if task.key in self.finished:
            return
        same = next((t for t in self.pending if _same(t, task)), None)
        if same is not None:
            same.verbs += [v for v in task.verbs if v not in same.verbs]
            if task.anchor.kind != "digest":
                same.anchor = task.anchor
            return
        low, high = self.think
        if task.kind == "reaction" or task.key[0] == "reminder":  # short delays: hurry
            high = low + (high - low) / 3
        task.due += self.rng.uniform(low, high)
        self.pending.append(task)

    # --- acting ------------------------------------------------------------------------------

    def ready(self, now: float) -> list[Task]:
        """The tasks due at `now` (time.monotonic()), the earliest first."""
        if self.over:
            self.pending.clear()
        return sorted((t for t in self.pending if t.due <= now), key=lambda t: t.due)

    def postpone(self, task: Task, until: float) -> None:
        task.due = until

    def finish(self, task: Task) -> None:
        self.finished.add(task.key)
        if task.kind != "reaction":
            self.acted.add((task.kind, task.phase))
        if task in self.pending:
            self.pending.remove(task)

    def addressee(self, task: Task) -> Letter | None:
        """The mail to reply to: the task's own mail (a digest too: a reply to the MJ's mail
        is orders)."""
        if not self.players:
            return None  # the role mail is not read yet
        return task.anchor

    def orders(self, task: Task) -> list[str]:
        """The lines to write for `task` (none: nothing to do any more)."""
        if self.over:
            return []
        if task.kind == "reaction":
            return [line for verb in task.verbs for line in self._reaction(verb)]
        if not self.alive or not self.players:
            return []
        if task.kind == "vote":
            return [self._vote(task.election)]
        lines: list[str] = []
        for verb in task.verbs:
            lines += self._power(verb, task)
        if not lines and task.verbs:
            lines.append(self._say("rien"))
        elif len(lines) < len(task.verbs):
            # some of what the step offers (the Sorcière's one potion): done, it need not wait
            lines.append(self._say("fini"))
        return lines

    def _say(self, what: str, *names: str) -> str:
        return self.rng.choice(PHRASES[what]).format(*names)

    def _pick(self, names: list[str]) -> str | None:
        return self.rng.choice(names) if names else None

    def _vote(self, election: bool) -> str:
        others = self.others()
        if election:
            friends = [p for p in self.pack if p in others]
            if friends and self.rng.random() < 0.6:
                return self._say("vote_election", self.rng.choice(friends))
            if self.rng.random() < 0.15:
                return self._say("vote_election", self.me)
            choice = self._pick(others)
            return self._say("vote_election", choice) if choice else self._say("vote_blank")
        candidates = [p for p in others if p != self.lover and p not in self.pack]
        found = [p for p in candidates if self.seen.get(p, "").startswith("Loup")]
        innocent = [p for p in candidates if p in self.seen and p not in found]
        choice = self._pick(found) or self._pick([p for p in candidates if p not in innocent])
        choice = choice or self._pick(candidates)
        return self._say("vote_day", choice) if choice else self._say("vote_blank")

    def _power(self, verb: str, task: Task) -> list[str]:
        others = self.others()
        if verb == "tuer":
            prey = self._pick([p for p in others if p not in self.pack and p != self.lover])
            return [self._say("tuer", prey)] if prey else []
        if verb == "sonder":
            unknown = [p for p in others if p not in self.seen]
            target = self._pick(unknown or others)
            return [self._say("sonder", target)] if target else []
        if verb == "proteger":
            target = self._pick([p for p in self.living() if p != self.protected])
            if target is None:
                return []
            self.protected = target
            return [self._say("proteger", target)]
        if verb == "unir" and len(self.living()) >= 2:
            a, b = self.rng.sample(self.living(), 2)
            return [self._say("unir", a, b)]
        if verb == "sauver":
            victim = self.victims.get(task.phase)
            wanted = victim in (self.me, self.lover) or self.rng.random() < 0.5
            if victim and "vie" not in self.spent and wanted:
                self.spent.add("vie")
                return [self._say("sauver")]
            return []
        if verb == "empoisonner" and "mort" not in self.spent and self.rng.random() < 0.3:
            victim = self.victims.get(task.phase)
            target = self._pick([p for p in others if p not in (self.lover, victim)])
            if target is None:
                return []
            self.spent.add("mort")
            return [self._say("empoisonner", target)]
        return []

    def _reaction(self, verb: str) -> list[str]:
        others = self.others()
        if verb == "successeur":
            friends = [p for p in self.pack if p in others]
            target = self._pick(friends) or self._pick(others)
        else:
            target = self._pick([p for p in others if p != self.lover and p not in self.pack])
        if target is None:
            return [self._say("rien")] if verb == "tirer" else []
        return [self._say(verb, target)]


def _can(letter: Letter) -> list[str]:
    """The orders a step or reminder mail lists ("  tuer NOM" -> "tuer")."""
    verbs: list[str] = []
    for line in letter.lines:
        found = _CAN.match(line)
        if found and found.group(1) not in verbs:
            verbs.append(found.group(1))
    return verbs


def _same(queued: Task, new: Task) -> bool:
    """Whether `new` asks for what `queued` will do (reactions stand apart: a dead Chasseur
    who was Capitaine shoots and names a successor)."""
    if queued.key == new.key:
        return True
    return "reaction" not in (queued.kind, new.kind) and (queued.kind, queued.phase) == (
        new.kind,
        new.phase,
    )

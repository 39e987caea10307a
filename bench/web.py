"""The web pages' cost (#19): a classic game of 16 players played to its end by the demo's bots,
with a post on the square from every living player each day, then each page rendered and
fetched over HTTP from `lgmail serve --http` on loopback.

    .venv/bin/python bench/web.py [--players 16]

Prints the game's size (events, posts), the time to render the topic cold (the whole log read
and each decision's digest rendered) and warm (its posts kept for the game's version), a
player's page cold (his mails parsed) and warm (kept), the MJ's desk, and the pages served a
second over HTTP, one client.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lgmail.config import settings
from lgmail.rules.commands import Seat
from lgmail.service.bots import orders_for
from lgmail.service.games import Games
from lgmail.service.links import mj_token, player_token
from lgmail.web.app import Site
from lgmail.web.serve import WebListener

ROLES = ["loup-garou", "loup-garou", "loup-garou", "voyante", "sorciere", "chasseur", "cupidon"]


def play(data: Path, players: int) -> tuple[Games, str]:
    clock = [datetime(2026, 11, 29, 20, 0, tzinfo=UTC)]
    games = Games(settings.load(data), now=lambda: clock[0])
    seats = [Seat(f"Joueur{i:02d}", f"j{i:02d}@example.org") for i in range(players)]
    roles = ROLES + ["villageois"] * (players - len(ROLES))
    rng = random.Random(7)
    rng.shuffle(roles)
    name = "village"
    deal = {s.name: r for s, r in zip(seats, roles, strict=True)}
    games.create(name, "classic", seats, roles=deal, mj="mj@example.org")
    games.start(name)
    for _ in range(200):
        state = games.load(name)
        if state.status == "ended":
            break
        acted = False
        for seat in seats:
            state = games.load(name)
            if state.phase == "day" and state.players[seat.name].alive:
                games.post(name, seat.email, "place", f"{seat.name} : je soupçonne tout le monde.")
            lines = orders_for(state, seat.name, rng)
            if lines:
                acted = games.act(name, seat.email, "\n".join(lines)).ok or acted
        if not acted:
            games.end_step(name)
        clock[0] += timedelta(minutes=30)
    return games, name


def timed(fn: Callable[[], object], rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        games, name = play(Path(tmp), args.players)
        state = games.load(name)
        records = games.records(name)
        site = Site(games)
        posts = site.posts(state)
        print(f"game: {len(records)} events, {len(posts)} posts in the topic, {state.status}")
        cold = timed(lambda: Site(games).topic_html(state))
        warm = timed(lambda: site.topic_html(state))
        first = next(iter(state.players))
        player_cold = timed(lambda: Site(games).player_html(state, first), rounds=1)
        player = timed(lambda: site.player_html(state, first))
        secret = games.settings.secret
        desk = timed(lambda: site.desk_html(state, mj_token(secret, state) or ""))
        print(f"topic cold {cold * 1000:.0f} ms, warm {warm * 1000:.0f} ms")
        print(
            f"player page cold {player_cold * 1000:.0f} ms (his mails parsed), warm "
            f"{player * 1000:.0f} ms; MJ desk {desk * 1000:.0f} ms"
        )
        web = WebListener(games, f"127.0.0.1:{_free_port()}")
        web.start()
        try:
            for label, path in (
                ("topic", f"/{name}/"),
                ("player page", f"/{name}/joueur/{player_token(secret, state, first)}"),
            ):
                url = f"http://127.0.0.1:{web.port}{path}"
                urllib.request.urlopen(url).read()
                count, start = 0, time.perf_counter()
                while time.perf_counter() - start < 3:
                    urllib.request.urlopen(url).read()
                    count += 1
                print(f"HTTP {label}: {count / (time.perf_counter() - start):.0f} pages/s")
        finally:
            web.stop()


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


if __name__ == "__main__":
    main()

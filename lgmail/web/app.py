"""The web application (Starlette, an ASGI toolkit: small, typed, well kept; served by uvicorn
in `lgmail.web.serve`). Routes:

- `/`: the index, like a forum's: the games open for sign-ups, running, ended (`?lang=en`);
- `/GAME/`: the public topic (while the game is in sign-ups, its sign-up page);
  `/GAME/feed.atom`: its Atom feed;
- `/GAME/joueur/TOKEN`: a player's page;
- `/GAME/mj/TOKEN`: the MJ's desk; `/GAME/mj/TOKEN/mail/MESSAGE-ID`: a mail's raw bytes.

An unknown game or a wrong token gets the same 404, after the same work. The handlers are
plain functions: Starlette runs them in its thread pool, so a long page never holds the loop.
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from lgmail.mail.addresses import slug
from lgmail.mail.render import LANGS, html_environment, naming
from lgmail.rules.state import GameState
from lgmail.rules.variant import Variant
from lgmail.rules.variants import variant_of
from lgmail.rules.view import spectator_view
from lgmail.service.ballots import Ballot, ballots, shown_to
from lgmail.service.games import Games
from lgmail.service.links import Reader, reader_of, topic_url
from lgmail.service.vote_record import record
from lgmail.store.archive import received
from lgmail.store.model import RecordedEvent
from lgmail.web.board import board
from lgmail.web.feed import atom
from lgmail.web.journal import journal
from lgmail.web.kept import Kept
from lgmail.web.lobby import INDEX_LANGS, desk_substitutes, index, signup_desk, signup_page
from lgmail.web.pages import Letters, mj_desk, player_page
from lgmail.web.prose import Told, told
from lgmail.web.topic import Chapter, Post, revealed, topic
from lgmail.web.votes import under_posts, votes_of

NOT_FOUND = "Rien ici. / Nothing here.\n"
#: every page: no caching by a proxy (a player's page is his alone), no framing, no referrer
HEADERS = {
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
}


def page(lang: str, name: str, *, variant: Variant | None = None, **context: Any) -> str:
    """The page `name`, naming the roles of `variant`'s games (the game's rule set)."""
    lang = lang if lang in LANGS else "fr"
    with naming(variant):
        return html_environment(lang).get_template(f"web/{name}.html").render(**context)


class Site:
    """The pages of every game of `games`' store."""

    def __init__(self, games: Games, base_url: str = "") -> None:
        self.games = games
        self.base_url = base_url
        self._slugs: dict[str, str] = {}
        # what the pages computed of each game, kept until it moves on
        self._topics: Kept[list[Post]] = Kept()
        self._ballots: Kept[list[Ballot]] = Kept()
        self._told: Kept[list[Told]] = Kept()
        self._revealed: Kept[list[Chapter]] = Kept()
        self.letters = Letters()

    def game(self, key: str) -> GameState | None:
        """The game whose address is `key` (its slug), or None."""
        if key not in self._slugs:
            self._slugs = {slug(g): g for g in self.games.store.games()}
        name = self._slugs.get(key)
        return None if name is None else self.games.peek(name)

    def _log(self, state: GameState, records: list[RecordedEvent] | None) -> list[RecordedEvent]:
        return records if records is not None else self.games.records(state.name)

    def posts(self, state: GameState, records: list[RecordedEvent] | None = None) -> list[Post]:
        """The topic of `state` (whose log is `records`, read when not given)."""
        key = (state.version, state.lang)
        return self._topics.get(
            state.name, key, lambda: topic(state, self._log(state, records), state.lang)
        )

    def ballots(self, state: GameState, records: list[RecordedEvent] | None = None) -> list[Ballot]:
        """Every vote counted in `state`'s game (`lgmail.service.ballots`)."""
        return self._ballots.get(
            state.name, state.version, lambda: ballots(self._log(state, records))
        )

    def said(self, state: GameState, records: list[RecordedEvent]) -> list[Told]:
        """Every event of `state`'s game in a sentence, as the MJ reads them
        (`lgmail.web.prose`)."""
        key = (state.version, state.lang)
        return self._told.get(state.name, key, lambda: list(told(records, state.lang, mj=True)))

    def revealed(self, state: GameState, records: list[RecordedEvent]) -> list[Chapter]:
        """The ended game told in sentences (`lgmail.web.topic.revealed`)."""
        key = (state.version, state.lang)
        return self._revealed.get(
            state.name, key, lambda: revealed(records, state.lang, state.variant)
        )

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/", self.index_page),
                Route("/{game}/", self.topic_page),
                Route("/{game}/feed.atom", self.feed),
                Route("/{game}/joueur/{token}", self.player),
                Route("/{game}/mj/{token}", self.desk),
                Route("/{game}/mj/{token}/mail/{message_id:path}", self.raw_mail),
            ]
        )

    def index_html(self, lang: str) -> str:
        return page(lang, "index", **index(self.games, lang))

    def signup_html(self, state: GameState) -> str:
        context = signup_page(state, self.games.settings.domain)
        return page(state.lang, "signup", variant=variant_of(state), state=state, **context)

    def topic_html(self, state: GameState) -> str:
        if state.status == "signup":
            return self.signup_html(state)
        records = self.games.records(state.name) if state.ended else None
        posts = self.posts(state, records)
        found = self.ballots(state, records)
        return page(
            state.lang,
            "topic",
            variant=variant_of(state),
            state=state,
            shown=spectator_view(state),
            posts=posts,
            pictures=under_posts(state, found, posts, state.lang),
            record=record(shown_to(found, None), list(state.players)),
            timeline=self.revealed(state, records) if records else [],
        )

    def player_html(self, state: GameState, name: str) -> str:
        records = self.games.records(state.name)
        context = player_page(self.games.store, state, name, self.letters, records)
        lang = state.players[name].lang
        votes = votes_of(state, self.ballots(state, records), name, lang)
        return page(lang, "player", variant=variant_of(state), state=state, **context, **votes)

    def desk_html(
        self, state: GameState, token: str, phase: str | None = None, player: str | None = None
    ) -> str:
        """The MJ's desk; its log kept to `phase` ("night-1") and `player` when given."""
        records = self.games.records(state.name)
        context = mj_desk(self.games.store, state, records, self.letters)
        votes = votes_of(state, self.ballots(state, records), None, state.lang, mj=True)
        log = journal(state, self.said(state, records), state.lang, phase, player)
        signups = signup_desk(state, self.games.settings) if state.status == "signup" else None
        return page(
            state.lang,
            "mj",
            variant=variant_of(state),
            state=state,
            token=token,
            signup=signups,
            substitutes=desk_substitutes(state),
            journal=log,
            board=board(state, state.lang) if state.players else [],
            **context,
            **votes,
        )

    def index_page(self, request: Request) -> Response:
        lang = request.query_params.get("lang", INDEX_LANGS[0])
        chosen = lang if lang in INDEX_LANGS else INDEX_LANGS[0]
        return HTMLResponse(self.index_html(chosen), headers=HEADERS)

    def topic_page(self, request: Request) -> Response:
        state = self.game(request.path_params["game"])
        if state is None:
            return _not_found()
        return HTMLResponse(self.topic_html(state), headers=HEADERS)

    def feed(self, request: Request) -> Response:
        state = self.game(request.path_params["game"])
        if state is None:
            return _not_found()
        base = self.base_url or str(request.base_url).rstrip("/")
        body = atom(state, self.posts(state), topic_url(base, state))
        return Response(body, media_type="application/atom+xml", headers=HEADERS)

    def player(self, request: Request) -> Response:
        state = self.game(request.path_params["game"])
        found = self._reader(state, request.path_params["token"], mj=False)
        if state is None or found is None or found.name is None:
            return _not_found()
        return HTMLResponse(self.player_html(state, found.name), headers=HEADERS)

    def desk(self, request: Request) -> Response:
        state = self.game(request.path_params["game"])
        token = request.path_params["token"]
        if state is None or self._reader(state, token, mj=True) is None:
            return _not_found()
        query = request.query_params
        html = self.desk_html(state, token, query.get("phase"), query.get("player"))
        return HTMLResponse(html, headers=HEADERS)

    def raw_mail(self, request: Request) -> Response:
        state = self.game(request.path_params["game"])
        if state is None or self._reader(state, request.path_params["token"], mj=True) is None:
            return _not_found()
        message_id = request.path_params["message_id"]
        causes = {r.cause for r in self.games.records(state.name)}
        # only a mail this game's log names as a cause (not another game's)
        raw = received(self.games.store.engine, state.name, message_id)
        if raw is None or f"mail:{message_id}" not in causes:
            return _not_found()
        text = raw.decode("utf-8", "replace")
        return PlainTextResponse(text, headers=HEADERS)

    def _reader(self, state: GameState | None, token: str, mj: bool) -> Reader | None:
        """Who `token` opens the page of; for no game, the same work on an empty game."""
        secret = self.games.settings.secret
        return reader_of(secret, state or GameState(name=""), token, mj)


def _not_found() -> Response:
    return PlainTextResponse(NOT_FOUND, status_code=404, headers=HEADERS)

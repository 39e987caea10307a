"""What `DATA/lgmail.toml` may say, as a JSON Schema: an unknown key (a typo such as `domian`)
or a value of the wrong kind is refused when lgmail starts, with the file, the key and what is
accepted, never silently ignored."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

_HOST_PORT = r"^(\[[^\]]+\]|[^:\[\]\s]+)(:\d{1,5})?$"

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "db": {
            "type": "string",
            "pattern": "^(sqlite|postgresql)(\\+\\w+)?://",
            "description": 'a database URL: "sqlite:///PATH" or "postgresql+psycopg://USER@HOST/DB"',
        },
        "mail": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "domain": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9.-]+\\.[A-Za-z0-9-]+$|^[A-Za-z0-9-]+$",
                    "description": 'the game addresses\' domain, such as "village.example.org"',
                },
                "relay": {
                    "type": "string",
                    "pattern": _HOST_PORT,
                    "description": 'the SMTP relay, "HOST:PORT"',
                },
                "relay_starttls": {"type": "boolean", "description": "true or false"},
                "relay_ssl": {"type": "boolean", "description": "true or false"},
                "relay_user": {"type": "string", "description": "a user name"},
                "relay_password": {"type": "string", "description": "a password"},
                "relay_cafile": {"type": "string", "description": "the path of a CA file"},
                "relay_timeout": {
                    "type": "number",
                    "exclusiveMinimum": 0,
                    "description": "a number of seconds above 0",
                },
                "bounce": {
                    "type": "string",
                    "pattern": "^[^@\\s]+@[^@\\s]+$",
                    "description": 'an address, such as "bounces@village.example.org"',
                },
                "auth": {
                    "enum": ["off", "authentication-results", "dkim"],
                    "description": '"off", "authentication-results" or "dkim"',
                },
                "authserv_id": {"type": "string", "description": "the MTA's authserv-id"},
                "mx": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+\\.?$",
                    "description": "the public name of the server mail for the domain comes to, "
                    'such as "mx.example.org" (`lgmail dns` prints it as the MX)',
                },
                "public_ips": {
                    "type": "array",
                    "items": {"type": "string", "pattern": "^[0-9A-Fa-f:.]+(/[0-9]{1,3})?$"},
                    "description": 'the public addresses mail leaves from, such as ["203.0.113.7", '
                    '"2001:db8::7"] (`lgmail dns` puts them in the SPF record)',
                },
                "postmaster": {
                    "type": "string",
                    "pattern": "^[^@\\s]+@[^@\\s]+$",
                    "description": "the person postmaster@ and abuse@ the domain reach (RFC 2142), "
                    'and DMARC reports, such as "ops@example.net"',
                },
            },
        },
        "web": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "listen": {
                    "type": "string",
                    "pattern": _HOST_PORT,
                    "description": 'where `serve` answers HTTP, "HOST:PORT" (off when unset)',
                },
                "base_url": {
                    "type": "string",
                    "pattern": "^https?://[^\\s/]+(/[^\\s]*)?$",
                    "description": 'the public address mails link to, "https://HOST/PATH"',
                },
            },
        },
        "service": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "address": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
                    "description": 'the local part of the service\'s own address, such as "lgmail"',
                },
                "mj": {
                    "type": "array",
                    "items": {"type": "string", "pattern": "^[^@\\s]*@[^@\\s]+$"},
                    "description": 'who may open games by mail: ["alice@example.org", '
                    '"*@club.example.org"]',
                },
                "games_per_mj": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "a whole number above 0 (games one MJ may have open at once)",
                },
                "players_per_game": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "a whole number above 0 (sign-ups one game may take)",
                },
                "signups_per_day": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "a whole number above 0 (sign-ups one address may ask a day)",
                },
            },
        },
        "dkim": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "selector": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
                    "description": 'a DKIM selector, such as "lgmail"',
                },
                "key": {
                    "type": "string",
                    "description": "the path of the private key (default: DATA/dkim.key)",
                },
            },
        },
    },
}


class ConfigError(ValueError):
    """The configuration file says something lgmail does not accept."""


def check(config: Mapping[str, Any], path: Path) -> None:
    """Raise ConfigError, naming the file, the key and what is accepted, at the first thing in
    `config` the schema refuses."""
    from jsonschema import Draft202012Validator  # only when there is a file to check

    errors = sorted(
        Draft202012Validator(SCHEMA).iter_errors(dict(config)), key=lambda e: list(e.path)
    )
    if errors:
        raise ConfigError(f"{path}: {_explain(errors[0])}")


def _explain(error: ValidationError) -> str:
    where = list(error.path)
    section = [str(p) for p in where]
    schema = _schema_at(section)
    if error.validator == "additionalProperties":
        accepted = sorted(schema.get("properties", {}))
        given = error.instance if isinstance(error.instance, dict) else {}
        unknown = sorted(set(given) - set(accepted))
        key = ".".join([*section, unknown[0]]) if unknown else ".".join(section)
        near = difflib.get_close_matches(unknown[0], accepted, n=1) if unknown else []
        hint = f' (did you mean "{near[0]}"?)' if near else ""
        place = f"[{'.'.join(section)}]" if section else "the top level"
        return f'unknown key "{key}"{hint}; {place} accepts: {", ".join(accepted)}'
    key = ".".join(section) or "(the file)"
    wanted = schema.get("description") or error.message
    return f"{key} = {error.instance!r} is not accepted: write {wanted}"


def _schema_at(section: list[str]) -> dict[str, Any]:
    schema = SCHEMA
    for part in section:
        schema = schema.get("properties", {}).get(part, {})
    return schema

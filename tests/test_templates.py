"""What players read exists in French and English alike, and dates are written in words."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import jinja2
import pytest

from lgmail.mail.render import (
    LANGS,
    _KeptOnDisk,
    compiled_templates,
    environment,
    html_environment,
    own_texts,
    templates_dir,
    warm,
    when,
)


def names(lang: str) -> set[str]:
    root = templates_dir() / lang
    return {str(p.relative_to(root)) for p in root.rglob("*.txt")}


def test_both_languages_have_the_same_templates() -> None:
    assert names("fr") == names("en")
    assert "player/role.txt" in names("fr")


def test_dates_in_words_in_paris_time() -> None:
    moment = datetime(2026, 11, 29, 20, 30, tzinfo=UTC)
    assert when(moment, "fr") == "dimanche 29 novembre à 21h30"
    assert when(moment, "en") == "Sunday 29 November at 21:30"
    summer = datetime(2026, 6, 1, 19, 30, tzinfo=UTC)
    assert when(summer, "fr") == "lundi 1 juin à 21h30"


def test_templates_dir_is_the_top_level_folder() -> None:
    """The templates ship in the package (`lgmail/templates`), which in a checkout is the
    top-level `templates/` folder, the one to edit."""
    top = Path(__file__).resolve().parents[1] / "templates"
    assert templates_dir().resolve() == top.resolve()
    assert templates_dir().parent.name == "lgmail"


#: an order of each kind as players write it, and what its answer must say (#21 item 15)
ORDERS = {
    "voler voyante": ("Vous prendrez la carte Voyante", "You will take the card Seer"),
    "rester voleur": ("Vous restez Voleur", "You stay Thief"),
    "devenir salvateur": ("vous deviendrez Salvateur", "you will become"),
    "espionner C3": ("la case C3", "square C3"),
    "liste A": ("la liste A", "list A"),
    "deplacer Alice liste B": ("Vous déplacerez Alice", "You will move Alice"),
    "evenement 1": ("l'événement 1", "event 1"),
    "garde Bruno": ("Bruno sera le Garde Champêtre", "Bruno will be"),
    "clients Alice et Bruno": ("Vos clients : Alice et Bruno", "Your clients: Alice and Bruno"),
    "manipuler Gaston": ("visite à Gaston", "visit Gaston"),
    "detourner Gaston": ("ira à Gaston", "will go to Gaston"),
    "prendre David": ("le rôle de David", "David's role"),
    "rediriger Alice vers Bruno": ("visant Alice iront à Bruno", "at Alice will reach Bruno"),
    "telepathie Alice : à demain": ("Votre message à Alice", "Your message to Alice"),
    "assommer Bruno": ("Vous assommerez Bruno", "You will knock out Bruno"),
    "tirer une carte": ("Vous tirez une carte", "You draw a card"),
}


def test_every_accepted_order_is_answered_with_what_it_will_do() -> None:
    """#21 item 15: the answer to an accepted order says in words what it will do (« Vous
    sonderez Alice »), never a bare echo (« voler . », « detourner Gaston. »), in both
    languages; and every kind of order has its own sentence."""
    import re

    from lgmail.mail.render import environment, naming
    from lgmail.orders.parse import parse
    from lgmail.rules.orders import Kind, Order
    from lgmail.rules.variants import VARIANTS
    from lgmail.service.answers import line_of

    players = ["Alice", "Bruno", "Chloé", "David", "Emma", "Gaston"]
    for lang, index in (("fr", 0), ("en", 1)):
        macros = environment(lang).get_template("macros.txt").module
        for text, expected in ORDERS.items():
            (line,) = parse(text, players, "Emma")
            assert isinstance(line.result, Order), text
            with naming(VARIANTS["thiercelieux"]):  # the roles it names are 004's
                said = str(macros.order(line_of(line.text, line.result)))  # type: ignore[attr-defined]
            assert expected[index] in said, (lang, text, said)
        source = (templates_dir() / lang / "macros.txt").read_text(encoding="utf-8")
        order_macro = source[source.index("macro order") : source.index("endmacro")]
        shared = set(re.findall(r'o.kind == "([a-z-]+)"', order_macro))
        beside = {word for section, word in own_texts(lang) if section == "orders"}
        assert shared & beside == set(), lang
        assert {k.value for k in Kind.every()} - shared - beside == set(), lang


def test_a_role_s_texts_are_found_beside_it() -> None:
    """An order's sentence, a refusal's reason, a cause of death, a winner, a colour, a status
    and a captain's title are kept in their role's or rule set's folder, found by their word;
    `macros.txt` names none of them."""
    import re

    for lang in LANGS:
        own = own_texts(lang)
        assert own[("orders", "sonder")] == "roles/voyante/orders/sonder.txt"
        assert own[("refusals/not_allowed", "passager-long")].startswith("roles/passager/")
        assert own[("deaths", "petite-fille")].startswith("roles/petite_fille/")
        assert own[("captains", "maisons")] == "maisons/captains/maisons.txt"
        source = (templates_dir() / lang / "macros.txt").read_text(encoding="utf-8")
        for line in source.splitlines():
            for section in re.findall(r'own_text\("([a-z_/]+)"', line):
                named = set(re.findall(r'== "([a-z_-]+)"', line))
                assert named & {w for s, w in own if s == section} == set(), (lang, section)
    macros = environment("fr").get_template("macros.txt").module
    said = macros.refusal("not_allowed", {"why": "vampire-limit"})  # type: ignore[attr-defined]
    assert str(said).startswith("vous ne pouvez plus recruter : deux acolytes au plus")
    assert str(macros.cause_of_death("feu")) == "pris·e dans l'incendie allumé par le Pyromane"  # type: ignore[attr-defined]
    assert str(macros.captain({"variant": "kohlanta"})) == "chef de tribu"  # type: ignore[attr-defined]


def test_a_worker_loads_every_template_as_it_starts() -> None:
    """`warm` leaves every template of every language loaded, so that a worker's first mails
    load nothing."""
    warm()
    for lang in LANGS:
        for env, suffix in ((environment(lang), ".txt"), (html_environment(lang), ".html")):
            cache = env.cache
            assert cache is not None
            loaded = {name for _, name in cache}
            assert {n for n in env.list_templates() if n.endswith(suffix)} <= loaded


def test_a_template_compiled_once_is_loaded_compiled_by_the_next_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled templates are kept on disk (`compiled_templates`): the next process loads
    them without compiling; a folder it cannot write to only costs the compiling."""
    assert compiled_templates() is not None
    source = {"t.txt": "{% for i in range(3) %}{{ i }}{% endfor %}"}
    kept = _KeptOnDisk(str(tmp_path))
    first = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=kept)
    assert first.get_template("t.txt").render() == "012"
    later = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=kept)
    monkeypatch.setattr(later, "compile", lambda *_, **__: pytest.fail("compiled again"))
    assert later.get_template("t.txt").render() == "012"
    nowhere = _KeptOnDisk(str(tmp_path / "missing"))
    lost = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=nowhere)
    assert lost.get_template("t.txt").render() == "012"

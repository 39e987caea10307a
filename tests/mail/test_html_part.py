"""The mails' HTML part (`lgmail.mail.render.render_html`): a page is rendered once for a text
and each mail's footer takes its place (#37: a digest goes to every player with one text);
what comes out is what `layout.html` renders with that footer, escaped the same way."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lgmail.mail.render import html_environment, html_text, render_html

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80)


def _whole(lang: str, subject: str, body: str, footer: str) -> str:
    """`layout.html` rendered with the footer itself, in one go."""
    lines = [line for line in footer.splitlines() if line.strip()]
    template = html_environment(lang).get_template("layout.html")
    return template.render(subject=subject, text=html_text(body), footer=lines, record=None)


def test_a_text_is_paragraphs_of_escaped_lines() -> None:
    body = "\n\nAlice <alice@example.org>\nest morte & enterrée.\n\n\n\nLa nuit tombe.\n"
    assert html_text(body) == (
        "<p>Alice &lt;alice@example.org&gt;<br>est morte &amp; enterrée.</p>\n<p>La nuit tombe.</p>"
    )
    page = render_html("fr", "Jour 2", body)
    assert "<p>Alice &lt;alice@example.org&gt;<br>est morte &amp; enterrée.</p>" in page


@given(st.sampled_from(["fr", "en"]), TEXT, TEXT, TEXT)
def test_the_page_with_its_footer_is_the_layout_rendered_whole(
    lang: str, subject: str, body: str, footer: str
) -> None:
    assert render_html(lang, subject, body, footer) == _whole(lang, subject, body, footer)


def test_two_readers_of_one_text_get_their_own_footer_escaped() -> None:
    body = "Le village se réveille.\n\nAlice <alice@example.org> est morte & enterrée."
    alice = render_html("fr", "Jour 2", body, "Vos ordres : <a+x@lgmail.example>\nÀ bientôt")
    bruno = render_html("fr", "Jour 2", body, "Vos ordres : b+y@lgmail.example")
    assert "&lt;a+x@lgmail.example&gt;<br>À bientôt" in alice
    assert "b+y@lgmail.example" in bruno and "a+x" not in bruno
    assert alice == _whole("fr", "Jour 2", body, "Vos ordres : <a+x@lgmail.example>\nÀ bientôt")

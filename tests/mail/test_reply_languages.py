"""Replies whose quote has no `>` and no blockquote (issue #38, items 6 and 7): Outlook's and
Windows Mail's header blocks in the languages they write them, the same block in a language we
have no word of after a rule or a border-top div, and Gmail's attributions as its languages write
them ("<john@example.com>wrote:" glued too). Each mail has « vote Alice » on top and « vote
Bruno » in the mail replied to: only the first is the player's."""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP

import pytest

from lgmail.mail.quotes import header_run, strip_reply
from lgmail.mail.reading import read_mail

#: (Outlook's Content-Language, its header block: from, sent, to, subject; Gmail's attribution)
BLOCKS: list[tuple[str, tuple[str, ...], str]] = [
    (
        "pt-BR",
        (
            "De: Mestre do Jogo <village@lg.example.org>",
            "Enviada em: segunda-feira, 30 de novembro de 2026 21:04",
            "Para: Alice <alice@example.org>",
            "Assunto: [village] O seu papel",
        ),
        "Em seg., 30 de nov. de 2026 às 21:04, Mestre <village@lg.example.org> escreveu:",
    ),
    (
        "pt-PT",
        (
            "De: Mestre do Jogo <village@lg.example.org>",
            "Enviado: 30 de novembro de 2026 21:04",
            "Para: Alice <alice@example.org>",
            "Assunto: [village] O seu papel",
        ),
        "Mestre <village@lg.example.org> escreveu no dia segunda, 30/11/2026 à(s) 21:04:",
    ),
    (
        "ru",
        (
            "От: Ведущий <village@lg.example.org>",
            "Отправлено: понедельник, 30 ноября 2026 г. 21:04",
            "Кому: Alice <alice@example.org>",
            "Тема: [village] Ваша роль",
        ),
        "пн, 30 нояб. 2026 г. в 21:04, Ведущий <village@lg.example.org>:",
    ),
    (
        "de",
        (
            "Von: Spielleiter <village@lg.example.org>",
            "Gesendet: Montag, 30. November 2026 21:04",
            "An: Alice <alice@example.org>",
            "Betreff: [village] Deine Rolle",
        ),
        "Am Mo., 30. Nov. 2026 um 21:04 Uhr schrieb Spielleiter <village@lg.example.org>:",
    ),
    (
        "es",
        (
            "De: Director del juego <village@lg.example.org>",
            "Enviado el: lunes, 30 de noviembre de 2026 21:04",
            "Para: Alice <alice@example.org>",
            "Asunto: [village] Tu papel",
        ),
        "El lun, 30 nov 2026 a las 21:04, Director (<village@lg.example.org>) escribió:",
    ),
    (
        "it",
        (
            "Da: Master <village@lg.example.org>",
            "Inviato: lunedì 30 novembre 2026 21:04",
            "A: Alice <alice@example.org>",
            "Oggetto: [village] Il tuo ruolo",
        ),
        "Il giorno lun 30 nov 2026 alle ore 21:04 Master <village@lg.example.org> ha scritto:",
    ),
    (
        "nl",
        (
            "Van: Spelleider <village@lg.example.org>",
            "Verzonden: maandag 30 november 2026 21:04",
            "Aan: Alice <alice@example.org>",
            "Onderwerp: [village] Je rol",
        ),
        "Op ma 30 nov. 2026 om 21:04 schreef Spelleider <village@lg.example.org>:",
    ),
    (
        "pl",
        (
            "Od: Mistrz gry <village@lg.example.org>",
            "Wysłano: poniedziałek, 30 listopada 2026 21:04",
            "Do: Alice <alice@example.org>",
            "Temat: [village] Twoja rola",
        ),
        "W dniu pon., 30.11.2026 o 21:04 Mistrz gry <village@lg.example.org> napisał(a):",
    ),
]
#: a language none of whose labels we know: recognised by its shape after a rule
UNKNOWN: list[tuple[str, tuple[str, ...]]] = [
    (
        "el",
        (
            "Από: Αφηγητής <village@lg.example.org>",
            "Αποστολή: Δευτέρα, 30 Νοεμβρίου 2026 21:04",
            "Προς: Alice <alice@example.org>",
            "Θέμα: [village] Ο ρόλος σου",
        ),
    ),
    (
        "vi",
        (
            "Từ: Quản trò <village@lg.example.org>",
            "Đã gửi: Thứ Hai, 30 tháng 11, 2026 21:04",
            "Đến: Alice <alice@example.org>",
            "Chủ đề: [village] Vai trò của bạn",
        ),
    ),
]
ORIGINAL = "Bonjour Alice,\nvote Bruno\nRépondez « vote NOM »."


def raw_mail(plain: str | None, html: str | None, lang: str, mailer: str) -> bytes:
    """A reply as Outlook or Windows Mail sends it: text/plain and text/html alternatives,
    or one of them alone, UTF-8 in quoted-printable."""
    msg = EmailMessage()
    msg["From"] = "Alice <alice@example.org>"
    msg["To"] = "MJ <village+k3j5w2xqa7m4@lg.example.org>"
    msg["Subject"] = "RE: [village] Day 1"
    msg["Date"] = "Tue, 1 Dec 2026 20:02:11 +0100"
    msg["Message-ID"] = "<000b01db4412$aa77be10$ff673a30$@example.org>"
    msg["In-Reply-To"] = "<lgmail.village.0057@lg.example.org>"
    msg["X-Mailer"] = mailer
    msg["Thread-Index"] = "AQJm1pYw8y7mKp0Xc1EWa6c9m8mBpQ=="
    msg["Content-Language"] = lang
    if plain is not None:
        msg.set_content(plain, cte="quoted-printable")
        if html is not None:
            msg.add_alternative(html, subtype="html", cte="quoted-printable")
    else:
        assert html is not None
        msg.set_content(html, subtype="html", cte="quoted-printable")
    return msg.as_bytes(policy=SMTP)


def outlook_plain(block: tuple[str, ...]) -> str:
    return "vote Alice\n\n" + "\n".join(block) + "\n\n" + ORIGINAL + "\n"


def outlook_html(block: tuple[str, ...], lang: str) -> str:
    """Outlook desktop's Word HTML: the header block in a div with a top border."""
    cells = []
    for line in block:
        label, _, value = line.partition(": ")
        value = value.replace("<", "&lt;").replace(">", "&gt;")
        cells.append(f"<b>{label}:</b> {value}")
    original = "".join(
        f"<p class=MsoNormal>{line}<o:p></o:p></p>" for line in ORIGINAL.splitlines()
    )
    return (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
        '<meta http-equiv=Content-Type content="text/html; charset=utf-8">'
        '<meta name=Generator content="Microsoft Word 15 (filtered medium)">'
        "<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt;} --></style></head>"
        f'<body lang={lang.upper()} link="#0563C1" vlink="#954F72">'
        "<div class=WordSection1><p class=MsoNormal>vote Alice<o:p></o:p></p>"
        "<p class=MsoNormal><o:p>&nbsp;</o:p></p><div>"
        "<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'>"
        f"<p class=MsoNormal>{'<br>'.join(cells)}<o:p></o:p></p></div></div>"
        f"<p class=MsoNormal><o:p>&nbsp;</o:p></p>{original}</div></body></html>"
    )


def windows_mail_html(block: tuple[str, ...]) -> str:
    """Windows Mail's HTML (talon's `windows_mail.html` fixture): the block in a div whose top
    border is drawn by three `border-top-*` properties, the labels bold, non-breaking spaces."""
    cells = []
    for line in block:
        label, _, value = line.partition(": ")
        if "<" in value:
            name, _, address = value.partition(" <")
            value = f'<a href="mailto:{address.rstrip(">")}" target="_parent">{name}</a>'
        cells.append(f"<b>{label}:</b>&nbsp;{value}")
    original = "".join(f'<div class="gmail_default">{line}</div>' for line in ORIGINAL.splitlines())
    return (
        '<html>\n<head>\n<meta name="generator" content="Windows Mail 17.5.9600.20498">\n'
        '<style data-externalstyle="true"><!--\np.MsoNormal {\nmargin:0in;\n}\n--></style>'
        '</head>\n<body dir="ltr">\n<div data-externalstyle="false" dir="ltr" '
        "style=\"font-family: 'Calibri', 'Segoe UI', 'sans-serif';font-size:12pt;\">"
        "<div>vote Alice</div><div><br></div><div>Alex<br></div>"
        '<div data-signatureblock="true"><div><br></div><div><br></div></div>'
        '<div style="padding-top: 5px; border-top-color: rgb(229, 229, 229); '
        'border-top-width: 1px; border-top-style: solid;"><div><font face=" \'Calibri\'" '
        "style='line-height: 15pt; font-size: 12pt;'>"
        f"{'<br>'.join(cells)}</font></div></div><div><br></div>"
        f'<div dir=""><div dir="ltr">{original}</div>\n</div></div>\n</body>\n</html>\n'
    )


def ids(blocks: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    return [lang for lang, _ in blocks]


# ------------------------------------------------------------------ item 6: header blocks


def test_windows_mail_russian_html_reply() -> None:
    """The talon fixture's shape: Windows Mail, « От: / Отправлено: / Кому: » (no subject) in a
    border-top div, the quoted mail below with a vote in it."""
    block = (
        "От: Ведущий <village@lg.example.org>",
        "Отправлено: четверг, 26 июня 2014 г. 15:05",
        "Кому: Alex <alex@example.org>",
    )
    mail = read_mail(raw_mail(None, windows_mail_html(block), "ru", "Windows Mail 17.5.9600"))
    assert mail.html_only
    assert mail.text == "vote Alice\n\nAlex"
    assert "vote Bruno" not in mail.text


def test_windows_mail_russian_plain_and_html() -> None:
    block = (
        "От: Ведущий <village@lg.example.org>",
        "Отправлено: четверг, 26 июня 2014 г. 15:05",
        "Кому: Alex <alex@example.org>",
        "Тема: [village] День 1",
    )
    plain = "vote Alice\n\nAlex\n\n" + "\n".join(block) + "\n\n" + ORIGINAL + "\n"
    raw = raw_mail(plain, windows_mail_html(block), "ru", "Windows Mail 17.5.9600")
    mail = read_mail(raw)
    assert not mail.html_only
    assert mail.text == "vote Alice\n\nAlex"


@pytest.mark.parametrize(
    ("lang", "block", "attribution"), BLOCKS, ids=[lang for lang, _, _ in BLOCKS]
)
def test_replies_in_the_language_of_the_client(
    lang: str, block: tuple[str, ...], attribution: str
) -> None:
    """Outlook's header block as it writes it in text, in Word HTML under a border-top div,
    both, and run into one line; Gmail's attribution before the mail replied to, unquoted."""
    outlook = "Microsoft Outlook 16.0"
    forms = {
        "plain": raw_mail(outlook_plain(block), None, lang, outlook),
        "html": raw_mail(None, outlook_html(block, lang), lang, outlook),
        "both": raw_mail(outlook_plain(block), outlook_html(block, lang), lang, outlook),
        "one line": raw_mail(
            "vote Alice\n\n" + " ".join(block) + "\n\n" + ORIGINAL, None, lang, outlook
        ),
        "gmail": raw_mail(f"vote Alice\n\n{attribution}\n\n{ORIGINAL}\n", None, lang, "Gmail"),
    }
    read = {form: read_mail(raw).text for form, raw in forms.items()}
    assert read == dict.fromkeys(forms, "vote Alice")


def test_email_reply_parser_pt_br_fixture() -> None:
    """github/email_reply_parser's `email_multiline_quote_header_pt_br.txt`, a vote on top."""
    text = (
        "vote Alice\n\n"
        "De: john@example.com\n"
        "Enviada em: sexta-feira, 27 de julho de 2012 15:09\n"
        "Para: shelly@example.com \n"
        "Assunto: Tell us what you learned.\n\n"
        "vote Bruno\n"
    )
    assert read_mail(raw_mail(text, None, "pt-BR", "Microsoft Outlook 14.0")).text == "vote Alice"


@pytest.mark.parametrize(("lang", "block"), UNKNOWN, ids=ids(UNKNOWN))
def test_header_block_of_any_language_under_a_border_top(lang: str, block: tuple[str, ...]) -> None:
    """Labels we have no word for: the shape tells, a run of « Label: value » lines with an
    address or a date under Outlook's border-top div or Windows Mail's."""
    outlook = read_mail(raw_mail(None, outlook_html(block, lang), lang, "Microsoft Outlook 16.0"))
    assert outlook.text == "vote Alice"
    windows = read_mail(raw_mail(None, windows_mail_html(block), lang, "Windows Mail 17.5"))
    assert windows.text == "vote Alice\n\nAlex"


#: the player's own lines that only look like a header block: kept
LOOKALIKES = [
    # a rule, then one « Label: value » line only
    "vote Alice\n-----\nNote: the vote closes at 21:30\nvote Bruno",
    # a rule, then labels with neither an address nor a date
    "vote Alice\n-----\nMaire: Chloé\nVoyante: morte\nvote Bruno",
    # labels with an address and a date but no rule above them, in a language we don't know
    "vote Alice\nΑπό: Bruno <bruno@example.org>\nΑποστολή: 21:04\nvote Bruno",
    # a rule, then prose
    "vote Alice\n---\nvote Bruno",
]


@pytest.mark.parametrize("rule", ["-----", "=" * 40, "_____", "—" * 10])
@pytest.mark.parametrize(("lang", "block"), UNKNOWN, ids=ids(UNKNOWN))
def test_header_block_of_any_language_under_a_rule(
    lang: str, block: tuple[str, ...], rule: str
) -> None:
    text = f"vote Alice\n\n{rule}\n" + "\n".join(block) + "\n\n" + ORIGINAL + "\n"
    assert read_mail(raw_mail(text, None, lang, "Some Mailer 1.0")).text == "vote Alice"
    for own in LOOKALIKES:
        assert strip_reply(own) == own


def test_header_run_needs_two_labels_and_an_address_or_a_date() -> None:
    assert header_run(["", "Από: Bruno <b@x.org>", "Προς: Alice"], 0)
    assert header_run(["Từ: Bruno", "Đã gửi: 30/11/2026 21:04"], 0)
    assert not header_run(["Από: Bruno <b@x.org>", "vote Bruno"], 0)
    assert not header_run(["Από: Bruno", "Προς: Alice"], 0)
    assert not header_run(["See: https://example.org/2026", "Also: here"], 0)


# ------------------------------------------------------------------ item 7: attributions


GLUED = "On Tue, Sep 25, 2012 at 8:00 AM, John <john@example.com>wrote:"


@pytest.mark.parametrize("quoted", [True, False])
def test_attribution_glued_to_the_address(quoted: bool) -> None:
    """« <john@example.com>wrote: » (no space): still the head of the quote, stripped."""
    original = "\n".join(("> " if quoted else "") + line for line in ORIGINAL.splitlines())
    text = f"vote Alice\n\n{GLUED}\n\n{original}\n"
    mail = read_mail(raw_mail(text, None, "en-US", "Gmail"))
    assert mail.text == "vote Alice"

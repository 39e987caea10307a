"""Focused tests of `lgmail.mail.reading`: headers, automatic mails, bounces, MIME, charsets,
HTML, quotes and signatures."""

from __future__ import annotations

import base64
from email.message import EmailMessage

import pytest

from lgmail.mail.html_text import html_to_text
from lgmail.mail.quotes import strip_reply
from lgmail.mail.reading import Bounce, ReadMail, clean_subject, orders_text, read_mail


def mail(body: str = "vote Bruno\n", **headers: str) -> bytes:
    head = {"From": "Alice <alice@example.org>", "To": "village@lg.example.org"}
    head.update({k.replace("_", "-"): v for k, v in headers.items()})
    lines = [f"{k}: {v}" for k, v in head.items()]
    if not any(k.lower() == "content-type" for k in head):
        lines.append("Content-Type: text/plain; charset=utf-8")
        lines.append("Content-Transfer-Encoding: 8bit")
    return ("\n".join(lines) + "\n\n" + body).encode("utf-8")


# ---------------------------------------------------------------------------------- headers


def test_headers() -> None:
    m = read_mail(
        mail(
            From='"Chlo=?utf-8?q?=C3=A9?=" <Chloe.P@Example.org>',
            To="MJ <village+abc@lg.example.org>, bruno@example.org",
            Cc="village+ABC@lg.example.org, emma@example.org",
            Delivered_To="village+abc@lg.example.org",
            X_Original_To="village@lg.example.org",
            Message_ID="  <abc.123@mail.example.org>  ",
            In_Reply_To="<game.1@lg.example.org> (sent by us)",
            References="<a@x>\n <b@y>  <game.1@lg.example.org>",
            Subject="=?UTF-8?Q?Re=3A_=5Bvillage=5D_Votre_r=C3=B4le?=",
        )
    )
    assert m.sender == "Chloe.P@Example.org"
    assert m.sender_name == "Chloé"
    assert m.recipients == [
        "village+abc@lg.example.org",
        "bruno@example.org",
        "emma@example.org",
        "village@lg.example.org",
    ]
    assert m.message_id == "<abc.123@mail.example.org>"
    assert m.in_reply_to == "<game.1@lg.example.org>"
    assert m.references == ["<a@x>", "<b@y>", "<game.1@lg.example.org>"]
    assert m.subject == "[village] Votre rôle"
    assert m.automatic is None and m.bounce is None
    assert m.text == "vote Bruno"


def test_missing_headers() -> None:
    m = read_mail(b"\nvote Bruno\n")
    assert (m.message_id, m.sender, m.sender_name, m.recipients, m.subject) == (
        None,
        "",
        "",
        [],
        "",
    )
    assert m.in_reply_to is None and m.references == []
    assert m.text == "vote Bruno"


def test_message_id_without_brackets_and_folded() -> None:
    assert read_mail(mail(Message_ID="abc@x")).message_id == "abc@x"
    raw = b"Message-ID:\r\n <DB9PR@eurprd02.outlook.com>\r\nFrom: a@b\r\n\r\nhi\r\n"
    assert read_mail(raw).message_id == "<DB9PR@eurprd02.outlook.com>"


def test_raw_8bit_headers() -> None:
    raw = "From: Chloé <c@x.org>\nSubject: Re: [village] vote Zoé\n\nhi\n".encode()
    m = read_mail(raw)
    assert (m.sender_name, m.subject) == ("Chloé", "[village] vote Zoé")
    raw = b"From: Chlo\xe9 <c@x.org>\nSubject: Re: caf\xe9\n\nhi\n"
    m = read_mail(raw)
    assert (m.sender_name, m.subject) == ("Chloé", "café")


def test_encoded_words_with_unknown_charset_and_bad_base64() -> None:
    m = read_mail(mail(Subject="=?x-bogus?Q?Ren=E9?= =?utf-8?B?w6k?= =?utf-8?B?!!!?="))
    assert m.subject.startswith("René")


@pytest.mark.parametrize(
    ("subject", "cleaned"),
    [
        ("Re: [village] Votre rôle", "[village] Votre rôle"),
        ("RE : [village] vote Bruno", "[village] vote Bruno"),
        ("Re\u00a0: TR: Fwd: AW: WG: sujet", "sujet"),
        ("Re[2]: RE: re: x", "x"),
        ("Réf : x", "x"),
        ("[village] Re: vote Bruno", "[village] vote Bruno"),
        ("Re: [village] Re: vote Bruno", "[village] vote Bruno"),
        ("Réponse automatique : [village] Le jour 1", "Réponse automatique : [village] Le jour 1"),
        ("Regarder Bruno", "Regarder Bruno"),
        ("Tres bien", "Tres bien"),
        ("", ""),
    ],
)
def test_clean_subject(subject: str, cleaned: str) -> None:
    assert clean_subject(subject) == cleaned


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        ("Re: [village] vote Bruno", "vote Bruno"),
        ("TR: RE: [village] tuer Bob", "tuer Bob"),
        ("[village] [nuit 2] sauver", "sauver"),
        ("aide", "aide"),
        ("Re: [village]", ""),
    ],
)
def test_orders_text_from_the_subject(subject: str, text: str) -> None:
    m = read_mail(mail("\n\nEnvoyé de mon iPhone\n", Subject=subject))
    assert m.text == ""
    assert orders_text(m) == text


def test_orders_text_prefers_the_body() -> None:
    m = read_mail(mail("rien\n", Subject="Re: [village] vote Bruno"))
    assert orders_text(m) == "rien"


# ---------------------------------------------------------------------------------- automatic


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Auto-Submitted": "Auto-Generated; owner-email=x@y"},
        {"Auto-Submitted": "auto-notified"},
        {"Precedence": "bulk"},
        {"Precedence": "Junk"},
        {"Precedence": "list"},
        {"Return-Path": "<>"},
        {"Return-Path": "< >"},
        {"From": "MAILER-DAEMON@mx.example.org"},
        {"From": "Mail Delivery System <Postmaster@example.org>"},
        {"X-Autoreply": "yes"},
        {"X-Autorespond": "Out of office"},
        {"List-Id": "<joueurs.listes.example.org>"},
        {"List-Unsubscribe": "<mailto:leave@example.org>"},
        {"Subject": "Automatic reply: [village] Day 1"},
        {"Subject": "Réponse automatique : [village] Le jour 1"},
        {"Subject": "Out of Office: back Monday"},
    ],
)
def test_automatic(headers: dict[str, str]) -> None:
    raw = mail(**{k.replace("-", "_"): v for k, v in headers.items()})
    assert read_mail(raw).automatic


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "no"},
        {"Auto-Submitted": "No; comment"},
        {"Precedence": "first-class"},
        {"Return-Path": "<alice@example.org>"},
        {"X-Auto-Response-Suppress": "None"},
        {"X-Auto-Response-Suppress": "DR, RN"},
        {"X-Auto-Response-Suppress": "DR, OOF, AutoReply"},  # a distribution list's
        {"X-Auto-Response-Suppress": "All"},
        {"From": "daemon.fan@example.org"},
        {"Subject": "Re: [village] automatic reply: vote Bruno"},
    ],
)
def test_not_automatic(headers: dict[str, str]) -> None:
    raw = mail(**{k.replace("-", "_"): v for k, v in headers.items()})
    assert read_mail(raw).automatic is None


def report(report_type: str, second: str) -> bytes:
    return (
        "From: Frank <frank@example.net>\nTo: village@lg.example.org\nSubject: Lu : x\n"
        f'Content-Type: multipart/report; report-type={report_type}; boundary="B"\n\n'
        "--B\nContent-Type: text/plain\n\nYour message was read.\n"
        f"--B\n{second}\n--B--\n"
    ).encode()


def test_read_receipt_is_automatic() -> None:
    m = read_mail(
        report(
            "disposition-notification",
            "Content-Type: message/disposition-notification\n\n"
            "Final-Recipient: rfc822;frank@example.net\n"
            "Disposition: manual-action/MDN-sent-manually; displayed\n",
        )
    )
    assert m.automatic and "disposition-notification" in m.automatic
    assert m.bounce is None
    assert m.text == "Your message was read."
    assert m.attachments == []


def test_dsn_with_several_recipients() -> None:
    m = read_mail(
        report(
            "delivery-status",
            "Content-Type: message/delivery-status\n\n"
            "Reporting-MTA: dns; mx.example.org\n\n"
            "Final-Recipient: rfc822; ok@example.org\nAction: delivered\nStatus: 2.0.0\n\n"
            "Final-Recipient: rfc822; <gone@example.org>\nAction: failed\nStatus: 5.1.1 (no such"
            " user)\nDiagnostic-Code: smtp; 550 5.1.1 user\n  unknown\n\n"
            "Original-Recipient: rfc822;full@example.org\nAction: failed\nStatus: 5.2.2\n",
        )
    )
    assert m.bounce == Bounce(
        ["gone@example.org", "full@example.org"], "failed", "5.1.1", "550 5.1.1 user unknown"
    )
    assert m.bounce.permanent
    assert m.automatic


def test_delayed_dsn_names_no_failed_recipient() -> None:
    m = read_mail(
        report(
            "delivery-status",
            "Content-Type: message/delivery-status\n\n"
            "Final-Recipient: rfc822; slow@example.org\nAction: delayed\nStatus: 4.4.1\n",
        )
    )
    assert m.bounce == Bounce([], "delayed", "4.4.1", "")
    assert not m.bounce.permanent


def test_dsn_without_fields_and_plain_bounces() -> None:
    m = read_mail(report("delivery-status", "Content-Type: message/delivery-status\n\njunk\n"))
    assert m.bounce == Bounce([], "", "")
    m = read_mail(
        mail(
            "The mail could not be delivered.\n",
            From="Mail Delivery System <MAILER-DAEMON@exim.example.org>",
            X_Failed_Recipients="bob@example.org, eve@example.org",
        )
    )
    assert m.bounce == Bounce(["bob@example.org", "eve@example.org"], "failed", "")
    assert m.automatic


# ---------------------------------------------------------------------------------- MIME


def test_plain_preferred_over_html() -> None:
    msg = EmailMessage()
    msg["From"] = "a@b"
    msg.set_content("vote Bruno\n")
    msg.add_alternative("<p>vote <b>Chloé</b></p>", subtype="html")
    m = read_mail(msg.as_bytes())
    assert (m.text, m.html_only) == ("vote Bruno", False)


def test_blank_plain_part_falls_back_to_html() -> None:
    msg = EmailMessage()
    msg["From"] = "a@b"
    msg.set_content(" \n")
    msg.add_alternative("<p>vote Chloé</p>", subtype="html")
    m = read_mail(msg.as_bytes())
    assert (m.text, m.html_only) == ("vote Chloé", True)


def test_attachments_listed_and_ignored() -> None:
    msg = EmailMessage()
    msg["From"] = "a@b"
    msg.set_content("tuer Bruno\n")
    msg.add_attachment(
        b"\xff\xd8\xff\xe0jpeg", maintype="image", subtype="jpeg", filename="IMG_1.jpg"
    )
    msg.add_attachment("notes\n", filename="notes.txt")
    msg.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf")
    inner = EmailMessage()
    inner["Subject"] = "forwarded"
    inner.set_content("vote Emma\n")
    msg.add_attachment(inner)
    m = read_mail(msg.as_bytes())
    assert m.text == "tuer Bruno"
    assert m.attachments == ["IMG_1.jpg", "notes.txt", "application/pdf", "message/rfc822"]


def test_rfc2231_and_encoded_attachment_names() -> None:
    raw = (
        b'From: a@b\nContent-Type: multipart/mixed; boundary="b"\n\n'
        b"--b\nContent-Type: text/plain\n\nvote Bruno\n--b\nContent-Type: image/png\n"
        b"Content-Disposition: attachment; filename*=utf-8''preuve%20d%C3%A9cisive.png\n\nx\n"
        b'--b\nContent-Type: image/png; name="=?utf-8?Q?photo_b=C3=BBcher.png?="\n\nx\n--b--\n'
    )
    assert read_mail(raw).attachments == ["preuve décisive.png", "photo bûcher.png"]


def test_text_files_are_attachments_even_inline() -> None:
    raw = (
        b'From: a@b\nContent-Type: multipart/mixed; boundary="b"\n\n'
        b"--b\nContent-Type: text/plain\n\nvote Bruno\n"
        b'--b\nContent-Type: text/plain; name="liste.txt"\nContent-Disposition: inline\n\n'
        b"tuer Chlo\xc3\xa9\n--b--\n"
    )
    m = read_mail(raw)
    assert (m.text, m.attachments) == ("vote Bruno", ["liste.txt"])


def test_several_inline_text_parts_are_joined() -> None:
    raw = (
        b'From: a@b\nContent-Type: multipart/mixed; boundary="b"\n\n'
        b"--b\nContent-Type: text/plain\n\nvote Bruno\n"
        b"--b\nContent-Type: image/gif\nContent-Disposition: inline\n\nGIF\n"
        b"--b\nContent-Type: text/html\n\n<div>sauver</div>\n--b--\n"
    )
    m = read_mail(raw)
    assert m.text == "vote Bruno\nsauver"
    assert m.attachments == ["image/gif"]
    assert not m.html_only


def test_signed_mail() -> None:
    raw = (
        b'From: a@b\nContent-Type: multipart/signed; protocol="application/pgp-signature";'
        b' micalg=pgp-sha256; boundary="s"\n\n--s\nContent-Type: text/plain\n\nvote Bruno\n\n'
        b'--s\nContent-Type: application/pgp-signature; name="signature.asc"\n\n'
        b"-----BEGIN PGP SIGNATURE-----\nxx\n-----END PGP SIGNATURE-----\n--s--\n"
    )
    m = read_mail(raw)
    assert (m.text, m.attachments) == ("vote Bruno", ["signature.asc"])


def test_multipart_without_boundary_parameter() -> None:
    raw = (
        b"From: a@b\nContent-Type: multipart/alternative\n\n--zz\nContent-Type: text/plain\n\n"
        b"vote Bruno\n--zz\nContent-Type: text/html\n\n<p>vote Bruno</p>\n--zz--\n"
    )
    assert read_mail(raw).text == "vote Bruno"
    raw = b"From: a@b\nContent-Type: multipart/mixed; boundary=nowhere\n\nvote Bruno\n"
    assert read_mail(raw).text == "vote Bruno"


def test_missing_closing_boundary_and_deep_nesting() -> None:
    raw = b'From: a@b\nContent-Type: multipart/mixed; boundary="b"\n\n--b\n\nvote Bruno\n'
    assert read_mail(raw).text == "vote Bruno"
    deep = b"From: a@b\n" + b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i) for i in range(60)
    )
    deep += b"Content-Type: text/plain\n\nvote Bruno\n"
    m = read_mail(deep)
    assert isinstance(m, ReadMail)


def test_quoted_printable_and_base64() -> None:
    qp = (
        b"From: a@b\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding:"
        b" quoted-printable\n\nje prot=C3=A8ge Chlo=\n=C3=A9 cette nuit=20\n"
    )
    assert read_mail(qp).text == "je protège Chloé cette nuit"
    b64 = base64.encodebytes("sonder Zoé\n".encode("utf-16")).replace(b"\n", b"\r\n")
    raw = (
        b"From: a@b\nContent-Type: text/plain; charset=utf-16\n"
        b"Content-Transfer-Encoding: base64\n\n" + b64
    )
    assert read_mail(raw).text == "sonder Zoé"
    broken = b"From: a@b\nContent-Transfer-Encoding: base64\n\nd m90ZSBCcnVubw=\n"
    assert read_mail(broken).text == "vote Bruno"


@pytest.mark.parametrize(
    ("charset", "data", "text"),
    [
        ("utf-8", "vote Chloé".encode(), "vote Chloé"),
        ("iso-8859-1", "vote Chloé".encode("latin-1"), "vote Chloé"),
        ("ISO-8859-15", "vote Chloé 5 €".encode("iso-8859-15"), "vote Chloé 5 €"),
        ("windows-1252", "c’est le cœur, 10 €".encode("cp1252"), "c’est le cœur, 10 €"),
        ("iso-8859-1", "c’est le cœur, 10 €".encode("cp1252"), "c’est le cœur, 10 €"),
        ("us-ascii", "vote Chloé".encode(), "vote Chloé"),
        ("us-ascii", "vote Chloé".encode("cp1252"), "vote Chloé"),
        ("iso-8859-1", "vote Chloé".encode(), "vote Chloé"),
        ("utf-8", "vote Chloé".encode("latin-1"), "vote Chloé"),
        ("x-no-such-charset", "vote Chloé".encode(), "vote Chloé"),
        ("x-no-such-charset", "vote Chloé".encode("cp1252"), "vote Chloé"),
        ("unicode_escape", b"vote \\u0042runo", "vote \\u0042runo"),
        ("rot13", b"vote Bruno", "vote Bruno"),
        ("", "vote Chloé".encode(), "vote Chloé"),
        ("koi8-r", "голосую Бруно".encode("koi8-r"), "голосую Бруно"),
        ("shift_jis", "ブルーノに投票".encode("shift_jis"), "ブルーノに投票"),
    ],
)
def test_charsets(charset: str, data: bytes, text: str) -> None:
    raw = f'From: a@b\nContent-Type: text/plain; charset="{charset}"\n\n'.encode() + data
    assert read_mail(raw).text == text


def test_format_flowed() -> None:
    raw = (
        b"From: a@b\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n"
        b"Sorry for the late answer, I was away all weekend and \nhave just read it.\n"
        b"vote Bruno\n\n> quoted line that was \n> flowed\n"
    )
    assert read_mail(raw).text == (
        "Sorry for the late answer, I was away all weekend and have just read it.\nvote Bruno"
    )
    delsp = (
        b"From: a@b\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n\n"
        b"sonder Chlo \n\xc3\xa9\n"
    )
    assert read_mail(delsp).text == "sonder Chloé"


def test_controls_and_invisible_characters_are_removed() -> None:
    raw = b"From: a@b\nSubject: vote\x00 Bruno\n\n\xef\xbb\xbfvote\xc2\xa0Bruno\x00\x07\n"
    m = read_mail(raw)
    assert (m.text, m.subject) == ("vote Bruno", "vote Bruno")


def test_inputs_that_are_not_bytes() -> None:
    assert read_mail(bytearray(b"\nvote Bruno")).text == "vote Bruno"
    assert read_mail(memoryview(b"\nvote Bruno")).text == "vote Bruno"
    assert read_mail("\nvote Bruno").text == "vote Bruno"  # type: ignore[arg-type]
    assert read_mail(None).text == ""  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- HTML


def test_html_to_text() -> None:
    html = (
        "<html><head><title>T</title><style>p {color: red}</style><script>alert(1)</script>"
        "</head><body><div>vote Bruno</div><div><br></div><p>sauver&nbsp;!</p>"
        "<ul><li>un</li><li>deux</li></ul>caf&eacute; &amp; &#8217; &lt;b&gt;"
        "<br>a<br/>b<table><tr><td>c</td><td>d</td></tr></table>"
        "<!-- a comment --><![if !supportLists]>x<![endif]><pre>  l1\n  l2</pre></body></html>"
    )
    assert html_to_text(html).strip().split("\n") == [
        "vote Bruno",
        "",
        "sauver\u00a0!",
        "un",
        "deux",
        "café & ’ <b>",
        "a",
        "b",
        "c d",
        "x",
        "l1",
        "l2",
    ]


@pytest.mark.parametrize(
    "html",
    [
        '<div>vote Bruno</div><blockquote type="cite"><div>Bonjour Alice</div></blockquote>',
        '<div>vote Bruno</div><div class="gmail_quote"><div class="gmail_attr">Le lun. 30 nov.'
        " 2026 à 21:04, MJ a écrit :</div><blockquote>Bonjour Alice</blockquote></div>",
        '<div>vote Bruno</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg">'
        "<b>From:</b> MJ</div><div>Bonjour Alice</div>",
        '<div>vote Bruno</div><hr id="stopSpelling">Bonjour Alice',
        '<div>vote Bruno</div><div id="x_divRplyFwdMsg">From: MJ</div>Bonjour Alice',
        '<div>vote Bruno</div><div class="moz-cite-prefix">Le 30/11/2026 à 21:04, MJ a écrit'
        ' :</div><blockquote type="cite" cite="mid:x">Bonjour Alice</blockquote>'
        '<pre class="moz-signature" cols="72">-- \nAlice</pre>',
        '<div>vote Bruno</div><div class="yahoo_quoted">Bonjour Alice</div>',
        '<div>vote Bruno</div><div class="gmail_signature">Alice<div>Bonjour Alice</div></div>',
    ],
)
def test_html_quotes_dropped(html: str) -> None:
    assert strip_reply(html_to_text(html)) == "vote Bruno"


def test_html_reply_below_the_quote_kept() -> None:
    html = "<blockquote>Qui sondez-vous ?</blockquote><div>sonder Bruno</div>"
    assert strip_reply(html_to_text(html)) == "sonder Bruno"


def test_malformed_html() -> None:
    for html in [
        "<div",
        "<<<>>>",
        "a < b > c",
        "<blockquote>never closed <div>vote</div>",
        "<p>a<!-- never closed",
        "<script>never closed",
        '<div class="x>y">text</div>',
        "<head><body>vote Bruno",
        "&#xFFFFFFF; &#0; &bogus;",
    ]:
        assert isinstance(html_to_text(html), str)
    assert html_to_text("<head><body>vote Bruno") == "vote Bruno"
    assert html_to_text("a < b") == "a < b"


# ---------------------------------------------------------------------------------- quotes


GMAIL_FR = """\
vote Bruno
tuer Chloé

Le lun. 30 nov. 2026 à 21:04, MJ Loup-Garou <village@lg.example.org> a
écrit :

> Bonjour Alice,
> répondez « sonder NOM »
"""


@pytest.mark.parametrize(
    "attribution",
    [
        "Le lun. 30 nov. 2026 à 21:04, Bruno <bruno@x.org> a écrit :",
        "Le lun. 30 nov. 2026 à 21:04, Bruno <bruno@x.org> a\nécrit :",
        "Le lun. 30 nov. 2026 à 21:04, Bruno Martin du village de Thiercelieux\n<bruno@x.org> a"
        "\nécrit :",
        "Le 30/11/2026 à 21:04, Bruno a écrit :",
        "Le 30 nov. 2026 à 21:04, Bruno <bruno@x.org> a écrit :",
        "Le lundi 30 novembre 2026 à 21:04:12 UTC+1, Bruno <bruno@x.org> a écrit :",
        "On Mon, Nov 30, 2026 at 9:04 PM Bruno <bruno@x.org> wrote:",
        "On Mon, Nov 30, 2026 at 9:04\u202fPM Bruno <\nbruno@x.org> wrote:",
        "On 30 Nov 2026, at 21:04, Bruno <bruno@x.org> wrote:",
        "On 30/11/2026 21:04, Bruno wrote:",
        "On Nov 30, 2026, at 21:04, Bruno <bruno@x.org> wrote:",
        "Am 30.11.2026 um 21:04 schrieb Bruno <bruno@x.org>:",
        "Bruno <bruno@x.org> a écrit :",
        "Bruno wrote:",
    ],
)
def test_attributions(attribution: str) -> None:
    text = f"vote Bruno\n\n{attribution}\n\n> Bonjour Alice,\n> répondez « sonder NOM »\n"
    assert strip_reply(text) == "vote Bruno"


@pytest.mark.parametrize(
    "attribution",
    [
        "Le lun. 30 nov. 2026 à 21:04, Bruno <bruno@x.org> a écrit :",
        "On Mon, Nov 30, 2026 at 9:04 PM Bruno <bruno@x.org>\nwrote:",
        "Le 30/11/2026 à 21:04, Bruno a écrit :",
    ],
)
def test_attribution_before_an_unquoted_original(attribution: str) -> None:
    text = f"vote Bruno\n\n{attribution}\n\nBonjour Alice,\nrépondez « sonder NOM »\n"
    assert strip_reply(text) == "vote Bruno"


@pytest.mark.parametrize(
    "line",
    [
        "Bruno a écrit hier qu'il était Voyante, je n'y crois pas.",
        "Bruno a écrit : je suis Voyante. Menteur !",
        "Il a écrit :",
        "On day 2, Bruno wrote: I am the Seer.",
        "Le 2e jour à 21h30 je vote Bruno, qui ment",
        "On Monday at 9:04 you said the vote closes",
    ],
)
def test_own_lines_are_not_attributions(line: str) -> None:
    text = f"{line}\nvote Bruno\n"
    assert strip_reply(text) == f"{line}\nvote Bruno"


def test_own_line_before_a_loose_attribution_kept() -> None:
    text = "Le 2e jour à 21h30 je vote Bruno, qui ment depuis le début\nBruno a écrit :\n> Moi ?\n"
    assert strip_reply(text) == "Le 2e jour à 21h30 je vote Bruno, qui ment depuis le début"


def test_gmail_french_reply() -> None:
    assert strip_reply(GMAIL_FR) == "vote Bruno\ntuer Chloé"


def test_reply_below_and_between_quotes() -> None:
    text = (
        "Le 30/11/2026 à 21:04, MJ a écrit :\n> Qui sondez-vous ?\n\nsonder Bruno\n\n"
        "> Et qui protégez-vous ?\nprotéger Chloé\n\n-- \nAlice\n"
    )
    assert strip_reply(text) == "sonder Bruno\n\nprotéger Chloé"


@pytest.mark.parametrize(
    "block",
    [
        "De : MJ <village@lg.example.org>\nEnvoyé : lundi 30 novembre 2026 21:04\n"
        "À : Alice\nObjet : [village] Votre rôle",
        "De\u00a0: MJ <village@lg.example.org>\nEnvoyé\u00a0: lundi 30 novembre 2026 21:04\n"
        "À\u00a0: Alice\nObjet\u00a0: [village] Votre rôle",
        "De : MJ <village@lg.example.org>\nDate : lundi 30 novembre 2026 à 21:04\n"
        "À : Alice\nCc : Bruno\nObjet : [village] Votre rôle",
        "From: MJ <village@lg.example.org>\nSent: Monday, November 30, 2026 9:04 PM\n"
        "To: Alice\nSubject: [village] Your role",
        "From: MJ <village@lg.example.org>\nDate: Monday, 30 November 2026 at 21:04\n"
        "To: Alice <alice@x.org>, Bruno <bruno@x.org>,\n Chloé <chloe@x.org>\nSubject: x",
        "*From:* MJ <village@lg.example.org>\n*Sent:* Monday, November 30, 2026 9:04 PM\n"
        "*To:* Alice\n*Subject:* [village] Your role",
        "From: MJ <village@lg.example.org> Sent: Monday, November 30, 2026 9:04 PM To: Alice"
        " Subject: [village] Your role",
        "-----Original Message-----\nFrom: MJ",
        "-----Message d'origine-----\nDe : MJ",
        "-------- Message d'origine --------\nDe : MJ",
        "----- Mail original -----",
        "---------- Forwarded message ---------\nFrom: MJ",
        "________________________________\nDe : MJ",
        "Début du message réexpédié :",
        "Begin forwarded message:",
    ],
)
def test_outlook_headers_and_separators(block: str) -> None:
    text = f"vote Bruno\ntuer Chloé\n\n{block}\n\nBonjour Alice,\nrépondez « sonder NOM »\n"
    assert strip_reply(text) == "vote Bruno\ntuer Chloé"


def test_a_lone_from_line_is_kept() -> None:
    text = "De : Alice, pour le MJ\nvote Bruno\nTo: everyone\n"
    assert strip_reply(text) == "De : Alice, pour le MJ\nvote Bruno\nTo: everyone"


@pytest.mark.parametrize(
    "signature",
    [
        "-- \nAlice",
        "--\nAlice",
        "Envoyé de mon iPhone",
        "Envoyé de mon iPad",
        "Sent from my iPhone",
        "Envoyé depuis mon smartphone Samsung Galaxy.",
        "Sent from my Samsung Galaxy smartphone.",
        "Get Outlook for Android",
        "Get Outlook for iOS<https://aka.ms/o0ukef>",
        "Obtenir Outlook pour Android",
        "Obtenir Outlook pour iOS<https://aka.ms/o0ukef>",
        "Envoyé à partir de Outlook pour Android",
        "Envoyé à partir d’Outlook pour iOS",
        "Sent from Mail for Windows",
        "Sent from Mail for Windows 10",
        "Provenance : Courrier pour Windows",
        "Téléchargez Outlook pour iOS",
        "Sent from Yahoo Mail on Android",
        "Sent with Proton Mail secure email.",
        "Envoyé de mon téléphone Huawei",
    ],
)
def test_signatures(signature: str) -> None:
    text = f"vote Bruno\nsauver\n\n{signature}\n\nAlice Martin\n06 12 34 56 78\n"
    assert strip_reply(text) == "vote Bruno\nsauver"


@pytest.mark.parametrize(
    "line",
    [
        "Sent from my bed: vote Bruno",
        "Envoyé de mon lit, je vote Bruno",
        "envoyé par le MJ hier soir",
        "-- vote Bruno",
        "---",
        "J'ai reçu le mail envoyé de mon iPhone hier, vote Bruno",
    ],
)
def test_not_signatures(line: str) -> None:
    assert strip_reply(f"{line}\nvote Chloé") == f"{line}\nvote Chloé"


def test_blank_lines_trimmed_and_collapsed() -> None:
    assert strip_reply("\n\n  \nvote Bruno  \n\n\n\ntuer Chloé\n\n\n") == "vote Bruno\n\ntuer Chloé"
    assert strip_reply("") == ""
    assert strip_reply("> only a quote\n") == ""

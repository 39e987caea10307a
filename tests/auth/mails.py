"""Mails for the sender authentication tests, as a Postfix with OpenDKIM and OpenDMARC
(authserv-id mx.lgmail.example) delivers them: the local results on top, above Postfix's
Received header, then the sender's own trace and headers."""

from __future__ import annotations

AUTHSERV_ID = "mx.lgmail.example"
PLAYER = "bruno.martin@gmail.com"
TO = "village+k3j5w2xqa7m4@lgmail.example"

#: Postfix's Received header for a mail from Gmail's outbound servers
GMAIL_HOST = "mail-wm1-f54.google.com"
POSTFIX_FROM_GMAIL = f"""Received: from {GMAIL_HOST} ({GMAIL_HOST} [209.85.128.54])
\t(using TLSv1.3 with cipher TLS_AES_128_GCM_SHA256 (128/128 bits)
\t key-exchange X25519 server-signature RSA-PSS (2048 bits) server-digest SHA256)
\t(No client certificate requested)
\tby mx.lgmail.example (Postfix) with ESMTPS id 4ZxY1234AbcD
\tfor <{TO}>; Mon, 30 Nov 2026 21:05:12 +0100 (CET)"""

#: what Gmail wrote: its own trace, its signature (not checked in these tests) and the mail
GMAIL = f"""Received: by {GMAIL_HOST} with SMTP id 5b1f17b1804b1-42cb5b3c57eso1234567f8f.2
        for <{TO}>; Mon, 30 Nov 2026 12:05:11 -0800 (PST)
DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;
        d=gmail.com; s=20230601; t=1796065511; x=1796670311; darn=lgmail.example;
        h=to:subject:message-id:date:from:mime-version:from:to:cc:subject
         :date:message-id:reply-to;
        bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;
        b=Xk3bq9ZsQx0c1vX8YQ3oWm2hT1lD7eB4fWq5rP0tZcJ9nHkL2aS6dR8uV4yX1mN3
         oP5qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL7mN9oP1qR3sT5uV7wX9yZ1aB3cD5eF7g
X-Google-DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;
        d=1e100.net; s=20230601; t=1796065511; x=1796670311;
        h=to:subject:message-id:date:from:mime-version:x-gm-message-state
         :from:to:cc:subject:date:message-id:reply-to;
        bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;
        b=AbCdEf0123456789
X-Gm-Message-State: AOJu0YwQ3n9kq8d7xZ1yV0b5fT2rS4pL6mN8oK0jI2hG4fE6dC8bA0z
X-Google-Smtp-Source: AGHT+IFq1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c2v3b4n5m6
X-Received: by 2002:a05:600c:4f4b:b0:42c:b5b3:c57e with SMTP id
 5b1f17b1804b1-42cb5b3c57emr98765435e9.2.1796065511012; Mon, 30 Nov 2026
 12:05:11 -0800 (PST)
MIME-Version: 1.0
From: Bruno Martin <{PLAYER}>
Date: Mon, 30 Nov 2026 21:05:00 +0100
Message-ID: <CAF8kq3x1v0W9@mail.gmail.com>
Subject: Re: [village] Nuit 2
To: {TO}
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: 8bit

vote Chloé
"""

#: the results OpenDMARC and OpenDKIM (with its SPF check) add for a good Gmail mail, with
#: the filters' own headers between them, as they write them
GMAIL_PASS = """DMARC-Filter: OpenDMARC Filter v1.4.2 mx.lgmail.example 4ZxY1234AbcD
Authentication-Results: mx.lgmail.example; dmarc=pass (p=none dis=none) header.from=gmail.com
Authentication-Results: mx.lgmail.example; spf=pass smtp.mailfrom=gmail.com
DKIM-Filter: OpenDKIM Filter v2.11.0 mx.lgmail.example 4ZxY1234AbcD
Authentication-Results: mx.lgmail.example;
\tdkim=pass (2048-bit key; unprotected) header.d=gmail.com header.i=@gmail.com
\t header.a=rsa-sha256 header.s=20230601 header.b=Xk3bq9Zs"""

#: the delivery headers Postfix's local(8) or an LMTP server puts on top
DELIVERY = f"""Return-Path: <{PLAYER}>
X-Original-To: {TO}
Delivered-To: {TO}"""


def mail(
    *top: str, received: str = POSTFIX_FROM_GMAIL, sent: str = GMAIL, eol: str = "\r\n"
) -> bytes:
    """A delivered mail: `top` (the local headers, blocks of lines) above `received`, above what
    the sender wrote; lines ended by `eol`."""
    blocks = [b for b in (*top, received) if b]
    text = "\n".join([*blocks, sent])
    return text.replace("\r\n", "\n").replace("\n", eol).encode("utf-8")


def sent_by(sender: str, *extra: str) -> str:
    """What a sender's own server wrote for a mail from `sender`, with `extra` header blocks
    above it (where a forger puts his own Authentication-Results)."""
    own = f"""Received: from [192.0.2.7] (unknown [192.0.2.7])
\tby smtp.evil.example (Postfix) with ESMTPSA id 4Q1w2E3r
\tfor <{TO}>; Mon, 30 Nov 2026 21:04:58 +0100 (CET)
MIME-Version: 1.0
From: Bruno Martin <{sender}>
Date: Mon, 30 Nov 2026 21:04:50 +0100
Message-ID: <20261130210450.4Q1w2E3r@smtp.evil.example>
Subject: Re: [village] Nuit 2
To: {TO}
Content-Type: text/plain; charset="UTF-8"

vote Alice
"""
    return "\n".join([*extra, own])


def postfix_from(host: str, ip: str) -> str:
    return f"""Received: from {host} ({host} [{ip}])
\tby mx.lgmail.example (Postfix) with ESMTPS id 4ZxY9876ZyxW
\tfor <{TO}>; Mon, 30 Nov 2026 21:05:02 +0100 (CET)"""

"""Mail bots: players that take part in a game the way people do, by mail only.

A bot knows its own address and what the mails it receives say, nothing else: it reads the
Maildir the game writes to (``letters``), makes sense of the French mails (``mind``) and
replies by SMTP (``mailbot``). It imports nothing else from lgmail, so what it does is what a
player with a mail client could do.
"""

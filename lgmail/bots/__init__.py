"""Mail bots: players that take part in a game the way people do, by mail only.

A bot knows its own address and what the mails it receives say, nothing else: it reads the
Maildir the game writes to (``letters``), makes sense of the French mails (``mind``) and
replies by SMTP (``mailbot``). It imports nothing else from lgmail, so what it does is what a
player with a mail client could do.
"""

from lgmail.bots.letters import Letter, read_letter
from lgmail.bots.mailbot import MailBot
from lgmail.bots.mind import Mind, Task

__all__ = ["Letter", "MailBot", "Mind", "Task", "read_letter"]

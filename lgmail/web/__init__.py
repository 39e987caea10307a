"""The games on the web (`lgmail serve --http`): each game's public topic and its Atom feed,
each player's page and the MJ's desk, read by unguessable tokens like the reply addresses.

Pages are rendered with Jinja2 from `templates/<lang>/web/` from the same views as the mails
(`lgmail.rules.view`): a page shows nothing its reader's view does not hold.
"""

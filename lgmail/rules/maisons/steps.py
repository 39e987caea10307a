"""The steps of 001's phases besides the base game's vote: the choices made « au début de la
partie » and the night's actions."""

from __future__ import annotations

#: the night's actions (001: « un seul MP, regroupant toutes ses actions souhaitées »)
ACTIONS = "actions"
#: the first phase's step for the choices made « au début de la partie »
CHOIX = "choix"

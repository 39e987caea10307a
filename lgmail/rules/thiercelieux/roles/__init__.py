"""The roles of 004 (`thiercelieux`), one module each; 003 (`classic`) deals the nine of its
base game from here. `lgmail.rules.thiercelieux.catalogue` lists them."""

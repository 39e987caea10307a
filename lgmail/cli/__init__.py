"""The command line: its parser, its commands, `check`, and the entry point."""

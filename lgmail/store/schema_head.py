"""The store's schema revision this code writes (the newest migration of ``lgmail.store``; a test
keeps the two equal): a store already there opens without loading the migrations."""

HEAD = "0010_game_summaries"

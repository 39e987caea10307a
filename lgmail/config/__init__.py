"""The operator's configuration: `lgmail.toml`, its schema and the settings read from it."""

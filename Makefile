# The two commands of the README: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test lint setup bench schemas

$(BIN)/lgmail: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(BIN)/lgmail

demo: setup
	$(BIN)/lgmail demo

lint: setup
	$(BIN)/ruff check .
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n auto

schemas: setup
	$(BIN)/python -m lgmail.tools.schemas

bench: setup
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python bench/store.py

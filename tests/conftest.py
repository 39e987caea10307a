from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=40, deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("soak", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _no_fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LGMAIL_NOW", raising=False)
    monkeypatch.delenv("LGMAIL_HOME", raising=False)
    monkeypatch.delenv("LGMAIL_DB", raising=False)
    monkeypatch.delenv("LGMAIL_RELAY", raising=False)

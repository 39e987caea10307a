"""What the tests behind a private Postfix share: the check that Postfix is installed, and
waiting for what Postfix delivers."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pytest

from tests.postfix.instance import available


@pytest.fixture
def postfix_ok() -> None:
    if not available():
        if os.environ.get("LGMAIL_TEST_POSTFIX") == "none":
            pytest.skip("LGMAIL_TEST_POSTFIX=none: no Postfix on this machine")
        pytest.fail("Postfix is missing (Debian's package postfix; .ci/postfix.sh installs it)")


def until(found: Callable[[], object], timeout: float = 40.0, every: float = 0.1) -> object:
    """`found()` once it is true (polled every `every` s), or None after `timeout` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(every)
    return None

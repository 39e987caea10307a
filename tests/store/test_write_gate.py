"""The write gate of an SQLite file (``lgmail.store.engine.WriteGate``): the writers of every
process queue at it, one at a time, and a thread that holds it may enter it again."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from sqlalchemy import create_engine

from lgmail.store.engine import write_gate

HOLD = """
import sys, time
from pathlib import Path
from sqlalchemy import create_engine
from lgmail.store.engine import write_gate

with write_gate(create_engine("sqlite:///" + sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()  # until told to let go
    Path(sys.argv[2]).write_text("let go")
"""


def test_a_process_waits_for_another_process_to_let_go(tmp_path: Path) -> None:
    database, mark = tmp_path / "lgmail.sqlite3", tmp_path / "let-go"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(database), str(mark)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdin is not None
    assert holder.stdout.readline() == "held\n"
    gate = write_gate(create_engine(f"sqlite:///{database}"))
    entered = threading.Event()

    def enter() -> None:
        with gate:
            entered.set()

    waiting = threading.Thread(target=enter)
    waiting.start()
    assert not entered.wait(0.3)  # the other process holds it
    holder.stdin.write("\n")
    holder.stdin.flush()
    waiting.join(10)
    assert entered.is_set() and mark.read_text() == "let go"  # entered once it let go
    assert holder.wait(10) == 0
    assert (tmp_path / "lgmail.sqlite3-gate").exists()


def test_the_thread_that_holds_it_enters_again_and_the_others_wait(tmp_path: Path) -> None:
    gate = write_gate(create_engine(f"sqlite:///{tmp_path / 'lgmail.sqlite3'}"))
    other = threading.Event()

    def enter() -> None:
        with gate:
            other.set()

    with gate:
        with gate:  # a write transaction opened inside another, as the store may
            thread = threading.Thread(target=enter)
            thread.start()
        assert not other.wait(0.2)  # still held: the outer block is open
    thread.join(10)
    assert other.is_set()


def test_one_gate_per_file_and_none_on_postgresql(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lgmail.sqlite3'}"
    assert write_gate(create_engine(url)) is write_gate(create_engine(url))
    other = write_gate(create_engine(f"sqlite:///{tmp_path / 'other.sqlite3'}"))
    assert other is not write_gate(create_engine(url))
    pg = create_engine("postgresql+psycopg://postgres@127.0.0.1:5432/test")
    with write_gate(pg) as entered:
        assert entered is None

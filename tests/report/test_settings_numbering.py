"""Vendor settings (vendor.toml) and the installation's quote counter."""

from __future__ import annotations

import json
import os
import threading
from datetime import date
from pathlib import Path

import pytest

from configurator.store import paths
from configurator.store.instance_lock import try_lock
from configurator.store.quote_counter import counter_path, next_quote_number
from configurator.store.vendor_settings import QuoteError, load_settings


def test_counter_increments_and_persists(home):
    assert next_quote_number(today=date(2026, 5, 1)) == "Q-2026-0001"
    assert next_quote_number(today=date(2026, 5, 1)) == "Q-2026-0002"
    path = counter_path()
    assert path == home / "data" / "quote-counter.json"
    assert json.loads(path.read_text())["years"] == {"2026": 2}
    assert next_quote_number("ACME", date(2027, 1, 2)) == "ACME-2027-0001"       # restarts per year
    assert next_quote_number(today=date(2026, 12, 31)) == "Q-2026-0003"
    assert not list(path.parent.glob("*.tmp"))
    fd = os.open(path.with_suffix(".lock"), os.O_RDWR)   # the lock file stays, but nobody holds it
    try:
        assert try_lock(fd)
    finally:
        os.close(fd)


def test_counter_is_unique_under_concurrency(home):
    got: list[str] = []
    lock = threading.Lock()

    def take():
        for _ in range(10):
            n = next_quote_number(today=date(2026, 1, 1))
            with lock:
                got.append(n)

    threads = [threading.Thread(target=take) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 40 and max(got) == "Q-2026-0040"


def test_corrupt_counter_is_reported(home):
    path = counter_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.raises(QuoteError, match="quote-counter.json.*corrupt"):
        next_quote_number()


def _write(home: Path, text: str) -> Path:
    cfg = home / "config"
    cfg.mkdir(parents=True, exist_ok=True)
    path = cfg / "vendor.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_settings_give_placeholders(home):
    s = load_settings()
    assert s.placeholder and s.vendor.company == "Your Company Ltd."
    assert paths.user_config_dir() == home / "config"


@pytest.mark.parametrize("text, field", [
    ('[vendor]\ncompany = 42\n', "vendor.company"),
    ('[vendor]\ncompnay = "typo"\n', "vendor.compnay"),
    ('[quote]\nlocale = "xx_YY"\n', "quote.locale"),
    ('[quote]\nnumber_prefix = "Q 1"\n', "quote.number_prefix"),
    ('[vendor]\nlogo = "missing.png"\n', "vendor.logo"),
])
def test_bad_settings_name_file_and_field(home, text, field):
    path = _write(home, text)
    with pytest.raises(QuoteError) as exc:
        load_settings()
    msg = str(exc.value)
    assert str(path) in msg and f"field {field}" in msg and "\n" not in msg


def test_malformed_toml_names_the_file(home):
    path = _write(home, '[vendor\ncompany = "x"')
    with pytest.raises(QuoteError, match="not valid TOML") as exc:
        load_settings()
    assert str(path) in str(exc.value)


def test_sample_settings_file_loads():
    s = load_settings(paths.examples_dir() / "vendor-settings.toml")
    assert not s.placeholder and s.vendor.company and s.quote.locale == "en_US"


def test_logo_relative_to_settings_file_is_drawn(home, tmp_path):
    Image = pytest.importorskip("PIL.Image")
    import report_synthetic as syn
    from pypdf import PdfReader

    from configurator.formats.exporters.pdf_quote import write_quote

    path = _write(home, '[vendor]\ncompany = "Logo Co"\nlogo = "logo.png"\n')
    Image.new("RGB", (240, 80), (31, 59, 90)).save(path.parent / "logo.png")
    settings = load_settings()
    assert settings.logo_path() == path.parent / "logo.png"
    out = write_quote([(syn.build(), syn.evaluation())], tmp_path / "logo.pdf", settings=settings,
                      catalog=syn.catalog())
    xobjects = PdfReader(str(out)).pages[0]["/Resources"].get("/XObject", {})
    assert any(x.get_object()["/Subtype"] == "/Image" for x in xobjects.values())


def test_a_killed_quote_holding_the_lock_blocks_nobody(home, tmp_path):
    """Issue 10: a process SIGKILLed inside the counter lock used to block quotes for 30 s."""
    import signal
    import subprocess
    import sys
    import time

    from configurator.store import quote_counter as numbering
    path = numbering.counter_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    code = ("import os, sys, time, fcntl; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
            "fcntl.flock(fd, fcntl.LOCK_EX); open(sys.argv[2], 'w').close(); time.sleep(60)")
    ready = tmp_path / "locked"
    child = subprocess.Popen([sys.executable, "-c", code, str(path.with_suffix(".lock")), str(ready)])
    while not ready.exists():
        time.sleep(0.01)
    child.send_signal(signal.SIGKILL)
    child.wait()
    start = time.monotonic()
    assert numbering.next_quote_number("Q", date(2026, 1, 5)) == "Q-2026-0001"
    assert time.monotonic() - start < 1


def test_a_failed_quote_gives_its_number_back(home):
    from configurator.store import quote_counter as numbering
    day = date(2026, 1, 5)
    assert numbering.next_quote_number("Q", day) == "Q-2026-0001"
    taken = numbering.next_quote_number("Q", day)
    assert numbering.release_quote_number(taken, "Q", day)
    assert numbering.next_quote_number("Q", day) == "Q-2026-0002"


def test_render_failure_leaves_no_gap(home, tmp_path, monkeypatch):
    import report_synthetic as syn

    from configurator.formats.exporters.pdf_quote import write_quote
    from configurator.report import quote
    from configurator.store.quote_counter import next_quote_number
    day = date(2026, 1, 5)
    before = int(next_quote_number("Q", day).rsplit("-", 1)[1])

    def boom(*a, **k):
        raise RuntimeError("renderer crashed")

    real = quote._render
    monkeypatch.setattr(quote, "_render", boom)
    with pytest.raises(RuntimeError):
        write_quote([(syn.build(), syn.evaluation())], tmp_path / "q.pdf", catalog=syn.catalog(), issue_date=day)
    monkeypatch.setattr(quote, "_render", real)   # not monkeypatch.undo(): that would drop CONFIGURATOR_HOME too
    assert next_quote_number("Q", day) == f"Q-2026-{before + 1:04d}"

"""View ▸ Acceptance test…: the plan of the open build, a results folder judged against it, the
comparison with the stored baseline, and the troubleshooter — the same words as the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.core.session import Session
from configurator.qt.views.acceptance import AcceptanceDialog

FIXTURES = Path(__file__).parents[1] / "fixtures" / "acceptance"
GPUS = ("index, name, serial, memory.total [MiB], pcie.link.gen.max, pcie.link.width.max, ecc.mode.current\n"
        + "".join(f"{i}, NVIDIA H100 80GB HBM3, 16523230{i:04d}, 81559 MiB, 5, 16, Enabled\n" for i in range(8)))


@pytest.fixture
def session(example_session) -> Session:
    return example_session("hgx-h100-8gpu.json")


def _results(folder: Path, burn: str) -> Path:
    folder.mkdir()
    (folder / "gpus.csv").write_text(GPUS)
    (folder / "nvbandwidth.txt").write_text((FIXTURES / "nvbandwidth-readme.txt").read_text())
    (folder / "gpu-burn.txt").write_text(burn)
    return folder


def test_plan_results_baseline_and_causes(qtbot, session, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CONFIGURATOR_HOME", str(tmp_path / "home"))
    dialog = AcceptanceDialog(session)
    qtbot.addWidget(dialog)
    view = dialog.view
    busbw = next(r for r in range(view.table.rowCount()) if "all-reduce" in view.table.item(r, 1).text())
    assert view.table.item(busbw, 2).text() == "≥ 480 GB/s"
    assert "nccl-tests/issues/212" in view.table.item(busbw, 6).text()
    ok = "Tested 8 GPUs:\n" + "".join(f"\tGPU {i}: OK\n" for i in range(8))
    assert view.load_results(_results(tmp_path / "day0", ok))
    assert view.report is not None and view.comparison is None
    (tmp_path / "day0" / "dmidecode.txt").write_text("# dmidecode 3.4\nSMBIOS 3.3.0 present.\n\nHandle 0x0001, DMI "
                                                     "type 1, 27 bytes\nSystem Information\n\tSerial Number: S1\n\n")
    assert view.load_results(tmp_path / "day0")
    view.save_baseline()
    assert "S1.json" in view.status.text()
    later = _results(tmp_path / "day1", ok.replace("GPU 5: OK", "GPU 5: FAULTY"))
    (later / "dmidecode.txt").write_text((tmp_path / "day0" / "dmidecode.txt").read_text())
    assert view.load_results(later)
    burn = next(r for r in range(view.table.rowCount()) if view.table.item(r, 1).text().startswith("burn-in"))
    assert view.table.item(burn, 5).text() == "FAIL" and view.status.text() == "Outcome: rejected"
    assert "passed at the baseline, fails now: burn-in, 60 min: every GPU OK" in view.findings.text()
    view.symptom.setCurrentIndex(view.symptom.findData("hangs"))
    assert view.causes.toPlainText().startswith("1. a GPU has a hardware fault (Xid errors)")


def test_a_folder_that_is_not_results_is_one_line(qtbot, session, tmp_path) -> None:
    dialog = AcceptanceDialog(session)
    qtbot.addWidget(dialog)
    assert not dialog.view.load_results(tmp_path / "missing")
    assert "not an acceptance results folder" in dialog.view.status.text()


def test_the_plan_pdf_of_the_view_lists_the_pinned_stack(qtbot, session, tmp_path, monkeypatch) -> None:
    """Issue 27: the plan exported from the GUI carries the build's pinned software stack, as the CLI's does."""
    from pypdf import PdfReader

    dialog = AcceptanceDialog(session)
    qtbot.addWidget(dialog)
    out = tmp_path / "plan.pdf"
    monkeypatch.setattr(dialog.view, "_save_path", lambda *_: out)
    dialog.view.export_plan()
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert "Software stack (pinned)" in text and "Fabric Manager" in text

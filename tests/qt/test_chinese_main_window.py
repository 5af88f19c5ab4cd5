"""The main window in Chinese shows no English: every visible widget's text (labels, buttons, combo
items, tabs, tree and table cells, the status bar) and the chassis drawing's text, walked on the
HGX example, may hold ASCII words only where they are product or part names (catalog data), units
or acronyms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QGraphicsSimpleTextItem,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QTabBar,
    QTableWidget,
    QTreeWidget,
    QWidget,
)

from configurator.qt.window import language_menu as language

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(?![A-Za-z0-9])")
TAG = re.compile(r"<[^>]+>|&\w+;|[A-Za-z0-9]+…")     # markup; an elided word's stub
# units, acronyms and technical names that read the same in Chinese
ALLOWED = frozenset("""
    USD EUR GBP CNY JPY CHF kWh BTU CFM TDP TCO PUE MFU FFN GPU GPUs CPU CPUs NVMe PCIe NVLink NVSwitch
    SXM SXM4 SXM5 SXM6 OAM OCP RDIMM UDIMM DIMM DDR DDR5 HBM HBM3 HBM3e GDDR LGA PSU PSUs PLX BMC NIC NICs DPU
    SATA SAS HDD SSD Gen BF16 FP8 FP16 FP32 TF32 PFLOPS TFLOPS FLOPS CUDA ZeRO KV RoCE InfiniBand Ethernet
    amp mixed adamw adamw8bit sgd foreach fused True DeepSpeed Megatron PyTorch Llama Mixtral TinyLlama Qwen SmolLM
    GPUDirect RDMA JEDEC ECC OSFP QSFP QSFP112 NDR XDR HDR Titanium Platinum Gold IEC Ctrl Shift
""".split())


def _texts(w: QWidget) -> list[str]:
    out: list[str] = []
    for getter in ("text", "title", "placeholderText"):
        f = getattr(w, getter, None)
        if isinstance(w, (QLabel, QAbstractButton, QGroupBox, QLineEdit)) and callable(f):
            value = f()
            if isinstance(value, str):
                out.append(value)
    if isinstance(w, QDockWidget):
        out.append(w.windowTitle())
    if isinstance(w, QComboBox):
        out += [w.itemText(i) for i in range(w.count())]
    if isinstance(w, QTabBar):
        out += [w.tabText(i) for i in range(w.count())]
    if isinstance(w, QTreeWidget):
        stack = [w.topLevelItem(i) for i in range(w.topLevelItemCount())]
        while stack:
            item = stack.pop()
            out += [item.text(c) for c in range(w.columnCount())]
            stack += [item.child(i) for i in range(item.childCount())]
        out += [w.headerItem().text(c) for c in range(w.columnCount())]
    if isinstance(w, QTableWidget):
        out += [w.item(r, c).text() for r in range(w.rowCount()) for c in range(w.columnCount()) if w.item(r, c)]
    if isinstance(w, QListWidget):
        out += [w.item(i).text() for i in range(w.count())]
    return out


def english_words(texts: list[str], names: frozenset[str]) -> list[tuple[str, str]]:
    """(word, text) for each ASCII word in `texts` that is not a part name's, a unit or an acronym."""
    found = []
    for text in texts:
        for word in WORD.findall(TAG.sub(" ", text)):
            if (sum(c.isalpha() for c in word) >= 3 and not any(c.isdigit() for c in word)   # ids, models
                    and word not in ALLOWED and word not in names):
                found.append((word, text))
    return found


def _catalog_words(catalog) -> frozenset[str]:
    """Words of the catalog's data: part names and vendors, the chassis' own bay and slot labels
    (the vendor's words for its hardware, printed as the catalog has them)."""
    words: set[str] = set()
    for part in catalog.parts.values():
        for field in ("name", "vendor", "id", "part_number"):
            words.update(WORD.findall(str(getattr(part, field, "") or "")))
        for group in (*getattr(part, "drive_bays", ()), *getattr(part, "pcie_slots", ())):
            words.update(WORD.findall(str(getattr(group, "label", "") or "")))
    return frozenset(words)


def test_the_walker_finds_english():
    assert english_words(["8× H100 · 56 cores", "Services"], frozenset({"H100"})) == [
        ("cores", "8× H100 · 56 cores"), ("Services", "Services")]
    assert english_words(["56 核 · 350 W · LGA4677", "<b>总计</b> USD"], frozenset()) == []


@pytest.fixture
def chinese(qapp):
    from configurator.qt.app import make_app

    make_app()
    yield language.install(qapp, "zh_CN")
    language.install(qapp, "en")


def test_main_window_in_chinese_has_no_english(chinese, qtbot):
    from configurator.qt.app import open_session
    from configurator.qt.window.main_window import MainWindow

    session, error = open_session(str(ROOT / "examples" / "hgx-h100-8gpu.json"))
    assert not error
    win = MainWindow(session)
    qtbot.addWidget(win, before_close_func=lambda w: [d.session.mark_clean() for d in w.documents.documents])
    win.resize(1600, 1000)
    win.show()
    qtbot.waitUntil(lambda: win.session.evaluation is not None and win.violations.tree.topLevelItemCount() > 0,
                    timeout=15000)
    qtbot.wait(200)
    texts = [t for w in win.findChildren(QWidget) if w.isVisible() for t in _texts(w)]
    texts += [win.statusBar().currentMessage(), win.summary.text() if hasattr(win.summary, "text") else ""]
    texts += [item.text() for item in win.view.scene().items() if isinstance(item, QGraphicsSimpleTextItem)]
    assert len(texts) > 100
    bad = english_words(texts, _catalog_words(session.catalog))
    assert not bad, (sorted({w for w, _ in bad}), sorted(set(bad))[:20])


def test_palette_key_figures_in_chinese(chinese, catalog):
    """The palette's figures under each part ('56 cores · 350 W'): count words translated, units kept."""
    from configurator.qt import theme

    cpu = next(p for p in catalog.parts.values() if p.category == "cpu")
    chassis = next(p for p in catalog.parts.values() if p.category == "chassis")
    cooling = next(p for p in catalog.parts.values() if p.category == "cooling")
    assert theme.key_figures(cpu) == f"{cpu.cores} 核 · {cpu.tdp_w:.0f} W · {cpu.socket}"
    assert "路 CPU 插槽" in theme.key_figures(chassis) and "sockets" not in theme.key_figures(chassis)
    assert not english_words([theme.key_figures(cooling), theme.form_factor(cooling)], frozenset())

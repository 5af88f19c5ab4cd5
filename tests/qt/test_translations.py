"""The Chinese UI: every string in the code is in the .ts and translated, the .qm is current,
and the app really shows Chinese (translators, CJK font, View ▸ Language)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QFontMetrics

from configurator.qt.window import language_menu as language
from configurator.words import i18n

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "translations" / "configurator_zh_CN.ts"
BIN = Path(sys.executable).parent
_PLACEHOLDERS = re.compile(r"%n|%\d|%s|\{\w+\}")


def _tool(name: str) -> str:
    path = BIN / name
    if not path.exists() and shutil.which(name) is None:
        pytest.skip(f"{name} not installed")
    return str(path) if path.exists() else name


def _messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(ts).getroot()
    return {(c.findtext("name") or "", m.findtext("source") or ""): m
            for c in root.iter("context") for m in c.iter("message")}


@pytest.fixture(scope="module")
def fresh_ts(tmp_path_factory) -> Path:
    """The committed .ts updated from the code as it is now (what `make translations` would write)."""
    ts = tmp_path_factory.mktemp("ts") / TS.name
    shutil.copy(TS, ts)
    sources = sorted(str(p) for p in (ROOT / "configurator" / "qt").rglob("*.py"))
    subprocess.run([_tool("pyside6-lupdate"), "-locations", "none", "-no-obsolete", *sources, "-ts", str(ts)],
                   check=True, capture_output=True, timeout=120)
    return ts


def test_every_string_in_the_code_is_in_the_ts_and_translated(fresh_ts):
    fresh, committed = _messages(fresh_ts), _messages(TS)
    assert set(fresh) == set(committed), "run `make translations`: the .ts no longer matches the code"
    unfinished = [key for key, m in fresh.items() if m.find("translation").get("type") in ("unfinished", "vanished")]
    assert not unfinished, f"untranslated: {unfinished[:10]}"
    assert len(fresh) > 250


def test_contexts_are_the_runtime_contexts():
    """lupdate names a context after `x.tr`'s variable or reads `tr(a, b)` as (source, comment):
    either gives a context no class or translate() call uses at run time, so it never shows."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "configurator" / "qt").rglob("*.py"))
    known = set(re.findall(r"^class (\w+)", code, re.M)) | set(re.findall(r'(?:translate|NOOP)\(\s*"(\w+)"', code))
    contexts = {ctx for ctx, _ in _messages(TS)}
    assert "" not in contexts and contexts <= known, contexts - known


def test_translations_keep_placeholders_and_accelerators():
    for (ctx, src), m in _messages(TS).items():
        tr = m.find("translation")
        text = "".join(tr.itertext()) if m.get("numerus") == "yes" else (tr.text or "")
        assert sorted(set(_PLACEHOLDERS.findall(src))) == sorted(set(_PLACEHOLDERS.findall(text))), (ctx, src, text)
        accel = re.search(r"&(\w)", src)
        if accel:
            assert f"(&{accel.group(1).upper()})" in text, (ctx, src, text)
        words = re.findall(r"[a-z]{3,}", _PLACEHOLDERS.sub("", src))  # English words, not units (kWh, GB/s)
        assert text != src or not words, (ctx, src, text)  # not the English copied over


def test_committed_qm_is_compiled_from_the_ts(tmp_path):
    qm = tmp_path / "x.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(TS), "-qm", str(qm)], check=True, capture_output=True, timeout=60)
    assert qm.read_bytes() == TS.with_suffix(".qm").read_bytes(), "run `make translations`: the .qm is stale"


@pytest.fixture
def chinese(qapp):
    """The app switched to Chinese for one test, then back to English."""
    from configurator.qt.app import make_app

    make_app()  # its own (English, in tests) set-up first, so that it does not undo ours
    lang = language.install(qapp, "zh_CN")
    yield lang
    language.install(qapp, "en")


def test_chinese_translators_and_font_are_installed(chinese, qapp):
    assert chinese == "zh_CN" and i18n.current_language() == "zh_CN"
    assert QCoreApplication.translate("MainWindow", "&File") == "文件(&F)"
    assert QCoreApplication.translate("PowerPanel", "no PSU installed") == "未安装电源"
    family = language.register_cjk_font(qapp)
    assert family and family in QFontDatabase.families()
    # the shipped fallback covers Han characters the system fonts may lack, and is substituted in
    assert QFontDatabase.WritingSystem.SimplifiedChinese in QFontDatabase.writingSystems(family)
    assert QFontMetrics(QFont(family)).inFontUcs4(ord("显"))
    assert family.lower() in [name.lower() for name in QFont.substitutes(qapp.font().family())]


def _run_families(text: str, font: QFont) -> list[str]:
    from PySide6.QtGui import QTextLayout

    layout = QTextLayout(text, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return [run.rawFont().familyName().lower() for run in layout.glyphRuns()]


def test_the_cjk_fallback_draws_han_only_latin_keeps_the_system_font(chinese, qapp):
    """The UI font is an alias ("Sans Serif") on Linux: substituting the CJK font for it alone made
    that font draw every text, Latin included. Latin stays in the family the alias resolves to."""
    family = language.register_cjk_font(qapp)
    others = [f for f in QFontDatabase.families() if f != family
              and QFontDatabase.WritingSystem.Latin in QFontDatabase.writingSystems(f)]
    if not others:
        pytest.skip("no font besides the shipped CJK one on this system")
    assert QFontInfo(qapp.font()).family().lower() != family.lower()
    latin, han = _run_families("GPU 80 GB", qapp.font()), _run_families("显存", qapp.font())
    assert family.lower() not in latin, latin
    assert han == [family.lower()] or all(
        QFontMetrics(QFont(name)).inFontUcs4(ord("显")) for name in han), han


def test_the_cooling_slot_is_named_in_the_users_language(chinese):
    """The core names the cooling slot in English; the chassis view shows the word translated, and
    the chassis file's own labels with their words translated (words/slot_words.py, issue #30)."""
    from configurator.core.slots import Slot
    from configurator.qt.chassis.slot_item import slot_label

    assert slot_label(Slot("COOLING", "cooling", "Cooling", "Cooling")) == "散热"
    assert slot_label(Slot("PCIE1", "pcie", "Slot 1 (x16)", "PCIe")) == "插槽 1 (x16)"


def test_a_descriptive_part_name_is_drawn_and_listed_in_the_users_language(chinese):
    """The chassis view's slot text and the palette's rows word a shipped descriptive name (the cooling
    slot read "Air cooling, 8…", words/part_words.py, issue #30); a product name stays as written."""
    from configurator.qt import theme
    from configurator.qt.palette.search_index import build_index
    from configurator.store.catalogs import default_catalog

    catalog = default_catalog()
    assert theme.short_name(catalog.get("cooling-air-gpu-8u"), 40) == "风冷, 8U GPU 服务器 (前后风扇墙)"
    assert theme.short_name(catalog.get("nvidia-h100-sxm5-80gb")) == "H100 SXM5 80GB"
    index = build_index(catalog)
    row = index.ids.index("ddr5-5600-udimm-32gb-nonecc")
    assert index.names[row] == "32 GB DDR5-5600 UDIMM, 非 ECC (台式机, 通用)"
    index.make()
    assert "non-ecc" in index.searches[row] and "台式机" in index.searches[row]     # found in either language


def test_qt_file_dialog_words_missing_from_qts_catalog_are_chinese(chinese):
    """Qt's zh_CN catalog predates "&Look in:", "Files of &type:" and the icon provider's "Folder":
    every open and export dialog showed them in English (issue #30)."""
    assert QCoreApplication.translate("QFileDialog", "&Look in:") == "查找范围(&L)："
    assert QCoreApplication.translate("QFileDialog", "Files of &type:") == "文件类型(&T)："
    assert QCoreApplication.translate("QAbstractFileIconProvider", "Folder", "All other platforms") == "文件夹"


def test_the_mixed_precision_choice_is_worded(chinese, make_window):
    """"mixed" was the only English word among the precision codes in the Recommend form and the
    Workload panel (issue #30); the value it sets stays "mixed"."""
    from configurator.qt.views.recommendations import RecommendDialog

    win = make_window()
    dialog = RecommendDialog(win.session, win)
    assert dialog.precision.currentText() == "混合精度（16 位权重，FP32 主副本）"
    assert dialog.precision.currentData() == "mixed"
    dialog.close()


def test_main_window_menus_are_chinese(chinese, make_window):
    win = make_window()
    titles = [a.text() for a in win.menuBar().actions()]
    assert titles[:3] == ["文件(&F)", "编辑(&E)", "视图(&V)"]
    exports = {name: act.text() for name, act in win.export_actions.items()}
    assert exports["pdf"].startswith("导出") and "quote" not in exports["pdf"]    # the format's name too
    assert not any(re.search("[A-Za-z]{4}", t.replace("PDF", "").replace("JSON", "").replace("CSV", "")
                             .replace("XLSX", "").replace("Excel", "").replace("NetBox", "").replace("YAML", ""))
                   for t in exports.values()), exports


def test_an_export_refusal_with_many_errors_is_chinese_and_fits(chinese, make_window, monkeypatch):
    """The refusal's head and its "… and N more" were English in the Chinese UI (PySide's tr with a
    count in a mixin of the main window read the context "MainWindow" first); 24 errors made the box
    856 px tall: ten are shown, all under Show Details (issue #30)."""
    from PySide6.QtWidgets import QMessageBox

    from configurator.core.message import Msg
    from configurator.qt.window.file_actions import REFUSAL_LINES
    from configurator.store.vendor_settings import UnorderableError

    seen: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: seen.append(box) or 0)
    win = make_window()
    errors = [f"E{n:03d}: PSU{n} cannot feed the GPU baseboard" for n in range(1, 25)]
    win._show_refusal(UnorderableError(Msg("quote.unorderable", n=24), errors), True)
    box = seen[0]
    assert box.text() == "配置有 24 个错误：请修正，或导出为标注“不可用于下单”的草稿。"
    shown = box.informativeText().splitlines()
    assert shown[:-1] == errors[:REFUSAL_LINES] and shown[-1] == "……另有 14 条：见“显示详细信息…”"
    assert box.detailedText().splitlines() == errors


def test_language_menu_saves_the_choice_for_the_next_start(make_window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: shown.append(a[2]))
    win = make_window()
    view = win.menuBar().actions()[2].menu()
    menu = next(a.menu() for a in view.actions() if a.menu() is not None)
    entries = {a.data(): a for a in menu.actions()}
    assert set(entries) == set(i18n.LANGUAGES) and entries["en"].isChecked()
    entries["zh_CN"].trigger()
    assert QSettings().value(language.SETTING) == "zh_CN" and shown
    assert i18n.choose_language(None, language.saved_language()) == "en"  # CONFIGURATOR_LANG wins
    monkeypatch.delenv(i18n.ENV_VAR)
    assert i18n.choose_language(None, language.saved_language()) == "zh_CN"
    assert i18n.choose_language("en", language.saved_language()) == "en"  # --lang wins over the setting

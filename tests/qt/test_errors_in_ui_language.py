"""The window's refusals in the UI's language: a bad build file opened, a save into a folder that is
not there, a tender pack with a broken requirement file, an upgrade BEFORE file and an acceptance
folder that cannot be read each show `words.errors.error_text` of the very error, in Chinese under
zh_CN and as before in English, one line. The language reaches the words where the UI's is chosen
(qt/window/language_menu.py `install` sets words/i18n.py's), so `error_text(exc)` needs no argument.

A guard walks configurator/qt and fails on a new site that shows an exception's `str()`/`repr()`
instead of its words."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.qt.window import language_menu as language
from configurator.store import paths
from configurator.store.build_files import load_build, save_build
from configurator.words import i18n
from configurator.words.errors import error_text

HAN = re.compile(r"[\u4e00-\u9fff]")
QT = Path(__file__).resolve().parents[2] / "configurator" / "qt"


@pytest.fixture(params=["zh_CN", "en"])
def ui(request, qapp):
    """The UI's language as the app installs it at start (its translators and the words' language)."""
    from configurator.qt.app import make_app

    make_app()
    yield language.install(qapp, request.param)
    language.install(qapp, "en")


@pytest.fixture
def warnings(monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    return shown


def _caught(call, *args) -> BaseException:
    """The error `call(*args)` raises: the same one the window met. Its traceback is dropped: the
    frames it holds would keep the test's widgets alive until a garbage collection destroys them
    at some later point, inside another test's event loop."""
    try:
        call(*args)
    except (ValueError, OSError) as exc:
        return exc.with_traceback(None)
    raise AssertionError(f"{call.__name__}{args} raised nothing")


def _in_language(shown: str, exc: BaseException, lang: str) -> None:
    assert i18n.current_language() == lang
    assert shown == error_text(exc, lang) and "\n" not in shown, (shown, error_text(exc, lang))
    if lang == "zh_CN":
        assert HAN.search(shown), shown
    else:
        assert not HAN.search(shown), shown


def _english_as_before(shown: str, exc: BaseException, lang: str) -> None:
    """An input error's English is its `str()`'s first line, what the window showed before."""
    if lang == "en":
        assert shown == str(exc).splitlines()[0]


def test_a_broken_build_file_opened(ui, make_window, tmp_path, warnings, catalog):
    from configurator.formats.importers import importer_for
    from configurator.qt.app import open_session

    bad = tmp_path / "broken.json"
    bad.write_text('{"format": 1, "chassis": 5', "utf-8")
    exc = _caught(lambda: importer_for(bad).read(bad, catalog))
    win = make_window()
    assert not win.open_path(bad)                       # File ▸ Open's path
    assert len(warnings) == 1
    _in_language(warnings[0], exc, ui)
    _english_as_before(warnings[0], exc, ui)
    _, error = open_session(str(bad))                   # the file named at start
    _in_language(error, exc, ui)


def test_a_build_saved_into_a_folder_that_is_not_there(ui, make_window, tmp_path, warnings):
    """As root (CI containers) a read-only folder can be written: a missing folder is what every
    user can meet. The OS's reason is worded (core/library_errors.py) and names the file saved,
    not the hidden temporary file it was being written to."""
    target = tmp_path / "gone" / "x.json"
    win = make_window()
    exc = _caught(save_build, win.session.build, target)
    assert not win.save_to(target)
    assert len(warnings) == 1
    _in_language(warnings[0], exc, ui)
    assert warnings[0].startswith(f"{target}: ") and ".tmp" not in warnings[0]
    assert warnings[0] == f"{target}: " + ("没有那个文件或目录" if ui == "zh_CN" else "No such file or directory")


def test_a_build_saved_over_a_folder(ui, make_window, tmp_path, warnings):
    """A name that is a folder (store/safe_write.py refuses to replace it): a message too."""
    target = tmp_path / "folder.json"
    target.mkdir()
    win = make_window()
    exc = _caught(save_build, win.session.build, target)
    assert not win.save_to(target)
    assert len(warnings) == 1
    _in_language(warnings[0], exc, ui)
    _english_as_before(warnings[0], exc, ui)
    assert warnings[0] == f"{target}: " + ("是文件夹，不是文件" if ui == "zh_CN" else "is a folder, not a file")


def test_a_recovery_copy_damaged_before_it_is_restored(ui, make_window, warnings, monkeypatch):
    """Restore unsaved work? Yes, but the copy was cut off meanwhile (a second instance, a full disk):
    "Cannot restore" says why in the UI's language, and the start goes on."""
    win = make_window()
    win.view.place("GPU1", "h100-sxm")
    win.write_recovery()
    store = win._autosave_store
    (copy,) = [entry.path for entry in store.list()]
    store.close()                                # as if the window had crashed: its copy is left behind

    def damaged_meanwhile(*_args, **_kwargs):
        copy.write_text('{"recovery": 1, "saved_at_unix": 17', "ascii")
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", damaged_meanwhile)
    fresh = make_window()
    fresh.offer_recovery()
    exc = _caught(fresh._autosave_store.load, copy)
    assert len(warnings) == 1 and str(copy) in warnings[0]
    _in_language(warnings[0], exc, ui)
    _english_as_before(warnings[0], exc, ui)
    win.session.mark_clean()


def test_a_refused_export_drops_the_cli_flag_in_either_language(ui, make_window, warnings):
    """The quote's refusal names the CLI's `(--allow-errors)` (full-width parentheses in Chinese);
    the window offers the draft as a button instead, so the flag is left out of its line."""
    from configurator.core.message import Msg
    from configurator.store.vendor_settings import UnorderableError

    exc = UnorderableError(Msg("quote.unorderable", n=1), ())
    assert not make_window()._show_refusal(exc, offer_draft=False)
    assert len(warnings) == 1 and "--allow-errors" not in warnings[0]
    assert warnings[0] == error_text(exc, ui).replace(" (--allow-errors)", "").replace("（--allow-errors）", "")
    assert bool(HAN.search(warnings[0])) == (ui == "zh_CN")


def test_the_tender_pack_with_a_broken_requirement_file(ui, make_window, tmp_path, warnings):
    from configurator.qt.dialogs.tender_export import export_tender
    from configurator.store.tender_files import load_tender

    bad = tmp_path / "bad.toml"
    bad.write_text("[[requirement]\nvalue = 1\n", "utf-8")
    exc = _caught(load_tender, str(bad))
    window = make_window()
    out = export_tender(window, window.session, ask_open=lambda *a: (str(bad), ""),
                        ask_save=lambda *a: (str(tmp_path / "p.pdf"), ""))
    assert out is None and not (tmp_path / "p.pdf").exists()
    assert len(warnings) == 1 and "bad.toml" in warnings[0]
    _in_language(warnings[0], exc, ui)
    _english_as_before(warnings[0], exc, ui)


@pytest.fixture
def example_session():
    """A session on the HGX example with the shipped catalog, alive until the widgets on it are gone."""
    from configurator.core.session import Session
    from configurator.store.catalogs import load_catalog
    from configurator.store.loaded_evaluator import default_evaluator

    cat = load_catalog()
    return Session(cat, load_build(paths.examples_dir() / "hgx-h100-8gpu.json", cat), evaluator=default_evaluator(cat))


def test_the_upgrade_view_with_a_broken_before_file(ui, qtbot, tmp_path, example_session):
    from configurator.qt.views.upgrade_plan import UpgradeView

    view = UpgradeView(example_session)
    qtbot.addWidget(view)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    exc = _caught(load_build, bad)
    assert not view.set_before_file(bad)
    _in_language(view.source.text(), exc, ui)
    _english_as_before(view.source.text(), exc, ui)


def test_the_acceptance_view_with_a_folder_that_is_not_results(ui, qtbot, tmp_path, example_session):
    from configurator.formats.importers.acceptance import read_results
    from configurator.qt.views.acceptance import AcceptanceDialog

    dialog = AcceptanceDialog(example_session)
    qtbot.addWidget(dialog)
    missing = tmp_path / "missing"
    exc = _caught(read_results, missing)
    assert not dialog.view.load_results(missing)
    _in_language(dialog.view.status.text(), exc, ui)
    _english_as_before(dialog.view.status.text(), exc, ui)


# --------------------------------------------------------------------------- the guard
#: sites in configurator/qt that may turn an exception into text themselves: (file, function) -> why
NOT_SHOWN: dict[tuple[str, str], str] = {}


def _raw_texts(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(line, function, what) for each `str(e)`, `repr(e)`, `f"{e}"` or `e.args` of an exception
    `e`: bound by an `except … as e:` (inside that handler), or a parameter typed as an exception
    (a helper such as `_one_line(exc: ValueError)`, inside that function)."""
    found: list[tuple[int, str, str]] = []

    def scan(body: list[ast.stmt], exc: str, function: str) -> None:
        for inner in (n for stmt in body for n in ast.walk(stmt)):
            if _texts_of(inner, exc):
                found.append((inner.lineno, function, ast.unparse(inner)))

    def walk(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.ExceptHandler) and child.name:
                scan(child.body, child.name, name)
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in child.args.args + child.args.kwonlyargs:
                    if arg.annotation is not None and re.search(r"Error|Exception", ast.unparse(arg.annotation)):
                        scan(child.body, arg.arg, name)
            walk(child, name)

    walk(tree, "")
    return found


def _texts_of(node: ast.AST, exc: str) -> bool:
    named = lambda n: isinstance(n, ast.Name) and n.id == exc  # noqa: E731
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("str", "repr", "format"):
        return any(named(a) for a in node.args)
    if isinstance(node, ast.FormattedValue):
        return named(node.value)
    if isinstance(node, ast.Attribute) and node.attr in ("args", "strerror"):
        return named(node.value)
    return False


def test_no_exception_is_shown_as_its_english_str():
    """Every refusal the window shows goes through `error_text` (the UI's language); a new
    `str(exc)` in configurator/qt fails here unless NOT_SHOWN says why it is not shown to a user."""
    found = []
    for path in sorted(QT.rglob("*.py")):
        rel = path.relative_to(QT).as_posix()
        for line, function, what in _raw_texts(ast.parse(path.read_text("utf-8"))):
            if (rel, function) not in NOT_SHOWN:
                found.append(f"configurator/qt/{rel}:{line} in {function}(): {what}")
    assert not found, "\n".join(found)


def test_the_guard_finds_a_raw_str():
    source = "def f():\n    try:\n        g()\n    except ValueError as exc:\n        show(str(exc).splitlines()[0])\n"
    assert [(f, w) for _, f, w in _raw_texts(ast.parse(source))] == [("f", "str(exc)")]
    assert _raw_texts(ast.parse(source.replace("str(exc)", "error_text(exc)"))) == []
    assert len(_raw_texts(ast.parse(source.replace("str(exc)", "f'{exc}'")))) == 1
    helper = "def _one_line(exc: ValueError) -> str:\n    return str(exc).splitlines()[0]\n"
    assert [(f, w) for _, f, w in _raw_texts(ast.parse(helper))] == [("_one_line", "str(exc)")]


def test_a_quote_refused_for_the_builds_errors_lists_them_in_the_ui_language(ui, make_window, tmp_path,
                                                                             monkeypatch):
    """File ▸ Export ▸ PDF quote of a build with errors (the empty chassis: no CPU, no memory, no PSU):
    the real exporter refuses it, and the box the window shows - its head line, every error's line
    and the draft button - reads in the UI's language (the window-fit probe's refusal is synthetic
    English; this is the path a user meets)."""
    from configurator.formats.exporters.pdf_quote import PDF_QUOTE
    from configurator.formats.registry import ExportRequest
    from configurator.store.vendor_settings import UnorderableError
    from configurator.words.problems import text

    win = make_window()
    session = win.session
    assert session.evaluation.errors
    request = ExportRequest(options=((session.build, session.evaluation),), catalog=session.catalog)
    exc = _caught(PDF_QUOTE.write, request, tmp_path / "q.pdf")
    assert isinstance(exc, UnorderableError)
    assert list(exc.errors) == [f"{v.code}: {text(v, ui)}" for v in session.evaluation.errors]
    shown: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    assert not win._show_refusal(exc, offer_draft=True)
    box = shown[0]
    lines = box.informativeText().splitlines()
    assert lines[:len(exc.errors)] == list(exc.errors)[:len(lines)]
    buttons = [b.text() for b in box.buttons()]
    if ui == "zh_CN":
        assert HAN.search(box.text()) and all(HAN.search(line) for line in lines), (box.text(), lines)
        assert any(HAN.search(b) for b in buttons), buttons
    else:
        assert not HAN.search(box.text() + "".join(lines)) and "Export as draft" in buttons

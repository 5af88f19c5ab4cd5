"""File ▸ Export PDF quote opens Quote details first; the details are one undoable edit; a build
with errors is only quoted as a marked draft; the vendor profile is edited and saved in the GUI."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QDialog, QFileDialog, QLineEdit, QMessageBox

from configurator.core.build import Build
from configurator.qt.dialogs.quote_details import QuoteDialog, VendorDialog
from configurator.store.vendor_settings import load_settings


def _text(path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(path)).pages)


def _filler(values: dict, currency: str | None = None, answer: bool = True, internal: bool | None = None):
    """QuoteDialog.exec as a user: type `values` into the fields, maybe pick a currency, press OK."""

    def exec_(dialog: QuoteDialog) -> int:
        for path, value in values.items():
            widget = dialog.widgets[path]
            if isinstance(widget, QLineEdit):
                widget.setText(value)
            elif hasattr(widget, "setPlainText"):
                widget.setPlainText(value)
            else:
                widget.setValue(value)
        if currency:
            dialog.currency.setCurrentIndex(dialog.currency.findData(currency))
        if internal is not None:
            dialog.copy.setCurrentIndex(1 if internal else 0)
        if not answer:
            dialog.reject()
            return QDialog.DialogCode.Rejected
        dialog.accept()
        return dialog.result()

    return exec_


@pytest.fixture()
def quote_build():
    return Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"})


def test_export_quote_asks_for_the_details_and_they_undo_in_one_step(make_window, monkeypatch, tmp_path,
                                                                     quote_build):
    win = make_window(quote_build)
    monkeypatch.setattr(QuoteDialog, "exec", _filler({"meta.customer": "北京示例科技有限公司",
                                                      "meta.contact": "王工", "commercial.shipping": 500.0,
                                                      "meta.name": "Cluster pilot"}))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    target = tmp_path / "quote"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), a[3]))
    win.export_actions["pdf"].trigger()
    text = _text(tmp_path / "quote.pdf")
    meta = win.session.build.meta
    assert (meta.customer, meta.contact, meta.name) == ("北京示例科技有限公司", "王工", "Cluster pilot")
    assert win.session.build.commercial.shipping == Decimal("500.00")
    assert "北京示例科技有限公司" in text and "王工" in text
    assert win.session.evaluation.cost.shipping == Decimal("500.00")
    win.act_undo.trigger()          # the quote number the PDF took is its own step
    assert win.session.build.meta.quote_number == "" and win.session.build.meta.customer
    win.act_undo.trigger()          # one step takes every detail back
    assert win.session.build.meta.customer == "" and win.session.build.commercial.shipping == 0


def test_the_dialog_chooses_the_customer_or_the_internal_copy(make_window, monkeypatch, tmp_path, quote_build):
    """The customer's copy by default (no appendix of sources and estimates); "Internal copy" adds it."""
    win = make_window(quote_build)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    texts = {}
    for name, internal in (("default", None), ("internal", True), ("customer", False)):
        dialog = QuoteDialog(win.session, win)
        assert dialog.internal_copy() is False                    # never remembered: the customer's by default
        dialog.deleteLater()
        monkeypatch.setattr(QuoteDialog, "exec", _filler({}, internal=internal))
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, n=name, **k: (str(tmp_path / f"{n}.pdf"), a[3]))
        assert win.export_as("pdf")
        texts[name] = _text(tmp_path / f"{name}.pdf")
    assert "How these figures are computed" in texts["internal"]
    for name in ("default", "customer"):
        assert "How these figures are computed" not in texts[name] and "estimate" not in texts[name].lower()


def test_cancelling_the_details_writes_nothing(make_window, monkeypatch, tmp_path, quote_build):
    win = make_window(quote_build)
    monkeypatch.setattr(QuoteDialog, "exec", _filler({"meta.customer": "ACME"}, answer=False))
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append(a) or ("", ""))
    assert not win.export_as("pdf")
    assert asked == [] and win.session.build.meta.customer == ""


def test_currency_in_the_dialog_converts_shipping(make_window, monkeypatch, quote_build):
    from configurator.store.loaded_evaluator import default_evaluator

    win = make_window(quote_build)
    win.session.evaluator = default_evaluator(win.session.catalog)   # the app's: shipped exchange rates
    win.session.build.commercial = win.session.build.commercial.model_copy(update={"shipping": Decimal("500")})
    dialog = QuoteDialog(win.session, win)
    _filler({}, currency="CNY")(dialog)
    site = win.session.build.site
    assert site.currency == site.input_currency == "CNY"
    rate = dialog.fx.per_usd["CNY"]
    assert win.session.build.commercial.shipping == (500 * rate).quantize(Decimal("0.01"))
    assert win.session.evaluation.cost.currency == "CNY"
    dialog.deleteLater()


def test_a_build_with_errors_is_a_draft_only_when_the_user_says_so(make_window, monkeypatch, tmp_path, quote_build):
    win = make_window(quote_build)                       # one GPU, no PSU, no CPU: errors
    assert win.session.evaluation.errors
    monkeypatch.setattr(QuoteDialog, "exec", _filler({}))
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: answers.pop(0))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "d.pdf"), a[3]))
    assert not win.export_as("pdf") and not (tmp_path / "d.pdf").exists()
    assert win.export_as("pdf")
    text = _text(tmp_path / "d.pdf")
    assert "NOT VALID FOR ORDER" in text and "DRAFT — NOT ORDERABLE" in text


def test_vendor_profile_is_saved_and_loads_back(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "cfg" / "vendor.toml"
    dialog = VendorDialog(None, path)
    qtbot.addWidget(dialog)
    dialog.widgets[("vendor", "company")].setText("示例计算系统（上海）有限公司")
    dialog.widgets[("vendor", "bank")].setText("招商银行上海分行 1234 5678")
    dialog.widgets[("vendor", "address")].setPlainText('Line 1 "A"\nLine 2')
    assert dialog.save()
    settings = load_settings(path)
    assert settings.vendor.company == "示例计算系统（上海）有限公司"
    assert settings.vendor.bank.startswith("招商银行") and settings.vendor.address == 'Line 1 "A"\nLine 2'
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    dialog.widgets[("quote", "number_prefix")].setText("bad prefix!")
    assert not dialog.save()
    assert "number_prefix" in shown[0] and str(path) in shown[0]
    assert load_settings(path).quote.number_prefix == "Q"     # the good file was kept


def test_the_quote_number_is_taken_once_and_a_revision_reuses_it(make_window, monkeypatch, tmp_path, quote_build):
    win = make_window(quote_build)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QuoteDialog, "exec", _filler({}))
    names = iter([tmp_path / "r1.pdf", tmp_path / "r2.pdf"])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(next(names)), a[3]))
    assert win.session.build.meta.quote_number == ""
    assert win.export_as("pdf")
    number = win.session.build.meta.quote_number
    assert number and number in _text(tmp_path / "r1.pdf") and "Revision 1" in _text(tmp_path / "r1.pdf")
    monkeypatch.setattr(QuoteDialog, "exec", _filler({"meta.revision": 2}))
    assert win.export_as("pdf")
    text = _text(tmp_path / "r2.pdf")
    assert win.session.build.meta.quote_number == number and f"{number} rev. 2" in text and "Revision 2" in text


def test_preview_shows_the_totals_the_quote_will_print(make_window, quote_build, tmp_path, monkeypatch):
    from configurator.core.money import format_money

    win = make_window(quote_build)
    dialog = QuoteDialog(win.session, win)
    dialog.widgets["commercial.tax_pct"].setValue(13)
    dialog.widgets["commercial.shipping"].setValue(450)
    pending = dialog.preview_cost()
    assert win.session.build.commercial.tax_pct == 0            # nothing applied before OK
    assert format_money(pending.total, "USD", "en_US") in dialog.preview.text()
    assert pending.tax == ((pending.subtotal + pending.shipping) * Decimal("0.13")).quantize(Decimal("0.01"))
    dialog.accept()
    assert win.session.evaluation.cost.total == pending.total    # the preview was the real thing
    monkeypatch.setattr(QuoteDialog, "exec", _filler({}))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "p.pdf"), a[3]))
    assert win.export_as("pdf")
    assert format_money(pending.total, "USD", "en_US") in _text(tmp_path / "p.pdf")
    dialog.deleteLater()


def test_a_refused_upgrade_quote_lists_every_error_and_offers_the_draft(make_window, monkeypatch, tmp_path, quote_build):
    win = make_window(quote_build.model_copy(update={"owned": {"chassis": "hgx-8u"}}))   # owned chassis; errors
    errors = win.session.evaluation.errors
    assert len(errors) > 1
    shown: list[tuple[str, str]] = []

    def answer(draft: bool):
        def exec_(box: QMessageBox) -> int:
            shown.append((box.text(), box.informativeText()))
            buttons = [b for b in box.buttons() if b.text() == "Export as draft"]
            if draft and buttons:
                buttons[0].click()
            return 0
        return exec_

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "u.pdf"), a[3]))
    monkeypatch.setattr(QMessageBox, "exec", answer(False))
    assert not win.export_as("upgrade-pdf") and not (tmp_path / "u.pdf").exists()
    head, rest = shown[-1]
    assert "--allow-errors" not in head and f"{len(errors)} errors" in head and "draft" in head
    assert len(rest.splitlines()) == len(errors) and all(e.code in rest for e in errors)
    monkeypatch.setattr(QMessageBox, "exec", answer(True))
    assert win.export_as("upgrade-pdf") and (tmp_path / "u.pdf").exists()


def test_switching_currency_shows_shipping_in_the_new_currency(make_window, quote_build):
    """The field showed the old currency's 500 after a switch to CNY (issue 30): it shows the
    converted figure, OK records that figure, and a figure typed after the switch is the user's."""
    from configurator.store.loaded_evaluator import default_evaluator

    win = make_window(quote_build)
    win.session.evaluator = default_evaluator(win.session.catalog)
    win.session.build.commercial = win.session.build.commercial.model_copy(update={"shipping": Decimal("500")})
    dialog = QuoteDialog(win.session, win)
    rate = dialog.fx.per_usd["CNY"]
    shipping = dialog.widgets["commercial.shipping"]
    dialog.currency.setCurrentIndex(dialog.currency.findData("CNY"))
    converted = (500 * rate).quantize(Decimal("0.01"))
    assert Decimal(str(round(shipping.value(), 2))) == converted
    assert [op.path for op in dialog.changes()].count("commercial.shipping") == 1    # the conversion, once
    dialog.currency.setCurrentIndex(dialog.currency.findData("USD"))
    assert round(shipping.value(), 2) == 500.0                                     # back to the figure loaded
    dialog.currency.setCurrentIndex(dialog.currency.findData("CNY"))
    shipping.setValue(800.0)                                                         # typed in CNY
    _filler({})(dialog)
    assert win.session.build.commercial.shipping == Decimal("800.00")
    assert win.session.build.site.currency == "CNY"
    dialog.deleteLater()


def test_a_new_build_quotes_in_the_ui_language(monkeypatch, catalog):
    from configurator.qt.window import file_actions
    from configurator.words import i18n

    monkeypatch.setattr(i18n, "current_language", lambda: "zh_CN")
    build = file_actions.new_build(catalog, "hgx-8u")
    assert build.meta.language == "zh_CN"
    monkeypatch.setattr(i18n, "current_language", lambda: "en")
    assert file_actions.new_build(catalog, "hgx-8u").meta.language == "en"

"""Quote details and the vendor profile, edited in the GUI rather than in files.

`QuoteDialog` shows the build's quote fields (customer, addresses, terms, discount, tax,
shipping, currency, language, revision; core/build.py `Meta` and `Commercial`). OK writes the
changed ones as `SetOption` edits in one `session.batch`, so a single Undo takes them back; a
currency change goes through `core.currency.currency_ops`, which converts the money inputs.
`VendorDialog` edits the vendor profile (store/vendor_settings.py) and writes vendor.toml atomically.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.build import Build
from ...core.currency import currency_ops
from ...core.money import format_money
from ...core.ops import OpError, SetOption
from ...store.safe_write import atomic_write
from ...store.vendor_settings import QuoteError, VendorSettings, default_settings_path, load_settings
from ...words.errors import error_text
from ..tr_marks import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from ...core.session import SessionLike

#: (dotted build path, label, widget kind) in the dialog's order, per tab
CUSTOMER_FIELDS = (
    ("meta.customer", QT_TRANSLATE_NOOP("QuoteDialog", "Customer company"), "line"),
    ("meta.contact", QT_TRANSLATE_NOOP("QuoteDialog", "Contact"), "line"),
    ("meta.email", QT_TRANSLATE_NOOP("QuoteDialog", "E-mail"), "line"),
    ("meta.phone", QT_TRANSLATE_NOOP("QuoteDialog", "Phone"), "line"),
    ("meta.bill_to", QT_TRANSLATE_NOOP("QuoteDialog", "Bill-to address"), "text"),
    ("meta.ship_to", QT_TRANSLATE_NOOP("QuoteDialog", "Ship-to address"), "text"),
    ("meta.customer_po", QT_TRANSLATE_NOOP("QuoteDialog", "Customer PO / deal id"), "line"),
    ("meta.customer_tax_id", QT_TRANSLATE_NOOP("QuoteDialog", "Customer tax id"), "line"),
    ("meta.name", QT_TRANSLATE_NOOP("QuoteDialog", "Project name"), "line"),
    ("meta.quote_notes", QT_TRANSLATE_NOOP("QuoteDialog", "Notes on the quote"), "text"),
)
TERMS_FIELDS = (
    ("commercial.discount_pct", QT_TRANSLATE_NOOP("QuoteDialog", "Discount %"), "pct"),
    ("commercial.tax_pct", QT_TRANSLATE_NOOP("QuoteDialog", "Tax / VAT %"), "pct"),
    ("commercial.prices_include_tax", QT_TRANSLATE_NOOP("QuoteDialog", "Prices include tax"), "check"),
    ("commercial.shipping", QT_TRANSLATE_NOOP("QuoteDialog", "Shipping"), "money"),
    ("commercial.shipping_taxed", QT_TRANSLATE_NOOP("QuoteDialog", "Tax charged on shipping"), "check"),
    ("commercial.payment_terms", QT_TRANSLATE_NOOP("QuoteDialog", "Payment terms"), "line"),
    ("commercial.delivery_terms", QT_TRANSLATE_NOOP("QuoteDialog", "Delivery terms (Incoterms)"), "line"),
    ("commercial.lead_time", QT_TRANSLATE_NOOP("QuoteDialog", "Lead time"), "line"),
    ("meta.valid_days", QT_TRANSLATE_NOOP("QuoteDialog", "Valid for (days)"), "days"),
    ("meta.revision", QT_TRANSLATE_NOOP("QuoteDialog", "Revision"), "revision"),
)
INVOICE_TYPES = (("", "—"), ("special", "增值税专用发票 (special VAT invoice)"),
                 ("ordinary", "增值税普通发票 (ordinary VAT invoice)"))
LANGUAGES = (("en", "English"), ("zh_CN", "简体中文 (报价单)"))
#: the money inputs a currency switch converts (core/currency.py `currency_ops`), by their kind
MONEY_FIELDS = {path: kind for path, _label, kind in TERMS_FIELDS if kind == "money"}


def _get(build: Any, path: str) -> Any:
    head, _, rest = path.partition(".")
    return getattr(getattr(build, head), rest)


class QuoteDialog(QDialog):
    """The build's quote details; `apply_to(session)` records them as one undoable edit."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Quote details"))
        self.session = session
        self.fx = session.evaluator.fx    # the rates the session evaluates with (read by io)
        self.widgets: dict[str, QWidget] = {}
        tabs = QTabWidget()
        tabs.addTab(self._form(CUSTOMER_FIELDS), self.tr("Customer"))
        terms = self._form(TERMS_FIELDS)
        form = terms.layout()
        assert isinstance(form, QFormLayout)
        self.currency = QComboBox()
        for code in sorted(self.fx.per_usd):
            self.currency.addItem(code, code)
        self.currency.setCurrentIndex(self.currency.findData(session.build.site.currency))
        form.addRow(self.tr("Currency"), self.currency)
        # the money fields show the figures of the chosen currency: switching it converts them
        self._shown_currency = session.build.site.input_currency
        self.currency.currentIndexChanged.connect(self._convert_shown_money)
        self.language = self._combo(LANGUAGES, session.build.meta.language)
        form.addRow(self.tr("Quote language"), self.language)
        self.invoice = self._combo(INVOICE_TYPES, session.build.commercial.invoice_type)
        form.addRow(self.tr("Invoice type (China)"), self.invoice)
        tabs.addTab(terms, self.tr("Terms"))
        # which copy to write: the customer's (firm prices, no cost basis) or the seller's own, with
        # the appendix of sources and estimates; the customer's by default, never stored in the build
        self.copy = QComboBox()
        self.copy.addItem(self.tr("Customer copy"), False)
        self.copy.addItem(self.tr("Internal copy (with sources and estimates)"), True)
        copy_row = QFormLayout()
        copy_row.addRow(self.tr("Copy"), self.copy)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self._connect_preview()
        vendor = QPushButton(self.tr("Vendor profile…"))
        vendor.clicked.connect(self.edit_vendor)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(vendor)
        row.addStretch(1)
        row.addWidget(buttons)
        box = QVBoxLayout(self)
        box.addWidget(tabs)
        box.addLayout(copy_row)
        box.addWidget(self.preview)
        box.addLayout(row)
        self.update_preview()

    # ------------------------------------------------------------------ preview
    def _connect_preview(self) -> None:
        for widget in self.widgets.values():
            if isinstance(widget, (QDoubleSpinBox, QSpinBox)):
                widget.valueChanged.connect(self.update_preview)
            elif isinstance(widget, QCheckBox):
                widget.toggled.connect(self.update_preview)
        for combo in (self.currency, self.language):
            combo.currentIndexChanged.connect(self.update_preview)

    def _convert_shown_money(self, *_: object) -> None:
        """Show the money fields in the newly chosen currency: a figure still as loaded becomes the
        build's converted one (what OK records), one the user typed is converted at the same rate."""
        new = self.currency.currentData()
        old = self._shown_currency
        if new == old:
            return
        try:
            converted = self._converted_build(new)
        except (OpError, ValueError):
            return                      # no rate: the preview says why; the figures stay
        before = self._converted_build(old) if old != self.session.build.site.input_currency else self.session.build
        for path, kind in MONEY_FIELDS.items():
            widget = self.widgets.get(path)
            if not isinstance(widget, QDoubleSpinBox):
                continue
            shown = Decimal(str(round(widget.value(), 2)))
            if shown == Decimal(_get(before, path)):
                value = Decimal(_get(converted, path))
            else:                       # typed by the user: the same amount in the new currency
                value = self.fx.convert(shown, old, new) or shown
            widget.blockSignals(True)
            widget.setValue(float(value))
            widget.blockSignals(False)
        self._shown_currency = new
        self.update_preview()

    def _converted_build(self, currency: str) -> Build:
        """The session's build switched to `currency` (its money inputs converted), not recorded."""
        build = Build.model_validate(self.session.build.snapshot())
        if currency != build.site.currency or currency != build.site.input_currency:
            for op in currency_ops(build, currency, self.fx):
                op.apply(build, self.session.catalog)
        return build

    def preview_cost(self) -> Any:
        """The priced BOM the quote would print with the dialog's values (the session's build
        is untouched until OK): the same core evaluation, so it equals the PDF's totals."""
        build = Build.model_validate(self.session.build.snapshot())
        for op in self.changes():
            op.apply(build, self.session.catalog)
        return self.session.evaluator.evaluate(build).cost

    def update_preview(self, *_: object) -> None:
        try:
            cost = self.preview_cost()
        except (OpError, ValueError) as exc:
            self.preview.setText(_one_line(exc))
            return
        locale = "zh_CN" if self.language.currentData() == "zh_CN" else "en_US"

        def money(value: Decimal) -> str:
            return format_money(value, cost.currency, locale)

        basis = self.tr("incl. tax") if cost.total_includes_tax else self.tr("excl. tax")
        self.preview.setText(self.tr("Quote total %1 (%2) · subtotal %3 · discount %4 · tax %5 · shipping %6")
                             .replace("%1", money(cost.total)).replace("%2", basis)
                             .replace("%3", money(cost.subtotal)).replace("%4", money(cost.discount))
                             .replace("%5", money(cost.tax)).replace("%6", money(cost.shipping)))

    def _combo(self, items: tuple[tuple[str, str], ...], current: str) -> QComboBox:
        combo = QComboBox()
        for value, text in items:
            combo.addItem(text, value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        return combo

    def _form(self, fields: tuple[tuple[str, str, str], ...]) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        for path, label, kind in fields:
            widget = self._widget(kind, _get(self.session.build, path))
            self.widgets[path] = widget
            form.addRow(self.tr(label), widget)
        return page

    def _widget(self, kind: str, value: Any) -> QWidget:
        if kind == "line":
            return QLineEdit(str(value))
        if kind == "text":
            text = QPlainTextEdit(str(value))
            text.setFixedHeight(54)
            return text
        if kind == "check":
            check = QCheckBox()
            check.setChecked(bool(value))
            return check
        if kind in ("days", "revision"):
            spin = QSpinBox()
            spin.setRange(1, 365 if kind == "days" else 999)
            spin.setValue(int(value))
            return spin
        dspin = QDoubleSpinBox()
        dspin.setDecimals(2)
        dspin.setRange(0, 100 if kind == "pct" else 1e9)
        dspin.setValue(float(value))
        return dspin

    @staticmethod
    def _value(widget: QWidget) -> Any:
        if isinstance(widget, QLineEdit):
            return widget.text().strip()
        if isinstance(widget, QPlainTextEdit):
            return widget.toPlainText().strip()
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QSpinBox):
            return widget.value()
        assert isinstance(widget, QDoubleSpinBox)
        return Decimal(str(round(widget.value(), 2)))

    def changes(self) -> list[SetOption]:
        """The edits OK records: only fields that differ, the currency switch first."""
        build = self.session.build
        ops: list[SetOption] = []
        currency = self.currency.currentData()
        if currency != build.site.currency:
            ops += currency_ops(build, currency, self.fx)
        # compared with the build as the currency switch leaves it: the converted money is not an edit
        baseline = self._converted_build(currency) if ops else build
        for path, widget in self.widgets.items():
            value = self._value(widget)
            old = _get(baseline, path)
            if value != (Decimal(old) if isinstance(old, Decimal) else old):
                ops.append(SetOption(path=path, value=value))
        for path, combo in (("meta.language", self.language), ("commercial.invoice_type", self.invoice)):
            if combo.currentData() != _get(build, path):
                ops.append(SetOption(path=path, value=combo.currentData()))
        return ops

    def internal_copy(self) -> bool:
        """True: write the internal copy (the appendix of sources and estimates); False: the customer's."""
        return bool(self.copy.currentData())

    def apply_to_session(self) -> bool:
        """Record the changes as one undoable step; False (nothing changed) on a refused value."""
        ops = self.changes()
        if not ops:
            return True
        try:
            with self.session.batch(self.tr("Quote details")):
                for op in ops:
                    self.session.apply(op)
        except (OpError, ValueError) as exc:
            QMessageBox.warning(self, self.tr("Quote details"), _one_line(exc))
            return False
        return True

    def accept(self) -> None:
        if self.apply_to_session():
            super().accept()

    def edit_vendor(self) -> None:
        dialog = VendorDialog(self)
        dialog.exec()
        dialog.deleteLater()


def _one_line(exc: ValueError) -> str:
    """A refused edit or a bad value, its first line in the app's language, for one label."""
    return error_text(exc)


def issue_number(session: SessionLike) -> str:
    """The build's quote number, taken from the installation's counter the first time a quote
    PDF is about to be written (not when the dialog is merely opened); later exports and
    revisions reuse it. Recorded in the build (`meta.quote_number`), so it is saved with it."""
    number = session.build.meta.quote_number
    if not number:
        from ...store.quote_counter import next_quote_number

        number = next_quote_number(load_settings().quote.number_prefix)
        session.apply(SetOption(path="meta.quote_number", value=number),
                      label=QCoreApplication.translate("QuoteDialog", "Quote number"))
    return number


VENDOR_FIELDS = (
    ("vendor", "company", QT_TRANSLATE_NOOP("VendorDialog", "Company"), "line"),
    ("vendor", "address", QT_TRANSLATE_NOOP("VendorDialog", "Address"), "text"),
    ("vendor", "contact", QT_TRANSLATE_NOOP("VendorDialog", "Contact"), "line"),
    ("vendor", "email", QT_TRANSLATE_NOOP("VendorDialog", "E-mail"), "line"),
    ("vendor", "phone", QT_TRANSLATE_NOOP("VendorDialog", "Phone"), "line"),
    ("vendor", "website", QT_TRANSLATE_NOOP("VendorDialog", "Website"), "line"),
    ("vendor", "tax_id", QT_TRANSLATE_NOOP("VendorDialog", "Tax id"), "line"),
    ("vendor", "bank", QT_TRANSLATE_NOOP("VendorDialog", "Bank and account"), "line"),
    ("vendor", "logo", QT_TRANSLATE_NOOP("VendorDialog", "Logo image file"), "line"),
    ("quote", "number_prefix", QT_TRANSLATE_NOOP("VendorDialog", "Quote number prefix"), "line"),
    ("quote", "locale", QT_TRANSLATE_NOOP("VendorDialog", "Money/date locale"), "line"),
    ("quote", "payment_terms", QT_TRANSLATE_NOOP("VendorDialog", "Payment terms"), "text"),
    ("quote", "lead_time", QT_TRANSLATE_NOOP("VendorDialog", "Lead time"), "text"),
    ("quote", "warranty", QT_TRANSLATE_NOOP("VendorDialog", "Warranty"), "text"),
    ("quote", "terms", QT_TRANSLATE_NOOP("VendorDialog", "Terms (replace the default)"), "text"),
)


def settings_toml(values: dict[str, dict[str, str]]) -> str:
    """vendor.toml text for `values` (sections of strings); JSON string escapes are valid TOML."""
    out = ["# Vendor profile for quotes, written by the configurator's Vendor profile dialog."]
    for section, fields in values.items():
        out += ["", f"[{section}]"]
        out += [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in fields.items() if value != ""]
    return "\n".join(out) + "\n"


class VendorDialog(QDialog):
    """The vendor profile (who quotes, terms); Save validates and writes vendor.toml atomically."""

    def __init__(self, parent: QWidget | None = None, path: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Vendor profile"))
        self.path = Path(path) if path is not None else default_settings_path()
        try:
            current = load_settings(self.path) if self.path.exists() else VendorSettings()
        except QuoteError as exc:   # a broken file: start from the defaults, say why
            QMessageBox.warning(self, self.tr("Vendor profile"), error_text(exc))
            current = VendorSettings()
        form = QFormLayout()
        self.widgets: dict[tuple[str, str], QLineEdit | QPlainTextEdit] = {}
        for section, key, label, kind in VENDOR_FIELDS:
            value = str(getattr(getattr(current, section), key))
            widget: QLineEdit | QPlainTextEdit = QLineEdit(value) if kind == "line" else QPlainTextEdit(value)
            if isinstance(widget, QPlainTextEdit):
                widget.setFixedHeight(48)
            self.widgets[(section, key)] = widget
            form.addRow(self.tr(label), widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)

    def values(self) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {"vendor": {}, "quote": {}}
        for (section, key), widget in self.widgets.items():
            text = widget.text() if isinstance(widget, QLineEdit) else widget.toPlainText()
            out[section][key] = text.strip()
        return out

    def save(self) -> bool:
        """Write vendor.toml if it loads back cleanly; a bad field is a one-line message."""
        text = settings_toml(self.values())
        tmp = self.path.with_name(self.path.name + ".check")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(tmp, text.encode("utf-8"))
            load_settings(tmp)        # the same validation a quote applies
            atomic_write(self.path, text.encode("utf-8"))
        except (QuoteError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Vendor profile"), error_text(exc).replace(str(tmp), str(self.path)))
            return False
        finally:
            tmp.unlink(missing_ok=True)
        return True

    def accept(self) -> None:
        if self.save():
            super().accept()

"""How the GUI looks: palette, colours per category and severity, fonts, and display text
(short part names, key figures, money) shared by the palette, the chassis view and the BOM."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import TypeVar

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

from ..core import categories
from ..core.catalog import Part
from ..core.money import check_locale, format_money, format_money_compact
from ..words import i18n
from ..words.part_words import part_name

# ---------------------------------------------------------------- colours
INK = QColor("#1f2933")
MUTED = QColor("#6b7785")
FAINT = QColor("#9aa5b1")
LINE = QColor("#c3cad3")
BOARD = QColor("#f4f6f8")
SURFACE = QColor("#ffffff")
ACCENT = QColor("#2f6fde")
VALID = QColor("#1f9d55")
INVALID = QColor("#d64545")

SEVERITY_COLOURS = {"error": QColor("#d64545"), "warning": QColor("#d99a06"), "info": QColor("#3b82c4")}

#: fill and edge of an occupied slot, per part category (the registry's muted tints: a diagram, not a toy)
CATEGORY_FILL = {c.key: QColor(c.fill) for c in categories.REGISTRY}
CATEGORY_EDGE = {c.key: QColor(c.edge) for c in categories.REGISTRY}


def category_title(key: str) -> str:
    """The registry's title of a category ("GPUs"), in the UI language."""
    found = categories.category(key)
    return i18n._(found.title) if found is not None else key


def apply_theme(app: QApplication) -> None:
    """Fusion with a light, neutral palette, so the app looks the same on every desktop."""
    app.setStyle("Fusion")
    pal = QPalette()
    pal.setColor(QPalette.ColorRole.Window, QColor("#eef1f4"))
    pal.setColor(QPalette.ColorRole.Base, SURFACE)
    pal.setColor(QPalette.ColorRole.AlternateBase, QColor("#f6f8fa"))
    pal.setColor(QPalette.ColorRole.Text, INK)
    pal.setColor(QPalette.ColorRole.WindowText, INK)
    pal.setColor(QPalette.ColorRole.ButtonText, INK)
    pal.setColor(QPalette.ColorRole.Button, QColor("#f7f8fa"))
    pal.setColor(QPalette.ColorRole.Highlight, ACCENT)
    pal.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    pal.setColor(QPalette.ColorRole.ToolTipBase, QColor("#fffef5"))
    pal.setColor(QPalette.ColorRole.ToolTipText, INK)
    pal.setColor(QPalette.ColorRole.PlaceholderText, FAINT)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, FAINT)
    app.setPalette(pal)
    font = app.font()
    if font.pointSizeF() < 9.5:
        font.setPointSizeF(9.5)
    app.setFont(font)
    app.setStyleSheet(STYLESHEET)


STYLESHEET = """
QDockWidget::title { padding: 4px 6px; background: #e3e7ec; font-weight: 600; }
QDockWidget { color: #1f2933; }
QStatusBar QLabel#summary { padding: 0 8px; font-weight: 600; }
QHeaderView::section { background: #f1f3f6; border: none; border-bottom: 1px solid #d5dbe2;
                       padding: 3px 6px; font-weight: 600; }
QTreeView, QTableView, QTableWidget, QTreeWidget { border: 1px solid #d5dbe2; }
QLabel#totalLabel { font-weight: 700; padding: 4px 6px; }
"""


@lru_cache(maxsize=64)
def font(size_px: float, bold: bool = False) -> QFont:
    """A scene font in pixel size (the chassis view is drawn in scene units, not points); cached."""
    f = QFont(QApplication.font())
    f.setPixelSize(max(1, round(size_px)))
    f.setBold(bold)
    return f


@lru_cache(maxsize=8)
def severity_icon(severity: str, size: int = 14) -> QIcon:
    """A filled circle with '!' or 'i' in the severity colour."""
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(SEVERITY_COLOURS.get(severity, MUTED))
    p.drawEllipse(0, 0, size - 1, size - 1)
    p.setPen(QColor("#ffffff"))
    f = QFont(QApplication.font())
    f.setPixelSize(int(size * 0.75))
    f.setBold(True)
    p.setFont(f)
    p.drawText(pix.rect(), Qt.AlignmentFlag.AlignCenter, "i" if severity == "info" else "!")
    p.end()
    return QIcon(pix)


# ---------------------------------------------------------------- display text
def plural(text: str, n: int) -> str:
    """English fallback for `tr("%n thing(s)", "", n)` while no translation file supplies the forms."""
    return text.replace("(s)", "" if n == 1 else "s")


_NOISE = ("Instinct ", "Xeon Platinum ", "Xeon Gold ", "Xeon ", "PowerEdge ")


def short_name(part: Part | None, limit: int = 22) -> str:
    """A compact name for drawing in a slot ('NVIDIA H100 SXM5 80GB' -> 'H100 SXM5 80GB'), a shipped
    part's descriptive name in the user's language ('风冷, 8U GPU 服务器 …', words/part_words.py)."""
    if part is None:
        return "?"
    name = part_name(part.name)
    vendor = part.vendor.split()[0] if part.vendor else ""
    if vendor and name.lower().startswith(vendor.lower() + " "):
        name = name[len(vendor) + 1:]
    for noise in _NOISE:
        if name.startswith(noise) and len(name) > limit:
            name = name[len(noise):]
    return name if len(name) <= limit else name[: limit - 1] + "…"


def key_figures(part: Part) -> str:
    """The two or three numbers a sales engineer compares parts by (the category registry's summary)."""
    found = categories.category(part.category)
    return found.describe(part, i18n._(found.summary), i18n._) if found is not None and found.summary else ""


def form_factor(part: Part) -> str:
    """Filterable form factor label ('SXM5', 'PCIe card', 'U.2', 'OCP 3.0', ...), from the registry."""
    found = categories.category(part.category)
    label = found.form_label(part) if found is not None else ""
    return i18n._(label) if label else ""


def locale_name() -> str:
    """The Babel locale the GUI prints money in: the system's, or en_US when Babel lacks it."""
    return _babel_locale(QLocale().name())


@lru_cache(maxsize=8)
def _babel_locale(qt_name: str) -> str:
    if not qt_name or qt_name == "C":
        return "en_US"
    try:
        return check_locale(qt_name)
    except ValueError:
        return "en_US"


def money(amount: Decimal | float | None, currency: str, digits: bool = False) -> str:
    """`core.money.format_money` in the GUI's locale; whole units unless `digits`."""
    return _money(amount, currency, locale_name(), digits=digits)


def money_compact(amount: Decimal | float, currency: str) -> str:
    """Short chart-axis amounts ("$1.2M") in the GUI's locale."""
    return _money_compact(amount, currency, locale_name())


# Babel costs ~40 µs a call; a BOM repaint or an axis redraw formats the same amounts again and
# again, so the GUI keeps the answers (bounded, keyed by value: a stale entry cannot exist)
_money = lru_cache(maxsize=4096)(format_money)
_money_compact = lru_cache(maxsize=1024)(format_money_compact)


W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    """`widget` with its objectName set (what the style sheet and the tests find it by)."""
    widget.setObjectName(name)
    return widget

"""What an edit's repaint remembers must never show something stale: a figure label's line origin,
its documents (one per recent text) and its paint context follow a new text, style sheet, font,
alignment and size as QLabel does; cached bar bounds follow the data and the view."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from configurator.qt.panels.labels import HeldLabel
from configurator.qt.panels.widgets import value_label

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _bare(qtbot, text: str, css: str, align, size, wrap: bool = False) -> QLabel:
    """The QLabel a figure label must look like."""
    bare = QLabel()
    qtbot.addWidget(bare)
    bare.setStyleSheet(css)
    bare.setAlignment(align)
    bare.setWordWrap(wrap)
    bare.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    bare.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # a figure that explains itself
    bare.setText(text)
    bare.resize(*size)
    return bare


def test_a_figure_label_repainted_after_each_change_has_qlabels_pixels(qtbot):
    """One label, painted again after each change (the remembered line origin must follow)."""
    held = value_label("0")
    held.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    qtbot.addWidget(held.holder)
    steps = [("$472,318.00", "", RIGHT, (198, 17)),
             ("$474,838.00", "", RIGHT, (198, 17)),
             ("$472,318.00", "", RIGHT, (198, 17)),                    # back to an earlier text
             ("$472,318.00", "color:#c62828;font-weight:600;", RIGHT, (198, 17)),   # bold: wider glyphs
             ("$472,318.00", "font-weight:700; padding: 4px 6px;", RIGHT, (198, 26)),  # contents rect
             ("$472,318.00", "font-weight:700; padding: 4px 6px;", RIGHT, (150, 26)),  # narrower
             ("$472,318.00", "", Qt.AlignmentFlag.AlignLeft, (150, 26)),              # realigned
             ("9.6 kW", "", Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, (150, 26))]
    for text, css, align, size in steps:
        held.setStyleSheet(css)
        held.setAlignment(align)
        held.setText(text)
        held.holder.resize(*size)
        held.resize(*size)
        bare = _bare(qtbot, text, css, align, size)
        assert held.holder.grab().toImage() == bare.grab().toImage(), (text, css, align, size)


def test_a_wrapped_figure_going_back_to_an_earlier_text_has_qlabels_pixels(qtbot):
    """A wrapped figure keeps the documents of its last texts: going back (undo, a part put in and
    taken out) and on to a third text, in a new colour and font, paints what QLabel paints."""
    texts = ["Feed A: 3 × PSU = 9.0 kW (<span style='color:#b45f06;'>116 % at peak if B fails</span>)",
             "Feed A: 3 × PSU = 9.0 kW (<span style='color:#b45f06;'>117 % at peak if B fails</span>)",
             "At the wall: 1.8 kW idle · 8.4 kW typical · 10.1 kW max (PSUs 90 / 96 / 96 % efficient)"]
    held = HeldLabel("x", wrap=True)
    held.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    qtbot.addWidget(held.holder)
    width = 300
    for text, css, bold in ((texts[0], "", False), (texts[1], "", False), (texts[0], "", False),
                            (texts[1], "color:#6b7280;", False), (texts[0], "color:#6b7280;", True),
                            (texts[2], "color:#6b7280;", True), (texts[1], "", True), (texts[0], "", False)):
        font = held.font()
        font.setBold(bold)
        held.setFont(font)
        held.setStyleSheet(css)
        held.holder.resize(width, 40)
        held.setText(text)
        bare = _bare(qtbot, text, css, Qt.AlignmentFlag.AlignLeft, (width, 40), wrap=True)
        bare.setFont(font)
        height = QLabel.heightForWidth(bare, width)
        assert held.heightForWidth(width) == height, (text, css, bold)
        held.holder.resize(width, height)
        bare.resize(width, height)
        assert held.holder.grab().toImage() == bare.grab().toImage(), (text, css, bold)


def test_cached_bar_bounds_follow_the_data_and_the_view(qtbot):
    """The bars' bounding rect, worked out once per data and view transform, is always the one
    pyqtgraph's BarGraphItem works out on every ask."""
    import pyqtgraph as pg

    from configurator.qt.panels.panel_charts import bar_item_class, make_plot

    plot = make_plot(height=190)
    qtbot.addWidget(plot)
    plot.resize(400, 200)
    plot.show()
    qtbot.waitExposed(plot)
    opts = {"x0": [0, 0], "y": [0.0, 1.0], "width": [2.0, 3.0], "height": 0.36, "pen": pg.mkPen(None)}
    cached, plain = bar_item_class()(**opts), pg.BarGraphItem(**opts)
    for item in (cached, plain):
        plot.addItem(item)
    item = plot.getPlotItem()

    def same() -> bool:
        qtbot.wait(1)
        return cached.boundingRect() == plain.boundingRect() and not cached.boundingRect().isEmpty()

    assert same()
    for bars in (cached, plain):
        bars.setOpts(width=[2.5, 7.0])
    assert same()
    item.setRange(xRange=(0, 20), yRange=(-1, 2), padding=0)     # a new view transform
    assert same()
    plot.resize(250, 160)                                          # a narrower chart
    assert same()

"""What keeps an edit's repaint cheap must not change what the user sees: held labels sit where
plain labels would, grow when their text needs it, follow their label's visibility; a panel out
of sight catches up when shown; an unchanged figure is neither set again nor repainted."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from configurator.core.build import Build
from configurator.core.ops import Place
from configurator.qt.panels import format as fmt
from configurator.qt.panels.labels import HeldLabel, WrapLabel
from configurator.qt.panels.widgets import value_label

SHORT = "est. 9.6 kW max / 12.0 kW usable"
LONG = "At the wall: 1.8 kW idle · 8.4 kW typical · 10.1 kW max (PSUs 90 / 96 / 96 % efficient) " * 3


class _Events(QObject):
    """Counts events of some types on the widgets it is installed on."""

    def __init__(self, *kinds: QEvent.Type) -> None:
        super().__init__()
        self.kinds, self.seen = kinds, []

        self.late = []     # receivers of UpdateLater: an update asked for while painting

    def eventFilter(self, obj, event):  # noqa: N802 - Qt override
        if event.type() in self.kinds:
            self.seen.append(obj)
            if event.type() == QEvent.Type.UpdateLater:
                self.late.append(obj)
        return False


def _pair(qtbot, held, plain, width=300):
    """`held` and `plain` in two identical columns, shown `width` wide."""
    boxes = []
    for widget in (held.holder, plain):
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.addWidget(QLabel("above"))
        lay.addWidget(widget)
        lay.addWidget(QLabel("below"))
        lay.addStretch(1)
        box.resize(width, 400)
        qtbot.addWidget(box)
        box.show()
        boxes.append(box)
    qtbot.waitExposed(boxes[1])
    return boxes


def _geometries(held, plain, qapp):
    qapp.processEvents()
    qapp.processEvents()
    return held.mapTo(held.window(), held.rect().topLeft()), held.size(), plain.mapTo(
        plain.window(), plain.rect().topLeft()), plain.size()


def test_held_wrapped_label_sits_and_grows_as_a_plain_one(qtbot, qapp):
    held, plain = HeldLabel(SHORT, wrap=True), WrapLabel(SHORT)
    boxes = _pair(qtbot, held, plain)  # noqa: F841 - kept: qtbot holds its widgets weakly
    for text in (LONG, SHORT, LONG + "<b>more</b>", ""):
        held.setText(text)
        plain.setText(text)
        h_pos, h_size, p_pos, p_size = _geometries(held, plain, qapp)
        assert (h_pos, h_size) == (p_pos, p_size), text
        assert h_size.height() == held.heightForWidth(h_size.width())


def test_held_figure_sits_as_a_plain_label_and_a_same_size_figure_lays_out_nothing(qtbot, qapp):
    held = value_label("1.6 kW")
    bare = QLabel("1.6 kW")
    bare.setAlignment(held.alignment())
    bare.setTextInteractionFlags(held.textInteractionFlags())
    boxes = _pair(qtbot, held, bare)
    layouts = _Events(QEvent.Type.LayoutRequest)
    boxes[0].installEventFilter(layouts)
    _geometries(held, bare, qapp)      # the first layout, of showing
    quiet = 0
    for text in ("1.7 kW", "6.1 kW", "1,234.5 kW", "5,234.1 kW", "—"):
        before = held.sizeHint()
        layouts.seen.clear()
        held.setText(text)
        bare.setText(text)
        h_pos, h_size, p_pos, p_size = _geometries(held, bare, qapp)
        assert (h_pos, h_size) == (p_pos, p_size), text
        assert bool(layouts.seen) == (held.sizeHint() != before), text   # a new size, and only then
        quiet += not layouts.seen
    assert quiet, "the same digits in another order take the same room: nothing to lay out"


def test_held_label_keeps_its_height_right_after_the_dock_is_resized(qtbot, qapp):
    held, plain = HeldLabel(LONG, wrap=True), WrapLabel(LONG)
    boxes = _pair(qtbot, held, plain, width=420)
    for width, text in ((260, LONG + " x"), (420, LONG + " y"), (260, LONG), (600, SHORT), (260, LONG + " z")):
        held.setText(text)
        plain.setText(text)
        for box in boxes:
            box.resize(width, 400)
        h_pos, h_size, p_pos, p_size = _geometries(held, plain, qapp)
        assert (h_pos, h_size) == (p_pos, p_size), (width, text)


def test_hiding_a_held_label_hides_its_place(qtbot, qapp):
    held = HeldLabel("No price for nic-x", wrap=True)
    boxes = _pair(qtbot, held, QLabel())  # noqa: F841 - kept: qtbot holds its widgets weakly
    held.setVisible(False)
    assert held.holder.isHidden() and not held.isVisible()
    held.setVisible(True)
    qapp.processEvents()
    assert held.isVisible() and held.holder.isVisible() and held.holder.height() > 0


def _panel(win, name):
    return next(p for p in win.panels if type(p).__name__ == name)


def test_panel_in_a_closed_dock_shows_the_current_evaluation_when_reopened(make_window, qtbot):
    win = make_window(Build(chassis="hgx-8u", placements={"COOLING": "air-hgx"}))
    power = _panel(win, "PowerPanel")
    qtbot.waitUntil(lambda: power.isVisible())
    before = power.level_draw["max"].text()
    win.docks["PowerPanel"].close()
    qtbot.waitUntil(lambda: not power.isVisible())
    win.session.apply(Place(slot="GPU1", part="h100-sxm"))
    win.session.apply(Place(slot="GPU2", part="h100-sxm"))
    assert power.level_draw["max"].text() == before          # held while closed
    win.docks["PowerPanel"].show()
    win.docks["PowerPanel"].raise_()   # back as a tab of its group: raised, as the View menu does
    ev = win.session.evaluation
    qtbot.waitUntil(lambda: power.level_draw["max"].text() == fmt.kilowatts(ev.power.max_w))
    assert fmt.kilowatts(ev.power.max_w) in power.headline.text()
    assert f"{fmt.kilowatts(ev.power.wall_max_w)} max" in power.wall.text()


def _settled_panels(make_window, qtbot, qapp):
    """A one-GPU HGX window whose Power and Cost panels have drawn their charts and settled."""
    win = make_window(Build(chassis="hgx-8u", placements={"COOLING": "air-hgx", "GPU1": "h100-sxm"}))
    power, cost = _panel(win, "PowerPanel"), _panel(win, "CostPanel")
    qtbot.waitUntil(lambda: power.plot is not None and cost.plot is not None)
    for _ in range(5):
        qapp.processEvents()
    return win, power, cost


def test_an_unchanged_evaluation_sets_and_repaints_nothing_in_the_panels(make_window, qtbot, qapp):
    win, power, cost = _settled_panels(make_window, qtbot, qapp)
    paints = _Events(QEvent.Type.Paint, QEvent.Type.LayoutRequest)
    watched = [w for panel in (power, cost) for w in [panel, *panel.findChildren(QWidget)]]
    for widget in watched:
        widget.installEventFilter(paints)
    texts = {id(w): w.text() for w in watched if isinstance(w, QLabel)}
    win.session.reevaluate()          # the same build: an equal evaluation, published again
    for _ in range(5):
        qapp.processEvents()
    assert not paints.seen, sorted({type(w).__name__ for w in paints.seen})
    assert texts == {id(w): w.text() for w in watched if isinstance(w, QLabel)}
    win.session.apply(Place(slot="GPU2", part="h100-sxm"))   # a real change still shows
    qtbot.waitUntil(lambda: power.level_draw["max"].text() == fmt.kilowatts(win.session.evaluation.power.max_w))
    assert paints.seen


def test_an_edit_paints_each_changed_figure_once(make_window, qtbot, qapp):
    """A changed figure is painted once: laid out while painting, QLabel's text document asks
    for a second paint (an UpdateLater event), twice the work per figure (see label_paint)."""
    win, power, cost = _settled_panels(make_window, qtbot, qapp)
    events = _Events(QEvent.Type.Paint, QEvent.Type.UpdateLater)
    labels = [w for panel in (power, cost) for w in panel.findChildren(HeldLabel)]
    for label in labels:
        label.installEventFilter(events)
    before = [w.text() for w in labels]
    win.session.apply(Place(slot="GPU2", part="h100-sxm"))
    for _ in range(5):
        qapp.processEvents()
    changed = [w for w, text in zip(labels, before) if w.text() != text]
    assert len(changed) > 5 and all(w in events.seen for w in changed)     # new figures, painted
    late = [w.text() for w in labels if any(e is w for e in events.late)]
    assert not late, late


def test_a_figure_painted_in_one_layout_has_the_pixels_qlabel_paints(qtbot):
    """A one-line figure is painted with one text layout instead of QLabel's document: the same
    pixels, whatever its colour, weight, padding, alignment and room (too little room: QLabel
    paints it)."""
    from PySide6.QtCore import Qt

    from configurator.qt.panels.label_paint import line_origin

    right, left = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, Qt.AlignmentFlag.AlignLeft
    painted_fast = 0
    for css in ("", "color:#c62828;", "color:#2e7d32;font-weight:600;", "font-weight:700; padding: 4px 6px;"):
        for align in (right, left, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom):
            for text in ("9.6 kW", "$474,838.00", "117 %", "—", "8× H100 SXM", "at month 14 (1.2 years)"):
                for size in ((198, 17), (53, 18), (120, 26), (77, 21)):
                    held = _styled(qtbot, value_label("0"), text, css, align, size)
                    bare = _styled(qtbot, QLabel(), text, css, align, size)
                    held.holder.resize(*size)      # a window, as `bare` is: both grabbed on a background
                    assert held.holder.grab().toImage() == bare.grab().toImage(), (css, align, text, size)
                    painted_fast += line_origin(held) is not None
    assert painted_fast > 100       # most fit: the one-layout paint was the one compared


def test_a_wrapped_figure_from_its_own_document_has_qlabels_height_and_pixels(qtbot):
    """A wrapped figure is measured and painted from a document of its own, filled once per
    text (QLabel lays its own out seven times): the height QLabel gives and the pixels it paints,
    rich or plain, bold or coloured, at any width."""
    from PySide6.QtCore import Qt

    from configurator.qt.panels.label_paint import document_height

    texts = ('<span style="color:#b45f06;">est. 9.6 kW max / 12.0 kW usable (20 % headroom)</span> · 4+2 × 3,000 W',
             LONG, "Feed A: 3 × PSU = 9.0 kW (<span style='color:#b45f06;'>116 % at peak if B fails</span>)<br>"
             "Feed B: 3 × PSU = 9.0 kW", "$540,378 over 5 years · quote $474,838", "short")
    for bold in (False, True):
        for css in ("", "color:#6b7280;"):
            for text in texts:
                for width in (438, 260, 120):
                    held, bare = HeldLabel("x", wrap=True), QLabel()
                    for label in (held, bare):
                        qtbot.addWidget(label)
                        font = label.font()
                        font.setBold(bold)
                        label.setFont(font)
                        label.setStyleSheet(css)
                        label.setWordWrap(True)
                        label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # a figure that explains itself
                    held.holder.resize(width, 40)
                    held.setText(text)
                    bare.setText(text)
                    height = QLabel.heightForWidth(bare, width)
                    assert document_height(held, width) == held.heightForWidth(width) == height, (text, width)
                    held.holder.resize(width, height)
                    bare.resize(width, height)
                    assert held.holder.grab().toImage() == bare.grab().toImage(), (bold, css, text, width)


# ---------------------------------------------------------------- what the repaint remembers
# a figure label's line origin, its documents (one per recent text) and its paint context follow
# a new text, style sheet, font, alignment and size as QLabel does; cached bar bounds follow the
# data and the view

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _styled(qtbot, label: QLabel, text: str, css: str, align, size, wrap: bool = False) -> QLabel:
    """`label` set up as a panel's figure is: style, alignment, selectable, focusable, `text`, `size`."""
    qtbot.addWidget(label)
    label.setStyleSheet(css)
    label.setAlignment(align)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # a figure that explains itself
    label.setText(text)
    label.resize(*size)
    return label


def _bare(qtbot, text: str, css: str, align, size, wrap: bool = False) -> QLabel:
    """The QLabel a figure label must look like."""
    return _styled(qtbot, QLabel(), text, css, align, size, wrap)


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

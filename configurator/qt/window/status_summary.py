"""The status bar's summary of the build: '8× H100 SXM · 10.2 kW max · $412,300 · 2 errors'.

Each figure in it (the GPUs, the maximum power, the total) is its own label that explains itself
on click or Enter, as the panels' figures do (`explain_popup.explainable`): the same explanation
as `configurator explain BUILD gpu.count` / `power_w.max` / `cost.total`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QWidget

from .. import theme
from ..dialogs.explain_popup import explainable
from ..panels.widgets import SteadyLabel

if TYPE_CHECKING:
    from ...core.session import SessionLike

# the parts of the summary, in order, and the figure each one shows ('' for none)
PARTS = (("gpus", "gpu.count"), ("power", "power_w.max"), ("total", "cost.total"), ("problems", ""))
SEPARATOR = " · "
MIN_WIDTH = 520   # px: the summary's width before any text needs more


class StatusSummary(QWidget):
    """A row of plain-text labels in the status bar, at a fixed size so that new totals never
    re-lay-out the window (each label is a `SteadyLabel`; this row grows only when they need it)."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("summary")
        self.setAutoFillBackground(True)   # opaque: new figures repaint this row, not the window under it
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addStretch(1)
        self.labels: dict[str, SteadyLabel] = {}
        self._separators: list[SteadyLabel] = []
        for i, (name, key) in enumerate(PARTS):
            if i:
                sep = self._label(SEPARATOR)
                self._separators.append(sep)
                layout.addWidget(sep)
            label = self._label("")
            label.setObjectName(f"summary_{name}")
            if key:
                explainable(label, session, key)
            self.labels[name] = label
            layout.addWidget(label)
        self.setFixedSize(MIN_WIDTH, self.labels["gpus"].height())

    @staticmethod
    def _label(text: str) -> SteadyLabel:
        label = SteadyLabel(text)
        label.setTextFormat(Qt.TextFormat.PlainText)   # part names are data, never markup
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return label

    def parts(self, ev: Any) -> dict[str, str]:
        """The summary's texts by part name ({} before the first evaluation)."""
        if ev is None:
            return {}
        if ev.compute.gpu_count:
            # a long model name would push the totals out of the status bar: elide it in the middle
            model = ev.compute.gpu_model
            model = model if len(model) <= 32 else model[:20] + "…" + model[-11:]
            gpus = f"{ev.compute.gpu_count}× {model}"
        else:
            gpus = self.tr("no GPUs")
        errors, warnings = len(ev.errors), len(ev.warnings)
        problems = [theme.plural(self.tr("%n error(s)", "", errors), errors)] if errors else []
        if warnings:
            problems.append(theme.plural(self.tr("%n warning(s)", "", warnings), warnings))
        return {"gpus": gpus, "power": self.tr("%s kW max") % f"{ev.power.max_w / 1000:.1f}",
                "total": theme.money(ev.cost.total, ev.cost.currency),
                "problems": SEPARATOR.join(problems) or self.tr("no problems")}

    def show_evaluation(self, ev: Any) -> None:
        texts = self.parts(ev)
        for name, label in self.labels.items():
            label.setText(texts.get(name, ""))   # a SteadyLabel: an unchanged text is not set again
        for sep in self._separators:
            sep.setVisible(bool(texts))
        need = sum(w.width() for w in (*self.labels.values(), *self._separators) if not w.isHidden())
        if max(MIN_WIDTH, need) != self.width():
            self.setFixedWidth(max(MIN_WIDTH, need))

    def text(self) -> str:
        """The whole summary as one line, as it reads on screen."""
        texts = [label.text() for label in self.labels.values()]
        return SEPARATOR.join(texts) if any(texts) else ""

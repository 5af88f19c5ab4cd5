"""Bandwidth: the data path per GPU (storage → host memory → PCIe → HBM, GPU↔GPU, network)
as rows with GB/s and a bar each; the bottleneck in colour and bold, with plain words."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from ...words.render import say
from ..dialogs.explain_popup import explainable
from ..tr_marks import QT_TRANSLATE_NOOP
from . import format as fmt
from .labels import HeldLabel
from .widgets import (
    ElidedLabel,
    GaugeBar,
    Title,
    caption_label,
    heading_label,
    set_style,
    subscribe_render,
    value_label,
)

if TYPE_CHECKING:
    from ...core.session import SessionLike

_STAGE_NAMES = {
    "storage": QT_TRANSLATE_NOOP("BandwidthPanel", "Storage"),
    "host-memory": QT_TRANSLATE_NOOP("BandwidthPanel", "Host memory"),
    "pcie": QT_TRANSLATE_NOOP("BandwidthPanel", "PCIe host link"),
    "hbm": QT_TRANSLATE_NOOP("BandwidthPanel", "GPU memory"),
    "gpu-gpu": QT_TRANSLATE_NOOP("BandwidthPanel", "GPU ↔ GPU"),
    "network": QT_TRANSLATE_NOOP("BandwidthPanel", "Network"),
}


def stage_name(stage: str) -> str:
    text = _STAGE_NAMES.get(stage)
    return QCoreApplication.translate("BandwidthPanel", text) if text else stage


def bar_fraction(gbs: float, top: float) -> float:
    """Bar length on a log scale: GB/s span three orders of magnitude (NVMe vs HBM)."""
    if gbs <= 0 or top <= 0:
        return 0.0
    return max(0.02, math.log10(1.0 + gbs) / math.log10(1.0 + top))


@dataclass
class _Row:
    stage: QLabel
    name: QLabel
    value: HeldLabel
    bar: GaugeBar

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.stage, self.name, self.value, self.bar)


class BandwidthPanel(QWidget):
    """How fast each GPU can be fed, link by link, and which link limits it."""

    title = Title("BandwidthPanel", QT_TRANSLATE_NOOP("BandwidthPanel", "Bandwidth"))

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("BandwidthPanel")
        layout = QVBoxLayout(self)
        self.headline = heading_label(held=True)
        layout.addWidget(self.headline.holder)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(5)
        self.grid.setColumnStretch(1, 4)
        self.grid.setColumnStretch(3, 1)
        self.grid.addWidget(caption_label(self.tr("Per GPU, per direction")), 0, 0, 1, 2)
        self.grid.addWidget(caption_label(self.tr("GB/s")), 0, 2, Qt.AlignmentFlag.AlignRight)
        self.grid.addWidget(caption_label(self.tr("log scale")), 0, 3)
        layout.addLayout(self.grid)
        self.rows: list[_Row] = []
        explainable(self.headline, session, "bottlenecks.0.gbs")
        self.explanation = HeldLabel(wrap=True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.explanation.holder)
        self.summary = HeldLabel(wrap=True)
        self.summary.setStyleSheet(f"color:{fmt.COLOURS['muted']};")
        layout.addWidget(self.summary.holder)
        layout.addStretch(1)
        subscribe_render(session.evaluated, self, "_on_evaluation_change")
        if session.evaluation is not None:
            self._on_evaluation_change(session.evaluation)

    def _row(self, index: int) -> _Row:
        """Row `index`, created on first need and reused on every later evaluation."""
        while len(self.rows) <= index:
            r = len(self.rows) + 1
            row = _Row(QLabel(), ElidedLabel(), value_label(), GaugeBar(span=1.0, tick=False))
            row.name.setStyleSheet(f"color:{fmt.COLOURS['muted']};")
            row.bar.setMinimumWidth(60)
            explainable(row.value, self.session, f"bandwidth_chain.{r - 1}.gbs")
            for col, w in enumerate(row.widgets()):
                self.grid.addWidget(row.value.holder if w is row.value else w, r, col)
            self.rows.append(row)
        return self.rows[index]

    def bottleneck_index(self, bw: Any) -> int | None:
        """The chain row the bottleneck names (its stage; the narrowest if several)."""
        hits = [i for i, link in enumerate(bw.chain) if link.stage == bw.bottleneck]
        return min(hits, key=lambda i: bw.chain[i].gbs) if hits else None

    def _on_evaluation_change(self, ev: Any) -> None:
        bw = ev.bandwidth
        chain = tuple(bw.chain)
        top = max((link.gbs for link in chain), default=0.0)
        worst = self.bottleneck_index(bw)
        for i, link in enumerate(chain):
            row = self._row(i)
            hot = i == worst
            colour = fmt.COLOURS["warning"] if hot else ""
            weight = "font-weight:600;" if hot else ""
            row.stage.setText(stage_name(link.stage))
            set_style(row.stage, f"color:{colour};{weight}" if hot else "")
            link_name, detail = say(link.name), say(link.detail) if link.detail else ""
            row.name.setText(link_name)
            row.name.setToolTip(f"{link_name}\n{detail}" if detail else link_name)
            row.stage.setToolTip(detail)
            value = fmt.gbs(link.gbs).removesuffix(" GB/s")
            if link.stage == "network":
                value += f" ({fmt.number(link.gbs * 8)} Gb/s)"
            row.value.setText(value)
            set_style(row.value, f"color:{colour};{weight}" if hot else "")
            row.bar.set_value(bar_fraction(link.gbs, top), "warning" if hot else "accent", fmt.gbs(link.gbs))
            for w in row.widgets():
                w.setVisible(True)
        for row in self.rows[len(chain):]:
            for w in row.widgets():
                w.setVisible(False)
        if worst is not None:
            name = say(bw.bottleneck_name or chain[worst].name)
            self.headline.setText(self.tr("Bottleneck: {stage} — {gbs} per GPU").format(
                stage=fmt.coloured(stage_name(bw.bottleneck), "warning"), gbs=fmt.gbs(bw.bottleneck_gbs))
                + f"<br><span style='font-weight:400;color:{fmt.COLOURS['muted']}'>{name}</span>")
        else:
            self.headline.setText(self.tr("No data path to show"))
        self.explanation.setText(say(bw.explanation))
        self.summary.setText(self.tr("Storage read {st} in total · network {net} Gb/s per GPU").format(
            st=fmt.gbs(bw.storage_read_gbs), net=fmt.number(bw.network_gbps_per_gpu)))

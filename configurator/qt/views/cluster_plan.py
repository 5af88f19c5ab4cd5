"""View ▸ Cluster plan…: N servers of the open build in racks, with the rack elevation and the
fabric diagram, the same pictures the cluster PDF prints (`report.cluster_layout`).

The plan is `core.cluster.plan_cluster` of a one-group `ClusterSpec` (the open build × N, racks
of the chosen kW); the view paints its shapes and prints its summary, and exports the PDF
through the cluster exporter registry.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.build import Build
from ...core.cluster import plan_cluster
from ...core.cluster.plan import ClusterPlan
from ...core.cluster.spec import ClusterSpec, RackSpec, ServerGroup
from ...report.cluster_shapes import Picture, fabric_diagram, rack_elevation
from ...words import i18n
from ...words.cluster_text import summary_lines
from ...words.errors import error_text
from ...words.quote_words import Labels
from ..dialogs.chassis_picker import show_once
from ..screen_fit import resize_to_fit

if TYPE_CHECKING:
    from ...core.session import SessionLike


def paint(scene: QGraphicsScene, picture: Picture) -> None:
    """Draw `picture`'s shapes into `scene` (cleared first); y grows downward as in the layout."""
    scene.clear()
    for s in picture.shapes:
        if s.kind == "rect":
            scene.addRect(QRectF(s.x, s.y, s.w, s.h), QPen(QColor(s.stroke), 0.5),
                          QBrush(QColor(s.fill)) if s.fill else QBrush(Qt.BrushStyle.NoBrush))
        elif s.kind == "line":
            scene.addLine(s.x, s.y, s.x2, s.y2, QPen(QColor(s.stroke), 0.4))
        else:
            item = scene.addSimpleText(s.text, QFont("Sans", 1))
            font = item.font()
            font.setPointSizeF(s.size)
            item.setFont(font)
            item.setBrush(QBrush(QColor(s.fill)))
            width = item.boundingRect().width()
            if s.max_w and width > s.max_w:     # the screen font is wider than the PDF's: shrink to the box
                item.setScale(s.max_w / width)
                width = s.max_w
            dx = {"middle": width / 2, "end": width}.get(s.anchor, 0.0)
            # the layout's y is the text baseline; a QGraphicsSimpleTextItem is placed by its top
            item.setPos(QPointF(s.x - dx, s.y - s.size))
    scene.setSceneRect(QRectF(-6, -6, picture.width + 12, picture.height + 12))


class _Drawing(QWidget):
    """One picture in a zoom-to-fit view with its caption under it."""

    def __init__(self) -> None:
        super().__init__()
        self.scene = QGraphicsScene(self)
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.caption = QLabel(wordWrap=True)
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.caption)

    def show_picture(self, picture: Picture) -> None:
        paint(self.scene, picture)
        self.caption.setText(picture.caption)
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


class ClusterView(QWidget):
    """Servers × N and rack kW in, the plan's summary, rack elevation and fabric diagram out."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.plan: ClusterPlan | None = None
        self.servers = QSpinBox(minimum=1, maximum=2048, value=32)
        self.rack_kw = QDoubleSpinBox(minimum=1.0, maximum=2000.0, value=40.0, decimals=1, suffix=" kW")
        form = QFormLayout()
        form.addRow(self.tr("Servers of this build"), self.servers)
        form.addRow(self.tr("Rack power limit"), self.rack_kw)
        export = QPushButton(self.tr("Export cluster PDF…"))
        export.clicked.connect(self.export_pdf)
        top = QHBoxLayout()
        top.addLayout(form)
        top.addStretch(1)
        top.addWidget(export, 0, Qt.AlignmentFlag.AlignBottom)
        self.summary = QLabel(wordWrap=True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.racks, self.fabric = _Drawing(), _Drawing()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.racks, self.tr("Rack elevation"))
        self.tabs.addTab(self.fabric, self.tr("Fabric"))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        self.servers.valueChanged.connect(self.refresh)
        self.rack_kw.valueChanged.connect(self.refresh)
        session.evaluated.connect(self._on_evaluated)
        self.refresh()

    def spec(self) -> ClusterSpec:
        build = Build.model_validate(self.session.build.snapshot())   # the plan must not see later edits
        n = self.servers.value()
        return ClusterSpec(name=f"{n} x {build.meta.name or build.chassis}",
                           servers=(ServerGroup(build=build, count=n),), rack=RackSpec(kw_limit=self.rack_kw.value()))

    def _on_evaluated(self, _ev) -> None:
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        self.plan = plan_cluster(self.spec(), self.session.catalog, self.session.evaluator)
        words = Labels(i18n.current_language())   # the drawings' words, as the PDF prints them
        self.summary.setText("\n".join(summary_lines(self.plan)))
        self.racks.show_picture(rack_elevation(self.plan, words))
        if self.plan.fabric is not None:
            self.fabric.show_picture(fabric_diagram(self.plan.fabric, tr=words))
        else:
            self.fabric.scene.clear()
            self.fabric.caption.setText(self.tr("No compute fabric: the build has no network for it."))

    def export_pdf(self) -> bool:
        from ...formats.exporters.clusters import CLUSTER_EXPORTERS

        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export cluster PDF"), str(Path.home() / "cluster.pdf"),
                                              self.tr("PDF (*.pdf)"))
        if not path or self.plan is None:
            return False
        try:
            CLUSTER_EXPORTERS["cluster-pdf"].write(self.plan, self.session.catalog, Path(path))
        except (ValueError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot export"), error_text(exc))
            return False
        return True


class ClusterDialog(QDialog):
    """The cluster view in its own non-modal window (View ▸ Cluster plan…)."""

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Cluster plan"))
        self.view = ClusterView(session, self)
        QVBoxLayout(self).addWidget(self.view)
        resize_to_fit(self, 1200, 760)


def show_cluster_view(window) -> ClusterDialog:
    """Open (or raise) the window's cluster view."""
    return show_once(window, "_cluster_dialog", lambda: ClusterDialog(window.session, window))

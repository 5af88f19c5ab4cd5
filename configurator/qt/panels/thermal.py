"""Thermal: heat in kW and BTU/h, airflow needed at the stated ΔT, the cooling option's
derated capacity as a gauge, and the largest GPU / CPU TDP the cooling supports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...words.part_words import part_name
from ..dialogs.explain_popup import explainable
from ..tr_marks import QT_TRANSLATE_NOOP
from . import format as fmt
from .widgets import GaugeBar, Title, ValueGrid, caption_label, heading_label, subscribe_render

if TYPE_CHECKING:
    from ...core.session import SessionLike

#: grid row -> the `evaluate --json` figure it shows (click to explain)
FIGURES = {"heat_kw": "thermal.heat_max_w", "heat_btu": "heat_btu_hr", "tons": "heat_btu_hr", "airflow": "airflow_cfm",
           "chassis_airflow": "thermal.chassis_airflow_cfm", "capacity": "thermal.capacity_w",
           "derate": "thermal.derate_factor", "max_gpu": "thermal.max_gpu_tdp_w", "max_cpu": "thermal.max_cpu_tdp_w"}


class ThermalPanel(QWidget):
    """Heat the build puts into the room against what its cooling removes here."""

    title = Title("ThermalPanel", QT_TRANSLATE_NOOP("ThermalPanel", "Thermal"))

    def __init__(self, session: SessionLike, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("ThermalPanel")
        layout = QVBoxLayout(self)
        self.headline = heading_label(held=True)
        layout.addWidget(self.headline.holder)
        self.gauge = GaugeBar()
        self.gauge.setMinimumHeight(22)
        layout.addWidget(self.gauge)
        self.gauge_caption = caption_label("")
        layout.addWidget(self.gauge_caption)
        self.grid = ValueGrid()
        g = self.grid
        g.add_row("heat_kw", self.tr("Heat (typical / max)"))
        g.add_row("heat_btu", self.tr("Heat, BTU/h (typical / max)"))
        g.add_row("tons", self.tr("Cooling tons at max"))
        g.add_row("airflow", self.tr("Airflow needed at max"))
        g.add_row("chassis_airflow", self.tr("Chassis fans deliver"))
        g.add_row("cooling", self.tr("Cooling"), elide=True)
        g.add_row("capacity", self.tr("Derated capacity"))
        g.add_row("derate", self.tr("Ambient / altitude derate"))
        g.add_row("max_gpu", self.tr("Max GPU TDP supported"))
        g.add_row("max_cpu", self.tr("Max CPU TDP supported"))
        layout.addWidget(g)
        for row, figure in FIGURES.items():
            explainable(g.values[row], session, figure)
        for label in (self.headline, self.gauge):
            explainable(label, session, "thermal.load_pct")
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color:{fmt.COLOURS['muted']};")
        layout.addWidget(self.note)
        layout.addStretch(1)
        subscribe_render(session.evaluated, self, "_on_evaluation_change")
        if session.evaluation is not None:
            self._on_evaluation_change(session.evaluation)

    def _cooling_name(self, cooling_id: str) -> str:
        catalog = getattr(self.session, "catalog", None)
        part = catalog.get(cooling_id) if catalog is not None and cooling_id else None
        return part_name(part.name) if part is not None else cooling_id     # "风冷, 8U GPU 服务器 …"

    def _on_evaluation_change(self, ev: Any) -> None:
        th = ev.thermal
        g = self.grid
        has_cooling = th.capacity_w > 0
        level = fmt.load_level(th.load_pct) if has_cooling else "error"
        if has_cooling:
            head = self.tr("{heat} heat / {cap} cooling ({pct} load)").format(
                heat=fmt.kilowatts(th.heat_max_w), cap=fmt.kilowatts(th.capacity_w), pct=fmt.percent(th.load_pct))
        else:
            head = self.tr("{heat} heat / no supported cooling option").format(heat=fmt.kilowatts(th.heat_max_w))
        self.headline.setText(fmt.coloured(head, level))
        self.gauge.set_value(th.load_pct / 100.0 if has_cooling else 1.25, level,
                             f"{fmt.kilowatts(th.heat_max_w)} / {fmt.kilowatts(th.capacity_w)}")
        self.gauge_caption.setText(self.tr("Max heat against derated cooling capacity (tick = 100 %)"))
        g.set("heat_kw", f"{fmt.kilowatts(th.heat_typical_w)} / {fmt.kilowatts(th.heat_max_w)}")
        g.set("heat_btu", f"{fmt.btu_per_hour(th.heat_btu_hr_typical)} / {fmt.btu_per_hour(th.heat_btu_hr)}")
        g.set("tons", fmt.number(th.heat_btu_hr / fmt.BTU_PER_TON, 1))
        self._render_airflow(th)
        kind = {"air": self.tr("air"), "liquid": self.tr("liquid")}.get(th.cooling_kind, th.cooling_kind)
        g.set("cooling", f"{self._cooling_name(th.cooling_id)} ({kind})" if th.cooling_id else self.tr("none placed"),
              None if th.cooling_id else "error")
        g.set("capacity", fmt.kilowatts(th.capacity_w) if has_cooling else "—", level, bold=level != "ok")
        factor_level = "ok" if th.derate_factor >= 0.999 else "warning"
        g.set("derate", self.tr("× {f} of rated capacity").format(f=fmt.number(th.derate_factor, 2)),
              factor_level if has_cooling else None)
        g.set("max_gpu", fmt.watts(th.max_gpu_tdp_w) if th.max_gpu_tdp_w else "—")
        g.set("max_cpu", fmt.watts(th.max_cpu_tdp_w) if th.max_cpu_tdp_w else "—")
        self.note.setText(self.tr("All wall power becomes heat; 1 kW ≈ 3,412 BTU/h, 12,000 BTU/h = 1 ton."))

    def _render_airflow(self, th: Any) -> None:
        delta_f = getattr(th, "delta_t_f", None) or fmt.celsius_delta_to_f(th.delta_t_c)
        self.grid.set("airflow", self.tr("{cfm} at ΔT {dc} °C ({df} °F)").format(
            cfm=fmt.cfm(th.airflow_cfm), dc=fmt.number(th.delta_t_c, 1), df=fmt.number(delta_f)))
        if th.chassis_airflow_cfm > 0:
            short = th.airflow_cfm > th.chassis_airflow_cfm
            text = fmt.cfm(th.chassis_airflow_cfm)
            if short:
                text = self.tr("{cfm} ({gap} short)").format(cfm=text, gap=fmt.cfm(th.airflow_cfm - th.chassis_airflow_cfm))
            self.grid.set("chassis_airflow", text, "error" if short else None, bold=short)
        else:
            self.grid.set("chassis_airflow", "—")

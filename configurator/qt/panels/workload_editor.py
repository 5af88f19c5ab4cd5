"""The workload editor: a model preset or a custom shape, and a training or inference job.

It reads and writes `build.workload` (Workload as JSON) through `SetOption(path="workload")`;
rapid spinbox edits are coalesced into one undo step, and an invalid combination (heads not
divisible by KV heads...) is shown and not applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.evaluate import workload as wl
from ...store.model_presets import load_presets
from . import format as fmt
from .widgets import OptionWriter, blocked

if TYPE_CHECKING:
    from ...core.session import SessionLike

#: ModelShape integer fields the "Custom" shape edits, with their spinbox ranges
SHAPE_FIELDS: tuple[tuple[str, int, int], ...] = (
    ("layers", 1, 1_000), ("hidden", 64, 100_000), ("heads", 1, 1_024), ("kv_heads", 1, 1_024),
    ("ffn", 64, 1_000_000), ("vocab", 1, 2_000_000), ("experts", 1, 1_024), ("experts_active", 1, 1_024),
)
#: the shape "Custom" starts from when there is no workload yet (a Llama-3-8B-like model)
DEFAULT_SHAPE = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 14336, "vocab": 128256,
                 "experts": 1, "experts_active": 1}
CUSTOM = "__custom__"
#: pixels a spinbox needs beyond its text: frame, margins and the up/down buttons
SPIN_CHROME = 40
NONE = ""


def _choices(model: type[BaseModel], field: str) -> tuple[str, ...]:
    return tuple(get_args(model.model_fields[field].annotation))


def load_presets_safely() -> dict[str, Any]:
    """Presets from catalogs/models.toml; none (only "Custom") while that file is missing or broken."""
    try:
        return load_presets()
    except (OSError, ValueError, TypeError):
        return {}


class ReflowGrid(QWidget):
    """Label + field pairs, two pairs a row where the width allows and one a row in a narrow dock.

    Its minimum width is that of one pair, so a narrow dock can shrink it (then it reflows)
    instead of scrolling sideways."""

    def __init__(self, cells: list[tuple[QLabel, QWidget]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cells = cells
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(8)
        self.columns = 0
        self._lay_out(2)

    def _pair_width(self) -> int:
        label = max(lb.sizeHint().width() for lb, _ in self.cells)
        field = max(max(f.minimumWidth(), f.minimumSizeHint().width()) for _, f in self.cells)
        return label + field + self.grid.horizontalSpacing()

    def _lay_out(self, columns: int) -> None:
        if columns == self.columns:
            return
        self.columns = columns
        for i, (label, field) in enumerate(self.cells):
            self.grid.addWidget(label, i // columns, (i % columns) * 2)
            self.grid.addWidget(field, i // columns, (i % columns) * 2 + 1)
        for col in range(4):
            self.grid.setColumnStretch(col, 1 if col % 2 and col < columns * 2 else 0)
        self.setMinimumWidth(self._pair_width())
        self.updateGeometry()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._lay_out(2 if event.size().width() >= 2 * self._pair_width() + 16 else 1)
        super().resizeEvent(event)


class WorkloadEditor(QWidget):
    """Edits the session build's workload; `error_changed(str)` reports a rejected edit ('' = ok)."""

    error_changed = Signal(str)

    def __init__(self, session: SessionLike, presets: dict[str, Any] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.presets = load_presets_safely() if presets is None else dict(presets)
        self.writer = OptionWriter(session, parent=self, on_error=lambda _p, msg: self.error_changed.emit(msg))
        self.inputs: list[QWidget] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._model_group())
        layout.addWidget(self._job_group())

    # ------------------------------------------------------------------ layout
    def _model_group(self) -> QGroupBox:
        box = QGroupBox(self.tr("Model"))
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.preset = QComboBox()
        self.preset.addItem(self.tr("None (no workload)"), NONE)
        for key, shape in self.presets.items():
            self.preset.addItem(getattr(shape, "name", key) or key, key)
        self.preset.addItem(self.tr("Custom"), CUSTOM)
        self.preset.currentIndexChanged.connect(self._on_preset_change)
        self.inputs.append(self.preset)
        form.addRow(self.tr("Preset"), self.preset)
        self.shape: dict[str, QSpinBox] = {}
        labels = {"layers": self.tr("Layers"), "hidden": self.tr("Hidden"), "heads": self.tr("Heads"),
                  "kv_heads": self.tr("KV heads"), "ffn": self.tr("FFN"), "vocab": self.tr("Vocabulary"),
                  "experts": self.tr("Experts"), "experts_active": self.tr("Active experts")}
        cells: list[tuple[QLabel, QWidget]] = []
        for name, lo, hi in SHAPE_FIELDS:
            spin = self._spin(QSpinBox(), lo, hi)
            spin.valueChanged.connect(self._on_shape_edit)
            self.shape[name] = spin
            cells.append((QLabel(labels[name]), spin))
        self.shape_grid = ReflowGrid(cells)
        form.addRow(self.shape_grid)
        self.params = QLabel()
        self.params.setStyleSheet(f"color:{fmt.COLOURS['muted']};")
        form.addRow(self.tr("Parameters"), self.params)
        return box

    def _job_group(self) -> QGroupBox:
        box = QGroupBox(self.tr("Job"))
        self.job_form = form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.mode = QComboBox()
        self.mode.addItem(self.tr("Training"), "train")
        self.mode.addItem(self.tr("Inference"), "infer")
        self.mode.currentIndexChanged.connect(self._on_mode_change)
        self.inputs.append(self.mode)
        form.addRow(self.tr("Mode"), self.mode)
        # one form for both modes (aligned labels); the other mode's rows are hidden, not stacked
        self.mode_rows: dict[str, list[int]] = {"train": [], "infer": []}
        self._train_rows(form)
        self._infer_rows(form)
        self.mfu = self._spin(QDoubleSpinBox(), 0, 100, suffix=" %", decimals=0, step=5)
        self.mfu.valueChanged.connect(self._on_field_edit)
        form.addRow(self.tr("MFU"), self.mfu)
        self._show_mode_rows("train")
        return box

    def _add(self, mode: str, label: str, widget: QWidget) -> None:
        self.mode_rows[mode].append(self.job_form.rowCount())
        self.job_form.addRow(label, widget)

    def _train_rows(self, form: QFormLayout) -> None:
        # "mixed" is a word, the other formats are names (fp32, amp, bf16, fp8)
        self.train_precision = self._combo(_choices(wl.TrainJob, "precision"),
                                           {"mixed": self.tr("mixed (16-bit weights, FP32 master copy)")})
        self.optimizer = self._combo(_choices(wl.TrainJob, "optimizer"))
        self.optimizer_impl = self._combo(_choices(wl.TrainJob, "optimizer_impl"), {
            "fused": self.tr("fused (DeepSpeed, Megatron, PyTorch fused=True)"),
            "foreach": self.tr("foreach (PyTorch's default: step temporaries)")})
        self.grad_fp32 = QCheckBox(self.tr("fp32 gradients (18 B/param)"))
        self.grad_fp32.setToolTip(self.tr("Megatron and DeepSpeed keep the gradients in fp32 for accumulation: "
                                          "18 bytes per parameter instead of 16"))
        self.grad_fp32.toggled.connect(self._on_field_now)
        self.inputs.append(self.grad_fp32)
        self.micro_batch = self._spin(QSpinBox(), 1, 65_536)
        self.seq_len = self._spin(QSpinBox(), 1, 1_048_576, step=1024)
        self.checkpointing = QCheckBox(self.tr("Activation checkpointing"))
        self.checkpointing.toggled.connect(self._on_field_now)
        self.inputs.append(self.checkpointing)
        self.zero = self._combo(("0", "1", "2", "3"))
        self.tokens = self._spin(QDoubleSpinBox(), 0, 1_000_000, suffix=self.tr(" B tokens"), decimals=1, step=10)
        self.tokens.setSpecialValueText(self.tr("20 × params"))
        self.tokens.setToolTip(self.tr("Training tokens; the lowest value means 20 tokens per parameter "
                                       "(Chinchilla-optimal)"))
        for spin in (self.micro_batch, self.seq_len, self.tokens):
            spin.valueChanged.connect(self._on_field_edit)
        self._add("train", self.tr("Precision"), self.train_precision)
        self._add("train", self.tr("Optimizer"), self.optimizer)
        self._add("train", self.tr("Optimizer implementation"), self.optimizer_impl)
        self._add("train", "", self.grad_fp32)
        self._add("train", self.tr("Micro-batch per GPU"), self.micro_batch)
        self._add("train", self.tr("Sequence length"), self.seq_len)
        self._add("train", self.tr("ZeRO stage"), self.zero)
        self._add("train", "", self.checkpointing)
        self._add("train", self.tr("Training tokens"), self.tokens)

    def _infer_rows(self, form: QFormLayout) -> None:
        self.infer_precision = self._combo(_choices(wl.InferJob, "precision"))
        self.batch = self._spin(QSpinBox(), 1, 65_536)
        self.context = self._spin(QSpinBox(), 1, 10_000_000, step=1024)
        self.new_tokens = self._spin(QSpinBox(), 0, 1_000_000, step=128)
        self.kv_dtype = self._combo(_choices(wl.InferJob, "kv_dtype"))
        self.max_step_tokens = self._spin(QSpinBox(), 0, 10_000_000, step=1024)
        self.max_step_tokens.setSpecialValueText(self.tr("whole batch at once"))
        self.max_step_tokens.setToolTip(self.tr(
            "Tokens a serving engine runs per step (vLLM max_num_batched_tokens, TensorRT-LLM max_num_tokens): "
            "chunked prefill caps the prefill memory"))
        for spin in (self.batch, self.context, self.new_tokens, self.max_step_tokens):
            spin.valueChanged.connect(self._on_field_edit)
        self._add("infer", self.tr("Weight precision"), self.infer_precision)
        self._add("infer", self.tr("Concurrent sequences"), self.batch)
        self._add("infer", self.tr("Context (prompt) tokens"), self.context)
        self._add("infer", self.tr("New tokens"), self.new_tokens)
        self._add("infer", self.tr("KV cache dtype"), self.kv_dtype)
        self._add("infer", self.tr("Max tokens per step"), self.max_step_tokens)

    def _show_mode_rows(self, mode: str) -> None:
        for name, rows in self.mode_rows.items():
            for row in rows:
                self.job_form.setRowVisible(row, name == mode)
        # what the evaluation uses without an MFU: training's default falls with the model's size and the GPU count
        # (workload_models.default_mfu: 0.40 on one 8-GPU server down to the at-scale figure), inference's is flat
        self.mfu.setSpecialValueText(self.tr("default (by model size and GPU count)") if mode == "train"
                                     else self.tr("default ({pct} %)").format(pct=round(wl.DEFAULT_MFU * 100)))

    def _spin(self, spin: Any, lo: float, hi: float, suffix: str = "", decimals: int = 0, step: float = 1) -> Any:
        spin.setRange(lo, hi)
        if isinstance(spin, QDoubleSpinBox):
            spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.setSuffix(suffix)
        spin.setKeyboardTracking(False)
        spin.setAccelerated(True)
        spin.setGroupSeparatorShown(True)
        spin.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        spin.editingFinished.connect(self.writer.flush)
        # the width of a long number, not of the largest allowed one: a narrow dock keeps every field
        spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance("0,000,000") + SPIN_CHROME)
        spin.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.inputs.append(spin)
        return spin

    def _combo(self, values: tuple[str, ...], labels: dict[str, str] | None = None) -> QComboBox:
        combo = QComboBox()
        # as wide as the dock allows, not as the longest choice; the list still shows every choice whole
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(8)
        for v in values:
            combo.addItem((labels or {}).get(v, v), v)
            combo.setItemData(combo.count() - 1, (labels or {}).get(v, v), Qt.ItemDataRole.ToolTipRole)
        combo.currentIndexChanged.connect(self._on_field_now)
        self.inputs.append(combo)
        return combo

    # ------------------------------------------------------------------ widgets → model
    def current_workload(self) -> dict[str, Any] | None:
        """The workload the widgets describe, as build JSON (None: no workload)."""
        key = self.preset.currentData()
        if key == NONE:
            return None
        if key == CUSTOM or key not in self.presets:
            shape: dict[str, int | float | str] = {name: spin.value() for name, spin in self.shape.items()}
            shape["name"] = self._custom_name()
            model = shape
            preset = None
        else:
            model = self.presets[key].model_dump(mode="json")
            preset = key
        tokens = self.tokens.value()
        spec = {
            "model": model, "mode": self.mode.currentData(), "preset": preset,
            "mfu": None if self.mfu.value() <= 0 else round(self.mfu.value() / 100.0, 4),
            "train": {"precision": self.train_precision.currentData(), "optimizer": self.optimizer.currentData(),
                      "micro_batch": self.micro_batch.value(), "seq_len": self.seq_len.value(),
                      "checkpointing": self.checkpointing.isChecked(), "zero_stage": int(self.zero.currentData()),
                      "tokens": None if tokens <= 0 else tokens * 1e9,
                      "optimizer_impl": self.optimizer_impl.currentData(), "grad_fp32": self.grad_fp32.isChecked()},
            "infer": {"precision": self.infer_precision.currentData(), "batch": self.batch.value(),
                      "context": self.context.value(), "new_tokens": self.new_tokens.value(),
                      "kv_dtype": self.kv_dtype.currentData(),
                      "max_tokens_per_step": self.max_step_tokens.value() or None},
        }
        return wl.Workload.model_validate(spec).model_dump(mode="json")

    def _custom_name(self) -> str:
        old = self.session.build.workload or {}
        name = (old.get("model") or {}).get("name") if old.get("preset") is None else None
        return name or self.tr("Custom model")

    def _write(self, now: bool) -> None:
        try:
            spec = self.current_workload()
        except ValidationError as exc:
            self.writer.cancel()
            err = exc.errors()[0]
            self.error_changed.emit(str(err.get("msg", exc)).removeprefix("Value error, "))
            return
        self.error_changed.emit("")
        if now:
            self.writer.set_now("workload", spec)
        else:
            self.writer.set_later("workload", spec)

    def _on_field_edit(self, *_: Any) -> None:
        self._write(now=False)

    def _on_field_now(self, *_: Any) -> None:
        self._write(now=True)

    def _on_shape_edit(self, *_: Any) -> None:
        # editing a preset's shape makes it a custom model
        if self.preset.currentData() != CUSTOM:
            with blocked(self.preset):
                self.preset.setCurrentIndex(self.preset.findData(CUSTOM))
        self._update_params()
        self._write(now=False)

    def _on_preset_change(self, _index: int) -> None:
        key = self.preset.currentData()
        if key in self.presets:
            self._show_shape(self.presets[key].model_dump())
        self._set_enabled(key != NONE)
        self._write(now=True)

    def _on_mode_change(self, _index: int) -> None:
        self._show_mode_rows(self.mode.currentData())
        self._write(now=True)

    # ------------------------------------------------------------------ model → widgets
    def refresh(self, external: bool) -> None:
        """Show the build's workload; `external`: the build changed from elsewhere (undo, open)."""
        if external and not self.writer.writing:
            self.writer.cancel()
        spec = self.session.build.workload
        with blocked(*self.inputs, *self.shape.values()):
            if not spec:
                # no workload: the (disabled) fields show the job defaults a preset choice starts from
                self.preset.setCurrentIndex(0)
                self._set_enabled(False)
                self.mfu.setValue(0)
                self._show_shape(DEFAULT_SHAPE)
                self._show_train(wl.TrainJob().model_dump(mode="json"))
                self._show_infer(wl.InferJob().model_dump(mode="json"))
                return
            self._set_enabled(True)
            preset = spec.get("preset")
            index = self.preset.findData(preset) if preset else -1
            self.preset.setCurrentIndex(index if index >= 0 else self.preset.findData(CUSTOM))
            self._show_shape(spec.get("model") or {})
            mode = spec.get("mode", "train")
            self.mode.setCurrentIndex(max(0, self.mode.findData(mode)))
            self._show_mode_rows(self.mode.currentData())
            mfu = spec.get("mfu")
            self.mfu.setValue(0 if mfu is None else mfu * 100)
            self._show_train(spec.get("train") or {})
            self._show_infer(spec.get("infer") or {})

    def _show_shape(self, model: dict[str, Any]) -> None:
        with blocked(*self.shape.values()):
            for name, spin in self.shape.items():
                if model.get(name) is not None:
                    spin.setValue(int(model[name]))
        self._update_params()

    def _show_train(self, job: dict[str, Any]) -> None:
        _select(self.train_precision, job.get("precision", "mixed"))
        _select(self.optimizer, job.get("optimizer", "adamw"))
        _select(self.optimizer_impl, job.get("optimizer_impl", "fused"))
        self.grad_fp32.setChecked(bool(job.get("grad_fp32", False)))
        self.micro_batch.setValue(int(job.get("micro_batch", 1)))
        self.seq_len.setValue(int(job.get("seq_len", 4096)))
        self.checkpointing.setChecked(bool(job.get("checkpointing", False)))
        _select(self.zero, str(job.get("zero_stage", 0)))
        tokens = job.get("tokens")
        self.tokens.setValue(0 if not tokens else tokens / 1e9)

    def _show_infer(self, job: dict[str, Any]) -> None:
        _select(self.infer_precision, job.get("precision", "bf16"))
        self.batch.setValue(int(job.get("batch", 1)))
        self.context.setValue(int(job.get("context", 4096)))
        self.new_tokens.setValue(int(job.get("new_tokens", 512)))
        _select(self.kv_dtype, job.get("kv_dtype", "bf16"))
        step = job.get("max_tokens_per_step", wl.DEFAULT_MAX_TOKENS_PER_STEP)
        self.max_step_tokens.setValue(int(step or 0))

    def _update_params(self) -> None:
        try:
            shape = wl.ModelShape(name="x", **{n: s.value() for n, s in self.shape.items()})
        except ValidationError:
            self.params.setText("—")
            return
        total, active = shape.param_count(), shape.active_param_count()
        text = fmt.big_count(total)
        if active != total:
            text += self.tr(" ({active} active per token)").format(active=fmt.big_count(active))
        self.params.setText(text)

    def _set_enabled(self, on: bool) -> None:
        for w in [*self.inputs, *self.shape.values()]:
            if w is not self.preset:
                w.setEnabled(on)


def _select(combo: QComboBox, value: Any) -> None:
    index = combo.findData(value)
    if index < 0:
        combo.addItem(str(value), value)
        index = combo.count() - 1
    combo.setCurrentIndex(index)


__all__ = ["WorkloadEditor", "load_presets_safely"]

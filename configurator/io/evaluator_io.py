"""The evaluator the GUI and CLI use: the catalog plus the exchange rates and model presets read from disk."""

from __future__ import annotations

from ..core.catalog import Catalog
from ..core.evaluator import Evaluator
from .fx_io import load_fx
from .models_io import load_presets


def default_evaluator(catalog: Catalog) -> Evaluator:
    """An `Evaluator` for `catalog` with the shipped + user fx.toml and models.toml.

    Raises `FxFileError` / `PresetFileError` (ValueErrors, one line naming file and field)
    when one of those files is broken.
    """
    return Evaluator(catalog, load_fx(), load_presets())

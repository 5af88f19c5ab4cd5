"""The roles a palette row answers (`rows_model.PaletteModel`), apart from the model: the delegate and
the dock read them before the model (and numpy, which its index uses) is imported."""

from __future__ import annotations

from PySide6.QtCore import Qt

PART_ROLE = Qt.ItemDataRole.UserRole + 1
FIGURES_ROLE = Qt.ItemDataRole.UserRole + 2
PRICE_ROLE = Qt.ItemDataRole.UserRole + 3
FITS_ROLE = Qt.ItemDataRole.UserRole + 4
VENDOR_ROLE = Qt.ItemDataRole.UserRole + 5
FORM_ROLE = Qt.ItemDataRole.UserRole + 6
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 7
TITLE_ROLE = Qt.ItemDataRole.UserRole + 9
PART_CATEGORY_ROLE = Qt.ItemDataRole.UserRole + 10
COLLAPSED_ROLE = Qt.ItemDataRole.UserRole + 11
# what the delegate paints, in one call: a part's (id, name, figures, price, fits), a header's (text, folded)
ROW_ROLE = Qt.ItemDataRole.UserRole + 12

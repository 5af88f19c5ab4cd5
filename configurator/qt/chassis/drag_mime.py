"""The drag payload: a catalog part id under one private MIME type."""

from __future__ import annotations

from PySide6.QtCore import QMimeData

PART_MIME = "application/x-configurator-part"


def part_mime(part_id: str) -> QMimeData:
    """Mime data carrying `part_id` (and plain text, so a drop into a text field is harmless)."""
    data = QMimeData()
    data.setData(PART_MIME, part_id.encode("utf-8"))
    data.setText(part_id)
    return data


def part_from_mime(data: QMimeData | None) -> str | None:
    """The part id a drag carries, or None when it is not one of ours."""
    if data is None or not data.hasFormat(PART_MIME):
        return None
    raw = bytes(data.data(PART_MIME).data())
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return None
    return text or None

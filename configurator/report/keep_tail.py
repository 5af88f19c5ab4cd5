"""A table and the block that closes it (a BOM and its totals) that never part on a page break.

`KeepTogether([table, totals])` cannot do it for a table longer than a page (it gives up and lets
both flow), and the totals alone as a `KeepTogether` move to the next page whole when they do not
fit under the table's last row: in the comparison PDF every build's BOM filled its page and each
build's totals then stood alone on a page of their own (issue #30). `TableWithTail` splits the
table so that at least its last `rows` rows move with the tail.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, KeepTogether


class TableWithTail(Flowable):
    """`table` (a reportlab Table that may split by rows), then `tail`, never on a page by itself."""

    def __init__(self, table: Any, tail: list[Any], rows: int = 2) -> None:
        super().__init__()
        self.table, self.tail, self.rows = table, tail, rows

    def _parts(self) -> list[Any]:
        return [self.table, *self.tail]

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        """The height of the table and the tail with the space between them, as a frame would stack them."""
        self.width, height = avail_w, 0.0
        for i, part in enumerate(self._parts()):
            _w, h = part.wrap(avail_w, avail_h)
            height += h + (part.getSpaceBefore() if i else 0) + part.getSpaceAfter()
        self.height = height
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Any]:
        """Called when table and tail do not fit together: the table up to what leaves its last
        `rows` rows for the next page (or less, where the page is fuller), then those rows with the tail."""
        _tw, th = self.table.wrap(avail_w, avail_h)
        heights = list(getattr(self.table, "_rowHeights", []) or [])
        keep = sum(heights[-self.rows:]) if len(heights) > self.rows + 1 else th
        parts = self.table.split(avail_w, min(avail_h, th - keep))
        if len(parts) < 2:      # nothing of the table fits above the kept rows: all of it on the next page
            return [] if avail_h < th else [KeepTogether([self.table, *self.tail])]
        return [*parts[:-1], KeepTogether([parts[-1], *self.tail])]

    def draw(self) -> None:
        """Reached only when it fits whole: each part under the previous, aligned as it asks."""
        y = self.height
        for i, part in enumerate(self._parts()):
            w, h = part.wrap(self.width, self.height)
            y -= h + (part.getSpaceBefore() if i else 0)
            part.drawOn(self.canv, 0, y, _sW=self.width - w)
            y -= part.getSpaceAfter()

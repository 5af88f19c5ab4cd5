"""Render resources/icons/configurator.svg to the PNG the window uses and the ICO/ICNS bundles want.

Run after editing the SVG: `.venv/bin/python packaging/make_icon.py` (Qt renders the SVG; Pillow,
a dependency of reportlab, writes the multi-size .ico; macOS builds convert the PNG themselves).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"


def render(size: int, out: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(ICONS / "configurator.svg")).render(painter)
    painter.end()
    if not image.save(str(out)):
        raise SystemExit(f"{out}: could not write the icon")


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    png = ICONS / "configurator.png"
    render(256, png)
    Image.open(png).save(ICONS / "configurator.ico", sizes=[(16, 16), (32, 32), (48, 48), (64, 64), (128, 128),
                                                             (256, 256)])
    print(f"wrote {png} and {png.with_suffix('.ico')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

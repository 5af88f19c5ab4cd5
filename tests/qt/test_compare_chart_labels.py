"""The price-vs-compute chart of the compare view: a build's label never prints over another's."""

from __future__ import annotations

from configurator.qt.compare.compare_charts import LabelBox, _overlap, free_level


def test_a_label_that_would_cover_an_earlier_one_moves_a_line_down():
    first = LabelBox(0.13, 0.50, 0.35, 0.08, 0)             # starts at its point, runs right
    second = LabelBox(0.29, 0.49, 0.25, 0.08, 0)            # a nearby point: the same line would overlap
    assert free_level(second, [first]) == 1
    third = LabelBox(0.20, 0.49, 0.30, 0.08, 0)
    assert free_level(third, [first, second._replace(level=1)]) == 2


def test_labels_apart_or_on_opposite_sides_keep_their_line():
    left_side = LabelBox(0.90, 0.50, 0.30, 0.08, 1)          # a point on the right: its label runs left of it
    assert free_level(LabelBox(0.10, 0.50, 0.30, 0.08, 0), [left_side]) == 0
    assert free_level(LabelBox(0.10, 0.80, 0.30, 0.08, 0), [LabelBox(0.10, 0.20, 0.30, 0.08, 0)]) == 0


def test_the_levels_found_never_overlap():
    boxes: list[LabelBox] = []
    for i in range(6):                                      # six builds at almost one point
        box = LabelBox(0.40 + 0.01 * i, 0.50, 0.30, 0.08, 0)
        boxes.append(box._replace(level=free_level(box, boxes)))
    extents = [b.extent(b.level) for b in boxes]
    assert not any(_overlap(a, b) for i, a in enumerate(extents) for b in extents[i + 1:])

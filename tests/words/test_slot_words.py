"""Slot and bay labels of the chassis files in Chinese (issue #30: the chassis view showed "Front U.2
NVMe 1-4", "NIC slot 3 (with GPU3)" in the Chinese UI)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from configurator.words.slot_words import slot_label

CHASSIS = Path(__file__).resolve().parents[2] / "catalogs" / "chassis.toml"

#: what stays English in a Chinese label: product, interface and form-factor names, as written on the hardware
NAMES = {"AIOM", "AMD", "Ascend", "BOSS-N", "BlueField-", "CPU", "ConnectX-", "DPU", "DW", "FHHL", "GE", "GPU",
         "Gaudi", "GbE", "Gen", "HCCS", "HGX", "HW", "Hopper", "Instinct", "Intel", "NPU", "NVMe", "NVSwitch", "OAM",
         "OCP", "PBB", "PCIe", "RAID", "RoCE", "SAS", "SATA", "SSD", "UBB"}


def _labels(node: object) -> set[str]:
    if isinstance(node, dict):
        return {v for k, v in node.items() if k == "label" and isinstance(v, str)} | {
            label for k, v in node.items() if k != "label" for label in _labels(v)}
    if isinstance(node, list):
        return {label for item in node for label in _labels(item)}
    return set()


def test_every_shipped_slot_label_reads_in_chinese_but_its_product_names():
    labels = _labels(tomllib.loads(CHASSIS.read_text(encoding="utf-8")))
    assert len(labels) > 150
    english = {label: words for label in labels
               if (words := set(re.findall(r"[A-Za-z][A-Za-z-]+", slot_label(label, "zh_CN"))) - NAMES)}
    assert not english, english


def test_phrases_are_worded_as_units_and_numbers_stay():
    assert slot_label("Rear NIC slot 2 (with GPU2)", "zh_CN") == "后置网卡插槽 2 (配 GPU2)"
    assert slot_label("GPU slot 6 (double-wide, switch 3)", "zh_CN") == "GPU 插槽 6 (双宽, PCIe 交换芯片 3)"
    assert slot_label("Front 2.5-inch NVMe", "zh_CN") == "前置 2.5 英寸 NVMe"
    assert slot_label("Front U.2 NVMe 1-4", "en") == "Front U.2 NVMe 1-4"

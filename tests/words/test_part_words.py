"""Catalog part names in Chinese (issues #25, #30: the Chinese quote listed "Air cooling, 8U GPU server
(front + rear fan walls)", "Supermicro rail kit for the chassis" in English): the descriptive names
worded, the product names as written."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from configurator.core.evaluator import evaluate
from configurator.core.message import Msg
from configurator.formats.exporters.bom_rows import bom_rows
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.words import i18n
from configurator.words.part_words import NAMES, part_name
from configurator.words.render import in_english, named, say

CATALOGS = Path(__file__).resolve().parents[2] / "catalogs"
EXAMPLES = CATALOGS.parent / "examples"

#: what stays English in a Chinese part name: vendors, product lines and model names, interface,
#: module and form-factor names, units, as a Chinese vendor's quote prints them ("Gold", "Platinum":
#: Intel Xeon's lines; "Ethernet": Intel Ethernet E810's; "Flash": Lenovo's RAID 940-16i 8GB Flash)
PRODUCT_WORDS = {
    "AMD", "ASUS", "Artesyn", "Broadcom", "Cambricon", "Dell", "Gigabyte", "HPE", "Huawei", "Inspur", "Intel",
    "Kioxia", "Lenovo", "Micron", "NVIDIA", "Samsung", "Seagate", "Solidigm", "Supermicro", "xFusion",
    "Ada", "Ascend", "Atlas", "Blackwell", "BlueField-", "ConnectX-", "Cray", "DGX", "EPYC", "Edition", "Ethernet",
    "Exos", "Flash", "FusionServer", "GeForce", "Gaudi", "Generation", "Gold", "HGX", "InfiniBand", "Instinct",
    "Kunpeng", "NVLink", "Platinum", "PowerEdge", "Quantum-", "ReadyRails", "Ryzen", "Spectrum-", "SuperNIC",
    "ThinkStation", "ThinkSystem", "Thor", "Ultra", "UniServer", "Workstation", "Xeon",
    # model-number fragments (SYS-821GE-TNHR, MCX75310AAS-NEAT, NF5688M7, PM1743, SR675 V3, ...)
    "A-CEEOT", "A-ECAT", "A-HDAT", "AAS-NEAT", "AN-CDAT", "AS-", "AS-HEAT", "BCM", "CM", "CQDA", "DS", "Dx",
    "ESC", "GE-TNHR", "GE-TNRT", "GS-TNMR", "LCC", "MBF", "MCX", "MI", "MLU", "MQM", "NF", "NS", "PE", "PM", "PRO",
    "PX", "QM", "SD", "SN", "SR", "SXM", "SYS-", "U-", "VPI", "XD", "XE", "xa", "AM",
    # interfaces, modules, units
    "ATX", "CPU", "CRPS", "DDR", "DPU", "ECC", "GB", "GE", "GPU", "Gb", "GbE", "Gen", "HBA", "HDR", "IEC", "NDR",
    "NPU", "NVL", "OAM", "OCP", "OEM", "OSFP", "PCIe", "PDU", "QSFP", "RAID", "RDIMM", "RoCE", "Rx", "RTX", "SAS",
    "SATA", "SSD", "TB", "Tb", "UDIMM"}


@pytest.fixture(scope="module")
def shipped():
    return load_catalog([CATALOGS], [CATALOGS / "prices"])


def test_every_shipped_part_name_reads_in_chinese_but_its_product_names(shipped):
    english = {p.name: words for p in shipped.parts.values()
               if (words := set(re.findall(r"[A-Za-z][A-Za-z-]+", part_name(p.name, "zh_CN"))) - PRODUCT_WORDS)}
    assert not english, english


def test_every_cooling_option_and_accessory_is_worded(shipped):
    """A new accessory or cooling option must be added to the table: these are descriptions, even
    where their words happen to be product words ("NVIDIA DGX rail kit")."""
    missing = [p.name for p in shipped.parts.values() if p.category in ("cooling", "accessory") and p.name not in NAMES]
    assert not missing
    assert all(part_name(name, "zh_CN") != name for name in NAMES
               if name in {p.name for p in shipped.parts.values() if p.category in ("cooling", "accessory")})


def test_the_table_names_shipped_parts_and_keeps_their_numbers_and_models(shipped):
    names = {p.name for p in shipped.parts.values()}
    assert NAMES <= names, NAMES - names           # no entry for a part that is gone
    numbers = re.compile(r"\d+(?:[.,]\d+)*")      # 16 A, 2 m, C19, 3,000 W, SR675 V3, ...
    for name in NAMES:
        worded = part_name(name, "zh_CN").replace("双端口", "2 端口")     # "2-port": two ports
        assert not Counter(numbers.findall(name)) - Counter(numbers.findall(worded)), name   # none dropped


def test_worded_exactly_and_the_rest_as_written():
    assert part_name("Supermicro rail kit for the chassis", "zh_CN") == "Supermicro 机箱导轨套件"
    assert part_name("Power cord IEC C19 to C20, 16 A, 2 m (to rack PDU)", "zh_CN") == \
        "电源线 IEC C19 转 C20, 16 A, 2 m (接机柜 PDU)"
    assert part_name("Air cooling, 8U GPU server (front + rear fan walls)", "zh_CN") == "风冷, 8U GPU 服务器 (前后风扇墙)"
    assert part_name("NVIDIA H100 SXM5 80GB", "zh_CN") == "NVIDIA H100 SXM5 80GB"       # a product name
    assert part_name("Our own rail kit", "zh_CN") == "Our own rail kit"                   # a user's part
    assert part_name("Supermicro rail kit for the chassis", "en") == "Supermicro rail kit for the chassis"


def test_a_name_the_core_gives_reads_in_chinese_and_stays_english_in_english():
    """The BOM line the core names (`bom.baseboard`) and a message's name parameter word the part as
    the quote's description column does; `--json` (English) keeps the catalog's name."""
    board = Msg("bom.baseboard", board="NVIDIA HGX H100 8-GPU baseboard", n=8, gpus="NVIDIA H100 SXM5 80GB")
    assert say(board, "zh_CN") == "NVIDIA HGX H100 8-GPU 基板（8 × NVIDIA H100 SXM5 80GB）"
    assert in_english(board) == "NVIDIA HGX H100 8-GPU baseboard (8 × NVIDIA H100 SXM5 80GB)"
    assert named("Huawei guide rail kit", "zh_CN") == "Huawei 导轨套件"
    assert named("My build", "zh_CN") == "My build"


def test_the_chinese_bom_file_names_the_parts_in_chinese_and_the_english_one_as_the_catalog(shipped):
    build = load_build(EXAMPLES / "hgx-h100-8gpu.json", shipped)
    cost = evaluate(build, shipped).cost
    english = [row.description for row in bom_rows(cost, shipped)]
    assert "Supermicro rail kit for the chassis" in english
    i18n.set_language("zh_CN")
    try:
        chinese = [row.description for row in bom_rows(cost, shipped)]
    finally:
        i18n.set_language("en")
    assert "Supermicro 机箱导轨套件" in chinese and "风冷, 8U GPU 服务器 (前后风扇墙)" in chinese
    assert "Samsung PM1743 3.84 TB U.2" in chinese


def test_the_catalog_listing_names_parts_in_the_language_in_aligned_columns(capsys):
    """`configurator catalog --lang zh_CN`: a descriptive name in Chinese, a product name as written,
    and the name column starting at the same terminal column after a vendor with Han characters."""
    import unicodedata

    from configurator.cli.main import main

    assert main(["catalog", "--category", "accessory", "--lang", "zh_CN"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("accessory")]
    rails = next(line for line in lines if "acc-rails-h3c" in line)
    assert "H3C 机箱滑轨套件" in rails

    def column(line: str, text: str) -> int:
        head = line[:line.index(text)]
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in head)

    hpe = next(line for line in lines if "acc-rails-hpe" in line)
    assert column(rails, "H3C 机箱") == column(hpe, "HPE 机箱")

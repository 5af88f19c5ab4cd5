"""A shipped catalog part's descriptive name in the user's language (issues #25, #30: the Chinese
quote listed "Air cooling, 8U GPU server (front + rear fan walls)", "Supermicro rail kit for the
chassis", "Power cord IEC C19 to C20, 16 A, 2 m (to rack PDU)").

A part's name is catalog data, written in English by whoever adds the part. Most names are product
names (NVIDIA H100 SXM5 80GB, Supermicro SYS-821GE-TNHR, Samsung PM1743 7.68 TB U.2), which a
Chinese vendor's quote prints as written; the names below are, or carry, a description: every
cooling option and accessory (rails, cords, bridges, baseboards), the generic parts named by what
they are ("480 GB SATA SSD (boot, generic)"), a PSU's "Titanium PSU", a chassis' "(8U ..., air)".
Each is one gettext message under msgctxt "part", keyed by the whole English name (the shipped
names are unique), its zh_CN wording written in the .po with the model names kept. `part_name` words
the names listed here exactly and leaves every other name -- a product name, a part of the user's
own catalog -- as written. tests/words/test_part_words.py fails when a shipped part's name carries
a word that is not a product name and has no entry here.
"""

from __future__ import annotations

from . import i18n
from .marks import C_

#: the shipped catalog's names that read in the user's language, by catalog file
NAMES: frozenset[str] = frozenset((
    # cooling.toml
    C_("part", "Air cooling, 8U GPU server (front + rear fan walls)"),
    C_("part", "Air cooling, DGX H100 8U"),
    C_("part", "Air cooling, DGX B200 10U"),
    C_("part", "Air cooling, Dell XE9680 (15 GPU + 5 CPU fans)"),
    C_("part", "Direct liquid cooling, 4U HGX (GPU + CPU cold plates)"),
    C_("part", "Air cooling, 4U PCIe GPU server"),
    C_("part", "Air cooling, 2U 4-GPU server"),
    C_("part", "Air cooling, 2U general-purpose server"),
    C_("part", "Air cooling, DGX A100 6U"),
    C_("part", "Air cooling, Huawei Atlas 800T A2 4U"),
    C_("part", "Air cooling, ATX tower (case fans + CPU tower cooler)"),
    C_("part", "Air cooling, Inspur NF5688M7 (front fan wall)"),
    C_("part", "Air cooling, OEM 5U-7U HGX H100/H200 server (front fan wall)"),
    C_("part", "Air cooling, Lenovo ThinkSystem SR675 V3 (3U)"),
    C_("part", "Air cooling, Lenovo ThinkStation PX (six chassis fans)"),
    # accessories.toml
    C_("part", "NVIDIA HGX H100 8-GPU baseboard"),
    C_("part", "NVIDIA HGX H200 8-GPU baseboard"),
    C_("part", "NVIDIA HGX H20 8-GPU baseboard"),
    C_("part", "NVIDIA HGX A100 8-GPU baseboard"),
    C_("part", "NVIDIA HGX B200 8-GPU baseboard"),
    C_("part", "NVIDIA HGX H800 8-GPU baseboard"),
    C_("part", "NVIDIA NVLink bridge, 2-way (one GPU pair)"),
    C_("part", "NVIDIA NVLink bridge, 4-way (H200 NVL)"),
    C_("part", "Supermicro rail kit for the chassis"),
    C_("part", "Dell ReadyRails sliding rails"),
    C_("part", "NVIDIA DGX rail kit"),
    C_("part", "Huawei guide rail kit"),
    C_("part", "Power cord IEC C19 to C20, 16 A, 2 m (to rack PDU)"),
    C_("part", "Power cord IEC C13 to C14, 10 A, 2 m (to rack PDU)"),
    C_("part", "Mains power cord IEC C13 to wall plug (in the PSU box)"),
    C_("part", "Inspur slide rail kit for the chassis"),
    C_("part", "Gigabyte rail kit for the chassis"),
    C_("part", "xFusion guide rail kit for the chassis"),
    C_("part", "H3C slide rail kit for the chassis"),
    C_("part", "Lenovo ThinkSystem rail kit for the chassis"),
    C_("part", "HPE rail kit for the chassis"),
    C_("part", "ASUS rail kit for the chassis"),
    C_("part", "Mains power cord for the country of delivery (in the workstation box)"),
    C_("part", "AMD Instinct MI300X platform (8 OAM on the universal baseboard)"),
    C_("part", "AMD Instinct MI325X platform (8 OAM on the universal baseboard)"),
    C_("part", "Intel Gaudi 3 universal baseboard (8 OAM)"),
    # dimms.toml, drives.toml: the generic parts named by description
    C_("part", "32 GB DDR4-3200 RDIMM 2Rx8 (generic)"),
    C_("part", "32 GB DDR5-5600 UDIMM, non-ECC (desktop, generic)"),
    C_("part", "480 GB SATA SSD (boot, generic)"),
    # psus.toml
    C_("part", "NVIDIA DGX 3,300 W PSU"),
    C_("part", "Supermicro 3,000 W Titanium PSU (12 V + 54 V)"),
    C_("part", "Artesyn DS3000PE 3,000 W CRPS-class PSU"),
    C_("part", "Supermicro 2,700 W Titanium PSU"),
    C_("part", "Supermicro 2,000 W Titanium PSU"),
    C_("part", "Supermicro 1,600 W Titanium PSU"),
    C_("part", "Dell 2,800 W Titanium PSU"),
    C_("part", "Dell 3,200 W Titanium PSU (277 V)"),
    C_("part", "Dell 2,400 W Platinum PSU"),
    C_("part", "Dell 1,800 W Titanium PSU"),
    C_("part", "Dell 1,400 W Platinum PSU"),
    C_("part", "NVIDIA DGX A100 3,000 W PSU"),
    C_("part", "Huawei 3,000 W AC PSU (Atlas 800 class)"),
    C_("part", "ATX PSU 1,000 W Gold (generic)"),
    C_("part", "ATX PSU 1,600 W Platinum (generic)"),
    C_("part", "Inspur 3,200 W Titanium CRPS PSU"),
    C_("part", "Lenovo ThinkSystem 2,400 W PSU (SR675 V3)"),
    C_("part", "Lenovo ThinkSystem 1,800 W PSU (SR675 V3)"),
    C_("part", "Lenovo ThinkSystem 2,600 W Titanium PSU (SR685a V3)"),
    C_("part", "Lenovo ThinkStation PX 1,850 W PSU"),
    # chassis.toml: the model as written, its description in brackets worded
    C_("part", "Supermicro SYS-821GE-TNHR (8U HGX H100/H200, air)"),
    C_("part", "Dell PowerEdge XE9680 (6U HGX H100/H200, air)"),
    C_("part", "Dell PowerEdge XE9680 (6U, Intel Gaudi 3 OAM, air)"),
    C_("part", "Dell PowerEdge XE9680 (6U HGX A100 80GB, air)"),
    C_("part", "Supermicro AS-8125GS-TNMR2 (8U AMD MI300X, air)"),
    C_("part", "NVIDIA DGX B200 (10U, 8x B200, air)"),
    C_("part", "NVIDIA DGX H100 (8U, 8x H100 SXM5, air)"),
    C_("part", "Supermicro SYS-421GE-TNRT (4U, up to 10 DW PCIe GPUs)"),
    C_("part", "Supermicro SYS-421GE-TNHR2-LCC (4U HGX H100/H200, liquid)"),
    C_("part", "Dell PowerEdge R760xa (2U, 4 DW PCIe GPUs)"),
    C_("part", "Dell PowerEdge R760 (2U general purpose)"),
    C_("part", "NVIDIA DGX A100 (6U, 8x A100 SXM4, air)"),
    C_("part", "Huawei Atlas 800T A2 (4U, 8x Ascend 910B, air)"),
    C_("part", "Desktop PC (ATX tower, AM5 board)"),
    C_("part", "Inspur NF5688M7 (6U HGX H100/H800, air)"),
    C_("part", "Gigabyte G593-SD1 (5U HGX H100/H200, air)"),
    C_("part", "HPE Cray XD670 (5U HGX H100, air)"),
    C_("part", "ASUS ESC N8-E11 (7U HGX H100/H200, air)"),
    C_("part", "Lenovo ThinkSystem SR675 V3 (3U, 8 DW PCIe GPUs)"),
    C_("part", "xFusion FusionServer G8600 V7 (HGX 8-GPU, air)"),
    C_("part", "Lenovo ThinkSystem SR685a V3 (8U, HGX H100/H200, air)"),
    C_("part", "Inspur NF5468M7 (4U, up to 8 DW PCIe GPUs, air)"),
    C_("part", "Lenovo ThinkStation PX (dual-Xeon workstation tower)"),
    C_("part", "H3C UniServer R5500 G6 (HGX 8-GPU, air)"),
    # gpus.toml, nics.toml, switches.toml: the descriptive words of a product's name
    C_("part", "NVIDIA GB200 Blackwell GPU 186GB (NVL72 compute tray)"),
    C_("part", "Intel Gaudi 3 128GB OAM (air, 900 W)"),
    C_("part", "Huawei Ascend 910B 64GB (NPU module)"),
    C_("part", "Huawei 2-port 200GE RoCE NIC (Atlas parameter plane)"),
    C_("part", "Huawei 2-port 25GE RoCE NIC (Atlas data plane)"),
    C_("part", "NVIDIA Quantum-2 QM9700 64-port NDR InfiniBand switch (MQM9700-NS2F)"),
    C_("part", "NVIDIA Spectrum-4 SN5600 51.2 Tb/s Ethernet switch (64 x 800GbE OSFP)"),
))


def part_name(name: str, language: str | None = None) -> str:
    """A catalog part's `name` in `language` (default: the current one): a shipped descriptive name
    worded, any other name as written."""
    if name not in NAMES:
        return name
    return worded(name, i18n.current_catalog() if language is None else i18n.load_catalog(language))


def worded(name: str, catalog: i18n.Catalog) -> str:
    """`part_name` in `catalog`'s language."""
    return catalog.pgettext("part", name) if name in NAMES else name

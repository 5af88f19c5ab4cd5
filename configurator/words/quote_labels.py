"""The quote's own words in each quote language (a report-local dictionary).

The quote is printed in the language the quote asks for (`Meta.language`), not the language
of the app, so its labels live here rather than in the CLI's gettext catalog. Keys are the
English labels; a missing Chinese entry prints the English one (a test lists the keys used).
"""

from __future__ import annotations

from ..store.vendor_settings import VendorSettings
from .i18n import Catalog, load_catalog

#: the vendor-settings fields whose shipped placeholder text has a translation below
PLACEHOLDER_FIELDS = {"vendor": ("company", "address"), "quote": ("payment_terms", "lead_time", "warranty")}

ZH_CN: dict[str, str] = {
    "QUOTATION": "报价单",
    "Quote": "报价单",
    "Quote number": "报价编号",
    "Revision": "版本",
    "Issue date": "报价日期",
    "Valid until": "有效期至",
    "Currency": "币种",
    "Tax": "税",
    "Customer PO": "客户订单号",
    "Project": "项目名称",
    "PREPARED FOR": "客户",
    "PREPARED BY": "报价单位",
    "Contact": "联系人",
    "Bill to": "开票地址",
    "Ship to": "交货地点",
    "Tax ID": "纳税人识别号",
    "Bank": "开户行及账号",
    "(customer not named)": "（未填写客户）",
    "Configuration summary": "配置概要",
    "Option": "方案",
    "option": "方案",
    "Line items": "报价明细",
    "#": "序号",
    "Part number": "规格型号",
    "Description": "品名",
    "Qty": "数量",
    "Unit price": "单价",
    "Extended": "金额",
    "Unit price incl. tax": "含税单价",
    "Amount incl. tax": "含税金额",
    "Subtotal": "小计",
    "Discount": "折扣",
    "Net": "折后金额",
    "Tax / VAT": "增值税",
    "not included": "不含",
    "Included tax / VAT": "其中增值税",
    "for information": "仅供参考",
    "Shipping": "运费",
    "shipping included": "含运费",
    "Total": "合计",
    "incl. tax": "含税",
    "excl. tax": "不含税",
    "Prices include tax": "含税价",
    "Prices exclude tax": "不含税价",
    "Differs by option (see totals)": "各方案不同（见合计）",
    "Amount in words": "合计金额（大写）",
    "Invoice": "发票类型",
    "special": "增值税专用发票",
    "ordinary": "增值税普通发票",
    "Payment terms": "付款方式",
    "Lead time": "交货期",
    "Delivery terms": "交货方式",
    "Notes": "备注",
    "Open items": "待解决问题",
    "Open items: none. The configuration passes all checks.": "待解决问题：无。配置通过全部检查。",
    "ERROR": "错误",
    "WARNING": "警告",
    "Fix": "解决办法",
    "Chassis layout": "机箱布局",
    "Configuration": "配置",
    "Chassis": "机箱",
    "Size, weight": "尺寸、重量",
    "CPUs": "处理器",
    "Host memory": "内存",
    "GPUs": "GPU",
    "GPU memory": "GPU 显存",
    "Compute (dense)": "算力（稠密）",
    "Network": "网络",
    "Workload": "工作负载",
    "Power": "功耗",
    "At the wall": "市电输入",
    "PSU plan": "电源配置",
    "PDU feeds": "PDU 供电",
    "Heat": "散热量",
    "Airflow": "风量",
    "Cooling": "散热",
    "Site input": "现场供电",
    "TCO, {years} years": "{years} 年总拥有成本",
    "Source build file": "配置文件",
    "Terms and conditions": "条款",
    "Acceptance": "确认",
    "Name": "姓名",
    "Title": "职务",
    "Date": "日期",
    "Signature and company stamp": "签字并加盖公章",
    "Vendor seal": "报价单位（盖章）",
    "Customer seal": "客户确认（签字盖章）",
    "Page {page} of {total}": "第 {page} 页，共 {total} 页",
    "NOT VALID FOR ORDER — open problems": "不可作为订单依据——存在未解决的问题",
    "DRAFT — NOT ORDERABLE": "草稿——不可下单",
    "This draft quotes a build with errors; it cannot be signed or ordered until they are fixed:":
        "本草稿所报配置存在错误，修正之前不可签署或下单：",
    "Warnings": "警告",
    "Options compared": "方案对比",
    "Compute": "计算",
    "Memory": "内存",
    "Storage": "存储",
    "Power and cooling": "电源与散热",
    "Accessories": "配件",
    "Services": "服务",
    "Other": "其他",
    "Dense BF16": "BF16 稠密算力",
    "Max power": "最大功耗",
    "Rack units": "机架单元",
    "The options are alternatives: each total stands alone and the options are not added together. "
    "Select one option in the acceptance block.": "各方案互为替代：每个合计单独成立，不相加。请在确认栏中选择一个方案。",
    "This quotation offers {n} alternative configurations (options {letters}), each described and priced "
    "in its own section. Select one option to order.":
        "本报价提供 {n} 个可选配置（方案 {letters}），分别说明并报价。请选择一个方案下单。",
    # the upgrade quote (report/upgrade_quote.py)
    "Upgrade {label}": "升级{label}",
    "Upgrade of {name}": "升级：{name}",
    " (moved from {chassis})": "（由 {chassis} 迁移）",
    "Server: {name}{moved}. Only new parts are priced; the parts already installed stay at no charge, "
    "and removed parts are listed for return or trade-in.":
        "服务器：{name}{moved}。仅对新增部件计价；已安装部件不收费，拆下的部件单列，供退回或折价回收。",
    "Parts": "部件",
    "Upgrade total": "升级合计",
    "Figure": "指标",
    "Before": "升级前",
    "After": "升级后",
    "Change": "变化",
    "Power, idle": "功耗，空闲",
    "Power, typical": "功耗，典型",
    "Power, max": "功耗，最大",
    "Power, peak (PSU sizing)": "功耗，峰值（电源选型）",
    "At the wall, idle": "墙插功率，空闲",
    "At the wall, typical": "墙插功率，典型",
    "At the wall, max": "墙插功率，最大",
    "Heat, typical": "散热，典型",
    "Heat, max": "散热，最大",
    "Airflow needed": "所需风量",
    "PSUs installed": "已装电源数",
    "PSU capacity under redundancy": "冗余模式下的电源容量",
    "PSU load, typical": "电源负载，典型",
    "PSU load at peak": "电源峰值负载",
    "PSUs": "电源",
    "Losing one feed": "失去一路供电",
    "n/a (no redundancy)": "不适用（无冗余）",
    "Slots": "插槽",
    "Buy": "购买",
    "Take out": "拆下",
    "Move": "移位",
    "on request": "询价",
    "trade-in ": "折价回收 ",
    "No parts change.": "部件无变化。",
    "Problems the upgrade brings": "升级带来的问题",
    "Problems the upgrade resolves": "升级解决的问题",
    "None.": "无。",
    "Trade-in of removed parts": "拆下部件折价回收",
    "Net cost of the upgrade ({currency})": "升级净成本（{currency}）",
    "On request (no price in the price list): ": "需询价（价格表中无价格）：",
    "Power, heat and PSUs before and after": "升级前后的功耗、散热与电源",
    "Vendor details are placeholders: add vendor.toml to the configurator's settings folder "
    "(see examples/vendor-settings.toml).": "报价单位信息为占位内容：请在设置中填写报价单位资料。",
    # the cluster plan (report/cluster_report.py, cluster_layout.py: the PDF and the GUI's drawings)
    # and the upgrade quote's slot lists; the plan's own names and problems go through the catalog
    "Cluster plan": "集群规划",
    "Cluster plan: {name}": "集群规划：{name}",
    "Servers": "服务器",
    "{n} ({gpus} GPUs)": "{n} 台（{gpus} 个 GPU）",
    "Racks": "机柜",
    "Power, max at the wall": "墙插功率，最大",
    "Facility at PUE": "机房功耗（含 PUE）",
    "Floor": "占地面积",
    "Weight": "重量",
    "Capex": "资本支出",
    "Time to train": "训练时间",
    "{days} days, scaling efficiency {pct}": "{days} 天，扩展效率 {pct}",
    "Rack elevation": "机柜立面图",
    "Compute fabric": "计算网络",
    "Storage fabric": "存储网络",
    "Bill of materials": "物料清单",
    "Item": "项目",
    "Capex ({currency}, priced lines)": "资本支出（{currency}，仅计已报价项目）",
    "Problems and notes": "问题与说明",
    "Fix: {fix}": "解决办法：{fix}",
    "INFO": "提示",
    "one feed lost: holds": "断一路供电：可承载",
    "one feed lost: OVERLOADED": "断一路供电：过载",
    "{racks} racks, {servers} servers; max power per rack against its limit, and whether the surviving feed "
    "carries the rack when one feed is lost ({pct} % continuous rule)":
        "{racks} 个机柜，{servers} 台服务器；每个机柜的最大功耗及其限额，以及断一路供电时另一路能否承载整个机柜"
        "（按额定电流 {pct} % 的持续负载规则）",
    "; {more} more racks not drawn": "；另有 {more} 个机柜未画出",
    "switch": "交换机",
    "GPU {n}s": "各节点 GPU {n}",
    "link {n}s": "各节点链路 {n}",
    "rail {n}": "轨道 {n}",
    " ({n} leaves)": "（{n} 台叶交换机）",
    "{ratio}:1 oversubscribed": "收敛比 {ratio}:1",
    "non-blocking": "无阻塞",
    "one switch": "单台交换机",
    "{leaves} leaves, {spines} spines": "{leaves} 台叶交换机、{spines} 台脊交换机",
    ", {cores} cores": "、{cores} 台核心交换机",
    "rail r joins GPU r of every server": "第 r 条轨道连接每台服务器的第 r 个 GPU",
    "rail r joins link r of every server": "第 r 条轨道连接每台服务器的第 r 条链路",
    "{fabric}, {switch}: {rails} rails ({joins}), {tiers}; {links} server links at {gbps} Gb/s, {over}; "
    "bisection {tbps} Tb/s, {per_gpu} Gb/s per GPU":
        "{fabric}，{switch}：{rails} 条轨道（{joins}），{tiers}；{links} 条服务器链路，每条 {gbps} Gb/s，{over}；"
        "对分带宽 {tbps} Tb/s，每个 GPU {per_gpu} Gb/s",
    "{n} slots: {first} … {last}": "{n} 个插槽：{first} … {last}",
    "Already installed": "已安装（现有）",
    # the appendix "How these figures are computed" (report/appendix.py)
    "How these figures are computed": "附录：各项数据的计算方法",
    "Each figure printed in this quote links here: how it is computed, its inputs with their values and where "
    "each input comes from (catalog entry and URL, price list, measurement, build setting or stated "
    "assumption). Inputs marked as estimates are not published figures. `configurator explain BUILD FIGURE` "
    "prints the same explanation.":
        "本报价中印出的每项数据都链接到此处：其计算方法、各项输入及其数值，以及每项输入的来源（部件目录条目及网址、"
        "价格表、实测、配置设定或所列假设）。标为“估计值”的输入并非公开数据。"
        "`configurator explain BUILD FIGURE` 输出相同的说明。",
    "Sources": "来源",
    "Note": "注",
    "estimate": "估计值",
    "figure": "见指标",
    "none": "无",
    "{n} error": "{n} 个错误",
    "{n} errors": "{n} 个错误",
    "{n} warning": "{n} 个警告",
    "{n} warnings": "{n} 个警告",
    ", ": "，",
    "not set": "未设置",
    # the summary's figures (report/figure_pairs.py)
    "(est.)": "（估计）",
    "{n} cores": "{n} 核",
    "{n} DIMMs": "{n} 条内存",
    "{capacity} in {dimms}, {used}/{total} channels at {speed}": "{capacity}，共 {dimms}，已用 {used}/{total} 个通道，{speed}",
    "{total} in total ({each} per GPU), {bandwidth}": "共 {total}（每卡 {each}），显存带宽 {bandwidth}",
    "{rate} per GPU": "每卡 {rate}",
    "{n} days": "{n} 天",
    "; training ≈ {days}": "；训练约需 {days}",
    "{n} tokens/s": "{n} tokens/s",
    "; decode up to {rate}": "；解码最高 {rate}",
    "no PSUs installed": "未安装电源",
    "{count} × {rating}, {mode}, {usable} usable": "{count} × {rating}，{mode}，可用 {usable}",
    " (peak load {pct})": "（峰值负载率 {pct}）",
    "idle {idle} · typical {typical} · max {max}": "空闲 {idle} · 典型 {typical} · 最大 {max}",
    "max {max} at {eff} PSU efficiency; DC peak {peak} (PSU output, GPU transients)":
        "最大 {max}（电源效率 {eff}）；直流峰值 {peak}（电源输出，含 GPU 瞬时峰值）",
    "{n} PSU": "{n} 个电源",
    "{n} PSUs": "{n} 个电源",
    "{n} tons": "{n} 冷吨",
    "{max} at max ({tons}); typical {typical}": "最大 {max}（{tons}）；典型 {typical}",
    "{flow} at ΔT {dt_c} ({dt_f})": "{flow}（温升 ΔT {dt_c}，{dt_f}）",
    "{kind}, capacity {capacity} at {ambient} ambient": "{kind}，环境温度 {ambient} 时散热能力 {capacity}",
    "{total}: capex {capex}, energy {energy}/yr, support {support}/yr":
        "{total}：购置 {capex}，电费每年 {energy}，维保每年 {support}",
    # the chassis drawing (report/chassis_drawing.py)
    "top view, schematic (rear at top)": "俯视示意图（后端在上）",
    "Cooling: {kind}": "散热：{kind}",
    "air": "风冷",
    "liquid": "液冷",
    "Power supplies": "电源",
    "PCIe / NIC slots": "PCIe / 网卡插槽",
    "CPUs and memory": "CPU 与内存",
    "GPU baseboard": "GPU 基板",
    "Drive bays, front": "前置硬盘位",
    "{cpu} memory: {parts}": "{cpu} 内存：{parts}",
    "{n} empty": "{n} 个空位",
    "PCIe card": "PCIe 卡",
    "Drive": "硬盘",
    "PSU": "电源",
    "DIMM": "内存条",
    "empty slot": "空插槽",
    "FRONT": "前端",
    "Chassis drawing unavailable: chassis {chassis} is not in the catalog.": "无法绘制机箱图：目录中没有机箱 {chassis}。",
    # vendor-settings placeholders: store/vendor_settings.py's built-in defaults and examples/vendor-settings.toml
    "Your Company Ltd.": "贵公司名称",
    "Street and number\nPostcode, City\nCountry": "街道及门牌号\n邮政编码，城市\n国家",
    "Net 30 days from invoice date.": "自发票开具之日起 30 天内付清。",
    "4–8 weeks after order, subject to component availability.": "订单确认后 4–8 周，视部件供货情况而定。",
    "Manufacturer warranty, 3 years return-to-base, unless support services are quoted.":
        "原厂保修 3 年（返厂维修），另行报价的技术支持服务除外。",
    "50 % on order, balance net 30 days from delivery.": "下单时预付 50 %，余款于交货后 30 天内付清。",
    "4–8 weeks after order, subject to GPU allocation.": "订单确认后 4–8 周，视 GPU 配额而定。",
    "Software stack (pinned)": "软件栈（锁定版本）",
    "Software stack": "软件栈",
    "Component": "组件",
    "Version": "版本",
    "Source": "来源",
}

CHINESE_TERMS: tuple[str, ...] = (
    "有效期。本报价有效期至{valid_until}。GPU、内存及存储价格波动较大，逾期须重新确认价格与供货。",
    "价格。以上价格以{currency}计，{tax_basis}；税率 {tax_rate}（增值税），开具{invoice}。运费按上表计列；"
    "安装及现场工作除单列报价外不含在内。",
    "付款方式。{payment_terms}",
    "交货期。{lead_time}",
    "交货地点。{delivery}",
    "质保。{warranty}",
    "技术数据。功耗、散热、风量、性能与工作负载数据为依据部件资料和所列假设的工程估算，并非保证值。"
    "现场供电、制冷与机柜空间由客户负责。",
    "确认。客户签字盖章或发出注明报价编号 {number} 的采购订单，并经{company}书面确认后，订单成立。",
    "取消与退货。系统按订单组装；组装开始后订单不可取消，除保修外已配置系统不予退货。",
    "通用条款。适用{company}的通用销售条款。",
)


class Labels:
    """`labels("Quote number")` in the quote's language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.chinese = language == "zh_CN"
        self._messages: Catalog | None = None

    def message(self, text: str) -> str:
        """A core message (a violation, a fix) in the quote's language, via the app's catalog."""
        if not self.chinese:
            return text
        if self._messages is None:
            self._messages = load_catalog(self.language)
        return self._messages.translate(text)

    def __call__(self, text: str) -> str:
        return ZH_CN.get(text, text) if self.chinese else text

    def settings(self, settings: VendorSettings) -> VendorSettings:
        """`settings` with the shipped placeholder texts (the built-in defaults, the values of
        examples/vendor-settings.toml) in the quote's language; a vendor's own wording stays as written."""
        if not self.chinese:
            return settings
        vendor = {k: self(getattr(settings.vendor, k)) for k in PLACEHOLDER_FIELDS["vendor"]}
        quote = {k: self(getattr(settings.quote, k)) for k in PLACEHOLDER_FIELDS["quote"]}
        return settings.model_copy(update={"vendor": settings.vendor.model_copy(update=vendor),
                                           "quote": settings.quote.model_copy(update=quote)})

    @property
    def money_locale_override(self) -> str | None:
        """The Babel locale a Chinese quote prints money and dates in (None: the vendor's)."""
        return "zh_CN" if self.chinese else None

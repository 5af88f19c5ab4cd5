<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AcceptanceDialog</name>
    <message>
        <source>Acceptance test</source>
        <translation>验收测试</translation>
    </message>
</context>
<context>
    <name>AcceptanceView</name>
    <message>
        <source>Import results…</source>
        <translation>导入结果…</translation>
    </message>
    <message>
        <source>Save as baseline</source>
        <translation>保存为基线</translation>
    </message>
    <message>
        <source>Script…</source>
        <translation>脚本…</translation>
    </message>
    <message>
        <source>Plan PDF…</source>
        <translation>方案 PDF…</translation>
    </message>
    <message>
        <source>Report PDF…</source>
        <translation>报告 PDF…</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望值</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Troubleshoot:</source>
        <translation>故障排查：</translation>
    </message>
    <message>
        <source>The folder the acceptance script wrote</source>
        <translation>验收脚本写出的文件夹</translation>
    </message>
    <message>
        <source>Import results first.</source>
        <translation>请先导入结果。</translation>
    </message>
    <message>
        <source>Baseline stored: %s</source>
        <translation>基线已保存：%s</translation>
    </message>
    <message>
        <source>Acceptance script</source>
        <translation>验收脚本</translation>
    </message>
    <message>
        <source>Acceptance plan</source>
        <translation>验收测试方案</translation>
    </message>
    <message>
        <source>Acceptance report</source>
        <translation>验收报告</translation>
    </message>
</context>
<context>
    <name>BandwidthPanel</name>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>PCIe host link</source>
        <translation>PCIe 主机链路</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>GPU ↔ GPU</source>
        <translation>GPU ↔ GPU 互联</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Per GPU, per direction</source>
        <translation>每 GPU、单向</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Bottleneck: {stage} — {gbs} per GPU</source>
        <translation>瓶颈：{stage} — 每 GPU {gbs}</translation>
    </message>
    <message>
        <source>No data path to show</source>
        <translation>没有可显示的数据通路</translation>
    </message>
    <message>
        <source>Storage read {st} in total · network {net} Gb/s per GPU</source>
        <translation>存储读取合计 {st} · 网络每 GPU {net} Gb/s</translation>
    </message>
</context>
<context>
    <name>ChassisPicker</name>
    <message>
        <source>double-width</source>
        <translation>双宽</translation>
    </message>
    <message>
        <source>single-width</source>
        <translation>单宽</translation>
    </message>
    <message>
        <source>%1× PCIe %2</source>
        <translation>%1× PCIe %2</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>%1× %2 · %3 DIMMs · %4 PCIe · %5 bays · %6 PSU (%7)</source>
        <translation>%1× %2 · %3 内存槽 · %4 PCIe · %5 盘位 · %6 电源 (%7)</translation>
    </message>
    <message>
        <source>New build — choose a chassis</source>
        <translation>新建配置 — 选择机箱</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>RU</source>
        <translation>高度 (U)</translation>
    </message>
    <message>
        <source>GPU positions</source>
        <translation>GPU 位置数</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Pick the server chassis; parts are added afterwards.</source>
        <translation>请选择服务器机箱；部件可在之后添加。</translation>
    </message>
</context>
<context>
    <name>ChassisView</name>
    <message>
        <source>PCIe &amp; OCP slots</source>
        <extracomment>the smallest text the schematic shows on screen, px: zoomed out to fit a small window, the scene&apos;s fonts grow (up to MAX_TEXT_FLOOR scene px) so that labels stay this tall the GPU fabric&apos;s product name, as the baseboard caption prints it (the catalog keeps an id)</extracomment>
        <translation>PCIe 与 OCP 插槽</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>%1 · %2 positions · %3</source>
        <translation>%1 · %2 个 GPU 位 · %3</translation>
    </message>
    <message>
        <source>GPU baseboard</source>
        <translation>GPU 基板</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Power supplies · %1 bays</source>
        <translation>电源 · %1 个电源位</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU %1-wide</source>
        <translation>GPU %1 槽宽</translation>
    </message>
    <message>
        <source>Chassis “%s” is not in the catalog.</source>
        <translation>机箱“%s”不在目录中。</translation>
    </message>
    <message>
        <source>%1U · %2 sockets · top view, front at the top</source>
        <translation>%1U · %2 路 CPU 插座 · 俯视图，前面板在上</translation>
    </message>
    <message>
        <source>unknown: %s</source>
        <translation>未知：%s</translation>
    </message>
    <message>
        <source>covered by %s</source>
        <translation>被 %s 占用</translation>
    </message>
    <message>
        <source>feed %s</source>
        <translation>供电路 %s</translation>
    </message>
    <message>
        <source>Empty. Drag a part here, or right-click.</source>
        <translation>空。将部件拖到此处，或单击右键。</translation>
    </message>
    <message>
        <source>Unknown part %s</source>
        <translation>未知部件 %s</translation>
    </message>
    <message>
        <source>%1 already holds %2</source>
        <translation>%1 已装有 %2</translation>
    </message>
    <message>
        <source>Place %1 in %2</source>
        <translation>将 %1 放入 %2</translation>
    </message>
    <message>
        <source>Placed %1 in %2</source>
        <translation>已将 %1 放入 %2</translation>
    </message>
    <message>
        <source>Remove part from %s</source>
        <translation>从 %s 移除部件</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n part(s)</source>
        <translation>
            <numerusform>移除 %n 个部件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fill %n similar slot(s)</source>
        <translation>
            <numerusform>填充 %n 个同类插槽</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Placed %1 in %n more slot(s)</source>
        <translation>
            <numerusform>已将 %1 放入另外 %n 个插槽</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 network cards for %2 GPUs</source>
        <translation>%1 块网卡对应 %2 个 GPU</translation>
    </message>
    <message>
        <source>No similar empty slot takes this part.</source>
        <translation>没有可安装此部件的同类空插槽。</translation>
    </message>
    <message numerus="yes">
        <source>Mark %n part(s) as already installed</source>
        <translation>
            <numerusform>将 %n 个部件标为已安装</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mark %n part(s) as new</source>
        <translation>
            <numerusform>将 %n 个部件标为新购</numerusform>
        </translation>
    </message>
    <message>
        <source>Put %1 on feed %2</source>
        <translation>将 %1 接到供电路 %2</translation>
    </message>
    <message>
        <source>Clear build</source>
        <translation>清空配置</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Replace with %s</source>
        <translation>替换为 %s</translation>
    </message>
    <message>
        <source>Place %s</source>
        <translation>放置 %s</translation>
    </message>
    <message>
        <source>Fill all similar empty slots with %s</source>
        <translation>用 %s 填满所有同类空插槽</translation>
    </message>
    <message>
        <source>Fill all similar empty slots with this part</source>
        <translation>用此部件填满所有同类空插槽</translation>
    </message>
    <message>
        <source>Already installed (owned, not priced)</source>
        <translation>已安装（客户自有，不计价）</translation>
    </message>
    <message>
        <source>Feed %s</source>
        <translation>供电路 %s</translation>
    </message>
    <message>
        <source>Drop to replace the part in %s</source>
        <translation>松开以替换 %s 中的部件</translation>
    </message>
    <message>
        <source>Drop to place in %s</source>
        <translation>松开以放入 %s</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>Choose a part in the palette first, then press Enter here.</source>
        <translation>请先在部件列表中选择一个部件，再在此处按回车。</translation>
    </message>
    <message>
        <source>Arrow keys choose a slot · Enter places the palette&apos;s part · Menu key or Shift+F10: slot menu</source>
        <translation>方向键选择插槽 · 回车放入所选部件 · 菜单键或 Shift+F10：插槽菜单</translation>
    </message>
</context>
<context>
    <name>ClusterDialog</name>
    <message>
        <source>Cluster plan</source>
        <translation>集群规划</translation>
    </message>
</context>
<context>
    <name>ClusterView</name>
    <message>
        <source>Servers of this build</source>
        <translation>本配置的服务器数量</translation>
    </message>
    <message>
        <source>Rack power limit</source>
        <translation>机柜功率上限</translation>
    </message>
    <message>
        <source>Export cluster PDF…</source>
        <translation>导出集群 PDF…</translation>
    </message>
    <message>
        <source>Rack elevation</source>
        <translation>机柜立面图</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络拓扑</translation>
    </message>
    <message>
        <source>No compute fabric: the build has no network for it.</source>
        <translation>没有计算网络：该配置没有可用于组网的网卡。</translation>
    </message>
    <message>
        <source>Export cluster PDF</source>
        <translation>导出集群 PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <source>Apply fix: %1</source>
        <translation>应用修正：%1</translation>
    </message>
    <message>
        <source>Command palette</source>
        <translation>命令面板</translation>
    </message>
    <message>
        <source>Type a command or a part…</source>
        <translation>输入命令或部件名称…</translation>
    </message>
    <message>
        <source>Enter: run / add to the first slot that takes it · Shift+Enter: select the part · Esc: close</source>
        <translation>回车：执行 / 放入第一个可用插槽 · Shift+回车：选中该部件 · Esc：关闭</translation>
    </message>
</context>
<context>
    <name>CompareCharts</name>
    <message>
        <source>Hardware price vs compute</source>
        <extracomment>one colour per build column (at most six), told apart in colour and in grey print the power stack&apos;s segments by category: distinct hues, the GPUs (most of the stack) in blue</extracomment>
        <translation>硬件价格与算力</translation>
    </message>
    <message>
        <source>Cost of ownership over time</source>
        <translation>拥有成本随时间变化</translation>
    </message>
    <message>
        <source>Power at full load by component</source>
        <translation>满载功耗（按部件）</translation>
    </message>
    <message>
        <source>dense BF16 PFLOPS</source>
        <translation>稠密 BF16 PFLOPS</translation>
    </message>
    <message>
        <source>thousand %s</source>
        <translation>千 %s</translation>
    </message>
    <message>
        <source>currencies differ: not plotted</source>
        <translation>货币不同，未绘制</translation>
    </message>
    <message>
        <source>Each build&apos;s list hardware price against its dense BF16 compute: lower right is more compute for the money</source>
        <translation>各配置的硬件标价与其稠密 BF16 算力:越靠右下,同样的钱买到的算力越多</translation>
    </message>
    <message>
        <source>years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>Power:</source>
        <translation>功耗:</translation>
    </message>
    <message>
        <source>kW (DC side)</source>
        <translation>kW（直流侧）</translation>
    </message>
</context>
<context>
    <name>CompareFiles</name>
    <message>
        <source>Export %s</source>
        <translation>导出 %s</translation>
    </message>
    <message>
        <source>Exported %s</source>
        <translation>已导出 %s</translation>
    </message>
    <message>
        <source>Apply a price list</source>
        <translation>应用价格表</translation>
    </message>
    <message>
        <source>Price list (*.csv);;All files (*)</source>
        <translation>价格表 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Price list</source>
        <translation>价格表</translation>
    </message>
    <message>
        <source>Price the comparison with your own price list (CSV, as in docs/catalog.md); the builds are not changed</source>
        <translation>用您自己的价格表（CSV，格式见 docs/catalog.md）为对比定价；配置本身不会被修改</translation>
    </message>
    <message>
        <source>For all builds…</source>
        <translation>用于所有配置…</translation>
    </message>
    <message>
        <source>For %s only…</source>
        <translation>仅用于 %s…</translation>
    </message>
    <message>
        <source>Back to catalog prices</source>
        <translation>恢复目录价格</translation>
    </message>
</context>
<context>
    <name>ComparePicker</name>
    <message>
        <source>Compare builds</source>
        <translation>对比配置</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Compare these builds (2 to %d):</source>
        <translation>对比以下配置（2 至 %d 个）：</translation>
    </message>
    <message>
        <source>Tick between %1 and %2 builds (%3 ticked).</source>
        <translation>请勾选 %1 至 %2 个配置（已勾选 %3 个）。</translation>
    </message>
</context>
<context>
    <name>CompareTable</name>
    <message>
        <source>baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>%1
Click to open this build in the builder</source>
        <translation>%1
点击在配置器中打开此配置</translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源:</translation>
    </message>
    <message>
        <source>Compared with %1: %2</source>
        <translation>与 %1 相比:%2</translation>
    </message>
    <message>
        <source>Best in this row</source>
        <translation>本行最优</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Compare builds — AI Server Configurator</source>
        <translation>对比配置 — AI 服务器配置器</translation>
    </message>
    <message>
        <source>Hide equal rows</source>
        <translation>隐藏相同的行</translation>
    </message>
    <message>
        <source>Evaluate every build with one build&apos;s workload, or each with its own</source>
        <translation>用某一个配置的工作负载评估所有配置,或各用各的</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基准:</translation>
    </message>
    <message>
        <source>Workload:</source>
        <translation>工作负载:</translation>
    </message>
    <message>
        <source>Site options</source>
        <translation>场地选项</translation>
    </message>
    <message>
        <source>Electricity price, PUE, years and currency for all builds or per build</source>
        <translation>电价、PUE、年限和货币:用于所有配置或单个配置</translation>
    </message>
    <message>
        <source>Type a value to apply it to every build (All builds) or to one build; empty cells keep the build&apos;s own value, shown in grey</source>
        <translation>输入数值可应用于所有配置（“所有配置”列）或单个配置；空白单元格沿用配置自身的值（灰色显示）</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>each build&apos;s own</source>
        <translation>各配置自身的</translation>
    </message>
    <message>
        <source>%s&apos;s, for every build</source>
        <translation>%s 的,用于所有配置</translation>
    </message>
    <message>
        <source>Fewer than two of the compared builds are open: close this view or compare again.</source>
        <translation>参与对比的配置中打开的已不足两个:请关闭此视图或重新对比。</translation>
    </message>
    <message>
        <source>The builds are priced in %s: money rows are not compared. Set one currency for all builds (Site options ▸ Currency).</source>
        <translation>各配置的计价货币不同（%s）：金额行不作比较。请为所有配置设置同一货币（场地选项 ▸ 货币）。</translation>
    </message>
    <message>
        <source>All columns in %1, converted at the shipped exchange rates: %2</source>
        <translation>所有列均以 %1 计，按随附汇率换算：%2</translation>
    </message>
</context>
<context>
    <name>CostPanel</name>
    <message>
        <source>Cost &amp; TCO</source>
        <extracomment>grid row -&gt; the `evaluate --json` figure it shows (click to explain)</extracomment>
        <translation>成本与 TCO</translation>
    </message>
    <message>
        <source>Energy per year</source>
        <translation>每年电费</translation>
    </message>
    <message>
        <source>Support per year</source>
        <translation>每年维保费</translation>
    </message>
    <message>
        <source>Total cost of ownership</source>
        <translation>总拥有成本 (TCO)</translation>
    </message>
    <message>
        <source>Per dense BF16 PFLOPS</source>
        <translation>每 PFLOPS（稠密 BF16）</translation>
    </message>
    <message>
        <source>Renting: per GPU-hour</source>
        <translation>租用：每 GPU 小时</translation>
    </message>
    <message>
        <source>Renting: per month</source>
        <translation>租用：每月</translation>
    </message>
    <message>
        <source>Owning breaks even</source>
        <translation>自购回本点</translation>
    </message>
    <message>
        <source>What the customer signs: hardware, support, discount, tax and shipping, as in the bill of materials and the PDF quote</source>
        <translation>客户签署的金额：硬件、维保、折扣、税费和运费，与物料清单和 PDF 报价单一致</translation>
    </message>
    <message>
        <source>Total cost of ownership ÷ dense BF16 PFLOPS</source>
        <translation>总拥有成本 ÷ 稠密 BF16 PFLOPS</translation>
    </message>
    <message>
        <source>Cumulative cost: owning vs renting</source>
        <translation>累计成本：自购与租用对比</translation>
    </message>
    <message>
        <source>{total} over {years} years · quote {quote}</source>
        <translation>{years} 年合计 {total} · 报价 {quote}</translation>
    </message>
    <message>
        <source>Energy per year ({kwh} kWh)</source>
        <translation>每年电费（{kwh} kWh）</translation>
    </message>
    <message>
        <source>Total cost of ownership ({years} years)</source>
        <translation>总拥有成本（{years} 年）</translation>
    </message>
    <message>
        <source>TCO per dense BF16 PFLOPS ({currency})</source>
        <translation>每稠密 BF16 PFLOPS 的 TCO（{currency}）</translation>
    </message>
    <message>
        <source>own (hardware + energy + support)</source>
        <translation>自购（硬件 + 电费 + 维保）</translation>
    </message>
    <message>
        <source>Quote total</source>
        <translation>报价总额</translation>
    </message>
    <message>
        <source>Hardware (list prices)</source>
        <translation>硬件（目录价）</translation>
    </message>
    <message>
        <source>rent the same GPUs</source>
        <translation>租用同等 GPU</translation>
    </message>
    <message>
        <source>months</source>
        <translation>月</translation>
    </message>
    <message>
        <source>No price for {parts}: left out of the totals</source>
        <translation>{parts} 无价格：未计入合计</translation>
    </message>
    <message>
        <source>no reference price</source>
        <translation>无参考价格</translation>
    </message>
    <message>
        <source>at month {m}</source>
        <translation>第 {m} 个月</translation>
    </message>
    <message>
        <source> ({years} years)</source>
        <translation>（{years} 年）</translation>
    </message>
    <message>
        <source>not within {years} years: renting is cheaper</source>
        <translation>{years} 年内无法回本：租用更便宜</translation>
    </message>
    <message>
        <source>break-even: month {m}</source>
        <translation>回本点：第 {m} 个月</translation>
    </message>
</context>
<context>
    <name>DocumentActions</name>
    <message>
        <source>Open or duplicate a second build to compare</source>
        <translation>请再打开或复制一个配置以进行对比</translation>
    </message>
    <message>
        <source>Too many builds open</source>
        <translation>打开的配置过多</translation>
    </message>
    <message>
        <source>Close a build first: at most %d are open in one window.</source>
        <translation>请先关闭一个配置:一个窗口最多打开 %d 个。</translation>
    </message>
    <message>
        <source>%s (variant)</source>
        <translation>%s（变体）</translation>
    </message>
    <message>
        <source>Duplicated as an unsaved variant: save it to keep it</source>
        <translation>已复制为未保存的变体:保存后才会保留</translation>
    </message>
    <message>
        <source>Save as variant</source>
        <translation>另存为变体</translation>
    </message>
    <message>
        <source>Cannot save variant</source>
        <translation>无法保存变体</translation>
    </message>
    <message>
        <source>%s is open in another tab; choose another name.</source>
        <translation>%s 已在另一个标签页中打开;请换一个名称。</translation>
    </message>
    <message>
        <source>Saved variant %s</source>
        <translation>已保存变体 %s</translation>
    </message>
    <message>
        <source>&amp;Duplicate build</source>
        <translation>复制配置(&amp;D)</translation>
    </message>
    <message>
        <source>An unsaved copy of this build in a new tab</source>
        <translation>在新标签页中创建此配置的未保存副本</translation>
    </message>
    <message>
        <source>Save as &amp;variant…</source>
        <translation>另存为变体(&amp;V)…</translation>
    </message>
    <message>
        <source>Save a copy under a new name and open it in a new tab</source>
        <translation>以新名称保存副本,并在新标签页中打开</translation>
    </message>
    <message>
        <source>&amp;Close build</source>
        <translation>关闭配置(&amp;C)</translation>
    </message>
    <message>
        <source>Next build</source>
        <translation>下一个配置</translation>
    </message>
    <message>
        <source>Previous build</source>
        <translation>上一个配置</translation>
    </message>
    <message>
        <source>Co&amp;mpare builds…</source>
        <translation>对比配置(&amp;M)…</translation>
    </message>
    <message>
        <source>2 to 6 open builds side by side, with deltas and charts</source>
        <translation>将 2 至 6 个已打开的配置并排对比,含差值与图表</translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <source>Untitled</source>
        <extracomment>the most builds a window keeps open (each holds an evaluator with its own bounded memos) the label of the `changed` the stand-in emits on a tab switch (views redraw as after Open) the name a build has until the user gives one (core/build.py Meta.name), shown translated</extracomment>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>ExplainDialog</name>
    <message>
        <source>How this figure is worked out</source>
        <translation>此数值的计算方法</translation>
    </message>
    <message>
        <source>{key} is not a figure of this build now (nothing placed that it counts).</source>
        <translation>{key} 目前不是此配置的数值（没有放置它所统计的部件）。</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>估计值</translation>
    </message>
    <message>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Click or press Enter to see how this figure is worked out</source>
        <translation>单击或按 Enter 查看此数值的计算方法</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to “%s” before closing it?</source>
        <translation>关闭前是否保存对“%s”的更改？</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Open build</source>
        <translation>打开配置</translation>
    </message>
    <message>
        <source>Cannot open build</source>
        <translation>无法打开配置</translation>
    </message>
    <message>
        <source>%s: not opened</source>
        <translation>%s：未打开</translation>
    </message>
    <message>
        <source>Opened %s</source>
        <translation>已打开 %s</translation>
    </message>
    <message>
        <source> (+%n more)</source>
        <translation> （另有 %n 项）</translation>
    </message>
    <message>
        <source>Save build as</source>
        <translation>配置另存为</translation>
    </message>
    <message>
        <source>Cannot save build</source>
        <translation>无法保存配置</translation>
    </message>
    <message>
        <source>%s is open in another tab; choose another name.</source>
        <translation>%s 已在另一个标签页中打开;请换一个名称。</translation>
    </message>
    <message>
        <source>Saved %s</source>
        <translation>已保存 %s</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Autosave failed: %s</source>
        <translation>自动保存失败：%s</translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <source>Unsaved changes to “%1” from %2 were recovered. Restore them?</source>
        <translation>已找回“%1”于 %2 的未保存更改。是否恢复？</translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <source>%1 is also open in another window (process %2): saving in both overwrites one with the other</source>
        <translation>%1 也在另一个窗口中打开（进程 %2）：两处都保存会互相覆盖</translation>
    </message>
    <message>
        <source>The build has %n error(s): fix them, or export it as a draft marked NOT VALID FOR ORDER.</source>
        <translation>配置有 %n 个错误：请修正，或导出为标注“不可用于下单”的草稿。</translation>
    </message>
    <message>
        <source>… and %n more: Show Details…</source>
        <translation>……另有 %n 条：见“显示详细信息…”</translation>
    </message>
    <message>
        <source>Export as draft</source>
        <translation>导出为草稿</translation>
    </message>
    <message>
        <source>Export %s</source>
        <translation>导出 %s</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <extracomment>error lines an export refusal shows in its text; the rest are under Show Details</extracomment>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>%s is the open build&apos;s own file; choose another name.</source>
        <translation>%s 是当前打开配置自身的文件，请换一个文件名。</translation>
    </message>
    <message>
        <source>Exported %s</source>
        <translation>已导出 %s</translation>
    </message>
    <message>
        <source>The build has errors</source>
        <translation>配置存在错误</translation>
    </message>
    <message>
        <source>The build has %n error(s), e.g. “%1”. Write the quote as a draft marked NOT VALID FOR ORDER?</source>
        <translation>配置有 %n 个错误，例如“%1”。是否将报价单写成标注“不可作为订单依据”的草稿？</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>文档(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Report a problem…</source>
        <translation>报告问题(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Licences…</source>
        <translation>许可证(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;About AI Server Configurator</source>
        <translation>关于 AI 服务器配置器(&amp;A)</translation>
    </message>
    <message>
        <source>The documentation is the README and the docs/ folder of the source distribution.</source>
        <translation>文档即源码发行包中的 README 和 docs/ 文件夹。</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>The version and platform below are copied to the clipboard; paste them into your report with the steps that show the problem and, if you can, the build file.</source>
        <translation>下面的版本和平台信息已复制到剪贴板；请把它们连同重现问题的步骤（如可能，再附上配置文件）粘贴到您的报告中。</translation>
    </message>
    <message>
        <source>Issue tracker: %1</source>
        <translation>问题跟踪：%1</translation>
    </message>
    <message>
        <source>Issue tracker (open it in a browser): %1</source>
        <translation>问题跟踪（请在浏览器中打开）：%1</translation>
    </message>
    <message>
        <source>Report a problem</source>
        <translation>报告问题</translation>
    </message>
    <message>
        <source>Configures AI training and inference servers, offline and vendor-neutral.</source>
        <translation>离线、不绑定厂商地配置 AI 训练和推理服务器。</translation>
    </message>
    <message>
        <source>Licence: %1. Built with Qt %2 (PySide6), used under the LGPL-3.0.</source>
        <translation>许可证：%1。基于 Qt %2（PySide6）构建，Qt 按 LGPL-3.0 使用。</translation>
    </message>
    <message>
        <source>About AI Server Configurator</source>
        <translation>关于 AI 服务器配置器</translation>
    </message>
    <message>
        <source>Licences…</source>
        <translation>许可证…</translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation>关于 Qt</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>not declared</source>
        <translation>未声明</translation>
    </message>
    <message>
        <source>the LICENSE file of the distribution</source>
        <translation>发行包中的 LICENSE 文件</translation>
    </message>
    <message>
        <source>AI Server Configurator is licensed under the %1 licence; its text is in %2.</source>
        <translation>AI 服务器配置器采用 %1 许可证；全文见 %2。</translation>
    </message>
    <message>
        <source>Qt and PySide6 are used under the GNU LGPL-3.0: they are loaded as shared libraries you can replace; their licence texts are in the PySide6 package (in the bundle: licenses/PySide6).</source>
        <translation>Qt 和 PySide6 按 GNU LGPL-3.0 使用：它们以可替换的共享库形式加载；其许可证全文见 PySide6 软件包（安装包中为 licenses/PySide6）。</translation>
    </message>
    <message>
        <source>Fonts: DejaVu (Bitstream Vera licence) and Droid Sans Fallback (Apache-2.0), see resources/fonts.</source>
        <translation>字体：DejaVu（Bitstream Vera 许可证）和 Droid Sans Fallback（Apache-2.0），见 resources/fonts。</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>许可证</translation>
    </message>
</context>
<context>
    <name>ImportReport</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>Network card</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>PSU</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>PCIe device</source>
        <translation>PCIe 设备</translation>
    </message>
    <message>
        <source>Fan</source>
        <translation>风扇</translation>
    </message>
    <message>
        <source>part number</source>
        <translation>部件号</translation>
    </message>
    <message>
        <source>model name</source>
        <translation>型号名称</translation>
    </message>
    <message>
        <source>figures</source>
        <translation>规格数据</translation>
    </message>
    <message>
        <source>Import report — %s</source>
        <translation>导入报告 — %s</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Catalog part</source>
        <translation>目录部件</translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation>匹配依据</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Reported as</source>
        <translation>服务器报告</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Map to a catalog part…</source>
        <translation>对应到目录部件…</translation>
    </message>
    <message>
        <source>Present, already installed</source>
        <translation>已在机内，已安装</translation>
    </message>
    <message>
        <source>The part is in the server and stays: it is not priced, and the build&apos;s notes record it</source>
        <translation>该部件在服务器中并保留：不计价，并记入配置备注</translation>
    </message>
    <message>
        <source>Mark them owned</source>
        <translation>标为客户自有</translation>
    </message>
    <message>
        <source>Every part of these kinds placed in the build and not yet owned becomes already installed: not priced</source>
        <translation>配置中已放置、尚未标为自有的此类部件均标为已安装：不计价</translation>
    </message>
    <message>
        <source>Copy notes</source>
        <translation>复制备注</translation>
    </message>
    <message>
        <source>Matched to the catalog (placed and marked owned):</source>
        <translation>已匹配到目录（已放置并标为客户自有）：</translation>
    </message>
    <message>
        <source>Not identified:</source>
        <translation>未识别：</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Mapped to %s (owned)</source>
        <translation>已对应为 %s（客户自有）</translation>
    </message>
    <message>
        <source>Mapped to %1 in %2 (owned)</source>
        <translation>已对应为 %1，位于 %2（客户自有）</translation>
    </message>
    <message>
        <source>Present, already installed (not priced)</source>
        <translation>已在机内，已安装（不计价）</translation>
    </message>
    <message>
        <source>Not identified</source>
        <translation>未识别</translation>
    </message>
    <message>
        <source>%1: %2 part(s) matched, %3 not identified, %4 still to answer.</source>
        <translation>%1：匹配 %2 个部件，%3 个未识别，%4 个待处理。</translation>
    </message>
    <message>
        <source>Not reported by this source: %s. If the server has them, place them by hand and mark them owned (this button, or right-click a slot ▸ Already installed), so the upgrade quote does not price them.</source>
        <translation>此来源未报告：%s。若服务器中已有，请手动放置并标为客户自有（点此按钮，或右键单击插槽 ▸ 已安装），升级报价便不会为其计价。</translation>
    </message>
    <message numerus="yes">
        <source>Mark %n part(s) as already installed</source>
        <translation>
            <numerusform>将 %n 个部件标为已安装</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot place %1: every slot that takes it is already in use</source>
        <translation>无法放置 %1：可容纳它的插槽均已占用</translation>
    </message>
    <message>
        <source>Map %1 to %2</source>
        <translation>将 %1 对应为 %2</translation>
    </message>
    <message>
        <source>Mark %s present</source>
        <translation>将 %s 标为已在机内</translation>
    </message>
</context>
<context>
    <name>ImportServerDialog</name>
    <message>
        <source>Import from server</source>
        <translation>从服务器导入</translation>
    </message>
    <message>
        <source>Verify against the server</source>
        <translation>对照服务器核验</translation>
    </message>
    <message>
        <source>Accept a self-signed certificate (do not verify TLS)</source>
        <translation>接受自签名证书（不验证 TLS）</translation>
    </message>
    <message>
        <source>Probe folder…</source>
        <translation>探测文件夹…</translation>
    </message>
    <message>
        <source>Probe JSON…</source>
        <translation>探测 JSON…</translation>
    </message>
    <message>
        <source>BMC address or probe</source>
        <translation>BMC 地址或探测数据</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户名</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>Probe folder</source>
        <translation>探测文件夹</translation>
    </message>
    <message>
        <source>Probe JSON file</source>
        <translation>探测 JSON 文件</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Enter the BMC&apos;s address or choose a probe folder.</source>
        <translation>请输入 BMC 地址或选择探测文件夹。</translation>
    </message>
    <message>
        <source>Reading %s …</source>
        <translation>正在读取 %s …</translation>
    </message>
    <message>
        <source>Imported %s: %d part(s) placed, %d note(s) in the build&apos;s notes</source>
        <translation>已导入 %s：放置了 %d 个部件，配置备注中有 %d 条说明</translation>
    </message>
</context>
<context>
    <name>LoadingWindow</name>
    <message>
        <source>Reading the catalogs…</source>
        <translation>正在读取目录…</translation>
    </message>
    <message>
        <source>The first start after a catalog changes builds its cache; later starts are quick.</source>
        <translation>目录更改后的首次启动会建立其缓存；之后的启动会很快。</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>File %1 of %2 · %3 parts so far</source>
        <translation>第 %1 个文件，共 %2 个 · 已读取 %3 个部件</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Components</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新建(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Place selected part</source>
        <translation>放置所选部件(&amp;P)</translation>
    </message>
    <message>
        <source>Put the palette&apos;s part into the first free slot that takes it</source>
        <translation>将部件面板中所选部件放入第一个可安装的空插槽</translation>
    </message>
    <message>
        <source>&amp;Remove from selected slots</source>
        <translation>从所选插槽移除(&amp;R)</translation>
    </message>
    <message>
        <source>C&amp;lear build</source>
        <translation>清空配置(&amp;L)</translation>
    </message>
    <message>
        <source>Change &amp;chassis…</source>
        <translation>更换机箱(&amp;C)…</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Export %s…</source>
        <translation>导出 %s…</translation>
    </message>
    <message>
        <source>Not placed</source>
        <translation>未放置</translation>
    </message>
    <message>
        <source>&amp;Command palette…</source>
        <translation>命令面板(&amp;C)…</translation>
    </message>
    <message>
        <source>Find any command or part by typing a few of its letters</source>
        <translation>输入几个字母即可查找任意命令或部件</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Put every panel back in its place for this window size</source>
        <translation>按当前窗口大小把所有面板放回默认位置</translation>
    </message>
    <message>
        <source>Exported %s</source>
        <translation>已导出 %s</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Import from server…</source>
        <translation>从服务器导入(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Verify against the server…</source>
        <translation>对照服务器核验(&amp;V)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Export &amp;tender pack (招标/投标)…</source>
        <translation>导出投标文件（招标/投标）(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Upgrade plan…</source>
        <translation>升级方案(&amp;U)…</translation>
    </message>
    <message>
        <source>C&amp;luster plan…</source>
        <translation>集群规划(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Acceptance test…</source>
        <translation>验收测试(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Software stack…</source>
        <translation>软件栈(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Recommend a build…</source>
        <translation>推荐配置(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Quotes…</source>
        <translation>报价(&amp;Q)…</translation>
    </message>
    <message>
        <source>&amp;Undo %s</source>
        <translation>撤销 %s(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %s</source>
        <translation>重做 %s(&amp;R)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%s[*] — AI Server Configurator</source>
        <translation>%s[*] — AI 服务器配置器</translation>
    </message>
    <message>
        <source>every slot that takes it is already in use</source>
        <translation>所有可安装它的插槽都已占用</translation>
    </message>
    <message>
        <source>Cannot place %1: %2</source>
        <translation>无法放置 %1：%2</translation>
    </message>
    <message>
        <source>Undone: %s</source>
        <translation>已撤销：%s</translation>
    </message>
    <message>
        <source>Redone: %s</source>
        <translation>已重做：%s</translation>
    </message>
    <message>
        <source>Change chassis</source>
        <translation>更换机箱</translation>
    </message>
    <message>
        <source>Change chassis to %s</source>
        <translation>将机箱更换为 %s</translation>
    </message>
    <message>
        <source>Cannot open build</source>
        <extracomment>the names Qt gave the settings file before it had its own: the launchers&apos; file names</extracomment>
        <translation>无法打开配置</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language changes when the app is started again.</source>
        <translation>语言将在重新启动程序后生效。</translation>
    </message>
</context>
<context>
    <name>NotPlacedTray</name>
    <message>
        <source>%1 (was in %2): %3</source>
        <translation>%1（原在 %2）：%3</translation>
    </message>
    <message>
        <source>%1 — drag it onto a slot, or double-click to place it in the first free slot that takes it.</source>
        <translation>%1 — 拖到插槽上，或双击放入第一个能容纳它的空闲插槽。</translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) have no place in this chassis: see Not placed</source>
        <translation>
            <numerusform>%n 个部件在此机箱中没有位置：见“未放置”</numerusform>
        </translation>
    </message>
    <message>
        <source>No free slot takes %s</source>
        <translation>没有空闲插槽能容纳 %s</translation>
    </message>
    <message>
        <source>Place %1 in %2</source>
        <translation>将 %1 放入 %2</translation>
    </message>
    <message>
        <source>Placed %1 in %2</source>
        <translation>已将 %1 放入 %2</translation>
    </message>
    <message>
        <source>Remove %s from Not placed</source>
        <translation>从“未放置”中移除 %s</translation>
    </message>
    <message>
        <source>Place in the first free slot</source>
        <translation>放入第一个空闲插槽</translation>
    </message>
    <message>
        <source>Remove from the build</source>
        <translation>从配置中移除</translation>
    </message>
</context>
<context>
    <name>OptionsGrid</name>
    <message>
        <source>not a three-letter currency code: %s</source>
        <translation>不是三个字母的货币代码:%s</translation>
    </message>
    <message>
        <source>not a number: %s</source>
        <translation>不是数字:%s</translation>
    </message>
    <message>
        <source>not a price: %s</source>
        <translation>不是有效价格:%s</translation>
    </message>
    <message>
        <source>not a whole number: %s</source>
        <translation>不是整数:%s</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Electricity per kWh</source>
        <translation>每千瓦时电价</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Years of ownership</source>
        <translation>拥有年限</translation>
    </message>
    <message>
        <source>Utilization %</source>
        <translation>利用率 %</translation>
    </message>
    <message>
        <source>All builds</source>
        <translation>所有配置</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>Search parts…  (name, vendor, 80 GB, 400G …)</source>
        <translation>搜索部件…（名称、厂商、80 GB、400G …）</translation>
    </message>
    <message>
        <source>Fits this chassis</source>
        <translation>适配此机箱</translation>
    </message>
    <message>
        <source>All vendors</source>
        <translation>全部厂商</translation>
    </message>
    <message>
        <source>All form factors</source>
        <translation>全部外形规格</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>不适配</translation>
    </message>
    <message>
        <source>%1  (%2 of %3)</source>
        <translation>%1  （%2 / %3）</translation>
    </message>
    <message>
        <source>Source: {link} ({kind}, {date})</source>
        <translation>来源：{link}（{kind}，{date}）</translation>
    </message>
    <message>
        <source>+{n} more sources (in the catalog file)</source>
        <translation>另有 {n} 个来源（见目录文件）</translation>
    </message>
    <message>
        <source>list price</source>
        <translation>目录价</translation>
    </message>
    <message>
        <source>Price: {kind} ({date})</source>
        <translation>价格：{kind}（{date}）</translation>
    </message>
</context>
<context>
    <name>PartChooser</name>
    <message>
        <source>Map to a catalog part</source>
        <translation>对应到目录部件</translation>
    </message>
    <message>
        <source>Type to filter</source>
        <translation>输入以筛选</translation>
    </message>
    <message>
        <source>The server reports: %s</source>
        <translation>服务器报告：%s</translation>
    </message>
</context>
<context>
    <name>PartsList</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>小计</translation>
    </message>
    <message>
        <source>on request</source>
        <translation>询价</translation>
    </message>
    <message>
        <source>Use %s instead</source>
        <translation>改用 %s</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>小计</translation>
    </message>
    <message>
        <source>Discount (%s)</source>
        <translation>折扣（%s）</translation>
    </message>
    <message>
        <source>Included tax / VAT (%s)</source>
        <translation>已含税 / 增值税（%s）</translation>
    </message>
    <message>
        <source>Tax / VAT (%s)</source>
        <translation>税 / 增值税（%s）</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>运费</translation>
    </message>
    <message>
        <source>Total (%s, incl. tax)</source>
        <translation>总计（%s，含税）</translation>
    </message>
    <message>
        <source>Total (%s, excl. tax)</source>
        <translation>总计（%s，不含税）</translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) on request, not in the total</source>
        <translation>
            <numerusform>%n 个部件需询价，未计入总计</numerusform>
        </translation>
    </message>
    <message>
        <source>No price in the price list</source>
        <translation>价目表中无此价格</translation>
    </message>
</context>
<context>
    <name>PowerPanel</name>
    <message>
        <source>GPUs</source>
        <extracomment>bar order, top to bottom; categories not listed follow in the order they appear</extracomment>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU baseboard</source>
        <translation>GPU 基板</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>Fans / pumps</source>
        <translation>风扇 / 水泵</translation>
    </message>
    <message>
        <source>Board, BMC, switches</source>
        <translation>主板、BMC、交换芯片</translation>
    </message>
    <message>
        <source>no PSU installed</source>
        <translation>未安装电源</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Typical (training)</source>
        <translation>典型（训练）</translation>
    </message>
    <message>
        <source>Max (all parts at TDP)</source>
        <translation>最大（全部部件满 TDP）</translation>
    </message>
    <message>
        <source>Transient peak</source>
        <translation>瞬时峰值</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>of usable PSU capacity</source>
        <translation>占可用电源容量</translation>
    </message>
    <message>
        <source>Power by component (kW, DC side)</source>
        <translation>各部件功耗（kW，直流侧）</translation>
    </message>
    <message>
        <source>At the wall: {idle} idle · {typ} typical · {mx} max (PSUs {ei} / {et} / {em} % efficient)</source>
        <translation>墙插功率：空闲 {idle} · 典型 {typ} · 最大 {mx}（电源效率 {ei} / {et} / {em} %）</translation>
    </message>
    <message>
        <source>typical</source>
        <translation>典型</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <source>est. {mx} max / {usable} usable ({headroom} headroom)</source>
        <translation>估计最大 {mx} / 可用 {usable}（余量 {headroom}）</translation>
    </message>
    <message>
        <source>est. {mx} max / no usable PSU capacity</source>
        <translation>估计最大 {mx} / 无可用电源容量</translation>
    </message>
    <message>
        <source>{n} × {name} installed: no output at the site&apos;s input voltage</source>
        <translation>已安装 {n} × {name}：在现场输入电压下无输出</translation>
    </message>
    <message>
        <source>{n} × {w} installed; {mode} needs more</source>
        <translation>已装 {n} × {w}；{mode} 需要更多</translation>
    </message>
    <message>
        <source>Feed {feed}: {n} × PSU = {cap}</source>
        <translation>供电路 {feed}：{n} × 电源 = {cap}</translation>
    </message>
    <message>
        <source>{pct} at peak if {other} fails</source>
        <translation>{other} 故障时峰值负载 {pct}</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>%1 File</source>
        <comment>%1 is a file name suffix, for example txt</comment>
        <translation>%1 文件</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QuoteDialog</name>
    <message>
        <source>Customer company</source>
        <extracomment>(dotted build path, label, widget kind) in the dialog&apos;s order, per tab</extracomment>
        <translation>客户公司</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>联系人</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>电子邮件</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>电话</translation>
    </message>
    <message>
        <source>Bill-to address</source>
        <translation>开票地址</translation>
    </message>
    <message>
        <source>Ship-to address</source>
        <translation>收货地址</translation>
    </message>
    <message>
        <source>Customer PO / deal id</source>
        <translation>客户订单号 / 商机编号</translation>
    </message>
    <message>
        <source>Customer tax id</source>
        <translation>客户纳税人识别号</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>项目名称</translation>
    </message>
    <message>
        <source>Notes on the quote</source>
        <translation>报价单备注</translation>
    </message>
    <message>
        <source>Discount %</source>
        <translation>折扣 %</translation>
    </message>
    <message>
        <source>Tax / VAT %</source>
        <translation>税率（增值税）%</translation>
    </message>
    <message>
        <source>Prices include tax</source>
        <translation>价格含税</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>运费</translation>
    </message>
    <message>
        <source>Tax charged on shipping</source>
        <translation>运费计税</translation>
    </message>
    <message>
        <source>Payment terms</source>
        <translation>付款方式</translation>
    </message>
    <message>
        <source>Delivery terms (Incoterms)</source>
        <translation>交货方式（国际贸易术语）</translation>
    </message>
    <message>
        <source>Lead time</source>
        <translation>交货期</translation>
    </message>
    <message>
        <source>Valid for (days)</source>
        <translation>有效期（天）</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Quote details</source>
        <extracomment>the money inputs a currency switch converts (core/currency.py `currency_ops`), by their kind</extracomment>
        <translation>报价详情</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Quote language</source>
        <translation>报价单语言</translation>
    </message>
    <message>
        <source>Invoice type (China)</source>
        <translation>发票类型（中国）</translation>
    </message>
    <message>
        <source>Terms</source>
        <translation>条款</translation>
    </message>
    <message>
        <source>Customer copy</source>
        <translation>客户版本</translation>
    </message>
    <message>
        <source>Internal copy (with sources and estimates)</source>
        <translation>内部版本（含数据来源与估计值）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Vendor profile…</source>
        <translation>报价单位资料…</translation>
    </message>
    <message>
        <source>incl. tax</source>
        <translation>含税</translation>
    </message>
    <message>
        <source>excl. tax</source>
        <translation>不含税</translation>
    </message>
    <message>
        <source>Quote total %1 (%2) · subtotal %3 · discount %4 · tax %5 · shipping %6</source>
        <translation>报价合计 %1（%2）· 小计 %3 · 折扣 %4 · 税 %5 · 运费 %6</translation>
    </message>
    <message>
        <source>Quote number</source>
        <translation>报价编号</translation>
    </message>
</context>
<context>
    <name>QuotesDialog</name>
    <message>
        <source>Quotes</source>
        <extracomment>how often a seat cut from its server tries it again (and the sync line&apos;s &quot;… ago&quot; is redrawn)</extracomment>
        <translation>报价</translation>
    </message>
    <message>
        <source>All statuses</source>
        <extracomment>a seat on PostgreSQL (with its local copy); None on SQLite the LISTEN connection while the seat&apos;s server is reachable how many notifications made the view read the list (tests check they, not polling, did)</extracomment>
        <translation>全部状态</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Mine only</source>
        <translation>仅我的</translation>
    </message>
    <message>
        <source>Quote this build</source>
        <translation>为此配置报价</translation>
    </message>
    <message>
        <source>Re-price from this build</source>
        <translation>按此配置重新定价</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>审批通过</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>退回</translation>
    </message>
    <message>
        <source>Issue</source>
        <translation>发出</translation>
    </message>
    <message>
        <source>Revise</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Save issued PDF…</source>
        <translation>保存已发出的 PDF…</translation>
    </message>
    <message>
        <source>No store: {reason}</source>
        <translation>没有存储：{reason}</translation>
    </message>
    <message>
        <source>Offline: {url} cannot be reached. New drafts are kept on this computer and sent when it answers; numbers and approvals wait for it.</source>
        <translation>离线：无法连接 {url}。新草稿保存在本机，服务器响应后发送；编号和审批需等待服务器。</translation>
    </message>
    <message>
        <source>Store: {url} ({engine}) · you: {user}</source>
        <translation>存储：{url}（{engine}）· 当前用户：{user}</translation>
    </message>
    <message>
        <source>price lists synced {ago}</source>
        <translation>价格表同步于{ago}</translation>
    </message>
    <message>
        <source>price lists not synced yet</source>
        <translation>价格表尚未同步</translation>
    </message>
    <message numerus="yes">
        <source>%n quote(s) waiting to sync</source>
        <translation>
            <numerusform>%n 份报价待同步</numerusform>
        </translation>
    </message>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n 分钟前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n 小时前</numerusform>
        </translation>
    </message>
    <message>
        <source>on {date}</source>
        <translation>{date}</translation>
    </message>
    <message numerus="yes">
        <source>%n draft(s) made offline sent to the server</source>
        <translation>
            <numerusform>已将 %n 份离线草稿发送到服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>A draft made offline was refused by the server: {reason}</source>
        <translation>服务器拒绝了一份离线创建的草稿：{reason}</translation>
    </message>
    <message>
        <source>Last refreshed {time}</source>
        <translation>上次刷新 {time}</translation>
    </message>
    <message>
        <source>(draft)</source>
        <translation>（草稿）</translation>
    </message>
    <message>
        <source>(draft, waiting to sync)</source>
        <translation>（草稿，待同步）</translation>
    </message>
    <message>
        <source>{number}: {status}</source>
        <translation>{number}：{status}</translation>
    </message>
    <message>
        <source>Save issued PDF</source>
        <translation>保存已发出的 PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>QuotesView</name>
    <message>
        <source>Number</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Rev.</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>负责人</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总价</translation>
    </message>
    <message>
        <source>Discount</source>
        <translation>折扣</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>draft</source>
        <translation>草稿</translation>
    </message>
    <message>
        <source>submitted</source>
        <translation>已提交</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>已审批</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已退回</translation>
    </message>
    <message>
        <source>issued</source>
        <translation>已发出</translation>
    </message>
    <message>
        <source>won</source>
        <translation>赢单</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>丢单</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
</context>
<context>
    <name>RecommendDialog</name>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Time / rate</source>
        <translation>时间 / 速率</translation>
    </message>
    <message>
        <source>Why and what binds</source>
        <translation>原因与约束</translation>
    </message>
    <message>
        <source>Recommend a build</source>
        <translation>推荐配置</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open as build</source>
        <translation>作为配置打开</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>0: none; 1: optimizer states sharded over the GPUs; 2: and gradients; 3: and weights</source>
        <translation>0：不分片；1：优化器状态分片到各 GPU；2：再加梯度；3：再加权重</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Air or liquid</source>
        <translation>风冷或液冷</translation>
    </message>
    <message>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>Lowest price</source>
        <translation>价格最低</translation>
    </message>
    <message>
        <source>Lowest TCO</source>
        <translation>总拥有成本最低</translation>
    </message>
    <message>
        <source>Fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>Lowest cost per million tokens</source>
        <translation>每百万 token 成本最低</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Deadline (days)</source>
        <translation>工期（天）</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Serving target (tokens/s)</source>
        <translation>服务目标（token/秒）</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Max kW per server</source>
        <translation>每台服务器最大 kW</translation>
    </message>
    <message>
        <source>Max rack units</source>
        <translation>最大机架单元</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>Site ambient (°C)</source>
        <translation>机房环境温度（°C）</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Max servers</source>
        <translation>最多服务器数</translation>
    </message>
    <message>
        <source>Recommend</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>mixed (16-bit weights, FP32 master copy)</source>
        <translation>混合精度（16 位权重，FP32 主副本）</translation>
    </message>
    <message>
        <source>Training tokens: not a number</source>
        <translation>训练 token 数：不是数字</translation>
    </message>
    <message>
        <source>Budget: not a number</source>
        <translation>预算：不是数字</translation>
    </message>
    <message>
        <source>Preparing the search…</source>
        <translation>正在准备搜索…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Searching: block %1 of %2</source>
        <translation>正在搜索：第 %1 块，共 %2 块</translation>
    </message>
    <message>
        <source>Search cancelled; the result shown is the previous one.</source>
        <translation>已取消搜索；显示的是上一次的结果。</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>已取消搜索。</translation>
    </message>
    <message>
        <source>Price (%s)</source>
        <translation>价格（%s）</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>%s days</source>
        <translation>%s 天</translation>
    </message>
    <message>
        <source>%s tokens/s</source>
        <translation>每秒 %s 个 token</translation>
    </message>
    <message>
        <source>%s valid servers, %s scored, %s s</source>
        <translation>%s 个有效服务器，评估 %s 个，%s 秒</translation>
    </message>
    <message>
        <source>%s × %s; %s %s; peak %s W per server; %s warning(s).</source>
        <translation>%s × %s；%s %s；每台服务器峰值 %s W；%s 个警告。</translation>
    </message>
    <message>
        <source>Open recommended build</source>
        <translation>打开推荐配置</translation>
    </message>
</context>
<context>
    <name>SiteOptionsPanel</name>
    <message>
        <source>Site &amp; options</source>
        <translation>机房与选项</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>PSU redundancy</source>
        <translation>电源冗余</translation>
    </message>
    <message>
        <source>Input voltage</source>
        <translation>输入电压</translation>
    </message>
    <message>
        <source>Part of a multi-node training cluster</source>
        <translation>属于多节点训练集群</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>机房</translation>
    </message>
    <message>
        <source>Ambient (inlet) temperature</source>
        <translation>环境（进风）温度</translation>
    </message>
    <message>
        <source>Altitude</source>
        <translation>海拔</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source> per kWh</source>
        <translation> / kWh</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source>TCO period</source>
        <translation>TCO 周期</translation>
    </message>
    <message>
        <source> % of hardware / year</source>
        <translation> % 硬件价 / 年</translation>
    </message>
    <message>
        <source>Support</source>
        <translation>维保</translation>
    </message>
    <message>
        <source> per GPU-hour</source>
        <translation> / GPU 小时</translation>
    </message>
    <message>
        <source>GPU&apos;s reference cloud price</source>
        <translation>GPU 的云上参考价</translation>
    </message>
    <message>
        <source>Rent price</source>
        <translation>租用价格</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Not applied: {msg}</source>
        <translation>未应用：{msg}</translation>
    </message>
    <message>
        <source>Chassis default ({mode})</source>
        <translation>机箱默认（{mode}）</translation>
    </message>
    <message>
        <source>Chassis default</source>
        <translation>机箱默认</translation>
    </message>
    <message>
        <source>{mode} (not offered by this chassis)</source>
        <translation>{mode}（此机箱不支持）</translation>
    </message>
    <message>
        <source> {cur} per kWh</source>
        <translation> {cur} / kWh</translation>
    </message>
    <message>
        <source> {cur} per GPU-hour</source>
        <translation> {cur} / GPU 小时</translation>
    </message>
</context>
<context>
    <name>StackDialog</name>
    <message>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
</context>
<context>
    <name>StackView</name>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Why it does not fit</source>
        <translation>不适用的原因</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
    <message>
        <source>Compare with a server…</source>
        <translation>与服务器对比…</translation>
    </message>
    <message>
        <source>Pinned stack</source>
        <translation>锁定的软件栈</translation>
    </message>
    <message>
        <source>Candidates that do not fit</source>
        <translation>不适用的候选</translation>
    </message>
    <message>
        <source>Against an imported server</source>
        <translation>与导入的服务器对比</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Cannot read the server</source>
        <translation>无法读取服务器数据</translation>
    </message>
    <message>
        <source>Probe file of the server</source>
        <translation>服务器的探测文件</translation>
    </message>
    <message>
        <source>Probe file (*.json)</source>
        <translation>探测文件 (*.json)</translation>
    </message>
</context>
<context>
    <name>StatusSummary</name>
    <message>
        <source>no GPUs</source>
        <translation>无 GPU</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message>
        <source>%s kW max</source>
        <translation>最大 %s kW</translation>
    </message>
    <message>
        <source>no problems</source>
        <translation>无问题</translation>
    </message>
</context>
<context>
    <name>TenderExport</name>
    <message>
        <source>Tender requirements</source>
        <translation>招标技术要求</translation>
    </message>
    <message>
        <source>Tender requirements (*.toml)</source>
        <translation>招标技术要求 (*.toml)</translation>
    </message>
    <message>
        <source>Export tender pack</source>
        <translation>导出投标文件</translation>
    </message>
    <message>
        <source>PDF (*.pdf);;Excel workbook (*.xlsx)</source>
        <translation>PDF (*.pdf);;Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>ThermalPanel</name>
    <message>
        <source>Thermal</source>
        <extracomment>grid row -&gt; the `evaluate --json` figure it shows (click to explain)</extracomment>
        <translation>散热</translation>
    </message>
    <message>
        <source>Heat (typical / max)</source>
        <translation>发热（典型 / 最大）</translation>
    </message>
    <message>
        <source>Heat, BTU/h (typical / max)</source>
        <translation>发热 BTU/h（典型 / 最大）</translation>
    </message>
    <message>
        <source>Cooling tons at max</source>
        <translation>最大时制冷量（冷吨）</translation>
    </message>
    <message>
        <source>Airflow needed at max</source>
        <translation>最大时所需风量</translation>
    </message>
    <message>
        <source>Chassis fans deliver</source>
        <translation>机箱风扇风量</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <source>Derated capacity</source>
        <translation>降额后散热能力</translation>
    </message>
    <message>
        <source>Ambient / altitude derate</source>
        <translation>环境温度 / 海拔降额</translation>
    </message>
    <message>
        <source>Max GPU TDP supported</source>
        <translation>支持的最大 GPU TDP</translation>
    </message>
    <message>
        <source>Max CPU TDP supported</source>
        <translation>支持的最大 CPU TDP</translation>
    </message>
    <message>
        <source>{heat} heat / {cap} cooling ({pct} load)</source>
        <translation>发热 {heat} / 散热能力 {cap}（负载 {pct}）</translation>
    </message>
    <message>
        <source>{heat} heat / no supported cooling option</source>
        <translation>发热 {heat} / 无受支持的散热方案</translation>
    </message>
    <message>
        <source>Max heat against derated cooling capacity (tick = 100 %)</source>
        <translation>最大发热与降额散热能力之比（刻度线 = 100 %）</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>none placed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>× {f} of rated capacity</source>
        <translation>额定能力 × {f}</translation>
    </message>
    <message>
        <source>All wall power becomes heat; 1 kW ≈ 3,412 BTU/h, 12,000 BTU/h = 1 ton.</source>
        <translation>墙插功耗全部转为热量；1 kW ≈ 3,412 BTU/h，12,000 BTU/h = 1 冷吨。</translation>
    </message>
    <message>
        <source>{cfm} at ΔT {dc} °C ({df} °F)</source>
        <translation>{cfm}（ΔT {dc} °C / {df} °F）</translation>
    </message>
    <message>
        <source>{cfm} ({gap} short)</source>
        <translation>{cfm}（缺口 {gap}）</translation>
    </message>
</context>
<context>
    <name>UpgradeDialog</name>
    <message>
        <source>Upgrade plan</source>
        <translation>升级方案</translation>
    </message>
</context>
<context>
    <name>UpgradeView</name>
    <message>
        <source>Power, idle</source>
        <extracomment>(delta name, label, unit) in the order the table lists them</extracomment>
        <translation>功耗，空闲</translation>
    </message>
    <message>
        <source>Power, typical</source>
        <translation>功耗，典型</translation>
    </message>
    <message>
        <source>Power, max</source>
        <translation>功耗，最大</translation>
    </message>
    <message>
        <source>At the wall, idle</source>
        <translation>墙插功率，空闲</translation>
    </message>
    <message>
        <source>At the wall, typical</source>
        <translation>墙插功率，典型</translation>
    </message>
    <message>
        <source>At the wall, max</source>
        <translation>墙插功率，最大</translation>
    </message>
    <message>
        <source>Heat, max</source>
        <translation>发热，最大</translation>
    </message>
    <message>
        <source>Heat, max, in BTU/h</source>
        <translation>发热，最大（BTU/h）</translation>
    </message>
    <message>
        <source>Airflow needed</source>
        <translation>所需风量</translation>
    </message>
    <message>
        <source>PSUs installed</source>
        <translation>已装电源</translation>
    </message>
    <message>
        <source>PSU load, typical</source>
        <translation>电源负载，典型</translation>
    </message>
    <message>
        <source>PSU load at peak</source>
        <translation>电源峰值负载</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>移位</translation>
    </message>
    <message>
        <source>Compare with a build file…</source>
        <translation>与配置文件比较…</translation>
    </message>
    <message>
        <source>Compare with the owned parts</source>
        <translation>与已有部件比较</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Slot</source>
        <translation>插槽</translation>
    </message>
    <message>
        <source>Owned</source>
        <translation>已有</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>升级前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>升级后</translation>
    </message>
    <message>
        <source>The server as it is now</source>
        <translation>服务器当前配置</translation>
    </message>
    <message>
        <source>Configurator build (*.json)</source>
        <translation>配置文件 (*.json)</translation>
    </message>
    <message>
        <source>Before: %s</source>
        <translation>升级前：%s</translation>
    </message>
    <message>
        <source>Before: the parts the server had when it was imported (owned).</source>
        <translation>升级前：导入时服务器已有的部件（已有）。</translation>
    </message>
    <message>
        <source>This build owns no parts, so it is a new server, not an upgrade. Import the server (File ▸ Import from server…) or compare with a build file.</source>
        <translation>该配置没有已有部件，是一台新服务器而非升级。请导入服务器（文件 ▸ 从服务器导入…）或与配置文件比较。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No parts change.</source>
        <translation>没有部件变化。</translation>
    </message>
    <message>
        <source>PSUs: %1 → %2</source>
        <translation>电源：%1 → %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>New problems: %s</source>
        <translation>新问题：%s</translation>
    </message>
    <message>
        <source>Resolved: %s</source>
        <translation>已解决：%s</translation>
    </message>
    <message>
        <source>no redundancy</source>
        <translation>无冗余</translation>
    </message>
    <message>
        <source>holds (%s %% of the remaining feeds)</source>
        <translation>可承受（剩余供电路的 %s %%）</translation>
    </message>
    <message>
        <source>OVERLOADED (%s %% of the remaining feeds)</source>
        <translation>过载（剩余供电路的 %s %%）</translation>
    </message>
    <message>
        <source>Losing one feed after the upgrade: %s</source>
        <translation>升级后失去一路供电：%s</translation>
    </message>
    <message>
        <source>New parts %1 · upgrade total %2 (only new parts are priced)</source>
        <translation>新部件 %1 · 升级合计 %2（仅对新部件计价）</translation>
    </message>
    <message>
        <source>Removed: %s</source>
        <translation>移除：%s</translation>
    </message>
    <message>
        <source>Trade-in %1 · net %2</source>
        <translation>折价回收 %1 · 净额 %2</translation>
    </message>
    <message>
        <source>On request: %s</source>
        <translation>询价：%s</translation>
    </message>
</context>
<context>
    <name>VendorDialog</name>
    <message>
        <source>Company</source>
        <translation>公司名称</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>联系人</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>电子邮件</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>电话</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>网站</translation>
    </message>
    <message>
        <source>Tax id</source>
        <translation>纳税人识别号</translation>
    </message>
    <message>
        <source>Bank and account</source>
        <translation>开户行及账号</translation>
    </message>
    <message>
        <source>Logo image file</source>
        <translation>标志图片文件</translation>
    </message>
    <message>
        <source>Quote number prefix</source>
        <translation>报价编号前缀</translation>
    </message>
    <message>
        <source>Money/date locale</source>
        <translation>金额/日期区域设置</translation>
    </message>
    <message>
        <source>Payment terms</source>
        <translation>付款方式</translation>
    </message>
    <message>
        <source>Lead time</source>
        <translation>交货期</translation>
    </message>
    <message>
        <source>Warranty</source>
        <translation>质保</translation>
    </message>
    <message>
        <source>Terms (replace the default)</source>
        <translation>条款（替换默认条款）</translation>
    </message>
    <message>
        <source>Vendor profile</source>
        <translation>报价单位资料</translation>
    </message>
</context>
<context>
    <name>VerifyPanel</name>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>Network cards</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>PSUs</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Fans</source>
        <translation>风扇</translation>
    </message>
    <message>
        <source>PCIe devices</source>
        <translation>PCIe 设备</translation>
    </message>
    <message>
        <source>Not verified yet: File ▸ Verify against the server…</source>
        <translation>尚未核验：文件 ▸ 对照服务器核验…</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>What the server reports</source>
        <translation>服务器报告的情况</translation>
    </message>
    <message>
        <source>Verify again…</source>
        <translation>重新核验…</translation>
    </message>
    <message>
        <source>%1: all parts match the build.</source>
        <translation>%1：所有部件与配置一致。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n difference(s) from the build.</source>
        <translation>
            <numerusform>%1：与配置有 %n 处差异。</numerusform>
        </translation>
    </message>
    <message>
        <source>DIFF</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>not seen</source>
        <translation>未检测</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>%2: %1 (build %3, server %4)</source>
        <translation>%2：%1（配置 %3，服务器 %4）</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>Verified: all parts match</source>
        <translation>已核验：所有部件一致</translation>
    </message>
    <message>
        <source>Verified: %n difference(s)</source>
        <translation>已核验：%n 处差异</translation>
    </message>
</context>
<context>
    <name>ViolationsPanel</name>
    <message>
        <source>Problem and how to fix it</source>
        <translation>问题及修复方法</translation>
    </message>
    <message>
        <source>Apply fix</source>
        <translation>应用修复</translation>
    </message>
    <message>
        <source>No problems found by the checks.</source>
        <translation>检查未发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n 条提示</numerusform>
        </translation>
    </message>
    <message>
        <source>(checks are not exhaustive)</source>
        <translation>（检查并非详尽无遗）</translation>
    </message>
    <message>
        <source>Fix: %s</source>
        <translation>修复：%s</translation>
    </message>
    <message>
        <source>The fix could not be applied: %s</source>
        <translation>无法应用修复：%s</translation>
    </message>
    <message>
        <source>Applied: %s</source>
        <translation>已应用：%s</translation>
    </message>
    <message>
        <source>Tab goes to Apply fix: %s</source>
        <translation>按 Tab 键转到“应用修复”：%s</translation>
    </message>
</context>
<context>
    <name>WorkloadEditor</name>
    <message>
        <source>Model</source>
        <extracomment>ModelShape integer fields the &quot;Custom&quot; shape edits, with their spinbox ranges the shape &quot;Custom&quot; starts from when there is no workload yet (a Llama-3-8B-like model) pixels a spinbox needs beyond its text: frame, margins and the up/down buttons</extracomment>
        <translation>模型</translation>
    </message>
    <message>
        <source>None (no workload)</source>
        <translation>无（不设工作负载）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Active experts</source>
        <translation>激活专家数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>default ({pct} %)</source>
        <translation>默认（{pct} %）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>mixed (16-bit weights, FP32 master copy)</source>
        <translation>混合精度（16 位权重，FP32 主副本）</translation>
    </message>
    <message>
        <source>fused (DeepSpeed, Megatron, PyTorch fused=True)</source>
        <translation>融合实现（DeepSpeed、Megatron、PyTorch fused=True）</translation>
    </message>
    <message>
        <source>foreach (PyTorch&apos;s default: step temporaries)</source>
        <translation>foreach（PyTorch 默认：步进临时张量）</translation>
    </message>
    <message>
        <source>fp32 gradients (18 B/param)</source>
        <translation>fp32 梯度（18 字节/参数）</translation>
    </message>
    <message>
        <source>Megatron and DeepSpeed keep the gradients in fp32 for accumulation: 18 bytes per parameter instead of 16</source>
        <translation>Megatron 与 DeepSpeed 以 fp32 保存梯度用于累加：每参数 18 字节，而非 16 字节</translation>
    </message>
    <message>
        <source>20 × params</source>
        <translation>20 × 参数量</translation>
    </message>
    <message>
        <source>Training tokens; the lowest value means 20 tokens per parameter (Chinchilla-optimal)</source>
        <translation>训练词元数；最小值表示每个参数 20 个词元（Chinchilla 最优）</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点（重计算）</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> B 词元</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Optimizer implementation</source>
        <translation>优化器实现</translation>
    </message>
    <message>
        <source>Micro-batch per GPU</source>
        <translation>每 GPU 微批大小</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练词元数</translation>
    </message>
    <message>
        <source>whole batch at once</source>
        <translation>整批一次完成</translation>
    </message>
    <message>
        <source>Tokens a serving engine runs per step (vLLM max_num_batched_tokens, TensorRT-LLM max_num_tokens): chunked prefill caps the prefill memory</source>
        <translation>推理引擎每步处理的词元数（vLLM max_num_batched_tokens、TensorRT-LLM max_num_tokens）：分块预填充限制预填充显存</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>并发序列数</translation>
    </message>
    <message>
        <source>Context (prompt) tokens</source>
        <translation>上下文（提示）词元数</translation>
    </message>
    <message>
        <source>New tokens</source>
        <translation>生成词元数</translation>
    </message>
    <message>
        <source>KV cache dtype</source>
        <translation>KV 缓存数据类型</translation>
    </message>
    <message>
        <source>Max tokens per step</source>
        <translation>每步最大词元数</translation>
    </message>
    <message>
        <source>default (by model size and GPU count)</source>
        <translation>默认（按模型规模和 GPU 数量）</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source> ({active} active per token)</source>
        <translation>（每词元激活 {active}）</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>Weights</source>
        <extracomment>stacked-bar segments, in drawing order, with their colours</extracomment>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Runtime buffers</source>
        <translation>运行时缓冲区</translation>
    </message>
    <message>
        <source>CUDA context / fragmentation</source>
        <translation>CUDA 上下文 / 碎片</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Total per GPU</source>
        <translation>每 GPU 合计</translation>
    </message>
    <message>
        <source>Largest batch that fits</source>
        <translation>可容纳的最大批大小</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Model states per GPU</source>
        <translation>每 GPU 模型状态</translation>
    </message>
    <message>
        <source>MFU assumed</source>
        <translation>假定 MFU</translation>
    </message>
    <message>
        <source>KV cache (serving engine)</source>
        <translation>KV 缓存（服务引擎）</translation>
    </message>
    <message>
        <source>Memory per GPU (GB) against the GPU&apos;s capacity</source>
        <translation>每 GPU 显存占用（GB）与显存容量对比</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>Not applied: {msg}</source>
        <translation>未应用：{msg}</translation>
    </message>
    <message>
        <source>{total} of {cap} ({pct})</source>
        <translation>{total} / {cap}（{pct}）</translation>
    </message>
    <message>
        <source>GPU {cap}</source>
        <translation>GPU 显存 {cap}</translation>
    </message>
    <message>
        <source>none (batch 1 does not fit)</source>
        <translation>无（批大小 1 也放不下）</translation>
    </message>
    <message>
        <source>{days} days</source>
        <translation>{days} 天</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>{tps} tokens/s</source>
        <translation>{tps} 词元/秒</translation>
    </message>
    <message>
        <source> · prefill {tps} tokens/s</source>
        <translation> · 预填充 {tps} 词元/秒</translation>
    </message>
    <message>
        <source>{tokens} tokens · up to {conc} sequences of {context} tokens</source>
        <translation>{tokens} 个词元 · 最多 {conc} 个 {context} 词元的序列</translation>
    </message>
    <message>
        <source>{total} ({bpp} B/param: weights {w} · gradients {g} · optimizer {o})</source>
        <translation>{total}（{bpp} 字节/参数：权重 {w} · 梯度 {g} · 优化器 {o}）</translation>
    </message>
    <message>
        <source>Serving throughput</source>
        <translation>服务吞吐量</translation>
    </message>
    <message>
        <source>{tps} output tokens/s</source>
        <translation>{tps} 输出词元/秒</translation>
    </message>
    <message>
        <source>The workload could not be evaluated</source>
        <translation>无法评估该工作负载</translation>
    </message>
    <message>
        <source>No workload: pick a model preset to check the fit</source>
        <translation>无工作负载：选择模型预设以检查显存是否够用</translation>
    </message>
</context>
</TS>

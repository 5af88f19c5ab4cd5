<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <location filename="../../configurator/qt/palette.py" line="290"/>
        <source>Palette</source>
        <comment>From {file}</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="292"/>
        <source>Palette</source>
        <comment>all figures</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="295"/>
        <source>Palette</source>
        <comment>+{n} more sources</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="298"/>
        <source>Palette</source>
        <comment>Price: {src} ({date}, {file})</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BandwidthPanel</name>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="18"/>
        <source>Storage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="19"/>
        <source>Host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="20"/>
        <source>PCIe host link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="21"/>
        <source>GPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="22"/>
        <source>GPU ↔ GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="23"/>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="53"/>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="67"/>
        <source>Per GPU, per direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="68"/>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="69"/>
        <source>log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="128"/>
        <source>Bottleneck: {stage} — {gbs} per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="132"/>
        <source>No data path to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/bandwidth.py" line="134"/>
        <source>Storage read {st} in total · network {net} Gb/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChassisPicker</name>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="41"/>
        <source>New build — choose a chassis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="45"/>
        <source>Chassis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="45"/>
        <source>Vendor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="45"/>
        <source>RU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="46"/>
        <source>GPU positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="46"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/dialogs.py" line="73"/>
        <source>Pick the server chassis; parts are added afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChassisView</name>
    <message>
        <location filename="../../configurator/qt/chassis_layout.py" line="141"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_layout.py" line="142"/>
        <source>GPU %1-wide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="71"/>
        <source>Chassis “%s” is not in the catalog.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="80"/>
        <source>%1U · %2 sockets · top view, front at the top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="156"/>
        <source>unknown: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="157"/>
        <source>covered by %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="179"/>
        <location filename="../../configurator/qt/chassis_view.py" line="198"/>
        <source>feed %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="181"/>
        <source>Empty. Drag a part here, or right-click.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="183"/>
        <source>Unknown part %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="242"/>
        <source>Cannot place here: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="247"/>
        <source>Place %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="252"/>
        <source>Placed %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="259"/>
        <source>Remove part from %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/chassis_view.py" line="259"/>
        <source>Remove %n part(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="265"/>
        <source>Cannot fill: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/chassis_view.py" line="271"/>
        <source>Fill %n similar slot(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="276"/>
        <source>Put %1 on feed %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="280"/>
        <location filename="../../configurator/qt/chassis_view.py" line="322"/>
        <source>Clear build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="299"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="304"/>
        <source>Replace with %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="304"/>
        <source>Place %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="308"/>
        <source>Fill all similar empty slots with %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="312"/>
        <source>Fill all similar empty slots with this part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="318"/>
        <source>Feed %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="366"/>
        <source>Drop to replace the part in %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/chassis_view.py" line="367"/>
        <source>Drop to place in %s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CostPanel</name>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="47"/>
        <source>Cost &amp; TCO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="62"/>
        <source>Hardware (BOM total)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="63"/>
        <source>Energy per year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="64"/>
        <source>Support per year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="65"/>
        <source>Total cost of ownership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="66"/>
        <source>Per dense BF16 PFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="67"/>
        <source>Renting: per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="68"/>
        <source>Renting: per month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="69"/>
        <source>Owning breaks even</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="70"/>
        <source>Total cost of ownership ÷ dense BF16 PFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="81"/>
        <source>Cumulative cost: owning vs renting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="84"/>
        <source>own (hardware + energy + support)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="85"/>
        <source>rent the same GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="99"/>
        <source>months</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="121"/>
        <source>{total} over {years} years · hardware {bom}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="124"/>
        <source>No price for {parts}: left out of the totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="130"/>
        <source>{money} ({kwh} kWh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="133"/>
        <source>{money} over {years} years</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="137"/>
        <source>no reference price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="145"/>
        <source>at month {m}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="147"/>
        <source> ({years} years)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="150"/>
        <source>not within {years} years: renting is cheaper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/cost.py" line="171"/>
        <source>break-even: month {m}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="80"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="81"/>
        <source>Save the changes to “%s” before closing it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="92"/>
        <location filename="../../configurator/qt/main_actions.py" line="206"/>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="105"/>
        <source>Open build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="116"/>
        <source>Cannot open build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="121"/>
        <source>Opened %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="131"/>
        <source>Save build as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="143"/>
        <source>Cannot save build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="148"/>
        <source>Saved %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="170"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="173"/>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="191"/>
        <source>Autosave failed: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="208"/>
        <source>Restore unsaved work?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="209"/>
        <source>Unsaved changes to “%1” from %2 were recovered. Restore them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="216"/>
        <source>Cannot restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="238"/>
        <source>Export quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="238"/>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="245"/>
        <source>Cannot export quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_actions.py" line="247"/>
        <source>Quote written to %s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="113"/>
        <source>Components</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="114"/>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="115"/>
        <source>Bill of materials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="126"/>
        <source>Panel %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="169"/>
        <source>&amp;New…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="170"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="171"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="173"/>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="174"/>
        <source>Export &amp;quote…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="175"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="176"/>
        <location filename="../../configurator/qt/main_window.py" line="237"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="177"/>
        <location filename="../../configurator/qt/main_window.py" line="238"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="178"/>
        <source>&amp;Place selected part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="179"/>
        <source>Put the palette&apos;s part into the first free slot that takes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="180"/>
        <source>&amp;Remove from selected slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="182"/>
        <source>C&amp;lear build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="183"/>
        <source>Change &amp;chassis…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="184"/>
        <source>Zoom &amp;in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="185"/>
        <source>Zoom &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="186"/>
        <source>&amp;Fit to window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="191"/>
        <source>The PDF quote module is not installed in this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="195"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="198"/>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="208"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="212"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="237"/>
        <source>&amp;Undo %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="238"/>
        <source>&amp;Redo %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="244"/>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="245"/>
        <source>%s[*] — AI Server Configurator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="262"/>
        <source>no GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="263"/>
        <source>%s kW max</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/main_window.py" line="267"/>
        <source>%n error(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/main_window.py" line="269"/>
        <source>%n warning(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="271"/>
        <source>no problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="296"/>
        <source>every slot that takes it is already in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="297"/>
        <source>Cannot place %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="312"/>
        <source>Change chassis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/main_window.py" line="316"/>
        <source>Change chassis to %s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <location filename="../../configurator/qt/palette.py" line="159"/>
        <source>Search parts…  (name, vendor, 80 GB, 400G …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="163"/>
        <source>Fits this chassis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="226"/>
        <source>All vendors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="229"/>
        <source>All form factors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/palette.py" line="252"/>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PartsList</name>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="31"/>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="31"/>
        <source>Part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="31"/>
        <source>Qty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="32"/>
        <source>Unit price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="32"/>
        <source>Extended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="79"/>
        <source>Total  %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/parts_list.py" line="81"/>
        <source>%n part(s) without a price · </source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../configurator/qt/parts_list.py" line="103"/>
        <source>No price in the price list</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PowerPanel</name>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="21"/>
        <source>GPUs</source>
        <extracomment>bar order, top to bottom; categories not listed follow in the order they appear</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="22"/>
        <source>GPU baseboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="23"/>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="24"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="25"/>
        <source>NICs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="26"/>
        <source>Drives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="27"/>
        <source>Fans / pumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="28"/>
        <source>Board, BMC, switches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="52"/>
        <source>no PSU installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="63"/>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="90"/>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="90"/>
        <source>Typical (training)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="91"/>
        <source>Max (all parts at TDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="91"/>
        <source>Transient peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="95"/>
        <source>Draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="95"/>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="95"/>
        <source>of usable PSU capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="116"/>
        <source>Power by component (kW, DC side)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="119"/>
        <source>typical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="120"/>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="131"/>
        <source>kW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="149"/>
        <source>At the wall ({eff} % efficient): {idle} idle · {typ} typical · {mx} max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="160"/>
        <source>est. {mx} max / {usable} usable ({headroom} headroom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="164"/>
        <source>est. {mx} max / no usable PSU capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="168"/>
        <source>{n} × {w} installed; {mode} needs more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="193"/>
        <source>Feed {feed}: {n} × PSU = {cap}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="199"/>
        <source>{pct} at peak if {other} fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/power.py" line="202"/>
        <source>nothing left if {other} fails</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SiteOptionsPanel</name>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="31"/>
        <source>Site &amp; options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="62"/>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="65"/>
        <source>PSU redundancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="70"/>
        <source>Input voltage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="71"/>
        <source>Part of a multi-node training cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="78"/>
        <source>Site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="80"/>
        <source>Ambient (inlet) temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="82"/>
        <source>Altitude</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="84"/>
        <source>PUE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="88"/>
        <source>Money</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="93"/>
        <source>Currency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="95"/>
        <source> per kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="96"/>
        <source>Electricity price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="97"/>
        <source> years</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="98"/>
        <source>TCO period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="100"/>
        <source> % of hardware / year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="101"/>
        <source>Support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="103"/>
        <source> per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="104"/>
        <source>GPU&apos;s reference cloud price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="105"/>
        <source>Rent price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="107"/>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="137"/>
        <source>Not applied: {msg}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="151"/>
        <source>Chassis default ({mode})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="152"/>
        <source>Chassis default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="155"/>
        <source>{mode} (not offered by this chassis)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="172"/>
        <source> {cur} per kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/site.py" line="173"/>
        <source> {cur} per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThermalPanel</name>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="18"/>
        <source>Thermal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="34"/>
        <source>Heat (typical / max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="35"/>
        <source>Heat, BTU/h (typical / max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="36"/>
        <source>Cooling tons at max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="37"/>
        <source>Airflow needed at max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="38"/>
        <source>Chassis fans deliver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="39"/>
        <source>Cooling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="40"/>
        <source>Derated capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="41"/>
        <source>Ambient / altitude derate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="42"/>
        <source>Max GPU TDP supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="43"/>
        <source>Max CPU TDP supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="65"/>
        <source>{heat} heat / {cap} cooling ({pct} load)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="68"/>
        <source>{heat} heat / no supported cooling option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="72"/>
        <source>Max heat against derated cooling capacity (tick = 100 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="77"/>
        <source>air</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="77"/>
        <source>liquid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="78"/>
        <source>none placed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="84"/>
        <source>× {f} of rated capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="88"/>
        <source>All wall power becomes heat; 1 kW ≈ 3,412 BTU/h, 12,000 BTU/h = 1 ton.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="92"/>
        <source>{cfm} at ΔT {dc} °C ({df} °F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/thermal.py" line="98"/>
        <source>{cfm} ({gap} short)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ViolationsPanel</name>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="32"/>
        <source>Problem and how to fix it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="68"/>
        <source>Apply fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="76"/>
        <source>No problems found by the checks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/violations_panel.py" line="77"/>
        <source>%n error(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/violations_panel.py" line="78"/>
        <source>%n warning(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../configurator/qt/violations_panel.py" line="79"/>
        <source>%n note(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="81"/>
        <source>(checks are not exhaustive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="92"/>
        <source>Fix: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="94"/>
        <source>The fix could not be applied: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/violations_panel.py" line="96"/>
        <source>Applied: %s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkloadEditor</name>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="63"/>
        <source>Model</source>
        <extracomment>ModelShape integer fields the &quot;Custom&quot; shape edits, with their spinbox ranges the shape &quot;Custom&quot; starts from when there is no workload yet (a Llama-3-8B-like model)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="66"/>
        <source>None (no workload)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="69"/>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="72"/>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="76"/>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="76"/>
        <source>Hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="76"/>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="77"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="77"/>
        <source>FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="77"/>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="78"/>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="78"/>
        <source>Active experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="88"/>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="92"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="95"/>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="96"/>
        <source>Inference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="99"/>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="105"/>
        <source>default ({pct} %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="107"/>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="120"/>
        <source>Activation checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="124"/>
        <source> B tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="125"/>
        <source>20 × parameters (Chinchilla)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="128"/>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="129"/>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="130"/>
        <source>Micro-batch per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="131"/>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="132"/>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="134"/>
        <source>Training tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="144"/>
        <source>Weight precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="145"/>
        <source>Concurrent sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="146"/>
        <source>Context (prompt) tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="147"/>
        <source>New tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="148"/>
        <source>KV cache dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="208"/>
        <source>Custom model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload_editor.py" line="311"/>
        <source> ({active} active per token)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="19"/>
        <source>Weights</source>
        <extracomment>stacked-bar segments, in drawing order, with their colours</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="20"/>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="21"/>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="22"/>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="23"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="24"/>
        <source>CUDA context / slack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="37"/>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="61"/>
        <source>Total per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="64"/>
        <source>Largest batch that fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="65"/>
        <location filename="../../configurator/qt/panels/workload.py" line="165"/>
        <source>Training time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="66"/>
        <source>MFU assumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="82"/>
        <source>Memory per GPU (GB) against the GPU&apos;s capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="93"/>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="108"/>
        <source>Not applied: {msg}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="127"/>
        <source>{total} of {cap} ({pct})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="151"/>
        <source>GPU {cap}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="162"/>
        <source>none (batch 1 does not fit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="166"/>
        <source>{days} days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="168"/>
        <source>Decode (upper bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="169"/>
        <source>{tps} tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="172"/>
        <source> · prefill {tps} tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="181"/>
        <source>The workload could not be evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../configurator/qt/panels/workload.py" line="182"/>
        <source>No workload: pick a model preset to check the fit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <location filename="../../configurator/qt/app.py" line="88"/>
        <source>Cannot open build</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

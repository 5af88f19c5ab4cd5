#!/usr/bin/env bash
# packaging/gui_check.sh OUTDIR WxH LANG [BUILD] — the GUI in a real window: Xvfb at WxH with the openbox window
# manager (title bars, placement and maximising as on a desktop), driven by xdotool (real keys and a
# real mouse drag), with screenshots of the whole screen. Run from the checkout's root.
#
#   OUTDIR/main-WxH-LANG.png        the main window after start
#   OUTDIR/menu-*-WxH-LANG.png      File / Tools / Help menus opened with Alt+letter
#   OUTDIR/drag-WxH-LANG.png        a palette row dragged onto the schematic with the real pointer (button held)
#   OUTDIR/windows-WxH-LANG/*.png   every top-level window and dialog (tests/qt/window_fit_probe.py --real)
#   OUTDIR/windows-WxH-LANG.json    their frame geometries (title bar included) against the screen's room
set -u
out=$1; size=$2; lang=$3; build=${4:-examples/hgx-h100-8gpu.json}
mkdir -p "$out"
PY=${PY:-.venv/bin/python}
disp=:$(( 140 + RANDOM % 50 ))
Xvfb $disp -screen 0 ${size}x24 >/dev/null 2>&1 &
xpid=$!
sleep 1
export DISPLAY=$disp QT_QPA_PLATFORM=xcb CONFIGURATOR_HOME=$(mktemp -d) PYTHONPATH=$PWD
openbox >/dev/null 2>&1 &
wmpid=$!
sleep 1
$PY -m configurator gui "$build" --lang "$lang" >"$out/gui-$size-$lang.log" 2>&1 &
gpid=$!
W=
for i in $(seq 1 60); do W=$(xdotool search --onlyvisible --pid $gpid 2>/dev/null | tail -1); [ -n "$W" ] && break; sleep 0.5; done
sleep 3
import -window root "$out/main-$size-$lang.png"
xdotool getwindowgeometry "$W" >"$out/main-$size-$lang.txt" 2>&1
xdotool key alt+f; sleep 1; import -window root "$out/menu-file-$size-$lang.png"; xdotool key Escape; sleep 0.5
xdotool key alt+t; sleep 1; import -window root "$out/menu-tools-$size-$lang.png"; xdotool key Escape; sleep 0.5
xdotool key alt+h; sleep 1; import -window root "$out/menu-help-$size-$lang.png"; xdotool key Escape; sleep 0.5
# a real drag: press on the palette's first part row, move in small steps to the middle of the window
eval "$(xdotool getwindowgeometry --shell "$W")"
x1=$(( X + 90 )); y1=$(( Y + 190 )); x2=$(( X + WIDTH / 2 )); y2=$(( Y + HEIGHT / 3 ))
xdotool mousemove $x1 $y1; sleep 0.3; xdotool mousedown 1; sleep 0.2
for i in 1 2 3 4 5 6 7 8 9 10; do xdotool mousemove $(( x1 + (x2 - x1) * i / 10 )) $(( y1 + (y2 - y1) * i / 10 )); sleep 0.15; done
import -window root "$out/drag-$size-$lang.png"
xdotool key Escape; xdotool mouseup 1; sleep 0.5
kill $gpid 2>/dev/null; sleep 0.5; kill -9 $gpid 2>/dev/null
# every window and dialog, measured with its frame and shot as the screen shows it
$PY tests/qt/window_fit_probe.py --real --lang "$lang" --shots "$out/windows-$size-$lang" \
  >"$out/windows-$size-$lang.json" 2>"$out/windows-$size-$lang.log"
kill $wmpid 2>/dev/null
kill $xpid 2>/dev/null

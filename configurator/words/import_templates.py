"""The English templates of the notes a server import writes (io/importers: inventory, Redfish,
placing), so that `configurator import` can print them in the user's language.

The importers word their notes in English with the values filled in (they are also kept, in
English, in the build file's notes); each wording is listed here once more, marked with `N_`, so
that `make translations` extracts it and `configurator.words.i18n.translate` maps a note back onto its
template. A name ending in "s" may hold a list; any other name one value.
tests/io/test_cli_chinese.py fails when the fixture import prints a note none of these matches.
"""

from __future__ import annotations

from .i18n import N_

#: placing.py: the summary, the chassis choice, the cooling assumption, items not placed, fans
PLACING = (
    N_("found {seen}; {matched} of {total} part(s) matched to the catalog"),
    N_("chassis {chassis} chosen by the user"),
    N_("chassis {chassis}: the system model {model} names it"),
    N_("no catalog chassis matches {what}: placed in the closest, {chassis} (room for {n} of the parts); "
       "choose another with --chassis"),
    N_("the system model is unknown: placed in the closest, {chassis} (room for {n} of the parts); "
       "choose another with --chassis"),
    N_("cooling assumed to be {cooling}, the chassis' first option; change it if not"),
    N_("{source}: {item}: unmatched, not placed (no catalog part has this part number or model)"),
    N_("{source}: {item}: matched {part} ({confidence}) but no free slot takes it"),
    N_("{n} fan(s) reported; fans belong to the chassis cooling and are not placed"),
    N_("{n} fan(s) reported; fans belong to the chassis cooling and are not placed; not OK: {fans}"),
    N_("UNMATCHED"),
)

#: inventory.py: files missing, unreadable or partial
INVENTORY = (
    N_("no {file}: {details}"),      # details: may hold " and " (a name ending in "s")
    N_("GPU details unknown"), N_("CPUs unknown"), N_("drives unknown"), N_("NICs unknown"), N_("memory size unknown"),
    N_("DIMMs and the system model unknown (run dmidecode -t 1 -t 17 as root)"),
    N_("{file}: {name} not collected: {why}"),
    N_("{file}: {reason}, skipped"),
    N_("{file}: cannot parse ({error}), skipped"),
    N_("{file}: {n} DIMM slot(s) empty (No Module Installed)"),
    N_("meminfo.txt: the OS sees {gib} GiB of memory"),
    N_("meminfo.txt: the OS sees {gib} GiB of memory; the DIMMs behind it are unknown"),
)

#: redfish.py, redfish_items.py: what the walk of the BMC's resources skipped
REDFISH = (
    N_("{uri}: link to another service, not followed"),
    N_("stopped after {n} resources; the rest is not imported"),
    N_("{where}: {total} members, only the first {cap} read"),
    N_("{n} links in one list, only the first {cap} read"),
    N_("the service reports no computer system: CPUs, memory and drives are unknown"),
    N_("{empty} of {total} {what} reported empty (Status Absent)"),
    N_("{uri}: not a valid link, not followed"),
    N_("{path}: field '{field}': expected {expected}, got {found}; ignored"),
    # redfish_client.py, redfish.py: the session policy's refusals (issue 31)
    N_("redirected to another service ({target}); not followed"),
    N_("the password file can be read by other users; restrict it with chmod 600"),
    N_("the service root is not valid JSON"), N_("the service root is nested too deeply"),
    N_("the service root is not a JSON object ({kind})"),
    N_("field '{field}': expected {expected}, got {found}"),
)

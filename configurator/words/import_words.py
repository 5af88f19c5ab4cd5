"""What a server import notes (formats/importers: inventory, Redfish, placing), by message id.

An importer returns its notes as `Msg`s; `configurator import` words them in the user's
language and the build file keeps them in English (`say(msg, "en")`), as it always has.
"""

from __future__ import annotations

from .marks import N_, Entry

#: placing.py: the summary, the chassis choice, the cooling assumption, items not placed, fans
PLACING: dict[str, Entry] = {
    "import.summary": N_("found {seen}; {matched} of {total} part(s) matched to the catalog"),
    "import.chassis-chosen": N_("chassis {chassis} chosen by the user"),
    "import.chassis-named": N_("chassis {chassis}: the system model {model} names it"),
    "import.chassis-closest": N_("no catalog chassis matches {what}: placed in the closest, {chassis} (room for {n} "
                                 "of the parts); choose another with import --chassis or, in the app, Change chassis"),
    "import.chassis-unknown-model": N_("the system model is unknown: placed in the closest, {chassis} (room for {n} "
                                       "of the parts); choose another with import --chassis or, in the app, "
                                       "Change chassis"),
    "import.cooling-assumed": N_("cooling assumed to be {cooling}, the chassis' first option; change it if not"),
    "import.unmatched": N_("{source}: {item}: unmatched, not placed (no catalog part has this part number or model)"),
    "import.no-free-slot": N_("{source}: {item}: matched {part} ({confidence}) but no free slot takes it"),
    "import.fans": N_("{n} fan(s) reported; fans belong to the chassis cooling and are not placed"),
    "import.fans-not-ok": N_("{n} fan(s) reported; fans belong to the chassis cooling and are not placed; "
                             "not OK: {fans}"),
}

#: inventory.py: files missing, unreadable or partial
INVENTORY: dict[str, Entry] = {
    "import.file-missing": N_("no {file}: {details}"),
    "import.unknown-gpus": N_("GPU details unknown"),
    "import.unknown-cpus": N_("CPUs unknown"),
    "import.unknown-drives": N_("drives unknown"),
    "import.unknown-nics": N_("NICs unknown"),
    "import.unknown-memory": N_("memory size unknown"),
    "import.unknown-dimms": N_("DIMMs and the system model unknown (run dmidecode -t 1 -t 17 as root)"),
    "import.not-collected": N_("{file}: {name} not collected: {why}"),
    "import.file-skipped": N_("{file}: {reason}, skipped"),
    "import.cannot-parse": N_("{file}: cannot parse ({error}), skipped"),
    "import.output-too-big": N_("{size}, over the {limit} limit for one command's output"),
    "import.wrong-shape": N_("{file}: {field} is not {expected} as the command writes it, skipped"),
    "import.shape-object": N_("an object"),
    "import.shape-list": N_("a list"),
    "import.shape-text": N_("text"),
    "import.shape-number": N_("a number"),
    # the same, as the parser's refusal (formats/importers/inventory.py `ShapeError`)
    "import.expected-object": N_("{field}: expected object"),
    "import.expected-list": N_("{field}: expected list"),
    "import.expected-text": N_("{field}: expected text"),
    "import.expected-number": N_("{field}: expected number"),
    "import.items-capped": N_("{file}: {field} has over {cap} entries, only the first {cap} read"),
    "import.dimm-slots-empty": N_("{file}: {n} DIMM slot(s) empty (No Module Installed)"),
    "import.meminfo": N_("meminfo.txt: the OS sees {gib} GiB of memory"),
    "import.meminfo-no-dimms": N_("meminfo.txt: the OS sees {gib} GiB of memory; the DIMMs behind it are unknown"),
}

#: redfish.py, redfish_items.py: what the walk of the BMC's resources skipped
REDFISH: dict[str, Entry] = {
    "import.tls-unverified": N_("TLS certificate not verified (--insecure)"),
    "import.foreign-link": N_("{uri}: link to another service, not followed"),
    "import.link-invalid": N_("{uri}: not a valid link, not followed"),
    "import.field-type": N_("{path}: field '{field}': expected {expected}, got {found}; ignored"),
    "import.link-budget": N_("stopped after {n} resources; the rest is not imported"),
    "import.members-capped": N_("{where}: {total} members, only the first {cap} read"),
    "import.links-capped": N_("{n} links in one list, only the first {cap} read"),
    "import.no-system": N_("the service reports no computer system: CPUs, memory and drives are unknown"),
    "import.absent": N_("{empty} of {total} {what} reported empty (Status Absent)"),
    "import.what-sockets": N_("processor sockets"),
    "import.what-memory-slots": N_("memory slots"),
    "import.what-drive-bays": N_("drive bays of the storage controllers"),
    "import.what-more-drive-bays": N_("further drive bays"),
    "import.what-psu-bays": N_("PSU bays"),
    "import.bytes-budget": N_("read limit of {limit} bytes per import reached at {path}: it and {n} further "
                              "resource(s) not imported"),
}

#: what stops an import (raised as `InputError`s naming the folder, the file or the BMC's URL)
ERRORS: dict[str, Entry] = {
    "import.not-inventory": N_("not a folder of inventory files or a probe file"),
    "import.probe-not-json": N_("not a probe file (not valid JSON)"),
    "import.probe-kind": N_("not a probe file (expected {expected})"),
    "import.password-unreadable": N_("cannot read the password file ({reason})"),
    "import.password-empty": N_("the password file is empty"),
    "import.chassis-unknown": N_("{chassis} is not a catalog chassis"),
    "import.no-chassis": N_("the catalog has no chassis to build in"),
    "redfish.tls-untrusted": N_("TLS certificate not trusted: give the BMC's CA (--ca-file) or accept a self-signed "
                                "certificate (--insecure)"),
    "redfish.timeout": N_("timed out (no answer within the timeout; raise it with --timeout)"),
    "redfish.connect": N_("cannot connect (is the address right and the BMC reachable?)"),
    "redfish.too-large-declared": N_("response of {n} bytes is over the {limit}-byte limit"),
    "redfish.too-large": N_("response is over the {limit}-byte limit"),
    "redfish.not-url": N_("not an http(s):// URL of a BMC"),
    "redfish.root-not-json": N_("the service root is not valid JSON ({reason})"),
    "redfish.login-refused": N_("login refused (HTTP 401): check the user and password"),
    "redfish.login-failed": N_("login failed: {reason}"),
    "redfish.not-json": N_("not valid JSON"),
    # the session policy's refusals and the service root's shape (issue 31)
    "redfish.cross-origin": N_("redirected to another service ({target}); not followed"),
    "redfish.ca-file": N_("the CA file cannot be used: {reason}"),
    "redfish.http-status": N_("HTTP {status}"),
    "redfish.root-invalid": N_("the service root is not valid JSON"),
    "redfish.root-nested": N_("the service root is nested too deeply"),
    "redfish.root-not-object": N_("the service root is not a JSON object ({kind})"),
    "redfish.root-field-type": N_("field '{field}': expected {expected}, got {found}"),
    "redfish.nested": N_("nested too deeply"),
    "redfish.not-object-kind": N_("not a JSON object ({kind})"),
    # HTTP errors (issue 31): 401, 429 and 503 end an import; 403 and 500 on one resource are a note
    "redfish.needs-login": N_("the BMC asks for a login (HTTP 401): give --user and a password"),
    "redfish.unauthorized": N_("not authorized (HTTP 401): the login or session was not accepted or has expired"),
    "redfish.forbidden": N_("access denied (HTTP 403): the account may not read this; use one with read access"),
    "redfish.rate-limited": N_("too many requests (HTTP 429): the BMC is limiting requests; try again later"),
    "redfish.server-error": N_("the BMC failed with an internal error (HTTP 500)"),
    "redfish.unavailable": N_("the BMC is unavailable (HTTP 503: busy, starting or updating); try again later"),
    "redfish.too-many-values": N_("response has more than {limit} JSON values"),
    "redfish.budget-spent": N_("the read limit per import is reached"),
    "import.password-readable": N_("the password file can be read by other users; restrict it with chmod 600"),
}

#: a JSON value's type, as redfish_items.json_kind names it (Terms in the messages above)
JSON_KINDS = (N_("a link"), N_("a list"), N_("an object"), N_("a string"), N_("true or false"), N_("null"),
              N_("a number"))

#: matching.py: why an item was matched to a catalog part (the import report's Evidence column;
#: `import --json` keeps it in English)
EVIDENCE: dict[str, Entry] = {
    "import.evidence.part-number": N_("part number {number} = {part}"),
    "import.evidence.model": N_("model {model} names {words}"),
    "import.evidence.figures-agree": N_("{n} figure(s) agree"),
    "import.evidence.as-likely": N_("as likely: {parts}"),
    "import.evidence.figures": N_("figures {facts} fit {part} ({n} candidate(s))"),
    "import.evidence.none": N_("no catalog part matches"),
    "import.evidence.hand": N_("mapped by hand in the import report"),
}

WORDS: dict[str, Entry] = {**PLACING, **INVENTORY, **REDFISH, **ERRORS, **EVIDENCE}

"""Why a file is refused, by message id: reading any file, build, recovery and cluster files,
workload figures, and pydantic's validation errors by type.

A reader raises `core.input_error.InputError(Msg(id, …), file, field, entry)`; these entries
word it (words/errors.py frames it with the file and the field). The English of each entry is
the wording the app always printed, so English output did not change.
"""

from __future__ import annotations

from .marks import N_, Entry

#: where: the frame around a message (core/input_error.py `located`)
FRAMES: dict[str, Entry] = {
    "input.at-file": N_("{file}: {details}"),
    "input.at-file-field": N_("{file}: field '{field}': {details}"),
    "input.at-file-entry": N_("{file}: entry '{entry}': {details}"),
    "input.at-file-entry-field": N_("{file}: entry '{entry}', field '{field}': {details}"),
    "input.at-field": N_("field '{field}': {details}"),
    "input.at-entry": N_("entry '{entry}': {details}"),
    "input.at-entry-field": N_("entry '{entry}', field '{field}': {details}"),
    "input.as-given": N_("{text}"),      # a reason the app did not word (the OS's, a library's)
    "input.more-problem": N_("{details} (and {n} more problem)"),
    "input.more-problems": N_("{details} (and {n} more problems)"),
    "input.name-pattern": N_("name {details}"),
    "input.name": N_("name: {details}"),
    "input.cannot-read": N_("cannot read: {details}"),
    "input.cannot-save": N_("cannot save: {details}"),
    "input.not-toml": N_("not valid TOML ({reason})"),
    # a TOML file's entry of the wrong shape (tender requirements, acceptance references)
    "input.not-table": N_("not a table"),
    "input.missing": N_("missing"),
}

#: store/text_files.py: reading any file
FILES: dict[str, Entry] = {
    "file.missing": N_("no such file"),
    "file.folder": N_("is a folder, not a file"),
    "file.denied": N_("permission denied"),
    "file.fifo": N_("is a pipe (FIFO), not a regular file"),
    "file.socket": N_("is a socket, not a regular file"),
    "file.device": N_("is a device, not a regular file"),
    # store/safe_write.py: a file to write that must not be replaced
    "file.not-an-output": N_("{reason}; give a file name (or '-' for standard output)"),
    "file.symlink-nowhere": N_("is a symlink to a folder that does not exist"),
    "file.cannot-write-there": N_("cannot write there ({details})"),
    "file.nul-name": N_("a file name cannot contain a NUL character"),
    "file.too-big": N_("larger than the {limit} limit for {what}s ({size} or more); not a {what}?"),
    "file.utf16": N_("is UTF-16/UTF-32 text; save it as UTF-8"),
    "file.not-utf8": N_("not UTF-8 text (byte {byte} at line {line})"),
    # the kinds of file, as `what` names them
    "file.kind-build": N_("build file"),
    "file.kind-catalog": N_("catalog file"),
    "file.kind-cluster": N_("cluster file"),
    "file.kind-fx": N_("exchange-rate file"),
    "file.kind-inventory": N_("inventory file"),
    "file.kind-logo": N_("logo image"),
    "file.kind-presets": N_("model presets file"),
    "file.kind-password": N_("password file"),
    "file.kind-probe": N_("probe file"),
    "file.kind-settings": N_("settings file"),
    "file.kind-workload": N_("workload file"),
    "file.kind-recovery": N_("recovery file"),
    "file.kind-counter": N_("quote counter"),
    "file.kind-cache": N_("catalog cache file"),
    "file.kind-backup": N_("file to back up"),
    "file.kind-ca": N_("CA file"),
}

#: store/build_files.py, build_migrations.py, workload_limits.py: build and workload files
BUILD_FILES: dict[str, Entry] = {
    "build.empty": N_("file is empty"),
    "build.json-at": N_("not valid JSON at line {line} column {column} ({reasons})"),
    "build.json": N_("not valid JSON ({reasons})"),
    "build.too-deep": N_("nested too deeply (more than {n} levels)"),
    "build.workload-not-object": N_("the workload must be an object (model, mode, train or infer)"),
    "build.too-deep-bare": N_("nested too deeply"),
    "build.number-too-large": N_("number {number} is too large"),
    "build.digits-too-large": N_("number with {n} digits is too large"),
    "build.not-finite": N_("{value} is not allowed; numbers must be finite"),
    "build.slot-twice-values": N_("slot given twice ({first} and {later}); a slot holds one part"),
    "build.slot-twice": N_("slot given twice; a slot holds one part"),
    "build.twice-values": N_("given twice ({first} and {later}); which one is meant?"),
    "build.twice": N_("given twice; which one is meant?"),
    "build.pattern-id": N_("may only contain letters, digits, '_', '.' and '-'"),
    "build.pattern-name": N_("must start with a letter or digit and contain only letters, digits, '.', '_', '+' "
                             "and '-'"),
    "build.pattern-currency": N_("must be a three-letter currency code such as USD"),
    "build.unknown-field": N_("unknown field (a typo, or a file from a newer app?)"),
    "build.required": N_("required but missing"),
    "build.top-level": N_("not a build file (the top level is {kind}, not an object)"),
    "build.a-list": N_("a list"),
    "build.a-string": N_("a string"),
    "build.kind": N_("not a build file (kind is {kind}, expected {expected})"),
    "build.format-missing": N_("missing; a build file must say its format version"),
    "build.format-not-int": N_("must be a whole number (got {value})"),
    "build.format-unknown": N_("unknown format version {version}"),
    "build.format-newer": N_("format version {version} is newer than this app supports ({current}); update the app"),
    "build.format-0-layout": N_("is 0, but the file has 'placements' (the format-1 layout); if it was written by "
                                "this app, set \"format\": 1"),
    "build.parts-list": N_("must be a list of {{slot, id}} objects"),
    "build.part-object": N_("must be an object with exactly 'slot' and 'id'"),
    "build.must-be-string": N_("must be a string"),
    "build.slot-holds": N_("slot {slot} already holds {part} ({where}); a slot holds one part"),
    "build.voltage-twice": N_("given together with site.input_voltage_v"),
    "build.meta-twice": N_("given together with top-level name/customer/notes"),
    "build.save-too-big": N_("the build is {size} MB, over the {limit} MB limit"),
    "build.save-differs": N_("the build does not read back identically"),
    "build.at-most-chars": N_("at most {limit} characters (got {n})"),
    "build.finite-range": N_("must be a finite number from {low} to {high}"),
    "build.range": N_("must be from {low} to {high} (got {value})"),
    "build.digits": N_("a number with {n} digits"),
    # the json module's reasons
    "json.expecting-value": N_("Expecting value"),
    "json.expecting-comma": N_("Expecting ',' delimiter"),
    "json.expecting-colon": N_("Expecting ':' delimiter"),
    "json.expecting-name": N_("Expecting property name enclosed in double quotes"),
    "json.unterminated": N_("Unterminated string starting at"),
    "json.control": N_("Invalid control character at"),
    "json.escape": N_("Invalid \\escape"),
    "json.extra": N_("Extra data"),
    "json.at": N_("{reasons}: line {line} column {column} (char {char})"),
}

#: store/autosave.py: recovery copies
RECOVERY: dict[str, Entry] = {
    "recovery.corrupt": N_("corrupt recovery file ({details})"),
    "recovery.not-plain": N_("corrupt recovery file (build is not plain data)"),
    "recovery.other-version": N_("not a recovery file of this app version"),
    "recovery.no-time": N_("recovery file has no valid time stamp"),
    "recovery.not-finite": N_("{value} is not allowed"),
}

#: store/tender_files.py: a tender's requirement list (docs/tender.md)
TENDER_FILES: dict[str, Entry] = {
    "tender-file.none": N_("at least one [[requirement]] table is needed"),
    "tender-file.too-many": N_("more than {most} requirements"),
    "tender-file.unknown-field": N_("unknown field {field} (choose from {fields})"),
    "tender-file.comparator": N_("{comparator} is not one of {comparators}"),
    "tender-file.value": N_("a number, true/false or a text"),
    "tender-file.contains": N_("a text value needs 'contains', and 'contains' a text value"),
}

#: store/cluster_files.py: cluster files
CLUSTER_FILES: dict[str, Entry] = {
    "cluster-file.group": N_("must be an object with 'build' and 'count'"),
    "cluster-file.build": N_("build {build}: {details}"),
    "cluster-file.build-ref": N_("must be a build file path or an embedded build object"),
    "cluster-file.top-level": N_("not a cluster file (the top level is not an object)"),
    "cluster-file.kind": N_("not a cluster file (kind is {kind}, expected {expected})"),
    "cluster-file.format": N_("must be a format version number (1)"),
    "cluster-file.format-newer": N_("format {version} is newer than this app reads ({current}); update the app"),
    "cluster-file.no-servers": N_("must list at least one server group"),
    "cluster-file.save-differs": N_("the cluster does not read back identically"),
}

#: the models' own validators (core/build.py, core/evaluate/workload_models.py): `InvalidValueError`
VALIDATORS: dict[str, Entry] = {
    "build.bridge-short": N_("an NVLink bridge joins at least two slots"),
    "build.bridge-twice": N_("bridge {slots} names a slot twice"),
    "workload.positive": N_("{name} must be a positive integer, got {value}"),
    "workload.kv-heads": N_("heads ({heads}) must be divisible by kv_heads ({kv_heads})"),
    "workload.experts": N_("experts_active ({active}) exceeds experts ({experts})"),
    "workload.layer-count": N_("{name} ({value}) must lie between 0 and {most}"),
    "workload.hidden": N_("hidden ({hidden}) must be divisible by heads ({heads}) unless head_dim is given"),
    "workload.zero-stage": N_("zero_stage must be 0, 1, 2 or 3, got {value}"),
    "workload.tokens": N_("tokens must be positive, got {value}"),
    "workload.new-tokens": N_("new_tokens must be >= 0, got {value}"),
    "workload.step-tokens": N_("max_tokens_per_step must be a positive integer or null, got {value}"),
    "workload.mfu": N_("mfu must be in (0, 1], got {value}"),
    "value.at-field": N_("{field}: {details}"),
    "catalog.sxm-family": N_("SXM/OAM modules must name the baseboard family they fit"),
    "catalog.uplinks": N_("{n} given for {positions} positions"),
    "catalog.switch-parent": N_("{switch} parent {parent} is not a socket or switch"),
    "catalog.slot-root": N_("{slot} root {root} is not a socket or switch"),
    "catalog.slot-twice": N_("duplicate slot id {slot}"),
    "catalog.slot-blocks": N_("{slot} blocks unknown slot {other}"),
    "catalog.uplink-root": N_("{uplink} is not a socket or switch"),
    "catalog.default-redundancy": N_("not one of redundancy_modes"),
    "cluster.unknown-price-item": N_("unknown item {item} (known: {items})"),
    "recommend.owned-count": N_("count must be 0..100000, got {n}"),
    "recommend.serving-sized": N_("a serving workload is sized by target_tokens_per_s"),
    "recommend.training-sized": N_("a training workload is sized by deadline_days"),
    "recommend.serving-target": N_("TTFT, time per output token and concurrent users are serving targets: "
                                   "use them with --mode infer"),
}

#: store/build_files.py catalog_notes, parse_build: what the catalog does not know (the build still loads)
NOTES: dict[str, Entry] = {
    "note.not-a-chassis": N_("{chassis} is not a chassis; its slots and parts cannot be checked"),
    "note.unknown-chassis": N_("{chassis} is not in the catalog; its slots and parts cannot be checked"),
    "note.no-slot-kept": N_("{chassis} has no slot {slot}; {part} is kept but not counted"),
    "note.unknown-part": N_("part {part} is not in the catalog"),
    "note.wrong-slot": N_("a {category} ({part}) cannot go into {kind} slot {slot}"),
    "note.no-slot": N_("{chassis} has no slot {slot}"),
    "note.no-psu-bay": N_("{chassis} has no PSU bay {slot}"),
    "note.mode-not-offered": N_("{mode} is not offered by {chassis} ({modes})"),
    "note.not-a-companion": N_("{part} is not an accessory in the catalog; each companion line keeps its default"),
    "note.companion-unused": N_("{part} goes with no part of this build, so it is not on the bill of materials"),
    "note.migrated": N_("migrated from format version {version}; saving writes the current format"),
}

#: a broken installation and a held lock (store/paths.py, store/team/connect.py, store/instance_lock.py)
INSTALL: dict[str, Entry] = {
    "install.folder-missing": N_("shipped {name}/ folder missing or empty at {folder} (no {files}); "
                                 "the installation is incomplete: reinstall ai-server-configurator"),
    "install.prices-missing": N_("shipped price lists missing at {folder} (no *.csv); reinstall ai-server-configurator"),
    "install.migrations-missing": N_("the team store's migrations are missing at {folder} (no env.py); "
                                     "the installation is incomplete: reinstall ai-server-configurator"),
    # another running instance holds the recovery lock (store/instance_lock.py `LockHeldError`)
    "lock.held": N_("{file}: instance lock is held by another process"),
}

#: store/vendor_settings.py: the vendor settings file and its logo
SETTINGS: dict[str, Entry] = {
    "settings.not-found": N_("settings file not found"),
    "settings.not-toml": N_("not valid TOML: {reason}"),
    "settings.too-deep": N_("not valid TOML: nested too deeply"),
    "settings.at-field": N_("field {field}: {details}"),
    "settings.locale": N_("unknown locale {locale} (use e.g. en_US, de_DE, zh_CN)"),
    # core/money.py: a locale Babel does not know, asked of the money formatters
    "money.unknown-locale": N_("unknown locale {locale} (use e.g. en_US, de_DE, zh_CN)"),
    "settings.logo-kind": N_("{logo} is not a PNG or JPEG image"),
    "settings.logo-damaged": N_("{logo} is a truncated or damaged {kind} image (save it again)"),
    "settings.logo-other": N_("{logo} is a {kind} image; use PNG or JPEG"),
    "settings.logo-bomb": N_("{logo} has over {n} megapixels (a decompression bomb?); a logo may have at most "
                             "{most} megapixels"),
    "settings.logo-pixels": N_("{logo} is {width}×{height} pixels; a logo may have at most {most} megapixels"),
}

#: store/quote_counter.py: the quote counter
COUNTER: dict[str, Entry] = {
    "counter.locked": N_("quote counter is locked by another process"),
    "counter.corrupt": N_("quote counter is corrupt; fix field 'years' or remove the file"),
}

WORDS: dict[str, Entry] = {**COUNTER, **SETTINGS, **INSTALL,
                             **NOTES, **VALIDATORS, **FRAMES, **FILES, **BUILD_FILES, **RECOVERY, **CLUSTER_FILES,
                             **TENDER_FILES}

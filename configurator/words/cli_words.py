"""Why the command line refuses its arguments (cli/*: `CliError`), and the quote's refusal of a
build with errors (report/quote.py, report/upgrade_quote.py: `UnorderableError`) and its options
(`QuoteOptionError`). A refusal is a
`Msg`, framed by the flag or file it names (`--timeout: …`, words/input_words.py "input.at-file")
and worded once, in the user's language, by `words.errors.error_text`."""

from __future__ import annotations

from .marks import N_, P_, Entry

WORDS: dict[str, Entry] = {
    # --lang (words/i18n.py choose_language)
    "cli.unsupported-language": N_("unsupported language {language} (choose from {languages})"),
    # numbers and counts given as text
    "cli.not-a-number": N_("not a number: {value}"),
    "cli.value-not-a-number": N_("{value} is not a number"),
    "cli.finite-non-negative": N_("must be a finite number >= 0, got {value}"),
    "cli.at-least-one": N_("must be at least 1"),
    "cli.positive-seconds": N_("must be positive seconds (got {n})"),
    "cli.one-line": N_("one line, got {value}"),
    # compare and bom
    "cli.compare-count": N_("compare: give {min} to {max} build files, got {n}"),
    "cli.baseline-range": N_("{n} is not one of the builds 1..{max}"),
    # workload and recommend
    "cli.unknown-model": N_("unknown model {name}; known: {names}"),
    "cli.preset-or-shape": N_("give --preset NAME or a full shape (missing {flags})"),
    "cli.no-gpu": N_("no GPU {gpu} in the catalog"),
    "cli.not-part-n": N_("{item} is not PART=N"),
    # evaluate --trade-in
    "cli.trade-in": N_("expected PART=AMOUNT with 0 <= AMOUNT <= {max}"),
    # import from a BMC
    "cli.no-password": N_("no password (give --password-file F or set {env})"),
    "cli.session-token": N_("set {env} to the X-Auth-Token of an existing session"),
    "cli.insecure-and-ca": N_("--insecure and --ca-file contradict each other; give one"),
    # catalog, export, tender, gui, diagnose
    "cli.unknown-category": N_("--category: unknown category {category}"),
    "cli.builds-per-file": P_("at most {n} build per file", "at most {n} builds per file"),
    "cli.tender-outputs": N_("tender: give --pdf OUT and/or --xlsx OUT"),
    "cli.no-window": N_("the desktop window is not available from this entry point; run `configurator gui`"),
    "cli.results-need-build": N_("give --build too (the results are judged against its plan)"),
    # accept compare
    "cli.no-baseline": N_("no baseline stored for server {server}; run `configurator accept import BUILD RESULTS "
                          "--baseline` first"),
    "cli.no-serial": N_("(no serial)"),
    # cluster
    "cli.cluster-or-from": N_("cluster: give a cluster file or --from BUILD, not both or neither"),
    "cli.deadline-above-zero": N_("--deadline-days: must be above 0"),
    "cli.no-training": N_("the build has no training workload (or no network) to size for"),
    "cli.deadline-unreachable": N_("--deadline-days: no cluster of this build trains in {days} days"),
    # a quote of a build with errors, not a draft: the errors' lines follow
    "quote.unorderable": P_("the build has {n} error; fix it or quote it as a draft (--allow-errors):",
                            "the build has {n} errors; fix them or quote it as a draft (--allow-errors):"),
    "quote.unorderable-upgrade": P_("the upgraded build has {n} error; fix it or quote it as a draft "
                                    "(--allow-errors):",
                                    "the upgraded build has {n} errors; fix them or quote it as a draft "
                                    "(--allow-errors):"),
    # a quote's options refused (report/quote.py `QuoteOptionError`)
    "quote.no-build": N_("no build to quote: pass one build, or two or three as options A/B/C"),
    "quote.too-many-options": N_("{n} builds given: a quote holds at most 3 options (A/B/C)"),
    "quote.not-a-pair": N_("option {n}: expected a (Build, Evaluation) pair"),
    "quote.bad-currency": N_("currency {currency}: expected an ISO 4217 code such as USD"),
    "quote.currency-mismatch": N_("option {option}: evaluated in {evaluated}, quote is in {currency}; "
                                  "re-evaluate the build with site.currency = {currency}"),
    "quote.valid-days": N_("valid_days {days}: must be between 1 and 365"),
    "quote.revision": N_("revision {revision}: must be between 1 and 999"),
    "quote.bad-number": N_("quote number {number}: use letters, digits, '-', '.', '/' (max 40)"),
}

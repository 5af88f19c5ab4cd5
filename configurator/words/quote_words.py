"""The quote's words: every label, phrase and default clause the PDF quote, the upgrade quote, the
cluster plan and the appendix print, marked for the gettext catalog.

A quote is printed in the language the quote asks for (`Meta.language`), not the app's, so the
report looks its words up by their English text in that language's catalog (`QuoteWords`). Most
are ordinary catalog entries; the few whose English reads differently on a quote than elsewhere
in the app ("Description" is 品名 on a quote, 描述 in a list) carry msgctxt "quote" (`C_`).
"""

from __future__ import annotations

from ..core.message import Msg, Term
from ..store.vendor_settings import VendorSettings
from .i18n import Catalog, load_catalog
from .marks import C_, N_
from .render import named, spaced

#: the msgctxt of the quote's words that read differently elsewhere
CONTEXT = "quote"

#: the vendor-settings fields whose shipped placeholder text has a translation below
PLACEHOLDER_FIELDS = {"vendor": ("company", "address"), "quote": ("payment_terms", "lead_time", "warranty")}

WORDS: tuple[str, ...] = (
    N_("QUOTATION"),
    N_("Quote"),
    N_("Quote number"),
    N_("Revision"),
    N_("Issue date"),
    N_("Valid until"),
    N_("Currency"),
    N_("Customer PO"),
    N_("Project"),
    N_("PREPARED FOR"),
    N_("PREPARED BY"),
    N_("Contact"),
    N_("Bill to"),
    N_("Ship to"),
    N_("Tax ID"),
    N_("Bank"),
    N_("(customer not named)"),
    N_("Configuration summary"),
    N_("Option"),
    N_("option"),
    N_("Line items"),
    N_("#"),
    N_("Qty"),
    N_("Unit price"),
    N_("Extended"),
    N_("Unit price incl. tax"),
    N_("Amount incl. tax"),
    N_("Subtotal"),
    N_("Discount"),
    N_("Net"),
    N_("Tax / VAT"),
    N_("not included"),
    N_("Included tax / VAT"),
    N_("for information"),
    N_("Shipping"),
    N_("shipping included"),
    N_("Total"),
    N_("incl. tax"),
    N_("excl. tax"),
    N_("Prices include tax"),
    N_("Prices exclude tax"),
    N_("Differs by option (see totals)"),
    N_("Amount in words"),
    N_("Invoice"),
    N_("special"),
    N_("ordinary"),
    N_("Payment terms"),
    N_("Lead time"),
    N_("Delivery terms"),
    N_("Open items"),
    N_("Open items: none. The configuration passes all checks."),
    N_("ERROR"),
    N_("WARNING"),
    N_("Fix"),
    N_("Chassis layout"),
    N_("Configuration"),
    N_("Chassis"),
    N_("Size, weight"),
    N_("GPU memory"),
    N_("Compute (dense)"),
    N_("Network"),
    N_("Workload"),
    N_("Power"),
    N_("At the wall"),
    N_("PDU feeds"),
    N_("Airflow"),
    N_("Cooling"),
    N_("Site input"),
    N_("TCO, {years} years"),
    N_("Source build file"),
    N_("Terms and conditions"),
    N_("Acceptance"),
    N_("Name"),
    N_("Title"),
    N_("Date"),
    N_("Signature and company stamp"),
    N_("Vendor seal"),
    N_("Customer seal"),
    N_("Page {page} of {total}"),
    N_("NOT VALID FOR ORDER — open problems"),
    N_("DRAFT — NOT ORDERABLE"),
    N_("This draft quotes a build with errors; it cannot be signed or ordered until they are fixed:"),
    N_("Warnings"),
    N_("Options compared"),
    N_("Compute"),
    N_("Memory"),
    N_("Storage"),
    N_("Power and cooling"),
    N_("Accessories"),
    N_("Services"),
    N_("Other"),
    N_("Dense BF16"),
    N_("Max power"),
    N_("Rack units"),
    N_("The options are alternatives: each total stands alone and the options are not added together. "
       "Select one option in the acceptance block."),
    N_("This quotation offers {n} alternative configurations (options {letters}), each described and "
       "priced in its own section. Select one option to order."),
    # the upgrade quote (report/upgrade_quote.py)
    N_("Upgrade {label}"),
    N_("Upgrade of {name}"),
    N_(" (moved from {chassis})"),
    N_("Server: {name}{moved}. Only new parts are priced; the parts already installed stay at no charge,"
       " and removed parts are listed for return or trade-in."),
    N_("Parts"),
    N_("Upgrade total"),
    N_("Figure"),
    N_("Before"),
    N_("After"),
    N_("Change"),
    N_("Power, idle"),
    N_("Power, typical"),
    N_("Power, max"),
    N_("Power, peak (PSU sizing)"),
    N_("At the wall, idle"),
    N_("At the wall, typical"),
    N_("At the wall, max"),
    N_("Heat, typical"),
    N_("Heat, max"),
    N_("Heat, max, in BTU/h"),
    N_("Airflow needed"),
    N_("PSUs installed"),
    N_("PSU capacity under redundancy"),
    N_("PSU load, typical"),
    N_("PSUs"),
    N_("Losing one feed"),
    N_("n/a (no redundancy)"),
    N_("Slots"),
    N_("Buy"),
    N_("Take out"),
    N_("Move"),
    N_("on request"),
    N_("trade-in "),
    N_("No parts change."),
    N_("Problems the upgrade brings"),
    N_("Problems the upgrade resolves"),
    N_("None."),
    N_("Trade-in of removed parts"),
    N_("Net cost of the upgrade ({currency})"),
    N_("On request (no price in the price list): "),
    N_("Power, heat and PSUs before and after"),
    # the pinned software stack (report/stack_section.py) and what an upgrade asks of it (report/upgrade_quote.py)
    N_("Software stack (pinned)"),
    N_("Software stack"),
    N_("Component"),
    N_("Version"),
    N_("Source"),
    N_("Vendor details are placeholders: add vendor.toml to the configurator's settings folder (see "
       "examples/vendor-settings.toml)."),
    # the cluster plan (report/cluster_report.py, cluster_layout.py: the PDF and the GUI's drawings)
    # and the upgrade quote's slot lists; the plan's own names and problems go through the catalog
    N_("Cluster plan"),
    N_("Cluster plan: {name}"),
    N_("Servers"),
    N_("{n} ({gpus} GPUs)"),
    N_("Racks"),
    N_("Power, max at the wall"),
    N_("Facility at PUE"),
    N_("Floor"),
    N_("Weight"),
    N_("Capex"),
    N_("Not in capex or TCO (priced on request)"),
    N_("Prepared by"),
    N_("Time to train"),
    N_("{days} days, scaling efficiency {pct}"),
    N_("Rack elevation"),
    N_("Compute fabric"),
    N_("Storage fabric"),
    N_("Bill of materials"),
    N_("Item"),
    N_("Capex ({currency}, priced lines)"),
    N_("Problems and notes"),
    N_("Fix: {fix}"),
    N_("INFO"),
    N_("one feed lost: holds"),
    N_("one feed lost: OVERLOADED"),
    N_("{racks} racks, {servers} servers; max power per rack against its limit, and whether the "
       "surviving feed carries the rack when one feed is lost ({pct} % continuous rule)"),
    N_("; {more} more racks not drawn"),
    N_("switch"),
    N_("GPU {n}s"),
    N_("link {n}s"),
    N_("rail {n}"),
    N_(" ({n} leaves)"),
    N_("{ratio}:1 oversubscribed"),
    N_("non-blocking"),
    N_("one switch"),
    N_("{leaves} leaves, {spines} spines"),
    N_(", {cores} cores"),
    N_("rail r joins GPU r of every server"),
    N_("rail r joins link r of every server"),
    N_("{fabric}, {switch}: {rails} rails ({joins}), {tiers}; {links} server links at {gbps} Gb/s, "
       "{over}; bisection {tbps} Tb/s, {per_gpu} Gb/s per GPU"),
    N_("{n} slots: {first} … {last}"),
    N_("Already installed"),
    # the appendix "How these figures are computed" (report/appendix.py)
    N_("How these figures are computed"),
    N_("Each figure printed in this quote links here: how it is computed, its inputs with their values "
       "and where each input comes from (catalog entry and URL, price list, measurement, build setting "
       "or stated assumption). Inputs marked as estimates are not published figures. `configurator "
       "explain BUILD FIGURE` prints the same explanation."),
    N_("Sources"),
    # the internal copy's list of lines without a public part number (words/sku_words.unorderable_rows)
    N_("Lines to confirm with the vendor (no public part number)"),
    N_("Part"), N_("Why"),
    N_("Note"),
    N_("estimate"),
    N_("figure"),
    N_("none"),
    N_("{n} error"),
    N_("{n} errors"),
    N_("{n} warning"),
    N_("{n} warnings"),
    N_("not set"),
    # the summary's figures (report/figure_pairs.py)
    N_("(est.)"),
    N_("approx. {value}"),
    N_("{n} cores"),
    N_("{n} DIMMs"),
    N_("{capacity} in {dimms}, {used}/{total} channels at {speed}"),
    N_("{total} in total ({each} per GPU), {bandwidth}"),
    N_("{rate} per GPU"),
    N_("{n} days"),
    N_("; training ≈ {days}"),
    N_("{n} tokens/s"),
    N_("; decode up to {rate}"),
    N_("no PSUs installed"),
    N_("{count} × {rating}, {mode}, {usable} usable"),
    N_(" (peak load {pct})"),
    N_("idle {idle} · typical {typical} · max {max}"),
    N_("max {max} at {eff} PSU efficiency; DC peak {peak} (PSU output, GPU transients)"),
    N_("{n} PSU"),
    N_("{n} PSUs"),
    N_("{n} tons"),
    N_("{max} at max ({tons}); typical {typical}"),
    N_("{flow} at ΔT {dt_c} ({dt_f})"),
    N_("{kind}, capacity {capacity} at {ambient} ambient"),
    N_("{total}: capex {capex}, energy {energy}/yr, support {support}/yr"),
    # the chassis drawing (report/chassis_drawing.py)
    N_("top view, schematic (rear at top)"),
    N_("Cooling: {kind}"),
    N_("air"),
    N_("liquid"),
    N_("Power supplies"),
    N_("PCIe / NIC slots"),
    N_("CPUs and memory"),
    N_("GPU baseboard"),
    N_("Drive bays, front"),
    N_("{cpu} memory: {parts}"),
    N_("{n} empty"),
    N_("PCIe card"),
    N_("Drive"),
    N_("PSU"),
    N_("DIMM"),
    N_("empty slot"),
    N_("FRONT"),
    N_("Chassis drawing unavailable: chassis {chassis} is not in the catalog."),
    # vendor-settings placeholders: store/vendor_settings.py's built-in defaults and examples/vendor-settings.toml
    N_("Your Company Ltd."),
    N_("Street and number\nPostcode, City\nCountry"),
    N_("Net 30 days from invoice date."),
    N_("4–8 weeks after order, subject to component availability."),
    N_("Manufacturer warranty, 3 years return-to-base, unless support services are quoted."),
    N_("50 % on order, balance net 30 days from delivery."),
    N_("4–8 weeks after order, subject to GPU allocation."),
)

#: the terms of a quote invoiced with Chinese VAT (增值税发票): tax rate, invoice kind and place of
#: delivery in their own clauses (report/sections.py keeps the English default terms for other quotes)
VAT_TERMS: tuple[str, ...] = (
    N_("Validity. This quotation is valid until {valid_until}. GPU, memory and storage prices are volatile; "
       "after that date prices and availability must be reconfirmed."),
    N_("Prices. All prices are in {currency}, {tax_basis}; tax rate {tax_rate} (VAT), invoiced as {invoice}. "
       "Shipping is charged as shown; installation and site work are not included unless quoted as a line item."),
    N_("Payment. {payment_terms}"),
    N_("Delivery. {lead_time}"),
    N_("Place of delivery. {delivery}"),
    N_("Warranty. {warranty}"),
    N_("Technical figures. Power, heat, airflow, performance and workload figures are calculated from "
       "component data and stated assumptions; they are not guaranteed values. Power feeds, cooling and rack space at the "
       "site are the customer's responsibility."),
    N_("Acceptance. An order is accepted when the customer signs and stamps this quotation or sends a purchase "
       "order quoting number {number}, and {company} has confirmed it in writing."),
    N_("Cancellation and returns. Systems are built to order; once assembly has started an order cannot be "
       "cancelled and configured systems cannot be returned except under warranty."),
    N_("General terms. {company}'s general terms of sale apply."),
)

#: the export-control and end-use clause (core/export_control.py; vendor.toml [quote] export_control)
EXPORT_CLAUSE = N_(
    "Export control. The {gpus} quoted are controlled by the U.S. Export Administration Regulations (ECCN "
    "3A090/4A090; 15 CFR 742.6(a)(6) and 744.23). Delivery to {destination} requires a U.S. export licence: the "
    "order is conditional on its grant, and the lead time runs from it. The customer shall give a signed "
    "end-user and end-use statement and shall not re-export, transfer or use the items for a military end use or "
    "end user, or for supercomputer or advanced-chip production end uses, in breach of those regulations.")
EXPORT_CLAUSE_GENERAL = N_(
    "Export control. The products quoted are subject to the export-control laws of the United States and other "
    "countries; delivery is conditional on any licence they require. The customer shall give a signed end-user and "
    "end-use statement and shall not re-export, transfer or use the items for an end use those laws prohibit.")
DESTINATION_NAMES = {"CN": N_("China"), "HK": N_("Hong Kong, China"), "MO": N_("Macau, China")}
#: an A/B/C quote whose options' GPUs compute alike but link at different speeds (H100 and H800)
VARIANT_NOTE = N_(
    "{a} and {b} have the same dense BF16 compute ({tflops} TFLOPS per GPU) but different GPU-to-GPU bandwidth "
    "({a_gbs} and {b_gbs} GB/s per GPU): the {low} is the variant with reduced interconnect made for the China "
    "market, and training that exchanges much data between GPUs runs slower on it.")
BOTH_LICENSED = N_("Both need a U.S. export licence for China (ECCN 3A090).")

#: the quote's words that the report writes out in full (the label, the signature block)
VAT_WORDS = (N_("VAT invoice"), N_("as agreed in the contract"), N_("Quote {number} rev.\u00a0{revision}"),
             N_("Accepted for and on behalf of {customer}, under the terms above."), N_("Select one option:"))

#: the quote's words whose English reads differently elsewhere in the app: looked up under msgctxt "quote"
IN_CONTEXT: frozenset[str] = frozenset({
    C_("quote", "Tax"), C_("quote", "Part number"), C_("quote", "Description"), C_("quote", "Notes"),
    C_("quote", "CPUs"), C_("quote", "Host memory"), C_("quote", "GPUs"), C_("quote", "PSU plan"),
    C_("quote", "Heat"), C_("quote", "PSU load at peak"), C_("quote", ", "), C_("quote", "the customer"),
    C_("quote", "GPU"), C_("quote", "CPU"),   # the chassis drawing's legend: the kinds' names as they are
})


class Labels:
    """`labels("Quote number")`: one of the quote's words in the quote's language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.chinese = language == "zh_CN"
        self._catalog: Catalog | None = None

    @property
    def catalog(self) -> Catalog:
        """The gettext catalog of the quote's language (read once)."""
        if self._catalog is None:
            self._catalog = load_catalog(self.language)
        return self._catalog

    def named(self, value: Msg | Term | str) -> str:
        """A name the core gives (a rack, a BOM line) in the quote's language (`render.named`)."""
        return named(value, self.language)

    def __call__(self, text: str) -> str:
        if self.language == "en":
            return text
        if text in IN_CONTEXT:
            return self.catalog.pgettext(CONTEXT, text)
        return self.catalog.gettext(text)

    def fill(self, text: str, **values: object) -> str:
        """`text` in the quote's language with `values` put in; in Chinese a space where Han text
        meets a Latin word or a number at a value (words/render.py `spaced`)."""
        if self.chinese:
            return spaced(self(text), values)
        return self(text).format(**values)

    def settings(self, settings: VendorSettings) -> VendorSettings:
        """`settings` with the shipped placeholder texts (the built-in defaults, the values of
        examples/vendor-settings.toml) in the quote's language; a vendor's own wording stays as written."""
        if self.language == "en":
            return settings
        vendor = {k: self(getattr(settings.vendor, k)) for k in PLACEHOLDER_FIELDS["vendor"]}
        quote = {k: self(getattr(settings.quote, k)) for k in PLACEHOLDER_FIELDS["quote"]}
        return settings.model_copy(update={"vendor": settings.vendor.model_copy(update=vendor),
                                           "quote": settings.quote.model_copy(update=quote)})

    @property
    def money_locale_override(self) -> str | None:
        """The Babel locale a Chinese quote prints money and dates in (None: the vendor's)."""
        return "zh_CN" if self.chinese else None

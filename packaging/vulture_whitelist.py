"""Names vulture (`make lint`, pyproject's [tool.vulture]) would call unused, and why they are not.

Each is used where vulture cannot see it: Qt calls an override or a slot by name, pydantic reads
and writes a model's fields, reportlab and openpyxl read the attributes set on their objects,
pybabel and pyside6-lupdate extract the marked strings, the tests drive an API the app reaches
another way, an entry point is named in pyproject.toml. Code that nothing uses is deleted, not
listed here. The file is read by vulture, never imported by the app.
"""

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# -- Qt overrides and slots, called by Qt (or looked up by name)
_.eventFilter
_.contextMenuEvent
_.dragEnterEvent
_.dragMoveEvent
_.dragLeaveEvent
_.dropEvent
_.closeEvent
_.startDrag
_.mimeTypes
_.supportedDragActions
_.hasHeightForWidth
_.tickStrings             # pyqtgraph's AxisItem override
_.spacing                 # its argument
_.disambiguation          # QT_TRANSLATE_NOOP's third argument (qt/tr_marks.py, typed for mypy)
_._relay_changed          # qt/window/documents.py connects `"_relay_" + name`
_._relay_evaluated
_._relay_undo_changed
_._relay_clean_changed
_._relay_path_changed
_._on_build_evaluated     # qt/panels/widgets.py `subscribe(signal, owner, "method")`
_._worker                 # holds the import worker alive while its thread runs
_.act_next_doc            # QActions held by the window (their shortcuts are the use)
_.act_prev_doc

# -- read by the libraries the object is handed to
_.hAlign                  # reportlab flowables
_.drawHeight
_.drawWidth
_.getSpaceBefore
_.number_format           # openpyxl cells and sheets
_.freeze_panes
_.print_title_rows
_.print_area
_.orientation
_.fitToWidth
_.fitToHeight
_.fitToPage
_._content                # requests.Response (formats/importers/redfish_client.py)
_.encoding                # a TTFont's state, set from the font cache (report/fonts.py `_font`); reportlab reads it
_._asciiReadable
_.shapable
_._pdfScale               # a TTFontFace's unit scale, read by reportlab's subsetting
_.__getattr__             # formats/exporters: `from formats.exporters import EXPORTERS`, built on first use
_.login_url               # the redfish library's client

# -- fields of data models: read from files and written to JSON by pydantic and dataclasses
_.typical_pct
_.transient_factor
_.threads
_.base_ghz
_.boost_ghz
_.l3_mb
_.ranks
_.active_w
_.seq_write_mbs
_.protocols
_.internal_ports
_.external_ports
_.cache_gb
_.requires_facility_water
_.depth_mm
_.power_w
_.option_supported        # Evaluation fields, in `evaluate --json`
_.cpu_id
_.sockets_populated
_.gpu_gpu_gbs
_.price_date              # a BOM row's column
_.app_version             # a recovery copy's record

# -- strings marked for extraction (pybabel reads these lists; the code words them by value)
_.P_
_.OTHER
_.ARGPARSE_WORDS
_.FILES
_.BUILD_FILES
_.BUILD_NOTES
_.CLUSTER_FILES
_.CATALOG_FILES
_.VALIDATORS
_.SETTINGS
_.SEVERITY_LABELS
_.PLACING
_.TERMS                   # words/workload_words.py: N_ marks of the workload phases and bounds (gettext extracts them)

# -- entry points (pyproject.toml [project.gui-scripts])
_.gui_main

# -- API the tests drive (the app reaches the same state another way)
_.figure_fields           # tests/core/test_catalog.py: every figure has a source
_.applicable              # a Fix with ops
_.OP_ADAPTER              # an op from its JSON
_.total_labels            # tests/io/test_compare_exports.py reads the totals back
_.text_px                 # tests/qt/test_small_screens.py: the schematic stays readable
_.category_rows           # the palette's headers, as the tests read them
_.explain_filter
_.cell_filter
_.slot_menu_open
_.misses                  # the catalog cache's counter
_.saved_at_unix           # a recovery copy's time, as the kill tests compare it
_.fits_known              # the palette's deferred fit work, done
_.save_cluster
_.is_installed
_.examples_dir

# -- the team store (store/team/)
_.submit                  # quotes.submit/approve/revise: the CLI calls them by the command's name (getattr)
_.approve
_.revise
_.baselines               # the shared baselines table, created by the migrations (technicians' store)
_._begin                  # SQLAlchemy event listener ("begin"): BEGIN IMMEDIATE on SQLite
_.isolation_level         # sqlite3's driver setting, read by the driver
_.notified                # the Quotes view's count of notifications that made it read the list (the tests
                          # check a quote from another seat came by NOTIFY, not by polling)

# -- acceptance results: figures of a tool's output kept for the report and --json
_.write_gbs
_.read_iops
_.peak_size_bytes
_.avg_busbw_gbs
_.VAT_WORDS               # N_ marks: the quote words gettext extracts (used by msgid)

# -- the software stack: fields read from the table and the import, kept for --json
_.npu_firmware
_.binary_compat
_.bios
_.bmc_firmware
_.gpu_firmware
_.gpu_vbios

# -- this wave's names that only a library, gettext or the tests read
_.writelines              # cli/printable.py: part of the text-stream protocol print() and libraries use
_.RULE_URL                # core/export_control.py: the public sources of the licence rule, cited in code
_.H20_URL
_.ConnectionCls           # urllib3 reads a pool's connection class by this name
_.pool_classes_by_scheme  # urllib3's pool manager reads it
_.root_resp               # the redfish library's login reads the root response from it
_.JSON_KINDS              # N_ marks of the JSON kinds' words (gettext extracts them)
_.FORM_WORDS              # N_ marks of the form-factor and cooling words (gettext extracts them; shown by value)
_.DEFAULT_RACK            # the default rack model's N_ mark (worded as a Term)
_.help                    # argparse reads an action's help (recommend's own --batch wording)
_.QT_CATALOG_GAPS          # qt/window/language_menu.py: marks of Qt dialog words its zh_CN catalog lacks (lupdate extracts them)

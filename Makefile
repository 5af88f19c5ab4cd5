# One command sets up and runs the app; one sets up and runs the tests.
# Each creates .venv on first use (needs only Python >= 3.11 and the package registry).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-0.1

.PHONY: team-server run test test-slow lint bench clean dist test-wheel translations bundle bundle-check bundle-startup icon system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m configurator $(ARGS)

# The suite in PYTEST_WORKERS processes (pytest-xdist; 0: in this one), each test file whole to
# one worker so that its module fixtures are built once. Budget: under ~5 min on 2 cores, lint
# included; a check that needs longer is marked `slow` and runs in `make test-slow` (docs/testing.md).
PYTEST_WORKERS ?= 2

test: $(STAMP) lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# the long runs marked `slow` (pyproject's addopts deselect them; an explicit -m overrides that),
# then the property tests with every example of the "thorough" hypothesis profile (tests/conftest.py)
test-slow: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m slow $(PYTEST_ARGS)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n $(PYTEST_WORKERS) --hypothesis-profile=thorough \
		tests/core/test_properties.py tests/core/test_properties_files.py $(PYTEST_ARGS)

# the machine checks (configured in pyproject.toml): ruff, mypy (qt/ and launch.py included), vulture
# (dead code; packaging/vulture_whitelist.py lists what only Qt, the libraries or the tests use) and the
# import contracts (one layers contract: qt|cli > formats > report > words > store > core; docs/architecture.md)
lint: $(STAMP)
	$(VENV)/bin/ruff check configurator tests bench packaging
	$(VENV)/bin/mypy
	$(VENV)/bin/vulture
	$(VENV)/bin/lint-imports

# the Debian/Ubuntu packages in packaging/system-packages.txt (root or sudo; apt-get)
system-deps:
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y $$(grep -v '^#' packaging/system-packages.txt)

bench: $(STAMP)
	for b in bench/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# sdist and wheel in dist/ (the wheel carries catalogs/, resources/, examples/; see setup.py)
dist: $(STAMP)
	$(PY) -m build --outdir dist .

# build the wheel, install it into a fresh venv and run the CLI from outside the source tree
test-wheel: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/test_packaging.py $(PYTEST_ARGS)

# re-extract the Qt (.ts) and gettext (.pot/.po) strings from the code and compile .qm/.mo
translations: $(STAMP)
	$(PY) packaging/translations.py

# the one-folder desktop bundle in dist/configurator/ (packaging/configurator.spec, PyInstaller from the
# `bundle` extra; ~1.5-3 min on 2 cores, ~350 MB on Linux) and its check: every command of the app run
# from the bundle in an empty folder, offscreen, with what each writes checked (PDF, XLSX, PNG in
# English and Chinese, the team store on SQLite, imports and verify of a probe folder; 1-2 min);
# bundle-startup times the bundled `check` against the venv's. Not part of `make test` (which holds
# the spec with tests/test_bundle_check.py): see packaging/README.md.
BUNDLE_STAMP := $(VENV)/.installed-bundle

$(BUNDLE_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[test,bundle]'
	touch $(BUNDLE_STAMP)

bundle: $(BUNDLE_STAMP)
	$(VENV)/bin/pyinstaller packaging/configurator.spec --noconfirm --distpath dist --workpath build/pyinstaller

bundle-check: $(BUNDLE_STAMP)
	$(PY) packaging/bundle_check.py

bundle-startup: $(BUNDLE_STAMP)
	$(PY) packaging/bundle_startup.py

# redraw resources/icons/configurator.png and .ico from the SVG
icon: $(STAMP)
	$(PY) packaging/make_icon.py

clean:
	rm -rf $(VENV) build dist *.egg-info

# a local PostgreSQL for a team trial on 127.0.0.1:5433 (docs/team-store.md); Ctrl-C stops it
team-server: $(STAMP)
	$(PY) packaging/team_server.py 5433

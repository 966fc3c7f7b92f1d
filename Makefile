# dp_geoprivacy: one Makefile for set-up, tests, demo, packaging and qgis_process.
# Works on a fresh Debian bookworm machine as root: installs what is missing, once.

SHELL := /bin/bash
.DEFAULT_GOAL := help

SYSTEM_PYTHON := /usr/bin/python3
VENV := .venv
PY := $(CURDIR)/$(VENV)/bin/python
VERSION := $(shell sed -n 's/^version=//p' metadata.txt)
ZIP := dist/dp_geoprivacy-$(VERSION).zip

# Debian packages: QGIS and its Python, Qt translation tools, a virtual screen, and Chromium (the HTML pages are
# tested in it: tests/qgis/test_html_in_browser.py).
APT_PACKAGES := qgis python3-qgis qgis-providers python3-venv python3-pip python3-gdal \
	python3-scipy python3-pyproj pyqt5-dev-tools qttools5-dev-tools xvfb xauth zip unzip time chromium
# Into the venv (which also sees Debian's packages). numpy stays below 2:
# QGIS's GDAL bindings are built on numpy 1.
PIP_PACKAGES := "numpy<2" "shapely>=2,<3" "h3>=4,<5" "pytest>=7" "pytest-qgis>=2" \
	"ruff>=0.5" "flake8>=7" "flake8-qgis>=1"

# The working-tree plugin, staged as QGIS expects a plugin folder, and a
# private QGIS profile with it enabled.
STAGE := $(CURDIR)/build/plugins
PROFILE := $(CURDIR)/build/qgis-profile
QGIS_PROCESS_BIN := /usr/bin/qgis_process.bin
QGIS_ENV = QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/runtime-$$(id -u) \
	QGIS_CUSTOM_CONFIG_PATH=$(PROFILE) QGIS_PLUGINPATH=$(STAGE) \
	PYTHONPATH=$$(echo $(CURDIR)/$(VENV)/lib/python3*/site-packages)

.PHONY: help deps system-packages stage qgis_process test test-lane-host test-lane-root test-core test-qgis lint \
	package i18n demo desktop-check screenshots html-screenshots docs benchmark audit clean

help:
	@echo "make demo                      run the sample-data demo (installs what is missing)"
	@echo "make test                      linters, core tests, QGIS tests, qgis_process runs"
	@echo "make package                   build $(ZIP), checked as the plugin repository checks uploads"
	@echo "make qgis_process ARGS='...'   the real qgis_process with this plugin enabled"
	@echo "make i18n                      extract strings to i18n/*.ts and compile .qm"
	@echo "make desktop-check             start QGIS desktop under xvfb, screenshot the toolbox"
	@echo "make screenshots               screenshot every algorithm's dialog in QGIS desktop into docs/img/dialogs/"
	@echo "make html-screenshots          screenshot every HTML page in headless Chromium into docs/img/html/"
	@echo "make docs                      regenerate docs/algorithms/ from the plugin"
	@echo "make benchmark                 run the benchmarks in benchmarks/"
	@echo "make audit                     empirical privacy audit: lower bounds on epsilon per release (AUDIT_RUNS)"

# ---------------------------------------------------------------- set-up --
system-packages:
	@missing=$$(for p in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

$(VENV)/bin/python: | system-packages
	$(SYSTEM_PYTHON) -m venv --system-site-packages $(VENV)

$(VENV)/.installed: Makefile | $(VENV)/bin/python
	$(VENV)/bin/pip install -q --disable-pip-version-check $(PIP_PACKAGES)
	@touch $@

deps: system-packages $(VENV)/.installed

# Links already right are left alone, so concurrent `make qgis_process` runs (the ledger tests start
# several) never see a link removed for a moment.
stage:
	@mkdir -p $(STAGE)/dp_geoprivacy $(PROFILE)/profiles/default/QGIS
	@find $(STAGE)/dp_geoprivacy -maxdepth 1 -xtype l -delete
	@for f in dp_geoprivacy/* metadata.txt resources i18n; do \
		link=$(STAGE)/dp_geoprivacy/$$(basename $$f); \
		[ "$$(readlink $$link)" = "$(CURDIR)/$$f" ] || ln -sfn $(CURDIR)/$$f $$link; done
	@ini=$(PROFILE)/profiles/default/QGIS/QGIS3.ini; \
	grep -qs '^dp_geoprivacy=true' $$ini || printf '[PythonPlugins]\ndp_geoprivacy=true\n' >> $$ini

# ARGS reaches qgis_process through the environment and Python's shlex (quotes honoured as in a shell), never
# through the recipe's shell: INPUT=trips.gpkg|layername=trips stays one argument, not a pipe whose exit status
# hides qgis_process's.
qgis_process: export ARGS := $(ARGS)
qgis_process: deps stage
	@$(QGIS_ENV) /usr/bin/python3 -c 'import os, shlex, sys; \
		os.execv(sys.argv[1], sys.argv[1:2] + shlex.split(os.environ.get("ARGS", "")))' $(QGIS_PROCESS_BIN)

# ----------------------------------------------------------------- tests --
lint: deps
	$(VENV)/bin/ruff check dp_geoprivacy tests benchmarks docs resources
	$(VENV)/bin/flake8 --select=QGS --extend-exclude=.peer-venv,.venv,build dp_geoprivacy tests benchmarks docs resources

# Which tests (and pytest options) test-core and test-qgis run, e.g.
# make test-qgis TESTS_QGIS="tests/qgis/privacy_report -k ledger"
TESTS_CORE ?= tests/core
TESTS_QGIS ?= tests/qgis

test-core: deps
	$(VENV)/bin/python -m pytest -p no:pytest_qgis -p no:cacheprovider $(TESTS_CORE)

test-qgis: deps stage i18n-compile pg-start
	$(QGIS_ENV) DP_GEOPRIVACY_TEST_PG="$(PG_CONN)" $(VENV)/bin/python -m pytest -p no:cacheprovider $(TESTS_QGIS)

# Two lanes on the two cores: the host's QGIS 3.22 (lint, core, QGIS, wheels, Spark) and the
# QGIS 3.40 root. Shared set-up first (one pip, one lrelease); each lane's output is printed
# whole when it ends; both lanes always run, and the target fails if either did. The PostgreSQL
# test cluster (.ci/postgres.mk) is started first and stopped at the end, however the tests end.
test: deps stage i18n-compile wheels spark-deps pg-start
	@trap '$(MAKE) --no-print-directory pg-stop' EXIT; \
	$(MAKE) --no-print-directory -j2 --output-sync=recurse test-lane-host test-lane-root

test-lane-host:
	@status=0; for step in lint test-core test-qgis test-wheels test-spark; do \
		echo "== make $$step (QGIS 3.22)"; $(MAKE) --no-print-directory $$step || status=1; done; \
	exit $$status

test-lane-root:
	@echo "== make test-qgis-340"; $(MAKE) --no-print-directory test-qgis-340
include .ci/postgres.mk
include .ci/qgis340.mk
include .ci/spark.mk

# ------------------------------------------------------------- packaging --
i18n-compile: deps
	@for ts in i18n/*.ts; do [ -e "$$ts" ] || continue; \
		qm=$${ts%.ts}.qm; [ "$$qm" -nt "$$ts" ] || lrelease -silent $$ts -qm $$qm; done

i18n: deps
	pylupdate5 -noobsolete $$(find dp_geoprivacy -name '*.py' | sort) -ts i18n/dp_geoprivacy_de.ts
	@# pylupdate writes quotes as entities: keep them plain, as translators edit them (smaller diffs, no conflicts)
	sed -i "s/&apos;/'/g; s/&quot;/\"/g" i18n/dp_geoprivacy_de.ts
	lrelease -silent i18n/dp_geoprivacy_de.ts -qm i18n/dp_geoprivacy_de.qm

package: deps i18n-compile
	@rm -rf build/package dist/dp_geoprivacy-*.zip && mkdir -p build/package/dp_geoprivacy dist
	@cp -r dp_geoprivacy/. build/package/dp_geoprivacy/
	@rm -rf build/package/dp_geoprivacy/spark  # optional Spark path (pyspark): not part of the plugin
	@cp metadata.txt README.md LICENSE build/package/dp_geoprivacy/
	@cp -r resources build/package/dp_geoprivacy/resources
	@$(SYSTEM_PYTHON) docs/build_help.py build/package/dp_geoprivacy/help  # the Help buttons' pages
	@mkdir -p build/package/dp_geoprivacy/i18n && cp i18n/*.qm build/package/dp_geoprivacy/i18n/ 2>/dev/null || true
	@find build/package -name '__pycache__' -prune -exec rm -rf {} +
	@find build/package -name '*.pyc' -delete
	@cd build/package && zip -qr9 $(CURDIR)/$(ZIP) dp_geoprivacy
	@$(SYSTEM_PYTHON) .ci/check_plugin_zip.py $(ZIP) --package-name dp_geoprivacy \
		--version $$(sed -n 's/^__version__ = "\(.*\)"/\1/p' dp_geoprivacy/__init__.py) || { rm -f $(ZIP); exit 1; }
	@echo "$(ZIP)"

# ------------------------------------------------------------ demo & co --
demo: deps stage
	$(QGIS_ENV) $(PY) docs/demo/run_demo.py

desktop-check: package
	$(QGIS_ENV) $(PY) docs/desktop/desktop_check.py $(ZIP) docs/img/processing_toolbox.png

screenshots: package
	$(QGIS_ENV) $(PY) docs/desktop/screenshots.py $(ZIP) docs/img/dialogs

html-screenshots: deps stage i18n-compile
	$(QGIS_ENV) DP_GEOPRIVACY_HTML_SCREENSHOTS=$(CURDIR)/docs/img/html $(VENV)/bin/python -m pytest -p no:cacheprovider \
		tests/qgis/test_html_in_browser.py -k test_content_is_rendered

docs: deps stage
	$(QGIS_ENV) $(PY) docs/generate_algorithm_docs.py

benchmark: deps stage
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(QGIS_ENV) $(PY) $$b || exit 1; done

# The empirical privacy audit (benchmarks/audit): lower bounds on epsilon for every release core function and
# unit of privacy, from attacks on neighbouring datasets over AUDIT_RUNS unseeded runs each. Not part of make test.
AUDIT_RUNS ?= 20000
audit: deps
	$(VENV)/bin/python -m benchmarks.audit $(AUDIT_RUNS)

clean:
	rm -rf build dist demo-output

include .ci/wheels.mk

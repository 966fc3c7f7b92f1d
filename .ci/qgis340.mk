# QGIS 3.40 LTR (Debian trixie: Python 3.13, numpy 2, GDAL 3.10) beside the
# machine's QGIS 3.22. Included from the Makefile.
#
# A trixie root is built once with debootstrap from Debian's packages and kept
# OUTSIDE the clone (TRIXIE_ROOT), so fresh clones (CI) reuse it. The project is
# bind-mounted at /project inside it by .ci/in-root; the tests run in a venv in
# the root (/opt/dp-venv, --system-site-packages) on trixie's own numpy 2: no pin.
#
#   make test-qgis-340              core + QGIS tests on QGIS 3.40
#   make trixie-root                build or update the root only
#   make TRIXIE_ROOT=/elsewhere ... use another root

TRIXIE_ROOT ?= /var/cache/dp_geoprivacy/trixie-root
TRIXIE_MIRROR ?= http://deb.debian.org/debian
TRIXIE_SECURITY_MIRROR ?= http://deb.debian.org/debian-security
TRIXIE_KEYRING ?= /usr/share/keyrings/debian-archive-keyring.gpg
# The Makefile's own list (so `make package` works inside the root), plus make and
# trixie's numpy 2 and shapely 2.1.
TRIXIE_APT_PACKAGES := $(APT_PACKAGES) make python3-numpy python3-shapely ca-certificates e2fsprogs
# numpy, scipy, pyproj and shapely come from trixie; only these from PyPI.
TRIXIE_PIP_PACKAGES := "h3>=4,<5" "pytest>=7" "pytest-qgis>=2"
TRIXIE_VENV := /opt/dp-venv
# Which QGIS tests (and pytest options) test-qgis-340 runs.
TESTS_340 ?= tests/qgis
# What the root was built with; a change rebuilds the packages step (not debootstrap).
TRIXIE_SPEC := $(TRIXIE_APT_PACKAGES) | $(TRIXIE_PIP_PACKAGES) | $(TRIXIE_VENV)
IN_TRIXIE = $(CURDIR)/.ci/in-root $(TRIXIE_ROOT) $(CURDIR)

# Plugin stage and profile for 3.40, inside the clone, with paths as seen in the root.
STAGE_340 := /project/build/qgis340/plugins
PROFILE_340 := /project/build/qgis340/profile
QGIS_VARS_340 := QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/runtime-root \
	QGIS_CUSTOM_CONFIG_PATH=$(PROFILE_340) QGIS_PLUGINPATH=$(STAGE_340) \
	PYTHONPATH=$$(echo $(TRIXIE_VENV)/lib/python3*/site-packages)
# The tests' qgis_process runs (tests/qgis/conftest.py) get these settings explicitly, as
# `make qgis_process` gives them on the host (pytest-qgis changes the test process's own).
QGIS_ENV_340 := $(QGIS_VARS_340) DP_GEOPRIVACY_QGIS_PROCESS="env $(QGIS_VARS_340) /usr/bin/qgis_process.bin"

.PHONY: trixie-root test-qgis-340 qgis340-shell

# Idempotent: debootstrap once (into a .partial directory, renamed when complete),
# then apt/pip whenever TRIXIE_SPEC differs from the stamp. flock: one builder at a time.
trixie-root:
	@command -v debootstrap >/dev/null || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
	@mkdir -p $(dir $(TRIXIE_ROOT))
	@exec 9>$(TRIXIE_ROOT).lock && flock 9 && set -e && \
	if [ ! -e $(TRIXIE_ROOT)/.debootstrap-done ]; then \
		echo "Building the QGIS 3.40 root $(TRIXIE_ROOT) (debootstrap trixie; once)"; \
		rm -rf --one-file-system $(TRIXIE_ROOT).partial; \
		$$(unshare --mount --propagation private true 2>/dev/null && echo unshare --mount --propagation private) \
		debootstrap --variant=minbase --keyring=$(TRIXIE_KEYRING) trixie \
			$(TRIXIE_ROOT).partial $(TRIXIE_MIRROR) > $(TRIXIE_ROOT).debootstrap.log 2>&1 || \
			{ tail -20 $(TRIXIE_ROOT).debootstrap.log; exit 1; }; \
		printf '%s\n' "deb $(TRIXIE_MIRROR) trixie main" "deb $(TRIXIE_MIRROR) trixie-updates main" \
			"deb $(TRIXIE_SECURITY_MIRROR) trixie-security main" > $(TRIXIE_ROOT).partial/etc/apt/sources.list; \
		touch $(TRIXIE_ROOT).partial/.debootstrap-done; \
		rm -rf --one-file-system $(TRIXIE_ROOT) && mv $(TRIXIE_ROOT).partial $(TRIXIE_ROOT); \
	fi; \
	if [ "$$(cat $(TRIXIE_ROOT)/.dp_geoprivacy-spec 2>/dev/null)" != '$(TRIXIE_SPEC)' ]; then \
		echo "Installing QGIS 3.40 and the test tools into $(TRIXIE_ROOT)"; \
		$(IN_TRIXIE) /bin/sh -ec 'export DEBIAN_FRONTEND=noninteractive; \
			apt-get update -qq; \
			apt-get install -y -qq --no-install-recommends $(TRIXIE_APT_PACKAGES) >/dev/null; \
			apt-get clean; \
			[ -x $(TRIXIE_VENV)/bin/python ] || python3 -m venv --system-site-packages $(TRIXIE_VENV); \
			$(TRIXIE_VENV)/bin/pip install -q --disable-pip-version-check $(TRIXIE_PIP_PACKAGES)'; \
		echo '$(TRIXIE_SPEC)' > $(TRIXIE_ROOT)/.dp_geoprivacy-spec; \
	fi

# The .qm files are compiled on the host (i18n-compile); the root only reads them.
test-qgis-340: trixie-root i18n-compile pg-start
	$(IN_TRIXIE) /bin/bash -ec 'cd /project; \
		mkdir -p $(STAGE_340)/dp_geoprivacy $(PROFILE_340)/profiles/default/QGIS; \
		find $(STAGE_340)/dp_geoprivacy -maxdepth 1 -xtype l -delete; \
		for f in dp_geoprivacy/* metadata.txt resources i18n; do \
			ln -sfn /project/$$f $(STAGE_340)/dp_geoprivacy/$$(basename $$f); done; \
		ini=$(PROFILE_340)/profiles/default/QGIS/QGIS3.ini; \
		grep -qs "^dp_geoprivacy=true" $$ini || printf "[PythonPlugins]\ndp_geoprivacy=true\n" >> $$ini; \
		$(QGIS_ENV_340) /usr/bin/qgis_process.bin --version 2>/dev/null | head -5 || true; \
		status=0; \
		$(TRIXIE_VENV)/bin/python -m pytest -p no:pytest_qgis -p no:cacheprovider -q tests/core || status=1; \
		$(QGIS_ENV_340) DP_GEOPRIVACY_TEST_PG="$(PG_CONN)" \
			$(TRIXIE_VENV)/bin/python -m pytest -p no:cacheprovider $(TESTS_340) || status=1; \
		exit $$status'

# An interactive shell in the root with the project at /project.
qgis340-shell: trixie-root
	$(IN_TRIXIE) /bin/bash

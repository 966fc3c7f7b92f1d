# QGIS with numpy, scipy, pyproj, shapely and h3 as PyPI wheels first on its
# Python path (issue 9, section 1): what `python3 -m pip install --target DIR`
# gives a user who puts DIR on PYTHONPATH, and what the plugin's install hint
# leads to. Included from the Makefile, after QGIS_ENV.
#
#   make wheels        build/wheels, installed once from PyPI (again when WHEELS_PACKAGES changes)
#   make test-wheels   core binding tests and a subset of the QGIS tests with the wheels first
#
# The QGIS subset: every test that runs the real qgis_process (the suite names
# them test_qgis_process_* and test_model_*: all eight algorithms, models and
# the zip installed in a fresh profile), tests/qgis/test_wheels.py (the
# dynamic linker's bindings of a real run), and the desktop start under Xvfb,
# which runs one algorithm and must quit with status 0. qgis_process is run by
# the tests through `make qgis_process`, which sees WHEELS_FIRST in MAKEFLAGS.

WHEELS_DIR := $(CURDIR)/build/wheels
WHEELS_PACKAGES := "shapely>=2" "h3>=4" "numpy<2" scipy pyproj
WHEELS_QGIS_TESTS := qgis_process or model or desktop or wheels

# Set (by test-wheels) to a folder to put ahead of the venv on QGIS's Python path.
WHEELS_FIRST ?=
ifneq ($(WHEELS_FIRST),)
QGIS_ENV += PYTHONPATH=$(WHEELS_FIRST):$$(echo $(CURDIR)/$(VENV)/lib/python3*/site-packages) \
	DP_GEOPRIVACY_EXPECT_WHEELS=1 DP_GEOPRIVACY_WHEELS_DIR=$(WHEELS_FIRST)
endif

.PHONY: wheels test-wheels test-wheels-run

# The stamp holds the package list: the folder is made again only when that changes.
WHEELS_STAMP := $(WHEELS_DIR)/.installed
ifneq ($(shell cat $(WHEELS_STAMP) 2>/dev/null),$(WHEELS_PACKAGES))
.PHONY: $(WHEELS_STAMP)
endif

$(WHEELS_STAMP): | system-packages
	rm -rf $(WHEELS_DIR)
	$(SYSTEM_PYTHON) -m pip install -q --disable-pip-version-check --no-warn-script-location \
		--target $(WHEELS_DIR) $(WHEELS_PACKAGES)
	@echo '$(WHEELS_PACKAGES)' > $@

wheels: $(WHEELS_STAMP)

test-wheels: deps stage i18n-compile wheels
	@$(MAKE) --no-print-directory test-wheels-run WHEELS_FIRST=$(WHEELS_DIR)

# Both steps run even when the first fails; the target fails if either did.
test-wheels-run:
	@status=0; \
	$(QGIS_ENV) $(VENV)/bin/python -m pytest -p no:pytest_qgis -p no:cacheprovider \
		tests/core/test_own_libraries.py tests/core/test_requirements.py || status=1; \
	$(QGIS_ENV) $(VENV)/bin/python -m pytest -p no:cacheprovider tests/qgis -k "$(WHEELS_QGIS_TESTS)" || status=1; \
	exit $$status

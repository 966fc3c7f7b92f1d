# dp_geoprivacy.spark (issue 15): Java and pyspark for the Spark path, and its tests.
# Included from the Makefile after QGIS_ENV. pyspark goes into the project venv
# only; the plugin zip never contains or needs it (make package leaves
# dp_geoprivacy/spark out).
#
#   make spark-deps    Debian's Java runtime and pyspark (with pandas and pyarrow) in .venv, once
#   make test-spark    tests/spark on Spark local[2], then the QGIS tests of Spark outputs (tests/qgis/test_spark_*.py)

SPARK_APT_PACKAGES := openjdk-17-jre-headless
# pyspark 3.5 (Java 17, Python 3.11); pandas and pyarrow in the versions it supports; numpy stays below 2.
SPARK_PIP_PACKAGES := "pyspark[sql]>=3.5,<3.6" "pandas>=2,<2.3" "pyarrow>=11,<18" "numpy<2"
SPARK_STAMP := $(VENV)/.spark-installed

.PHONY: spark-deps test-spark

$(SPARK_STAMP): .ci/spark.mk | $(VENV)/.installed
	@missing=$$(for p in $(SPARK_APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	$(VENV)/bin/pip install -q --disable-pip-version-check $(SPARK_PIP_PACKAGES)
	@touch $@

spark-deps: deps $(SPARK_STAMP)

# The Spark tests make their own local[2] session (tests/spark/conftest.py).
test-spark: spark-deps stage i18n-compile
	PYSPARK_PYTHON=$(PY) $(VENV)/bin/python -m pytest -p no:pytest_qgis -p no:cacheprovider -W ignore::DeprecationWarning tests/spark
	$(QGIS_ENV) DP_GEOPRIVACY_SPARK_TESTS=1 PYSPARK_PYTHON=$(PY) $(VENV)/bin/python -m pytest -p no:cacheprovider tests/qgis/test_spark_*.py

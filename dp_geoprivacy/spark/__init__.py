"""dp_geoprivacy on Apache Spark (issue 15): the releases for inputs too large for one machine.

Optional: needs pyspark (and Java); the QGIS plugin never imports this
package and its zip leaves it out. No QGIS import here. Spark does the
exact, non-private part (cells, user bound, aggregates); the driver calls
the same core release code as the plugin for the noise, thresholds, output
order, privacy record and ledger entry. Command line: ``python -m
dp_geoprivacy.spark noisyzonecounts|noisyzonestatistics|noisyodflows
KEY=VALUE ...`` (see __main__.py and docs/spark_cluster.md).
"""

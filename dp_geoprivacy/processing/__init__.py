"""QGIS Processing glue: provider, algorithms, layer I/O and metadata."""

"""Differential-privacy mechanisms, sensitivity and accounting rules.

This package works on numpy arrays and imports only numpy, shapely, pyproj,
h3, scipy and the standard library: no QGIS and no Qt, so every privacy
claim can be tested without a GIS.
"""

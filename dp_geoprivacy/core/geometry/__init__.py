"""Public geometry: H3 cells, zones and point location, metric CRSs, PROJ data.
"""

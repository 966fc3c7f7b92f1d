"""Accuracy before and after a release: planner figures, utility measures, escape analysis, charts and
pages.
"""

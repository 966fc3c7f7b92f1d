"""Privacy accounting: composition, the ledger and its stores, per-person exposure, source fingerprints
and the privacy record.
"""

"""One function per release, ``release_...(data, spec, rng, before_noise) -> Release``: filtering,
bounding, noise, thresholds, output order, and what may be published.
"""

"""Noise mechanisms and their samplers: counts (Laplace with snapping, discrete Laplace, discrete
Gaussian), locations, bounded sums and quantiles, and the keyed generator.
"""

"""The empirical privacy audit (``make audit``): lower bounds on epsilon from attacks on neighbouring datasets."""

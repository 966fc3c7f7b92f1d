"""One module per Processing algorithm."""

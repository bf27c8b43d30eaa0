"""Printers: IR programs -> source text for one target."""

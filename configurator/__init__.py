"""Vendor-neutral, offline configurator for AI training and inference servers."""

__version__ = "0.1.0"

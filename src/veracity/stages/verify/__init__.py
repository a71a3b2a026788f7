"""Verification stages."""

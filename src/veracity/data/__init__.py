"""Benchmark loaders and dataset builders."""

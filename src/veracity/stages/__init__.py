"""Pipeline stages (retrieval, verification, ...), each usable on its own and composed by detectors."""

"""Evidence retrieval stages."""

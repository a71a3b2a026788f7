"""Training: synthetic data builders and trainers (the verifier)."""

"""Model backends behind small protocols; every model is found offline (see :mod:`veracity.models.catalog`)."""

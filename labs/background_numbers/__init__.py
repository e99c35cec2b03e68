"""Background numbers: the figures of the background chapter, computed from published shapes."""

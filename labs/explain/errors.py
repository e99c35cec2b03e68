"""What explain refuses with: one message a learner can act on. No torch here, so that the
command line checks its arguments before torch takes seconds to import."""


class ExplainError(Exception):
    """Something about the module or its input that the learner can fix; the message says how."""

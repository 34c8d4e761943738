"""The reasoner service: step tasks → parallel hypotheses from the Triton `reasoner` model."""

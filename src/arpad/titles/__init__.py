"""Norms and titles: rules that reward performances, computed on top of ratings."""

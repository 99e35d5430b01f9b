"""Checking replayed games against the rules: a timeline of phases built from the logs, the
game's rules family run over it, and a report of findings and of what could not be checked."""

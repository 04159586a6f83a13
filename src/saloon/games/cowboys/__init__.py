"""Cowboys: The Way of the Gun, a tactical skirmish on square-grid town boards (``cowboys``)."""

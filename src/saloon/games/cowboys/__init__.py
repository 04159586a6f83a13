"""Cowboys: The Way of the Gun."""

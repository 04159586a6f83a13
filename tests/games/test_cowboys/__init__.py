"""The tests of Cowboys (a package, so that its modules share conftest's helpers)."""

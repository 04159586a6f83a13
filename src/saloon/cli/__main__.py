"""``python -m saloon.cli``: the same as the ``saloon`` command."""

from saloon.cli.main import main

main()

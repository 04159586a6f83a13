"""The ``saloon`` command: a click group with one subcommand per activity.

Every :class:`~saloon.core.errors.SaloonError` (bad input: an option, an
action, a file) and every malformed command line (click's usage errors) is
printed as one line ``error: ...`` with exit code 2, never as a traceback.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from saloon import __version__
from saloon.cli.info import advise_command, games_command, rules_command, solve_command
from saloon.cli.lab import (
    arena_command,
    bench_command,
    report_command,
    runs_command,
    simulate_command,
)
from saloon.cli.play import play_command
from saloon.cli.replay import replay_command
from saloon.cli.review import review_command
from saloon.cli.serve import serve_command
from saloon.cli.sweep import sweep_command
from saloon.core.errors import SaloonError


def _usage_line(exc: click.UsageError) -> str:
    """Click's message on one line, each overlong word cut short (click
    quotes what was typed in full: a number of 5,000 digits, say)."""
    where = f" (see '{exc.ctx.command_path} -h')" if exc.ctx is not None else ""
    words = [
        w if len(w) <= 60 else f"{w[:30]}...({len(w):,} characters)"
        for w in exc.format_message().split()
    ]
    return f"error: {' '.join(words)}{where}"


class SaloonGroup(click.Group):
    """A click group that turns Saloon's input errors into one line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            click.echo(_usage_line(exc), err=True)
            ctx.exit(2)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            click.echo(_usage_line(exc), err=True)
            ctx.exit(2)
        except SaloonError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            ctx.exit(130)
        except EOFError:
            click.echo("\ninput ended", err=True)
            ctx.exit(1)


@click.group(cls=SaloonGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="saloon")
def main() -> None:
    """Saloon: play, solve and simulate tabletop dice games, true to their rulebooks."""


main.add_command(play_command)
main.add_command(solve_command)
main.add_command(advise_command)
main.add_command(rules_command)
main.add_command(replay_command)
main.add_command(review_command)
main.add_command(serve_command)
main.add_command(games_command)
main.add_command(simulate_command)
main.add_command(arena_command)
main.add_command(runs_command)
main.add_command(report_command)
main.add_command(bench_command)
main.add_command(sweep_command)


if __name__ == "__main__":
    sys.exit(main())

"""``saloon serve``: the web table on this machine (or, if asked, the LAN)."""

from __future__ import annotations

import ipaddress

import click


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--db",
    "db",
    default="saloon-web.db",
    show_default=True,
    type=click.Path(dir_okay=False),
    help="the SQLite file the games are kept in",
)
@click.option(
    "--workers",
    default=2,
    show_default=True,
    type=click.IntRange(1, 64),
    help="processes where the bots and advisors think",
)
@click.option("--durable", is_flag=True, help="sync the database to disk on every commit")
def serve_command(host: str, port: int, db: str, workers: int, durable: bool) -> None:
    """Play in the browser: a lobby, the table, replays (Ctrl-C stops)."""
    try:
        import uvicorn

        from saloon.web.app import create_app
    except ImportError as exc:
        raise click.ClickException(
            f"the web table needs the web extra (pip install 'saloon[web]'): {exc}"
        ) from exc
    from saloon.web.store import Store

    Store(db).close()  # a damaged, foreign or locked database: one line, before anything starts
    shown = f"[{host}]" if ":" in host else host
    if not is_loopback(host):
        click.echo(
            f"warning: listening on {host}: anyone who can reach this machine can open "
            "the lobby and watch games; only a seat's link lets someone play it",
            err=True,
        )
        if host in ("0.0.0.0", "::"):
            shown = "127.0.0.1"
    click.echo(f"Saloon web table: open http://{shown}:{port}/ (games kept in {db})")
    app = create_app(db, workers_count=workers, durable=durable)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=2,
    )

"""Beyond one machine: a Dask distributed cluster as a ``concurrent.futures`` executor.

Dask is an optional extra (``pip install 'saloon[dask]'``) and is imported
only here, only when asked for. The cluster runs the very same tasks as the
local process pool, seeded the same way, so the results are identical.

``dask_executor("local")`` starts a :class:`distributed.LocalCluster` of two
single-threaded worker processes and closes it afterwards;
``dask_executor("tcp://host:8786")`` connects to a running scheduler (the
cluster is left running). Every worker needs Saloon (and the games) installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from saloon.core.errors import SaloonError

__all__ = ["dask_executor"]


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise SaloonError(
            "--dask needs Dask's distributed scheduler: pip install 'saloon[dask]'"
        ) from exc
    return distributed


@contextmanager
def dask_executor(address: str, *, n_workers: int = 2, timeout: float = 30.0) -> Iterator[Executor]:
    """An executor on a Dask cluster: ``"local"`` starts one on this machine
    (``n_workers`` processes of one thread), anything else is a scheduler
    address to connect to. The client (and a local cluster) close on exit."""
    distributed = _import_distributed()
    cluster: Any = None
    try:
        if address == "local":
            cluster = distributed.LocalCluster(
                n_workers=n_workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=40,  # logging.ERROR
            )
            client = distributed.Client(cluster, timeout=timeout)
        else:
            client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise SaloonError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    try:
        executor: Executor = client.get_executor()
        yield executor
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

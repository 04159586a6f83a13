"""The web table: ``saloon serve``, every game played in the browser.

The server (:mod:`saloon.web.app`) is authoritative: it keeps every game
(:mod:`saloon.web.store`, SQLite), checks every action with the rules, rolls
the dice and runs the bots (:mod:`saloon.web.tables`); a browser is only ever
sent its own seat's view (:mod:`saloon.web.views`). The page is plain HTML,
CSS and JavaScript in ``static/``, with no build step and nothing fetched
from elsewhere. Needs the ``web`` extra (FastAPI and uvicorn).
"""

"""The organiser's web page (issue 7): FastAPI, server-rendered Jinja2 pages, plain JS.

``create_app(database_url)`` builds the application; ``fairdraw serve`` runs it with
uvicorn. Templates and static files ship inside this package; nothing loads from a CDN.
"""

from fairdraw.web.app import create_app

__all__ = ["create_app"]

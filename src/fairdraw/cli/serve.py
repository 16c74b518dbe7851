"""``fairdraw serve`` (the organiser's web page) and ``fairdraw user add`` (issue 7).

``serve`` applies the database migrations, prints the address and, on first run when no
organiser exists, a one-time set-up link that creates the organiser account from the
browser. ``user add`` does the same from the shell (password asked twice, never echoed).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from fairdraw.cli.base import app, console
from fairdraw.core.errors import InputError

if TYPE_CHECKING:  # the database stack loads only for the commands that use it
    from sqlalchemy.engine import Engine

user_app = typer.Typer(help="Organiser accounts of the web page.", no_args_is_help=True)
app.add_typer(user_app, name="user")

DATABASE_HELP = "Database URL (default: DATABASE_URL, else a SQLite file in the user's data folder)"


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 for the whole venue network)"),
    port: int = typer.Option(8000, help="Port to listen on"),
    database: str | None = typer.Option(None, "--database", help=DATABASE_HELP),
) -> None:
    """Run the organiser's web page: events, players, rounds, results, standings, printouts."""
    import uvicorn

    from fairdraw.web import create_app

    web = create_app(database)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    say(f"fairdraw is running at {address}")
    if host in ("0.0.0.0", "::"):
        say(f"(listening on every network interface: other devices use this machine's address, port {port})")
    say(f"database: {_safe(web.state.database_url)}")
    token = web.state.web.setup_token
    if token is not None:
        say(f"First run: create the organiser account at {address}setup?token={token}")
        say("(or stop the server and run `fairdraw user add NAME`)")
    say("Stop with Ctrl+C; everything entered is already saved.")
    uvicorn.run(web, host=host, port=port, log_level="warning")


@user_app.command("add")
def user_add(
    username: str = typer.Argument(..., help="The organiser's user name"),
    database: str | None = typer.Option(None, "--database", help=DATABASE_HELP),
    # default None, not required: the prompt asks for it, and --help marked it "[required]"
    password: str = typer.Option(None, prompt=True, hide_input=True, confirmation_prompt=True,
                                 help="Asked for when not given (never echoed)"),
) -> None:
    """Create an organiser account (password stored as an argon2 hash)."""
    from fairdraw.storage import repo
    from fairdraw.storage.db import default_url, session_factory

    with opened_database(database or default_url()) as engine:
        with session_factory(engine).begin() as db:
            repo.create_user(db, username, password)
    console.print(f"Organiser {username!r} created.", highlight=False, markup=False)


@user_app.command("list")
def user_list(database: str | None = typer.Option(None, "--database", help=DATABASE_HELP)) -> None:
    """The organiser accounts, with the events each made and those it manages as co-organiser
    (the name to type on an event page to share the event)."""
    from rich.table import Table

    from fairdraw.storage import repo
    from fairdraw.storage.db import default_url, session_factory

    with opened_database(database or default_url()) as engine, session_factory(engine)() as db:
        rows = repo.accounts_overview(db)
    if not rows:
        say("No organiser account yet: create one with `fairdraw user add NAME`.")
        return
    table = Table("account", "events made", "co-organiser of")
    for name, owned, shared in rows:
        table.add_row(name, str(owned), str(shared))
    console.print(table, highlight=False)


@contextmanager
def opened_database(url: str) -> Iterator[Engine]:
    """The database at ``url``, migrated, or InputError naming the --database option: a URL of
    an unknown kind, a folder, a file that is no database or a server that does not answer was
    a SQLAlchemy traceback with exit 1."""
    from sqlalchemy.exc import SQLAlchemyError

    from fairdraw.storage.db import make_engine, migrate

    try:
        engine = make_engine(url)
    except (SQLAlchemyError, OSError) as exc:  # an unknown kind of database, a folder it cannot make
        raise InputError(f"cannot open the database {_safe(url)}: {str(exc).splitlines()[0]}",
                         field="--database") from None
    try:
        migrate(engine)
        yield engine
    except (SQLAlchemyError, OSError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise InputError(f"cannot open the database {_safe(url)}: {reason}", field="--database") from None
    finally:
        engine.dispose()


def say(text: str) -> None:
    """Print a line as is (soft wrap: a long URL is never broken across lines)."""
    console.print(text, highlight=False, soft_wrap=True, markup=False)


def _safe(url: str) -> str:
    """The URL with any password hidden."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url

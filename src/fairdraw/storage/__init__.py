"""Storage adapter: events, players, rounds and results in a SQL database.

SQLite (a file in the user's data folder) by default, PostgreSQL by URL. The pure core
never imports this package; the web app reads and writes through ``fairdraw.storage.repo``.
"""

"""``python -m fairdraw``: the same command as the installed ``fairdraw`` script.

Why: where the console script is not on PATH (a virtual environment not activated, a
checkout run with PYTHONPATH), ``python -m fairdraw`` is the way a user reaches the CLI.
"""

from fairdraw.cli.app import main

if __name__ == "__main__":
    main()

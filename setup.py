"""Build hook for the one C extension (metadata lives in pyproject.toml).

``fairdraw._blossom`` is the incremental maximum-weight matching the Dutch engine uses
for speed. It is optional: when no C compiler is available the install still succeeds and
the engine falls back to rustworkx (same pairings, slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "fairdraw._blossom",
            sources=["src/fairdraw/_blossom.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)

"""A unit of work run again when the database's unique keys refused it at the same moment.

Why: a new player gets the event's highest id + 1, read before the row is written, so two
organisers adding different players at the same moment both took the same id and the
database's unique key (``uq_participant_pid``) refused one of them: an audit posted 8 adds at
once and 7 came back "Conflict: someone else changed this event at the same moment". A clash of
that kind is no conflict between what two people meant: the work, run again in a fresh
transaction, reads the player just added and takes the next id. Only a bounded number of times
(each round at least one of the clashing writers gets through), after which the clash is
reported as before. What the work checks (a form sent twice, a stale form's mark) is checked
again on each attempt, against what is stored by then.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import IntegrityError

T = TypeVar("T")

#: attempts before a clash is reported: more organisers adding at the very same instant than a
#: venue has
ATTEMPTS = 10


def retrying_clashes(work: Callable[[], T], *, attempts: int = ATTEMPTS) -> T:
    """``work()`` (one transaction of its own), run again while the unique keys refuse it, at most
    ``attempts`` times in all; the last clash is raised (``pages.act`` says "Conflict")."""
    for attempt in range(1, attempts + 1):
        try:
            return work()
        except IntegrityError:
            if attempt == attempts:
                raise
            # a few milliseconds apart, at random, so the writers that clashed do not read the
            # same highest id again and clash once more
            time.sleep(random.uniform(0, 0.005 * attempt))
    raise AssertionError("unreachable: the last attempt returns or raises")

"""Every pairing system, one module each. Importing this package registers them all.

Adding a system: write the module, then add its import line here (the registry entry).
"""

from fairdraw.systems import berger  # noqa: F401
from fairdraw.systems import heller  # noqa: F401
from fairdraw.systems import meerkamp  # noqa: F401
from fairdraw.systems import league  # noqa: F401
from fairdraw.systems import mahjong  # noqa: F401
from fairdraw.systems import club_swiss  # noqa: F401
from fairdraw.systems import dutch  # noqa: F401
from fairdraw.systems import keizer  # noqa: F401

"""``python -m lite``: the ``lite-anim`` command line (see :mod:`lite.tools.cli`).

Run as a program only; ``import lite`` never loads this module, so the package stays light.
"""

from __future__ import annotations

from lite.tools.cli import main

raise SystemExit(main())

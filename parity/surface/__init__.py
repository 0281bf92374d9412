"""The Babylon.js 9.31 surface lite_compat is measured against: ``manifest.mjs``
writes ``manifest.json`` from the pinned ``@babylonjs/core``; :mod:`parity.surface.coverage`
sorts each member into implemented / refused / missing; ``python -m parity.surface`` prints
the table. See docs/compat.md, "Coverage of the Babylon.js surface".
"""

"""Tools built on the runtime: command line, demo, bench, plots, render, asset generators.

The ``lite-anim`` command line (bake's included) and the asset generators; the runtime never
imports them.

Never imported by the runtime (``import lite`` loads none of this, nor matplotlib, PIL, tqdm,
wgpu or parity). The only place in ``lite`` allowed to import ``parity``
(:mod:`lite.tools.cli`) and to import lazily (optional heavy dependencies load per command).
"""

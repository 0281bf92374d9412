"""Tools built on the runtime: the ``lite-anim`` command line, demo, bench, plots, render,
bake's command line and the asset generators.

Never imported by the runtime (``import lite`` loads none of this, nor matplotlib, PIL, tqdm,
wgpu or parity). The only place in ``lite`` allowed to import ``parity``
(:mod:`lite.tools.cli`) and to import lazily (optional heavy dependencies load per command).
"""

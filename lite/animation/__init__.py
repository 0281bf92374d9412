"""The animation core: samplers, easing, the clock, groups, the manager and its group pipeline.

It also holds masks, property animation, weights, fades and the weighted property mixer.

Port of Babylon Lite's src/animation. Pure Python and numpy: no IO, no GPU. Import from the
modules (``lite.animation.evaluate``, ...) or from :mod:`lite`; this package re-exports
nothing.
"""

"""Motion beyond playback (lite's own addition): root motion and damped springs.

:mod:`lite.motion.root_motion` extracts the distance a clip moves its root (accumulated across
loops) and strips it from the pose; :mod:`lite.motion.springs` samples damped springs and spring
chains as pure functions of time. Both sit above :mod:`lite.skeleton` and below the loader.
"""

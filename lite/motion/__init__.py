"""Motion beyond playback (lite's own addition): root motion, two-bone IK and look-at, springs.

:mod:`lite.motion.root_motion` extracts the distance a clip moves its root (accumulated across
loops) and strips it from the pose; :mod:`lite.motion.ik` solves two-bone chains and look-at;
:mod:`lite.motion.springs` samples damped springs and spring chains as pure functions of time.
All sit above :mod:`lite.skeleton` and below the loader.
"""

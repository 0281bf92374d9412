"""Babylon.js animations: ``Animation``, easing, ``RuntimeAnimation``, ``Animatable``, groups.

Port of ``@babylonjs/core`` 9.31 ``Animations/``, one module per Babylon file, plus the
delegation boundary (:mod:`~lite_compat.animations.delegation`), the one place these modules
use ``lite``. Import the classes from ``lite_compat`` or from their modules.
"""

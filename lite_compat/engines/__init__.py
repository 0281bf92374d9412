"""Babylon.js engines: ``EngineStore`` (the last created scene) and ``NullEngine``.

Port of ``@babylonjs/core`` 9.31 ``Engines/engineStore`` and ``Engines/nullEngine``. It sits
below nodes and animations, which reach the scene through it (the last created scene,
duck-typed scene access, the ``SceneLike`` protocol), so neither imports ``lite_compat.scene``.
"""

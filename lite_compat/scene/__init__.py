"""Babylon.js scene: ``Scene``, ``EngineStore``/``NullEngine``, ``AssetContainer``.

Port of ``@babylonjs/core`` 9.31 ``scene``, ``Engines/engineStore``/``nullEngine`` and
``assetContainer``. :mod:`~lite_compat.scene.engine_store` sits below nodes and animations (the
last created scene, duck-typed scene access); :mod:`~lite_compat.scene.scene` above them.
"""

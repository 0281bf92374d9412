"""Babylon.js scene: ``Scene`` and ``AssetContainer``.

Port of ``@babylonjs/core`` 9.31 ``scene`` and ``assetContainer``. Above nodes and animations;
the engine store they share lives in :mod:`lite_compat.engines`.
"""

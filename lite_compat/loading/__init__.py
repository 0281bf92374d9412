"""Babylon.js glTF loading: ``SceneLoader`` and the 9.x ``*Async`` functions.

Port of ``@babylonjs/core`` 9.31 ``Loading/sceneLoader`` (:mod:`~lite_compat.loading.scene_loader`)
and of what ``@babylonjs/loaders`` 9.28 builds (:mod:`~lite_compat.loading.gltf_builder`, with
the promise settle order in :mod:`~lite_compat.loading.promise_order`).
"""

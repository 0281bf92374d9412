"""Babylon.js scene objects: nodes, meshes and vertex data, skeletons, morph targets, cameras,
lights and materials.

Port of ``@babylonjs/core`` 9.31 ``node``, ``Meshes/``, ``Bones/``, ``Morph/``, ``Cameras/``,
``Lights/`` and ``Materials/`` (the parts animations read and write). Independent of
``lite_compat.animations``: the two meet through duck-typed targets and the scene.
"""

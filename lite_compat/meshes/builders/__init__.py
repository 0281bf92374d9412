"""Babylon.js shape builders (``Meshes/Builders/``): ``MeshBuilder`` and the ``Create*`` functions.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/*Builder.pure.js`` and ``meshBuilder``:
:class:`~lite_compat.meshes.builders.mesh_builder.MeshBuilder` is the table, the ``shapes_*``
modules hold the shapes by family (each ``Create<Shape>VertexData`` and ``Create<Shape>``),
sized by :mod:`lite_compat.meshes.shape_budget` before anything is allocated.
"""

from __future__ import annotations

from lite_compat.meshes.builders.mesh_builder import MeshBuilder

__all__ = ["MeshBuilder"]

"""Babylon.js ``Node`` and ``TransformNode``: identity, parenting, enabled state, transforms.

Port of ``@babylonjs/core`` 9.31 ``node.js`` and ``Meshes/transformNode.pure.js`` (with their
mixins: :mod:`~lite_compat.nodes.node_lifecycle`, :mod:`~lite_compat.nodes.transform_space`),
the base of every scene object in :mod:`lite_compat.meshes`, :mod:`lite_compat.cameras`,
:mod:`lite_compat.lights` and :mod:`lite_compat.bones`. Independent of
:mod:`lite_compat.animations`: the two meet through duck-typed targets and the scene.
"""

from __future__ import annotations

from lite_compat.nodes.node import Axis, Node, Space
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["Axis", "Node", "Space", "TransformNode"]

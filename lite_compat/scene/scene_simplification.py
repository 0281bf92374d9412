"""Babylon.js ``Scene.simplificationQueue``: the queue ``Mesh.simplify`` adds its tasks to.

Port of the scene side of ``@babylonjs/core`` 9.31 ``meshSimplificationSceneComponent.pure.js``:
the property creates a :class:`~lite_compat.meshes.mesh_simplification.SimplificationQueue` on first
read (Babylon's lazy getter) and can be replaced by assignment. Babylon.js also drains the queue
from ``scene.render()``; here ``Mesh.simplify`` runs its task at once (see docs/compat.md), and a
task added with ``addTask`` directly runs on ``executeNext()``.

:class:`SceneSimplification` is a mixin of :class:`~lite_compat.scene.scene.Scene`.
"""

from __future__ import annotations

from lite_compat.meshes.mesh_simplification import SimplificationQueue


class SceneSimplification:
    """The scene's ``simplificationQueue`` (created on first read, as in Babylon.js)."""

    _simplification_queue: SimplificationQueue | None = None

    @property
    def simplificationQueue(self) -> SimplificationQueue:
        """The scene's :class:`SimplificationQueue` (created on first read)."""
        if self._simplification_queue is None:
            self._simplification_queue = SimplificationQueue()
        return self._simplification_queue

    @simplificationQueue.setter
    def simplificationQueue(self, value: SimplificationQueue) -> None:
        self._simplification_queue = value

"""Unit tests for lite_compat.scene.scene_simplification (``Scene.simplificationQueue``)."""

from __future__ import annotations

from lite_compat import MeshBuilder, NullEngine, Scene, SimplificationQueue, SimplificationSettings


def test_queue_is_created_on_first_read_and_kept() -> None:
    scene = Scene(NullEngine())
    queue = scene.simplificationQueue
    assert isinstance(queue, SimplificationQueue)
    assert queue is scene.simplificationQueue
    assert queue.running is False  # Babylon's initial value


def test_simplify_uses_the_scene_queue_and_a_replacement_queue() -> None:
    scene = Scene(NullEngine())
    mine = SimplificationQueue()
    scene.simplificationQueue = mine
    box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
    box.simplify([SimplificationSettings(0.5, 6, True)])
    assert scene.simplificationQueue is mine
    assert mine.running is False
    assert len(box.getLODLevels()) == 1


def test_a_task_added_directly_runs_on_execute_next() -> None:
    scene = Scene(NullEngine())
    box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
    calls: list[int] = []
    scene.simplificationQueue.addTask(
        {
            "settings": [SimplificationSettings(0.5, 6, True)],
            "parallelProcessing": True,
            "mesh": box,
            "simplificationType": 0,
            "successCallback": lambda: calls.append(1),
        }
    )
    assert box.getLODLevels() == []
    scene.simplificationQueue.executeNext()
    assert calls == [1]
    assert [lv.distanceOrScreenCoverage for lv in box.getLODLevels()] == [6]

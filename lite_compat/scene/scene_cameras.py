"""Babylon.js ``Scene`` camera passes: what ``render()`` does after ``onBeforeRenderObservable``.

Port of the headless part of ``_renderFrame``, ``_processSubCameras`` and ``_renderForCamera``
in ``@babylonjs/core`` 9.31 ``scene.pure.js``, as far as a script can observe it: the render id
and ``scene.activeCamera``.

* The render id (``getRenderId()``) grows by 1 after the custom render-targets pass (when
  ``renderTargetsEnabled``, even with no render target), then by 1 per camera rendered: 2 per
  frame with one camera, 3 with two ``activeCameras``. A frame with ``customRenderFunction``
  adds 1 (in ``Scene.render``), and ``incrementRenderId()`` adds 1.
* ``scene.activeCamera`` is set to ``activeCameras[0]`` before the passes, then to each camera
  as it renders: after a multi-camera frame it is the last camera of ``activeCameras``.
* Each camera pass evaluates the active meshes (``scene_render.py``: their world matrices,
  under that pass's render id, with that camera as ``activeCamera``, so an
  ``infiniteDistance`` mesh follows the camera rendered last; the skeletons of the active
  meshes are prepared; ``getActiveMeshes()``).

With no camera at all, ``No camera defined`` is raised after the render-targets increment, as
in Babylon.js. Rig cameras, render targets and drawing are not ported (lite_compat draws
nothing).

:class:`SceneCameraPasses` is a mixin of :class:`~lite_compat.scene.scene.Scene`.
"""

from __future__ import annotations

from typing import Any

from lite_compat.cameras.camera import Camera
from lite_compat.observable import Observable
from lite_compat.scene.scene_render import SceneRenderPipeline


class SceneCameraPasses(SceneRenderPipeline):
    """The camera passes of ``Scene.render`` (render ids and ``activeCamera``, see the module);
    each pass runs the active-mesh evaluation of :class:`SceneRenderPipeline`."""

    activeCamera: Any
    activeCameras: list[Any] | None
    renderTargetsEnabled: bool
    meshes: list[Any]
    _renderId: int
    # Scene observables (SceneLists) notified by the passes.
    onBeforeRenderTargetsRenderObservable: Observable[Any]
    onAfterRenderTargetsRenderObservable: Observable[Any]
    onBeforeCameraRenderObservable: Observable[Any]
    onAfterCameraRenderObservable: Observable[Any]
    onAfterRenderCameraObservable: Observable[Any]
    onBeforeActiveMeshesEvaluationObservable: Observable[Any]
    onAfterActiveMeshesEvaluationObservable: Observable[Any]
    onBeforeParticlesRenderingObservable: Observable[Any]
    onAfterParticlesRenderingObservable: Observable[Any]
    onBeforeDrawPhaseObservable: Observable[Any]
    onAfterDrawPhaseObservable: Observable[Any]

    def _renderCameraPasses(self) -> None:
        """The render-targets pass, then one pass per camera (``_processSubCameras``).

        Raises
        ------
        RuntimeError
            ``No camera defined`` when there is neither an ``activeCameras`` entry nor an
            ``activeCamera`` (after ``onAfterRenderTargetsRenderObservable``).
        """
        cameras = self.activeCameras
        self.onBeforeRenderTargetsRenderObservable.notifyObservers(self)
        if self.renderTargetsEnabled:
            self._renderId += 1
        self.activeCamera = cameras[0] if cameras else self.activeCamera
        self.onAfterRenderTargetsRenderObservable.notifyObservers(self)
        if cameras:
            for camera in cameras:
                self._renderForCamera(camera)
            return
        if self.activeCamera is None:
            raise RuntimeError("No camera defined")
        self._renderForCamera(self.activeCamera)

    def _renderForCamera(self, camera: Any) -> None:
        """One camera pass: ``activeCamera`` becomes ``camera``, render id + 1, its view and
        projection matrices (``updateTransformMatrix``), the active meshes, the observables."""
        self.activeCamera = camera
        if camera is None:
            raise RuntimeError("Active camera not set")
        self._renderId += 1
        if isinstance(camera, Camera):  # a stand-in object (tests, ports) has no matrices
            camera.getViewMatrix()
            camera.getProjectionMatrix()
        self.onBeforeCameraRenderObservable.notifyObservers(camera)
        self._evaluateActiveMeshes()
        # Render targets (none are rendered here), then the draw phase (nothing is drawn).
        self.onBeforeRenderTargetsRenderObservable.notifyObservers(self)
        self.onAfterRenderTargetsRenderObservable.notifyObservers(self)
        self.onBeforeDrawPhaseObservable.notifyObservers(self)
        self.onAfterDrawPhaseObservable.notifyObservers(self)
        self.onAfterCameraRenderObservable.notifyObservers(camera)
        self.onAfterRenderCameraObservable.notifyObservers(camera)

"""Babylon.js ``AbstractEngine``: the headless boilerplate members of every engine.

Port of the parts of ``@babylonjs/core`` 9.31 ``Engines/abstractEngine.pure.js`` (and the
``NullEngine`` overrides of ``Engines/nullEngine.pure.js``) that playground scripts call around
the render loop: ``resize`` / ``setSize``, ``getRenderingCanvas``, the
hardware scaling level, ``maxFPS``, ``renderEvenInBackground``, ``skipFrameRender``,
``customAnimationFrameRequester``, ``enableOfflineSupport``, ``performanceMonitor``
(``Misc/performanceMonitor.js``), the static ``QueueNewFrame`` and Babylon's numeric constants
(``ALPHA_*``, ``TEXTURE*``, stencil and depth functions, ``DELAYLOADSTATE_*``). Every other
public member lite_compat does not provide is refused with the code of its reason (GPU
resources and state, the DOM, audio, the offline asset cache).

:class:`AbstractEngine` is the base of :class:`~lite_compat.engines.engine_store.Engine`;
:class:`NullEngineMembers` holds ``NullEngine``'s overrides. There is no canvas: ``resize``
changes nothing (Babylon.js returns early without one), ``getRenderingCanvas()`` is None.

``maxFPS`` is stored as Babylon.js stores it (``_minFrameTime``); the frame skipping it drives
belongs to the render loop (``engine_store``), which reads ``_minFrameTime``.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from lite.errors import AnimationStateError, LiteError
from lite_compat._refusal import INPUT, NETWORK, RENDERING, SUBSYSTEM, RefusalReason, refuse_members

__all__ = [
    "AbstractEngine",
    "NullEngineMembers",
    "PerformanceMonitor",
    "QueueNewFrame",
    "RollingAverage",
]

#: Node.js's fallback frame timer: ``setTimeout(func, 16)`` (abstractEngine.pure.js).
FRAME_TIMEOUT_S: Final = 0.016


class RollingAverage:
    """Babylon.js ``RollingAverage``: mean and variance over a sliding window (Welford).

    Parameters
    ----------
    length
        Samples in the window.
    """

    def __init__(self, length: int) -> None:
        self._samples: list[float] = [0.0] * max(int(length), 1)
        self.reset()

    def reset(self) -> None:
        """Forget every sample."""
        self.average = 0.0
        self.variance = 0.0
        self._sampleCount = 0
        self._pos = 0
        self._m2 = 0.0

    def isSaturated(self) -> bool:
        """True once the window is full."""
        return self._sampleCount >= len(self._samples)

    def add(self, v: float) -> None:
        """Add a sample (dropping the oldest once saturated)."""
        if self.isSaturated():
            bottom = self._samples[self._pos]
            delta = bottom - self.average
            self.average -= delta / (self._sampleCount - 1)
            self._m2 -= delta * (bottom - self.average)
        else:
            self._sampleCount += 1
        delta = v - self.average
        self.average += delta / self._sampleCount
        self._m2 += delta * (v - self.average)
        count = self._sampleCount - 1
        self.variance = self._m2 / count if count else (math.nan if self._m2 == 0 else math.inf)
        self._samples[self._pos] = v
        self._pos = (self._pos + 1) % len(self._samples)

    def history(self, i: int) -> float:
        """The ``i``-th most recent sample (0 when there is none)."""
        if i >= self._sampleCount or i >= len(self._samples):
            return 0.0
        size = len(self._samples)
        i0 = (self._pos - 1) % size
        return self._samples[(i0 - i) % size]


class PerformanceMonitor:
    """Babylon.js ``PerformanceMonitor``: frame times over a rolling window.

    Parameters
    ----------
    frameSampleSize
        Frames in the rolling window (30).
    """

    #: The clock of ``sampleFrame()`` without a time: ``PrecisionDate.Now``, installed by
    #: ``engine_store`` (which defines PrecisionDate above this module's users).
    _now: ClassVar[Callable[[], float]] = staticmethod(lambda: 0.0)

    def __init__(self, frameSampleSize: int = 30, *, _rolling: Any = None) -> None:
        self._rollingFrameTime: Any = (
            RollingAverage(frameSampleSize) if _rolling is None else _rolling
        )
        self._enabled = True
        self._last: float | None = None

    @property
    def _lastFrameTimeMs(self) -> float | None:
        return self._last

    @_lastFrameTimeMs.setter
    def _lastFrameTimeMs(self, value: float | None) -> None:
        self._last = value

    def sampleFrame(self, timeMs: float | None = None) -> None:
        """Add the time since the previous sample (``timeMs``: now, ``PrecisionDate.Now``)."""
        if not self._enabled:
            return
        now = float(PerformanceMonitor._now() if timeMs is None else timeMs)
        last = self._lastFrameTimeMs
        if last is not None:
            self._rollingFrameTime.add(now - last)
        self._lastFrameTimeMs = now

    @property
    def averageFrameTime(self) -> float:
        """Mean frame time (ms) over the window."""
        return float(self._rollingFrameTime.average)

    @property
    def averageFrameTimeVariance(self) -> float:
        """Variance of the frame time over the window."""
        return float(self._rollingFrameTime.variance)

    @property
    def instantaneousFrameTime(self) -> float:
        """The last frame time (ms), 0 before two samples."""
        return float(self._rollingFrameTime.history(0))

    @property
    def averageFPS(self) -> float:
        """``1000 / averageFrameTime`` (Infinity before two samples, as in JavaScript)."""
        average = self._rollingFrameTime.average
        return 1000.0 / average if average else float("inf")

    @property
    def instantaneousFPS(self) -> float:
        """``1000 / instantaneousFrameTime`` (0 before two samples)."""
        history = self._rollingFrameTime.history(0)
        return 0.0 if history == 0 else 1000.0 / history

    @property
    def isSaturated(self) -> bool:
        """True once the window is full."""
        return bool(self._rollingFrameTime.isSaturated())

    def enable(self) -> None:
        """Sample frames again."""
        self._enabled = True

    def disable(self) -> None:
        """Stop sampling (and forget the last sample)."""
        self._enabled = False
        self._lastFrameTimeMs = None

    @property
    def isEnabled(self) -> bool:
        """True while sampling."""
        return self._enabled

    def reset(self) -> None:
        """Forget every sample."""
        self._lastFrameTimeMs = None
        self._rollingFrameTime.reset()


class _EngineMonitor(PerformanceMonitor):
    """The engine's monitor: a view of the rolling window and last frame time the engine's
    ``beginFrame`` samples, so ``performanceMonitor.averageFPS`` is ``getFps()``."""

    def __init__(self, engine: Any) -> None:
        super().__init__(_rolling=engine._rollingFrameTime)
        self._engine = engine

    @property
    def _lastFrameTimeMs(self) -> float | None:
        value: float | None = self._engine._lastFrameTimeMs
        return value

    @_lastFrameTimeMs.setter
    def _lastFrameTimeMs(self, value: float | None) -> None:
        self._engine._lastFrameTimeMs = value


def QueueNewFrame(func: Callable[..., object], requester: Any = None) -> Any:
    """Schedule ``func`` for the next frame (Babylon.js ``QueueNewFrame``).

    ``requester.requestAnimationFrame(func)`` when the requester has one; otherwise Node's
    fallback, ``setTimeout(func, 16)``: ``func`` is scheduled 16 ms later on the running
    asyncio loop and the ``asyncio.TimerHandle`` returned.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-011`` when ``func`` is not callable.
    LiteError
        ``LITE-COMPAT-190`` when no requester and no running asyncio loop can schedule it.
    """
    if not callable(func):
        raise AnimationStateError(
            "LITE-STATE-011",
            f"QueueNewFrame: func must be callable, got {func!r}",
            hint="pass the function to run on the next frame",
            input_name="func",
        )
    if requester is not None:
        request = getattr(requester, "requestAnimationFrame", None)
        if request is None and isinstance(requester, dict):
            request = requester.get("requestAnimationFrame")
        if callable(request):
            return request(func)
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        raise LiteError(
            "LITE-COMPAT-190",
            "QueueNewFrame: no requester with requestAnimationFrame and no running asyncio "
            "event loop to schedule the frame on (Node.js uses setTimeout(func, 16))",
            hint="call it inside asyncio.run(...), or give a requester whose "
            "requestAnimationFrame(func) schedules func",
            input_name="requester",
        ) from None
    return loop.call_later(FRAME_TIMEOUT_S, func)


class _ClassGetter:
    """A read-only static getter computed on the class it is read from
    (``Engine.IsSupported``: JavaScript's ``static get`` with ``this`` the class)."""

    def __init__(self, fget: Callable[[type], object]) -> None:
        self.fget = fget

    def __get__(self, obj: object, objtype: type | None = None) -> object:
        return self.fget(type(obj) if objtype is None else objtype)


def _is_supported(cls: type) -> bool:
    return bool(cls.isSupported())  # type: ignore[attr-defined]


def _has_major_performance_caveat(cls: Any) -> bool:
    # ThinEngine: no canvas can be created (Node.js, and here), so the probe's catch branch
    # caches False on the class it was read from.
    if cls._HasMajorPerformanceCaveat is None:
        cls._HasMajorPerformanceCaveat = False
    return bool(cls._HasMajorPerformanceCaveat)


class AbstractEngine:
    """Babylon.js ``AbstractEngine`` (headless): the boilerplate members of every engine.

    Engines built from it keep their state in ``Engine.__init__``; the members below read
    Babylon.js's defaults until a script sets them.
    """

    ALPHA_ADD: ClassVar[int] = 1
    ALPHA_COMBINE: ClassVar[int] = 2
    ALPHA_DISABLE: ClassVar[int] = 0
    ALPHA_INTERPOLATE: ClassVar[int] = 9
    ALPHA_MAXIMIZED: ClassVar[int] = 5
    ALPHA_MULTIPLY: ClassVar[int] = 4
    ALPHA_ONEONE: ClassVar[int] = 6
    ALPHA_PREMULTIPLIED: ClassVar[int] = 7
    ALPHA_PREMULTIPLIED_PORTERDUFF: ClassVar[int] = 8
    ALPHA_SCREENMODE: ClassVar[int] = 10
    ALPHA_SUBTRACT: ClassVar[int] = 3
    ALWAYS: ClassVar[int] = 519
    DECR: ClassVar[int] = 7683
    DECR_WRAP: ClassVar[int] = 34056
    DELAYLOADSTATE_LOADED: ClassVar[int] = 1
    DELAYLOADSTATE_LOADING: ClassVar[int] = 2
    DELAYLOADSTATE_NONE: ClassVar[int] = 0
    DELAYLOADSTATE_NOTLOADED: ClassVar[int] = 4
    EQUAL: ClassVar[int] = 514
    GEQUAL: ClassVar[int] = 518
    GREATER: ClassVar[int] = 516
    INCR: ClassVar[int] = 7682
    INCR_WRAP: ClassVar[int] = 34055
    INVERT: ClassVar[int] = 5386
    KEEP: ClassVar[int] = 7680
    LEQUAL: ClassVar[int] = 515
    LESS: ClassVar[int] = 513
    NEVER: ClassVar[int] = 512
    NOTEQUAL: ClassVar[int] = 517
    REPLACE: ClassVar[int] = 7681
    SCALEMODE_CEILING: ClassVar[int] = 3
    SCALEMODE_FLOOR: ClassVar[int] = 1
    SCALEMODE_NEAREST: ClassVar[int] = 2
    TEXTUREFORMAT_ALPHA: ClassVar[int] = 0
    TEXTUREFORMAT_LUMINANCE: ClassVar[int] = 1
    TEXTUREFORMAT_LUMINANCE_ALPHA: ClassVar[int] = 2
    TEXTUREFORMAT_R: ClassVar[int] = 6
    TEXTUREFORMAT_R16_SNORM: ClassVar[int] = 36760
    TEXTUREFORMAT_R16_UNORM: ClassVar[int] = 33322
    TEXTUREFORMAT_RED: ClassVar[int] = 6
    TEXTUREFORMAT_RED_INTEGER: ClassVar[int] = 8
    TEXTUREFORMAT_RG: ClassVar[int] = 7
    TEXTUREFORMAT_RG16_SNORM: ClassVar[int] = 36761
    TEXTUREFORMAT_RG16_UNORM: ClassVar[int] = 33324
    TEXTUREFORMAT_RGB: ClassVar[int] = 4
    TEXTUREFORMAT_RGB16_SNORM: ClassVar[int] = 36762
    TEXTUREFORMAT_RGB16_UNORM: ClassVar[int] = 32852
    TEXTUREFORMAT_RGBA: ClassVar[int] = 5
    TEXTUREFORMAT_RGBA16_SNORM: ClassVar[int] = 36763
    TEXTUREFORMAT_RGBA16_UNORM: ClassVar[int] = 32859
    TEXTUREFORMAT_RGBA_INTEGER: ClassVar[int] = 11
    TEXTUREFORMAT_RGB_INTEGER: ClassVar[int] = 10
    TEXTUREFORMAT_RG_INTEGER: ClassVar[int] = 9
    TEXTUREFORMAT_R_INTEGER: ClassVar[int] = 8
    TEXTURETYPE_BYTE: ClassVar[int] = 3
    TEXTURETYPE_FLOAT: ClassVar[int] = 1
    TEXTURETYPE_FLOAT_32_UNSIGNED_INT_24_8_REV: ClassVar[int] = 15
    TEXTURETYPE_HALF_FLOAT: ClassVar[int] = 2
    TEXTURETYPE_INT: ClassVar[int] = 6
    TEXTURETYPE_SHORT: ClassVar[int] = 4
    TEXTURETYPE_UNSIGNED_BYTE: ClassVar[int] = 0
    TEXTURETYPE_UNSIGNED_INT: ClassVar[int] = 0
    TEXTURETYPE_UNSIGNED_INTEGER: ClassVar[int] = 7
    TEXTURETYPE_UNSIGNED_INT_10F_11F_11F_REV: ClassVar[int] = 13
    TEXTURETYPE_UNSIGNED_INT_24_8: ClassVar[int] = 12
    TEXTURETYPE_UNSIGNED_INT_2_10_10_10_REV: ClassVar[int] = 11
    TEXTURETYPE_UNSIGNED_INT_5_9_9_9_REV: ClassVar[int] = 14
    TEXTURETYPE_UNSIGNED_SHORT: ClassVar[int] = 5
    TEXTURETYPE_UNSIGNED_SHORT_4_4_4_4: ClassVar[int] = 8
    TEXTURETYPE_UNSIGNED_SHORT_5_5_5_1: ClassVar[int] = 9
    TEXTURETYPE_UNSIGNED_SHORT_5_6_5: ClassVar[int] = 10
    TEXTURE_BILINEAR_SAMPLINGMODE: ClassVar[int] = 2
    TEXTURE_CLAMP_ADDRESSMODE: ClassVar[int] = 0
    TEXTURE_CUBIC_MODE: ClassVar[int] = 3
    TEXTURE_EQUIRECTANGULAR_MODE: ClassVar[int] = 7
    TEXTURE_EXPLICIT_MODE: ClassVar[int] = 0
    TEXTURE_FIXED_EQUIRECTANGULAR_MIRRORED_MODE: ClassVar[int] = 9
    TEXTURE_FIXED_EQUIRECTANGULAR_MODE: ClassVar[int] = 8
    TEXTURE_INVCUBIC_MODE: ClassVar[int] = 6
    TEXTURE_LINEAR_LINEAR: ClassVar[int] = 2
    TEXTURE_LINEAR_LINEAR_MIPLINEAR: ClassVar[int] = 3
    TEXTURE_LINEAR_LINEAR_MIPNEAREST: ClassVar[int] = 11
    TEXTURE_LINEAR_NEAREST: ClassVar[int] = 12
    TEXTURE_LINEAR_NEAREST_MIPLINEAR: ClassVar[int] = 10
    TEXTURE_LINEAR_NEAREST_MIPNEAREST: ClassVar[int] = 9
    TEXTURE_MIRROR_ADDRESSMODE: ClassVar[int] = 2
    TEXTURE_NEAREST_LINEAR: ClassVar[int] = 7
    TEXTURE_NEAREST_LINEAR_MIPLINEAR: ClassVar[int] = 6
    TEXTURE_NEAREST_LINEAR_MIPNEAREST: ClassVar[int] = 5
    TEXTURE_NEAREST_NEAREST: ClassVar[int] = 1
    TEXTURE_NEAREST_NEAREST_MIPLINEAR: ClassVar[int] = 8
    TEXTURE_NEAREST_NEAREST_MIPNEAREST: ClassVar[int] = 4
    TEXTURE_NEAREST_SAMPLINGMODE: ClassVar[int] = 1
    TEXTURE_PLANAR_MODE: ClassVar[int] = 2
    TEXTURE_PROJECTION_MODE: ClassVar[int] = 4
    TEXTURE_SKYBOX_MODE: ClassVar[int] = 5
    TEXTURE_SPHERICAL_MODE: ClassVar[int] = 1
    TEXTURE_TRILINEAR_SAMPLINGMODE: ClassVar[int] = 3
    TEXTURE_WRAP_ADDRESSMODE: ClassVar[int] = 1
    #: ``CollisionsEpsilon`` (collision coordinator tolerance).
    CollisionsEpsilon: ClassVar[float] = 0.001

    QueueNewFrame = staticmethod(QueueNewFrame)
    #: ThinEngine's cached probes (None until asked), per class as in JavaScript.
    _IsSupported: ClassVar[bool | None] = None
    _HasMajorPerformanceCaveat: ClassVar[bool | None] = None
    #: Whether a WebGL context can be made: False (no canvas), unless
    #: ``HasMajorPerformanceCaveat`` was read first (Babylon.js then answers True).
    IsSupported = _ClassGetter(_is_supported)
    #: False (the probe fails without a canvas and Babylon.js caches False).
    HasMajorPerformanceCaveat = _ClassGetter(_has_major_performance_caveat)

    @classmethod
    def isSupported(cls) -> bool:
        """ThinEngine ``isSupported()``: ``not HasMajorPerformanceCaveat`` once that was
        probed, else whether a WebGL context can be made (False: there is no canvas)."""
        if cls._HasMajorPerformanceCaveat is not None:
            return not cls._HasMajorPerformanceCaveat
        if cls._IsSupported is None:
            cls._IsSupported = False
        return cls._IsSupported

    # -- plain settings, Babylon.js's defaults ------------------------------------------------
    renderEvenInBackground = True
    skipFrameRender = False
    customAnimationFrameRequester: Any = None
    enableOfflineSupport = False
    disablePerformanceMonitorInBackground = False
    preventCacheWipeBetweenFrames = False
    adaptToDeviceRatio = False
    premultipliedAlpha = True
    isNDCHalfZRange = False
    hasOriginBottomLeft = True
    useExactSrgbConversions = False
    validateShaderPrograms = False
    disableUniformBuffers = False
    disableVertexArrayObjects = False
    enableUnpackFlipYCached = True
    forcePOTTextures = False
    #: NullEngine's description of its (absent) context: a WebGL 1 engine named "WebGL".
    name = "WebGL"
    description = "WebGL1"
    version = 1
    webGLVersion = 1
    postProcesses: list[Any]

    # Engine's state and size (Engine.__init__, Engine.getRenderWidth/Height).
    _rollingFrameTime: Any
    _lastFrameTimeMs: float | None
    scenes: list[Any]

    if TYPE_CHECKING:

        def getRenderWidth(self) -> int: ...
        def getRenderHeight(self) -> int: ...

    # -- canvas and size ----------------------------------------------------------------------

    def getRenderingCanvas(self) -> None:
        """The canvas (None: headless)."""
        return None

    def resize(self, forceSetSize: bool = False) -> None:
        """Fit the render size to the canvas: without a canvas nothing changes (Babylon.js's
        ``setSize`` returns false) and ``onResizeObservable`` is not notified."""
        self.setSize(0, 0, forceSetSize)

    def setSize(self, width: float, height: float, forceSetSize: bool = False) -> bool:
        """Resize the canvas: False, there is none (Babylon.js returns false without one)."""
        return False

    def getHardwareScalingLevel(self) -> float:
        """The hardware scaling level (1 until :meth:`setHardwareScalingLevel`)."""
        return float(self.__dict__.get("_hardwareScalingLevel", 1.0))

    def setHardwareScalingLevel(self, level: float) -> None:
        """Set the hardware scaling level, then :meth:`resize`."""
        self.__dict__["_hardwareScalingLevel"] = level
        self.resize()

    def getAspectRatio(self, viewportOwner: Any, useScreen: bool = False) -> float:
        """``renderWidth * viewport.width / (renderHeight * viewport.height)``."""
        viewport = viewportOwner.viewport
        # No canvas: the screen size is the render size.
        ratio: float = (self.getRenderWidth() * viewport.width) / (
            self.getRenderHeight() * viewport.height
        )
        return ratio

    def getScreenAspectRatio(self) -> float:
        """``renderWidth / renderHeight``."""
        return self.getRenderWidth() / self.getRenderHeight()

    def getCreationOptions(self) -> dict[str, Any]:
        """The options the engine was created with."""
        options: dict[str, Any] = self.__dict__.get("_options", {})
        return options

    # -- frames ---------------------------------------------------------------------------------

    @property
    def maxFPS(self) -> float | None:
        """The frame-rate cap (None: Babylon.js's undefined, no cap)."""
        value: float | None = self.__dict__.get("_maxFPS")
        return value

    @maxFPS.setter
    def maxFPS(self, value: float | None) -> None:
        self.__dict__["_maxFPS"] = value
        if value is None:
            return
        # Babylon.js: a cap <= 0 never renders (Number.MAX_VALUE), else 1000 / cap ms.
        self.__dict__["_minFrameTime"] = 1.7976931348623157e308 if value <= 0 else 1000 / value

    @property
    def performanceMonitor(self) -> PerformanceMonitor:
        """The engine's frame-time monitor (``averageFPS`` is ``getFps()``)."""
        monitor: PerformanceMonitor | None = self.__dict__.get("_performanceMonitor")
        if monitor is None:
            monitor = _EngineMonitor(self)
            self.__dict__["_performanceMonitor"] = monitor
        return monitor

    def areAllEffectsReady(self) -> bool:
        """True: there are no shaders to compile."""
        return True

    @property
    def isWebGPU(self) -> bool:
        """False (NullEngine is a WebGL engine)."""
        return False


class NullEngineMembers:
    """``NullEngine``'s overrides of :class:`AbstractEngine` (nullEngine.pure.js)."""

    def getHardwareScalingLevel(self) -> float:
        """1.0, whatever was set (NullEngine overrides the getter)."""
        return 1.0


_GPU = "a GPU resource, draw call or GPU state"
_DOM = "the canvas, the page or the loading screen"


def _words(text: str) -> list[str]:
    return text.split()


def _table() -> dict[str, tuple[RefusalReason, str]]:
    dom = _words(
        "enterFullscreen exitFullscreen switchFullscreen enterPointerlock exitPointerlock "
        "getHostDocument getHostWindow getInputElement getInputElementClientRect "
        "getRenderingCanvasClientRect inputElement isFullscreen isPointerLock canvasTabIndex "
        "disableContextMenu createCanvas createCanvasImage createCanvasPath2D createImageBitmap "
        "resizeImageBitmap createVideoElement displayLoadingUI hideLoadingUI loadingScreen "
        "loadingUIBackgroundColor loadingUIText DefaultLoadingScreenFactory "
        "attachContextLostEvent attachContextRestoredEvent hostInformation getFontOffset"
    )
    table: dict[str, tuple[RefusalReason, str]] = {n: (INPUT, _DOM) for n in dom}
    for n in ("getAudioContext", "getAudioDestination", "AudioEngineFactory"):
        table[n] = (SUBSYSTEM, "audio")
    for n in ("OfflineProviderFactory", "disableManifestCheck"):
        table[n] = (NETWORK, "the offline cache of downloaded assets")
    return table


#: Engine member -> (reason, what it is) for the members that are not GPU state.
ENGINE_REFUSALS: Final = _table()
#: Every other member Babylon.js's engines have and lite_compat refuses: GPU resources,
#: draw calls, shader uniforms, render passes and GPU state (the manifest's list, by name).
GPU_MEMBERS: Final = tuple(
    _words(
        """
    ExceptionList GetCompatibleTextureLoader IsSupportedAsync MarkAllMaterialsAsDirty
    ShadersRepository alphaState applyStates areAllComputeEffectsReady beginOcclusionQuery
    beginTransformFeedback bindArrayBuffer bindAttachments bindBuffers bindBuffersDirectly
    bindFramebuffer bindIndexBuffer bindInstancesBuffer bindMultiviewFramebuffer bindSamplers
    bindSpaceWarpFramebuffer bindTransformFeedback bindTransformFeedbackBuffer bindUniformBlock
    bindUniformBuffer bindUniformBufferBase bindVertexArrayObject buildTextureLayout
    cacheStencilState captureGPUFrameTime clear clearAttachments clearInternalTexturesCache
    compatibilityMode computeDispatch computeDispatchIndirect createComputeContext
    createComputeEffect createComputePipelineContext createCubeTexture createCubeTextureBase
    createDepthStencilTexture createDrawContext createDynamicTexture createDynamicUniformBuffer
    createDynamicVertexBuffer createEffect createEffectForParticles createIndexBuffer
    createInstancesBuffer createMaterialContext createMultipleRenderTarget
    createMultiviewRenderTargetTexture createPipelineContext createPrefilteredCubeTexture
    createQuery createRawCubeTexture createRawCubeTextureFromUrl createRawShaderProgram
    createRawTexture createRawTexture2DArray createRawTexture3D createRenderPassId
    createRenderTargetCubeTexture createRenderTargetTexture createShaderProgram createTexture
    createTransformFeedback createUniformBuffer createVertexBuffer cullBackFaces
    currentRenderPassId currentSampleCount currentViewport deleteInstancesBuffer deleteQuery
    deleteTransformFeedback depthCullingState  disableAttributeByIndex
    disableInstanceAttribute disableInstanceAttributeByName disableScissor
    doNotHandleContextLost draw drawArraysType drawElementsType drawPointClouds drawUnIndexed
    emptyCubeTexture emptyTexture emptyTexture2DArray emptyTexture3D enableEffect enableScissor
    endOcclusionQuery endTimeQuery endTransformFeedback extractDriverInfo flushFramebuffer
    framebufferDimensionsObject generateMipMapsForCubemap generateMipMapsFramebuffer
    generateMipMapsMultiFramebuffer generateMipmaps getAlphaEquation getAlphaMode
    getAlphaToCoverage getAttributes  getColorWrite getCurrentRenderPassName
    getDepthBuffer getDepthFunction getDepthWrite getError getFragmentShaderSource
    getGPUFrameTimeCounter getGlInfo getInfo getLoadedTexturesCache getQueryResult
    getRenderPassNames getStencilBackFunction getStencilBackOperationDepthFail
    getStencilBackOperationFail getStencilBackOperationPass getStencilBuffer getStencilFunction
    getStencilFunctionMask getStencilFunctionReference getStencilMask
    getStencilOperationDepthFail getStencilOperationFail getStencilOperationPass getUniforms
    getVertexShaderSource getZOffset getZOffsetUnits inlineShaderCode isOcclusionQueryVisible
    isQueryResultAvailable isStencilEnable  needPOTTextures postProcesses readPixels
    readTransformFeedbackBuffer recordVertexArrayObject registerView releaseComputeEffects
    releaseEffects releaseRenderPassId releaseVertexArrayObject resetTextureCache
    resolveFramebuffer resolveMultiFramebuffer restoreDefaultFramebuffer restoreSingleAttachment
    restoreSingleAttachmentForRenderTarget restoreStencilState scissorClear setAlphaConstants
    setAlphaEquation setAlphaMode setAlphaToCoverage setArray setArray2 setArray3 setArray4
    setBool setColorWrite setCompressedTextureExclusions setDepthBuffer setDepthFunction
    setDepthFunctionToGreater setDepthFunctionToGreaterOrEqual setDepthFunctionToLess
    setDepthFunctionToLessOrEqual setDepthStencilTexture setDepthWrite setDirectViewport
    setDitheringState setFloat setFloat2 setFloat3 setFloat4 setFloatArray setFloatArray2
    setFloatArray3 setFloatArray4 setInt setInt2 setInt3 setInt4 setIntArray setIntArray2
    setIntArray3 setIntArray4 setMatrices setMatrix2x2 setMatrix3x3 setRasterizerState setState
    setStateCullFaceType setStencilBackFunction setStencilBackOperationDepthFail
    setStencilBackOperationFail setStencilBackOperationPass setStencilBuffer setStencilFunction
    setStencilFunctionMask setStencilFunctionReference setStencilMask
    setStencilOperationDepthFail setStencilOperationFail setStencilOperationPass setTexture
    setTextureArray setTextureFormatToUse setTextureFromPostProcess
    setTextureFromPostProcessOutput setTranformFeedbackVaryings setUInt setUInt2 setUInt3
    setUInt4 setUIntArray setUIntArray2 setUIntArray3 setUIntArray4 setViewport setZOffset
    setZOffsetUnits shaderPlatformName snapshotRendering snapshotRenderingMode
    snapshotRenderingReset startTimeQuery stencilState stencilStateComposer
    supportsUniformBuffers textureFormatInUse texturesSupported unBindFramebuffer
    unBindMultiColorAttachmentFramebuffer unRegisterView unbindAllAttributes unbindAllTextures
    unbindInstanceAttributes updateAndBindInstancesBuffer updateArrayBuffer
    updateDynamicIndexBuffer updateDynamicTexture updateDynamicVertexBuffer
    updateMultipleRenderTargetTextureSampleCount updateRawCubeTexture updateRawTexture
    updateRawTexture2DArray updateRawTexture3D updateRenderTargetTextureSampleCount
    updateTextureArrayLayerFromImageSource updateTextureComparisonFunction updateTextureData
    updateTextureDimensions updateTextureSamplingMode updateTextureWrappingMode
    updateUniformBuffer updateVideoTexture updateWrappedWebGLTexture useReverseDepthBuffer
      wipeCaches wrapWebGLTexture
    """
    )
)


def _refuse_all() -> None:
    table = dict(ENGINE_REFUSALS)
    for name in GPU_MEMBERS:
        table.setdefault(name, (RENDERING, _GPU))
    refuse_members(AbstractEngine, table, owner="Engine")


_refuse_all()

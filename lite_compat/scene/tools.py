"""Babylon.js ``Tools``: the static helpers of ``Misc/tools``, headless.

Port of ``@babylonjs/core`` 9.31 ``Misc/tools.pure.js`` and the pieces it forwards to
(``Logger``, ``FileToolsOptions``, ``RetryStrategy``, ``DeepCopier``, ``RandomGUID``): angles
(``ToRadians``, ``ToDegrees``, ``SmoothAngleChange``), strings and urls (``GetFilename``,
``GetFolderPath``, ``IsAbsoluteUrl``, ``GetAssetUrl``, ``GetBabylonScriptURL``, ``CleanUrl``,
``Format`` as JavaScript's ``toFixed``), data urls (``IsBase64``, ``DecodeBase64``), ids
(``RandomId``), ``FetchToRef``, ``FloatRound``, ``DeepCopy``, ``MakeArray``, ``First``,
``GetClassName``, the logger (``Log``/``Warn``/``Error`` print ``BJS - [hh:mm:ss]: ...`` as
Node does, ``LogCache``, ``LogLevels``) and ``Now`` (:class:`PrecisionDate`).

Members that only touch the DOM, the network or the GPU (screenshots, downloads, script and
file loading, window events) are refused (:mod:`lite_compat._refusal`). Under Node Babylon's
``GetAbsoluteUrl`` throws; here it raises ``LITE-COMPAT-121`` the same way.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import math
import random
import re
import struct
import sys
import time
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from lite.errors import LiteError
from lite_compat._js import require_number
from lite_compat._refusal import INPUT, NETWORK, RENDERING, Refused
from lite_compat.engines.engine_store import EngineStore
from lite_compat.scene.scene import PrecisionDate

__all__ = ["Tools"]

_DEFAULT_CDN_URL = "https://cdn.babylonjs.com"
_CDN_VERSION = "9.31.0"
_DEFAULT_ASSETS_URL = "https://assets.babylonjs.com/core"
_BASE64_DATA_URL = re.compile(r"^data:([^,]+/[^,]+)?;base64,", re.IGNORECASE)
_LEVELS: dict[int, tuple[str, str]] = {
    1: ("Log", "white"),
    2: ("Warn", "orange"),
    4: ("Error", "red"),
}


def _clean_url(url: str) -> str:
    """``FileToolsOptions.CleanUrl``: ``#`` escaped as ``%23``."""
    return url.replace("#", "%23")


def _identity(url: str) -> str:
    return url


def _exponential_backoff(
    maxRetries: int = 3, baseInterval: float = 500
) -> Callable[[str, Any, int], float]:
    """``RetryStrategy.ExponentialBackoff()``: the wait before retry ``retryIndex`` (or -1)."""

    def strategy(url: str, request: Any, retryIndex: int) -> float:
        if getattr(request, "status", 0) != 0 or retryIndex >= maxRetries or "file:" in url:
            return -1
        return float(2**retryIndex * baseInterval)

    return strategy


def _typeof(value: object) -> str:
    """JavaScript ``typeof`` of a Python value."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if callable(value):
        return "function"
    return "object"


def _to_fixed(value: float, decimals: int) -> str:
    """JavaScript ``Number.prototype.toFixed`` (exact binary value, ties away from zero)."""
    if value != value:
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if abs(value) >= 1e21:
        text = repr(value)
        return text[:-2] if text.endswith(".0") else text
    exact = Decimal(abs(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    text = f"{exact:f}"
    return "-" + text if value < 0 and exact != 0 else text


class _ToolsMeta(type):
    """Babylon's static accessors that forward to other stores (``EngineStore``, the
    logger, ``ScriptBaseUrl``/``AssetBaseUrl``)."""

    @property
    def UseFallbackTexture(cls) -> bool:
        """``EngineStore.UseFallbackTexture``."""
        return EngineStore.UseFallbackTexture

    @UseFallbackTexture.setter
    def UseFallbackTexture(cls, value: bool) -> None:
        EngineStore.UseFallbackTexture = value

    @property
    def fallbackTexture(cls) -> str:
        """``EngineStore.FallbackTexture`` (a data url)."""
        return EngineStore.FallbackTexture

    @fallbackTexture.setter
    def fallbackTexture(cls, value: str) -> None:
        EngineStore.FallbackTexture = value

    @property
    def CDNBaseUrl(cls) -> None:
        """Write-only in Babylon.js (reads ``undefined``): sets ``ScriptBaseUrl`` and
        ``AssetBaseUrl``."""
        return None

    @CDNBaseUrl.setter
    def CDNBaseUrl(cls, value: str) -> None:
        cls.ScriptBaseUrl = value
        cls.AssetBaseUrl = value

    @property
    def LogLevels(cls) -> None:
        """Write-only in Babylon.js: which of Log (1), Warn (2), Error (4) print."""
        return None

    @LogLevels.setter
    def LogLevels(cls, level: int) -> None:
        cls._enabled_levels = int(level)

    @property
    def PerformanceLogLevel(cls) -> None:
        """Write-only in Babylon.js: performance counters (no-ops headless either way)."""
        return None

    @PerformanceLogLevel.setter
    def PerformanceLogLevel(cls, level: int) -> None:
        cls._performance_level = int(level)

    @property
    def LogCache(cls) -> str:
        """Every logged entry as Babylon's HTML, newest first."""
        return cls._log_cache  # type: ignore[attr-defined, no-any-return]

    @property
    def errorsCount(cls) -> int:
        """``Logger.errorsCount`` (Babylon 9.31 never increments it)."""
        return cls._errors_count  # type: ignore[attr-defined, no-any-return]

    @property
    def Now(cls) -> float:
        """``PrecisionDate.Now`` in milliseconds."""
        return PrecisionDate.Now


class Tools(metaclass=_ToolsMeta):
    """Babylon.js ``Tools``: static helpers (``BABYLON.Tools.ToRadians(90)``)."""

    # FileToolsOptions and friends (plain state).
    BaseUrl: ClassVar[str] = ""
    AssetBaseUrl: ClassVar[str] = ""
    ScriptBaseUrl: ClassVar[str] = ""
    CorsBehavior: ClassVar[str | Callable[..., str]] = "anonymous"
    UseCustomRequestHeaders: ClassVar[bool] = False
    CustomRequestHeaders: ClassVar[dict[str, str]] = {}
    RegisteredExternalClasses: ClassVar[dict[str, Any]] = {}
    CleanUrl: ClassVar[Callable[[str], str]] = staticmethod(_clean_url)
    PreprocessUrl: ClassVar[Callable[[str], str]] = staticmethod(_identity)
    ScriptPreprocessUrl: ClassVar[Callable[[str], str]] = staticmethod(_identity)
    DefaultRetryStrategy: ClassVar[Callable[[str, Any, int], float]] = staticmethod(
        _exponential_backoff()
    )
    # Logger levels.
    NoneLogLevel: ClassVar[int] = 0
    MessageLogLevel: ClassVar[int] = 1
    WarningLogLevel: ClassVar[int] = 2
    ErrorLogLevel: ClassVar[int] = 4
    AllLogLevel: ClassVar[int] = 7
    PerformanceNoneLogLevel: ClassVar[int] = 0
    PerformanceUserMarkLogLevel: ClassVar[int] = 1
    PerformanceConsoleLogLevel: ClassVar[int] = 2
    _enabled_levels: ClassVar[int] = 7
    _performance_level: ClassVar[int] = 0
    _log_cache: ClassVar[str] = ""
    _errors_count: ClassVar[int] = 0

    # DOM, network and GPU members: refused.
    CreateScreenshot = Refused(RENDERING, "reads the canvas", static=True)
    CreateScreenshotAsync = Refused(RENDERING, "reads the canvas", static=True)
    CreateScreenshotUsingRenderTarget = Refused(RENDERING, "a render target", static=True)
    CreateScreenshotUsingRenderTargetAsync = Refused(RENDERING, "a render target", static=True)
    DumpFramebuffer = Refused(RENDERING, "reads the framebuffer", static=True)
    DumpData = Refused(RENDERING, "encodes pixels through a canvas", static=True)
    DumpDataAsync = Refused(RENDERING, "encodes pixels through a canvas", static=True)
    ToBlob = Refused(RENDERING, "encodes a canvas", static=True)
    EncodeScreenshotCanvasData = Refused(RENDERING, "encodes a canvas", static=True)
    Download = Refused(INPUT, "a DOM download link", static=True)
    DownloadBlob = Refused(INPUT, "a DOM download link", static=True)
    FileAsURL = Refused(INPUT, "a DOM blob url", static=True)
    GetDOMTextContent = Refused(INPUT, "reads DOM elements", static=True)
    RegisterTopRootEvents = Refused(INPUT, "window events", static=True)
    UnregisterTopRootEvents = Refused(INPUT, "window events", static=True)
    SetCorsBehavior = Refused(NETWORK, "sets a DOM element's crossOrigin", static=True)
    SetReferrerPolicyBehavior = Refused(NETWORK, "sets a DOM element's referrer", static=True)
    LoadFile = Refused(NETWORK, "fetches a url", static=True)
    LoadFileAsync = Refused(NETWORK, "fetches a url", static=True)
    LoadImage = Refused(NETWORK, "fetches an image", static=True)
    LoadScript = Refused(NETWORK, "fetches a script", static=True)
    LoadScriptAsync = Refused(NETWORK, "fetches a script", static=True)
    LoadBabylonScript = Refused(NETWORK, "fetches a script", static=True)
    LoadBabylonScriptAsync = Refused(NETWORK, "fetches a script", static=True)
    ReadFile = Refused(INPUT, "reads a DOM File", static=True)
    ReadFileAsDataURL = Refused(INPUT, "reads a DOM File", static=True)

    # -- numbers -------------------------------------------------------------------------------

    @staticmethod
    def ToDegrees(angle: float) -> float:
        """Radians to degrees (``angle * 180 / pi``)."""
        return require_number(angle, "angle", "Tools.ToDegrees") * 180 / math.pi

    @staticmethod
    def ToRadians(angle: float) -> float:
        """Degrees to radians (``angle * pi / 180``)."""
        return require_number(angle, "angle", "Tools.ToRadians") * math.pi / 180

    @staticmethod
    def SmoothAngleChange(
        previousAngle: float, newAngle: float, smoothFactor: float = 0.9
    ) -> float:
        """Blend two angles in DEGREES on the circle (``smoothFactor`` of the previous)."""
        prev = Tools.ToRadians(previousAngle)
        new = Tools.ToRadians(newAngle)
        f = require_number(smoothFactor, "smoothFactor", "Tools.SmoothAngleChange")
        return Tools.ToDegrees(
            math.atan2(
                (1 - f) * math.sin(new) + f * math.sin(prev),
                (1 - f) * math.cos(new) + f * math.cos(prev),
            )
        )

    @staticmethod
    def FloatRound(value: float) -> float:
        """``Math.fround``: ``value`` rounded to float32."""
        number = require_number(value, "value", "Tools.FloatRound")
        if not math.isfinite(number):
            return number
        try:
            return float(struct.unpack("f", struct.pack("f", number))[0])
        except OverflowError:
            return math.copysign(math.inf, number)

    @staticmethod
    def Mix(a: float, b: float, alpha: float) -> float:
        """``a * (1 - alpha) + b * alpha``."""
        return (
            require_number(a, "a", "Tools.Mix") * (1 - require_number(alpha, "alpha", "Tools.Mix"))
            + require_number(b, "b", "Tools.Mix") * alpha
        )

    @staticmethod
    def IsExponentOfTwo(value: float) -> bool:
        """Whether ``value`` is a power of two (1, 2, 4, ...; Babylon's loop starts at 2)."""
        number = require_number(value, "value", "Tools.IsExponentOfTwo")
        count = 1.0
        while True:
            count *= 2
            if not count < number:
                break
        return count == number

    @staticmethod
    def Format(value: float, decimals: int = 2) -> str:
        """``value.toFixed(decimals)``."""
        number = require_number(value, "value", "Tools.Format")
        digits = require_number(decimals, "decimals", "Tools.Format")
        if not 0 <= digits <= 100:
            raise LiteError(
                "LITE-COMPAT-121",
                f"Tools.Format: decimals must be between 0 and 100, got {decimals!r}",
                hint="JavaScript's toFixed throws a RangeError outside 0..100",
                input_name="decimals",
            )
        return _to_fixed(number, int(digits))

    @staticmethod
    def FetchToRef(
        u: float, v: float, width: int, height: int, pixels: Sequence[float], color: Any
    ) -> None:
        """Sample ``pixels`` (RGBA bytes) at ``(u, v)`` into ``color`` (0..1 channels)."""
        wrapped_u = int(math.fmod(abs(u) * width, width)) if width else 0
        wrapped_v = int(math.fmod(abs(v) * height, height)) if height else 0
        position = (wrapped_u + wrapped_v * int(width)) * 4
        color.r = pixels[position] / 255
        color.g = pixels[position + 1] / 255
        color.b = pixels[position + 2] / 255
        color.a = pixels[position + 3] / 255

    # -- strings and urls ----------------------------------------------------------------------

    @staticmethod
    def _text(value: object, name: str, where: str) -> str:
        if not isinstance(value, str):
            raise LiteError(
                "LITE-COMPAT-121",
                f"Tools.{where}: {name} must be a string, got {value!r}",
                hint=f"pass {name} as a str",
                input_name=name,
            )
        return value

    @staticmethod
    def GetFilename(path: str) -> str:
        """The part of ``path`` after the last ``/``."""
        text = Tools._text(path, "path", "GetFilename")
        index = text.rfind("/")
        return text if index < 0 else text[index + 1 :]

    @staticmethod
    def GetFolderPath(uri: str, returnUnchangedIfNoSlash: bool = False) -> str:
        """``uri`` up to and including its last ``/`` (``""``, or ``uri``, without one)."""
        text = Tools._text(uri, "uri", "GetFolderPath")
        index = text.rfind("/")
        if index < 0:
            return text if returnUnchangedIfNoSlash else ""
        return text[: index + 1]

    @staticmethod
    def IsAbsoluteUrl(url: str) -> bool:
        """Babylon's absolute-url test (protocol-relative, protocol before the first dot,
        ``data:``/``blob:``)."""
        text = Tools._text(url, "url", "IsAbsoluteUrl")
        if text.find("//") == 0:
            return True
        if "://" not in text or "." not in text or "/" not in text:
            return False
        if text.find(":") > text.find("/"):
            return False
        if text.find("://") < text.find("."):
            return True
        return text.startswith(("data:", "blob:"))

    @staticmethod
    def GetAbsoluteUrl(url: str) -> str:
        """Raises, as under Node (no ``document``, no ``location``)."""
        raise LiteError(
            "LITE-COMPAT-121",
            "Unable to get absolute URL. Override BABYLON.Tools.GetAbsoluteUrl to a custom "
            f"implementation for the current context (url {url!r}).",
            hint="assign Tools.GetAbsoluteUrl = staticmethod(your_function)",
            input_name="url",
        )

    @staticmethod
    def GetAssetUrl(url: str) -> str:
        """``url`` with Babylon's asset host replaced by ``AssetBaseUrl`` (when set)."""
        if not url:
            return ""
        text = Tools._text(url, "url", "GetAssetUrl")
        base = Tools.AssetBaseUrl
        if base and text.startswith(_DEFAULT_ASSETS_URL):
            return text.replace(_DEFAULT_ASSETS_URL, base[:-1] if base.endswith("/") else base, 1)
        return text

    @staticmethod
    def GetBabylonScriptURL(scriptUrl: str, forceAbsoluteUrl: bool = False) -> str:
        """Babylon's CDN url for a script (``ScriptBaseUrl`` or the 9.31.0 versioned host),
        through ``ScriptPreprocessUrl``."""
        if not scriptUrl:
            return ""
        text = Tools._text(scriptUrl, "scriptUrl", "GetBabylonScriptURL")
        if text.startswith(_DEFAULT_CDN_URL):
            base = Tools.ScriptBaseUrl
            if base:
                text = text.replace(_DEFAULT_CDN_URL, base[:-1] if base.endswith("/") else base, 1)
            else:
                versioned = f"{_DEFAULT_CDN_URL}/v{_CDN_VERSION}"
                if not text.startswith(versioned):
                    text = text.replace(_DEFAULT_CDN_URL, versioned, 1)
        text = Tools.ScriptPreprocessUrl(text)
        if forceAbsoluteUrl and not Tools.IsAbsoluteUrl(text):
            text = Tools.GetAbsoluteUrl(text)
        return text

    @staticmethod
    def IsBase64(uri: str) -> bool:
        """Whether ``uri`` is a base64 ``data:`` url."""
        return isinstance(uri, str) and _BASE64_DATA_URL.match(uri) is not None

    @staticmethod
    def DecodeBase64(uri: str) -> bytes:
        """The bytes of a base64 ``data:`` url (the part after the first comma)."""
        text = Tools._text(uri, "uri", "DecodeBase64")
        payload = text.split(",")[1] if "," in text else ""
        try:
            return base64.b64decode(payload + "=" * (-len(payload) % 4))
        except (binascii.Error, ValueError) as exc:
            raise LiteError(
                "LITE-COMPAT-121",
                f"Tools.DecodeBase64: uri holds no valid base64 ({exc})",
                hint="pass a data:<mime>;base64,<payload> url",
                input_name="uri",
            ) from exc

    @staticmethod
    def RandomId() -> str:
        """A random RFC 4122 version-4 GUID (``xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx``)."""

        def digit(c: str) -> str:
            r = random.randrange(16)
            return format(r if c == "x" else (r & 0x3) | 0x8, "x")

        return "".join(digit(c) if c in "xy" else c for c in "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx")

    # -- objects -------------------------------------------------------------------------------

    @staticmethod
    def MakeArray(obj: Any, allowsNullUndefined: bool = False) -> list[Any] | None:
        """``obj`` if it is a list, else ``[obj]`` (None for None unless allowed)."""
        if allowsNullUndefined is not True and obj is None:
            return None
        return obj if isinstance(obj, list) else [obj]

    @staticmethod
    def First(array: Sequence[Any], predicate: Callable[[Any], object]) -> Any:
        """The first element ``predicate`` accepts (or None)."""
        for element in array:
            if predicate(element):
                return element
        return None

    @staticmethod
    def IsEmpty(obj: Any) -> bool:
        """Whether ``obj`` has no own property (a dict: no key)."""
        if isinstance(obj, dict):
            return not obj
        return not getattr(obj, "__dict__", None)

    @staticmethod
    def GetClassName(object: Any, isType: bool = False) -> str:
        """``object.getClassName()``, else JavaScript's ``typeof``."""
        get = getattr(object, "getClassName", None)
        if not isType and callable(get) and not isinstance(object, type):
            return str(get())
        return "function" if isType or isinstance(object, type) else _typeof(object)

    @staticmethod
    def getFullClassName(object: Any, isType: bool = False) -> str:
        """As :meth:`GetClassName` (lite_compat registers no module names)."""
        return Tools.GetClassName(object, isType)

    @staticmethod
    def Instantiate(className: str) -> Any:
        """The class registered as ``className`` in ``RegisteredExternalClasses`` (or None,
        with Babylon's warning)."""
        found = Tools.RegisteredExternalClasses.get(className)
        if found is not None:
            return found
        Tools.Warn(f"{className} not found, you may have missed an import.")
        return None

    @staticmethod
    def DeepCopy(
        source: Any,
        destination: Any,
        doNotCopyList: Sequence[str] | None = None,
        mustCopyList: Sequence[str] | None = None,
    ) -> None:
        """Copy ``source``'s public, non-function, non-observable fields onto
        ``destination`` (``DeepCopier.DeepCopy``: lists copied, objects cloned)."""
        fields = source if isinstance(source, dict) else getattr(source, "__dict__", {})
        for prop, value in list(fields.items()):
            if prop.startswith("_") and (not mustCopyList or prop not in mustCopyList):
                continue
            if prop.endswith("Observable") or (doNotCopyList and prop in doNotCopyList):
                continue
            if callable(value) and not hasattr(value, "clone"):
                continue
            copied: Any = value
            if isinstance(value, list):
                copied = (
                    [_clone_value(v) for v in value]
                    if value and _typeof(value[0]) == "object"
                    else list(value)
                )
            elif isinstance(value, bytes | bytearray):
                copied = bytes(value)
            elif _typeof(value) == "object" and value is not None:
                copied = _clone_value(value)
            if isinstance(destination, dict):
                destination[prop] = copied
            else:
                setattr(destination, prop, copied)

    @staticmethod
    def BackCompatCameraNoPreventDefault(args: Sequence[Any]) -> bool:
        """The ``noPreventDefault`` flag of an old-style ``attachControl`` call."""
        if len(args) > 0 and isinstance(args[0], bool):
            return args[0]
        if len(args) > 1 and isinstance(args[1], bool):
            return args[1]
        return False

    @staticmethod
    def GetPointerPrefix(engine: Any = None) -> str:
        """``"pointer"`` (no window, as under Node)."""
        return "pointer"

    @staticmethod
    def IsWindowObjectExist() -> bool:
        """False: there is no DOM window."""
        return False

    @staticmethod
    def IsSafari() -> bool:
        """False: there is no navigator."""
        return False

    @staticmethod
    def SetImmediate(action: Callable[[], object]) -> None:
        """Run ``action`` (Babylon defers it to the next tick; headless ports have none)."""
        action()

    @staticmethod
    async def DelayAsync(delay: float) -> None:
        """Wait ``delay`` milliseconds (``asyncio.sleep``)."""
        await asyncio.sleep(require_number(delay, "delay", "Tools.DelayAsync") / 1000.0)

    @staticmethod
    def StartPerformanceCounter(counterName: str, condition: bool = True) -> None:
        """A no-op (performance marks are a browser feature)."""

    @staticmethod
    def EndPerformanceCounter(counterName: str, condition: bool = True) -> None:
        """A no-op (performance marks are a browser feature)."""

    # -- logging -------------------------------------------------------------------------------

    @staticmethod
    def _log(level: int, message: Any) -> None:
        if not Tools._enabled_levels & level:
            return
        text = message[0] if isinstance(message, list) and message else message
        now = time.localtime(PrecisionDate.Now / 1000.0)
        formatted = f"[{now.tm_hour:02d}:{now.tm_min:02d}:{now.tm_sec:02d}]: {text}"
        name, color = _LEVELS[level]
        stream = sys.stdout if level == 1 else sys.stderr
        stream.write(f"BJS - {formatted}\n")
        Tools._log_cache = f"<div style='color:{color}'>{formatted}</div><br>" + Tools._log_cache

    @staticmethod
    def Log(message: Any) -> None:
        """Print ``BJS - [hh:mm:ss]: message`` (stdout) and cache it."""
        Tools._log(1, message)

    @staticmethod
    def Warn(message: Any) -> None:
        """As :meth:`Log`, on stderr (``console.warn``)."""
        Tools._log(2, message)

    @staticmethod
    def Error(message: Any) -> None:
        """As :meth:`Log`, on stderr (``console.error``)."""
        Tools._log(4, message)

    @staticmethod
    def ClearLogCache() -> None:
        """Empty the log cache and reset the error count."""
        Tools._log_cache = ""
        Tools._errors_count = 0


def _clone_value(value: Any) -> Any:
    """``DeepCopier``'s ``CloneValue``: ``clone()`` when there is one, meshes not copied."""
    if not value:
        return None
    get = getattr(value, "getClassName", None)
    if callable(get) and get() == "Mesh":
        return None
    clone = getattr(value, "clone", None)
    if callable(clone):
        return clone()
    if isinstance(value, list):
        return list(value)
    return None

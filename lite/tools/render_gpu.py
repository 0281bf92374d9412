"""The GPU half of the preview renderer: WGSL skinning, morphing, lighting, textures, MSAA.

Part of the offscreen preview renderer (:mod:`lite.tools.render`); not a port. Meshes are
skinned and morphed in the vertex shader from per-frame palettes and weights uploaded once;
the fragment shader multiplies the base colour factor, the vertex colour and the base-colour
texture (sRGB-decoded by the sampler), lights the result with a key and a fill light
(camera-relative by default) plus a sky/ground hemisphere, applies an exposure curve and
encodes sRGB for the ``rgba8unorm`` target. Frames are drawn with 4x MSAA, resolved, copied
and read back in batches.

``wgpu`` is imported inside the functions that need it, so importing this module works on a
machine without a GPU.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from lite.errors import UnsupportedError
from lite.tools.render_scene import (
    Camera,
    MeshLike,
    Prepared,
    RenderTexture,
    _bad,
    prepare_all,
)

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array

__all__ = [
    "DEFAULT_AMBIENT",
    "DEFAULT_BACKGROUND",
    "DEFAULT_EXPOSURE",
    "DEFAULT_LIGHT_DIR",
    "DEFAULT_SAMPLES",
    "MESA_HINT",
    "create_render_device",
    "render_frames",
]

U8Array = npt.NDArray[np.uint8]

#: How to get a CPU adapter on Linux; part of the ``LITE-GPU-001`` message.
MESA_HINT: Final = (
    "install Mesa's Vulkan driver: apt-get install mesa-vulkan-drivers (Debian/Ubuntu)"
)
#: Clear colour (RGBA in [0, 1], display values): the target is ``rgba8unorm`` and the clear
#: is stored as is, so it comes back exactly.
DEFAULT_BACKGROUND: Final = (0.12, 0.12, 0.14, 1.0)
#: ``None``: the key light comes from the camera's upper left (camera-relative, so every view
#: is lit from the front); a ``(3,)`` is a world-space direction toward the light.
DEFAULT_LIGHT_DIR: Final = None
#: Strength of the sky/ground hemisphere light (sky ``ambient``, ground ``ambient / 2``).
DEFAULT_AMBIENT: Final = 0.45
#: Scale before the exposure curve ``1 - exp(-exposure * x)``.
DEFAULT_EXPOSURE: Final = 1.6
#: MSAA sample count (1 or 4).
DEFAULT_SAMPLES: Final = 4
#: Key and fill light in view space (x right, y up, z toward the viewer), toward the light.
_KEY_VIEW: Final = (-0.45, 0.65, 0.62)
_FILL_VIEW: Final = (0.8, 0.05, 0.45)
_KEY_COLOR: Final = (1.15, 1.1, 1.02)
_FILL_COLOR: Final = (0.28, 0.31, 0.36)
#: Readback is batched so one mapped buffer stays under this many bytes.
_READBACK_BATCH_BYTES: Final = 64 << 20
#: Frames per batch when a progress callback wants updates.
_PROGRESS_BATCH: Final = 4
#: wgpu's bytesPerRow alignment for texture <-> buffer copies.
_COPY_ROW_ALIGN: Final = 256
#: Bytes of the per-draw uniform block before padding to the dynamic-offset alignment.
_DRAW_BYTES: Final = 176
_GLOBALS_BYTES: Final = 176
_COLOR_FORMAT: Final = "rgba8unorm"
_DEPTH_FORMAT: Final = "depth32float"

_SHADER: Final = """
struct Globals {
    view_proj: mat4x4<f32>,
    key_dir: vec4<f32>,      // xyz: unit vector from the surface toward the key light
    key_color: vec4<f32>,
    fill_dir: vec4<f32>,
    fill_color: vec4<f32>,
    sky: vec4<f32>,          // hemisphere light from +Y
    ground: vec4<f32>,       // hemisphere light from -Y
    eye: vec4<f32>,          // xyz: camera position (two-sided lighting); w: exposure
};

struct Draw {
    model: mat4x4<f32>,
    normal_matrix: mat4x4<f32>,
    base_color: vec4<f32>,
    palette_base: u32,   // first matrix of this frame in `palette`
    morph_base: u32,     // first weight of this frame in `morph_weights`
    target_count: u32,
    vertex_count: u32,
    flags: u32,          // 1: skinned, 2: morphed
    pad0: u32,
    pad1: u32,
    pad2: u32,
};

@group(0) @binding(0) var<uniform> globals: Globals;
@group(1) @binding(0) var<uniform> draw: Draw;
@group(1) @binding(1) var<storage, read> palette: array<mat4x4<f32>>;
@group(1) @binding(2) var<storage, read> morph_deltas: array<f32>;
@group(1) @binding(3) var<storage, read> morph_weights: array<f32>;
@group(1) @binding(4) var base_texture: texture_2d<f32>;
@group(1) @binding(5) var base_sampler: sampler;

struct VsIn {
    @builtin(vertex_index) vid: u32,
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) joints: vec4<u32>,
    @location(3) weights: vec4<f32>,
    @location(4) uv: vec2<f32>,
    @location(5) color: vec4<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world_pos: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) uv: vec2<f32>,
    @location(3) color: vec4<f32>,
};

fn delta(i: u32) -> vec3<f32> {
    return vec3<f32>(morph_deltas[i], morph_deltas[i + 1u], morph_deltas[i + 2u]);
}

@vertex
fn vs_main(v: VsIn) -> VsOut {
    var p = v.position;
    var n = v.normal;
    if ((draw.flags & 2u) != 0u) {
        // glTF order: morph targets first, then skinning.
        let normal_base = draw.target_count * draw.vertex_count * 3u;
        for (var t = 0u; t < draw.target_count; t = t + 1u) {
            let w = morph_weights[draw.morph_base + t];
            if (w != 0.0) {
                let i = (t * draw.vertex_count + v.vid) * 3u;
                p = p + w * delta(i);
                n = n + w * delta(normal_base + i);
            }
        }
    }
    var pos = vec4<f32>(p, 1.0);
    var nrm = vec4<f32>(n, 0.0);
    if ((draw.flags & 1u) != 0u) {
        let b = draw.palette_base;
        let skin = v.weights.x * palette[b + v.joints.x]
                 + v.weights.y * palette[b + v.joints.y]
                 + v.weights.z * palette[b + v.joints.z]
                 + v.weights.w * palette[b + v.joints.w];
        pos = skin * pos;
        nrm = skin * nrm;
    }
    let world = draw.model * pos;
    var out: VsOut;
    out.clip = globals.view_proj * world;
    out.world_pos = world.xyz;
    out.normal = (draw.normal_matrix * nrm).xyz;
    out.uv = v.uv;
    out.color = v.color;
    return out;
}

fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(c, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}

@fragment
fn fs_main(f: VsOut) -> @location(0) vec4<f32> {
    let texel = textureSample(base_texture, base_sampler, f.uv);
    let base = draw.base_color.rgb * f.color.rgb * texel.rgb;
    var n = f.normal;
    let len2 = dot(n, n);
    if (len2 > 0.0) {
        n = n * inverseSqrt(len2);
    }
    // Two-sided: light the side facing the camera, whatever the winding.
    if (dot(n, globals.eye.xyz - f.world_pos) < 0.0) {
        n = -n;
    }
    let key = max(dot(n, globals.key_dir.xyz), 0.0) * globals.key_color.rgb;
    let fill = max(dot(n, globals.fill_dir.xyz), 0.0) * globals.fill_color.rgb;
    let hemi = mix(globals.ground.rgb, globals.sky.rgb, 0.5 * n.y + 0.5);
    let linear = base * (key + fill + hemi);
    let exposed = vec3<f32>(1.0) - exp(-globals.eye.w * linear);
    return vec4<f32>(encode_srgb(clamp(exposed, vec3<f32>(0.0), vec3<f32>(1.0))), 1.0);
}
"""


def create_render_device() -> Any:
    """Request a wgpu adapter (no surface, no power preference) and a device on it.

    Returns
    -------
    wgpu.GPUDevice

    Raises
    ------
    UnsupportedError
        ``LITE-GPU-001`` when no adapter or device is available; the message says how to
        get a CPU adapter (Mesa's Vulkan driver).
    """
    reason = "wgpu found no Vulkan, Metal or D3D12 adapter"
    adapter = None
    try:
        from lite.skeleton.gpu_upload import request_adapter

        adapter = request_adapter(power_preference=None)
    except Exception as exc:  # ImportError (no wgpu-native library), RuntimeError, GPUError
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        reason = f"{reason} ({detail})"
    device = None
    if adapter is not None:
        try:
            device = adapter.request_device_sync()
        except Exception as exc:
            reason = f"the adapter refused to create a device ({type(exc).__name__}: {exc})"
    if device is None:
        raise UnsupportedError(
            "LITE-GPU-001",
            f"cannot render: no GPU adapter is available ({reason}); {MESA_HINT}",
            hint="on other systems install any Vulkan, Metal or D3D12 driver",
            input_name="device",
        )
    return device


@dataclass(slots=True, eq=False)
class _Pipeline:
    pipeline: Any
    globals_layout: Any
    draw_layout: Any
    dummy: Any  # 64-byte storage buffer bound where a mesh has no skin / morph
    white: Any  # 1x1 white texture view bound where a mesh has no texture
    sampler: Any  # the default sampler bound with ``white``
    draw_stride: int


_PIPELINES: weakref.WeakKeyDictionary[Any, dict[int, _Pipeline]] = weakref.WeakKeyDictionary()


def _pipeline(device: Any, samples: int) -> _Pipeline:
    per_device = _PIPELINES.setdefault(device, {})
    cached = per_device.get(samples)
    if cached is not None:
        return cached
    import wgpu

    shader = device.create_shader_module(label="lite.tools.render", code=_SHADER)
    vis = wgpu.ShaderStage.VERTEX | wgpu.ShaderStage.FRAGMENT
    globals_layout = device.create_bind_group_layout(
        entries=[{"binding": 0, "visibility": vis, "buffer": {"type": "uniform"}}]
    )
    storage = {"type": "read-only-storage"}
    frag = wgpu.ShaderStage.FRAGMENT
    draw_layout = device.create_bind_group_layout(
        entries=[
            {
                "binding": 0,
                "visibility": vis,
                "buffer": {"type": "uniform", "has_dynamic_offset": True},
            },
            {"binding": 1, "visibility": wgpu.ShaderStage.VERTEX, "buffer": storage},
            {"binding": 2, "visibility": wgpu.ShaderStage.VERTEX, "buffer": storage},
            {"binding": 3, "visibility": wgpu.ShaderStage.VERTEX, "buffer": storage},
            {"binding": 4, "visibility": frag, "texture": {"sample_type": "float"}},
            {"binding": 5, "visibility": frag, "sampler": {"type": "filtering"}},
        ]
    )
    layout = device.create_pipeline_layout(bind_group_layouts=[globals_layout, draw_layout])

    def attr(loc: int, fmt: str, stride: int) -> dict[str, Any]:
        return {
            "array_stride": stride,
            "step_mode": "vertex",
            "attributes": [{"format": fmt, "offset": 0, "shader_location": loc}],
        }

    pipeline = device.create_render_pipeline(
        label="lite.tools.render",
        layout=layout,
        vertex={
            "module": shader,
            "entry_point": "vs_main",
            "buffers": [
                attr(0, "float32x3", 12),
                attr(1, "float32x3", 12),
                attr(2, "uint32x4", 16),
                attr(3, "float32x4", 16),
                attr(4, "float32x2", 8),
                attr(5, "float32x4", 16),
            ],
        },
        primitive={"topology": "triangle-list", "cull_mode": "none"},
        depth_stencil={
            "format": _DEPTH_FORMAT,
            "depth_write_enabled": True,
            "depth_compare": "less",
        },
        multisample={"count": samples},
        fragment={
            "module": shader,
            "entry_point": "fs_main",
            "targets": [{"format": _COLOR_FORMAT}],
        },
    )
    dummy = device.create_buffer(
        size=64, usage=wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_DST
    )
    white = _upload_texture(device, RenderTexture(np.full((1, 1, 4), 255, np.uint8), srgb=False))
    sampler = device.create_sampler(mag_filter="linear", min_filter="linear")
    align = int(device.limits["min-uniform-buffer-offset-alignment"])
    stride = -(-_DRAW_BYTES // align) * align
    out = _Pipeline(pipeline, globals_layout, draw_layout, dummy, white, sampler, stride)
    per_device[samples] = out
    return out


def _mip_chain(pixels: U8Array) -> list[U8Array]:
    """Level 0 and its 2x2 box-filtered reductions down to 1x1 (in the stored encoding)."""
    from PIL import Image

    levels = [pixels]
    img = Image.fromarray(pixels, mode="RGBA")
    h, w = pixels.shape[:2]
    while h > 1 or w > 1:
        h, w = max(1, h // 2), max(1, w // 2)
        img = img.resize((w, h), Image.Resampling.BOX)
        levels.append(np.asarray(img))
    return levels


def _upload_texture(device: Any, tex: RenderTexture) -> Any:
    """A texture view holding ``tex.pixels`` (and its mip chain when it has a mipmap filter)."""
    import wgpu

    levels = _mip_chain(tex.pixels) if tex.mipmap_filter is not None else [tex.pixels]
    h, w = tex.pixels.shape[:2]
    texture = device.create_texture(
        size=(w, h, 1),
        mip_level_count=len(levels),
        format="rgba8unorm-srgb" if tex.srgb else "rgba8unorm",
        usage=wgpu.TextureUsage.TEXTURE_BINDING | wgpu.TextureUsage.COPY_DST,
    )
    for level, px in enumerate(levels):
        lh, lw = px.shape[:2]
        device.queue.write_texture(
            {"texture": texture, "mip_level": level, "origin": (0, 0, 0)},
            np.ascontiguousarray(px),
            {"offset": 0, "bytes_per_row": lw * 4, "rows_per_image": lh},
            (lw, lh, 1),
        )
    return texture.create_view()


def _sampler(device: Any, tex: RenderTexture) -> Any:
    kwargs: dict[str, Any] = {
        "address_mode_u": tex.wrap_u,
        "address_mode_v": tex.wrap_v,
        "mag_filter": tex.mag_filter,
        "min_filter": tex.min_filter,
    }
    if tex.mipmap_filter is not None:
        kwargs["mipmap_filter"] = tex.mipmap_filter
    else:
        kwargs["lod_max_clamp"] = 0.0
    return device.create_sampler(**kwargs)


def _buffer(device: Any, data: npt.NDArray[Any], usage: int, label: str) -> Any:
    return device.create_buffer_with_data(label=label, data=np.ascontiguousarray(data), usage=usage)


def _column_major(m: F64Array) -> F32Array:
    """``(..., 4, 4)`` mathematical matrices -> ``(..., 16)`` column-major float32."""
    return (
        np.ascontiguousarray(np.swapaxes(m, -1, -2)).reshape(*m.shape[:-2], 16).astype(np.float32)
    )


def _draw_uniforms(prepared: list[Prepared], frames: int, stride: int) -> U8Array:
    """Per (frame, mesh) uniform blocks, ``stride`` bytes each, frame-major."""
    n = len(prepared)
    floats = stride // 4
    block = np.zeros((frames, n, floats), dtype=np.float32)
    ints = block.view(np.uint32)
    frame_idx = np.arange(frames)
    for m, p in enumerate(prepared):
        model = p.model[np.minimum(frame_idx, p.model.shape[0] - 1)]
        normal = np.zeros_like(model)
        # Inverse transpose of the linear part; pinv keeps a zero scale from raising.
        normal[:, :3, :3] = np.swapaxes(np.linalg.pinv(model[:, :3, :3]), -1, -2)
        normal[:, 3, 3] = 1.0
        block[:, m, 0:16] = _column_major(model)
        block[:, m, 16:32] = _column_major(normal)
        block[:, m, 32:36] = p.base_color
        flags = 0
        if p.palette is not None:
            flags |= 1
            jc = p.palette.shape[1]
            ints[:, m, 36] = np.minimum(frame_idx, p.palette.shape[0] - 1) * jc
        if p.morph is not None and p.deltas is not None:
            flags |= 2
            tc = p.morph.shape[1]
            ints[:, m, 37] = np.minimum(frame_idx, p.morph.shape[0] - 1) * tc
            ints[:, m, 38] = tc
        ints[:, m, 39] = p.positions.shape[0]
        ints[:, m, 40] = flags
    return block.reshape(-1).view(np.uint8)


def _unit(value: Sequence[float], name: str) -> F64Array:
    try:
        d = np.asarray(value, dtype=np.float64).reshape(3)
    except (TypeError, ValueError):
        raise _bad(f"{name} is {value!r}", name, "pass a non-zero (3,) direction") from None
    norm = float(np.linalg.norm(d))
    if not math.isfinite(norm) or norm == 0.0:
        raise _bad(f"{name} {d.tolist()} has no direction", name, "pass a non-zero (3,)")
    out: F64Array = d / norm
    return out


def _globals(
    camera: Camera, light_dir: Sequence[float] | None, ambient: float, exposure: float
) -> F32Array:
    g = np.zeros(_GLOBALS_BYTES // 4, dtype=np.float32)
    g[0:16] = _column_major(camera.view_projection)
    to_world = np.asarray(camera.view, np.float64)[:3, :3].T  # view rotation is orthonormal
    key = to_world @ _unit(_KEY_VIEW, "key") if light_dir is None else _unit(light_dir, "light_dir")
    g[16:19] = key
    g[20:23] = _KEY_COLOR
    g[24:27] = to_world @ _unit(_FILL_VIEW, "fill")
    g[28:31] = _FILL_COLOR
    g[32:35] = (ambient * 0.95, ambient * 1.0, ambient * 1.1)  # slightly blue sky
    g[36:39] = (ambient * 0.5, ambient * 0.45, ambient * 0.4)  # warm, darker ground
    g[40:43] = np.asarray(camera.eye, dtype=np.float32).reshape(3)
    g[43] = exposure
    return g


def _check_camera(camera: object) -> Camera:
    if not isinstance(camera, Camera):
        raise _bad(
            f"camera is a {type(camera).__name__}",
            "camera",
            "pass lite.tools.render.Camera, e.g. frame_camera(*animated_bounds(meshes, ...))",
        )
    for name in ("view", "projection"):
        arr = np.asarray(getattr(camera, name))
        if arr.shape != (4, 4) or not np.all(np.isfinite(arr)):
            raise _bad(
                f"camera.{name} has shape {arr.shape}",
                f"camera.{name}",
                "pass a finite (4, 4) matrix",
            )
    return camera


def _check_options(
    size: tuple[int, int], ambient: float, exposure: float, samples: int, background: object
) -> tuple[int, int, list[float]]:
    width, height = (int(size[0]), int(size[1]))
    if not (1 <= width <= 8192 and 1 <= height <= 8192):
        raise _bad(f"size {size!r}", "size", "width and height must lie in [1, 8192]")
    if not (math.isfinite(ambient) and 0.0 <= ambient <= 1.0):
        raise _bad(f"ambient={ambient!r}", "ambient", "pass a number in [0, 1]")
    if not (math.isfinite(exposure) and exposure > 0.0):
        raise _bad(f"exposure={exposure!r}", "exposure", "pass a positive number")
    if samples not in (1, 4):
        raise _bad(f"samples={samples!r}", "samples", "pass 1 (no MSAA) or 4")
    bg = [float(c) for c in background]  # type: ignore[attr-defined]
    if len(bg) != 4:
        raise _bad(f"background {background!r}", "background", "pass (r, g, b, a)")
    return width, height, bg


def render_frames(
    meshes: Sequence[MeshLike],
    palettes: Sequence[object | None] | None,
    morph_weights: Sequence[object | None] | None,
    camera: Camera,
    size: tuple[int, int] = (256, 256),
    *,
    device: Any | None = None,
    background: Sequence[float] = DEFAULT_BACKGROUND,
    light_dir: Sequence[float] | None = DEFAULT_LIGHT_DIR,
    ambient: float = DEFAULT_AMBIENT,
    exposure: float = DEFAULT_EXPOSURE,
    samples: int = DEFAULT_SAMPLES,
    progress: Callable[[int], object] | None = None,
) -> U8Array:
    """Render every frame offscreen and read the pixels back.

    Skinning (4 joints per vertex, palette in a storage buffer) and morph targets (position
    and normal deltas, weights per frame in a storage buffer) run in the vertex shader. The
    surface colour is ``base_color * vertex colour * texture(texcoords)`` (the texture
    sRGB-decoded by the sampler, with its wrap and filter modes and a mip chain); it is lit
    by a key light, a fill light and a sky/ground hemisphere from whichever side faces the
    camera, mapped by ``1 - exp(-exposure * x)`` and sRGB-encoded. 4x MSAA by default.

    Parameters
    ----------
    meshes
        :class:`~lite.tools.render.RenderMesh` objects or mappings with the same field names.
    palettes
        Per mesh: ``(F, J, 16)`` or ``(J, 16)`` column-major joint matrices, or ``None``
        (unskinned). ``None`` for the whole argument: nothing is skinned.
    morph_weights
        Per mesh: ``(F, T)`` or ``(T,)`` weights, or ``None``.
    camera
        From :func:`~lite.tools.render.frame_points` / ``frame_camera`` (or built by hand).
    size
        ``(width, height)`` in pixels.
    device
        A device from :func:`~lite.tools.render.create_render_device`; one is created when
        omitted.
    background
        Clear colour, RGBA in [0, 1], stored as is.
    light_dir
        ``None``: the key light sits at the camera's upper left (and the fill at its right);
        a ``(3,)`` world-space direction toward the key light instead.
    ambient
        Hemisphere light strength in [0, 1].
    exposure
        > 0; larger is brighter.
    samples
        MSAA samples: 4 (default) or 1.
    progress
        Called with the number of frames finished after each batch is read back.

    Returns
    -------
    numpy.ndarray
        ``(F, H, W, 4)`` uint8 RGBA, row 0 at the top. ``F`` is the common first dimension of
        the per-frame inputs (arrays with one frame, or static ones, are broadcast).

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` when an input is malformed (shapes, dtypes, index ranges, frame
        counts that disagree); ``LITE-RENDER-002`` for a malformed texture, UVs or vertex
        colours.
    UnsupportedError
        ``LITE-GPU-001`` when ``device`` is omitted and no adapter is available.
    """
    import wgpu

    width, height, bg = _check_options(size, ambient, exposure, samples, background)
    camera = _check_camera(camera)
    prepared, frames = prepare_all(meshes, palettes, morph_weights)
    globals_data = _globals(camera, light_dir, ambient, exposure)
    if device is None:
        device = create_render_device()
    pipe = _pipeline(device, samples)

    # Bind time: upload everything once (all frames' palettes and weights included).
    usage = wgpu.BufferUsage
    globals_buf = _buffer(device, globals_data, usage.UNIFORM, "globals")
    globals_bg = device.create_bind_group(
        layout=pipe.globals_layout, entries=[{"binding": 0, "resource": {"buffer": globals_buf}}]
    )
    draw_buf = _buffer(
        device, _draw_uniforms(prepared, frames, pipe.draw_stride), usage.UNIFORM, "draws"
    )
    images: dict[tuple[int, bool, bool], Any] = {}
    samplers: dict[tuple[str, str, str, str, str | None], Any] = {}
    draws: list[tuple[Any, list[Any], Any, int]] = []
    for m, p in enumerate(prepared):
        v = p.positions.shape[0]
        vbufs = [
            _buffer(device, p.positions, usage.VERTEX, f"pos{m}"),
            _buffer(device, p.normals, usage.VERTEX, f"nrm{m}"),
            _buffer(
                device,
                p.joints if p.joints is not None else np.zeros((v, 4), np.uint32),
                usage.VERTEX,
                f"joints{m}",
            ),
            _buffer(
                device,
                p.weights if p.weights is not None else np.zeros((v, 4), np.float32),
                usage.VERTEX,
                f"weights{m}",
            ),
            _buffer(device, p.texcoords, usage.VERTEX, f"uv{m}"),
            _buffer(device, p.colors, usage.VERTEX, f"color{m}"),
        ]
        storage = [
            _buffer(device, arr, usage.STORAGE, f"{label}{m}") if arr is not None else pipe.dummy
            for label, arr in (("palette", p.palette), ("deltas", p.deltas), ("morph", p.morph))
        ]
        if p.texture is None:
            view, sampler = pipe.white, pipe.sampler
        else:
            t = p.texture  # one upload per distinct image, one sampler per distinct mode
            img_key = (id(t.pixels), t.srgb, t.mipmap_filter is not None)
            if img_key not in images:
                images[img_key] = _upload_texture(device, t)
            mode_key = (t.wrap_u, t.wrap_v, t.mag_filter, t.min_filter, t.mipmap_filter)
            if mode_key not in samplers:
                samplers[mode_key] = _sampler(device, t)
            view, sampler = images[img_key], samplers[mode_key]
        entries = [
            {
                "binding": 0,
                "resource": {"buffer": draw_buf, "offset": 0, "size": _DRAW_BYTES},
            },
            *({"binding": b + 1, "resource": {"buffer": s}} for b, s in enumerate(storage)),
            {"binding": 4, "resource": view},
            {"binding": 5, "resource": sampler},
        ]
        bind_group = device.create_bind_group(layout=pipe.draw_layout, entries=entries)
        # A zero-sized buffer cannot be created; a mesh without triangles draws nothing.
        idx_data = p.indices if p.indices.shape[0] else np.zeros(4, np.uint32)
        ibuf = _buffer(device, idx_data, usage.INDEX, f"idx{m}")
        draws.append((bind_group, vbufs, ibuf, int(p.indices.shape[0])))

    tex_usage = wgpu.TextureUsage
    resolved = device.create_texture(
        size=(width, height, 1),
        format=_COLOR_FORMAT,
        usage=tex_usage.RENDER_ATTACHMENT | tex_usage.COPY_SRC,
    )
    msaa = (
        device.create_texture(
            size=(width, height, 1),
            format=_COLOR_FORMAT,
            sample_count=samples,
            usage=tex_usage.RENDER_ATTACHMENT,
        )
        if samples > 1
        else None
    )
    depth = device.create_texture(
        size=(width, height, 1),
        format=_DEPTH_FORMAT,
        sample_count=samples,
        usage=tex_usage.RENDER_ATTACHMENT,
    )
    color_attachment: dict[str, Any] = {
        "view": resolved.create_view() if msaa is None else msaa.create_view(),
        "clear_value": bg,
        "load_op": "clear",
        "store_op": "store" if msaa is None else "discard",
    }
    if msaa is not None:
        color_attachment["resolve_target"] = resolved.create_view()
    depth_attachment = {
        "view": depth.create_view(),
        "depth_clear_value": 1.0,
        "depth_load_op": "clear",
        "depth_store_op": "discard",
    }
    row_bytes = width * 4
    padded_row = -(-row_bytes // _COPY_ROW_ALIGN) * _COPY_ROW_ALIGN
    frame_bytes = padded_row * height
    batch = max(1, min(frames, _READBACK_BATCH_BYTES // frame_bytes))
    if progress is not None:
        batch = min(batch, _PROGRESS_BATCH)
    readback = device.create_buffer(size=batch * frame_bytes, usage=usage.MAP_READ | usage.COPY_DST)
    out = np.empty((frames, height, width, 4), dtype=np.uint8)
    n_meshes = len(prepared)
    stride = pipe.draw_stride

    # Hot path: one command buffer per batch of frames, one render pass + copy per frame.
    for start in range(0, frames, batch):
        count = min(batch, frames - start)
        encoder = device.create_command_encoder()
        for k in range(count):
            f = start + k
            rpass = encoder.begin_render_pass(
                color_attachments=[color_attachment],
                depth_stencil_attachment=depth_attachment,
            )
            rpass.set_pipeline(pipe.pipeline)
            rpass.set_bind_group(0, globals_bg)
            for m, (bind_group, vbufs, ibuf, n_idx) in enumerate(draws):
                if n_idx == 0:
                    continue
                rpass.set_bind_group(1, bind_group, [(f * n_meshes + m) * stride])
                for slot, vb in enumerate(vbufs):
                    rpass.set_vertex_buffer(slot, vb)
                rpass.set_index_buffer(ibuf, "uint32")
                rpass.draw_indexed(n_idx)
            rpass.end()
            encoder.copy_texture_to_buffer(
                {"texture": resolved, "mip_level": 0, "origin": (0, 0, 0)},
                {
                    "buffer": readback,
                    "offset": k * frame_bytes,
                    "bytes_per_row": padded_row,
                    "rows_per_image": height,
                },
                (width, height, 1),
            )
        device.queue.submit([encoder.finish()])
        readback.map_sync(wgpu.MapMode.READ, 0, count * frame_bytes)
        data = readback.read_mapped(0, count * frame_bytes, copy=False)
        rows = np.frombuffer(data, dtype=np.uint8).reshape(count, height, padded_row)
        out[start : start + count] = rows[:, :, :row_bytes].reshape(count, height, width, 4)
        del rows, data
        readback.unmap()
        if progress is not None:
            progress(count)
    for tex in (resolved, msaa, depth):
        if tex is not None:
            tex.destroy()
    readback.destroy()
    return out

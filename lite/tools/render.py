"""Offscreen preview rendering of skinned and morphed meshes through wgpu (no window).

Not a port: Babylon Lite draws through its own WebGPU engine; this module is a small
stand-alone renderer for looking at what the animation runtime computes. It takes plain
numpy arrays (meshes, per-frame joint palettes, morph weights, model matrices), skins and
morphs them on the GPU in WGSL, shades them with one directional light plus ambient, and reads
the frames back as ``(F, H, W, 4)`` uint8. :func:`render_asset_frames` feeds it a loaded glTF
asset; :func:`main_render` is the ``lite-anim render`` command.

``wgpu`` is imported inside the functions that need it, so ``import lite.tools.render`` (and the
unit suite) works on a machine without a GPU. Without an adapter,
:func:`create_render_device` raises :class:`~lite.errors.UnsupportedError` ``LITE-GPU-001``
naming Mesa's CPU Vulkan driver.

Matrix conventions
------------------
A ``(4, 4)`` array is a mathematical matrix in numpy's row-major order, column-vector
convention (``p' = M @ p``): model, view and projection matrices. A ``(..., 16)`` array is
column-major, exactly as ``SkeletonBinding.joint_matrices`` (lite.skeleton.skeleton_updater)
stores joint palettes. The shape tells the layout.
"""

from __future__ import annotations

import argparse
import math
import sys
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from lite.errors import AnimationStateError, LiteError, UnsupportedError
from lite.tools.images import contact_sheet, save_gif

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array
    from lite.loader_gltf import GltfAsset

__all__ = [
    "DEFAULT_AMBIENT",
    "DEFAULT_BACKGROUND",
    "DEFAULT_BASE_COLOR",
    "DEFAULT_LIGHT_DIR",
    "MESA_HINT",
    "Camera",
    "RenderMesh",
    "RenderScene",
    "animated_bounds",
    "create_render_device",
    "frame_camera",
    "main_render",
    "render_asset_frames",
    "look_at",
    "perspective",
    "render_frames",
    "sample_asset",
    "smooth_normals",
]

U32Array = npt.NDArray[np.uint32]
U8Array = npt.NDArray[np.uint8]

#: How to get a CPU adapter on Linux; part of the ``LITE-GPU-001`` message.
MESA_HINT: Final = (
    "install Mesa's Vulkan driver: apt-get install mesa-vulkan-drivers (Debian/Ubuntu)"
)
#: Clear colour (linear RGBA in [0, 1]); the target is ``rgba8unorm``, so it is stored as is.
DEFAULT_BACKGROUND: Final = (0.12, 0.12, 0.14, 1.0)
#: Mesh colour when none is given (glTF's default ``baseColorFactor`` is white; grey reads
#: better under the light).
DEFAULT_BASE_COLOR: Final = (0.8, 0.8, 0.8, 1.0)
#: World-space direction from a surface toward the light (normalised at use).
DEFAULT_LIGHT_DIR: Final = (0.35, 0.8, 0.5)
#: Ambient term added to the Lambert term; the light itself has intensity ``1 - ambient``.
DEFAULT_AMBIENT: Final = 0.25
#: 3/4 view: camera azimuth (from +Z toward +X) and elevation, degrees.
VIEW_AZIMUTH_DEG: Final = 35.0
VIEW_ELEVATION_DEG: Final = 25.0
#: Readback is batched so one mapped buffer stays under this many bytes.
_READBACK_BATCH_BYTES: Final = 64 << 20
#: wgpu's bytesPerRow alignment for texture <-> buffer copies.
_COPY_ROW_ALIGN: Final = 256
#: Bytes of the per-draw uniform block before padding to the dynamic-offset alignment.
_DRAW_BYTES: Final = 176
_GLOBALS_BYTES: Final = 128
_COLOR_FORMAT: Final = "rgba8unorm"
_DEPTH_FORMAT: Final = "depth32float"
_MAX_FRAMES: Final = 4096

_SHADER: Final = """
struct Globals {
    view_proj: mat4x4<f32>,
    light_dir: vec4<f32>,    // xyz: unit vector from the surface toward the light
    light_color: vec4<f32>,  // rgb
    ambient: vec4<f32>,      // rgb
    eye: vec4<f32>,          // xyz: camera position (two-sided lighting)
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

struct VsIn {
    @builtin(vertex_index) vid: u32,
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) joints: vec4<u32>,
    @location(3) weights: vec4<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world_pos: vec3<f32>,
    @location(1) normal: vec3<f32>,
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
    return out;
}

@fragment
fn fs_main(f: VsOut) -> @location(0) vec4<f32> {
    var n = f.normal;
    let len2 = dot(n, n);
    if (len2 > 0.0) {
        n = n * inverseSqrt(len2);
    }
    // Two-sided: light the side facing the camera, whatever the winding.
    if (dot(n, globals.eye.xyz - f.world_pos) < 0.0) {
        n = -n;
    }
    let diffuse = max(dot(n, globals.light_dir.xyz), 0.0);
    let rgb = draw.base_color.rgb * (globals.ambient.rgb + globals.light_color.rgb * diffuse);
    return vec4<f32>(clamp(rgb, vec3<f32>(0.0), vec3<f32>(1.0)), 1.0);
}
"""


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class RenderMesh:
    """One triangle mesh to draw.

    Attributes
    ----------
    positions
        ``(V, 3)`` float32 bind-pose positions.
    indices
        ``(I,)`` uint32 triangle-list indices, ``I`` a multiple of 3.
    normals
        ``(V, 3)`` float32, or ``None`` to compute smooth normals from the triangles.
    joints, weights
        ``(V, 4)`` joint indices (into this mesh's palette) and weights; both or neither.
    morph_positions, morph_normals
        ``(T, V, 3)`` float32 position / normal deltas per morph target (normals optional).
    base_color
        Linear RGBA in [0, 1]; alpha is ignored (everything is drawn opaque).
    model
        ``(4, 4)`` (static) or ``(F, 4, 4)`` (per frame) model matrix, mathematical layout;
        ``None`` is the identity.
    """

    positions: F32Array
    indices: U32Array
    normals: F32Array | None = None
    joints: U32Array | None = None
    weights: F32Array | None = None
    morph_positions: F32Array | None = None
    morph_normals: F32Array | None = None
    base_color: tuple[float, float, float, float] = DEFAULT_BASE_COLOR
    model: F32Array | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Camera:
    """View and projection for :func:`render_frames`.

    Attributes
    ----------
    view, projection
        ``(4, 4)`` float32, mathematical layout; the projection maps depth to [0, 1]
        (WebGPU clip space).
    eye
        ``(3,)`` float32 camera position in world space.
    """

    view: F32Array
    projection: F32Array
    eye: F32Array

    @property
    def view_projection(self) -> F64Array:
        """``projection @ view`` in float64."""
        return np.asarray(self.projection, np.float64) @ np.asarray(self.view, np.float64)


@dataclass(frozen=True, slots=True, eq=False)
class RenderScene:
    """Renderer input sampled from an asset by :func:`sample_asset`.

    Attributes
    ----------
    meshes
        One :class:`RenderMesh` per drawn primitive, with per-frame ``model`` matrices.
    palettes
        Per mesh: ``(F, J, 16)`` column-major joint palettes, or ``None``.
    morph_weights
        Per mesh: ``(F, T)`` float32 weights, or ``None``.
    times
        ``(F,)`` float64 sample times in seconds.
    clip_name
        Name of the sampled clip (``None`` for the rest pose).
    duration
        Clip duration in seconds (0 for the rest pose).
    """

    meshes: tuple[RenderMesh, ...]
    palettes: tuple[F32Array | None, ...]
    morph_weights: tuple[F32Array | None, ...]
    times: F64Array
    clip_name: str | None
    duration: float


MeshLike = RenderMesh | Mapping[str, Any]


def _bad(message: str, input_name: str, hint: str) -> LiteError:
    return LiteError("LITE-RENDER-001", message, hint=hint, input_name=input_name)


def _array(
    value: object, dtype: type[np.generic], name: str, shape_tail: tuple[int, ...]
) -> npt.NDArray[Any]:
    try:
        arr = np.asarray(value, dtype=dtype)
    except (TypeError, ValueError) as exc:
        raise _bad(
            f"{name} cannot be converted to {np.dtype(dtype).name}: {exc}",
            name,
            "pass a numpy array",
        ) from None
    tail = arr.shape[arr.ndim - len(shape_tail) :] if arr.ndim >= len(shape_tail) else ()
    ok = arr.ndim >= len(shape_tail) and all(
        want < 0 or got == want for got, want in zip(tail, shape_tail, strict=True)
    )
    if not ok:
        want_txt = "(" + ", ".join("N" if w < 0 else str(w) for w in shape_tail) + ")"
        raise _bad(
            f"{name} has shape {arr.shape}, expected one ending in {want_txt}",
            name,
            "see lite.tools.render.RenderMesh for the expected shapes",
        )
    if np.issubdtype(arr.dtype, np.floating) and not np.all(np.isfinite(arr)):
        raise _bad(f"{name} contains NaN or infinite values", name, "pass finite numbers")
    return arr


def _as_mesh(mesh: MeshLike, i: int) -> RenderMesh:
    if isinstance(mesh, RenderMesh):
        return mesh
    if not isinstance(mesh, Mapping):
        raise _bad(
            f"meshes[{i}] is a {type(mesh).__name__}, expected a RenderMesh or a mapping",
            f"meshes[{i}]",
            "pass lite.tools.render.RenderMesh(...) or a dict with 'positions' and 'indices'",
        )
    unknown = set(mesh) - set(RenderMesh.__dataclass_fields__)
    if unknown or "positions" not in mesh or "indices" not in mesh:
        raise _bad(
            f"meshes[{i}] keys {sorted(mesh)} are not valid RenderMesh fields"
            + (f" (unknown: {sorted(unknown)})" if unknown else " (needs positions, indices)"),
            f"meshes[{i}]",
            "use the field names of lite.tools.render.RenderMesh",
        )
    fields = dict(mesh)
    if "base_color" in fields:
        fields["base_color"] = tuple(float(c) for c in fields["base_color"])
    return RenderMesh(**fields)


def smooth_normals(positions: F32Array, indices: U32Array) -> F32Array:
    """Area-weighted vertex normals of a triangle list: ``(V, 3)`` float32.

    Vertices used by no triangle get ``(0, 1, 0)``.
    """
    tri = indices.reshape(-1, 3).astype(np.int64)
    p = positions.astype(np.float64)
    face = np.cross(p[tri[:, 1]] - p[tri[:, 0]], p[tri[:, 2]] - p[tri[:, 0]])
    acc = np.zeros_like(p)
    for k in range(3):
        np.add.at(acc, tri[:, k], face)
    length = np.linalg.norm(acc, axis=1)
    out = np.tile(np.array([0.0, 1.0, 0.0]), (p.shape[0], 1))
    nz = length > 1e-20
    out[nz] = acc[nz] / length[nz, None]
    return out.astype(np.float32)


@dataclass(slots=True)
class _Prepared:
    """A validated mesh: tight arrays ready to upload, and its per-frame inputs."""

    positions: F32Array
    normals: F32Array
    indices: U32Array
    joints: U32Array | None
    weights: F32Array | None
    deltas: F32Array | None  # (2, T, V, 3): positions then normals
    base_color: tuple[float, float, float, float]
    model: F64Array  # (Fm, 4, 4)
    palette: F32Array | None  # (Fp, J, 16)
    morph: F32Array | None  # (Fw, T)


def _frames_of(arr: npt.NDArray[Any] | None, static_ndim: int) -> int:
    if arr is None or arr.ndim == static_ndim:
        return 1
    return int(arr.shape[0])


def _prepare(
    mesh_in: MeshLike, palette_in: object | None, weights_in: object | None, i: int
) -> _Prepared:
    mesh = _as_mesh(mesh_in, i)
    name = f"meshes[{i}]"
    pos = np.ascontiguousarray(_array(mesh.positions, np.float32, f"{name}.positions", (-1, 3)))
    if pos.ndim != 2 or pos.shape[0] == 0:
        raise _bad(f"{name}.positions has shape {pos.shape}", f"{name}.positions", "(V, 3)")
    v = int(pos.shape[0])
    idx_raw = np.asarray(mesh.indices)
    if idx_raw.ndim != 1 or idx_raw.shape[0] % 3 or not np.issubdtype(idx_raw.dtype, np.integer):
        raise _bad(
            f"{name}.indices has shape {idx_raw.shape} and dtype {idx_raw.dtype}",
            f"{name}.indices",
            "pass a 1-D integer array whose length is a multiple of 3 (triangle list)",
        )
    if idx_raw.size and (int(idx_raw.min()) < 0 or int(idx_raw.max()) >= v):
        raise _bad(
            f"{name}.indices reach {int(idx_raw.max())} (min {int(idx_raw.min())}) but the "
            f"mesh has {v} vertices",
            f"{name}.indices",
            "indices must lie in [0, V)",
        )
    indices = np.ascontiguousarray(idx_raw, dtype=np.uint32)
    if mesh.normals is None:
        normals = smooth_normals(pos, indices)
    else:
        normals = np.ascontiguousarray(
            _array(mesh.normals, np.float32, f"{name}.normals", (v, 3)).reshape(v, 3)
        )

    joints: U32Array | None = None
    weights: F32Array | None = None
    palette: F32Array | None = None
    if (mesh.joints is None) != (mesh.weights is None):
        raise _bad(f"{name} has only one of joints/weights", name, "give both or neither")
    if mesh.joints is not None and mesh.weights is not None:
        j_raw = np.asarray(mesh.joints)
        if j_raw.shape != (v, 4) or not np.issubdtype(j_raw.dtype, np.integer):
            raise _bad(
                f"{name}.joints has shape {j_raw.shape} and dtype {j_raw.dtype}",
                f"{name}.joints",
                f"pass ({v}, 4) unsigned integers",
            )
        joints = np.ascontiguousarray(j_raw, dtype=np.uint32)
        weights = np.ascontiguousarray(
            _array(mesh.weights, np.float32, f"{name}.weights", (v, 4)).reshape(v, 4)
        )
        if palette_in is None:
            raise _bad(
                f"{name} is skinned but palettes[{i}] is None",
                f"palettes[{i}]",
                "pass (F, J, 16) or (J, 16) column-major joint matrices",
            )
        pal = _array(palette_in, np.float32, f"palettes[{i}]", (-1, 16))
        if pal.ndim == 2:
            pal = pal[None]
        if pal.ndim != 3 or pal.shape[1] == 0:
            raise _bad(
                f"palettes[{i}] has shape {pal.shape}",
                f"palettes[{i}]",
                "pass (F, J, 16) or (J, 16)",
            )
        used = joints[weights != 0.0]
        if used.size and int(used.max()) >= pal.shape[1]:
            raise _bad(
                f"{name}.joints reach joint {int(used.max())} but palettes[{i}] has "
                f"{pal.shape[1]} joints",
                f"{name}.joints",
                "joint indices index the mesh's own palette",
            )
        # Unweighted slots may hold any index; clamp so the GPU never reads past the palette.
        np.minimum(joints, pal.shape[1] - 1, out=joints)
        palette = np.ascontiguousarray(pal)

    if mesh.joints is None and palette_in is not None:
        raise _bad(
            f"palettes[{i}] is given but {name} has no joints/weights",
            f"palettes[{i}]",
            "pass None for unskinned meshes",
        )
    has_targets = mesh.morph_positions is not None and np.asarray(mesh.morph_positions).size
    if not has_targets and weights_in is not None and np.asarray(weights_in).size:
        raise _bad(
            f"morph_weights[{i}] is given but {name} has no morph targets",
            f"morph_weights[{i}]",
            "pass None for meshes without morph_positions",
        )
    deltas: F32Array | None = None
    morph: F32Array | None = None
    if has_targets:
        mp = _array(mesh.morph_positions, np.float32, f"{name}.morph_positions", (v, 3))
        if mp.ndim != 3:
            raise _bad(
                f"{name}.morph_positions has shape {mp.shape}",
                f"{name}.morph_positions",
                f"pass (T, {v}, 3)",
            )
        t = int(mp.shape[0])
        deltas = np.zeros((2, t, v, 3), dtype=np.float32)
        deltas[0] = mp
        if mesh.morph_normals is not None:
            mn = _array(mesh.morph_normals, np.float32, f"{name}.morph_normals", (v, 3))
            if mn.shape != mp.shape:
                raise _bad(
                    f"{name}.morph_normals has shape {mn.shape}",
                    f"{name}.morph_normals",
                    f"pass {mp.shape} like morph_positions",
                )
            deltas[1] = mn
        if weights_in is None:
            raise _bad(
                f"{name} has morph targets but morph_weights[{i}] is None",
                f"morph_weights[{i}]",
                f"pass (F, {t}) or ({t},) weights",
            )
        mw = _array(weights_in, np.float32, f"morph_weights[{i}]", (t,))
        if mw.ndim == 1:
            mw = mw[None]
        if mw.ndim != 2:
            raise _bad(
                f"morph_weights[{i}] has shape {mw.shape}",
                f"morph_weights[{i}]",
                f"pass (F, {t}) or ({t},)",
            )
        morph = np.ascontiguousarray(mw)

    if mesh.model is None:
        model = np.eye(4)[None]
    else:
        model = _array(mesh.model, np.float64, f"{name}.model", (4, 4))
        if model.ndim == 2:
            model = model[None]
        if model.ndim != 3:
            raise _bad(
                f"{name}.model has shape {model.shape}", f"{name}.model", "pass (4, 4) or (F, 4, 4)"
            )
    color = tuple(float(c) for c in mesh.base_color)
    if len(color) != 4:
        raise _bad(
            f"{name}.base_color has {len(color)} components",
            f"{name}.base_color",
            "pass (r, g, b, a)",
        )
    return _Prepared(
        positions=pos,
        normals=normals,
        indices=indices,
        joints=joints,
        weights=weights,
        deltas=deltas,
        base_color=(color[0], color[1], color[2], color[3]),
        model=model,
        palette=palette,
        morph=morph,
    )


def _prepare_all(
    meshes: Sequence[MeshLike],
    palettes: Sequence[object | None] | None,
    morph_weights: Sequence[object | None] | None,
) -> tuple[list[_Prepared], int]:
    if len(meshes) == 0:
        raise _bad("no meshes to draw", "meshes", "pass at least one mesh")
    n = len(meshes)
    for label, seq in (("palettes", palettes), ("morph_weights", morph_weights)):
        if seq is not None and len(seq) != n:
            raise _bad(
                f"{label} has {len(seq)} entries for {n} meshes",
                label,
                "give one entry (or None) per mesh",
            )
    prepared = [
        _prepare(
            m,
            palettes[i] if palettes is not None else None,
            morph_weights[i] if morph_weights is not None else None,
            i,
        )
        for i, m in enumerate(meshes)
    ]
    counts = {
        c
        for p in prepared
        for c in (
            _frames_of(p.model, 2),
            _frames_of(p.palette, 2),
            _frames_of(p.morph, 1),
        )
    }
    counts.discard(1)
    if len(counts) > 1:
        raise _bad(
            f"per-frame inputs disagree on the frame count: {sorted(counts)}",
            "meshes",
            "give every per-frame array the same first dimension (or 1 to broadcast)",
        )
    frames = counts.pop() if counts else 1
    if frames > _MAX_FRAMES:
        raise _bad(f"{frames} frames requested", "frames", f"render at most {_MAX_FRAMES}")
    return prepared, frames


# ---------------------------------------------------------------------------------------------
# Camera and bounds
# ---------------------------------------------------------------------------------------------


def look_at(eye: F64Array, target: F64Array, up: F64Array) -> F64Array:
    """Right-handed view matrix (camera looks down its -Z), mathematical layout."""
    f = target - eye
    f = f / np.linalg.norm(f)
    s = np.cross(f, up)
    s = s / np.linalg.norm(s)
    u = np.cross(s, f)
    view = np.eye(4)
    view[0, :3], view[1, :3], view[2, :3] = s, u, -f
    view[:3, 3] = -(view[:3, :3] @ eye)
    return view


def perspective(fov_y: float, aspect: float, near: float, far: float) -> F64Array:
    """Right-handed perspective projection with depth in [0, 1] (WebGPU clip space)."""
    f = 1.0 / math.tan(fov_y / 2.0)
    proj = np.zeros((4, 4))
    proj[0, 0] = f / aspect
    proj[1, 1] = f
    proj[2, 2] = far / (near - far)
    proj[2, 3] = near * far / (near - far)
    proj[3, 2] = -1.0
    return proj


def frame_camera(
    bounds_min: Sequence[float] | F64Array,
    bounds_max: Sequence[float] | F64Array,
    fov_y: float = math.radians(40.0),
    aspect: float = 1.0,
    *,
    azimuth_deg: float = VIEW_AZIMUTH_DEG,
    elevation_deg: float = VIEW_ELEVATION_DEG,
    margin: float = 1.05,
) -> Camera:
    """A 3/4-view camera whose frustum contains the whole box ``[bounds_min, bounds_max]``.

    The camera looks at the box centre from ``azimuth_deg`` (from +Z toward +X, glTF's
    front) and ``elevation_deg`` above it, far enough back that the box's bounding sphere
    (times ``margin``) fits both the vertical and the horizontal field of view. Pass the
    animated bounds (:func:`animated_bounds`, the union over all frames) so nothing leaves
    the picture.

    Parameters
    ----------
    bounds_min, bounds_max
        ``(3,)`` world-space box corners.
    fov_y
        Vertical field of view, radians, in (0, pi).
    aspect
        Width / height of the image.

    Returns
    -------
    Camera

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` for non-finite bounds, ``min > max``, or a bad angle / aspect.

    Examples
    --------
    >>> cam = frame_camera([-1, -1, -1], [1, 1, 1])
    >>> clip = cam.view_projection @ [1.0, 1.0, 1.0, 1.0]
    >>> bool(abs(clip[0] / clip[3]) < 1 and abs(clip[1] / clip[3]) < 1)
    True
    """
    lo = np.asarray(bounds_min, dtype=np.float64).reshape(-1)
    hi = np.asarray(bounds_max, dtype=np.float64).reshape(-1)
    if (
        lo.shape != (3,)
        or hi.shape != (3,)
        or not (np.all(np.isfinite(lo)) and np.all(np.isfinite(hi)))
        or np.any(lo > hi)
    ):
        raise _bad(
            f"bounds {lo.tolist()} .. {hi.tolist()} are not a finite box",
            "bounds",
            "pass (3,) min and max corners with min <= max",
        )
    if not (0.0 < fov_y < math.pi) or not (math.isfinite(aspect) and aspect > 0.0):
        raise _bad(
            f"fov_y={fov_y!r} rad, aspect={aspect!r}",
            "fov_y",
            "fov_y must lie in (0, pi) radians and aspect be positive",
        )
    center = (lo + hi) / 2.0
    radius = max(float(np.linalg.norm(hi - lo)) / 2.0, 1e-6) * margin
    half = min(fov_y / 2.0, math.atan(math.tan(fov_y / 2.0) * aspect))
    dist = radius / math.sin(half)
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    direction = np.array([math.cos(el) * math.sin(az), math.sin(el), math.cos(el) * math.cos(az)])
    eye = center + dist * direction
    near = max(dist - radius, dist * 1e-3)
    far = dist + radius
    view = look_at(eye, center, np.array([0.0, 1.0, 0.0]))
    proj = perspective(fov_y, aspect, near, far)
    return Camera(
        view=view.astype(np.float32),
        projection=proj.astype(np.float32),
        eye=eye.astype(np.float32),
    )


def _deform_cpu(p: _Prepared, frame: int) -> F64Array:
    """Morphed, skinned, model-transformed positions of one frame: ``(V, 3)`` float64."""
    pos = p.positions.astype(np.float64)
    if p.deltas is not None and p.morph is not None:
        w = p.morph[min(frame, p.morph.shape[0] - 1)].astype(np.float64)
        pos = pos + np.einsum("t,tvc->vc", w, p.deltas[0].astype(np.float64))
    if p.palette is not None and p.joints is not None and p.weights is not None:
        pal = p.palette[min(frame, p.palette.shape[0] - 1)].astype(np.float64)
        mats = pal.reshape(-1, 4, 4).transpose(0, 2, 1)  # column-major -> mathematical
        skin = np.einsum("vk,vkij->vij", p.weights.astype(np.float64), mats[p.joints])
        pos = np.einsum("vij,vj->vi", skin[:, :3, :3], pos) + skin[:, :3, 3]
    model = p.model[min(frame, p.model.shape[0] - 1)]
    out: F64Array = pos @ model[:3, :3].T + model[:3, 3]
    return out


def animated_bounds(
    meshes: Sequence[MeshLike],
    palettes: Sequence[object | None] | None = None,
    morph_weights: Sequence[object | None] | None = None,
) -> tuple[F64Array, F64Array]:
    """World-space box around every mesh in every frame (CPU skinning and morphing).

    Same arithmetic as the vertex shader, in float64. Only vertices used by a triangle
    count.

    Returns
    -------
    (bounds_min, bounds_max)
        ``(3,)`` float64 each.

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` for malformed inputs (as :func:`render_frames`).
    """
    prepared, frames = _prepare_all(meshes, palettes, morph_weights)
    lo = np.full(3, np.inf)
    hi = np.full(3, -np.inf)
    for p in prepared:
        used = np.unique(p.indices)
        if used.size == 0:
            continue
        for f in range(frames):
            pts = _deform_cpu(p, f)[used]
            np.minimum(lo, pts.min(axis=0), out=lo)
            np.maximum(hi, pts.max(axis=0), out=hi)
    if not np.all(np.isfinite(lo)):
        raise _bad("no triangles to bound", "meshes", "pass meshes with indices")
    return lo, hi


# ---------------------------------------------------------------------------------------------
# Device and pipeline
# ---------------------------------------------------------------------------------------------


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
    draw_stride: int


_PIPELINES: weakref.WeakKeyDictionary[Any, _Pipeline] = weakref.WeakKeyDictionary()


def _pipeline(device: Any) -> _Pipeline:
    cached = _PIPELINES.get(device)
    if cached is not None:
        return cached
    import wgpu

    shader = device.create_shader_module(label="lite.tools.render", code=_SHADER)
    vis = wgpu.ShaderStage.VERTEX | wgpu.ShaderStage.FRAGMENT
    globals_layout = device.create_bind_group_layout(
        entries=[{"binding": 0, "visibility": vis, "buffer": {"type": "uniform"}}]
    )
    storage = {"type": "read-only-storage"}
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
            ],
        },
        primitive={"topology": "triangle-list", "cull_mode": "none"},
        depth_stencil={
            "format": _DEPTH_FORMAT,
            "depth_write_enabled": True,
            "depth_compare": "less",
        },
        multisample={"count": 1},
        fragment={
            "module": shader,
            "entry_point": "fs_main",
            "targets": [{"format": _COLOR_FORMAT}],
        },
    )
    dummy = device.create_buffer(
        size=64, usage=wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_DST
    )
    align = int(device.limits["min-uniform-buffer-offset-alignment"])
    stride = -(-_DRAW_BYTES // align) * align
    out = _Pipeline(pipeline, globals_layout, draw_layout, dummy, stride)
    _PIPELINES[device] = out
    return out


def _buffer(device: Any, data: npt.NDArray[Any], usage: int, label: str) -> Any:
    return device.create_buffer_with_data(label=label, data=np.ascontiguousarray(data), usage=usage)


def _column_major(m: F64Array) -> F32Array:
    """``(..., 4, 4)`` mathematical matrices -> ``(..., 16)`` column-major float32."""
    return (
        np.ascontiguousarray(np.swapaxes(m, -1, -2)).reshape(*m.shape[:-2], 16).astype(np.float32)
    )


def _draw_uniforms(prepared: list[_Prepared], frames: int, stride: int) -> U8Array:
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


def _globals(camera: Camera, light_dir: Sequence[float], ambient: float) -> F32Array:
    g = np.zeros(_GLOBALS_BYTES // 4, dtype=np.float32)
    g[0:16] = _column_major(camera.view_projection)
    d = np.asarray(light_dir, dtype=np.float64).reshape(3)
    norm = float(np.linalg.norm(d))
    if not math.isfinite(norm) or norm == 0.0:
        raise _bad(f"light_dir {d.tolist()} has no direction", "light_dir", "pass a non-zero (3,)")
    g[16:19] = d / norm
    g[20:23] = 1.0 - ambient
    g[24:27] = ambient
    g[28:31] = np.asarray(camera.eye, dtype=np.float32).reshape(3)
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


def render_frames(
    meshes: Sequence[MeshLike],
    palettes: Sequence[object | None] | None,
    morph_weights: Sequence[object | None] | None,
    camera: Camera,
    size: tuple[int, int] = (256, 256),
    *,
    device: Any | None = None,
    background: Sequence[float] = DEFAULT_BACKGROUND,
    light_dir: Sequence[float] = DEFAULT_LIGHT_DIR,
    ambient: float = DEFAULT_AMBIENT,
) -> U8Array:
    """Render every frame offscreen and read the pixels back.

    Skinning (4 joints per vertex, palette in a storage buffer) and morph targets (position
    and normal deltas, weights per frame in a storage buffer) run in the vertex shader;
    shading is Lambert with one directional light plus ambient and a per-mesh base colour,
    lit from whichever side faces the camera; there is a depth buffer and no MSAA.

    Parameters
    ----------
    meshes
        :class:`RenderMesh` objects or mappings with the same field names.
    palettes
        Per mesh: ``(F, J, 16)`` or ``(J, 16)`` column-major joint matrices, or ``None``
        (unskinned). ``None`` for the whole argument: nothing is skinned.
    morph_weights
        Per mesh: ``(F, T)`` or ``(T,)`` weights, or ``None``.
    camera
        From :func:`frame_camera` (or built by hand).
    size
        ``(width, height)`` in pixels.
    device
        A device from :func:`create_render_device`; one is created when omitted.
    background
        Clear colour, linear RGBA in [0, 1].
    light_dir
        World-space direction toward the light.
    ambient
        Ambient intensity in [0, 1]; the directional light contributes ``1 - ambient``.

    Returns
    -------
    numpy.ndarray
        ``(F, H, W, 4)`` uint8 RGBA, row 0 at the top. ``F`` is the common first dimension of
        the per-frame inputs (arrays with one frame, or static ones, are broadcast).

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` when an input is malformed (shapes, dtypes, index ranges, frame
        counts that disagree).
    UnsupportedError
        ``LITE-GPU-001`` when ``device`` is omitted and no adapter is available.
    """
    import wgpu

    width, height = (int(size[0]), int(size[1]))
    if not (1 <= width <= 8192 and 1 <= height <= 8192):
        raise _bad(f"size {size!r}", "size", "width and height must lie in [1, 8192]")
    if not (math.isfinite(ambient) and 0.0 <= ambient <= 1.0):
        raise _bad(f"ambient={ambient!r}", "ambient", "pass a number in [0, 1]")
    bg = [float(c) for c in background]
    if len(bg) != 4:
        raise _bad(f"background {background!r}", "background", "pass (r, g, b, a)")
    camera = _check_camera(camera)
    prepared, frames = _prepare_all(meshes, palettes, morph_weights)
    globals_data = _globals(camera, light_dir, ambient)
    if device is None:
        device = create_render_device()
    pipe = _pipeline(device)

    # Bind time: upload everything once (all frames' palettes and weights included).
    usage = wgpu.BufferUsage
    globals_buf = _buffer(device, globals_data, usage.UNIFORM, "globals")
    globals_bg = device.create_bind_group(
        layout=pipe.globals_layout, entries=[{"binding": 0, "resource": {"buffer": globals_buf}}]
    )
    draw_buf = _buffer(
        device, _draw_uniforms(prepared, frames, pipe.draw_stride), usage.UNIFORM, "draws"
    )
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
        ]
        storage = [
            _buffer(device, arr, usage.STORAGE, f"{label}{m}") if arr is not None else pipe.dummy
            for label, arr in (("palette", p.palette), ("deltas", p.deltas), ("morph", p.morph))
        ]
        entries = [
            {
                "binding": 0,
                "resource": {"buffer": draw_buf, "offset": 0, "size": _DRAW_BYTES},
            }
        ] + [{"binding": b + 1, "resource": {"buffer": s}} for b, s in enumerate(storage)]
        bind_group = device.create_bind_group(layout=pipe.draw_layout, entries=entries)
        # A zero-sized buffer cannot be created; a mesh without triangles draws nothing.
        idx_data = p.indices if p.indices.shape[0] else np.zeros(4, np.uint32)
        ibuf = _buffer(device, idx_data, usage.INDEX, f"idx{m}")
        draws.append((bind_group, vbufs, ibuf, int(p.indices.shape[0])))

    color = device.create_texture(
        size=(width, height, 1),
        format=_COLOR_FORMAT,
        usage=wgpu.TextureUsage.RENDER_ATTACHMENT | wgpu.TextureUsage.COPY_SRC,
    )
    depth = device.create_texture(
        size=(width, height, 1),
        format=_DEPTH_FORMAT,
        usage=wgpu.TextureUsage.RENDER_ATTACHMENT,
    )
    color_view = color.create_view()
    depth_view = depth.create_view()
    row_bytes = width * 4
    padded_row = -(-row_bytes // _COPY_ROW_ALIGN) * _COPY_ROW_ALIGN
    frame_bytes = padded_row * height
    batch = max(1, min(frames, _READBACK_BATCH_BYTES // frame_bytes))
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
                color_attachments=[
                    {
                        "view": color_view,
                        "clear_value": bg,
                        "load_op": "clear",
                        "store_op": "store",
                    }
                ],
                depth_stencil_attachment={
                    "view": depth_view,
                    "depth_clear_value": 1.0,
                    "depth_load_op": "clear",
                    "depth_store_op": "discard",
                },
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
                {"texture": color, "mip_level": 0, "origin": (0, 0, 0)},
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
    for tex in (color, depth):
        tex.destroy()
    readback.destroy()
    return out


# ---------------------------------------------------------------------------------------------
# glTF assets
# ---------------------------------------------------------------------------------------------

_MODE_TRIANGLES: Final = 4
_MODE_STRIP: Final = 5
_MODE_FAN: Final = 6


def _triangle_list(mode: int, idx: U32Array) -> U32Array:
    if mode == _MODE_TRIANGLES:
        return idx[: idx.shape[0] - idx.shape[0] % 3]
    n = idx.shape[0] - 2
    if n <= 0:
        return np.zeros(0, dtype=np.uint32)
    k = np.arange(n)
    if mode == _MODE_STRIP:
        # Odd triangles swap their first two vertices to keep the winding (glTF spec 3.7.2.1).
        a = np.where(k % 2 == 0, idx[k], idx[k + 1])
        b = np.where(k % 2 == 0, idx[k + 1], idx[k])
        tri = np.stack([a, b, idx[k + 2]], axis=1)
    else:
        tri = np.stack([np.full(n, idx[0]), idx[k + 1], idx[k + 2]], axis=1)
    return np.ascontiguousarray(tri.reshape(-1), dtype=np.uint32)


def sample_asset(asset: GltfAsset, clip: str | None = None, frames: int = 16) -> RenderScene:
    """Play ``clip`` of a loaded asset at ``frames`` evenly spaced times and collect the input
    of :func:`render_frames`.

    Times are ``i * duration / frames`` (the end is left out, so a looping GIF does not
    repeat its first pose). Each sample seeks the group (``play_animation`` +
    ``go_to_frame``), then copies the joint palettes, morph weights and mesh world matrices.
    Skinned meshes are drawn with their node's rest world matrix, which the palette's
    ``inverse(mesh_world)`` cancels, as glTF requires. Points and lines are not drawn;
    strips and fans become triangle lists.

    Parameters
    ----------
    asset
        From :func:`lite.loader_gltf.load_gltf`; its pose is changed.
    clip
        Animation group name; default the first one. An asset without animations is
        sampled in its rest pose.
    frames
        Number of samples, >= 1.

    Raises
    ------
    LiteError
        ``LITE-STATE-041`` for an unknown clip name (the message lists the known ones);
        ``LITE-RENDER-001`` for a bad frame count or an asset with nothing to draw.
    """
    from lite.animation.animation_group import go_to_frame, play_animation

    if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= _MAX_FRAMES:
        raise _bad(f"frames={frames!r}", "frames", f"pass an integer in [1, {_MAX_FRAMES}]")
    groups = asset.animation_groups
    group = None
    if clip is not None:
        group = next((g for g in groups if g.name == clip), None)
        if group is None:
            known = ", ".join(repr(g.name) for g in groups) or "none"
            raise AnimationStateError(
                "LITE-STATE-041",
                f"{asset.source}: no animation named {clip!r} (clips: {known})",
                hint="pick one of the listed clip names",
                input_name="clip",
            )
    elif groups:
        group = groups[0]

    # Static geometry, one RenderMesh per triangle primitive (models filled in below).
    skel_of = {s.mesh_node: s for s in asset.skeletons}
    morph_of = {m.node_idx: m for m in asset.morph_targets}
    plan: list[tuple[int, dict[str, Any]]] = []
    for node in asset.nodes:
        if node.mesh is None:
            continue
        mesh = asset.meshes[node.mesh]
        skel = skel_of.get(node.index) if node.skin is not None else None
        for prim in mesh.primitives:
            if prim.mode not in (_MODE_TRIANGLES, _MODE_STRIP, _MODE_FAN):
                continue
            attrs = prim.attributes
            if "POSITION" not in attrs:
                continue
            pos = asset.read_accessor(attrs["POSITION"]).reshape(-1, 3)
            v = pos.shape[0]
            if prim.indices is not None:
                raw = asset.read_accessor(prim.indices).reshape(-1)
                idx = np.ascontiguousarray(raw, dtype=np.uint32)
            else:
                idx = np.arange(v, dtype=np.uint32)
            idx = _triangle_list(prim.mode, idx)
            if idx.shape[0] == 0:
                continue
            fields: dict[str, Any] = {"positions": pos, "indices": idx}
            if "NORMAL" in attrs:
                fields["normals"] = asset.read_accessor(attrs["NORMAL"]).reshape(-1, 3)
            if skel is not None and "JOINTS_0" in attrs and "WEIGHTS_0" in attrs:
                fields["joints"] = (
                    asset.read_accessor(attrs["JOINTS_0"]).reshape(-1, 4).astype(np.uint32)
                )
                fields["weights"] = asset.read_accessor(attrs["WEIGHTS_0"]).reshape(-1, 4)
            if prim.targets and node.index in morph_of:
                dp = np.zeros((len(prim.targets), v, 3), dtype=np.float32)
                dn = np.zeros_like(dp)
                for t, target in enumerate(prim.targets):
                    if "POSITION" in target:
                        dp[t] = asset.read_accessor(target["POSITION"]).reshape(-1, 3)
                    if "NORMAL" in target:
                        dn[t] = asset.read_accessor(target["NORMAL"]).reshape(-1, 3)
                fields["morph_positions"] = dp
                fields["morph_normals"] = dn
            if prim.material is not None:
                c = asset.materials[prim.material].base_color_factor
                fields["base_color"] = tuple(float(x) for x in c)
            plan.append((node.index, fields))
    if not plan:
        raise _bad(
            f"{asset.source}: no triangle mesh to draw",
            "asset",
            "the renderer draws meshes with POSITION and triangle primitives",
        )

    duration = float(group.duration) if group is not None else 0.0
    times = np.arange(frames, dtype=np.float64) * (duration / frames)
    mesh_nodes = sorted({ni for ni, _ in plan})
    world = np.zeros((frames, len(mesh_nodes), 4, 4), dtype=np.float64)
    palettes = {
        s.mesh_node: np.zeros((frames, *s.joint_matrices.shape), np.float32)
        for s in asset.skeletons
    }
    weights = {
        m.node_idx: np.zeros((frames, m.target_count), np.float32) for m in asset.morph_targets
    }
    if group is not None:
        play_animation(group)
    for f in range(frames):
        if group is not None:
            go_to_frame(group, float(times[f]) * group.frame_rate)
        for k, ni in enumerate(mesh_nodes):
            world[f, k] = asset.pose.world[ni].T  # stored column-major (transposed)
        for s in asset.skeletons:
            palettes[s.mesh_node][f] = s.joint_matrices
        for mb in asset.morph_targets:
            weights[mb.node_idx][f] = mb.weights

    meshes: list[RenderMesh] = []
    pal_out: list[F32Array | None] = []
    w_out: list[F32Array | None] = []
    for ni, fields in plan:
        skinned = "joints" in fields
        if skinned:
            # inv_mesh_world is stored transposed: inv(stored).T is the rest world matrix.
            rest_world = np.linalg.inv(skel_of[ni].inv_mesh_world).T
            fields["model"] = rest_world
        else:
            fields["model"] = world[:, mesh_nodes.index(ni)]
        meshes.append(_as_mesh(fields, len(meshes)))
        pal_out.append(palettes[ni] if skinned else None)
        w_out.append(weights[ni] if "morph_positions" in fields else None)
    return RenderScene(
        meshes=tuple(meshes),
        palettes=tuple(pal_out),
        morph_weights=tuple(w_out),
        times=times,
        clip_name=group.name if group is not None else None,
        duration=duration,
    )


def render_asset_frames(
    asset: GltfAsset,
    clip: str | None = None,
    frames: int = 16,
    size: tuple[int, int] = (256, 256),
    *,
    device: Any | None = None,
    fov_y: float = math.radians(40.0),
) -> U8Array:
    """Sample ``clip`` of ``asset`` (:func:`sample_asset`), frame the animated bounds from a
    3/4 view (:func:`frame_camera`) and render (:func:`render_frames`).

    Returns
    -------
    numpy.ndarray
        ``(frames, H, W, 4)`` uint8.
    """
    scene = sample_asset(asset, clip, frames)
    lo, hi = animated_bounds(scene.meshes, scene.palettes, scene.morph_weights)
    camera = frame_camera(lo, hi, fov_y, size[0] / size[1])
    return render_frames(
        scene.meshes, scene.palettes, scene.morph_weights, camera, size, device=device
    )


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def _parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected WxH such as 256x256, got {text!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (1 <= w <= 4096 and 1 <= h <= 4096):
        raise argparse.ArgumentTypeError(f"width and height must lie in [1, 4096], got {text!r}")
    return w, h


def _render_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lite-anim render",
        description="Render a glTF clip offscreen (wgpu) to a contact sheet or a GIF.",
        epilog="example: lite-anim render tests/fixtures/rigged_figure.glb --clip Walk "
        "--frames 12 -o walk.png",
    )
    parser.add_argument("file", help="a .gltf or .glb file")
    parser.add_argument("--clip", help="animation name (default: the first one)")
    parser.add_argument("--frames", type=int, default=16, help="samples over the clip (16)")
    parser.add_argument("--size", type=_parse_size, default=(256, 256), help="WxH (256x256)")
    parser.add_argument("--columns", type=int, default=None, help="contact sheet columns")
    parser.add_argument(
        "--fps",
        type=float,
        default=None,
        help="GIF rate (default: real time, frames / clip duration)",
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", help="contact sheet PNG (default: <file stem>_sheet.png)")
    out.add_argument("--gif", help="animated GIF instead of a sheet")
    return parser


def _fail(message: str) -> int:
    print("lite-anim render: " + " ".join(message.split()), file=sys.stderr)
    return 2


def main_render(argv: list[str]) -> int:
    """``lite-anim render FILE [--clip NAME] [--frames N] [--size WxH] [-o sheet.png | --gif
    out.gif]``.

    Bad arguments, a missing file, an unreadable glTF, an unknown clip and a machine without
    a GPU adapter each print one line on stderr and return 2 (never a traceback).

    Returns
    -------
    int
        0 on success, 2 on bad input or no adapter.
    """
    try:
        args = _render_parser().parse_args(argv)
    except SystemExit as exc:  # argparse has printed usage and the error (or --help)
        return int(exc.code) if isinstance(exc.code, int) else 2
    path = Path(args.file)
    if not path.is_file():
        return _fail(f"no such file: {args.file}")
    if not 1 <= args.frames <= _MAX_FRAMES:
        return _fail(f"--frames must lie in [1, {_MAX_FRAMES}], got {args.frames}")
    if args.columns is not None and args.columns < 1:
        return _fail(f"--columns must be positive, got {args.columns}")
    if args.fps is not None and not (math.isfinite(args.fps) and args.fps > 0):
        return _fail(f"--fps must be positive, got {args.fps}")
    from lite.loader_gltf import load_gltf

    try:
        asset = load_gltf(path)
        scene = sample_asset(asset, args.clip, args.frames)
        lo, hi = animated_bounds(scene.meshes, scene.palettes, scene.morph_weights)
        width, height = args.size
        camera = frame_camera(lo, hi, math.radians(40.0), width / height)
        device = create_render_device()
        frames = render_frames(
            scene.meshes,
            scene.palettes,
            scene.morph_weights,
            camera,
            (width, height),
            device=device,
        )
    except LiteError as exc:
        return _fail(str(exc))
    try:
        if args.gif:
            if args.fps is not None:
                fps = float(args.fps)
            elif scene.duration > 0:
                fps = min(max(args.frames / scene.duration, 1.0), 50.0)
            else:
                fps = 12.0
            save_gif(frames, args.gif, fps)
            target = args.gif
        else:
            target = args.output or f"{path.stem}_sheet.png"
            contact_sheet(frames, args.columns).save(target)
    except OSError as exc:
        return _fail(f"cannot write output: {exc}")
    clip = scene.clip_name if scene.clip_name is not None else "rest pose"
    print(f"wrote {target}: {len(frames)} frames of {clip!r} at {width}x{height}")
    return 0

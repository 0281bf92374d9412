"""Renderer inputs: meshes, textures, cameras, sampled scenes, and their validation.

Part of the offscreen preview renderer (:mod:`lite.tools.render`); not a port. The GPU half
(:mod:`lite.tools.render_gpu`), the framing (:mod:`lite.tools.render_camera`) and the glTF
sampler (:mod:`lite.tools.render_gltf`) all take the dataclasses defined here, checked once by
:func:`prepare_all` into tight arrays ready to upload.

Matrix conventions: a ``(4, 4)`` array is a mathematical matrix in numpy's row-major order,
column-vector convention (``p' = M @ p``); a ``(..., 16)`` array is column-major, exactly as
``SkeletonBinding.joint_matrices`` stores joint palettes. The shape tells the layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from lite.errors import LiteError

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array

__all__ = [
    "DEFAULT_BASE_COLOR",
    "FILTERS",
    "MAX_FRAMES",
    "WRAP_MODES",
    "Camera",
    "MeshLike",
    "Prepared",
    "RenderMesh",
    "RenderScene",
    "RenderTexture",
    "prepare_all",
    "smooth_normals",
]

U32Array = npt.NDArray[np.uint32]
U8Array = npt.NDArray[np.uint8]

#: Mesh colour when none is given (glTF's default ``baseColorFactor`` is white; light grey
#: reads better under the lights).
DEFAULT_BASE_COLOR: Final = (0.8, 0.8, 0.8, 1.0)
#: The most frames one call renders.
MAX_FRAMES: Final = 4096
#: Texture address modes (WebGPU names; glTF 10497, 33071, 33648).
WRAP_MODES: Final = ("repeat", "clamp-to-edge", "mirror-repeat")
#: Texture filters (WebGPU names; glTF 9728 / 9729 and the mipmap variants).
FILTERS: Final = ("nearest", "linear")
_MAX_TEXTURE_SIZE: Final = 8192


@dataclass(frozen=True, slots=True, eq=False)
class RenderTexture:
    """A base-colour texture and its sampler.

    Attributes
    ----------
    pixels
        ``(H, W, 4)`` uint8 RGBA (or ``(H, W, 3)``, alpha 255), row 0 at the top (as images
        are stored and glTF's UV ``v = 0`` reads).
    srgb
        ``True`` (glTF's base colour): the bytes are sRGB-encoded and are decoded to linear
        when sampled. ``False``: the bytes are linear.
    wrap_u, wrap_v
        One of :data:`WRAP_MODES`.
    mag_filter, min_filter
        One of :data:`FILTERS`.
    mipmap_filter
        One of :data:`FILTERS` to build and sample a mip chain, or ``None`` for none.
    """

    pixels: U8Array
    srgb: bool = True
    wrap_u: str = "repeat"
    wrap_v: str = "repeat"
    mag_filter: str = "linear"
    min_filter: str = "linear"
    mipmap_filter: str | None = "linear"


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
    texcoords
        ``(V, 2)`` float32 UVs for ``texture``.
    colors
        ``(V, 4)`` (or ``(V, 3)``) float32 linear vertex colours, multiplied in.
    texture
        A :class:`RenderTexture` sampled at ``texcoords`` and multiplied by ``base_color``
        (needs ``texcoords``).
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
    texcoords: F32Array | None = None
    colors: F32Array | None = None
    texture: RenderTexture | None = None


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
    frame_rate
        The clip's frame rate (frames per second of its keys; 60 for the rest pose), for
        labels that give a frame number.
    """

    meshes: tuple[RenderMesh, ...]
    palettes: tuple[F32Array | None, ...]
    morph_weights: tuple[F32Array | None, ...]
    times: F64Array
    clip_name: str | None
    duration: float
    frame_rate: float = 60.0


MeshLike = RenderMesh | Mapping[str, Any]


def _bad(message: str, input_name: str, hint: str) -> LiteError:
    return LiteError("LITE-RENDER-001", message, hint=hint, input_name=input_name)


def _bad_texture(message: str, input_name: str, hint: str) -> LiteError:
    return LiteError("LITE-RENDER-002", message, hint=hint, input_name=input_name)


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
class Prepared:
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
    texcoords: F32Array  # (V, 2), zeros without a texture
    colors: F32Array  # (V, 4), ones without vertex colours
    texture: RenderTexture | None


def _frames_of(arr: npt.NDArray[Any] | None, static_ndim: int) -> int:
    if arr is None or arr.ndim == static_ndim:
        return 1
    return int(arr.shape[0])


def _prepare(
    mesh_in: MeshLike, palette_in: object | None, weights_in: object | None, i: int
) -> Prepared:
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
    texcoords, colors, texture = _surface(mesh, name, v)
    return Prepared(
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
        texcoords=texcoords,
        colors=colors,
        texture=texture,
    )


def _texture(tex: object, name: str) -> RenderTexture:
    if not isinstance(tex, RenderTexture):
        raise _bad_texture(
            f"{name} is a {type(tex).__name__}",
            name,
            "pass lite.tools.render.RenderTexture(pixels=...) or None",
        )
    px = np.asarray(tex.pixels)
    if (
        px.ndim != 3
        or px.shape[2] not in (3, 4)
        or px.dtype != np.uint8
        or not (1 <= px.shape[0] <= _MAX_TEXTURE_SIZE and 1 <= px.shape[1] <= _MAX_TEXTURE_SIZE)
    ):
        raise _bad_texture(
            f"{name}.pixels has shape {px.shape} and dtype {px.dtype}",
            f"{name}.pixels",
            f"pass (H, W, 4) or (H, W, 3) uint8 with 1 <= H, W <= {_MAX_TEXTURE_SIZE}",
        )
    for field in ("wrap_u", "wrap_v"):
        if getattr(tex, field) not in WRAP_MODES:
            raise _bad_texture(
                f"{name}.{field} is {getattr(tex, field)!r}",
                f"{name}.{field}",
                f"pass one of {', '.join(WRAP_MODES)}",
            )
    for field in ("mag_filter", "min_filter", "mipmap_filter"):
        value = getattr(tex, field)
        if value not in FILTERS and not (field == "mipmap_filter" and value is None):
            raise _bad_texture(
                f"{name}.{field} is {value!r}",
                f"{name}.{field}",
                f"pass one of {', '.join(FILTERS)}" + (" or None" if field[0] == "m" else ""),
            )
    if px.shape[2] == 3:
        rgba = np.empty((*px.shape[:2], 4), np.uint8)
        rgba[..., :3] = px
        rgba[..., 3] = 255
        px = rgba
    return RenderTexture(
        pixels=np.ascontiguousarray(px),
        srgb=bool(tex.srgb),
        wrap_u=tex.wrap_u,
        wrap_v=tex.wrap_v,
        mag_filter=tex.mag_filter,
        min_filter=tex.min_filter,
        mipmap_filter=tex.mipmap_filter,
    )


def _surface(
    mesh: RenderMesh, name: str, v: int
) -> tuple[F32Array, F32Array, RenderTexture | None]:
    """UVs (zeros when absent), vertex colours (ones when absent) and the checked texture."""
    if mesh.texcoords is None:
        if mesh.texture is not None:
            raise _bad_texture(
                f"{name} has a texture but no texcoords",
                f"{name}.texcoords",
                f"pass ({v}, 2) UVs with the texture",
            )
        uv: F32Array = np.zeros((v, 2), np.float32)
    else:
        try:
            uv = np.asarray(mesh.texcoords, dtype=np.float32)
        except (TypeError, ValueError):
            uv = np.zeros((0, 0), np.float32)
        if uv.shape != (v, 2) or not np.all(np.isfinite(uv)):
            raise _bad_texture(
                f"{name}.texcoords has shape {uv.shape} (or non-finite values)",
                f"{name}.texcoords",
                f"pass finite ({v}, 2) float UVs",
            )
        uv = np.ascontiguousarray(uv)
    colors = np.ones((v, 4), np.float32)
    if mesh.colors is not None:
        try:
            raw = np.asarray(mesh.colors, dtype=np.float32)
        except (TypeError, ValueError):
            raw = np.zeros(0, np.float32)
        if raw.ndim != 2 or raw.shape[0] != v or raw.shape[1] not in (3, 4):
            raise _bad_texture(
                f"{name}.colors has shape {raw.shape}",
                f"{name}.colors",
                f"pass ({v}, 4) or ({v}, 3) linear colours",
            )
        if not np.all(np.isfinite(raw)):
            raise _bad_texture(
                f"{name}.colors contains NaN or infinite values",
                f"{name}.colors",
                "pass finite colours in [0, 1]",
            )
        colors[:, : raw.shape[1]] = raw
    texture = None if mesh.texture is None else _texture(mesh.texture, f"{name}.texture")
    return uv, colors, texture


def prepare_all(
    meshes: Sequence[MeshLike],
    palettes: Sequence[object | None] | None,
    morph_weights: Sequence[object | None] | None,
) -> tuple[list[Prepared], int]:
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
    if frames > MAX_FRAMES:
        raise _bad(f"{frames} frames requested", "frames", f"render at most {MAX_FRAMES}")
    return prepared, frames

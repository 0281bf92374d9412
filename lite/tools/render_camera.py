"""Cameras for the preview renderer: view and projection matrices, animated bounds, framing.

Part of the offscreen preview renderer (:mod:`lite.tools.render`); not a port. The framing
fits the points a clip actually reaches (every rendered frame, skinned and morphed on the CPU
with the vertex shader's arithmetic) into the image: for a fixed view direction, the camera
position that makes the points as large as possible while keeping all of them inside the
frustum is a small linear program in three unknowns, solved here in closed form.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.tools.render_scene import Camera, MeshLike, Prepared, _bad, prepare_all

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = [
    "VIEW_AZIMUTH_DEG",
    "VIEW_ELEVATION_DEG",
    "animated_bounds",
    "animated_points",
    "frame_camera",
    "frame_points",
    "look_at",
    "perspective",
]

#: 3/4 view: camera azimuth (from +Z toward +X) and elevation, degrees.
VIEW_AZIMUTH_DEG: Final = 35.0
VIEW_ELEVATION_DEG: Final = 20.0
#: Points kept per mesh and frame by :func:`animated_points` (a stride beyond this).
_POINTS_PER_MESH_FRAME: Final = 4096


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


def _basis(azimuth_deg: float, elevation_deg: float) -> tuple[F64Array, F64Array, F64Array]:
    """Right, up and forward (from the camera into the scene) unit vectors of the view."""
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    back = np.array([math.cos(el) * math.sin(az), math.sin(el), math.cos(el) * math.cos(az)])
    forward = -back
    right = np.cross(forward, [0.0, 1.0, 0.0])
    norm = float(np.linalg.norm(right))
    right = right / norm if norm > 1e-9 else np.array([1.0, 0.0, 0.0])
    up = np.cross(right, forward)
    return right, up, forward


def frame_points(
    points: F64Array | Sequence[Sequence[float]],
    fov_y: float = math.radians(40.0),
    aspect: float = 1.0,
    *,
    azimuth_deg: float = VIEW_AZIMUTH_DEG,
    elevation_deg: float = VIEW_ELEVATION_DEG,
    margin: float = 1.06,
    top_fraction: float = 0.0,
) -> Camera:
    """The closest 3/4-view camera that keeps every point inside the picture.

    The view direction is fixed by ``azimuth_deg`` (from +Z toward +X, glTF's front) and
    ``elevation_deg``; the camera position is chosen so that all ``points`` project inside the
    image shrunk by ``margin`` (and below a band of ``top_fraction`` of its height, left free
    for a label) while lying as close as possible, which makes the points fill the image along
    their tighter axis. A point ``p`` with view coordinates ``(a, b, c)`` (right, up, forward)
    seen from ``e`` needs ``|a - e_a| <= tx (c - e_c)`` and ``lo (c - e_c) <= b - e_b <=
    hi (c - e_c)``; the largest ``e_c`` meeting both has a closed form, and ``e_a``, ``e_b``
    then sit in the middle of what remains.

    Parameters
    ----------
    points
        ``(N, 3)`` world positions, ``N >= 1`` (e.g. :func:`animated_points`).
    fov_y
        Vertical field of view, radians, in (0, pi).
    aspect
        Width / height of the image.
    margin
        >= 1: the points fill ``1 / margin`` of the image (per axis, around its centre).
    top_fraction
        In [0, 0.5): share of the image height at the top kept clear of the points.

    Returns
    -------
    Camera

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` for non-finite or empty points, or a bad angle / aspect / margin.
    """
    pts = np.asarray(points, dtype=np.float64)
    if pts.ndim != 2 or pts.shape[1] != 3 or pts.shape[0] == 0 or not np.all(np.isfinite(pts)):
        raise _bad(
            f"points have shape {pts.shape} (or non-finite values)",
            "points",
            "pass finite (N, 3) world positions, N >= 1",
        )
    if not (0.0 < fov_y < math.pi) or not (math.isfinite(aspect) and aspect > 0.0):
        raise _bad(
            f"fov_y={fov_y!r} rad, aspect={aspect!r}",
            "fov_y",
            "fov_y must lie in (0, pi) radians and aspect be positive",
        )
    if not (math.isfinite(margin) and margin >= 1.0) or not (0.0 <= top_fraction < 0.5):
        raise _bad(
            f"margin={margin!r}, top_fraction={top_fraction!r}",
            "margin",
            "margin must be >= 1 and top_fraction lie in [0, 0.5)",
        )
    right, up, forward = _basis(azimuth_deg, elevation_deg)
    a, b, c = pts @ right, pts @ up, pts @ forward
    ty = math.tan(fov_y / 2.0)
    tx = ty * aspect
    # The usable window in NDC, shrunk around its own centre by the margin.
    top = 1.0 - 2.0 * top_fraction
    mid, half = (top - 1.0) / 2.0, (top + 1.0) / (2.0 * margin)
    lo, hi = (mid - half) * ty, (mid + half) * ty
    txm = tx / margin
    # Largest e_c (closest camera) for which a lateral position exists, per axis.
    ec_x = (float(np.min(a + txm * c)) - float(np.max(a - txm * c))) / (2.0 * txm)
    ec_y = (float(np.min(b - lo * c)) - float(np.max(b - hi * c))) / (hi - lo)
    size = max(float(np.ptp(a)), float(np.ptp(b)), float(np.ptp(c)), 1e-6)
    # A lone point (or a flat, edge-on set) fixes no distance: stand back by its size.
    e_c = min(ec_x, ec_y, float(np.min(c)) - size * 1e-3)
    depth = c - e_c
    e_a = (float(np.max(a - txm * depth)) + float(np.min(a + txm * depth))) / 2.0
    e_b = (float(np.max(b - hi * depth)) + float(np.min(b - lo * depth))) / 2.0
    eye = e_a * right + e_b * up + e_c * forward
    near = max(float(depth.min()) * 0.5, size * 1e-4)
    far = float(depth.max()) * 1.5 + size * 1e-3
    view = look_at(eye, eye + forward, up)
    proj = perspective(fov_y, aspect, near, far)
    return Camera(
        view=view.astype(np.float32),
        projection=proj.astype(np.float32),
        eye=eye.astype(np.float32),
    )


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

    :func:`frame_points` applied to the box's eight corners: the camera looks along the view
    direction and stands as close as it can with every corner inside the image (shrunk by
    ``margin``). Pass the animated bounds (:func:`animated_bounds`, the union over all
    frames) so nothing leaves the picture; :func:`frame_points` on :func:`animated_points`
    frames tighter still.

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
    corners = np.array(
        [[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
    )
    return frame_points(
        corners,
        fov_y,
        aspect,
        azimuth_deg=azimuth_deg,
        elevation_deg=elevation_deg,
        margin=margin,
    )


def deform_cpu(p: Prepared, frame: int) -> F64Array:
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


def animated_points(
    meshes: Sequence[MeshLike],
    palettes: Sequence[object | None] | None = None,
    morph_weights: Sequence[object | None] | None = None,
) -> F64Array:
    """World positions of every drawn vertex in every frame, ``(N, 3)`` float64.

    Same arithmetic as the vertex shader (morph, then skin, then model), in float64. Only
    vertices used by a triangle count; a mesh with more than 4,096 of them keeps an even
    stride of them per frame, which is enough to frame it.

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` for malformed inputs (as :func:`lite.tools.render.render_frames`)
        or meshes without triangles.
    """
    prepared, frames = prepare_all(meshes, palettes, morph_weights)
    chunks: list[F64Array] = []
    for p in prepared:
        used = np.unique(p.indices)
        if used.size == 0:
            continue
        step = -(-used.size // _POINTS_PER_MESH_FRAME)
        keep = used[::step]
        static = p.palette is None and p.morph is None and p.model.shape[0] == 1
        for f in range(1 if static else frames):
            chunks.append(deform_cpu(p, f)[keep])
    if not chunks:
        raise _bad("no triangles to bound", "meshes", "pass meshes with indices")
    return np.concatenate(chunks)


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
        ``LITE-RENDER-001`` for malformed inputs (as :func:`lite.tools.render.render_frames`).
    """
    prepared, frames = prepare_all(meshes, palettes, morph_weights)
    lo = np.full(3, np.inf)
    hi = np.full(3, -np.inf)
    for p in prepared:
        used = np.unique(p.indices)
        if used.size == 0:
            continue
        for f in range(frames):
            pts = deform_cpu(p, f)[used]
            np.minimum(lo, pts.min(axis=0), out=lo)
            np.maximum(hi, pts.max(axis=0), out=hi)
    if not np.all(np.isfinite(lo)):
        raise _bad("no triangles to bound", "meshes", "pass meshes with indices")
    return lo, hi

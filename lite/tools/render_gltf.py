"""The glTF side of the preview renderer: sample a clip of a loaded asset into renderer input.

Part of the offscreen preview renderer (:mod:`lite.tools.render`); not a port. A clip is
played at evenly spaced times through the asset's own animation group, and the joint
palettes, morph weights and mesh world matrices are copied per frame. Materials give the base
colour factor, the ``baseColorTexture`` (its image decoded with Pillow, its sampler's wrap and
filter modes, its ``texCoord`` set and ``KHR_texture_transform``) and ``COLOR_0``. Images are
read from the GLB binary chunk, ``data:`` URIs or files inside the asset's folder, through the
loader's own container functions; one that cannot be read is skipped with
``LITE-RENDER-W01`` (the factor alone is drawn).
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import unquote

import numpy as np
import numpy.typing as npt

from lite.bake import PoseSnapshot
from lite.errors import AnimationStateError, LiteWarning, listed, short_repr
from lite.tools.render_camera import animated_points, frame_points
from lite.tools.render_gpu import render_frames
from lite.tools.render_scene import (
    MAX_FRAMES,
    RenderMesh,
    RenderScene,
    RenderTexture,
    _as_mesh,
    _bad,
)

if TYPE_CHECKING:
    from lite.animation.types import F32Array
    from lite.loader_gltf import GltfAsset

__all__ = [
    "W_TEXTURE",
    "load_base_color_textures",
    "render_asset_frames",
    "render_poses",
    "sample_asset",
    "sample_poses",
]

U32Array = npt.NDArray[np.uint32]
U8Array = npt.NDArray[np.uint8]

#: Warning code: a base-colour texture could not be loaded (the factor alone is drawn).
W_TEXTURE: Final = "LITE-RENDER-W01"
_WRAP: Final = {10497: "repeat", 33071: "clamp-to-edge", 33648: "mirror-repeat"}
#: glTF minFilter -> (min_filter, mipmap_filter); absent: linear with a linear mip chain.
_MIN: Final = {
    9728: ("nearest", None),
    9729: ("linear", None),
    9984: ("nearest", "nearest"),
    9985: ("linear", "nearest"),
    9986: ("nearest", "linear"),
    9987: ("linear", "linear"),
}
_MAG: Final = {9728: "nearest", 9729: "linear"}
_MAX_IMAGE_SIDE: Final = 8192
_BASE_SLOT: Final = "pbrMetallicRoughness/baseColorTexture"

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


def _warn(source: str, where: str, why: str) -> None:
    warnings.warn(
        LiteWarning(W_TEXTURE, f"{source}: {where}: {why}; drawn with its baseColorFactor only"),
        stacklevel=3,
    )


def _image_bytes(
    doc: dict[str, Any], buffers: list[memoryview], folder: Path | None, index: int
) -> bytes:
    """The encoded bytes of ``images[index]`` (buffer view, data: URI or a file in ``folder``)."""
    images = doc.get("images")
    if not isinstance(images, list) or not 0 <= index < len(images):
        raise ValueError(f"images[{index}] does not exist")
    image = images[index]
    if not isinstance(image, dict):
        raise ValueError(f"images[{index}] is not an object")
    if "bufferView" in image:
        views = doc.get("bufferViews")
        bv = image["bufferView"]
        if not isinstance(views, list) or not isinstance(bv, int) or not 0 <= bv < len(views):
            raise ValueError(f"images[{index}].bufferView {bv!r} does not exist")
        view = views[bv]
        buf = view.get("buffer") if isinstance(view, dict) else None
        if not isinstance(buf, int) or not 0 <= buf < len(buffers):
            raise ValueError(f"bufferViews[{bv}].buffer does not exist")
        start = int(view.get("byteOffset", 0))
        length = int(view.get("byteLength", 0))
        data = buffers[buf][start : start + length]
        if start < 0 or len(data) != length:
            raise ValueError(f"bufferViews[{bv}] lies outside its buffer")
        return bytes(data)
    uri = image.get("uri")
    if not isinstance(uri, str):
        raise ValueError(f"images[{index}] has neither a bufferView nor a uri")
    if uri.startswith("data:"):
        head, _, payload = uri.partition(",")
        if not head.endswith(";base64"):
            raise ValueError(f"images[{index}].uri is a data: URI that is not base64")
        try:
            return base64.b64decode(payload, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ValueError(f"images[{index}].uri is not valid base64 ({exc})") from None
    if folder is None or ":" in uri.split("/")[0]:
        raise ValueError(f"images[{index}].uri {uri!r} is not a file inside the asset folder")
    base = folder.resolve()
    target = (base / unquote(uri)).resolve()
    if not target.is_relative_to(base) or not target.is_file():
        raise ValueError(f"images[{index}].uri {uri!r} is not a file inside the asset folder")
    return target.read_bytes()


def _decode(data: bytes) -> U8Array:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as img:
        if max(img.size) > _MAX_IMAGE_SIDE:
            raise ValueError(f"the image is {img.size[0]}x{img.size[1]}, over {_MAX_IMAGE_SIDE}")
        rgba = img.convert("RGBA")
    return np.ascontiguousarray(np.asarray(rgba, dtype=np.uint8))


def _sampler_modes(doc: dict[str, Any], texture: dict[str, Any]) -> dict[str, Any]:
    samplers = doc.get("samplers")
    raw = texture.get("sampler")
    sampler: dict[str, Any] = {}
    if (
        isinstance(raw, int)
        and isinstance(samplers, list)
        and 0 <= raw < len(samplers)
        and isinstance(samplers[raw], dict)
    ):
        sampler = samplers[raw]
    min_filter, mip = _MIN.get(sampler.get("minFilter", 9987), ("linear", "linear"))
    return {
        "wrap_u": _WRAP.get(sampler.get("wrapS", 10497), "repeat"),
        "wrap_v": _WRAP.get(sampler.get("wrapT", 10497), "repeat"),
        "mag_filter": _MAG.get(sampler.get("magFilter", 9729), "linear"),
        "min_filter": min_filter,
        "mipmap_filter": mip,
    }


def load_base_color_textures(source: str | Path) -> dict[int, tuple[RenderTexture, int]]:
    """Each material's ``baseColorTexture`` as ``{material: (RenderTexture, texCoord set)}``.

    Reads the file's JSON and buffers with the loader's container functions (the same uri
    rules as :func:`lite.load_gltf`), decodes each image once with Pillow and maps the
    sampler's ``wrapS``/``wrapT``/``magFilter``/``minFilter`` (absent: repeat, linear, a
    linear mip chain). A texture that cannot be read (missing image, unknown format, an uri
    outside the folder) is left out with a ``LITE-RENDER-W01`` warning.

    Parameters
    ----------
    source
        Path of the ``.gltf``/``.glb`` file.

    Raises
    ------
    GltfLoadError
        When the file itself cannot be read (as :func:`lite.load_gltf`).
    """
    from lite.loader_gltf.container import load_buffers, parse_container, read_source

    data, ctx = read_source(source, None, emit_warnings=False)
    glb_bin = parse_container(data, ctx)
    doc = ctx.doc
    materials = doc.get("materials")
    if not isinstance(materials, list) or not any(
        isinstance(m, dict)
        and isinstance(m.get("pbrMetallicRoughness"), dict)
        and "baseColorTexture" in m["pbrMetallicRoughness"]
        for m in materials
    ):
        return {}
    buffers = load_buffers(ctx, glb_bin)
    folder = Path(source).parent
    raw_textures = doc.get("textures")
    textures: list[Any] = raw_textures if isinstance(raw_textures, list) else []
    decoded: dict[int, U8Array] = {}
    out: dict[int, tuple[RenderTexture, int]] = {}
    for mi, mat in enumerate(materials):
        pbr = mat.get("pbrMetallicRoughness") if isinstance(mat, dict) else None
        info = pbr.get("baseColorTexture") if isinstance(pbr, dict) else None
        if not isinstance(info, dict):
            continue
        where = f"materials[{mi}].pbrMetallicRoughness.baseColorTexture"
        ti = info.get("index")
        tex = textures[ti] if isinstance(ti, int) and 0 <= ti < len(textures) else None
        if not isinstance(tex, dict) or not isinstance(tex.get("source"), int):
            _warn(ctx.label, where, f"textures[{ti!r}] is missing or has no image source")
            continue
        src = int(tex["source"])
        if src not in decoded:
            try:
                decoded[src] = _decode(_image_bytes(doc, buffers, folder, src))
            except (ValueError, OSError) as exc:  # PIL's UnidentifiedImageError is an OSError
                _warn(ctx.label, where, f"images[{src}] cannot be decoded ({exc})")
                continue
        tex_coord = info.get("texCoord", 0)
        out[mi] = (
            RenderTexture(pixels=decoded[src], srgb=True, **_sampler_modes(doc, tex)),
            tex_coord if isinstance(tex_coord, int) and tex_coord >= 0 else 0,
        )
    return out


def _transform_uv(uv: F32Array, offset: object, scale: object, rotation: float) -> F32Array:
    """KHR_texture_transform: ``uv' = T(offset) R(rotation) S(scale) uv``."""
    o = np.asarray(offset, np.float64).reshape(2)
    sc = np.asarray(scale, np.float64).reshape(2)
    c, s = math.cos(rotation), math.sin(rotation)
    u = uv[:, 0] * sc[0]
    v = uv[:, 1] * sc[1]
    out = np.empty_like(uv)
    out[:, 0] = c * u + s * v + o[0]
    out[:, 1] = -s * u + c * v + o[1]
    return out


def _normalized(weights: F32Array) -> F32Array:
    """Skin weights scaled to sum to 1 per vertex (exporters leave sums such as 1.75, which
    would scale the mesh; glTF requires 1, three.js normalizes the same way)."""
    total = weights.sum(axis=1, keepdims=True)
    out: F32Array = np.where(total > 0.0, weights / np.where(total > 0.0, total, 1.0), weights)
    return out.astype(np.float32)


def _mesh_plan(asset: GltfAsset, textures: bool) -> list[tuple[int, dict[str, Any]]]:
    """The static geometry: ``(node index, RenderMesh fields)`` per triangle primitive."""
    base_textures: dict[int, tuple[RenderTexture, int]] = {}
    if textures and asset.source != "<bytes>" and Path(asset.source).is_file():
        base_textures = load_base_color_textures(asset.source)
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
                fields["weights"] = _normalized(
                    asset.read_accessor(attrs["WEIGHTS_0"]).reshape(-1, 4)
                )
            if "COLOR_0" in attrs:
                colors = asset.read_accessor(attrs["COLOR_0"])
                fields["colors"] = colors.reshape(v, -1)
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
                material = asset.materials[prim.material]
                fields["base_color"] = tuple(float(x) for x in material.base_color_factor)
                found = base_textures.get(prim.material)
                if found is not None and f"TEXCOORD_{found[1]}" in attrs:
                    uv = asset.read_accessor(attrs[f"TEXCOORD_{found[1]}"]).reshape(v, 2)
                    tt = material.texture_transforms.get(_BASE_SLOT)
                    if tt is not None:
                        uv = _transform_uv(uv, tt.offset, tt.scale, float(tt.rotation))
                    fields["texcoords"] = uv
                    fields["texture"] = found[0]
            plan.append((node.index, fields))
    if not plan:
        raise _bad(
            f"{asset.source}: no triangle mesh to draw",
            "asset",
            "the renderer draws meshes with POSITION and triangle primitives",
        )

    return plan


def sample_asset(
    asset: GltfAsset, clip: str | None = None, frames: int = 16, *, textures: bool = True
) -> RenderScene:
    """Play ``clip`` of a loaded asset at ``frames`` evenly spaced times and collect the input
    of :func:`render_frames`.

    Times are ``i * duration / frames`` (the end is left out, so a looping GIF does not
    repeat its first pose). Each sample seeks the group (``play_animation`` +
    ``go_to_frame``), then copies the joint palettes, morph weights and mesh world matrices.
    Skinned meshes are drawn with their node's rest world matrix, which the palette's
    ``inverse(mesh_world)`` cancels, as glTF requires. Skin weights are normalized to sum
    to 1 per vertex. Points and lines are not drawn; strips and fans become triangle lists.
    Each primitive's material gives its ``baseColorFactor``, ``COLOR_0`` its vertex colours
    and, with ``textures``, its ``baseColorTexture`` (:func:`load_base_color_textures`) with
    the UV set it names, transformed by ``KHR_texture_transform`` (at rest).

    Parameters
    ----------
    asset
        From :func:`lite.loader_gltf.load_gltf`; its pose is changed.
    clip
        Animation group name; default the first one. An asset without animations is
        sampled in its rest pose.
    frames
        Number of samples, >= 1.
    textures
        Read base-colour textures from ``asset.source`` (a path; an asset loaded from bytes
        is drawn with its factors only).

    Raises
    ------
    LiteError
        ``LITE-STATE-041`` for an unknown clip name (the message lists the known ones);
        ``LITE-RENDER-001`` for a bad frame count or an asset with nothing to draw.

    Warns
    -----
    LiteWarning
        ``LITE-RENDER-W01`` for a base-colour texture that cannot be read (drawn without it).
    """
    from lite.animation.animation_group import go_to_frame, play_animation

    if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= MAX_FRAMES:
        raise _bad(f"frames={frames!r}", "frames", f"pass an integer in [1, {MAX_FRAMES}]")
    groups = asset.animation_groups
    group = None
    if clip is not None:
        group = next((g for g in groups if g.name == clip), None)
        if group is None:
            raise AnimationStateError(
                "LITE-STATE-041",
                f"{asset.source}: no animation named {short_repr(clip)} "
                f"(clips: {listed(g.name for g in groups)})",
                hint="pick one of the listed clip names",
                input_name="clip",
            )
    elif groups:
        group = groups[0]

    plan = _mesh_plan(asset, textures)
    skel_of = {sk.mesh_node: sk for sk in asset.skeletons}
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
        frame_rate=float(group.frame_rate) if group is not None else 60.0,
    )


def render_asset_frames(
    asset: GltfAsset,
    clip: str | None = None,
    frames: int = 16,
    size: tuple[int, int] = (256, 256),
    *,
    device: Any | None = None,
    fov_y: float = math.radians(40.0),
    samples: int = 4,
) -> U8Array:
    """Sample ``clip`` of ``asset`` (:func:`sample_asset`), frame the points it reaches over
    all the frames from a 3/4 view (:func:`~lite.tools.render.animated_points`,
    :func:`~lite.tools.render.frame_points`) and render (:func:`render_frames`).

    Returns
    -------
    numpy.ndarray
        ``(frames, H, W, 4)`` uint8.
    """
    scene = sample_asset(asset, clip, frames)
    points = animated_points(scene.meshes, scene.palettes, scene.morph_weights)
    camera = frame_points(points, fov_y, size[0] / size[1])
    return render_frames(
        scene.meshes,
        scene.palettes,
        scene.morph_weights,
        camera,
        size,
        device=device,
        samples=samples,
    )


def sample_poses(
    asset: GltfAsset,
    poses: Sequence[PoseSnapshot],
    *,
    textures: bool = True,
    times: Sequence[float] | None = None,
) -> RenderScene:
    """The renderer input for poses you made yourself (a cross-fade, a blend, IK), one
    frame per :class:`~lite.bake.PoseSnapshot`.

    :func:`sample_asset` plays a clip of the file; this takes the poses as they are:
    record them with :func:`lite.snapshot_pose` after each update of your own program, then
    pass them here (or to :func:`render_poses`). The asset gives the geometry, materials and
    textures; its current pose is not read or changed.

    Parameters
    ----------
    asset
        The loaded asset the poses were taken from (same nodes, skeletons, morph targets).
    poses
        One snapshot per frame, at least one and at most ``MAX_FRAMES``.
    textures
        Read base-colour textures from ``asset.source``.
    times
        A time per pose for the labels (default: each snapshot's ``time``, else its index).

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` for an empty or too long sequence, a pose that does not fit the
        asset (another node, skeleton or morph-target count), or an asset with nothing to
        draw.
    """
    items = list(poses) if not isinstance(poses, PoseSnapshot) else [poses]
    if not 1 <= len(items) <= MAX_FRAMES:
        raise _bad(f"{len(items)} poses", "poses", f"pass between 1 and {MAX_FRAMES} PoseSnapshots")
    n_nodes = len(asset.nodes)
    for i, pose in enumerate(items):
        if not isinstance(pose, PoseSnapshot):
            raise _bad(
                f"poses[{i}] is a {type(pose).__name__}, not a PoseSnapshot",
                "poses",
                "record each frame with lite.snapshot_pose(asset) after your update",
            )
        if (
            pose.world_matrices.shape[0] != n_nodes
            or len(pose.joint_matrices) != len(asset.skeletons)
            or len(pose.morph_weights) != len(asset.morph_targets)
        ):
            raise _bad(
                f"poses[{i}] has {pose.world_matrices.shape[0]} nodes, "
                f"{len(pose.joint_matrices)} skeletons and {len(pose.morph_weights)} morphed "
                f"meshes; {asset.source} has {n_nodes}, {len(asset.skeletons)} and "
                f"{len(asset.morph_targets)}",
                "poses",
                "snapshot the same asset (or a fresh load of the same file) you render",
            )
    plan = _mesh_plan(asset, textures)
    skel_of = {sk.mesh_node: sk for sk in asset.skeletons}
    skel_index = {sk.mesh_node: k for k, sk in enumerate(asset.skeletons)}
    morph_index = {m.node_idx: k for k, m in enumerate(asset.morph_targets)}
    meshes: list[RenderMesh] = []
    pal_out: list[F32Array | None] = []
    w_out: list[F32Array | None] = []
    for ni, fields in plan:
        if "joints" in fields:
            fields["model"] = np.linalg.inv(skel_of[ni].inv_mesh_world).T
            k = skel_index[ni]
            pal: F32Array = np.stack(
                [
                    np.asarray(p.joint_matrices[k], dtype=np.float32)
                    .transpose(0, 2, 1)
                    .reshape(-1, 16)
                    for p in items
                ]
            )
            pal_out.append(pal)
        else:
            fields["model"] = np.stack([np.asarray(p.world_matrices[ni]) for p in items])
            pal_out.append(None)
        if "morph_positions" in fields and ni in morph_index:
            w_out.append(np.stack([p.morph_weights[morph_index[ni]] for p in items]))
        else:
            w_out.append(None)
        meshes.append(_as_mesh(fields, len(meshes)))
    if times is None:
        stamp = [p.time if p.time is not None else float(i) for i, p in enumerate(items)]
    else:
        stamp = [float(t) for t in times]
        if len(stamp) != len(items):
            raise _bad(f"{len(stamp)} times for {len(items)} poses", "times", "one per pose")
    return RenderScene(
        meshes=tuple(meshes),
        palettes=tuple(pal_out),
        morph_weights=tuple(w_out),
        times=np.asarray(stamp, dtype=np.float64),
        clip_name="poses",
        duration=float(max(stamp) - min(stamp)),
    )


def render_poses(
    asset: GltfAsset,
    poses: Sequence[PoseSnapshot],
    size: tuple[int, int] = (256, 256),
    *,
    device: Any | None = None,
    fov_y: float = math.radians(40.0),
    samples: int = 4,
    textures: bool = True,
) -> U8Array:
    """Render poses you made yourself: one image per :class:`~lite.bake.PoseSnapshot`,
    framed on the points all of them reach (the same 3/4 view as ``lite-anim render``).

    Tile the result with :func:`~lite.tools.render.contact_sheet` (``.save("sheet.png")``)
    or write a GIF with :func:`~lite.tools.render.save_gif`.

    Parameters
    ----------
    asset
        The loaded asset the poses were taken from (:func:`sample_poses`).
    poses
        ``lite.snapshot_pose(asset)`` after each update of your program.
    size
        ``(width, height)`` of each image.
    device
        A device from :func:`~lite.tools.render.create_render_device` (default: a new one).
    fov_y
        Vertical field of view, radians.
    samples
        MSAA samples per pixel, 1 or 4.
    textures
        Draw base-colour textures.

    Returns
    -------
    numpy.ndarray
        ``(len(poses), H, W, 4)`` uint8.

    Raises
    ------
    LiteError
        ``LITE-RENDER-001`` for poses that do not fit the asset (:func:`sample_poses`);
        :class:`~lite.errors.UnsupportedError` ``LITE-GPU-001`` without a GPU adapter.

    Examples
    --------
    ```python
    # fragment
    frames = [lite.snapshot_pose(asset)]  # after each update of your cross-fade
    images = render_poses(asset, frames)
    contact_sheet(images).save("crossfade.png")
    ```
    """
    scene = sample_poses(asset, poses, textures=textures)
    points = animated_points(scene.meshes, scene.palettes, scene.morph_weights)
    camera = frame_points(points, fov_y, size[0] / size[1])
    return render_frames(
        scene.meshes,
        scene.palettes,
        scene.morph_weights,
        camera,
        size,
        device=device,
        samples=samples,
    )

"""The glTF objects a document holds: nodes, meshes, skins, materials, cameras, lights, scenes.

Nodes as a tree with rest TRS, KHR_lights_punctual lights, read from the validated JSON with
every index and value checked. Port of the node/mesh/skin/material half of Babylon Lite's
``src/loader-gltf`` (glTF-Transform calls these the document's *properties*).

Also the checks that span objects: vertex indices within their POSITION count, JOINTS_n within
their skin, a node's weights matching its mesh's targets, and the bound on per-node skin and
morph state (:data:`BOUND_STATE_FLOOR_BYTES`, :data:`BOUND_STATE_RATIO`), checked before the
loader allocates it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import pygltflib

from lite.animation.types import NodeRest
from lite.loader_gltf.accessors import (
    COMPONENT_NAMES,
    JOINT_TYPES,
    SPARSE_INDEX_TYPES,
    AccessorReader,
)
from lite.loader_gltf.asset import (
    GltfCamera,
    GltfLight,
    GltfMaterial,
    GltfMesh,
    GltfPrimitive,
    GltfSkin,
    TextureTransform,
)
from lite.loader_gltf.context import (
    F32_OVERFLOW,
    HINT_F32,
    HINT_SPEC,
    ReadContext,
    is_int,
    name_some,
    short,
)

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = [
    "BOUND_STATE_FLOOR_BYTES",
    "BOUND_STATE_RATIO",
    "JOINT_STATE_BYTES",
    "MORPH_STATE_BYTES",
    "TEXTURE_SLOTS",
    "GltfNodeInfo",
    "check_bound_state",
    "check_node_weights",
    "check_skinned_joints",
    "lights_json",
    "morph_node_set",
    "parse_cameras",
    "parse_lights",
    "parse_materials",
    "parse_meshes",
    "parse_nodes",
    "parse_scene_roots",
    "parse_skins",
]

#: Each skinned node gets its own joint palette (about 640 bytes of arrays per joint) and each
#: morph node its own weights, so a small file can multiply one skin by many nodes. Together
#: they may take at most ``max(BOUND_STATE_FLOOR_BYTES, BOUND_STATE_RATIO x the input's
#: bytes)`` (``LITE-GLTF-022``).
BOUND_STATE_FLOOR_BYTES: Final = 32 * 1024 * 1024
BOUND_STATE_RATIO: Final = 16
#: Bytes of arrays per joint of a skinned node (palettes and scratch, float32 and float64)
#: and per morph target of a morph node, as allocated by ``lite.skeleton``.
JOINT_STATE_BYTES: Final = 640
MORPH_STATE_BYTES: Final = 16

#: Material texture slots (JSON paths) that may carry KHR_texture_transform.
TEXTURE_SLOTS: Final = (
    "pbrMetallicRoughness/baseColorTexture",
    "pbrMetallicRoughness/metallicRoughnessTexture",
    "normalTexture",
    "occlusionTexture",
    "emissiveTexture",
)


def _decompose(m: F64Array) -> tuple[list[float], list[float], list[float]]:
    """TRS of a mathematical (row-major) affine matrix, like Babylon's ``Matrix.decompose``."""
    t = [float(m[0, 3]), float(m[1, 3]), float(m[2, 3])]
    cols = m[:3, :3]
    s = [float(np.linalg.norm(cols[:, k])) for k in range(3)]
    if np.linalg.det(cols) < 0:
        s[0] = -s[0]
    if any(v == 0.0 for v in s):
        return t, [0.0, 0.0, 0.0, 1.0], s
    r = cols / np.asarray(s)[None, :]
    tr = r[0, 0] + r[1, 1] + r[2, 2]
    if tr > 0:
        k = 0.5 / math.sqrt(tr + 1.0)
        q = [(r[2, 1] - r[1, 2]) * k, (r[0, 2] - r[2, 0]) * k, (r[1, 0] - r[0, 1]) * k, 0.25 / k]
    elif r[0, 0] > r[1, 1] and r[0, 0] > r[2, 2]:
        k = 2.0 * math.sqrt(1.0 + r[0, 0] - r[1, 1] - r[2, 2])
        q = [0.25 * k, (r[0, 1] + r[1, 0]) / k, (r[0, 2] + r[2, 0]) / k, (r[2, 1] - r[1, 2]) / k]
    elif r[1, 1] > r[2, 2]:
        k = 2.0 * math.sqrt(1.0 + r[1, 1] - r[0, 0] - r[2, 2])
        q = [(r[0, 1] + r[1, 0]) / k, 0.25 * k, (r[1, 2] + r[2, 1]) / k, (r[0, 2] - r[2, 0]) / k]
    else:
        k = 2.0 * math.sqrt(1.0 + r[2, 2] - r[0, 0] - r[1, 1])
        q = [(r[0, 2] + r[2, 0]) / k, (r[1, 2] + r[2, 1]) / k, 0.25 * k, (r[1, 0] - r[0, 1]) / k]
    return t, [float(v) for v in q], s


@dataclass(frozen=True, slots=True)
class GltfNodeInfo:
    """A validated glTF node as read from the file (no live state; ``load_gltf`` binds it into
    a :class:`~lite.loader_gltf.asset.GltfNode` with pose views).

    Attributes
    ----------
    name
        ``node.name``, or ``None``.
    parent
        Index of the parent node, ``-1`` for a root.
    children
        Indices of the child nodes, in file order.
    rest
        Rest TRS (float32-rounded), with ``parent_idx``; from ``matrix`` when the node has one.
    matrix
        The static local ``(4, 4)`` matrix (mathematical row-major, float64), or ``None``.
    mesh, skin, camera, light
        Indices into the file's meshes, skins, cameras and KHR_lights_punctual lights.
    weights
        The node's own default morph weights, or ``None`` (the mesh's then apply).
    """

    name: str | None
    parent: int
    children: tuple[int, ...]
    rest: NodeRest
    matrix: F64Array | None
    mesh: int | None
    skin: int | None
    camera: int | None
    light: int | None
    weights: tuple[float, ...] | None


def parse_nodes(ctx: ReadContext) -> list[GltfNodeInfo]:
    """Every node: references, rest TRS (or matrix), weights; the hierarchy must be a tree."""
    raw_nodes = ctx.array("nodes")
    n = len(raw_nodes)
    parent = [-1] * n
    infos: list[GltfNodeInfo] = []
    for i, raw in enumerate(raw_nodes):
        path = f"nodes[{i}]"
        nd = ctx.obj(raw, path)
        children_raw = nd.get("children", [])
        if not isinstance(children_raw, list):
            ctx.fail("LITE-GLTF-010", f"{path}.children", "must be an array", HINT_SPEC)
        children: list[int] = []
        for k, c in enumerate(children_raw):
            ci = ctx.check_index(c, f"{path}.children[{k}]", "nodes")
            if ci == i:
                ctx.fail(
                    "LITE-GLTF-005",
                    f"{path}.children[{k}]",
                    f"node {i} lists itself as a child",
                    "the node hierarchy must be a tree",
                )
            if parent[ci] != -1:
                ctx.fail(
                    "LITE-GLTF-005",
                    f"{path}.children[{k}]",
                    f"node {ci} is a child of both node {parent[ci]} and node {i}",
                    "each node may have at most one parent",
                )
            parent[ci] = i
            children.append(ci)
        t = ctx.numbers(nd, "translation", path, (0.0, 0.0, 0.0), 3)
        r = ctx.numbers(nd, "rotation", path, (0.0, 0.0, 0.0, 1.0), 4)
        s = ctx.numbers(nd, "scale", path, (1.0, 1.0, 1.0), 3)
        matrix: F64Array | None = None
        if nd.get("matrix") is not None:
            m = ctx.numbers(nd, "matrix", path, (), 16)
            matrix = np.array(m, dtype=np.float64).reshape(4, 4).T
            t, r, s = _decompose(matrix)
            if not all(abs(v) < F32_OVERFLOW for v in (*t, *r, *s)):
                # Each entry fits float32, but a column's length (the scale) may not.
                ctx.fail(
                    "LITE-GLTF-010",
                    f"{path}.matrix",
                    "decomposes into a translation, rotation or scale beyond float32 range",
                    HINT_F32,
                )
        mesh = ctx.index(nd, "mesh", path, "meshes")
        skin = ctx.index(nd, "skin", path, "skins")
        camera = ctx.index(nd, "camera", path, "cameras")
        if skin is not None and mesh is None:
            ctx.fail(
                "LITE-GLTF-009",
                f"{path}.skin",
                "a node with a skin must also have a mesh",
                HINT_SPEC,
            )
        light = None
        ext = nd.get("extensions")
        if isinstance(ext, dict) and isinstance(ext.get("KHR_lights_punctual"), dict):
            lp = ext["KHR_lights_punctual"]
            light = _light_index(
                ctx, lp.get("light"), f"{path}.extensions.KHR_lights_punctual.light"
            )
        weights = None
        if nd.get("weights") is not None:
            wl = nd["weights"]
            if not isinstance(wl, list):
                ctx.fail("LITE-GLTF-010", f"{path}.weights", "must be numbers", HINT_SPEC)
            weights = tuple(ctx.numbers(nd, "weights", path, (), len(wl)))
        rest = NodeRest(
            -1,
            *(float(np.float32(v)) for v in t),
            *(float(np.float32(v)) for v in r),
            *(float(np.float32(v)) for v in s),
        )
        infos.append(
            GltfNodeInfo(
                name=ctx.name(nd, path),
                parent=-1,
                children=tuple(children),
                rest=rest,
                matrix=matrix,
                mesh=mesh,
                skin=skin,
                camera=camera,
                light=light,
                weights=weights,
            )
        )
    # Cycles: with at most one parent per node, a cycle is a parent chain that never ends.
    state = [0] * n  # 0 unvisited, 1 on the current chain, 2 reaches a root
    for start in range(n):
        chain = []
        i = start
        while i >= 0 and state[i] == 0:
            state[i] = 1
            chain.append(i)
            i = parent[i]
        if i >= 0 and state[i] == 1:
            ctx.fail(
                "LITE-GLTF-005",
                f"nodes[{parent[i]}].children",
                f"node {i} is its own ancestor (cycle through nodes "
                f"{name_some(sorted(chain[chain.index(i) :]))})",
                "the node hierarchy must be a tree",
            )
        for j in chain:
            state[j] = 2
    for i, info in enumerate(infos):
        info.rest.parent_idx = parent[i]
    return [replace(info, parent=parent[i]) for i, info in enumerate(infos)]


def _light_index(ctx: ReadContext, value: object, path: str) -> int:
    lights = lights_json(ctx)
    if not is_int(value) or not 0 <= value < len(lights):
        ctx.fail(
            "LITE-GLTF-002",
            path,
            f"refers to light {short(value)}, but the file defines {len(lights)} lights",
            "check KHR_lights_punctual.lights",
        )
    return int(value)


def lights_json(ctx: ReadContext) -> list[Any]:
    """The raw ``extensions.KHR_lights_punctual.lights`` array (``[]`` when absent)."""
    ext = ctx.doc.get("extensions")
    if isinstance(ext, dict) and isinstance(ext.get("KHR_lights_punctual"), dict):
        lights = ext["KHR_lights_punctual"].get("lights", [])
        if isinstance(lights, list):
            return lights
    return []


def parse_meshes(ctx: ReadContext, reader: AccessorReader) -> list[GltfMesh]:
    """Every mesh: primitives (accessor indices), morph target counts, weights, target names."""
    meshes: list[GltfMesh] = []
    for mi, raw in enumerate(ctx.array("meshes")):
        path = f"meshes[{mi}]"
        m = ctx.obj(raw, path)
        prims_raw = m.get("primitives")
        if not isinstance(prims_raw, list) or not prims_raw:
            ctx.fail("LITE-GLTF-010", f"{path}.primitives", "must be a non-empty array", HINT_SPEC)
        prims: list[GltfPrimitive] = []
        target_count = -1
        for pi, praw in enumerate(prims_raw):
            ppath = f"{path}.primitives[{pi}]"
            p = ctx.obj(praw, ppath)
            attrs_raw = ctx.obj(p.get("attributes"), f"{ppath}.attributes")
            attrs = {
                str(k): ctx.check_index(v, f"{ppath}.attributes.{k}", "accessors")
                for k, v in attrs_raw.items()
            }
            indices = ctx.index(p, "indices", ppath, "accessors")
            material = ctx.index(p, "material", ppath, "materials")
            targets_raw = p.get("targets", [])
            if not isinstance(targets_raw, list):
                ctx.fail("LITE-GLTF-010", f"{ppath}.targets", "must be an array", HINT_SPEC)
            targets = tuple(
                {
                    str(k): ctx.check_index(v, f"{ppath}.targets[{ti}].{k}", "accessors")
                    for k, v in ctx.obj(t, f"{ppath}.targets[{ti}]").items()
                }
                for ti, t in enumerate(targets_raw)
            )
            if target_count >= 0 and len(targets) != target_count:
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{ppath}.targets",
                    f"has {len(targets)} morph targets but primitive 0 has {target_count}",
                    "all primitives of a mesh must have the same number of morph targets",
                )
            target_count = len(targets)
            mode = ctx.integer(p, "mode", ppath, default=4)
            if indices is not None and "POSITION" in attrs:
                _check_vertex_indices(ctx, reader, indices, attrs["POSITION"], f"{ppath}.indices")
            prims.append(GltfPrimitive(attrs, indices, material, targets, mode))
        weights = [0.0] * target_count
        raw_weights = m.get("weights")
        if raw_weights is not None:
            size = len(raw_weights) if isinstance(raw_weights, list) else -1
            weights = ctx.numbers(m, "weights", path, (), size)
            if len(weights) != target_count:
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.weights",
                    f"has {len(weights)} weights for {target_count} morph targets",
                    "give one default weight per morph target",
                )
        names = [f"target_{i}" for i in range(target_count)]
        extras = m.get("extras")
        if isinstance(extras, dict):
            tn = extras.get("targetNames")
            if (
                isinstance(tn, list)
                and len(tn) == target_count
                and all(isinstance(v, str) for v in tn)
            ):
                names = list(tn)
        meshes.append(
            GltfMesh(
                mi, ctx.name(m, path), tuple(prims), target_count, tuple(weights), tuple(names)
            )
        )
    return meshes


def _check_vertex_indices(
    ctx: ReadContext, reader: AccessorReader, indices: int, position: int, path: str
) -> None:
    acc = reader.layouts[indices]
    if acc.type != pygltflib.SCALAR or acc.component not in SPARSE_INDEX_TYPES:
        ctx.fail(
            "LITE-GLTF-008",
            path,
            f"index accessor {indices} is {acc.type} {COMPONENT_NAMES[acc.component]}",
            "indices must be SCALAR UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT",
        )
    values = reader.raw(indices)
    vertex_count = reader.layouts[position].count
    top = int(values.max())
    if top >= vertex_count:
        ctx.fail(
            "LITE-GLTF-002",
            path,
            f"vertex index {top} is out of range for {vertex_count} vertices",
            "every index must be < the POSITION accessor's count",
        )


def parse_skins(ctx: ReadContext, reader: AccessorReader) -> list[GltfSkin]:
    """Every skin: unique joints, inverse bind matrices (MAT4 FLOAT, finite; else identity)."""
    skins: list[GltfSkin] = []
    for si, raw in enumerate(ctx.array("skins")):
        path = f"skins[{si}]"
        sk = ctx.obj(raw, path)
        joints_raw = sk.get("joints")
        if not isinstance(joints_raw, list) or not joints_raw:
            ctx.fail("LITE-GLTF-009", f"{path}.joints", "must be a non-empty array", HINT_SPEC)
        joints = [
            ctx.check_index(j, f"{path}.joints[{k}]", "nodes") for k, j in enumerate(joints_raw)
        ]
        if len(set(joints)) != len(joints):
            ctx.fail(
                "LITE-GLTF-009", f"{path}.joints", "lists a node twice", "joints must be unique"
            )
        skeleton = ctx.index(sk, "skeleton", path, "nodes")
        ibm_idx = ctx.index(sk, "inverseBindMatrices", path, "accessors")
        if ibm_idx is None:
            ibm = np.tile(np.eye(4, dtype=np.float32).reshape(1, 16), (len(joints), 1))
        else:
            acc = reader.layouts[ibm_idx]
            if acc.type != pygltflib.MAT4 or acc.component != pygltflib.FLOAT:
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.inverseBindMatrices",
                    f"accessor {ibm_idx} is {acc.type} {COMPONENT_NAMES[acc.component]}",
                    "inverse bind matrices must be MAT4 FLOAT",
                )
            if acc.count < len(joints):
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.inverseBindMatrices",
                    f"has {acc.count} matrices for {len(joints)} joints",
                    "give one inverse bind matrix per joint",
                )
            ibm = reader.floats(ibm_idx)[: len(joints)]
            if not np.all(np.isfinite(ibm)):
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.inverseBindMatrices",
                    "contains NaN or infinity",
                    "re-export the skin",
                )
        ibm = np.ascontiguousarray(ibm, dtype=np.float32)
        ibm.flags.writeable = False
        skins.append(GltfSkin(si, ctx.name(sk, path), tuple(joints), skeleton, ibm))
    return skins


def check_skinned_joints(
    ctx: ReadContext,
    reader: AccessorReader,
    nodes: list[GltfNodeInfo],
    meshes: list[GltfMesh],
    skins: list[GltfSkin],
) -> None:
    """JOINTS_n of every skinned mesh: VEC4 UNSIGNED_BYTE/SHORT, each index < the joint count."""
    checked: set[tuple[int, int]] = set()
    for ni, info in enumerate(nodes):
        if info.skin is None or info.mesh is None or (info.mesh, info.skin) in checked:
            continue
        checked.add((info.mesh, info.skin))
        joint_count = len(skins[info.skin].joints)
        for pi, prim in enumerate(meshes[info.mesh].primitives):
            for attr, acc_idx in prim.attributes.items():
                if not attr.startswith("JOINTS_"):
                    continue
                path = f"meshes[{info.mesh}].primitives[{pi}].attributes.{attr}"
                acc = reader.layouts[acc_idx]
                if acc.type != pygltflib.VEC4 or acc.component not in JOINT_TYPES:
                    # Spec: JOINTS_n is VEC4 UNSIGNED_BYTE or UNSIGNED_SHORT. A FLOAT one
                    # could hold NaN, which no joint index can be.
                    ctx.fail(
                        "LITE-GLTF-008",
                        path,
                        f"accessor {acc_idx} is {acc.type} {COMPONENT_NAMES[acc.component]}",
                        "JOINTS_n must be VEC4 UNSIGNED_BYTE or UNSIGNED_SHORT",
                    )
                values = reader.raw(acc_idx)
                top = int(values.max())
                if top >= joint_count:
                    ctx.fail(
                        "LITE-GLTF-009",
                        path,
                        f"joint index {top} is out of range for skins[{info.skin}] "
                        f"({joint_count} joints, used by nodes[{ni}])",
                        "JOINTS_n values must be < the skin's joint count",
                    )


def check_bound_state(
    ctx: ReadContext,
    nodes: list[GltfNodeInfo],
    meshes: list[GltfMesh],
    skins: list[GltfSkin],
    morph_nodes: set[int],
) -> None:
    """Refuse skins and morphs whose per-node state would dwarf the file (checked before
    anything is allocated): every skinned node has its own palette, every morph node its own
    weights, so a few bytes of JSON per node can multiply a large skin or target list."""
    joints = sum(len(skins[info.skin].joints) for info in nodes if info.skin is not None)
    weights = 0
    for ni in morph_nodes:
        mesh = nodes[ni].mesh
        assert mesh is not None
        weights += meshes[mesh].target_count
    need = joints * JOINT_STATE_BYTES + weights * MORPH_STATE_BYTES
    limit = max(BOUND_STATE_FLOOR_BYTES, BOUND_STATE_RATIO * ctx.input_bytes)
    if need > limit:
        skinned = sum(1 for info in nodes if info.skin is not None)
        ctx.fail(
            "LITE-GLTF-022",
            "skins" if joints * JOINT_STATE_BYTES >= weights * MORPH_STATE_BYTES else "meshes",
            f"{skinned} skinned nodes with {joints} joints in all and {len(morph_nodes)} morph "
            f"nodes with {weights} weights in all need about {need} bytes of palettes and "
            f"weights, over the {limit}-byte limit for this file",
            f"per-node skin and morph state may take at most max({BOUND_STATE_FLOOR_BYTES}, "
            f"{BOUND_STATE_RATIO} x the file's bytes); share fewer skinned or morph nodes per "
            "skin or mesh",
        )


def check_node_weights(ctx: ReadContext, nodes: list[GltfNodeInfo], meshes: list[GltfMesh]) -> None:
    """A node's own ``weights`` must give one weight per morph target of its mesh."""
    for ni, info in enumerate(nodes):
        if (
            info.weights is not None
            and info.mesh is not None
            and len(info.weights) != meshes[info.mesh].target_count
        ):
            ctx.fail(
                "LITE-GLTF-009",
                f"nodes[{ni}].weights",
                f"has {len(info.weights)} weights for "
                f"{meshes[info.mesh].target_count} morph targets",
                "give one weight per morph target of the node's mesh",
            )


def morph_node_set(nodes: list[GltfNodeInfo], meshes: list[GltfMesh]) -> set[int]:
    """The nodes whose mesh has morph targets (each gets its own live weights)."""
    return {
        ni
        for ni, info in enumerate(nodes)
        if info.mesh is not None and meshes[info.mesh].target_count > 0
    }


def _texture_transform(ctx: ReadContext, info: object, path: str) -> TextureTransform:
    tt = TextureTransform()
    if isinstance(info, dict):
        ext = info.get("extensions")
        if isinstance(ext, dict) and isinstance(ext.get("KHR_texture_transform"), dict):
            raw = ext["KHR_texture_transform"]
            tpath = f"{path}.extensions.KHR_texture_transform"
            tt.offset[:] = ctx.numbers(raw, "offset", tpath, (0.0, 0.0), 2)
            tt.scale[:] = ctx.numbers(raw, "scale", tpath, (1.0, 1.0), 2)
            tt.rotation = ctx.number(raw, "rotation", tpath, 0.0)
    return tt


def parse_materials(ctx: ReadContext) -> list[GltfMaterial]:
    """Every material's animatable factors and texture transforms (textures are not loaded)."""
    out: list[GltfMaterial] = []
    for mi, raw in enumerate(ctx.array("materials")):
        path = f"materials[{mi}]"
        m = ctx.obj(raw, path)
        pbr = m.get("pbrMetallicRoughness")
        pbr = ctx.obj(pbr, f"{path}.pbrMetallicRoughness") if pbr is not None else {}
        ppath = f"{path}.pbrMetallicRoughness"
        ext = m.get("extensions") if isinstance(m.get("extensions"), dict) else {}
        strength = 1.0
        if isinstance(ext, dict) and isinstance(ext.get("KHR_materials_emissive_strength"), dict):
            strength = ctx.number(
                ext["KHR_materials_emissive_strength"],
                "emissiveStrength",
                f"{path}.extensions.KHR_materials_emissive_strength",
                1.0,
            )
        normal = m.get("normalTexture")
        occlusion = m.get("occlusionTexture")
        transforms: dict[str, TextureTransform] = {}
        for slot in TEXTURE_SLOTS:
            holder: object = m
            for part in slot.split("/"):
                holder = holder.get(part) if isinstance(holder, dict) else None
            if isinstance(holder, dict):
                transforms[slot] = _texture_transform(
                    ctx, holder, f"{path}.{slot.replace('/', '.')}"
                )
        out.append(
            GltfMaterial(
                index=mi,
                name=ctx.name(m, path),
                base_color_factor=np.array(
                    ctx.numbers(pbr, "baseColorFactor", ppath, (1.0, 1.0, 1.0, 1.0), 4),
                    dtype=np.float32,
                ),
                metallic_factor=ctx.number(pbr, "metallicFactor", ppath, 1.0),
                roughness_factor=ctx.number(pbr, "roughnessFactor", ppath, 1.0),
                emissive_factor=np.array(
                    ctx.numbers(m, "emissiveFactor", path, (0.0, 0.0, 0.0), 3), dtype=np.float32
                ),
                emissive_strength=strength,
                alpha_cutoff=ctx.number(m, "alphaCutoff", path, 0.5),
                normal_scale=(
                    ctx.number(normal, "scale", f"{path}.normalTexture", 1.0)
                    if isinstance(normal, dict)
                    else 1.0
                ),
                occlusion_strength=(
                    ctx.number(occlusion, "strength", f"{path}.occlusionTexture", 1.0)
                    if isinstance(occlusion, dict)
                    else 1.0
                ),
                texture_transforms=transforms,
            )
        )
    return out


def parse_cameras(ctx: ReadContext) -> list[GltfCamera]:
    """Every camera, perspective or orthographic."""
    out: list[GltfCamera] = []
    for ci, raw in enumerate(ctx.array("cameras")):
        path = f"cameras[{ci}]"
        c = ctx.obj(raw, path)
        type_ = c.get("type")
        if type_ not in ("perspective", "orthographic"):
            ctx.fail(
                "LITE-GLTF-010",
                f"{path}.type",
                f"must be 'perspective' or 'orthographic', got {short(type_)}",
                HINT_SPEC,
            )
        cam = GltfCamera(ci, ctx.name(c, path), type_)
        sub = ctx.obj(c.get(type_), f"{path}.{type_}")
        spath = f"{path}.{type_}"
        if type_ == "perspective":
            cam.yfov = ctx.number(sub, "yfov", spath, 0.8)
            cam.znear = ctx.number(sub, "znear", spath, 0.1)
            if sub.get("aspectRatio") is not None:
                cam.aspect_ratio = ctx.number(sub, "aspectRatio", spath, 1.0)
            if sub.get("zfar") is not None:
                cam.zfar = ctx.number(sub, "zfar", spath, 100.0)
        else:
            cam.xmag = ctx.number(sub, "xmag", spath, 1.0)
            cam.ymag = ctx.number(sub, "ymag", spath, 1.0)
            cam.znear = ctx.number(sub, "znear", spath, 0.0)
            cam.zfar = ctx.number(sub, "zfar", spath, 100.0)
        out.append(cam)
    return out


def parse_lights(ctx: ReadContext) -> list[GltfLight]:
    """Every KHR_lights_punctual light."""
    out: list[GltfLight] = []
    for li, raw in enumerate(lights_json(ctx)):
        path = f"extensions.KHR_lights_punctual.lights[{li}]"
        lt = ctx.obj(raw, path)
        type_ = lt.get("type")
        if type_ not in ("directional", "point", "spot"):
            ctx.fail(
                "LITE-GLTF-010",
                f"{path}.type",
                f"must be 'directional', 'point' or 'spot', got {short(type_)}",
                HINT_SPEC,
            )
        light = GltfLight(
            li,
            ctx.name(lt, path),
            type_,
            np.array(ctx.numbers(lt, "color", path, (1.0, 1.0, 1.0), 3), dtype=np.float32),
            intensity=ctx.number(lt, "intensity", path, 1.0),
        )
        if lt.get("range") is not None:
            light.range = ctx.number(lt, "range", path, 0.0)
        if type_ == "spot":
            spot = ctx.obj(lt.get("spot", {}), f"{path}.spot")
            light.inner_cone_angle = ctx.number(spot, "innerConeAngle", f"{path}.spot", 0.0)
            light.outer_cone_angle = ctx.number(
                spot, "outerConeAngle", f"{path}.spot", math.pi / 4.0
            )
        out.append(light)
    return out


def parse_scene_roots(ctx: ReadContext, nodes: list[GltfNodeInfo]) -> tuple[int, ...]:
    """Check every scene; the default scene's root nodes (all parentless nodes without scenes)."""
    scenes = ctx.array("scenes")
    for si, raw in enumerate(scenes):
        sc = ctx.obj(raw, f"scenes[{si}]")
        roots = sc.get("nodes", [])
        if not isinstance(roots, list):
            ctx.fail("LITE-GLTF-010", f"scenes[{si}].nodes", "must be an array", HINT_SPEC)
        for k, r in enumerate(roots):
            ctx.check_index(r, f"scenes[{si}].nodes[{k}]", "nodes")
    scene = ctx.doc.get("scene")
    if scene is not None:
        idx = ctx.check_index(scene, "scene", "scenes")
        return tuple(int(r) for r in scenes[idx].get("nodes", []))
    if scenes:
        return tuple(int(r) for r in scenes[0].get("nodes", []))
    return tuple(i for i, n in enumerate(nodes) if n.parent < 0)

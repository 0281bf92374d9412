"""glTF animations: samplers and channels, validated and turned into animation clips.

Port of Babylon Lite's ``src/loader-gltf/gltf-animation.ts`` (``parseAnimationData``).

Key times must be SCALAR FLOAT, finite, non-negative and strictly increasing; outputs must hold
a whole number of keys (x 3 for CUBICSPLINE) of the type the channel's target takes; values
must be finite (``LITE-GLTF-004``). glTF strings become lite's integer constants here
(``"LINEAR"`` -> ``INTERP_LINEAR``, ``"rotation"`` -> ``PATH_ROTATION``). A channel without a
usable target is skipped with a warning (``LITE-GLTF-W01`` for an unsupported
KHR_animation_pointer, ``LITE-GLTF-W02`` otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import pygltflib

from lite.animation.constants import (
    DEFAULT_FRAME_RATE,
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_WEIGHTS,
)
from lite.animation.diagnostics import emit_animation_diagnostic
from lite.animation.types import AnimationChannel, AnimationClip, AnimationSampler
from lite.loader_gltf.accessors import COMPONENT_NAMES, TYPES, AccessorReader
from lite.loader_gltf.animation_pointer import (
    NODE_PATHS,
    PointerMissing,
    PointerTarget,
    resolve_pointer,
)
from lite.loader_gltf.context import HINT_SPEC, MESSAGE_ITEMS, ReadContext, is_int, short

if TYPE_CHECKING:
    from lite.animation.types import F32Array, InterpMode, TargetPath
    from lite.loader_gltf.asset import GltfCamera, GltfLight, GltfMaterial, GltfMesh
    from lite.loader_gltf.properties import GltfNodeInfo

__all__ = [
    "INTERP_MODES",
    "W_ACCESSOR",
    "W_CHANNEL",
    "W_POINTER",
    "W_SAMPLER_MISSING",
    "W_TARGET_MISSING",
    "ParsedSampler",
    "PointerTargets",
    "parse_animations",
    "parse_sampler",
]

#: An unsupported KHR_animation_pointer target: the channel is skipped.
W_POINTER: Final = "LITE-GLTF-W01"
#: A channel without a usable node target: skipped.
W_CHANNEL: Final = "LITE-GLTF-W02"
#: A channel whose target node (or pointer index) does not exist: skipped.
W_TARGET_MISSING: Final = "LITE-GLTF-W04"
#: A channel whose sampler output has the wrong type or size for its target: skipped.
W_ACCESSOR: Final = "LITE-GLTF-W05"
#: A channel whose sampler index does not exist: skipped.
W_SAMPLER_MISSING: Final = "LITE-GLTF-W06"

#: Stands in for a malformed sampler when an animation has no valid one.
_EMPTY_SAMPLER: Final = AnimationSampler(
    np.zeros(1, dtype=np.float32), np.zeros(1, dtype=np.float32), INTERP_STEP
)

#: glTF interpolation names -> lite's interpolation ids.
INTERP_MODES: Final[dict[str, InterpMode]] = {
    pygltflib.ANIM_LINEAR: INTERP_LINEAR,
    pygltflib.ANIM_STEP: INTERP_STEP,
    pygltflib.ANIM_CUBICSPLINE: INTERP_CUBICSPLINE,
}

#: A validated sampler: key times ``(K,)``, packed values, interpolation, output accessor.
ParsedSampler = tuple["F32Array", "F32Array", "InterpMode", int]


@dataclass(slots=True)
class PointerTargets:
    """The objects animation channels may target besides nodes, and the morph nodes."""

    materials: list[GltfMaterial]
    cameras: list[GltfCamera]
    lights: list[GltfLight]
    morph_nodes: set[int]


#: What an :class:`~lite.types.AnimationSampler` keeps per key time and per value beyond the
#: accessor (a float32 copy, a float64 copy, a tuple of Python floats), charged against the
#: read's decode budget before it is built.
SAMPLER_BYTES_PER_KEY: Final = 4 + 8 + 32
SAMPLER_BYTES_PER_VALUE: Final = 4 + 32


def parse_sampler(
    ctx: ReadContext,
    reader: AccessorReader,
    raw: object,
    path: str,
    seen: dict[tuple[int, int, int], ParsedSampler] | None = None,
    size_faults: dict[str, str] | None = None,
) -> ParsedSampler | None:
    """One sampler: key times (SCALAR FLOAT, finite, >= 0, strictly increasing) and values
    (a whole number of keys, finite), as ``(times, values, interpolation, output accessor)``.

    Samplers with the same input, output and interpolation are checked once and share their
    (read-only) arrays through ``seen``. With ``size_faults``, an output that does not hold a
    whole number of keys is recorded there (``path -> message``) and ``None`` returned, so the
    channels using it are skipped, instead of raising ``LITE-GLTF-004``."""
    s = ctx.obj(raw, path)
    inp = ctx.index(s, "input", path, "accessors", required=True)
    outp = ctx.index(s, "output", path, "accessors", required=True)
    assert inp is not None
    assert outp is not None
    interp_name = s.get("interpolation", pygltflib.ANIM_LINEAR)
    if not isinstance(interp_name, str) or interp_name not in INTERP_MODES:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.interpolation",
            f"unknown interpolation {short(interp_name)}",
            "use LINEAR, STEP or CUBICSPLINE",
        )
    interp = INTERP_MODES[interp_name]
    key = (inp, outp, int(interp))
    if seen is not None and key in seen:
        return seen[key]
    in_acc = reader.layouts[inp]
    if in_acc.type != pygltflib.SCALAR or in_acc.component != pygltflib.FLOAT:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.input",
            f"key times must be SCALAR FLOAT, accessor {inp} is {in_acc.type} "
            f"{COMPONENT_NAMES[in_acc.component]}",
            "store key times in seconds as float32",
        )
    times = reader.shared_floats(inp).reshape(-1)
    t64 = times.astype(np.float64)
    if not np.all(np.isfinite(t64)):
        bad = int(np.argmin(np.isfinite(t64)))
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.input",
            f"key {bad} time is {float(t64[bad])} (accessor {inp})",
            "key times must be finite",
        )
    if float(t64[0]) < 0.0:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.input",
            f"key 0 is at t={float(t64[0])} s (accessor {inp})",
            "key times must be >= 0",
        )
    if t64.shape[0] > 1:
        steps = np.diff(t64)
        if bool(np.any(steps <= 0.0)):
            bad = int(np.argmax(steps <= 0.0)) + 1
            ctx.fail(
                "LITE-GLTF-004",
                f"{path}.input",
                f"key {bad} at t={float(t64[bad])} s does not come after key {bad - 1} at "
                f"t={float(t64[bad - 1])} s (accessor {inp})",
                "key times must be strictly increasing",
            )
    # The output's size is known from its accessor: check it against the key count before
    # decoding, so a mismatched (possibly huge) output is refused without being read.
    per_key = 3 if interp == INTERP_CUBICSPLINE else 1
    keys = times.shape[0]
    out_acc = reader.layouts[outp]
    size = out_acc.count * out_acc.comps
    if (size % (keys * per_key) != 0 or size < keys * per_key) and size_faults is not None:
        size_faults[path] = (
            f"output accessor {outp} holds {out_acc.count} x {out_acc.type} values, which do "
            f"not divide into {keys} keys" + (" x 3 (CUBICSPLINE)" if per_key == 3 else "")
        )
        return None
    if size % (keys * per_key) != 0 or size < keys * per_key:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.output",
            f"{out_acc.count} x {out_acc.type} values do not divide into "
            f"{keys} keys" + (" x 3 (CUBICSPLINE)" if per_key == 3 else ""),
            "output must hold the same number of keys as input"
            + (" (in-tangent, value, out-tangent each)" if per_key == 3 else ""),
        )
    values = reader.shared_floats(outp)
    if not np.all(np.isfinite(values)):
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.output",
            f"accessor {outp} contains NaN or infinity",
            "key values must be finite",
        )
    parsed: ParsedSampler = (times, values.reshape(-1), interp, outp)
    if seen is not None:
        seen[key] = parsed
    return parsed


def _build_sampler(
    reader: AccessorReader,
    built: dict[tuple[int, int, int], AnimationSampler],
    parsed: ParsedSampler,
    path: str,
) -> AnimationSampler:
    """The :class:`~lite.types.AnimationSampler` of ``parsed``, built once per distinct data."""
    times, values, interp, outp = parsed
    key = (id(times), outp, int(interp))
    sampler = built.get(key)
    if sampler is None:
        reader.charge(
            times.size * SAMPLER_BYTES_PER_KEY + values.size * SAMPLER_BYTES_PER_VALUE,
            path,
            "the sampler's keys",
        )
        sampler = built[key] = AnimationSampler(times, values, interp)
    return sampler


def parse_animations(
    ctx: ReadContext,
    reader: AccessorReader,
    nodes: list[GltfNodeInfo],
    meshes: list[GltfMesh],
    targets: PointerTargets,
    pointers: dict[str, PointerTarget],
) -> list[AnimationClip]:
    """Every animation as an :class:`~lite.types.AnimationClip`; supported pointers are added to
    ``pointers`` (first use first).

    A malformed channel is skipped and its valid siblings kept: ``LITE-GLTF-W01`` (unsupported
    pointer) and ``W02`` (no node, unknown path, weights without morph targets), one warning per
    channel; ``W04`` (target node or pointer index that does not exist), ``W05`` (sampler output
    of the wrong type or size for the target) and ``W06`` (sampler index that does not exist),
    one warning per animation and code. Every skipped channel is also one structured fact for
    :func:`lite.subscribe_animation_diagnostics`. Structurally broken data (key times, values,
    JSON types) still raises."""
    clips: list[AnimationClip] = []
    # One check and one AnimationSampler per distinct (input, output, interpolation) in the
    # file: a hundred samplers over one accessor cost what one does.
    seen: dict[tuple[int, int, int], ParsedSampler] = {}
    built: dict[tuple[int, int, int], AnimationSampler] = {}
    for ai, raw in enumerate(ctx.array("animations")):
        apath = f"animations[{ai}]"
        anim = ctx.obj(raw, apath)
        samplers_raw = anim.get("samplers", [])
        channels_raw = anim.get("channels", [])
        if not isinstance(samplers_raw, list) or not isinstance(channels_raw, list):
            ctx.fail("LITE-GLTF-010", apath, "samplers and channels must be arrays", HINT_SPEC)
        name = anim.get("name")
        clip_name = name if isinstance(name, str) else ""
        skips = _Skips(ctx, ai, clip_name, apath)
        size_faults: dict[str, str] = {}
        parsed = [
            parse_sampler(ctx, reader, s, f"{apath}.samplers[{si}]", seen, size_faults)
            for si, s in enumerate(samplers_raw)
        ]
        samplers = [
            _build_sampler(reader, built, p, f"{apath}.samplers[{si}]") if p is not None else None
            for si, p in enumerate(parsed)
        ]
        used: set[int] = set()
        channels: list[AnimationChannel] = []
        for ci, craw in enumerate(channels_raw):
            cpath = f"{apath}.channels[{ci}]"
            c = ctx.obj(craw, cpath)
            sval = c.get("sampler")
            if not is_int(sval):
                ctx.fail(
                    "LITE-GLTF-002",
                    f"{cpath}.sampler",
                    f"refers to sampler {short(sval)}, but {apath} has {len(samplers)} samplers",
                    f"use an index in 0..{len(samplers) - 1}" if samplers else "add samplers",
                )
            si = int(sval)
            if not 0 <= si < len(samplers):
                skips.add(
                    W_SAMPLER_MISSING,
                    "sampler-missing",
                    ci,
                    None,
                    f"{cpath}.sampler",
                    f"channel {ci} refers to sampler {si}, but {apath} has {len(samplers)}",
                    "point the channel at one of the animation's samplers",
                )
                continue
            used.add(si)
            target = ctx.obj(c.get("target"), f"{cpath}.target")
            ext = target.get("extensions")
            pointer = None
            if isinstance(ext, dict) and isinstance(ext.get("KHR_animation_pointer"), dict):
                pointer = ext["KHR_animation_pointer"].get("pointer")
                if not isinstance(pointer, str):
                    ctx.fail(
                        "LITE-GLTF-010",
                        f"{cpath}.target.extensions.KHR_animation_pointer.pointer",
                        f"must be a string, got {short(pointer)}",
                        HINT_SPEC,
                    )
            node_idx: int
            path_id: TargetPath
            binding: PointerTarget | None = None
            if pointer is not None:
                ppath = f"{cpath}.target.extensions.KHR_animation_pointer.pointer"
                resolved = resolve_pointer(
                    ctx, pointer, ppath, targets.materials, targets.cameras, targets.lights
                )
                if isinstance(resolved, str):
                    ctx.warn(
                        W_POINTER,
                        ppath,
                        f"KHR_animation_pointer {short(pointer)} is not supported ({resolved}); "
                        "the channel is skipped",
                    )
                    skips.fact(
                        W_POINTER,
                        "pointer-unsupported",
                        ci,
                        pointer,
                        ppath,
                        resolved,
                        "use a pointer lite supports (docs/architecture/loader_gltf.md)",
                    )
                    continue
                if isinstance(resolved, PointerMissing):
                    skips.add(
                        W_TARGET_MISSING,
                        "target-missing",
                        ci,
                        pointer,
                        ppath,
                        f"channel {ci}: KHR_animation_pointer {short(pointer)} {resolved.message}",
                        "point the channel at an existing node, material, camera or light",
                    )
                    continue
                if isinstance(resolved, PointerTarget):
                    binding = pointers.setdefault(pointer, resolved)
                    node_idx, path_id = -1, PATH_POINTER
                else:
                    node_idx, path_id = resolved
            else:
                if target.get("node") is None:
                    ctx.warn(W_CHANNEL, f"{cpath}.target", "has no node; the channel is skipped")
                    skips.fact(
                        W_CHANNEL,
                        "target-missing",
                        ci,
                        None,
                        f"{cpath}.target",
                        "the channel has no node",
                        "give the channel's target a node",
                    )
                    continue
                raw_node = target.get("node")
                if is_int(raw_node) and not 0 <= int(raw_node) < len(nodes):
                    skips.add(
                        W_TARGET_MISSING,
                        "target-missing",
                        ci,
                        int(raw_node),
                        f"{cpath}.target.node",
                        f"channel {ci} targets node {int(raw_node)}, but the file has "
                        f"{len(nodes)} nodes",
                        "point the channel at an existing node",
                    )
                    continue
                node_idx = ctx.check_index(raw_node, f"{cpath}.target.node", "nodes")
                pname = target.get("path")
                if not isinstance(pname, str):
                    ctx.fail(
                        "LITE-GLTF-010",
                        f"{cpath}.target.path",
                        f"must be a string, got {short(pname)}",
                        "use translation, rotation, scale or weights",
                    )
                if pname not in NODE_PATHS:
                    ctx.warn(
                        W_CHANNEL,
                        f"{cpath}.target.path",
                        f"unknown path {short(pname)}; the channel is skipped",
                    )
                    skips.fact(
                        W_CHANNEL,
                        "path-unknown",
                        ci,
                        node_idx,
                        f"{cpath}.target.path",
                        f"unknown path {short(pname)}",
                        "use translation, rotation, scale or weights",
                    )
                    continue
                path_id = NODE_PATHS[pname]
            spath = f"{apath}.samplers[{si}]"
            chosen = parsed[si]
            if chosen is None:
                skips.add(
                    W_ACCESSOR,
                    "accessor-size",
                    ci,
                    pointer if binding is not None else node_idx,
                    f"{spath}.output",
                    f"channel {ci}: {size_faults[spath]}",
                    "output must hold the same number of keys as input (x 3 for CUBICSPLINE)",
                )
                continue
            if path_id == PATH_WEIGHTS and node_idx not in targets.morph_nodes:
                ctx.warn(
                    W_CHANNEL,
                    f"{cpath}.target",
                    f"animates weights of node {node_idx}, which has no morph targets; "
                    "the channel is skipped",
                )
                skips.fact(
                    W_CHANNEL,
                    "morph-missing",
                    ci,
                    node_idx,
                    f"{cpath}.target",
                    f"node {node_idx} has no morph targets",
                    "animate weights only on nodes whose mesh has morph targets",
                )
                continue
            fault = _channel_output_fault(
                reader, chosen, path_id, node_idx, binding, nodes, meshes, cpath
            )
            if fault is not None:
                skips.add(
                    W_ACCESSOR,
                    "accessor-size",
                    ci,
                    pointer if binding is not None else node_idx,
                    f"{spath}.output",
                    f"channel {ci}: {fault[0]}",
                    fault[1],
                )
                continue
            channels.append(
                AnimationChannel(si, node_idx, path_id, pointer if binding is not None else None)
            )
        for spath, message in size_faults.items():
            si = int(spath.rsplit("[", 1)[1].rstrip("]"))
            if si not in used:
                skips.add(
                    W_ACCESSOR,
                    "accessor-size",
                    None,
                    None,
                    f"{spath}.output",
                    f"sampler {si} (used by no channel): {message}",
                    "output must hold the same number of keys as input (x 3 for CUBICSPLINE)",
                )
        skips.warn()
        kept = [p for p in parsed if p is not None]
        duration = 0.0
        for t, _, _, _ in kept:
            duration = max(duration, float(t[-1]))
        clips.append(
            AnimationClip(
                name=clip_name,
                channels=tuple(channels),
                # A malformed sampler no kept channel reads is represented by the first valid
                # one, so channel sampler indices keep matching the file's.
                samplers=tuple(
                    smp if smp is not None else _placeholder(samplers) for smp in samplers
                ),
                duration=duration,
                frame_rate=DEFAULT_FRAME_RATE,
            )
        )
    return clips


def _placeholder(samplers: list[AnimationSampler | None]) -> AnimationSampler:
    """A stand-in for a malformed sampler no kept channel reads (keeps indices aligned)."""
    for smp in samplers:
        if smp is not None:
            return smp
    return _EMPTY_SAMPLER


class _Skips:
    """Skipped channels of one animation: each a diagnostic fact; W04-W06 also gathered into
    one console warning per code (per player and reason)."""

    __slots__ = ("_ctx", "_ai", "_name", "_apath", "_pending")

    def __init__(self, ctx: ReadContext, ai: int, name: str, apath: str) -> None:
        self._ctx = ctx
        self._ai = ai
        self._name = name
        self._apath = apath
        self._pending: dict[str, list[str]] = {}

    def fact(
        self,
        code: str,
        reason: str,
        channel: int | None,
        target: int | str | None,
        path: str,
        message: str,
        hint: str,
    ) -> bool:
        """Emit the structured fact (once per read)."""
        detail: dict[str, object] = {
            "asset": self._ctx.label,
            "clip": self._ai,
            "clip_name": self._name,
            "channel": channel,
            "target": target,
            "reason": reason,
            "path": path,
        }
        return emit_animation_diagnostic(
            self._ctx.diagnostics, code, hint, f"{self._ctx.label}: {path}: {message}", detail
        )

    def add(
        self,
        code: str,
        reason: str,
        channel: int | None,
        target: int | str | None,
        path: str,
        message: str,
        hint: str,
    ) -> None:
        """A skipped channel reported by the aggregated warning of its code."""
        self.fact(code, reason, channel, target, path, message, hint)
        self._pending.setdefault(code, []).append(message)

    def warn(self) -> None:
        """One warning per code for this animation, listing its skipped channels."""
        for code, messages in self._pending.items():
            shown = "; ".join(messages[:MESSAGE_ITEMS])
            more = len(messages) - MESSAGE_ITEMS
            self._ctx.warn(
                code,
                self._apath,
                f"{len(messages)} channel(s) skipped, the others play: {shown}"
                + (f"; and {more} more" if more > 0 else ""),
            )


def _channel_output_fault(
    reader: AccessorReader,
    sampler: ParsedSampler,
    path_id: int,
    node_idx: int,
    binding: PointerTarget | None,
    nodes: list[GltfNodeInfo],
    meshes: list[GltfMesh],
    cpath: str,
) -> tuple[str, str] | None:
    """``(message, hint)`` when the sampler's output does not fit the channel's target (type
    or number of values), else ``None``."""
    times, values, interp, out_idx = sampler
    acc = reader.layouts[out_idx]
    if path_id == PATH_WEIGHTS:
        mesh = nodes[node_idx].mesh
        assert mesh is not None
        stride = meshes[mesh].target_count
        want_type = pygltflib.SCALAR
    elif path_id == PATH_POINTER:
        assert binding is not None
        stride = binding.arity
        want_type = {1: pygltflib.SCALAR, 2: pygltflib.VEC2, 3: pygltflib.VEC3}.get(
            stride, pygltflib.VEC4
        )
    else:
        stride = 4 if path_id == PATH_ROTATION else 3
        want_type = pygltflib.VEC4 if path_id == PATH_ROTATION else pygltflib.VEC3
    if acc.type != want_type:
        return (
            f"accessor {out_idx} is {acc.type}, but {cpath} needs {want_type}",
            "translation/scale take VEC3, rotation VEC4, weights SCALAR",
        )
    per_key = 3 if interp == INTERP_CUBICSPLINE else 1
    want = times.shape[0] * per_key * stride
    if values.size != want:
        return (
            f"accessor {out_idx} has {values.size // max(1, TYPES[acc.type][0])} {acc.type} "
            f"values; {cpath} needs {times.shape[0]} keys"
            + (" x 3 (CUBICSPLINE)" if per_key == 3 else "")
            + (f" x {stride} morph targets" if path_id == PATH_WEIGHTS else "")
            + f" = {want // max(1, TYPES[acc.type][0])}",
            "output count must match input count"
            + (" times 3 for CUBICSPLINE" if per_key == 3 else ""),
        )
    return None

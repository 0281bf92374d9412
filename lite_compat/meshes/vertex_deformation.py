"""The CPU morph and skinning ``getPositionData``/``getNormalsData`` apply on request.

Port of Babylon.js 9.31's ``ApplyMorph`` and the CPU skinning loop of
``AbstractMesh._getData`` (``Meshes/abstractMesh.pure.js``): ``value += (target - value) *
influence`` per morph target, then the bone matrices weighted per vertex (all vertices at once
with numpy when the data allows, else vertex by vertex in Babylon's order).
"""

from __future__ import annotations

import array
import math
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np

from lite_compat._words import LIST_ITEMS_SUPPORTED, list_item_words
from lite_compat.math import Matrix, TmpVectors, Vector3
from lite_compat.meshes.bounding_info import float64_bits
from lite_compat.meshes.geometry import DataArray
from lite_compat.meshes.vertex_data import VertexBuffer


def _apply_morph(data: DataArray, kind: str, manager: object) -> None:
    """Babylon's ``ApplyMorph``: ``value += (target - value) * influence`` per target."""
    getters = {
        VertexBuffer.PositionKind: "getPositions",
        VertexBuffer.NormalKind: "getNormals",
        VertexBuffer.TangentKind: "getTangents",
        VertexBuffer.UVKind: "getUVs",
        VertexBuffer.UV2Kind: "getUV2s",
        VertexBuffer.ColorKind: "getColors",
    }
    getter = getters.get(kind)
    if getter is None:
        return
    count = int(getattr(manager, "numTargets", 0))
    targets = [getattr(manager, "getTarget")(i) for i in range(count)]  # noqa: B009
    original = data[:]
    for index in range(len(data)):
        value = data[index]
        for target in targets:
            influence = float(getattr(target, "influence", 0.0))
            if influence != 0:
                target_data = getattr(target, getter)()
                if target_data is not None:
                    value += (target_data[index] - original[index]) * influence
        data[index] = value


def _apply_skeleton_batched(
    data: DataArray,
    kind: str,
    matrices: Sequence[float],
    indices: Sequence[float],
    weights: Sequence[float],
    indices_extra: Sequence[float] | None,
    weights_extra: Sequence[float] | None,
) -> bool:
    """:func:`_apply_skeleton` for every vertex at once; False (nothing written) when an
    input is short or a weighted bone index falls outside the palette (the scalar loop then
    reproduces whatever Babylon's per-vertex code does with it).

    Same numbers: each weighted matrix is ``float32(palette * weight)`` and each sum is
    rounded to float32 (Babylon's ``Float32Array`` matrices), in the scalar order; the
    transform is float64 in ``TransformCoordinatesFromFloatsToRef``'s order.
    """
    count = len(data) // 3
    if count == 0 or len(data) != 3 * count:
        return False
    inputs = (data, matrices, indices, weights, indices_extra, weights_extra)
    memo = _SKIN_MEMO[0]
    same = _same_key(kind, inputs) if len(data) >= 3 * _MEMO_MIN_VERTICES else None
    if same is not None:
        seen = _SKIN_SAME[0]
        if seen[2] is memo and seen[0] == same:
            # The same input objects as the memo's (held): the same numbers, without
            # packing every number into the key (a crowd of clones of one skinned mesh).
            _store(data, memo[1])
            return True
    key = _skin_key(data, kind, matrices, indices, weights, indices_extra, weights_extra)
    if key is not None and memo[0] == key:
        _remember(same, inputs, memo)
        _store(data, memo[1])
        return True
    values = _skinned(data, kind, matrices, indices, weights, indices_extra, weights_extra)
    if values is None:
        return False
    if key is not None:
        memo = _SKIN_MEMO[0] = (key, values)
        _remember(same, inputs, memo)
    _store(data, values)
    return True


#: The last large skinning computed: its inputs' exact bits (:func:`_skin_key`) and the
#: numbers it wrote. Clones of one skinned mesh refresh their bounds from the same inputs.
_SKIN_MEMO: list[Any] = [((), [])]
#: Fewer vertices than this: no memo (building the key would cost more than it saves).
_MEMO_MIN_VERTICES = 256


#: The objects of the memo's inputs (:func:`_same_key`): (the key, the input objects held,
#: the ``_SKIN_MEMO`` entry it was taken for); equal keys, with those objects held, mean the
#: inputs are the same objects as that entry's.
_NO_SAME: tuple[Any, Any, Any] = (None, None, None)
_SKIN_SAME: list[tuple[Any, Any, Any]] = [_NO_SAME]


def _same_key(kind: str, inputs: Sequence[Sequence[float] | None]) -> tuple[object, ...] | None:
    """Which objects the skinning inputs are: per exact list its item pointers
    (:func:`~lite_compat._words.list_item_words`), per float ``array.array`` its type code and
    bytes (the numbers themselves); None where an input is another kind of sequence or the
    lists cannot be read so (then only :func:`_skin_key` is taken)."""
    if not LIST_ITEMS_SUPPORTED:
        return None
    parts: list[object] = [kind]
    for values in inputs:
        if values is None:
            parts.append(None)
        elif type(values) is list:
            parts.append(list_item_words(values))
        elif type(values) is array.array and values.typecode in "fd":
            parts.append((values.typecode, values.tobytes()))
        else:
            return None
    return tuple(parts)


_NUMBERS = frozenset({float, int})


def _held(inputs: Sequence[Sequence[float] | None]) -> tuple[object, ...] | None:
    # The lists' items as they are now (no address among the key's pointers is reused while
    # the memo holds them; the lists themselves may change after); None unless every item is
    # a float or an int (immutable: the same objects are then the same numbers).
    held: list[object] = []
    for values in inputs:
        if type(values) is list:
            if not _NUMBERS.issuperset(map(type, values)):
                return None
            held.append(tuple(values))
        else:
            held.append(None)
    return tuple(held)


def _remember(same: tuple[object, ...] | None, inputs: Any, memo: Any) -> None:
    held = _held(inputs) if same is not None else None
    _SKIN_SAME[0] = (same, held, memo) if held is not None else _NO_SAME


def _bits(values: Sequence[float] | None) -> bytes | None:
    if values is None:
        return None
    return float64_bits(values)


def _skin_key(
    data: DataArray,
    kind: str,
    matrices: Sequence[float],
    indices: Sequence[float],
    weights: Sequence[float],
    indices_extra: Sequence[float] | None,
    weights_extra: Sequence[float] | None,
) -> tuple[object, ...] | None:
    # Every input as float64 bits (equal keys: the same numbers out); None for few vertices
    # or inputs that are not plain numbers.
    if len(data) < 3 * _MEMO_MIN_VERTICES:
        return None
    try:
        return (
            kind,
            _bits(data),
            _bits(matrices),
            _bits(indices),
            _bits(weights),
            _bits(indices_extra),
            _bits(weights_extra),
        )
    except (TypeError, ValueError, OverflowError, struct.error):
        return None


def _store(data: DataArray, values: list[float]) -> None:
    if isinstance(data, list):
        data[:] = values
    elif isinstance(data, array.array):
        data[:] = array.array(data.typecode, values)
    else:
        for i, value in enumerate(values):
            data[i] = value


def _skinned(
    data: DataArray,
    kind: str,
    matrices: Sequence[float],
    indices: Sequence[float],
    weights: Sequence[float],
    indices_extra: Sequence[float] | None,
    weights_extra: Sequence[float] | None,
) -> list[float] | None:
    count = len(data) // 3
    palette = np.asarray(matrices, dtype=np.float64)
    bones = len(palette) // 16
    pairs = [(indices, weights)]
    if indices_extra is not None and weights_extra is not None:
        pairs.append((indices_extra, weights_extra))
    final = np.zeros((count, 16), dtype=np.float32)
    table = palette[: 16 * bones].reshape(bones, 16)
    for bone_indices, bone_weights in pairs:
        if len(bone_indices) < 4 * count or len(bone_weights) < 4 * count:
            return None
        idx_all = np.asarray(bone_indices[: 4 * count], dtype=np.float64).reshape(count, 4)
        w_all = np.asarray(bone_weights[: 4 * count], dtype=np.float64).reshape(count, 4)
        for inf in range(4):
            w = w_all[:, inf]
            mask = w > 0
            if not mask.any():
                continue
            rows = np.floor(idx_all[:, inf] * 16)
            used = rows[mask]
            if not np.isfinite(used).all() or used.min() < 0 or used.max() + 16 > 16 * bones:
                return None
            if np.any(used % 16 != 0):
                return None
            rows_i = np.where(mask, rows, 0).astype(np.intp) // 16
            scaled = (table[rows_i] * w[:, None]).astype(np.float32)
            summed = (final.astype(np.float64) + scaled).astype(np.float32)
            np.copyto(final, summed, where=mask[:, None])
    m = final.astype(np.float64)
    xyz = np.asarray(data, dtype=np.float64).reshape(count, 3)
    x, y, z = xyz[:, 0], xyz[:, 1], xyz[:, 2]
    out = np.empty((count, 3), dtype=np.float64)
    if kind == VertexBuffer.NormalKind:
        out[:, 0] = x * m[:, 0] + y * m[:, 4] + z * m[:, 8]
        out[:, 1] = x * m[:, 1] + y * m[:, 5] + z * m[:, 9]
        out[:, 2] = x * m[:, 2] + y * m[:, 6] + z * m[:, 10]
    else:
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            rw = 1.0 / (x * m[:, 3] + y * m[:, 7] + z * m[:, 11] + m[:, 15])
            out[:, 0] = (x * m[:, 0] + y * m[:, 4] + z * m[:, 8] + m[:, 12]) * rw
            out[:, 1] = (x * m[:, 1] + y * m[:, 5] + z * m[:, 9] + m[:, 13]) * rw
            out[:, 2] = (x * m[:, 2] + y * m[:, 6] + z * m[:, 10] + m[:, 14]) * rw
    values: list[float] = out.reshape(-1).tolist()
    return values


def _apply_skeleton(
    data: DataArray,
    kind: str,
    matrices: Sequence[float],
    indices: Sequence[float],
    weights: Sequence[float],
    indices_extra: Sequence[float] | None,
    weights_extra: Sequence[float] | None,
) -> None:
    """Babylon's ``ApplySkeleton``: blend the bone matrices per vertex, transform in place
    (every vertex at once with numpy when the inputs are well formed; the same numbers)."""
    extras = (indices_extra, weights_extra)
    if _apply_skeleton_batched(data, kind, matrices, indices, weights, *extras):
        return
    temp = TmpVectors.Vector3[0]
    final = TmpVectors.Matrix[0]
    scaled = TmpVectors.Matrix[1]
    transform = (
        Vector3.TransformNormalFromFloatsToRef
        if kind == VertexBuffer.NormalKind
        else Vector3.TransformCoordinatesFromFloatsToRef
    )
    w = 0
    for index in range(0, len(data), 3):
        final.reset()
        for bone_indices, bone_weights in ((indices, weights), (indices_extra, weights_extra)):
            if bone_indices is None or bone_weights is None:
                continue
            for inf in range(4):
                weight = bone_weights[w + inf]
                if weight > 0:
                    Matrix.FromFloat32ArrayToRefScaled(
                        matrices, math.floor(bone_indices[w + inf] * 16), weight, scaled
                    )
                    final.addToSelf(scaled)
        transform(data[index], data[index + 1], data[index + 2], final, temp)
        data[index], data[index + 1], data[index + 2] = temp.x, temp.y, temp.z
        w += 4

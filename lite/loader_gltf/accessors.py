"""Buffer views and accessors: layout validation (nothing read), then decoding with numpy.

Decoded on first use, cached. Port of the accessor half of Babylon Lite's ``src/loader-gltf``
(and of glTF-Transform's accessor reading in ``io/reader.ts``).

Every claimed size is compared with the bytes that back it *before* anything is allocated:
byte ranges of views and accessors, sparse indices and values, and accessors without a buffer
view (zeros the file does not pay for), which are bounded by the input's own size
(:func:`zero_accessor_limit`). Decoding applies strides, padded matrix columns, sparse
substitution and, for :meth:`AccessorReader.read`, glTF's normalized-integer rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import pygltflib

from lite.loader_gltf.context import HINT_SPEC, ReadContext, is_int, short

if TYPE_CHECKING:
    from lite.animation.types import F32Array

__all__ = [
    "COMPONENTS",
    "COMPONENT_NAMES",
    "JOINT_TYPES",
    "MAX_ZERO_ACCESSOR_BYTES",
    "NORM_DIVISOR",
    "SPARSE_INDEX_TYPES",
    "TYPES",
    "ZERO_ACCESSOR_FLOOR_BYTES",
    "ZERO_ACCESSOR_RATIO",
    "DECODED_BUDGET_FLOOR_BYTES",
    "DECODED_BUDGET_RATIO",
    "decoded_budget",
    "AccessorLayout",
    "AccessorReader",
    "BufferView",
    "check_accessors",
    "check_buffer_views",
    "zero_accessor_limit",
]

#: An accessor with no buffer view (zeros, plus sparse values) is decoded into an array of
#: ``count`` elements that the file does not pay for, so its size is bounded by what the file
#: carries: at most ``max(ZERO_ACCESSOR_FLOOR_BYTES, ZERO_ACCESSOR_RATIO x the input's bytes)``
#: (the .gltf/.glb plus external buffers), and never more than ``MAX_ZERO_ACCESSOR_BYTES``
#: (``LITE-GLTF-003``). Legitimate uses (sparse morph targets) match a vertex count whose
#: positions are stored in the file, well inside the ratio.
MAX_ZERO_ACCESSOR_BYTES: Final = 256 * 1024 * 1024
ZERO_ACCESSOR_FLOOR_BYTES: Final = 1024 * 1024
ZERO_ACCESSOR_RATIO: Final = 16

#: What one read may allocate from the file's data in total (decoded accessors, their float32
#: conversions and the animation samplers built on them), by default
#: ``max(DECODED_BUDGET_FLOOR_BYTES, DECODED_BUDGET_RATIO x the input's bytes)``; past it the
#: read is refused with ``LITE-GLTF-011`` before the allocation that would cross it.
#: ``read_gltf_document(..., max_decoded_bytes=N)`` sets another budget. A real asset decodes
#: each accessor once (a few x its bytes with the float32 and float64 copies samplers keep);
#: the ratio leaves room for normalized integers (4x wider as float32) and sparse data.
DECODED_BUDGET_FLOOR_BYTES: Final = 64 * 1024 * 1024
DECODED_BUDGET_RATIO: Final = 64

#: Component type -> (little-endian numpy dtype, bytes).
COMPONENTS: Final[dict[int, tuple[str, int]]] = {
    pygltflib.BYTE: ("i1", 1),
    pygltflib.UNSIGNED_BYTE: ("u1", 1),
    pygltflib.SHORT: ("<i2", 2),
    pygltflib.UNSIGNED_SHORT: ("<u2", 2),
    pygltflib.UNSIGNED_INT: ("<u4", 4),
    pygltflib.FLOAT: ("<f4", 4),
}
COMPONENT_NAMES: Final = {
    pygltflib.BYTE: "BYTE",
    pygltflib.UNSIGNED_BYTE: "UNSIGNED_BYTE",
    pygltflib.SHORT: "SHORT",
    pygltflib.UNSIGNED_SHORT: "UNSIGNED_SHORT",
    pygltflib.UNSIGNED_INT: "UNSIGNED_INT",
    pygltflib.FLOAT: "FLOAT",
}
#: Components per element, and the matrix column count (0 for vectors).
TYPES: Final[dict[str, tuple[int, int]]] = {
    pygltflib.SCALAR: (1, 0),
    pygltflib.VEC2: (2, 0),
    pygltflib.VEC3: (3, 0),
    pygltflib.VEC4: (4, 0),
    pygltflib.MAT2: (4, 2),
    pygltflib.MAT3: (9, 3),
    pygltflib.MAT4: (16, 4),
}
#: glTF normalized-integer decoding divisors (spec 3.11: signed values clamp at -1).
NORM_DIVISOR: Final = {
    pygltflib.BYTE: 127.0,
    pygltflib.UNSIGNED_BYTE: 255.0,
    pygltflib.SHORT: 32767.0,
    pygltflib.UNSIGNED_SHORT: 65535.0,
}
SPARSE_INDEX_TYPES: Final = (
    pygltflib.UNSIGNED_BYTE,
    pygltflib.UNSIGNED_SHORT,
    pygltflib.UNSIGNED_INT,
)
JOINT_TYPES: Final = (pygltflib.UNSIGNED_BYTE, pygltflib.UNSIGNED_SHORT)

#: A validated buffer view: ``(buffer, byteOffset, byteLength, byteStride or None)``.
BufferView = tuple[int, int, int, "int | None"]


@dataclass(slots=True)
class AccessorLayout:
    """A validated accessor's layout (nothing decoded yet)."""

    component: int
    type: str
    comps: int
    columns: int
    count: int
    normalized: bool
    elem_size: int
    col_stride: int
    view: int | None
    offset: int
    stride: int
    sparse: tuple[int, int, int, int, int, int, int] | None
    # sparse: (count, idx_view, idx_offset, idx_component, val_view, val_offset, _)


def zero_accessor_limit(input_bytes: int) -> int:
    """The most bytes an accessor without a buffer view may claim, for an input of
    ``input_bytes`` (the .gltf/.glb plus the external buffers read)."""
    return min(
        MAX_ZERO_ACCESSOR_BYTES,
        max(ZERO_ACCESSOR_FLOOR_BYTES, ZERO_ACCESSOR_RATIO * input_bytes),
    )


def decoded_budget(input_bytes: int, override: int | None = None) -> int:
    """The bytes one read may decode (:data:`DECODED_BUDGET_RATIO`), or ``override``."""
    if override is not None:
        return override
    return max(DECODED_BUDGET_FLOOR_BYTES, DECODED_BUDGET_RATIO * input_bytes)


def check_buffer_views(ctx: ReadContext, buffers: list[memoryview]) -> list[BufferView]:
    """Every buffer view as ``(buffer, byteOffset, byteLength, byteStride)``, bounds checked."""
    views: list[BufferView] = []
    for i, raw in enumerate(ctx.array("bufferViews")):
        path = f"bufferViews[{i}]"
        bv = ctx.obj(raw, path)
        buffer = ctx.index(bv, "buffer", path, "buffers", required=True)
        assert buffer is not None
        offset = ctx.integer(bv, "byteOffset", path, default=0)
        length = ctx.integer(bv, "byteLength", path, minimum=1)
        have = len(buffers[buffer])
        if offset + length > have:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"bytes {offset}..{offset + length} lie outside buffers[{buffer}] ({have} bytes)",
                "byteOffset + byteLength must not exceed the buffer's byteLength",
            )
        stride = bv.get("byteStride")
        if stride is not None and (not is_int(stride) or not 4 <= stride <= 252 or stride % 4 != 0):
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.byteStride",
                f"must be a multiple of 4 in 4..252, got {short(stride)}",
                HINT_SPEC,
            )
        views.append((buffer, offset, length, int(stride) if stride is not None else None))
    return views


def check_accessors(ctx: ReadContext, views: list[BufferView]) -> list[AccessorLayout]:
    """Every accessor's validated layout; the data is not read (sizes are checked against the
    buffer views, or against :func:`zero_accessor_limit` when there is no view)."""
    zero_limit = zero_accessor_limit(ctx.input_bytes)
    zero_total = 0  # the limit holds for the file's zero-filled accessors together
    layouts: list[AccessorLayout] = []
    for i, raw in enumerate(ctx.array("accessors")):
        path = f"accessors[{i}]"
        acc = ctx.obj(raw, path)
        component = acc.get("componentType")
        if not is_int(component) or component not in COMPONENTS:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.componentType",
                f"unknown component type {short(component)}",
                "use 5120, 5121, 5122, 5123, 5125 or 5126",
            )
        type_ = acc.get("type")
        if not isinstance(type_, str) or type_ not in TYPES:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.type",
                f"unknown accessor type {short(type_)}",
                "use SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4",
            )
        count = ctx.integer(acc, "count", path, minimum=1, code="LITE-GLTF-008")
        normalized = acc.get("normalized", False)
        if not isinstance(normalized, bool):
            ctx.fail("LITE-GLTF-008", f"{path}.normalized", "must be a boolean", HINT_SPEC)
        if normalized and component not in NORM_DIVISOR:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.normalized",
                f"is true for {COMPONENT_NAMES[component]} components",
                "only BYTE, UNSIGNED_BYTE, SHORT and UNSIGNED_SHORT can be normalized",
            )
        comps, columns = TYPES[type_]
        csize = COMPONENTS[component][1]
        if columns:
            col_stride = (columns * csize + 3) // 4 * 4
            elem_size = columns * col_stride
        else:
            col_stride = 0
            elem_size = comps * csize
        offset = ctx.integer(acc, "byteOffset", path, default=0, code="LITE-GLTF-008")
        if offset % csize:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.byteOffset",
                f"{offset} is not a multiple of the component size {csize}",
                "align accessor data to its component size",
            )
        view_idx = ctx.index(acc, "bufferView", path, "bufferViews")
        stride = elem_size
        if view_idx is not None:
            _, v_off, v_len, v_stride = views[view_idx]
            if (v_off + offset) % csize:
                # glTF 2.0 spec, "Data Alignment": accessor.byteOffset + bufferView.byteOffset
                # must be a multiple of the component size too, not only accessor.byteOffset.
                ctx.fail(
                    "LITE-GLTF-008",
                    f"{path}.byteOffset",
                    f"data starts at byte {v_off + offset} of its buffer (bufferViews[{view_idx}]"
                    f".byteOffset {v_off} + byteOffset {offset}), which is not a multiple of the "
                    f"component size {csize}",
                    "align each buffer view to the component size of the accessors that use it",
                )
            if v_stride is not None:
                if v_stride < elem_size:
                    ctx.fail(
                        "LITE-GLTF-008",
                        f"bufferViews[{view_idx}].byteStride",
                        f"{v_stride} is smaller than one {type_} element ({elem_size} bytes) "
                        f"of {path}",
                        "byteStride must be at least the element size",
                    )
                stride = v_stride
            need = offset + stride * (count - 1) + elem_size
            if need > v_len:
                ctx.fail(
                    "LITE-GLTF-003",
                    path,
                    f"{count} x {type_} {COMPONENT_NAMES[component]} from byte {offset} "
                    f"needs {need} bytes, but bufferViews[{view_idx}] has {v_len}",
                    "count, byteOffset or byteStride do not fit the buffer view",
                )
        elif zero_total + count * elem_size > zero_limit:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"has no buffer view but claims {count} x {type_} "
                f"{COMPONENT_NAMES[component]} = {count * elem_size} zero-filled bytes, which "
                f"with the {zero_total} claimed by earlier accessors is over the "
                f"{zero_limit}-byte limit for this file",
                "an accessor without a bufferView may hold at most "
                f"max({ZERO_ACCESSOR_FLOOR_BYTES}, {ZERO_ACCESSOR_RATIO} x the file's bytes) "
                f"and never more than {MAX_ZERO_ACCESSOR_BYTES} for all such accessors "
                "together; the count is implausible",
            )
        else:
            zero_total += count * elem_size
        sparse_info = None
        sparse_raw = acc.get("sparse")
        if sparse_raw is not None:
            sp = ctx.obj(sparse_raw, f"{path}.sparse")
            spath = f"{path}.sparse"
            scount = ctx.integer(sp, "count", spath, minimum=1, code="LITE-GLTF-008")
            if scount > count:
                ctx.fail(
                    "LITE-GLTF-008",
                    f"{spath}.count",
                    f"{scount} sparse values for an accessor of {count} elements",
                    "sparse.count must not exceed the accessor count",
                )
            ind = ctx.obj(sp.get("indices"), f"{spath}.indices")
            ivw = ctx.index(ind, "bufferView", f"{spath}.indices", "bufferViews", required=True)
            assert ivw is not None
            ioff = ctx.integer(ind, "byteOffset", f"{spath}.indices", default=0)
            icomp = ind.get("componentType")
            if icomp not in SPARSE_INDEX_TYPES:
                ctx.fail(
                    "LITE-GLTF-008",
                    f"{spath}.indices.componentType",
                    f"must be UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT, got {short(icomp)}",
                    HINT_SPEC,
                )
            isize = COMPONENTS[icomp][1]
            if ioff + scount * isize > views[ivw][2]:
                ctx.fail(
                    "LITE-GLTF-003",
                    f"{spath}.indices",
                    f"{scount} indices from byte {ioff} lie outside bufferViews[{ivw}] "
                    f"({views[ivw][2]} bytes)",
                    "sparse indices must fit their buffer view",
                )
            val = ctx.obj(sp.get("values"), f"{spath}.values")
            vvw = ctx.index(val, "bufferView", f"{spath}.values", "bufferViews", required=True)
            assert vvw is not None
            voff = ctx.integer(val, "byteOffset", f"{spath}.values", default=0)
            if voff + scount * elem_size > views[vvw][2]:
                ctx.fail(
                    "LITE-GLTF-003",
                    f"{spath}.values",
                    f"{scount} values from byte {voff} lie outside bufferViews[{vvw}] "
                    f"({views[vvw][2]} bytes)",
                    "sparse values must fit their buffer view",
                )
            sparse_info = (scount, ivw, ioff, int(icomp), vvw, voff, 0)
        layouts.append(
            AccessorLayout(
                component=int(component),
                type=type_,
                comps=comps,
                columns=columns,
                count=count,
                normalized=bool(normalized),
                elem_size=elem_size,
                col_stride=col_stride,
                view=view_idx,
                offset=offset,
                stride=stride,
                sparse=sparse_info,
            )
        )
    return layouts


class AccessorReader:
    """Decodes the accessors of one read, each once, and keeps the result.

    :meth:`raw` decodes an accessor's bytes into its component dtype (strides, padded matrix
    columns and sparse substitution applied) on first use and caches that read-only array;
    every later call, from the loader or from you, returns the same array. :meth:`read`
    converts the cached decode to a fresh float32 array (normalized integers per the glTF
    spec), as :meth:`lite.loader_gltf.GltfAsset.read_accessor` returns it.

    Parameters
    ----------
    ctx
        The read's context (file label for messages, JSON root for index checks).
    buffers
        Each buffer's bytes.
    views
        The validated buffer views.
    layouts
        The validated accessor layouts, one per ``accessors[i]``.
    """

    __slots__ = ("_buffers", "_ctx", "_decoded", "_floats", "_views", "budget", "layouts", "spent")

    def __init__(
        self,
        ctx: ReadContext,
        buffers: list[memoryview],
        views: list[BufferView],
        layouts: list[AccessorLayout],
        budget: int | None = None,
    ) -> None:
        self._ctx = ctx
        self._buffers = buffers
        self._views = views
        #: The validated layout of each accessor (component, type, count, view, sparse, ...).
        self.layouts: tuple[AccessorLayout, ...] = tuple(layouts)
        self._decoded: dict[int, np.ndarray[Any, Any]] = {}
        self._floats: dict[int, F32Array] = {}
        #: Bytes this read may allocate from the file's data (:func:`decoded_budget`).
        self.budget: int = decoded_budget(ctx.input_bytes) if budget is None else budget
        #: Bytes allocated so far against :attr:`budget`.
        self.spent = 0

    def charge(self, nbytes: int, path: str, what: str) -> None:
        """Count ``nbytes`` about to be allocated for ``what`` at ``path`` against the budget;
        refuse with ``LITE-GLTF-011`` (nothing allocated) when they would cross it."""
        if self.spent + nbytes > self.budget:
            self._ctx.fail(
                "LITE-GLTF-011",
                path,
                f"decoding {what} needs {nbytes} bytes, which with the {self.spent} already "
                f"decoded is over this read's budget of {self.budget} bytes "
                f"({self._ctx.input_bytes} bytes of input)",
                f"a file may decode at most max({DECODED_BUDGET_FLOOR_BYTES}, "
                f"{DECODED_BUDGET_RATIO} x its input bytes); for a trusted file pass "
                "read_gltf_document(..., max_decoded_bytes=N)",
            )
        self.spent += nbytes

    def __len__(self) -> int:
        return len(self.layouts)

    @property
    def buffers(self) -> tuple[memoryview, ...]:
        """Each buffer's bytes (``buffers[i]``, ``byteLength`` long; read-only views)."""
        return tuple(b.toreadonly() for b in self._buffers)

    @property
    def decoded_count(self) -> int:
        """How many accessors have been decoded (and cached) so far."""
        return len(self._decoded)

    def raw(self, index: int) -> np.ndarray[Any, Any]:
        """Accessor ``index`` as ``(count, components)`` in its component dtype (read-only,
        decoded once and cached; ``index`` must be a valid accessor index)."""
        cached = self._decoded.get(index)
        if cached is not None:
            return cached
        acc = self.layouts[index]
        dtype, csize = COMPONENTS[acc.component]
        self.charge(acc.count * acc.comps * csize, f"accessors[{index}]", f"accessor {index}")
        if acc.view is None:
            out = np.zeros((acc.count, acc.comps), dtype=dtype)
        else:
            out = self._read_block(acc, acc.view, acc.offset, acc.count, acc.stride)
        if acc.sparse is not None:
            scount, ivw, ioff, icomp, vvw, voff, _ = acc.sparse
            ib, i_voff, _, _ = self._views[ivw]
            idx = np.frombuffer(
                self._buffers[ib],
                dtype=COMPONENTS[icomp][0],
                count=scount,
                offset=i_voff + ioff,
            ).astype(np.int64)
            if scount > 1 and bool(np.any(np.diff(idx) <= 0)):
                self._ctx.fail(
                    "LITE-GLTF-008",
                    f"accessors[{index}].sparse.indices",
                    "sparse indices are not strictly increasing",
                    "sort sparse indices and remove duplicates",
                )
            if int(idx.max()) >= acc.count:
                self._ctx.fail(
                    "LITE-GLTF-008",
                    f"accessors[{index}].sparse.indices",
                    f"index {int(idx.max())} is outside the accessor's {acc.count} elements",
                    "sparse indices must be < accessor.count",
                )
            values = self._read_block(acc, vvw, voff, scount, acc.elem_size)
            out[idx] = values
        out.flags.writeable = False
        self._decoded[index] = out
        return out

    def shared_floats(self, index: int) -> F32Array:
        """Accessor ``index`` as a read-only float32 ``(count, components)`` array, converted
        once and shared by every caller (samplers over one accessor share one array)."""
        cached = self._floats.get(index)
        if cached is not None:
            return cached
        raw = self.raw(index)
        if raw.dtype == np.float32:
            out: F32Array = raw  # already read-only, nothing to convert
        else:
            acc = self.layouts[index]
            self.charge(acc.count * acc.comps * 4, f"accessors[{index}]", f"accessor {index}")
            out = self._convert(index, raw)
            out.flags.writeable = False
        self._floats[index] = out
        return out

    def floats(self, index: int) -> F32Array:
        """Accessor ``index`` as a new float32 ``(count, components)`` array; normalized integers
        decoded per the glTF spec (``index`` must be a valid accessor index)."""
        raw = self.raw(index)
        if self.layouts[index].component == pygltflib.FLOAT:
            return raw.astype(np.float32, copy=True)
        return self._convert(index, raw)

    def _convert(self, index: int, raw: np.ndarray[Any, Any]) -> F32Array:
        """A new float32 array of an integer accessor's values (glTF's normalized rule)."""
        acc = self.layouts[index]
        if acc.normalized:
            # Babylon Lite's sampler converter: double division, signed values clamped at -1,
            # rounded once into float32.
            vals = raw.astype(np.float64) / NORM_DIVISOR[acc.component]
            if acc.component in (pygltflib.BYTE, pygltflib.SHORT):
                np.maximum(vals, -1.0, out=vals)
            return vals.astype(np.float32)
        return raw.astype(np.float32)

    def read(self, index: int) -> F32Array:
        """Decode accessor ``index`` as float32 ``(count, components)`` (a new array).

        Strides, sparse substitution and normalized integers are applied; integer accessors
        that are not normalized are converted as-is.

        Raises
        ------
        GltfLoadError
            ``LITE-GLTF-002`` when ``index`` is not an accessor of this file.
        """
        return self.floats(self._ctx.check_index(index, "accessor", "accessors"))

    def _read_block(
        self, acc: AccessorLayout, view_idx: int, offset: int, count: int, stride: int
    ) -> np.ndarray[Any, Any]:
        """``count`` elements of ``acc``'s layout from a buffer view (bounds already checked)."""
        buffer, v_off, _, _ = self._views[view_idx]
        mem = self._buffers[buffer]
        dtype, csize = COMPONENTS[acc.component]
        start = v_off + offset
        if acc.columns and acc.col_stride != acc.columns * csize:
            # MAT2/MAT3 with 1- or 2-byte components: columns are padded to 4 bytes.
            n = acc.columns
            out = np.empty((count, acc.comps), dtype=dtype)
            for c in range(n):
                col = np.ndarray(
                    shape=(count, n),
                    dtype=dtype,
                    buffer=mem,
                    offset=start + c * acc.col_stride,
                    strides=(stride, csize),
                )
                out[:, c * n : (c + 1) * n] = col
            return out
        block = np.ndarray(
            shape=(count, acc.comps), dtype=dtype, buffer=mem, offset=start, strides=(stride, csize)
        )
        return np.array(block, copy=True)

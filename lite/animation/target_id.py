"""Stable animation target ids: a node's identity derived from its name lineage.

Port of ``@forgeax/engine-animation``'s ``target-id.ts`` (``deriveAnimationTargetId``,
``isAnimationTargetId``), byte for byte: the UTF-8 path segments, each prefixed with its byte
length (uint32, little-endian), follow a fixed 16-byte namespace; the first 16 bytes of the
BLAKE3 hash of that input get the UUID v8 version and variant bits and are written as 32
lowercase hexadecimal characters. Ids written by forgeax importers and by lite agree.

A glTF node's path runs from its asset root (the parentless ancestor) down to the node,
both ends included, as forgeax's glTF importer resolves it (``resolveNamedNodePath``): every
instance of an asset shares its ids, and a node with an unnamed (absent or empty) node in its
lineage has no id (``None``), as forgeax refuses to derive one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Final

from blake3 import blake3

from lite.errors import LiteError

__all__ = [
    "TARGET_ID_NAMESPACE",
    "derive_target_id",
    "find_node_by_target_id",
    "is_target_id",
    "node_target_ids",
]

#: forgeax's fixed namespace (``NAMESPACE`` in target-id.ts).
TARGET_ID_NAMESPACE: Final = bytes(
    (0x31, 0x79, 0xF5, 0x19, 0xD9, 0x27, 0x4F, 0xF2, 0xB5, 0x96, 0x6F, 0xD0, 0x77, 0x02, 0x39, 0x11)
)
#: The wire form: exactly 32 lowercase hexadecimal characters (``TARGET_ID_PATTERN``).
_TARGET_ID_RE: Final = re.compile(r"[0-9a-f]{32}")


def _utf8(segment: str) -> bytes:
    """UTF-8 as JavaScript's ``TextEncoder`` writes it: surrogate pairs combine, a lone
    surrogate becomes U+FFFD (Python's codec would refuse both)."""
    try:
        return segment.encode("utf-8")
    except UnicodeEncodeError:
        text = segment.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        return text.encode("utf-8")


def _segments(path_segments: object) -> tuple[str, ...]:
    if isinstance(path_segments, str | bytes) or not isinstance(path_segments, Iterable):
        raise LiteError(
            "LITE-ID-001",
            f"path_segments must be a sequence of names, got {type(path_segments).__name__}",
            hint="pass the names from the asset root down to the node, e.g. ['Root', 'Hips']",
            input_name="path_segments",
        )
    segments = tuple(path_segments)
    for i, segment in enumerate(segments):
        if not isinstance(segment, str):
            raise LiteError(
                "LITE-ID-001",
                f"path_segments[{i}] must be a str, got {type(segment).__name__}",
                hint="pass node names as strings",
                input_name=f"path_segments[{i}]",
            )
    return segments


def derive_target_id(path_segments: Sequence[str]) -> str:
    """The stable target id of a name lineage, as ``deriveAnimationTargetId`` derives it.

    Parameters
    ----------
    path_segments
        Node names from the asset root down to the target, both included. Segments are
        length-prefixed, so ``["a", "b"]``, ``["ab"]`` and ``["a/b"]`` give different ids.

    Returns
    -------
    str
        32 lowercase hexadecimal characters (a UUID v8 without dashes).

    Raises
    ------
    LiteError
        ``LITE-ID-001`` when ``path_segments`` is a bare string or holds a non-string.

    Examples
    --------
    >>> derive_target_id(["Root", "Hip"])
    'a95da0ec669189f98273e8f86d8ad9f2'
    """
    data = bytearray(TARGET_ID_NAMESPACE)
    for segment in _segments(path_segments):
        encoded = _utf8(segment)
        data += len(encoded).to_bytes(4, "little")
        data += encoded
    digest = bytearray(blake3(bytes(data)).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x80  # UUID version 8
    digest[8] = (digest[8] & 0x3F) | 0x80  # RFC 4122 variant
    return digest.hex()


def is_target_id(value: object) -> bool:
    """Whether ``value`` is a target id's wire form (32 lowercase hexadecimal characters).

    Examples
    --------
    >>> is_target_id("a95da0ec669189f98273e8f86d8ad9f2"), is_target_id("A95DA0EC")
    (True, False)
    """
    return isinstance(value, str) and _TARGET_ID_RE.fullmatch(value) is not None


def node_target_ids(names: Sequence[str | None], parents: Sequence[int]) -> tuple[str | None, ...]:
    """One id per node from its name lineage (root first); ``None`` where a name in the
    lineage is absent or empty, or the parent links loop (forgeax derives no id there).

    Memoised per hierarchy: every instance of an asset (``instantiate_many`` of thousands)
    derives the same tuple, so it is hashed once."""
    return _node_target_ids(tuple(names), tuple(int(p) for p in parents))


@functools.lru_cache(maxsize=256)
def _node_target_ids(
    names: tuple[str | None, ...], parents: tuple[int, ...]
) -> tuple[str | None, ...]:
    n = len(names)
    ids: list[str | None] = []
    for start in range(n):
        lineage: list[str] = []
        node = start
        ok = True
        while node >= 0:
            name = names[node]
            if not name or len(lineage) > n:
                ok = False
                break
            lineage.append(name)
            node = parents[node]
        ids.append(derive_target_id(lineage[::-1]) if ok else None)
    return tuple(ids)


def find_node_by_target_id(asset: object, target_id: str) -> int:
    """The index of the node whose stable target id is ``target_id``.

    Parameters
    ----------
    asset
        A loaded :class:`~lite.GltfAsset` (or instance, or its ``animation_data``): anything
        with a ``target_ids`` tuple, one per node.
    target_id
        32 lowercase hexadecimal characters, as :func:`derive_target_id` returns.

    Returns
    -------
    int
        The node index.

    Raises
    ------
    LiteError
        ``LITE-ID-002`` when ``target_id`` is not a target id's wire form; ``LITE-ID-003``
        when no node of the asset has it; ``LITE-ID-004`` when several nodes share it (two
        siblings with the same name: their paths, and so their ids, are equal); ``LITE-ID-005``
        when ``asset`` carries no target ids.
    """
    ids = getattr(asset, "target_ids", None)
    if not isinstance(ids, tuple) or (ids == () and getattr(asset, "nodes", ()) != ()):
        raise LiteError(
            "LITE-ID-005",
            f"asset must be a loaded GltfAsset (or its animation_data) with target ids, got "
            f"{type(asset).__name__}",
            hint="pass what lite.load_gltf or lite.instantiate returned",
            input_name="asset",
        )
    if not is_target_id(target_id):
        shown = repr(target_id)[:60]
        raise LiteError(
            "LITE-ID-002",
            f"target_id must be 32 lowercase hexadecimal characters, got {shown}",
            hint="derive it with lite.derive_target_id(names) or read asset.target_ids",
            input_name="target_id",
        )
    hits = [i for i, tid in enumerate(ids) if tid == target_id]
    if not hits:
        raise LiteError(
            "LITE-ID-003",
            f"no node of the asset has target id {target_id}",
            hint="ids come from the node names from the asset root down to the node "
            "(asset.target_ids lists them); a renamed or moved node has a new id",
            input_name="target_id",
        )
    if len(hits) > 1:
        raise LiteError(
            "LITE-ID-004",
            f"target id {target_id} names {len(hits)} nodes ({', '.join(map(str, hits[:8]))})",
            hint="give sibling nodes distinct names so their paths, and ids, differ",
            input_name="target_id",
        )
    return hits[0]

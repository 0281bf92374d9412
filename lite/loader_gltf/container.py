"""Reading a glTF container: the source, GLB chunks, the JSON (parsed once) and the buffers.

The source is a path or bytes; the buffers come from the GLB binary chunk, ``data:`` URIs, files
in the asset folder, or a caller's resolver; extensions are checked. Port of the container half
of Babylon Lite's ``src/loader-gltf`` (glTF-Transform keeps it in ``io/platform-io.ts``).

Uris are refused unless they are ``data:`` URIs or relative paths that stay inside the asset's
folder and name a regular file (``LITE-GLTF-006``); a resolver, when given, decides instead.
Sizes claimed by the file are compared before anything is read or allocated.
"""

from __future__ import annotations

import base64
import binascii
import errno
import json
import os
import re
import stat
import struct
from pathlib import Path
from typing import Final
from urllib.parse import unquote

import pygltflib

from lite.errors import GltfLoadError, LiteError
from lite.loader_gltf.context import HINT_SPEC, ReadContext, UriResolver, name_some, short

__all__ = [
    "MAX_DATA_URI_BYTES",
    "SUPPORTED_EXTENSIONS",
    "W_EXTENSION",
    "check_extensions",
    "check_resolver",
    "load_buffers",
    "parse_container",
    "read_source",
]

#: ``data:`` URIs whose decoded size would exceed this are refused (``LITE-GLTF-006``).
MAX_DATA_URI_BYTES: Final = 64 * 1024 * 1024

#: Extensions this loader implements (so they may be listed in ``extensionsRequired``).
SUPPORTED_EXTENSIONS: Final = frozenset(
    {
        "KHR_animation_pointer",
        "KHR_lights_punctual",
        "KHR_texture_transform",
        "KHR_materials_emissive_strength",
        "KHR_mesh_quantization",
    }
)

#: Optional extensions listed in ``extensionsUsed`` that lite ignores.
W_EXTENSION: Final = "LITE-GLTF-W03"

#: A source that is not a regular file (FIFO, device, directory) is refused before reading.
NOT_REGULAR_CODE: Final = "LITE-GLTF-012"

_O_NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)
_O_CLOEXEC: Final = getattr(os, "O_CLOEXEC", 0)
_O_BINARY: Final = getattr(os, "O_BINARY", 0)
_O_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_O_DIRECTORY: Final = getattr(os, "O_DIRECTORY", 0)
#: Opening relative to a folder descriptor without following links makes the uri check hold for
#: the file actually opened (no check-then-open race); where the OS lacks it, the opened
#: descriptor is compared with the checked path instead.
_DIR_FD_OPEN: Final = os.open in os.supports_dir_fd and bool(_O_NOFOLLOW and _O_DIRECTORY)

GLB_JSON: Final = pygltflib.JSON.encode("ascii")
GLB_BIN: Final = pygltflib.BIN.encode("ascii")
SCHEME_RE: Final = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def check_resolver(resolver: object) -> UriResolver | None:
    """``resolver`` when it is ``None`` or callable, else ``LITE-GLTF-020``."""
    if resolver is not None and not callable(resolver):
        raise GltfLoadError(
            "LITE-GLTF-020",
            f"resolver must be callable (uri -> bytes), got {type(resolver).__name__}",
            hint="pass a function such as lambda uri: my_fetch(uri)",
            input_name="resolver",
        )
    return resolver


def read_source(
    source: str | os.PathLike[str] | bytes | bytearray | memoryview,
    base_dir: str | os.PathLike[str] | None,
    *,
    emit_warnings: bool = True,
) -> tuple[bytes, ReadContext]:
    """The input's bytes and a fresh :class:`ReadContext` labelled with the file (or bytes)."""
    if isinstance(source, bytes | bytearray | memoryview):
        folder = Path(base_dir) if base_dir is not None else None
        ctx = ReadContext("<bytes>", folder, emit_warnings=emit_warnings)
        return bytes(source), ctx
    if not isinstance(source, str | os.PathLike):
        raise GltfLoadError(
            "LITE-GLTF-020",
            f"source must be a path or bytes, got {type(source).__name__}",
            hint="pass the path of a .gltf/.glb file, or its bytes",
            input_name="source",
        )
    path = Path(source)
    folder = Path(base_dir) if base_dir is not None else path.parent
    ctx = ReadContext(str(path), folder, emit_warnings=emit_warnings)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; the descriptor is checked
        # before a byte is read, so a FIFO, a device (/dev/zero) or a folder is refused.
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY)
    except OSError as exc:
        ctx.fail(
            "LITE-GLTF-001", "", f"cannot read the file: {exc.strerror or exc}", "check the path"
        )
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        ctx.fail(
            NOT_REGULAR_CODE,
            "",
            f"the source is {_file_kind(mode)}, not a regular file",
            "pass the path of a .gltf/.glb file, or read the stream yourself and pass bytes",
        )
    with os.fdopen(fd, "rb") as fh:
        try:
            data = fh.read()
        except OSError as exc:
            ctx.fail(
                "LITE-GLTF-001",
                "",
                f"cannot read the file: {exc.strerror or exc}",
                "check the path",
            )
    return data, ctx


def _file_kind(mode: int) -> str:
    """What a non-regular file is, for messages."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


#: Leading bytes of files that are often mistaken for (or renamed to) glTF, and what they are.
_MAGICS: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"RIFF", "a RIFF file (WebP image or WAV audio)"),
    (b"PK\x03\x04", "a ZIP archive (an .npz, .usdz or zipped folder)"),
    (b"\x93NUMPY", "a NumPy .npy array"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"%PDF", "a PDF document"),
    (b"Kaydara FBX Binary", "a binary FBX file"),
    (b"\x7fELF", "an executable"),
)


def _foreign_kind(data: bytes) -> str | None:
    """What ``data`` is when its leading bytes name another format (a PNG renamed .glb)."""
    for magic, kind in _MAGICS:
        if data.startswith(magic):
            return kind
    if data[:5].lower() == b"solid" or data[:2] == b"o " or data[:2] == b"v ":
        return "a text mesh file (STL or OBJ)"
    return None


def parse_container(data: bytes, ctx: ReadContext) -> memoryview | None:
    """Split a GLB (or take the .gltf text), parse the JSON once into ``ctx.doc`` and check
    ``asset.version``. Returns the GLB binary chunk (``None`` for .gltf)."""
    text: bytes
    glb_bin: memoryview | None = None
    if data[:4] == pygltflib.MAGIC:
        if len(data) < 12:
            ctx.fail("LITE-GLTF-001", "", "GLB header is truncated", "re-export the file")
        _, version, length = struct.unpack_from("<4sII", data, 0)
        if version != 2:
            ctx.fail(
                "LITE-GLTF-001", "", f"GLB container version {version}", "only GLB version 2 loads"
            )
        if length > len(data):
            ctx.fail(
                "LITE-GLTF-001",
                "",
                f"GLB header claims {length} bytes but the file has {len(data)}",
                "the file is truncated; re-export or re-download it",
            )
        offset = 12
        json_chunk: bytes | None = None
        chunk = 0
        view = memoryview(data)
        while offset + 8 <= length:
            clen, ctype = struct.unpack_from("<I4s", data, offset)
            offset += 8
            if offset + clen > length:
                ctx.fail(
                    "LITE-GLTF-001",
                    "",
                    f"GLB chunk {chunk} claims {clen} bytes at offset {offset}, past the end "
                    f"of the {length}-byte container",
                    "the file is truncated or corrupt",
                )
            if chunk == 0 and ctype != GLB_JSON:
                ctx.fail("LITE-GLTF-001", "", "GLB does not start with a JSON chunk", "re-export")
            if ctype == GLB_JSON and json_chunk is None:
                json_chunk = bytes(view[offset : offset + clen])
            elif ctype == GLB_BIN and glb_bin is None:
                glb_bin = view[offset : offset + clen]
            offset += clen
            chunk += 1
        if json_chunk is None:
            ctx.fail("LITE-GLTF-001", "", "GLB has no JSON chunk", "re-export the file")
        text = json_chunk
    else:
        kind = _foreign_kind(data)
        if kind is None and ctx.label.lower().endswith(".glb"):
            first = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
            if first != b"{":  # a .gltf renamed .glb still loads; anything else is not a GLB
                kind = f"not a GLB (it starts with {bytes(data[:4])!r}, not b'glTF')"
        if kind is not None:
            ctx.fail(
                "LITE-GLTF-001",
                "",
                f"the file is {kind}"
                + ("" if kind.startswith("not a GLB") else ", not glTF")
                + " (a .glb starts with the bytes 'glTF', a .gltf with a JSON object)",
                "pass a .gltf or .glb file; re-export it if it was renamed",
            )
        text = data

    def reject_constant(name: str) -> object:
        raise ValueError(f"non-standard JSON constant {name}")

    try:
        doc = json.loads(text.decode("utf-8"), parse_constant=reject_constant)
    except RecursionError:
        # json.loads recurses once per nesting level; thousands of nested arrays or objects
        # exhaust the interpreter's stack long before any glTF property needs them.
        ctx.fail(
            "LITE-GLTF-001",
            "",
            "not valid glTF JSON: arrays or objects are nested too deeply to parse",
            "glTF needs only a few levels of nesting; check the file is glTF 2.0",
        )
    except (UnicodeDecodeError, ValueError) as exc:
        ctx.fail("LITE-GLTF-001", "", f"not valid glTF JSON: {exc}", "check the file is glTF 2.0")
    if not isinstance(doc, dict):
        ctx.fail("LITE-GLTF-001", "", "the JSON root is not an object", "check the file is glTF")
    ctx.doc = doc
    asset = doc.get("asset")
    version = asset.get("version") if isinstance(asset, dict) else None
    if not isinstance(version, str) or not version.startswith("2."):
        ctx.fail(
            "LITE-GLTF-001",
            "asset.version",
            f"must be a 2.x version string, got {short(version)}",
            "only glTF 2.0 loads",
        )
    min_version = asset.get("minVersion") if isinstance(asset, dict) else None
    if isinstance(min_version, str) and min_version not in ("2.0", "2"):
        ctx.fail(
            "LITE-GLTF-007", "asset.minVersion", f"requires glTF {min_version}", "re-export as 2.0"
        )
    return glb_bin


def check_extensions(ctx: ReadContext) -> None:
    """Refuse unsupported ``extensionsRequired``; warn (W03) about ignored ``extensionsUsed``."""
    required = ctx.array("extensionsRequired")
    used = ctx.array("extensionsUsed")
    for i, ext in enumerate(required):
        if not isinstance(ext, str):
            ctx.fail(
                "LITE-GLTF-010",
                f"extensionsRequired[{i}]",
                f"must be an extension name (a string), got {short(ext)}",
                HINT_SPEC,
            )
        if ext not in SUPPORTED_EXTENSIONS:
            ctx.fail(
                "LITE-GLTF-007",
                f"extensionsRequired[{i}]",
                f"required extension {short(ext)} is not supported",
                "supported: " + name_some(sorted(SUPPORTED_EXTENSIONS), len(SUPPORTED_EXTENSIONS)),
            )
    ignored = sorted({e for e in used if isinstance(e, str) and e not in SUPPORTED_EXTENSIONS})
    if ignored:
        ctx.warn(
            W_EXTENSION,
            "extensionsUsed",
            "optional extension(s) not used by lite, their data is ignored: " + name_some(ignored),
        )


def _decode_data_uri(ctx: ReadContext, uri: str, path: str) -> bytes:
    comma = uri.find(",")
    header = uri[5:comma] if comma >= 0 else ""
    if comma < 0 or not header.endswith(";base64"):
        ctx.fail(
            "LITE-GLTF-006",
            path,
            "data: URI is not base64-encoded",
            "embed buffers as data:application/octet-stream;base64,...",
        )
    payload = uri[comma + 1 :]
    claimed = (len(payload) * 3) // 4
    if claimed > MAX_DATA_URI_BYTES:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"data: URI holds about {claimed} bytes, over the {MAX_DATA_URI_BYTES}-byte limit",
            "store large buffers in a .bin file next to the .gltf, or use .glb",
        )
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as exc:
        ctx.fail("LITE-GLTF-001", path, f"data: URI is not valid base64: {exc}", "re-export")


def _resolve_with_resolver(ctx: ReadContext, uri: str, path: str, byte_length: int) -> bytes:
    """Fetch an external buffer through the caller's resolver (the only way to leave the folder)."""
    assert ctx.resolver is not None  # checked by the caller
    try:
        data = ctx.resolver(uri)
    except LiteError:
        raise
    except Exception as exc:  # the resolver is user code: report, do not crash
        ctx.fail(
            "LITE-GLTF-001",
            path,
            f"the resolver failed for {short(uri)}: {type(exc).__name__}: {exc}",
            "make the resolver return the buffer's bytes, or raise a LiteError",
        )
    if not isinstance(data, bytes | bytearray | memoryview):
        ctx.fail(
            "LITE-GLTF-001",
            path,
            f"the resolver returned {type(data).__name__} for {short(uri)}, not bytes",
            "a resolver maps a uri to the buffer's bytes",
        )
    if len(data) < byte_length:
        ctx.fail(
            "LITE-GLTF-003",
            path,
            f"byteLength is {byte_length} but the resolver gave {len(data)} bytes for {short(uri)}",
            "return the whole buffer",
        )
    ctx.input_bytes += len(data)
    return bytes(data)


def _resolve_file_uri(ctx: ReadContext, uri: str, path: str) -> Path:
    """The regular file a relative ``uri`` names, inside the asset folder."""
    if not uri:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            "uri is empty, so it names the asset folder itself, not a file",
            "refer to the buffer's file by relative path, or embed it as a data: URI",
        )
    if SCHEME_RE.match(uri) or uri.startswith(("/", "\\")):
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {short(uri)} is absolute or uses a scheme; only relative file paths and data: "
            "URIs load",
            "keep buffers next to the .gltf and refer to them by relative path",
        )
    if ctx.base_dir is None:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {short(uri)} needs a folder to resolve against, but the glTF was given as bytes",
            "pass the file path, or base_dir=, or use .glb / data: URIs",
        )
    decoded = unquote(uri)
    if "\0" in decoded:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {short(uri)} contains a NUL character, which no file name can hold",
            "refer to the buffer's file by its relative path",
        )
    try:
        base = ctx.base_dir.resolve()
        target = (base / decoded).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        # A symlink loop (RuntimeError before Python 3.13), a name the OS refuses.
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {short(uri)} cannot be resolved: {exc}",
            "refer to the buffer's file by its relative path",
        )
    if not target.is_relative_to(base):
        ctx.fail(
            "LITE-GLTF-006",
            path,
            # The folder as the caller gave it, not its absolute path (which would reveal the
            # machine's directory layout in messages that may reach the user).
            f"uri {short(uri)} resolves outside the asset folder {str(ctx.base_dir)!r}",
            "buffers must live in the asset's folder or below it",
        )
    return target


def load_buffers(ctx: ReadContext, glb_bin: memoryview | None) -> list[memoryview]:
    """Every buffer's bytes (exactly ``byteLength`` of them), from the GLB binary chunk, a
    ``data:`` URI, the caller's resolver or a file inside the asset folder."""
    buffers: list[memoryview] = []
    # One read (or decode, or resolver call) per distinct uri: a file that names the same
    # uri in many buffers entries shares one copy of its bytes between them.
    seen: dict[str, bytes | memoryview] = {}
    for i, raw in enumerate(ctx.array("buffers")):
        path = f"buffers[{i}]"
        buf = ctx.obj(raw, path)
        byte_length = ctx.integer(buf, "byteLength", path, minimum=1)
        uri = buf.get("uri")
        data: bytes | memoryview
        if uri is None:
            if i != 0 or glb_bin is None:
                ctx.fail(
                    "LITE-GLTF-010",
                    f"{path}.uri",
                    "is missing and there is no GLB binary chunk to use instead",
                    "give the buffer a uri, or load the .glb",
                )
            data = glb_bin
        elif not isinstance(uri, str):
            ctx.fail(
                "LITE-GLTF-010", f"{path}.uri", f"must be a string, got {short(uri)}", HINT_SPEC
            )
        elif uri.startswith("data:"):
            if uri not in seen:
                seen[uri] = _decode_data_uri(ctx, uri, f"{path}.uri")
            data = seen[uri]
        elif ctx.resolver is not None:
            hit = seen.get(uri)
            if hit is None or len(hit) < byte_length:
                hit = seen[uri] = _resolve_with_resolver(ctx, uri, f"{path}.uri", byte_length)
            data = hit
        else:
            target = _resolve_file_uri(ctx, uri, f"{path}.uri")
            key = str(target)
            cached = seen.get(key)
            if cached is None or len(cached) < byte_length:
                data = _read_file_uri(ctx, uri, path, target, byte_length)
                ctx.input_bytes += byte_length - (len(cached) if cached is not None else 0)
                seen[key] = data
            else:
                data = cached
        if len(data) < byte_length:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"byteLength is {byte_length} but only {len(data)} bytes are present",
                "the buffer is truncated; re-export the file",
            )
        buffers.append(memoryview(data)[:byte_length])
    return buffers


def _read_file_uri(ctx: ReadContext, uri: str, path: str, target: Path, byte_length: int) -> bytes:
    """``byte_length`` bytes of the regular file ``target`` (checked to lie inside the asset
    folder), verified on the descriptor actually opened, not on the name."""
    upath = f"{path}.uri"
    assert ctx.base_dir is not None  # _resolve_file_uri refused bytes without a folder
    try:
        fd = _open_inside(ctx.base_dir.resolve(), target)
    except _EscapedError as exc:
        ctx.fail(
            "LITE-GLTF-006",
            upath,
            f"uri {short(uri)} no longer names a file inside the asset folder "
            f"{str(ctx.base_dir)!r} when opened ({exc})",
            "buffers must live in the asset's folder or below it; do not swap folders for "
            "links while loading",
        )
    except OSError as exc:
        ctx.fail(
            "LITE-GLTF-001",
            upath,
            f"cannot read {short(uri)}: {exc.strerror or exc}",
            "keep the .bin next to the .gltf",
        )
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        # A directory cannot be read; a FIFO or device could block or never end.
        ctx.fail(
            "LITE-GLTF-006",
            upath,
            f"uri {short(uri)} names {_file_kind(info.st_mode)}",
            "a buffer uri must name a regular file (the .bin next to the .gltf)",
        )
    with os.fdopen(fd, "rb") as fh:
        if info.st_size < byte_length:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"byteLength is {byte_length} but {short(uri)} has only {info.st_size} bytes",
                "the .bin is truncated or belongs to another export",
            )
        try:
            return fh.read(byte_length)
        except OSError as exc:
            ctx.fail(
                "LITE-GLTF-001",
                upath,
                f"cannot read {short(uri)}: {exc.strerror or exc}",
                "check the file's permissions",
            )


class _EscapedError(Exception):
    """The file opened is not the one checked (a link appeared on the way)."""


def _open_inside(base: Path, target: Path) -> int:
    """A read-only descriptor of ``target`` (a resolved path inside the resolved ``base``).

    Each component below ``base`` is opened relative to its parent's descriptor without
    following links, so a folder swapped for a symlink after the check fails the open instead
    of leading outside. Without ``dir_fd`` support the opened descriptor's identity is compared
    with the checked path."""
    flags = os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY
    if not _DIR_FD_OPEN:
        fd = os.open(target, flags)
        opened, named = os.fstat(fd), os.stat(target)
        if (opened.st_dev, opened.st_ino) != (named.st_dev, named.st_ino):
            os.close(fd)
            raise _EscapedError("the file changed between the check and the open")
        return fd
    parts = target.relative_to(base).parts
    if not parts:  # the uri names the folder itself (".", "sub/.."): refused as a directory
        return os.open(base, flags)
    dfd = os.open(base, os.O_RDONLY | _O_DIRECTORY | _O_CLOEXEC)
    try:
        for part in parts[:-1]:
            try:
                nfd = os.open(
                    part, os.O_RDONLY | _O_DIRECTORY | _O_NOFOLLOW | _O_CLOEXEC, dir_fd=dfd
                )
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise _EscapedError(f"{part!r} became a link") from exc
                raise
            os.close(dfd)
            dfd = nfd
        try:
            return os.open(parts[-1], flags | _O_NOFOLLOW, dir_fd=dfd)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise _EscapedError(f"{parts[-1]!r} became a link") from exc
            raise
    finally:
        os.close(dfd)

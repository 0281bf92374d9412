"""WebGPU uploads of joint palettes and morph weights.

Port of the upload half of src/skeleton/skeleton-updater.ts, with the resources of
src/skeleton/create-skeleton.ts and src/morph/create-morph-targets.ts.

This is the only module that imports ``wgpu``, and :func:`request_adapter` is the one place
that asks it for an adapter (the runtime's engine, the render tool and the test suite all go
through it). An :class:`Engine` wraps one device and
implements :class:`lite.skeleton.skeleton_updater.GpuSink`: glTF controllers call
``engine.upload_skeleton(binding)`` / ``engine.upload_morph(binding)`` after writing a palette
or a weight set. The first call for a binding creates its resources and its float32 staging
array (bind time); every later call is one ``np.copyto`` into the staging array and one
queue write. A disposed mesh's resources are never written again.

Layouts (as Babylon Lite):

* bone texture: ``rgba32float``, ``4 * joints`` x 1 texels, one column of one joint's
  column-major 4x4 matrix per texel;
* morph weights: a storage buffer with a 16-byte header (``u32 target_count``,
  ``u32 vertex_count``, two ``u32`` of padding) followed by one ``f32`` per target.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import wgpu

from lite.errors import UnsupportedError

if TYPE_CHECKING:
    from lite.animation.types import F32Array
    from lite.loader_gltf import GltfAsset, GltfNode
    from lite.skeleton.skeleton_updater import MorphBinding, SkeletonBinding

__all__ = [
    "MORPH_WEIGHTS_HEADER_BYTES",
    "TEXELS_PER_BONE",
    "Engine",
    "MorphGpu",
    "SkeletonGpu",
    "bind_asset",
    "create_engine",
    "dispose_asset_gpu",
    "dispose_engine",
    "dispose_mesh_gpu",
    "ensure_xdg_runtime_dir",
    "read_bone_texture",
    "read_morph_weights",
    "request_adapter",
]

#: Babylon Lite ``MORPH_WEIGHTS_HEADER_BYTES``: count, vertex count, 2 x pad (u32 each).
MORPH_WEIGHTS_HEADER_BYTES: Final = 16
#: One RGBA32F texel per matrix column.
TEXELS_PER_BONE: Final = 4
_BYTES_PER_BONE: Final = TEXELS_PER_BONE * 16


@dataclass(slots=True, eq=False)
class SkeletonGpu:
    """Bone texture and staging array of one
    :class:`~lite.skeleton.skeleton_updater.SkeletonBinding`."""

    texture: wgpu.GPUTexture
    stage: F32Array
    bone_count: int
    disposed: bool = False


@dataclass(slots=True, eq=False)
class MorphGpu:
    """Weights buffer and staging array of one
    :class:`~lite.skeleton.skeleton_updater.MorphBinding`."""

    buffer: wgpu.GPUBuffer
    stage: F32Array
    target_count: int
    disposed: bool = False


class Engine:
    """A wgpu device plus the skeleton and morph resources created on it.

    Create with :func:`create_engine`; pass to ``load_gltf(path, engine)`` or
    ``create_animation_manager(engine=engine)``.
    """

    __slots__ = ("_morphs", "_retired", "_skeletons", "adapter_info", "device", "disposed")

    def __init__(self, device: wgpu.GPUDevice, adapter_info: dict[str, object]) -> None:
        self.device = device
        self.adapter_info = adapter_info
        self.disposed = False
        self._skeletons: dict[SkeletonBinding, SkeletonGpu] = {}
        self._morphs: dict[MorphBinding, MorphGpu] = {}
        # Bindings whose resources dispose_asset_gpu released: id -> the binding's live array,
        # held weakly (an entry disappears with its asset; the identity check guards id reuse).
        self._retired: weakref.WeakValueDictionary[int, np.ndarray[Any, Any]] = (
            weakref.WeakValueDictionary()
        )

    def skeleton_gpu(self, skeleton: SkeletonBinding) -> SkeletonGpu:
        """The resources of ``skeleton``, created (and filled) on first use."""
        gpu = self._skeletons.get(skeleton)
        if gpu is None:
            gpu = _bind_skeleton(self, skeleton)
        return gpu

    def morph_gpu(self, morph: MorphBinding) -> MorphGpu:
        """The resources of ``morph``, created (and filled) on first use."""
        gpu = self._morphs.get(morph)
        if gpu is None:
            gpu = _bind_morph(self, morph)
        return gpu

    def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
        """Copy ``skeleton.joint_matrices`` to its bone texture (skipped once disposed)."""
        gpu = self._skeletons.get(skeleton)
        if gpu is None:
            if self._retired.get(id(skeleton)) is skeleton.joint_matrices:
                return  # its asset's GPU resources were released
            _bind_skeleton(self, skeleton)  # creation uploads the current palette
            return
        if gpu.disposed or self.disposed:
            return
        np.copyto(gpu.stage, skeleton.joint_matrices.reshape(-1))
        self.device.queue.write_texture(
            {"texture": gpu.texture},
            gpu.stage,
            {"offset": 0, "bytes_per_row": gpu.bone_count * _BYTES_PER_BONE},
            (gpu.bone_count * TEXELS_PER_BONE, 1, 1),
        )

    def upload_morph(self, morph: MorphBinding) -> None:
        """Copy ``morph.weights`` after the weights buffer's header (skipped once disposed)."""
        gpu = self._morphs.get(morph)
        if gpu is None:
            if self._retired.get(id(morph)) is morph.weights:
                return
            _bind_morph(self, morph)
            return
        if gpu.disposed or self.disposed:
            return
        np.copyto(gpu.stage, morph.weights)
        self.device.queue.write_buffer(gpu.buffer, MORPH_WEIGHTS_HEADER_BYTES, gpu.stage)


def _usable_runtime_dir(path: str | None) -> bool:
    """Whether ``path`` is what libwayland and Mesa accept as ``XDG_RUNTIME_DIR``."""
    if not path or not os.path.isabs(path):
        return False
    return os.path.isdir(path) and os.access(path, os.W_OK | os.X_OK)


def ensure_xdg_runtime_dir() -> str | None:
    """Give this process a private ``XDG_RUNTIME_DIR`` when it has none (Linux and BSD).

    On a headless machine (a container, CI, an SSH session without a login manager) the
    variable is unset, and Mesa's Vulkan driver prints ``error: XDG_RUNTIME_DIR is invalid or
    not set in the environment.`` on stderr whenever an adapter is requested (its Wayland
    window-system probe), although nothing is wrong and no window is ever opened. When the
    variable is unset, relative, or names no writable folder, this creates a private folder
    (mode 0700, as the XDG base directory spec asks), sets it in ``os.environ`` (so child
    processes inherit it too) and removes the folder when the interpreter exits. A usable value
    is left alone; on Windows and macOS nothing is done.

    Returns
    -------
    str or None
        The folder created for this process, or None when nothing was changed.
    """
    if sys.platform.startswith(("win", "darwin", "cygwin")):
        return None
    if _usable_runtime_dir(os.environ.get("XDG_RUNTIME_DIR")):
        return None
    path = tempfile.mkdtemp(prefix="lite-xdg-runtime-")  # mkdtemp creates it mode 0700
    os.environ["XDG_RUNTIME_DIR"] = path
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def request_adapter(
    power_preference: str | None = "high-performance", *, force_fallback_adapter: bool = False
) -> Any:
    """Ask wgpu for an adapter, with the environment Mesa wants set up first.

    Every adapter request of the project goes through here (:func:`create_engine`, the
    ``render`` tool, the test suite's GPU probe): it calls :func:`ensure_xdg_runtime_dir`, then
    ``wgpu.gpu.request_adapter_sync``.

    Parameters
    ----------
    power_preference
        ``"high-performance"``, ``"low-power"`` or None (no preference).
    force_fallback_adapter
        Ask for the software (fallback) adapter.

    Returns
    -------
    wgpu.GPUAdapter or None
        None when wgpu found no adapter. Errors from wgpu (no native library, no driver)
        propagate unchanged.
    """
    ensure_xdg_runtime_dir()
    return wgpu.gpu.request_adapter_sync(
        power_preference=power_preference,
        force_fallback_adapter=force_fallback_adapter,
    )


def create_engine(
    power_preference: str = "high-performance", *, force_fallback_adapter: bool = False
) -> Engine:
    """Request a WebGPU adapter and device.

    Parameters
    ----------
    power_preference
        ``"high-performance"`` or ``"low-power"``.
    force_fallback_adapter
        Ask for the software (fallback) adapter.

    Returns
    -------
    Engine

    Raises
    ------
    UnsupportedError
        ``LITE-GPU-001`` when no adapter or device is available (no Vulkan/Metal/D3D12
        driver; on Linux, ``apt-get install mesa-vulkan-drivers`` gives a CPU adapter).
    """
    try:
        adapter = request_adapter(power_preference, force_fallback_adapter=force_fallback_adapter)
        if adapter is None:
            raise RuntimeError("request_adapter returned no adapter")
        device = adapter.request_device_sync()
    except Exception as exc:  # wgpu raises RuntimeError or its own GPU errors here
        raise UnsupportedError(
            "LITE-GPU-001",
            f"no WebGPU adapter is available: {exc}",
            hint="install a Vulkan/Metal/D3D12 driver (Linux CPU fallback: "
            "apt-get install mesa-vulkan-drivers), or play without an engine",
            input_name="engine",
        ) from None
    return Engine(device, dict(adapter.info))


def _check_live(engine: Engine) -> None:
    if engine.disposed:
        raise UnsupportedError(
            "LITE-GPU-002",
            "the engine has been disposed",
            hint="create a new engine with create_engine()",
            input_name="engine",
        )


def _bind_skeleton(engine: Engine, skeleton: SkeletonBinding) -> SkeletonGpu:
    _check_live(engine)
    bones = skeleton.bone_count
    limit = int(engine.device.limits["max-texture-dimension-2d"])
    if bones * TEXELS_PER_BONE > limit:
        raise UnsupportedError(
            "LITE-GPU-003",
            f"skeleton {skeleton.name!r} has {bones} joints; its bone texture would be "
            f"{bones * TEXELS_PER_BONE} texels wide, over the device limit of {limit}",
            hint="split the skin, or play it without an engine (CPU palettes only)",
            input_name="skeleton",
        )
    texture = engine.device.create_texture(
        label=f"bones:{skeleton.name}",
        size=(bones * TEXELS_PER_BONE, 1, 1),
        format=wgpu.TextureFormat.rgba32float,
        usage=wgpu.TextureUsage.TEXTURE_BINDING
        | wgpu.TextureUsage.COPY_DST
        | wgpu.TextureUsage.COPY_SRC,
    )
    gpu = SkeletonGpu(texture, np.zeros(bones * 16, dtype=np.float32), bones)
    engine._skeletons[skeleton] = gpu
    engine.upload_skeleton(skeleton)
    return gpu


def _bind_morph(engine: Engine, morph: MorphBinding) -> MorphGpu:
    _check_live(engine)
    count = morph.target_count
    buffer = engine.device.create_buffer(
        label=f"morph-weights:node{morph.node_idx}",
        size=MORPH_WEIGHTS_HEADER_BYTES + max(count, 1) * 4,
        usage=wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_DST | wgpu.BufferUsage.COPY_SRC,
    )
    header = np.zeros(MORPH_WEIGHTS_HEADER_BYTES // 4, dtype=np.uint32)
    header[0] = count
    engine.device.queue.write_buffer(buffer, 0, header)
    gpu = MorphGpu(buffer, np.zeros(count, dtype=np.float32), count)
    engine._morphs[morph] = gpu
    if count:
        engine.upload_morph(morph)
    return gpu


def bind_asset(engine: Engine, asset: GltfAsset) -> None:
    """Create (and fill) the GPU resources of every skeleton and morph set of ``asset``.

    ``load_gltf(path, engine)`` does this already; use it for an asset loaded without one.
    """
    for skel in asset.skeletons:
        engine.skeleton_gpu(skel)
    for morph in asset.morph_targets:
        engine.morph_gpu(morph)


def dispose_mesh_gpu(engine: Engine, asset: GltfAsset, node: GltfNode | int) -> None:
    """Destroy the bone textures and morph buffers of a mesh node; never write them again.

    Animation groups may outlive the mesh: they keep evaluating the CPU pose and palettes,
    and their uploads for this node are skipped (Babylon Lite's ``disposeMeshGpu``).
    """
    index = node if isinstance(node, int) else node.index
    for skel in asset.skeletons:
        if skel.mesh_node == index:
            gpu = engine._skeletons.get(skel)
            if gpu is None:
                # Never uploaded: record a disposed placeholder so later uploads skip it.
                gpu = _bind_skeleton(engine, skel)
            if not gpu.disposed:
                gpu.disposed = True
                gpu.texture.destroy()
    for morph in asset.morph_targets:
        if morph.node_idx == index:
            mgpu = engine._morphs.get(morph)
            if mgpu is None:
                mgpu = _bind_morph(engine, morph)
            if not mgpu.disposed:
                mgpu.disposed = True
                mgpu.buffer.destroy()


def dispose_asset_gpu(engine: Engine, asset: GltfAsset) -> None:
    """Release every bone texture and morph buffer of ``asset`` on ``engine``.

    The resources are destroyed and forgotten, so loading and disposing assets in a loop does
    not grow the engine. Animation groups that outlive the asset keep evaluating CPU state and
    never upload (nor re-create resources) for it.
    """
    for skel in asset.skeletons:
        gpu = engine._skeletons.pop(skel, None)
        if gpu is not None and not gpu.disposed:
            gpu.disposed = True
            gpu.texture.destroy()
        engine._retired[id(skel)] = skel.joint_matrices
    for morph in asset.morph_targets:
        mgpu = engine._morphs.pop(morph, None)
        if mgpu is not None and not mgpu.disposed:
            mgpu.disposed = True
            mgpu.buffer.destroy()
        engine._retired[id(morph)] = morph.weights


def dispose_engine(engine: Engine) -> None:
    """Destroy every resource of ``engine``; later uploads are skipped."""
    for gpu in engine._skeletons.values():
        if not gpu.disposed:
            gpu.disposed = True
            gpu.texture.destroy()
    for mgpu in engine._morphs.values():
        if not mgpu.disposed:
            mgpu.disposed = True
            mgpu.buffer.destroy()
    engine.disposed = True


def read_bone_texture(engine: Engine, skeleton: SkeletonBinding) -> F32Array:
    """Read a skeleton's bone texture back: ``(joints, 16)`` float32, column-major.

    Raises
    ------
    UnsupportedError
        ``LITE-GPU-002`` when the texture was disposed.
    """
    gpu = engine.skeleton_gpu(skeleton)
    if gpu.disposed:
        raise UnsupportedError(
            "LITE-GPU-002",
            f"the bone texture of {skeleton.name!r} has been disposed",
            hint="read before dispose_mesh_gpu",
            input_name="skeleton",
        )
    data = engine.device.queue.read_texture(
        {"texture": gpu.texture, "origin": (0, 0, 0), "mip_level": 0},
        {"offset": 0, "bytes_per_row": gpu.bone_count * _BYTES_PER_BONE, "rows_per_image": 1},
        (gpu.bone_count * TEXELS_PER_BONE, 1, 1),
    )
    return np.frombuffer(data, dtype=np.float32).reshape(gpu.bone_count, 16).copy()


def read_morph_weights(engine: Engine, morph: MorphBinding) -> F32Array:
    """Read a morph set's weights back from its buffer (after the 16-byte header).

    Raises
    ------
    UnsupportedError
        ``LITE-GPU-002`` when the buffer was disposed.
    """
    gpu = engine.morph_gpu(morph)
    if gpu.disposed:
        raise UnsupportedError(
            "LITE-GPU-002",
            f"the morph weights buffer of node {morph.node_idx} has been disposed",
            hint="read before dispose_mesh_gpu",
            input_name="morph",
        )
    data = engine.device.queue.read_buffer(
        gpu.buffer, MORPH_WEIGHTS_HEADER_BYTES, gpu.target_count * 4
    )
    return np.frombuffer(data, dtype=np.float32).copy()

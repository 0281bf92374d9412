"""Error hierarchy and stable error codes. Port of Babylon Lite's thrown ``Error``s, made typed.

::

    ValueError
    └── LiteError                  code, message, hint, input name
        ├── KeyframeError          bad keys, times, values, samplers, clips
        ├── AnimationPathError     a property path that does not resolve on its target
        ├── AnimationStateError    bad group / manager / weight / fade arguments
        ├── GltfLoadError          malformed or unsupported glTF (file, JSON path)
        └── UnsupportedError       a feature this runtime does not provide

    UserWarning
    └── LiteWarning                content that was skipped on purpose (with a code)

Every error carries a stable ``code`` (listed in ``docs/errors.md``); tests assert on the code,
never on the wording. Messages say what was wrong, where, and what was received; ``hint`` says
how to fix it.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import Final

__all__ = [
    "MAX_MESSAGE_CHARS",
    "listed",
    "short_repr",
    "ERROR_CODES",
    "ERROR_NOTES",
    "FORMER_CODES",
    "RETIRED_CODES",
    "WARNING_CODES",
    "AnimationPathError",
    "AnimationStateError",
    "GltfLoadError",
    "KeyframeError",
    "LiteError",
    "LiteWarning",
    "UnsupportedError",
    "finite_real",
    "integer",
]

#: Every code raised by ``lite`` with a one-line meaning. ``docs/errors.md`` mirrors this table
#: and a test keeps the two in sync.
ERROR_CODES: Final[dict[str, str]] = {
    "LITE-ANIM-001": "a property clip needs at least one track",
    "LITE-ANIM-002": "a track needs at least one key",
    "LITE-ANIM-003": "key times must be non-negative, finite and non-decreasing",
    "LITE-ANIM-004": "a key must give exactly one of 'time' or 'frame'",
    "LITE-ANIM-005": "a key value is missing or has the wrong arity or type for its track",
    "LITE-ANIM-006": "a frame rate must be a finite positive number",
    "LITE-ANIM-007": "unknown interpolation name",
    "LITE-ANIM-008": "a clip, track or key has an unknown or malformed field",
    "LITE-ANIM-009": "key values must be finite numbers",
    "LITE-ANIM-010": "sampler arrays are malformed (times/values shapes or dtypes)",
    "LITE-ANIM-011": "easing must be a callable taking and returning a float",
    "LITE-ANIM-012": "an easing curve parameter must be a finite number",
    "LITE-ANIM-013": "an easing mode must be a real number (EASEIN 0, EASEOUT 1, EASEINOUT 2)",
    "LITE-ANIM-014": "an easing parameter is outside the curve's domain (it would write NaN/inf)",
    "LITE-MOTION-001": "a spring's damping ratio must be a finite number > 0",
    "LITE-MOTION-002": "a spring's angular frequency must be a finite number > 0 (and samplable)",
    "LITE-MOTION-003": "spring settings or chain link count of the wrong type or length",
    "LITE-MOTION-004": "a spring sample time must be a finite number",
    "LITE-MOTION-005": "a spring output or offsets array has the wrong shape, dtype or flags",
    "LITE-MOTION-006": "a spring anchor is not callable or wrote a non-finite position",
    "LITE-MOTION-010": "root motion needs an AnimationClip (and a NodeRest rest, if given)",
    "LITE-MOTION-011": "a root joint that is not a node index (or name) the clip moves",
    "LITE-MOTION-012": "a root-motion time must be a finite number of seconds",
    "LITE-MOTION-013": "a root-motion output must be a RootMotion",
    "LITE-MOTION-014": "a pose to strip must be a NodePose holding the root joint",
    "LITE-MOTION-015": "root motion needs a glTF group without root motion already",
    "LITE-MOTION-016": "a root-motion origin or rotation must be 3 (4) finite numbers",
    "LITE-MOTION-017": "crowd root motion needs distinct groups and one finite row per group",
    "LITE-MOTION-020": "an IK or look-at pose must be a NodePose",
    "LITE-MOTION-021": "an IK or look-at joint is not a node index of the pose",
    "LITE-MOTION-022": "an IK target, pole or axis must be 3 finite numbers (axes non-zero)",
    "LITE-MOTION-023": "an IK or look-at weight must be a number in [0, 1]",
    "LITE-MOTION-024": "a degenerate IK chain (order, zero-length bone, or pole on the line)",
    "LITE-MOTION-025": "a look-at max_angle must be a finite number of radians >= 0",
    "LITE-MOTION-040": "crowd IK poses must be a non-empty sequence of NodePoses of one hierarchy",
    "LITE-MOTION-041": "crowd IK targets or poles must be an (M, 3) array of finite numbers",
    "LITE-MOTION-042": "a crowd IK weight array must be (M,) numbers in [0, 1]",
    "LITE-MOTION-043": "a crowd IK out must be a writable (M,) bool array",
    "LITE-MOTION-030": "a retarget rig must be a loaded asset or its animation_data",
    "LITE-MOTION-031": "a retarget joint map names joints absent from its rig",
    "LITE-MOTION-032": "a strict retarget found channels with no target joint",
    "LITE-PATH-001": "a property path is empty or malformed",
    "LITE-PATH-002": "a property path segment does not resolve on the target",
    "LITE-PATH-003": "a property path reaches a value that is not an object",
    "LITE-PATH-004": "a vector leaf is missing a component (x, y, z, w)",
    "LITE-PATH-005": "a vector leaf has an unsupported size (more than 4 components)",
    "LITE-PATH-006": "a property path resolves but its target cannot be written",
    "LITE-PATH-007": "a property path segment names a Python internal (starts with '__')",
    "LITE-PATH-008": "a property path reaches a class, module, function/method, code or frame",
    "LITE-STATE-001": "the play range must have to_time greater than from_time",
    "LITE-STATE-002": "delta_ms (or seconds=) must be a finite, non-negative number, exactly "
    "one of the two",
    "LITE-STATE-003": "a weight must be a finite number in [0, 1]",
    "LITE-STATE-004": "a fade duration must be a finite positive number of milliseconds",
    "LITE-STATE-005": "a group or task is already attached to another manager",
    "LITE-STATE-006": "speed_ratio must be a finite number",
    "LITE-STATE-007": "a frame or time argument must be a finite number (lite_compat: not NaN)",
    "LITE-STATE-008": "a task category must be a non-empty string",
    "LITE-STATE-009": "fixed_delta_ms must be a finite, non-negative number (at most 1e9 ms)",
    "LITE-STATE-010": "weighted channels for one property must share one value size",
    "LITE-STATE-011": "a callback argument must be callable",
    "LITE-STATE-012": "the autonomous manager loop cannot be started from inside itself",
    "LITE-STATE-013": "a mask needs a list of names and a valid mode",
    "LITE-STATE-014": "an argument is missing or is not the expected object (group, clip, ...)",
    "LITE-STATE-015": "an instance count must be a positive integer",
    "LITE-STATE-016": "an animation controller input does not match the nodes or samplers given",
    "LITE-STATE-025": "a stop timeout must be None or a finite, non-negative number of seconds",
    "LITE-STATE-017": "update_animation_manager cannot be re-entered from inside its own update",
    "LITE-ARRAY-001": "array-group arrays must be a mapping of track path to numpy array",
    "LITE-ARRAY-002": "an array-group array is keyed by a path the clip does not have",
    "LITE-ARRAY-003": "a clip track has no array in the array group's arrays",
    "LITE-ARRAY-004": "an array-group target is not a float32/float64 numpy array",
    "LITE-ARRAY-005": "an array-group target's shape does not match its track or M",
    "LITE-ARRAY-006": "an array-group target is read-only",
    "LITE-ARRAY-007": "an array-group target is not C-contiguous",
    "LITE-ARRAY-008": "time_offsets must be real numbers of shape (M,)",
    "LITE-ARRAY-009": "time_offsets must be finite",
    "LITE-ARRAY-010": "two array-group targets share memory",
    "LITE-ARRAY-011": "an array group needs at least one entity (M > 0)",
    "LITE-ARRAY-012": "an array-group quaternion track must have 4 components",
    "LITE-ARRAY-013": "an array group's clip animates one path twice",
    "LITE-ARRAY-014": "an array-group track has no keys",
    "LITE-ARRAY-015": "an array group's clip must have a positive duration",
    "LITE-STATE-030": "a group cannot be cross-faded into itself",
    "LITE-STATE-031": "a matrix conversion needs (..., 16) or (..., 4, 4) arrays",
    "LITE-GLTF-001": "the glTF file could not be read or parsed",
    "LITE-GLTF-002": "an index in the glTF refers to nothing",
    "LITE-GLTF-003": "an accessor or buffer view lies outside its buffer",
    "LITE-GLTF-004": "animation sampler data is malformed",
    "LITE-GLTF-005": "the node hierarchy has a cycle",
    "LITE-GLTF-006": "a uri is refused (escapes the asset folder, unknown scheme, too large)",
    "LITE-GLTF-007": "a required extension is not supported",
    "LITE-GLTF-008": "an accessor is malformed (component type, type, count, stride, sparse)",
    "LITE-GLTF-009": "a skin, mesh or morph-target definition is inconsistent",
    "LITE-GLTF-010": "a glTF property is missing or has the wrong type",
    "LITE-COMPAT-001": "a lite_compat numeric argument is not a number (int, float, NumPy real)",
    "LITE-COMPAT-020": "a read-only Babylon.js member was assigned (Babylon.js defines no setter)",
    "LITE-COMPAT-021": "a Babylon.js member that only draws or drives the GPU is not provided",
    "LITE-COMPAT-022": "a Babylon.js member that reads pointer or keyboard input is refused",
    "LITE-COMPAT-023": "a Babylon.js member that fetches from a URL or snippet server is refused",
    "LITE-COMPAT-024": "a ...ToRef method was given no result object to write into",
    "LITE-COMPAT-025": "a Babylon.js member or top-level name of a subsystem lite_compat does not "
    "port (physics, audio, XR, particles, flow graphs...) is refused",
    "LITE-COMPAT-026": "Animation.Parse / AnimationGroup.Parse got a malformed field (named)",
    # scene/engine/loading/tools helpers (LITE-COMPAT-120..139).
    "LITE-COMPAT-120": "a Path3D or Curve3 point list holds something that is not a Vector3",
    "LITE-COMPAT-121": "a Tools helper got an argument it cannot use (not a string, bad range)",
    "LITE-COMPAT-122": "Engine.runFrames needs a whole, non-negative number of frames",
    "LITE-COMPAT-123": "instantiateModelsToScene met a node lite_compat cannot clone or instance",
    "LITE-COMPAT-124": "SceneLoader.RegisterPlugin got a plugin without usable extensions",
    "LITE-COMPAT-125": "ImportAnimations got an unknown animation group loading mode",
    "LITE-COMPAT-126": "Engine.runRenderLoop was given something that is not callable",
    "LITE-COMPAT-160": "a Bone/TransformNode transform method got a non-vector/matrix argument",
    "LITE-COMPAT-161": "Skeleton/TransformNode/MorphTarget Parse was given a malformed object",
    "LITE-COMPAT-162": "a TransformNode camera query had no camera (none given, no activeCamera)",
    "LITE-COMPAT-163": "a TransformNode physics call was made with no physicsBody assigned",
    "LITE-COMPAT-164": "MorphTarget.FromMesh was given something that is not a mesh",
    "LITE-COMPAT-165": "a node/bone/skeleton method was given something that is not one",
    # mesh family (AbstractMesh, Mesh, InstancedMesh): 100..119
    "LITE-COMPAT-100": "AbstractMesh.meshBlendingTag is not 0 or a tag with a group id 1..63",
    "LITE-COMPAT-101": "mesh vertex data, indices or normals input is not a flat list of numbers",
    "LITE-COMPAT-102": "a facet index is outside 0..facetNb-1",
    "LITE-COMPAT-103": "moveWithCollisions met a mesh with checkCollisions (no collider here)",
    "LITE-COMPAT-104": "an InstancedMesh source is not a Mesh",
    "LITE-COMPAT-105": "a positional Mesh.Create* static has no MeshBuilder shape (or throws)",
    "LITE-COMPAT-106": "Mesh.MergeMeshes got meshes with different sets of vertex attributes",
    "LITE-COMPAT-107": "Mesh.MergeMeshes was asked for multiMultiMaterials (no MultiMaterial)",
    "LITE-COMPAT-108": "a mesh member argument has the wrong kind (not a Vector3, Matrix, mesh)",
    "LITE-COMPAT-180": "a MeshBuilder shape was called without an option it requires",
    "LITE-COMPAT-181": "CreateGroundFromHeightMap was given a height-map buffer it cannot read",
    "LITE-COMPAT-182": "CreateDecal was given a skinned or morphed mesh (not projected here)",
    "LITE-COMPAT-183": "CreateText was given a text that is not a str or a font that is not one",
    "LITE-COMPAT-184": "a MeshBuilder shape was given an option it cannot read (wrong type)",
    "LITE-COMPAT-190": "a frame or readiness wait needs a running asyncio loop (QueueNewFrame, "
    "whenReadyAsync)",
    "LITE-COMPAT-185": "a MeshBuilder count option would build over MAX_SHAPE_VERTICES vertices",
    # lite_compat motion (bone controllers, root motion, retargeting)
    "LITE-COMPAT-200": "a bone controller was given something that is not a transform node or bone",
    "LITE-COMPAT-201": "a bone controller option or limit is not a number (or not a Vector3)",
    "LITE-COMPAT-203": "a RootMotionClip's group has nothing to analyse (additive, empty, no node)",
    "LITE-COMPAT-204": "a RootMotionClip's character node is animated, or its root has no parent",
    "LITE-COMPAT-205": "RootMotionSource.Root was asked of a root without a position animation",
    "LITE-COMPAT-206": "a root-motion node is a bone with no linked transform node",
    "LITE-COMPAT-207": "a RootMotionController was given a clip it cannot take (or no node/clip)",
    "LITE-COMPAT-208": "a RootMotionClip argument or option has the wrong type or value",
    "LITE-COMPAT-210": "an AnimatorAvatar root node is not a transform node",
    "LITE-COMPAT-211": "retargetAnimationGroup was given a non-group or a wrongly typed option",
    "LITE-COMPAT-140": "a camera's oblique projection needs Matrix.ObliqueOffCenter*",
    "LITE-COMPAT-141": "a camera frustum test was given a target without isInFrustum",
    "LITE-COMPAT-142": "Camera.Parse was given something that is not a serialized camera",
    "LITE-COMPAT-143": "a camera behaviour (auto-rotation, bouncing, framing) was switched on",
    "LITE-COMPAT-144": "ArcRotateCamera.zoomOn/focusOn was given a mesh without bounding info",
    "LITE-COMPAT-145": "a Texture member was given a value of the wrong type",
    "LITE-COMPAT-146": "Texture.getReflectionTextureMatrix in PROJECTION_MODE has no projection",
    "LITE-COMPAT-147": "Material.setAlphaMode was given a bad render-target index",
    "LITE-COMPAT-148": "Material.Parse was given something that is not a serialized material",
    "LITE-COMPAT-149": "Light.Parse was given something that is not a serialized light",
    "LITE-COMPAT-150": "a shadow light member needs a direction and the light has none",
    "LITE-COMPAT-151": "a camera projection input (fov, minZ, maxZ, ortho bounds) is not a number",
    # Mesh.simplify (LITE-COMPAT-230..239)
    "LITE-COMPAT-230": "Mesh.simplify settings are not a list of settings with a numeric quality",
    "LITE-COMPAT-231": "Mesh.simplify met a mesh without geometry, or sub-meshes outside its data",
    "LITE-COMPAT-232": "Mesh.simplify successCallback is not callable",
    # Mesh.serialize / Mesh.Parse (LITE-COMPAT-240..249)
    "LITE-COMPAT-240": "Mesh.Parse was given something other than a serialized mesh dict",
    "LITE-COMPAT-241": "Mesh.Parse got a position, scaling, rotation or matrix of non-numbers",
    "LITE-COMPAT-242": "Mesh.serialize serializationObject is not a dict",
    "LITE-COMPAT-243": "Mesh.Parse was given a billboard mode (billboards are not rendered here)",
    "LITE-COMPAT-244": "GroundMesh.serialize was called without the dict to fill",
    "LITE-COMPAT-290": "Skeleton.getTransformMatrices needs the mesh with needInitialSkinMatrix",
    "LITE-GLTF-011": "the file would decode more than its budget (max_decoded_bytes)",
    "LITE-GLTF-012": "the source is not a regular file (FIFO, device, directory)",
    "LITE-UNSUP-001": "the requested feature is not supported",
    "LITE-RENDER-001": "render or image input is malformed (meshes, palettes, camera, frames)",
    "LITE-GPU-001": "no GPU (WebGPU) adapter or device is available (engine or rendering)",
    "LITE-RENDER-002": "renderer texture input is malformed (pixels, sampler modes, UVs, colours)",
    "LITE-GPU-002": "a GPU resource or engine was used after it was disposed",
    "LITE-GPU-003": "a skeleton has more joints than one bone-texture row can hold",
    # One meaning per code (each line below was split off an overloaded code; see
    # FORMER_CODES), and the lite-anim tools' outputs.
    "LITE-STATE-040": "an additive reference gives both reference_frame and reference_time",
    "LITE-STATE-041": "no clip (animation group) of that name in the asset",
    "LITE-STATE-042": "no node of that name in the asset (or among the nodes the clip animates)",
    "LITE-STATE-043": "the asset has no animations (nothing to bake or plot)",
    "LITE-STATE-044": "a property track index does not name a track of the binding",
    "LITE-STATE-045": "a numeric group setting (playOrder, blendingSpeed) must be a finite number",
    "LITE-STATE-046": "a group pipeline stage key is not one of the known stages",
    "LITE-ANIM-020": "a bake frame rate must be a number in (0, MAX_BAKE_FPS]",
    "LITE-ANIM-021": "a bake would have more than MAX_BAKE_FRAMES frames",
    "LITE-GLTF-020": "a loader argument has the wrong type or value (source, resolver, ...)",
    "LITE-GLTF-021": "a node name asked for is not in the file (`asset.node(name)`, "
    "lite_compat meshNames)",
    "LITE-GLTF-022": "the skin and morph state the file needs is over its budget",
    "LITE-CLI-010": "an output file's suffix does not match the format written",
    "LITE-CLI-011": "an output file already exists (pass --force, or overwrite=True)",
    "LITE-CLI-012": "two inputs or clips would be written to the same output file",
    "LITE-CLI-013": "the output of a bake of several inputs or clips must be a folder",
    "LITE-CLI-014": "an output path cannot be written (permission, a file in the path, a "
    "missing folder, a full disk)",
    # Baking at scale (lite.bake_files on any executor, zarr and glb outputs).
    "LITE-BAKE-001": "bake_files paths must be a list of str or os.PathLike file paths",
    "LITE-BAKE-002": "bake_files out_dir must be a folder path (str or os.PathLike)",
    "LITE-BAKE-003": "bake_files clip must be a clip name (str) or None",
    "LITE-BAKE-004": "a bake format must be 'npz', 'json', 'zarr' or 'glb'",
    "LITE-BAKE-005": "bake_files executor must be a concurrent.futures.Executor or None",
    "LITE-BAKE-006": "bake_files workers must be an integer in [1, MAX_BAKE_WORKERS] or None",
    "LITE-BAKE-007": "bake_files workers sizes the local pool and cannot go with an executor",
    "LITE-BAKE-008": "bake_files progress must be True, False or a callable(done, total)",
    "LITE-BAKE-009": "fmt='zarr' needs the zarr package (pip install 'lite-anim[scale]')",
    "LITE-BAKE-010": "a glb bake needs its asset's source file and arrays that fit its nodes",
    "LITE-BAKE-011": "a clip written to glb has times that decrease (or none)",
    "LITE-BAKE-012": "bake_files all_clips and overwrite must be True or False",
    "LITE-BAKE-013": "a bake work item failed on the executor (a worker died, or a bug)",
    "LITE-BAKE-014": "a bake output could not be written (disk full, permissions, a path "
    "that is not a folder); the previous output is kept",
    "LITE-CLI-020": "lite-anim bake --dask needs dask.distributed (pip install 'lite-anim[scale]')",
    "LITE-CLI-021": "lite-anim bake --dask could not reach the Dask scheduler at that address",
    "LITE-CLI-022": "lite-anim bake --workers sizes --dask local only (a cluster has its own)",
    # the pose graph (lite.pose): poses, blend spaces, state machines
    "LITE-POSE-001": "a pose argument must be a pose made by lite.create_pose",
    "LITE-POSE-002": "poses (or a pose and an asset) of different node or morph layouts",
    "LITE-POSE-003": "a pose-graph asset argument must be a loaded GltfAsset",
    "LITE-POSE-004": "a clip to sample is not an AnimationClip or does not fit the pose",
    "LITE-POSE-005": "a sample time, phase, blend factor or weight is not a finite number "
    "(in [0, 1] for factors and weights)",
    "LITE-POSE-006": "a blend mask must be a sequence of node indices of the pose",
    "LITE-POSE-010": "a blend space needs clips and one distinct finite position per clip",
    "LITE-POSE-011": "a blend-space parameter must be a finite number (1D) or (x, y) pair (2D)",
    "LITE-POSE-012": "a blend-space argument must be a BlendSpace",
    "LITE-POSE-020": "a state-machine state is malformed (clip, clip name or mapping)",
    "LITE-POSE-021": "a state name the state machine does not have",
    "LITE-POSE-022": "a parameter name the state machine does not have",
    "LITE-POSE-023": "a trigger name no transition of the state machine uses",
    "LITE-POSE-024": "a state-machine transition is malformed",
    "LITE-POSE-025": "a state-machine parameter value must be a finite number or a bool",
    "LITE-POSE-026": "a state-machine argument must be a StateMachine",
    "LITE-POSE-027": "state-machine parameters must be a mapping of non-empty names to values",
    # forgeax: stable target ids, diagnostics listeners, animated bounds
    "LITE-ID-001": "target id path segments must be a sequence of str (a bare string is refused)",
    "LITE-ID-002": "a target id must be 32 lowercase hexadecimal characters",
    "LITE-ID-003": "no node of the asset has that target id",
    "LITE-ID-004": "a target id shared by several nodes (siblings with one name) names no one node",
    "LITE-ID-005": "find_node_by_target_id needs a loaded asset (or its animation_data)",
    "LITE-ANIM-040": "an animation diagnostics listener must be callable",
    "LITE-BOUNDS-001": "animated_bounds / skinned_positions need a loaded GltfAsset",
    "LITE-BOUNDS-002": "skin must index asset.skeletons (one per skinned mesh node)",
    "LITE-BOUNDS-003": "clips must be clips of the asset (AnimationClip objects or indices)",
    "LITE-BOUNDS-004": "a morph envelope must be (lo, hi) finite weights per target, lo <= hi",
    "LITE-BOUNDS-005": "a skinned mesh without POSITION, JOINTS_0 and WEIGHTS_0 cannot be bounded",
}


#: Codes no longer raised, each with what replaced it. Never reused; ``docs/errors.md`` lists
#: them so that a filter written against one finds its successor.
RETIRED_CODES: Final[dict[str, str]] = {
    "LITE-UNSUP-002": "no GPU adapter for rendering: now LITE-GPU-001, the one no-adapter code",
}

#: New code -> the code the same refusal carried before it got a code of its own.
FORMER_CODES: Final[dict[str, str]] = {
    "LITE-STATE-040": "LITE-STATE-007",
    "LITE-STATE-041": "LITE-STATE-007",
    "LITE-STATE-042": "LITE-STATE-007",
    "LITE-STATE-043": "LITE-STATE-007",
    "LITE-STATE-044": "LITE-STATE-007",
    "LITE-STATE-045": "LITE-STATE-007",
    "LITE-STATE-046": "LITE-STATE-008",
    "LITE-ANIM-020": "LITE-STATE-007",
    "LITE-ANIM-021": "LITE-STATE-007",
    "LITE-GLTF-020": "LITE-GLTF-001",
    "LITE-GLTF-021": "LITE-GLTF-002",
    "LITE-GLTF-022": "LITE-GLTF-009",
    "LITE-CLI-012": "LITE-STATE-007",
    "LITE-GPU-001": "LITE-UNSUP-002",
}

#: Every warning code (``LiteWarning.code``) with its meaning; ``docs/errors.md`` lists them.
WARNING_CODES: Final[dict[str, str]] = {
    "LITE-GLTF-W01": "a KHR_animation_pointer target is not supported; the channel is skipped",
    "LITE-GLTF-W02": "an animation channel has no usable target (no node, unknown path, weights "
    "on a node without morph targets); the channel is skipped",
    "LITE-GLTF-W03": "optional extensions listed in `extensionsUsed` that lite ignores",
    "LITE-ANIM-W01": "weights or fades were set on a manager without blending enabled (once "
    "per manager): they change nothing until a mixer is enabled",
    "LITE-ANIM-W02": "a 4-value property track whose last path segment names a rotation "
    "(rotation, orientation, quat, quaternion; any case) has no `quaternion` field: it is "
    "interpolated component-wise, not slerped (once per clip; `quaternion: False` silences it)",
    "LITE-ANIM-W03": "animation manager updates look like seconds, not milliseconds: "
    "several consecutive deltas in (0, 1) while a group longer than 0.1 s plays (once per "
    "manager; pass `seconds=` or multiply by 1000)",
    "LITE-MOTION-W01": "retarget_clip dropped channels with no target joint (they are named)",
    "LITE-COMPAT-W13": "a Babylon.js motion class skipped work Babylon logs about: a retarget "
    "track or fix (silenced by avatar.showWarnings = False), an IK chain it cannot measure",
    "LITE-MOTION-W02": "numba is installed but cannot import, compile or cache the root-motion "
    "pass; the Python path is used (once per process)",
    "LITE-MOTION-W03": "a root-motion member's clip time is not finite or beyond 2^51 loops (a "
    "huge speed ratio); that member alone gets no root motion (once per tracker)",
    "LITE-RENDER-W01": "a base-colour texture could not be loaded; the mesh is drawn without it",
    "LITE-GLTF-W04": "animation channels whose target node or pointer index does not exist; "
    "skipped (one warning per animation), the others play",
    "LITE-GLTF-W05": "animation channels whose sampler output has the wrong type or number of "
    "values for the target; skipped (one warning per animation), the others play",
    "LITE-GLTF-W06": "animation channels whose sampler index does not exist; skipped (one "
    "warning per animation), the others play",
    "LITE-GLTF-W07": "a glTF group's clip has channels its asset cannot play (missing node, "
    "sampler, morph target or pointer, or values of the wrong size); skipped when the group is "
    "made, one warning per group and reason",
    "LITE-ANIM-W04": "an animation diagnostics listener raised; the load or update went on",
}

#: Longer notes for some codes (limits, defaults, what to do), printed under the code's table
#: row in ``docs/errors.md``. Optional: a code without a note has its one-line meaning only.
ERROR_NOTES: Final[dict[str, str]] = {
    "LITE-STATE-007": "Also raised by lite_compat for `from`, `to`, `beginFrame`, `endFrame` "
    "and `goToFrame(frame)`, where Babylon accepts +-Infinity but not NaN.",
    "LITE-STATE-014": "Also: lite_compat's `AnimationGroup(name)` without a scene, "
    "`addTargetedAnimation(animation, None)`, a mask that is not an `AnimationGroupMask`. "
    "A clip that is not a `PropertyAnimationClip` (was LITE-STATE-007) and a group's `mask` "
    "that is not a mask (was LITE-STATE-013) raise it too.",
    "LITE-GLTF-011": "The default budget is `max(64 MiB, 64 x the input's bytes)`; "
    "`read_gltf_document(..., max_decoded_bytes=N)` sets another. Refused before allocating.",
    "LITE-GLTF-012": "Refused before reading.",
    "LITE-COMPAT-185": "Refused before any mesh or list is created, from the arguments alone "
    "(`lite_compat.meshes.shape_budget.MAX_SHAPE_VERTICES`, 2,097,152 vertices per call); "
    "the option named (`options.tessellation`, `options.tileSize`, ...) is the one to lower.",
    "LITE-GPU-001": "Raised by `lite.create_engine()` and by `lite-anim render` / "
    "`lite.tools.render`. On Linux without a GPU, `apt-get install mesa-vulkan-drivers` gives "
    "a CPU Vulkan adapter (lavapipe).",
    "LITE-ANIM-020": "`MAX_BAKE_FPS` is 10,000 (`lite.bake.MAX_BAKE_FPS`): a typo such as "
    "`--fps 60000` fails before any file is read.",
    "LITE-ANIM-021": "`MAX_BAKE_FRAMES` is 1,000,000 frames per clip.",
    "LITE-CLI-010": "`lite-anim` infers nothing from a suffix it does not write: `bake` writes "
    "`.npz`, `.json`, `.zarr` or `.glb` (and `--format` must agree with `-o`), `plot`, "
    "`plot-easing` and `render -o` write `.png`, `render --gif` writes `.gif`.",
    "LITE-CLI-011": "`lite-anim bake` never overwrites; `--force` does. `bake_file` and "
    "`bake_files` take `overwrite=` (default True, as before).",
    "LITE-BAKE-014": "Not raised: the row of the output carries it, with the system's reason "
    "(`ENOSPC`, `EACCES`, ...). Outputs are written to a temporary file and renamed into place, "
    "so the file that was there before is left byte for byte.",
    "LITE-BAKE-013": "Not raised: the row of the file carries it (`bake_files` returns one row "
    "per file, and a failing file never stops the others). The reason names the exception, "
    "e.g. a worker process killed for memory, or `lite` missing on a Dask worker.",
}


def finite_real(value: object) -> float | None:
    """``value`` as a float when it is a finite real number (bools refused), else None.

    Accepts Python and NumPy ints and floats; a huge int that overflows a float is refused
    rather than raising ``OverflowError``.
    """
    if type(value) is float:
        return value if value - value == 0.0 else None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except (OverflowError, TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def integer(value: object) -> int | None:
    """``value`` as an int when it is a Python or NumPy integer (bools refused), else None.

    The integer counterpart of :func:`finite_real`: ``np.int64(3)`` is accepted like ``3``;
    ``3.0``, ``"3"`` and ``True`` are refused.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


#: Most characters of one error message: longer ones are cut in the middle (the cut counted).
MAX_MESSAGE_CHARS: Final = 2000
#: Most items :func:`listed` names before counting the rest.
MAX_LISTED: Final = 8
#: Most characters of one item :func:`listed` or :func:`short_repr` shows.
MAX_ITEM_CHARS: Final = 60


def short_repr(value: object, limit: int = MAX_ITEM_CHARS) -> str:
    """``repr(value)``, cut to ``limit`` characters (``...`` marks the cut).

    Examples
    --------
    >>> short_repr("x" * 100, 10)
    "'xxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= limit else text[: max(limit - 3, 1)] + "..."


def listed(items: Iterable[object], limit: int = MAX_LISTED) -> str:
    """A size-bounded list for a message: at most ``limit`` items (each :func:`short_repr`),
    then ``and N more``. Every message built from a list of names goes through this.

    Examples
    --------
    >>> listed(["walk", "run"])
    "'walk', 'run'"
    >>> listed([f"c{i}" for i in range(20)], 3)
    "'c0', 'c1', 'c2' and 17 more"
    >>> listed([])
    'none'
    """
    shown: list[str] = []
    total = 0
    for item in items:
        if total < limit:
            shown.append(short_repr(item))
        total += 1
    if not shown:
        return "none"
    text = ", ".join(shown)
    return text if total <= limit else f"{text} and {total - limit} more"


def _bounded(text: str) -> str:
    """``text`` cut in the middle to :data:`MAX_MESSAGE_CHARS` (a backstop behind
    :func:`listed`: no input can make a message unbounded)."""
    if len(text) <= MAX_MESSAGE_CHARS:
        return text
    keep = MAX_MESSAGE_CHARS // 2
    return f"{text[:keep]} ... ({len(text) - 2 * keep} characters cut) ... {text[-keep:]}"


class LiteError(ValueError):
    """Base class of every validation error raised by ``lite`` and ``lite_compat``.

    Parameters
    ----------
    code
        Stable identifier such as ``"LITE-ANIM-003"``; see :data:`ERROR_CODES`.
    message
        What was wrong, where, and what was received.
    hint
        How to fix it (optional, but given wherever a fix is known).
    input_name
        The argument, track path or JSON path at fault (optional).
    """

    code: str
    hint: str | None
    input_name: str | None

    def __init__(
        self,
        code: str,
        message: str,
        *,
        hint: str | None = None,
        input_name: str | None = None,
    ) -> None:
        self.code = code
        self.message = message = _bounded(message)
        self.hint = hint = None if hint is None else _bounded(hint)
        self.input_name = input_name
        text = f"[{code}] {message}"
        if hint:
            text += f" (hint: {hint})"
        super().__init__(text)


class KeyframeError(LiteError):
    """Malformed keys, key times, key values, samplers or clips."""


class AnimationPathError(LiteError):
    """A dotted property path that cannot be bound on its target."""


class AnimationStateError(LiteError):
    """A bad argument to a group, manager, weight or fade call; the previous state is kept."""


class GltfLoadError(LiteError):
    """A glTF file that is malformed, unsafe or uses a required feature we do not support."""


class UnsupportedError(LiteError):
    """A feature this runtime deliberately does not provide (with a named reason)."""


class LiteWarning(UserWarning):
    """Content skipped on purpose (an optional extension, an unsupported pointer, ...).

    Parameters
    ----------
    code
        Stable identifier such as ``"LITE-GLTF-W01"`` (see ``docs/errors.md``).
    message
        What was skipped, where, and why.

    Attributes
    ----------
    code
        The stable code; filter on it (``w.message.code == "LITE-GLTF-W01"``), not on wording.
    message
        The text after the code.

    Notes
    -----
    ``str(warning)`` starts with the code in brackets, ``[LITE-GLTF-W01] ...``, as before the
    code became an attribute, so filters written against the text keep working. The one-argument
    form ``LiteWarning("[CODE] text")`` (what ``warnings.warn(text, LiteWarning)`` builds) reads
    the code from the brackets; without brackets the code is ``""``.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str | None = None) -> None:
        if message is None:
            text = code
            code, message = _split_code(text)
        else:
            text = f"[{code}] {message}"
        self.code = code
        self.message = message
        super().__init__(text)


def _split_code(text: str) -> tuple[str, str]:
    """``("CODE", "rest")`` of ``"[CODE] rest"``; ``("", text)`` when there is no code."""
    if text.startswith("["):
        end = text.find("]")
        if end > 1 and " " not in text[1:end]:
            return text[1:end], text[end + 1 :].lstrip(" ")
    return "", text

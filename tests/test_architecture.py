"""The import contract of ``lite`` and ``lite_compat``, in one place.

Every rule of docs/architecture/index.md ("The rules") is a test here, read off the source with
:mod:`ast` (no import-linter dependency). An import is tagged by where it sits:

* ``top``: at module level, run when the module is imported;
* ``lazy``: inside a function or method, run when that is called;
* ``type``: under ``if TYPE_CHECKING:``, never run.

Rules (runtime imports are ``top`` and ``lazy`` ones):

1. ``lite``'s layers run one way: tools > composition (``lite``, ``lite._compose``) > bake
   (inside it: executors > files > writers > sampling, snapshot, zarr, glb > types, _atomic)
   > pose > batch > loader_gltf > motion > skeleton > animation > errors / assets.
2. No ``lazy`` and no ``importlib`` first-party imports outside ``lite/tools/``: a function-level
   import hides a cycle, and a cycle means a shared service sits in the wrong file.
3. Forbidden imports: the runtime (all of ``lite`` but ``lite/tools``) never imports
   ``lite_compat``, ``parity``, matplotlib, PIL or tqdm; ``wgpu`` only in the GPU upload module
   and the render tool; ``pygltflib`` only in the glTF loader and the asset generator. These hold
   for ``type`` imports too.
4. ``lite_compat``'s layers: loading > scene, motion > the scene objects (cameras, lights,
   bones, morph, meshes.builders > meshes > nodes > materials > materials.textures) and
   animations > engines, observable > math > _js (and the other private
   bottom modules: _refusal, _lazy, _moved, _words); animations and the scene objects never
   import each other, and the top scene-object siblings never import one another.
5. ``lite_compat`` imports from ``lite`` only names in ``lite.__all__`` (``from lite import X``),
   plus ``lite.errors`` and ``lite.path_guard`` (the sealed path walk both packages run): the
   compat/lite seam is visible in one place.
6. No ``_private`` name is imported across subpackages.
7. No import cycle among modules or among subpackages (runtime imports). Counting ``type``
   imports too, ``lite`` has none either, and ``lite_compat``'s only type-level references back
   are among Babylon's mutually-referencing classes (Animation, Animatable, RuntimeAnimation,
   Scene; Bone and Skeleton; MorphTarget and MorphTargetManager), listed in
   ``COMPAT_TYPE_ONLY_CYCLES``.
8. ``import lite`` loads neither wgpu, matplotlib, PIL, tqdm, lite_compat nor parity.
9. Tests mirror the source: every ``tests/<package>/<sub>/test_<module>[_<aspect>].py`` names
   a module of ``<package>.<sub>`` (a few cross-cutting files are listed by name).
10. No runtime module but the math ports (``lite_compat/math/vector.py``, ``color.py``) is over
    1,000 lines.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRST_PARTY = ("lite", "lite_compat", "parity")

# Longest prefix wins; a higher index is a higher layer.
LITE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("lite.errors", "lite.assets", "lite.path_guard", "lite._moved"),
    ("lite.animation",),
    ("lite.skeleton",),
    ("lite.motion",),
    ("lite.loader_gltf",),
    ("lite.batch",),
    ("lite.pose",),
    # lite.bake, bottom up: its data, then sampling and the two foreign formats, then the
    # writer over all formats, one file's bake, many files on executors, the package face.
    ("lite.bake.types", "lite.bake._atomic"),
    ("lite.bake.snapshot", "lite.bake.sampling", "lite.bake.zarr", "lite.bake.glb"),
    ("lite.bake.writers",),
    ("lite.bake.files",),
    ("lite.bake.executors",),
    ("lite.bake",),
    ("lite", "lite._compose", "lite.bake_gltf", "lite.bake_zarr"),  # the last two: old paths
    ("lite.tools", "lite.__main__"),  # ``python -m lite`` is the command line
)
# Babylon.js's scene objects, bottom up: Materials/Textures < Materials < Node < Meshes < what is
# built on a mesh or a node (Meshes/Builders, Morph, Bones, Cameras, Lights).
SCENE_OBJECT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("lite_compat.materials.textures",),
    ("lite_compat.materials",),
    ("lite_compat.nodes",),
    ("lite_compat.meshes",),
    (
        "lite_compat.meshes.builders",
        "lite_compat.morph",
        "lite_compat.bones",
        "lite_compat.cameras",
        "lite_compat.lights",
    ),
)
SCENE_OBJECTS: tuple[str, ...] = tuple(p for layer in SCENE_OBJECT_LAYERS for p in layer)
COMPAT_LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "lite_compat._js",
        "lite_compat._js_rows",
        "lite_compat._refusal",
        "lite_compat._lazy",
        "lite_compat._moved",
        "lite_compat._words",
    ),
    ("lite_compat.math",),
    (
        "lite_compat.observable",
        "lite_compat.engines.engine_store",
        "lite_compat.engines.abstract_engine",
        "lite_compat.engines.render_loop",
    ),
    ("lite_compat.animations",),  # beside the scene objects: see COMPAT_INDEPENDENT
    *SCENE_OBJECT_LAYERS,
    ("lite_compat.scene", "lite_compat.motion"),
    ("lite_compat.loading",),
    ("lite_compat",),
)
# Areas that never import each other, in either direction, whatever their layers: animations
# and the scene objects meet through duck-typed targets and ``SceneLike`` only.
COMPAT_INDEPENDENT: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("lite_compat.animations",),
    SCENE_OBJECTS,
)
# Siblings of the top scene-object layer stand side by side: none imports another.
COMPAT_SIBLINGS_APART: tuple[str, ...] = SCENE_OBJECT_LAYERS[-1]

RUNTIME_FORBIDDEN = ("lite_compat", "parity", "matplotlib", "PIL", "tqdm")
ONLY_IN = {
    "wgpu": ("lite.skeleton.gpu_upload", "lite.tools.render", "lite.tools.render_gpu"),
    "pygltflib": ("lite.loader_gltf", "lite.tools.make_default"),
}
# Test files named for a behaviour across modules rather than for one module.
CROSS_CUTTING_TESTS: frozenset[str] = frozenset(
    {
        "tests/lite/test_allocations.py",  # no per-frame growth, every hot path
        "tests/lite/batch/test_batch_parity.py",  # every parity scenario through the batch engine
        "tests/lite_compat/test_animation_targets.py",  # scene objects as Animation targets
    }
)
MAX_LINES = 1000
#: The math ports: Babylon keeps its vector, quaternion and matrix classes in one file (they
#: construct one another), and its Color3/Color4 in another; the port follows.
OVERSIZE_ALLOWED = frozenset({"lite_compat/math/vector.py", "lite_compat/math/color.py"})


@dataclass(frozen=True, slots=True)
class Import:
    """One import statement's target, as seen from its module."""

    src: str  # importing module, dotted
    dst: str  # imported module, dotted (for ``from m import n``: ``m``, or ``m.n`` if a module)
    names: tuple[str, ...]  # names taken by ``from m import ...`` (empty for ``import m``)
    kind: str  # "top", "lazy", "type" or "importlib"
    line: int

    @property
    def where(self) -> str:
        return f"{self.src}:{self.line}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _is_module(dotted: str) -> bool:
    base = ROOT.joinpath(*dotted.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _walk(node: ast.AST, src: str, kind: str) -> Iterator[Import]:
    for child in ast.iter_child_nodes(node):
        child_kind = kind
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            yield from _walk_body(child.body, src, "type")
            yield from _walk_body(child.orelse, src, kind)
            continue
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            child_kind = "type" if kind == "type" else "lazy"
        if isinstance(child, ast.Import):
            for alias in child.names:
                yield Import(src, alias.name, (), kind, child.lineno)
        elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
            names = tuple(a.name for a in child.names)
            yield Import(src, child.module, names, kind, child.lineno)
            for name in names:  # ``from lite import tools`` imports the module lite.tools
                if _is_module(f"{child.module}.{name}"):
                    yield Import(src, f"{child.module}.{name}", (), kind, child.lineno)
        elif isinstance(child, ast.Call) and ast.unparse(child.func).endswith("import_module"):
            target = child.args[0] if child.args else None
            dst = target.value if isinstance(target, ast.Constant) else "?"
            yield Import(src, str(dst), (), "importlib", child.lineno)
        yield from _walk(child, src, child_kind)


def _walk_body(body: list[ast.stmt], src: str, kind: str) -> Iterator[Import]:
    holder = ast.Module(body=body, type_ignores=[])
    yield from _walk(holder, src, kind)


def imports(package: str) -> list[Import]:
    """Every import statement in ``package``, tagged ``top``/``lazy``/``type``/``importlib``."""
    found: list[Import] = []
    for path in _sources(package):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found.extend(_walk(tree, _module_name(path), "top"))
    return found


def _top_level(dotted: str) -> str:
    return dotted.split(".")[0]


def _first_party(imp: Import) -> bool:
    return _top_level(imp.dst) in FIRST_PARTY or imp.kind == "importlib"


def _layer(module: str, layers: tuple[tuple[str, ...], ...]) -> tuple[int, str]:
    best = (-1, "")
    for index, prefixes in enumerate(layers):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > len(best[1]):
                best = (index, prefix)
    return best


def _in(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _is_tool(module: str) -> bool:
    return _in(module, ("lite.tools",))


LITE = imports("lite")
COMPAT = imports("lite_compat")


def test_the_walk_sees_every_kind_of_import() -> None:
    # Guard the guard: the tagger must find the kinds it claims to check.
    kinds = {imp.kind for imp in LITE + COMPAT}
    assert {"top", "type"} <= kinds
    assert any(imp.dst == "numpy" for imp in LITE)


def test_lite_layers_run_downward_only() -> None:
    upward = []
    for imp in LITE:
        if imp.kind == "type" or _top_level(imp.dst) != "lite":
            continue
        src_layer, _ = _layer(imp.src, LITE_LAYERS)
        dst_layer, _ = _layer(imp.dst, LITE_LAYERS)
        assert src_layer >= 0, f"{imp.src} is in no layer: add it to LITE_LAYERS"
        assert dst_layer >= 0, f"{imp.dst} is in no layer: add it to LITE_LAYERS"
        if dst_layer > src_layer:
            upward.append(f"{imp.where} imports upward: {imp.dst}")
    assert not upward, "\n".join(upward)


def test_no_function_level_or_importlib_first_party_imports_outside_tools() -> None:
    hidden = [
        f"{imp.where} {imp.kind} import of {imp.dst}"
        for imp in LITE + COMPAT
        if imp.kind in ("lazy", "importlib") and _first_party(imp) and not _is_tool(imp.src)
    ]
    assert not hidden, "\n".join(hidden)


def test_the_runtime_never_imports_tooling_compat_or_parity() -> None:
    bad = [
        f"{imp.where} imports {imp.dst}"
        for imp in LITE
        if not _is_tool(imp.src) and _top_level(imp.dst) in RUNTIME_FORBIDDEN
    ]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("library", sorted(ONLY_IN))
def test_heavy_libraries_are_imported_in_their_one_place(library: str) -> None:
    allowed = ONLY_IN[library]
    bad = [
        f"{imp.where} imports {library}"
        for imp in LITE + COMPAT
        if _top_level(imp.dst) == library and not _in(imp.src, allowed)
    ]
    assert not bad, "\n".join(bad)
    assert any(_top_level(imp.dst) == library for imp in LITE), f"{library} not found at all"


def test_compat_layers_run_downward_only() -> None:
    upward = []
    for imp in COMPAT:
        if imp.kind == "type" or _top_level(imp.dst) != "lite_compat":
            continue
        src_layer, src_area = _layer(imp.src, COMPAT_LAYERS)
        dst_layer, dst_area = _layer(imp.dst, COMPAT_LAYERS)
        assert src_layer >= 0, f"{imp.src} is in no layer: add it to COMPAT_LAYERS"
        assert dst_layer >= 0, f"{imp.dst} is in no layer: add it to COMPAT_LAYERS"
        if dst_layer > src_layer:
            upward.append(f"{imp.where} imports upward: {imp.dst}")
        elif (
            dst_layer == src_layer
            and src_area != dst_area
            and {src_area, dst_area} <= set(COMPAT_SIBLINGS_APART)
        ):
            upward.append(f"{imp.where}: {src_area} and {dst_area} must not meet ({imp.dst})")
    assert not upward, "\n".join(upward)


def test_animations_and_the_scene_objects_never_meet() -> None:
    left, right = COMPAT_INDEPENDENT
    crossing = [
        f"{imp.where} imports {imp.dst}"
        for imp in COMPAT
        if imp.kind != "type"
        and (
            (_in(imp.src, left) and _in(imp.dst, right))
            or (_in(imp.src, right) and _in(imp.dst, left))
        )
    ]
    assert not crossing, "\n".join(crossing)
    assert all(_is_module(area) for area in (*left, *right)), "an area in the rule does not exist"


def test_compat_uses_lite_only_through_its_public_names() -> None:
    import lite

    public = set(lite.__all__)
    bad = []
    for imp in COMPAT:
        if _top_level(imp.dst) != "lite":
            continue
        if imp.dst in ("lite.errors", "lite.path_guard"):
            continue
        if imp.dst != "lite" or not imp.names:
            bad.append(f"{imp.where} imports {imp.dst}: use `from lite import <public name>`")
            continue
        bad.extend(
            f"{imp.where} imports lite.{name}, which is not in lite.__all__"
            for name in imp.names
            if name not in public
        )
    assert not bad, "\n".join(bad)


def _subpackage(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else parts[0]


def test_no_private_name_crosses_a_subpackage() -> None:
    # Private *modules* with public names (``lite_compat._js``) are fine, as in httpx.
    bad = [
        f"{imp.where} takes {name} from {imp.dst}"
        for imp in LITE + COMPAT
        if _top_level(imp.dst) in FIRST_PARTY and _subpackage(imp.src) != _subpackage(imp.dst)
        for name in imp.names
        if name.startswith("_") and not _is_module(f"{imp.dst}.{name}")
    ]
    assert not bad, "\n".join(bad)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _runtime_edges(found: list[Import], key: object = None) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for imp in found:
        if imp.kind == "type" or _top_level(imp.dst) not in FIRST_PARTY:
            continue
        src, dst = imp.src, imp.dst
        if key is _subpackage:
            src, dst = _subpackage(src), _subpackage(dst)
        if src != dst and not _is_package_init_edge(src, dst):
            edges.setdefault(src, set()).add(dst)
    return edges


def _is_package_init_edge(src: str, dst: str) -> bool:
    # A package's __init__ re-exporting its own modules is not a cycle with them.
    return dst.startswith(src + ".")


def test_no_import_cycle_among_modules() -> None:
    cycles = _cycles(_runtime_edges(LITE + COMPAT))
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def test_no_import_cycle_among_subpackages() -> None:
    cycles = _cycles(_runtime_edges(LITE + COMPAT, key=_subpackage))
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def _all_edges(found: list[Import]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for imp in found:
        first_party = _top_level(imp.dst) in FIRST_PARTY
        if first_party and imp.src != imp.dst and not _is_package_init_edge(imp.src, imp.dst):
            edges.setdefault(imp.src, set()).add(imp.dst)
    return edges


# Babylon.js's Animation, Animatable, RuntimeAnimation and Scene name each other in their
# signatures (an animatable's scene, a runtime animation's host, ...). The port keeps those
# annotations (they are the public signatures users type-check against), under TYPE_CHECKING,
# so these modules refer to each other in types only; at run time they import one way. The
# delegation boundary's modules (delegation, fallback_reasons, track_analysis, overlaps) name
# the Animatable and RuntimeAnimation they plan in the same way, and AnimationGroup's base names
# the group and its TargetedAnimation (Babylon's own pair); Animation's statics base names the
# Animation, Scene and Animatable of its signatures.
# Likewise Babylon's Bone and Skeleton (``new Bone(name, skeleton)``, ``bone.getSkeleton()``) and
# MorphTarget and MorphTargetManager (a target's constructor and ``Parse`` take its manager):
# one file per class, the owner imports the owned at run time, the owned names its owner in
# types only.
COMPAT_TYPE_ONLY_CYCLES = (
    frozenset(
        {
            "lite_compat.animations.animatable",
            "lite_compat.animations.animation",
            "lite_compat.animations.animation_group",
            "lite_compat.animations.animation_group_base",
            "lite_compat.animations.animation_statics",
            # Animatable._animate registers with the batch's segments; their weighted rows
            # queue late bindings, which name the Scene in types.
            "lite_compat.animations.batch",
            "lite_compat.animations.batch_segments",
            "lite_compat.animations.batch_weighted",
            "lite_compat.animations.delegation",
            "lite_compat.animations.fallback_reasons",
            "lite_compat.animations.late_binding",
            "lite_compat.animations.overlaps",
            "lite_compat.animations.runtime_animation",
            "lite_compat.animations.track_analysis",
            "lite_compat.animations.track_bulk",
            "lite_compat.engines.engine_store",
            "lite_compat.scene.scene",
        }
    ),
    frozenset({"lite_compat.bones.bone", "lite_compat.bones.skeleton"}),
    frozenset({"lite_compat.morph.morph_target", "lite_compat.morph.morph_target_manager"}),
)


def test_lite_has_no_cycle_even_counting_type_only_imports() -> None:
    cycles = _cycles(_all_edges(LITE))
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def test_compats_type_only_references_stay_within_babylons_own() -> None:
    cycles = [set(c) for c in _cycles(_all_edges(COMPAT))]
    assert all(any(c <= known for known in COMPAT_TYPE_ONLY_CYCLES) for c in cycles), cycles


def test_importing_lite_stays_light() -> None:
    heavy = ("wgpu", "matplotlib", "PIL", "tqdm", "lite_compat", "parity")
    probe = f"import sys, lite; print(','.join(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "", f"import lite loaded {done.stdout.strip()}"


def _modules_in(package: str) -> set[str]:
    folder = ROOT.joinpath(*package.split("."))
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    return names | {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}


@pytest.mark.parametrize("package", ["lite", "lite_compat"])
def test_tests_mirror_the_source_folders(package: str) -> None:
    # tests/<package>/<sub>/test_<module>[_<aspect>].py tests <package>.<sub>.<module>.
    tests = ROOT / "tests" / package
    strays = []
    for test_file in sorted(tests.rglob("test_*.py")):
        rel = test_file.relative_to(ROOT).as_posix()
        subject = ".".join((package, *test_file.parent.relative_to(tests).parts))
        if rel in CROSS_CUTTING_TESTS:
            continue
        if not _is_module(subject):
            strays.append(f"{rel}: no package {subject} to mirror")
            continue
        name = test_file.stem.removeprefix("test_")
        modules = {m.lstrip("_") for m in _modules_in(subject)}
        if not any(name == m or name.startswith(m + "_") for m in modules):
            strays.append(
                f"{rel}: names no module of {subject} (or list it in CROSS_CUTTING_TESTS)"
            )
    assert not strays, "\n".join(strays)


def test_no_runtime_module_is_oversized() -> None:
    big = []
    for package in ("lite", "lite_compat"):
        for path in _sources(package):
            rel = path.relative_to(ROOT).as_posix()
            lines = path.read_text(encoding="utf-8").count("\n")
            if lines > MAX_LINES and rel not in OVERSIZE_ALLOWED:
                big.append(f"{rel}: {lines} lines")
    assert not big, "\n".join(big)

"""lite_compat's coverage of the Babylon.js 9.31 surface recorded in ``manifest.json``.

``manifest.json`` (written by ``manifest.mjs`` under Node from the pinned ``@babylonjs/core``)
lists every public member of the classes animation scripts touch. Each member is, for
lite_compat's top-level class of the same name (``import lite_compat as BABYLON``):

* **refused**: declared with :class:`lite_compat._refusal.Refused` (reading it raises
  ``UnsupportedError`` with a code naming the reason); for ``BABYLON`` (the top-level names),
  listed in :data:`lite_compat._top_level.TOP_LEVEL_REFUSALS` (``lite_compat.__getattr__``);
* **implemented**: found on the class (any base: methods, properties, class attributes, slots)
  or on an instance built like the manifest's (``FACTORIES``), or readable through the class's
  ``__getattr__`` (``AnimationRange.from``);
* **missing**: neither (the whole class when lite_compat has no such top-level name).

``baseline.json`` holds the missing count per class: the manifest test fails when any count
grows, and ``python -m parity.surface --ratchet`` lowers it as members land. Issue 12 is done
when every count is zero.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import lite_compat as BABYLON  # noqa: N812 - the spelling every port uses
from lite.errors import UnsupportedError
from lite_compat._refusal import REASONS, refusal_of

__all__ = [
    "BASELINE",
    "MANIFEST",
    "ClassCoverage",
    "coverage",
    "load_baseline",
    "load_manifest",
    "markdown_table",
    "refusals_markdown",
    "total_sentence",
]

HERE: Final = Path(__file__).resolve().parent
MANIFEST: Final = HERE / "manifest.json"
BASELINE: Final = HERE / "baseline.json"

_State = Any


def _factories(scene: Any) -> dict[str, Callable[[], object]]:
    """Python twins of ``manifest.mjs``'s instance factories (same arguments)."""
    B: Any = BABYLON  # noqa: N806 - read as the ports read it
    v0: Callable[[], Any] = lambda: B.Vector3.Zero()  # noqa: E731

    def runtime() -> object:
        a = B.Animation("r", "x", 30, B.Animation.ANIMATIONTYPE_FLOAT)
        a.setKeys([{"frame": 0, "value": 0}, {"frame": 1, "value": 1}])
        target = type("Target", (), {"x": 0})()
        return B.RuntimeAnimation(target, a, scene, B.Animatable(scene, target))

    return {
        "Animation": lambda: B.Animation("a", "position", 30, B.Animation.ANIMATIONTYPE_VECTOR3),
        "Animatable": lambda: B.Animatable(scene, type("Target", (), {"x": 0})()),
        "AnimationGroup": lambda: B.AnimationGroup("g", scene),
        "TargetedAnimation": lambda: B.TargetedAnimation(B.AnimationGroup("g2", scene)),
        "AnimationGroupMask": lambda: B.AnimationGroupMask([]),
        "RuntimeAnimation": runtime,
        "AnimationEvent": lambda: B.AnimationEvent(0, lambda _frame: None),
        "AnimationRange": lambda: B.AnimationRange("r", 0, 1),
        "AnimationPropertiesOverride": lambda: B.AnimationPropertiesOverride(),
        **{
            name: getattr(B, name)
            for name in (
                "EasingFunction",
                "BackEase",
                "BezierCurveEase",
                "BounceEase",
                "CircleEase",
                "CubicEase",
                "ElasticEase",
                "ExponentialEase",
                "PowerEase",
                "QuadraticEase",
                "QuarticEase",
                "QuinticEase",
                "SineEase",
                "Observable",
                "Vector2",
                "Vector3",
                "Vector4",
                "Quaternion",
                "Matrix",
                "Color3",
                "Color4",
            )
            if hasattr(B, name)
        },
        "Scene": lambda: B.Scene(scene.getEngine()),
        "NullEngine": lambda: B.NullEngine(),
        "Engine": lambda: B.Engine(None),
        "AbstractEngine": lambda: B.Engine(None),
        "Node": lambda: B.Node("n", scene),
        "TransformNode": lambda: B.TransformNode("t", scene),
        "AbstractMesh": lambda: B.AbstractMesh("am", scene),
        "Mesh": lambda: B.Mesh("m", scene),
        "InstancedMesh": lambda: B.MeshBuilder.CreateBox("box", {}, scene).createInstance("i"),
        "Camera": lambda: B.Camera("c", v0(), scene),
        "TargetCamera": lambda: B.TargetCamera("tc", v0(), scene),
        "FreeCamera": lambda: B.FreeCamera("fc", v0(), scene),
        "UniversalCamera": lambda: B.UniversalCamera("uc", v0(), scene),
        "ArcRotateCamera": lambda: B.ArcRotateCamera("ac", 0, 1, 2, v0(), scene),
        "Light": lambda: B.Light("l", scene),
        "ShadowLight": lambda: B.ShadowLight("sl", scene),
        "HemisphericLight": lambda: B.HemisphericLight("h", B.Vector3.Up(), scene),
        "DirectionalLight": lambda: B.DirectionalLight("d", B.Vector3(0, -1, 0), scene),
        "PointLight": lambda: B.PointLight("p", v0(), scene),
        "SpotLight": lambda: B.SpotLight("s", v0(), B.Vector3(0, -1, 0), 1, 2, scene),
        "Material": lambda: B.Material("mat", scene),
        "StandardMaterial": lambda: B.StandardMaterial("std", scene),
        "PBRMaterial": lambda: B.PBRMaterial("pbr", scene),
        "Texture": lambda: B.Texture(None, scene),
        "Skeleton": lambda: B.Skeleton("sk", "sk", scene),
        "Bone": lambda: B.Bone("b", B.Skeleton("sk2", "sk2", scene)),
        "MorphTarget": lambda: B.MorphTarget("mt", 0, scene),
        "MorphTargetManager": lambda: B.MorphTargetManager(scene),
        "AssetContainer": lambda: B.AssetContainer(scene),
        "InstantiatedEntries": lambda: B.InstantiatedEntries(),
        "Size": lambda: B.Size(0, 0),
        "Angle": lambda: B.Angle(0),
        "Path3D": lambda: B.Path3D([v0(), B.Vector3(1, 0, 0)]),
        "Curve3": lambda: B.Curve3([v0(), B.Vector3(1, 0, 0)]),
    }


@dataclass
class ClassCoverage:
    """One manifest class: its members sorted into implemented, refused and missing."""

    name: str
    implemented: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    present: bool = False
    constructed: bool = False
    #: Refused member -> its reason's code (``LITE-COMPAT-021`` ...).
    reasons: dict[str, str] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Members Babylon.js has."""
        return len(self.implemented) + len(self.refused) + len(self.missing)


def load_manifest(path: Path = MANIFEST) -> dict[str, Any]:
    """The committed manifest."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def load_baseline(path: Path = BASELINE) -> dict[str, int]:
    """The committed missing count per class."""
    data: dict[str, int] = json.loads(path.read_text(encoding="utf-8"))["missing"]
    return data


def _classify(owner: Any, instance: object, member: str) -> str:
    if isinstance(owner, type) and refusal_of(owner, member) is not None:
        return "refused"
    if isinstance(owner, type):
        if any(member in vars(klass) for klass in owner.__mro__):
            return "implemented"
    elif hasattr(owner, member):  # a module-level object (an enum, a namespace)
        return "implemented"
    probe = instance if instance is not None else owner
    if instance is not None and member in getattr(instance, "__dict__", {}):
        return "implemented"
    try:
        getattr(probe, member)
    except UnsupportedError:
        return "refused"
    except AttributeError:
        return "missing"
    except Exception:  # noqa: BLE001 - a getter that raises on this bare instance still exists
        return "implemented"
    return "implemented"


def _entries(manifest: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    for name, entry in manifest["classes"].items():
        yield name, sorted({*entry["statics"], *entry["members"]})


def coverage(manifest: dict[str, Any] | None = None) -> list[ClassCoverage]:
    """lite_compat against the manifest, one :class:`ClassCoverage` per class (manifest order)."""
    manifest = load_manifest() if manifest is None else manifest
    scene = BABYLON.Scene(BABYLON.NullEngine())
    factories = _factories(scene)
    out: list[ClassCoverage] = []
    for name, members in _entries(manifest):
        row = ClassCoverage(name)
        if name == "BABYLON":
            row.present = True
            for member in members:
                top = BABYLON.top_level_refusal(member)
                if top is not None:
                    row.refused.append(member)
                    row.reasons[member] = top.reason.code
                elif member in vars(BABYLON):
                    row.implemented.append(member)
                else:
                    row.missing.append(member)
            out.append(row)
            continue
        owner = getattr(BABYLON, name, None)
        if owner is None:
            row.missing = list(members)
            out.append(row)
            continue
        row.present = True
        instance: object = None
        factory = factories.get(name)
        if factory is not None:
            try:
                instance = factory()
                row.constructed = True
            except Exception:  # noqa: BLE001 - a constructor we do not match yet: class only
                instance = None
        for member in members:
            kind = _classify(owner, instance, member)
            getattr(row, kind).append(member)
            refusal = refusal_of(owner, member) if isinstance(owner, type) else None
            if kind == "refused" and refusal is not None:
                row.reasons[member] = refusal.reason.code
        out.append(row)
    return out


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def markdown_table(rows: list[ClassCoverage]) -> str:
    """The coverage table (Markdown), one line per class plus the total."""
    lines = [
        "| class | implemented | refused | missing | total | covered |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        label = r.name if r.present else f"{r.name} (absent)"
        covered = len(r.implemented) + len(r.refused)
        lines.append(
            f"| {label} | {len(r.implemented)} | {len(r.refused)} | {len(r.missing)} "
            f"| {r.total} | {_pct(covered, r.total)} |"
        )
    impl = sum(len(r.implemented) for r in rows)
    ref = sum(len(r.refused) for r in rows)
    miss = sum(len(r.missing) for r in rows)
    total = impl + ref + miss
    lines.append(
        f"| **all {len(rows)}** | **{impl}** | **{ref}** | **{miss}** | **{total}** "
        f"| **{_pct(impl + ref, total)}** |"
    )
    return "\n".join(lines) + "\n"


#: A class refusing more members than this for one reason is summarised by its count (list
#: them with ``python -m parity.surface --refused CLASS``).
LISTED_REFUSALS: Final = 30


def _top_level_area(member: str) -> str:
    refusal = BABYLON.top_level_refusal(member)
    return refusal.detail if refusal is not None else "?"


def refusals_markdown(rows: list[ClassCoverage]) -> str:
    """docs/compat.md's "not provided" list: the refused members, grouped by reason (named one
    by one, or counted per class or per top-level area where there are many)."""
    by_code: dict[str, list[str]] = {}
    for r in rows:
        members_by_code: dict[str, list[str]] = {}
        for member, code in r.reasons.items():
            members_by_code.setdefault(code, []).append(member)
        for code, members in members_by_code.items():
            if r.name == "BABYLON":
                areas: dict[str, int] = {}
                for member in members:
                    area = _top_level_area(member)
                    areas[area] = areas.get(area, 0) + 1
                counted = ", ".join(f"{area} ({n})" for area, n in sorted(areas.items()))
                by_code.setdefault(code, []).append(
                    f"{len(members)} top-level names `BABYLON.X`: {counted}"
                )
            elif len(members) > LISTED_REFUSALS:
                by_code.setdefault(code, []).append(
                    f"{len(members)} members of `{r.name}` "
                    f"(`python -m parity.surface --refused {r.name}`)"
                )
            else:
                by_code[code] = by_code.get(code, []) + [f"`{r.name}.{m}`" for m in members]
    lines = []
    for reason in REASONS.values():
        members = by_code.get(reason.code, [])
        if members:
            lines.append(f"- `{reason.code}` ({reason.name}: {reason.why}): {', '.join(members)}")
    return "\n".join(lines) + "\n"


def total_sentence(rows: list[ClassCoverage]) -> str:
    """README's one-line summary of the coverage (members counted, implemented, refused,
    missing), generated like the table."""
    impl = sum(len(r.implemented) for r in rows)
    ref = sum(len(r.refused) for r in rows)
    miss = sum(len(r.missing) for r in rows)
    return (
        f"{impl + ref + miss:,} members and top-level names of the Babylon.js 9.31 surface "
        f"(every public member of the classes scripts use, `Scene` and the engines whole, and "
        f"every function and class `@babylonjs/core` exports): {impl:,} implemented, {ref:,} "
        f"refused with a coded reason, {miss:,} missing"
    )

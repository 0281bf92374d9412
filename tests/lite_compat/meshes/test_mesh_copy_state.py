"""``_copy_state`` (Babylon's ``DeepCopier.DeepCopy`` in ``Mesh.clone``) with its names per
class computed once reads and writes the same names, in the same order, with the same values
as the implementation that filtered every name on every clone (kept here as the reference)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lite_compat import Mesh, NullEngine, Scene, Vector3
from lite_compat.meshes import mesh_members
from lite_compat.meshes.abstract_mesh_members import AbstractMeshMembers
from lite_compat.meshes.mesh_members import _NOT_COPIED, _class_names, _copy_state


def _reference_copy_state(source: object, target: object) -> None:
    # The implementation before the per-class name lists (commit e170712).
    table = _class_names(type(source))
    names = set(table)
    names.update(n for n in vars(source) if not n.startswith("_"))
    for name in sorted(names):
        if name in _NOT_COPIED or name.endswith("Observable") or name.isupper():
            continue
        if table.get(name, False):
            continue
        try:
            value = getattr(source, name)
        except Exception:  # noqa: BLE001, S112
            continue
        if callable(value) and not hasattr(value, "clone"):
            continue
        if isinstance(value, list):
            copied: object = (
                [v.clone() if hasattr(v, "clone") else v for v in value]
                if (value and not isinstance(value[0], (int, float, str, bool)))
                else list(value)
            )
        elif hasattr(value, "clone") and not isinstance(value, AbstractMeshMembers):
            copied = value.clone()
        elif isinstance(value, AbstractMeshMembers):
            copied = None
        else:
            copied = value
        try:
            setattr(target, name, copied)
        except Exception:  # noqa: BLE001, S112
            continue


class _Recorder:
    """A target that records each assignment (name, the value's class and picture)."""

    log: list[tuple[str, str, str | None]]

    def __init__(self) -> None:
        object.__setattr__(self, "log", [])

    def __setattr__(self, name: str, value: Any) -> None:
        picture = repr(value) if isinstance(value, int | float | str | bool | None) else None
        self.log.append((name, type(value).__name__, picture))
        if name == "refusesThis":
            raise AttributeError(name)


class _Special(Mesh):
    """A subclass with its own public members (a property, a read-only one, a method)."""

    extraSetting = 4.5

    @property
    def tint(self) -> Vector3:
        return Vector3(1, 2, 3)

    @tint.setter
    def tint(self, value: Vector3) -> None:
        pass

    @property
    def readOnly(self) -> int:
        return 1

    def helper(self) -> int:
        return 2


def _sources() -> list[Mesh]:
    scene = Scene(NullEngine())
    plain = Mesh("plain", scene)
    extras = Mesh("extras", scene)
    extras.customNumber = 3  # type: ignore[attr-defined]
    extras.aList = [Vector3(1, 2, 3), Vector3(4, 5, 6)]  # type: ignore[attr-defined]
    extras.numbers = [1, 2, 3]  # type: ignore[attr-defined]
    extras.refusesThis = 1  # type: ignore[attr-defined]
    extras.ZZZ = 1  # type: ignore[attr-defined]
    extras.someObservable = 1  # type: ignore[attr-defined]
    extras.Aaa = Vector3(7, 8, 9)  # type: ignore[attr-defined]
    extras.visibility = 0.5
    special = _Special("special", scene)
    special.zExtra = "z"  # type: ignore[attr-defined]
    return [plain, extras, special]


@pytest.mark.parametrize("index", [0, 1, 2])
def test_copy_state_matches_the_reference(index: int) -> None:
    for _ in range(2):  # cold, then with the class's names cached
        source = _sources()[index]
        ours, theirs = _Recorder(), _Recorder()
        _copy_state(source, ours)
        _reference_copy_state(source, theirs)
        assert ours.log == theirs.log
        assert len(ours.log) > 50


def test_copy_state_reads_each_class_table_once() -> None:
    mesh_members._COPIED_NAMES.pop(Mesh, None)
    source = _sources()[0]
    _copy_state(source, _Recorder())
    cached = mesh_members._COPIED_NAMES[Mesh]
    _copy_state(source, _Recorder())
    assert mesh_members._COPIED_NAMES[Mesh] is cached


@pytest.mark.parametrize("seed", range(6))
def test_copy_state_memo_of_instance_names_follows_each_edit(seed: int) -> None:
    # The names memo (per class, by the instance's key tuple) against the reference over a
    # seeded program: the same source copied again and again while public and private
    # members come and go, values change type (plain, vector, list, callable), and a second
    # mesh of the same class with other members is copied in between.
    rng = random.Random(seed)
    scene = Scene(NullEngine())
    source, other = Mesh("source", scene), Mesh("other", scene)
    other.otherOnly = 1  # type: ignore[attr-defined]
    values: list[Any] = [
        1,
        2.5,
        True,
        "s",
        None,
        Vector3(1, 2, 3),
        [1, 2],
        [Vector3(4, 5, 6)],
        len,
    ]
    pool = ["alpha", "beta", "_private", "zeta", "MAXV", "someObservable", "visibility"]
    for _ in range(25):
        name = rng.choice(pool)
        if name != "visibility" and name in vars(source) and rng.random() < 0.4:
            delattr(source, name)
        elif name == "visibility":
            source.visibility = rng.random()
        else:
            setattr(source, name, rng.choice(values))
        for mesh in (source, other) if rng.random() < 0.5 else (source,):
            ours, theirs = _SharingRecorder(mesh), _SharingRecorder(mesh)
            _copy_state(mesh, ours)
            _reference_copy_state(mesh, theirs)
            assert ours.log == theirs.log


class _SharingRecorder(_Recorder):
    """Also records whether each value is the source's own object (shared, not copied)."""

    def __init__(self, source: object) -> None:
        super().__init__()
        object.__setattr__(self, "source", source)

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        own = getattr(object.__getattribute__(self, "source"), name, None)
        self.log.append((name, "shared", repr(value is own and not isinstance(value, int))))

"""Structure-aware fuzzing of ``load_gltf`` on the generated fixtures.

Each input is a fixture mutated by ``gltf_mutate`` (JSON, buffer and GLB container damage).
It must either load, and then play (attach, play, step, seek, mask), or raise a ``LiteError``
subclass: any other exception is a crash. Each input must also finish within 2 s and stay
under a memory budget (``tracemalloc`` peak, on every ``TRACE_EVERY``-th input to keep the run
cheap). ``LiteWarning`` is expected; other warnings are recorded and reported.

Budget: ``LITE_FUZZ_EXAMPLES`` per (fixture, container) pair, 200 by default (4 fixtures x 3
containers = 2,400 inputs), derandomised so CI sees the same inputs every run; ``LITE_LONG=1``
raises it to 4,000 per pair (48,000 inputs) and ``LITE_FUZZ_SEED`` picks a different seed.

Inputs that once crashed live in ``tests/reliability/corpus/`` and are replayed every run.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import time
import traceback
import tracemalloc
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import lite
from lite import LiteError, LiteWarning
from lite.batch.engine import batch_engine_of
from lite.loader_gltf import load_gltf
from lite.skeleton.skeleton_updater import skeletons_affected_by
from tests.reliability.gltf_mutate import (
    ASSETS,
    CONTAINERS,
    FIXTURES,
    encode,
    load_source,
    mutate_blob,
    mutate_container,
    mutate_json,
)

LONG = os.environ.get("LITE_LONG") == "1"
EXAMPLES = int(os.environ.get("LITE_FUZZ_EXAMPLES", "4000" if LONG else "200"))
SEED = os.environ.get("LITE_FUZZ_SEED")
CORPUS = Path(__file__).resolve().parent / "corpus"
#: Per-input wall-clock limit for fuzz *campaigns* only (``LITE_FUZZ_TIME_LIMIT=2``): a test
#: asserts behaviour, never the machine's speed, so the default run bounds memory (below) and
#: work by counts (the linear-time tests), not seconds.
TIME_LIMIT_S = float(os.environ.get("LITE_FUZZ_TIME_LIMIT", "inf"))
#: Peak Python-visible allocation allowed for one input (NumPy arrays included).
MEMORY_LIMIT = 64 * 1024 * 1024
TRACE_EVERY = 10

STATS: Counter[str] = Counter()

#: FuzzCrashError signatures (exception type, innermost named ``lite`` function) already reported
#: against the loader but not yet fixed. A matching crash in the fuzz run is counted, not failed;
#: any other signature fails the run. Empty: every signature found so far is fixed, and
#: ``tests/reliability/corpus/`` holds a minimal input for each (see CORPUS_EXPECTED).
KNOWN_CRASHES: dict[tuple[str, str], str] = {}

#: Matrix products of extreme but finite (valid float32) data may overflow float32 when the
#: loader computes the initial world matrices and palettes: counted as overflow, not a crash.
OVERFLOW_SITES = frozenset({"skeleton.update_world_matrices", "skeleton.update_joint_matrices"})

#: LITE_FUZZ_COLLECT=1: record every crash signature (one input each under corpus/new/)
#: instead of failing on the first; used to triage a fuzzing campaign.
COLLECT = os.environ.get("LITE_FUZZ_COLLECT") == "1"
CRASHES: Counter[tuple[str, str]] = Counter()


def signature(exc: BaseException) -> tuple[str, str]:
    frames = [
        f
        for f in traceback.extract_tb(exc.__traceback__)
        if "/lite/" in f.filename and not f.name.startswith("<")
    ]
    where = f"{Path(frames[-1].filename).stem}.{frames[-1].name}" if frames else "?"
    return type(exc).__name__, where


class FuzzCrashError(AssertionError):
    """A non-LiteError exception (or a broken limit) while loading or playing an input."""


def exercise(data: bytes) -> str:
    """Load ``data`` and play what loaded. Returns 'loaded' or the LiteError code."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            # While loading, a NumPy overflow means a value passed validation that should not
            # have (a finite JSON number beyond float32): raised, so it is reported with where
            # it happened. During playback, extreme but finite data may overflow; counted.
            warnings.simplefilter("error", RuntimeWarning)
            asset = load_gltf(data, base_dir=FIXTURES)
            warnings.simplefilter("always", RuntimeWarning)
            groups = asset.animation_groups
            m = lite.create_animation_manager()
            lite.add_animation_groups(m, groups)
            for g in groups:
                lite.play_animation(g)
            for delta in (0.0, 16.7, 1000.0, 1e7):
                lite.update_animation_manager(m, delta)
            if groups:
                g = groups[-1]
                g.speed_ratio = -1.5
                g.loop_animation = False
                lite.go_to_frame(g, 7)
                names = [n.name for n in asset.nodes if n.name][:2]
                g.mask = lite.create_animation_group_mask(
                    names, lite.AnimationGroupMaskMode.EXCLUDE
                )
                lite.play_animation(g)
                lite.update_animation_manager(m, 33.0)
                lite.stop_animation(g)
            lite.clear_animation_manager(m)
            outcome = "loaded"
        except LiteError as exc:
            outcome = exc.code
    for w in caught:
        if not issubclass(w.category, LiteWarning):
            STATS[f"playback {w.category.__name__}: {str(w.message)[:50]}"] += 1
    return outcome


def run_input(data: bytes, traced: bool) -> str:
    """One input: 'loaded', a LiteError code, 'overflow' or 'known-crash'; else FuzzCrashError."""
    if traced:
        tracemalloc.start()
    start = time.perf_counter()
    try:
        try:
            outcome = exercise(data)
        except Exception as exc:
            sig = signature(exc)
            if isinstance(exc, RuntimeWarning) and sig[1] in OVERFLOW_SITES:
                STATS[f"load-time matrix overflow in {sig[1]}"] += 1
                return "overflow"
            CRASHES[sig] += 1
            if COLLECT:
                new = CORPUS / "new"
                new.mkdir(exist_ok=True)
                name = f"{sig[0]}-{sig[1]}".replace(".", "_")
                suffix = ".glb" if data[:4] == b"glTF" else ".gltf"
                if not list(new.glob(name + "*")):
                    (new / f"{name}-{hashlib.sha1(data).hexdigest()[:8]}{suffix}").write_bytes(data)
                return "crash"
            if sig in KNOWN_CRASHES:
                STATS[f"known crash {sig[0]} in {sig[1]}"] += 1
                return "known-crash"
            raise FuzzCrashError(f"{sig[0]} in {sig[1]}: {exc}") from exc
        elapsed = time.perf_counter() - start
        if traced:
            _, peak = tracemalloc.get_traced_memory()
            if peak >= MEMORY_LIMIT:
                raise FuzzCrashError(f"input allocated {peak} bytes at peak (limit {MEMORY_LIMIT})")
    finally:
        if traced:
            tracemalloc.stop()
    if elapsed >= TIME_LIMIT_S:
        raise FuzzCrashError(f"input took {elapsed:.2f} s (limit {TIME_LIMIT_S} s)")
    STATS[outcome] += 1
    return outcome


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=SEED is None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def _fuzz_test(asset: str, container: str) -> None:
    counter = [0]

    @fuzz_settings(EXAMPLES)
    @given(st.data())
    def inner(data: st.DataObject) -> None:
        src = load_source(asset, container)
        steps = data.draw(st.integers(1, 3))
        for _ in range(steps):
            # External buffers are read from the fixtures folder: only the JSON mutates.
            if container != "external" and data.draw(st.integers(0, 3)) == 0:
                mutate_blob(src, data)
            else:
                mutate_json(src, data)
        raw = encode(src)
        if container == "glb" and data.draw(st.integers(0, 5)) == 0:
            raw, _ = mutate_container(raw, data)
        counter[0] += 1
        run_input(raw, traced=counter[0] % TRACE_EVERY == 0)

    if SEED is not None:
        inner = seed(int(SEED))(inner)
    inner()


@pytest.mark.parametrize("container", CONTAINERS)
@pytest.mark.parametrize("asset", ASSETS)
def test_mutated_fixtures_load_or_raise_lite_errors(asset: str, container: str) -> None:
    _fuzz_test(asset, container)


def test_unmutated_fixtures_load_and_play() -> None:
    for asset in ASSETS:
        for container in CONTAINERS:
            assert run_input(encode(load_source(asset, container)), traced=True) == "loaded"


#: What each corpus input must produce: the ``LiteError`` code, or "loaded". Each file is the
#: minimal reproducer of a crash found by fuzzing (or a targeted input of the same class),
#: fixed in the loader; docs/reliability.md lists what each one used to do.
CORPUS_EXPECTED: dict[str, str] = {
    # RecursionError from json.loads
    "deep_nesting.gltf": "LITE-GLTF-001",
    # ValueError (embedded null byte) from Path.resolve
    "uri_nul_byte.gltf": "LITE-GLTF-006",
    # IsADirectoryError reading the buffer
    "uri_directory.gltf": "LITE-GLTF-006",
    "uri_empty.gltf": "LITE-GLTF-006",
    # TypeError: unhashable (a list or object where a number or string belongs)
    "component_type_list.gltf": "LITE-GLTF-008",
    "accessor_type_list.gltf": "LITE-GLTF-008",
    "channel_path_object.gltf": "LITE-GLTF-010",
    "sampler_interpolation_list.gltf": "LITE-GLTF-004",
    "extension_required_list.gltf": "LITE-GLTF-010",
    # OverflowError: a JSON integer beyond the float range
    "huge_int_translation.gltf": "LITE-GLTF-010",
    # a finite JSON number that becomes inf as float32
    "float32_overflow_translation.gltf": "LITE-GLTF-010",
    "float32_overflow_scale.gltf": "LITE-GLTF-010",
    "float32_overflow_material.gltf": "LITE-GLTF-010",
    "float32_overflow_weights.gltf": "LITE-GLTF-010",
    # a 4.8 KB file, accessor without bufferView claiming 256 MiB: 1.6 GiB peak, 3 s
    "zero_accessor_input.gltf": "LITE-GLTF-003",
    # Targeted inputs of the same classes, added with the fixes (what they did before):
    "huge_int_node_weights.gltf": "LITE-GLTF-010",  # OverflowError
    "float32_overflow_node_weights.gltf": "LITE-GLTF-010",  # RuntimeWarning (float32 cast)
    "float32_overflow_matrix_scale.gltf": "LITE-GLTF-010",  # RuntimeWarning (float32 cast)
    "sampler_interpolation_object.gltf": "LITE-GLTF-004",  # TypeError: unhashable
    "uri_percent_nul.gltf": "LITE-GLTF-006",  # ValueError: embedded null byte
    "pointer_index_digits.gltf": "LITE-GLTF-002",  # ValueError: int() of 5,000 digits
    "misaligned_buffer_view.gltf": "LITE-GLTF-008",  # loaded, misaligned FLOAT data
    "zero_accessor_over_floor.gltf": "LITE-GLTF-003",  # loaded, 2 MiB of zeros from 11 KB
    "joints_float_nan.gltf": "LITE-GLTF-008",  # ValueError: int(NaN) checking joint indices
}


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.glob("*") if p.suffix in (".gltf", ".glb"))


def test_every_corpus_input_has_an_expected_outcome() -> None:
    names = {p.name for p in corpus_files()}
    assert names == set(CORPUS_EXPECTED), names ^ set(CORPUS_EXPECTED)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_inputs_load_or_raise_lite_errors(path: Path) -> None:
    outcome = run_input(path.read_bytes(), traced=True)
    assert outcome == CORPUS_EXPECTED.get(path.name), outcome


def _zero_joints_input(count: int) -> bytes:
    """rigged_figure with its JOINTS_0 accessor (VEC4 UNSIGNED_BYTE, decoded at load to check
    joint indices) turned into an accessor without a buffer view claiming ``count`` elements."""
    src = load_source("rigged_figure", "embedded")
    acc = src.doc["accessors"][1]
    assert (acc["componentType"], acc["type"]) == (5121, "VEC4")
    del acc["bufferView"], acc["byteOffset"]
    acc["count"] = count
    return encode(src)


def test_zero_filled_accessor_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import lite.loader_gltf.accessors as loader

    # A small file: the floor (1 MiB) applies. At the limit it loads; one element more does not.
    at_floor = loader.ZERO_ACCESSOR_FLOOR_BYTES // 4
    assert run_input(_zero_joints_input(at_floor), traced=True) == "loaded"
    assert run_input(_zero_joints_input(at_floor + 1), traced=True) == "LITE-GLTF-003"
    # Below the floor, the ratio to the input's size applies.
    monkeypatch.setattr(loader, "ZERO_ACCESSOR_FLOOR_BYTES", 1024)
    size = len(_zero_joints_input(10000))  # the counts below have 5 digits too
    limit = loader.ZERO_ACCESSOR_RATIO * size
    assert 10000 <= limit // 4 < 99999
    assert run_input(_zero_joints_input(limit // 4), traced=False) == "loaded"
    assert run_input(_zero_joints_input(limit // 4 + 1), traced=False) == "LITE-GLTF-003"
    # And the absolute cap bounds large files.
    monkeypatch.setattr(loader, "MAX_ZERO_ACCESSOR_BYTES", 4096)
    assert run_input(_zero_joints_input(1025), traced=False) == "LITE-GLTF-003"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_buffer_uri_naming_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    # Reading a FIFO with no writer blocks forever: refused from its stat, never opened.
    os.mkfifo(tmp_path / "pipe.bin")
    src = load_source("rigged_figure", "external")
    src.doc["buffers"][0]["uri"] = "pipe.bin"
    with pytest.raises(LiteError) as exc:
        load_gltf(encode(src), base_dir=tmp_path)
    assert exc.value.code == "LITE-GLTF-006"
    assert exc.value.input_name == "buffers[0].uri"


def _chain_rig(joints: int, skinned: int, keys: int, morphs: int = 0, targets: int = 0) -> bytes:
    """A small glTF: a chain of ``joints`` nodes, one skin over it used by ``skinned`` mesh
    nodes, ``morphs`` nodes sharing a mesh of ``targets`` morph targets, and one clip of
    ``keys`` LINEAR translation keys on the chain's leaf. A few bytes of JSON per node or key
    multiply into per-node state: the resource-amplification inputs below."""
    times = np.arange(keys, dtype=np.float32) / 30
    values = np.zeros((keys, 3), np.float32)
    values[:, 0] = np.sin(np.arange(keys))
    blob = times.tobytes() + values.tobytes() + np.zeros(9, np.float32).tobytes()
    uri = "data:application/octet-stream;base64," + base64.b64encode(blob).decode()
    nodes: list[dict[str, object]] = [
        {"children": [i + 1]} if i < joints - 1 else {} for i in range(joints)
    ]
    nodes += [{"mesh": 0, "skin": 0}] * skinned + [{"mesh": 1}] * morphs
    doc = {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(blob), "uri": uri}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 4 * keys},
            {"buffer": 0, "byteOffset": 4 * keys, "byteLength": 12 * keys},
            {"buffer": 0, "byteOffset": 16 * keys, "byteLength": 36},
        ],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": keys, "type": "SCALAR"},
            {"bufferView": 1, "componentType": 5126, "count": keys, "type": "VEC3"},
            {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC3"},
        ],
        "meshes": [
            {"primitives": [{"attributes": {"POSITION": 2}}]},
            {
                "primitives": [
                    {"attributes": {"POSITION": 2}, "targets": [{"POSITION": 2}] * targets}
                ]
            },
        ],
        "skins": [{"joints": list(range(joints))}],
        "nodes": nodes,
        "animations": [
            {
                "channels": [{"sampler": 0, "target": {"node": joints - 1, "path": "translation"}}],
                "samplers": [{"input": 0, "output": 1}],
            }
        ],
    }
    return json.dumps(doc).encode()


def test_many_skinned_nodes_on_a_long_chain_load_in_linear_time() -> None:
    # 20 skinned nodes on a 2,000-joint chain: 12.8 MB of palettes, inside the bound-state
    # limit. Finding which skeletons a clip drives walked every joint's ancestor chain anew
    # (quadratic): 50 such nodes took 31 s to load.
    data = _chain_rig(joints=2000, skinned=20, keys=4)
    asset = load_gltf(data)
    assert len(asset.skeletons) == 20
    # The work, counted: membership tests of the animated set stay linear in joints (the
    # quadratic walk made one per joint per ancestor per skeleton: about 40 million here).
    probes = _CountingSet({1999})
    parents = [-1] + list(range(1999))
    affected = skeletons_affected_by(probes, asset.skeletons, parents)
    assert affected == tuple(range(20))
    assert probes.probes <= 2000 + 20


class _CountingSet(set[int]):
    """A set that counts ``in`` tests (the unit of work of ``skeletons_affected_by``)."""

    probes = 0

    def __contains__(self, item: object) -> bool:
        self.probes += 1
        return super().__contains__(item)


@pytest.mark.parametrize(
    ("shape", "code"),
    [
        # 120 skinned nodes on a 5,000-joint skin: ~384 MB of palettes from a 140 KB file.
        ({"joints": 5000, "skinned": 120, "keys": 4}, "LITE-GLTF-022"),
        # 5,000 morph nodes x 5,000 targets: 25 million weights from a 150 KB file.
        ({"joints": 1, "skinned": 0, "keys": 4, "morphs": 5000, "targets": 5000}, "LITE-GLTF-022"),
    ],
    ids=["palettes", "morph-weights"],
)
def test_per_node_state_is_bounded_by_the_file_size(shape: dict[str, int], code: str) -> None:
    assert run_input(_chain_rig(**shape), traced=True) == code


def test_long_clips_on_large_rigs_do_not_build_huge_batch_tables() -> None:
    # 1,000 keys on a 200-joint rig (27 KB): the batch tables (a row per key for each of the
    # 201 reset nodes, ~650 bytes per cell while built) took 124 MiB on the first update.
    # Past lite.batch.engine.MAX_TABLE_CELLS the clip is sampled per instance instead.
    asset = load_gltf(_chain_rig(joints=200, skinned=1, keys=1000))
    scalar = load_gltf(_chain_rig(joints=200, skinned=1, keys=1000))
    m = lite.create_animation_manager()
    m_s = lite.create_animation_manager(batched=False)
    lite.add_animation_groups(m, asset.animation_groups)
    lite.add_animation_groups(m_s, scalar.animation_groups)
    tracemalloc.start()
    try:
        lite.update_animation_manager(m, 16.0)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, peak
    eng = batch_engine_of(m)
    assert eng is not None
    assert [b.plan.extras for b in eng.batches] == [(0,)]  # sampled per instance
    lite.update_animation_manager(m_s, 16.0)
    for delta in (250.0, 1000.0 / 60.0, 7000.0):
        lite.update_animation_manager(m, delta)
        lite.update_animation_manager(m_s, delta)
        np.testing.assert_array_equal(asset.pose.local, scalar.pose.local)
        np.testing.assert_allclose(asset.pose.world, scalar.pose.world, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(
            asset.skeletons[0].joint_matrices,
            scalar.skeletons[0].joint_matrices,
            rtol=1e-6,
            atol=1e-6,
        )


def test_report_fuzz_outcomes() -> None:
    """Prints what the fuzz tests above saw (run with -s); always passes."""
    print("\nglTF fuzz outcomes:", dict(sorted(STATS.items(), key=lambda kv: -kv[1])))
    print("crash signatures:", dict(CRASHES))

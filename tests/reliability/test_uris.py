"""External buffer uris: what loads, what is refused and why, and the explicit resolver."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

import lite
import lite.loader_gltf.container as container
from lite.errors import GltfLoadError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _gltf_with_uri(tmp_path: Path, uri: str) -> Path:
    doc = json.loads((FIXTURES / "rigged_figure.gltf").read_text(encoding="utf-8"))
    doc["buffers"][0]["uri"] = uri
    out = tmp_path / "asset" / "figure.gltf"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def _bin() -> bytes:
    doc = json.loads((FIXTURES / "rigged_figure.gltf").read_text(encoding="utf-8"))
    return (FIXTURES / doc["buffers"][0]["uri"]).read_bytes()


@pytest.mark.parametrize(
    "uri",
    [
        "https://example.com/figure.bin",
        "http://127.0.0.1/figure.bin",
        "file:///etc/passwd",
        "ftp://host/x.bin",
        "/etc/passwd",
        "../outside.bin",
        "sub/../../outside.bin",
        "%2E%2E/outside.bin",
    ],
)
def test_uris_leaving_the_folder_or_using_schemes_are_refused(tmp_path: Path, uri: str) -> None:
    (tmp_path / "outside.bin").write_bytes(_bin())
    path = _gltf_with_uri(tmp_path, uri)
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path)
    assert exc.value.code == "LITE-GLTF-006"
    assert exc.value.input_name == "buffers[0].uri"
    assert exc.value.hint


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_symlink_pointing_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "outside.bin").write_bytes(_bin())
    path = _gltf_with_uri(tmp_path, "link.bin")
    os.symlink(tmp_path / "outside.bin", path.parent / "link.bin")
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path)
    assert exc.value.code == "LITE-GLTF-006"


def test_a_relative_uri_inside_the_folder_loads(tmp_path: Path) -> None:
    path = _gltf_with_uri(tmp_path, "data/figure.bin")
    (path.parent / "data").mkdir()
    (path.parent / "data" / "figure.bin").write_bytes(_bin())
    asset = lite.load_gltf(path)
    assert len(asset.animation_groups) > 0


def test_an_explicit_resolver_is_the_only_way_to_fetch_other_uris(tmp_path: Path) -> None:
    seen: list[str] = []

    def resolver(uri: str) -> bytes:
        seen.append(uri)
        return _bin()

    path = _gltf_with_uri(tmp_path, "https://example.com/figure.bin")
    asset = lite.load_gltf(path, resolver=resolver)
    assert seen == ["https://example.com/figure.bin"]
    reference = lite.load_gltf(FIXTURES / "rigged_figure.gltf")
    assert [n.name for n in asset.nodes] == [n.name for n in reference.nodes]


@pytest.mark.parametrize(
    ("resolver", "code"),
    [
        (lambda uri: (_ for _ in ()).throw(OSError("offline")), "LITE-GLTF-001"),
        (lambda uri: "not bytes", "LITE-GLTF-001"),
        (lambda uri: b"\0" * 4, "LITE-GLTF-003"),
    ],
)
def test_a_failing_resolver_gives_a_typed_error(
    tmp_path: Path, resolver: object, code: str
) -> None:
    path = _gltf_with_uri(tmp_path, "https://example.com/figure.bin")
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path, resolver=resolver)  # type: ignore[arg-type]
    assert exc.value.code == code


def test_resolver_must_be_callable() -> None:
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(FIXTURES / "rigged_figure.glb", resolver="http")  # type: ignore[arg-type]
    assert exc.value.code == "LITE-GLTF-020"
    assert exc.value.input_name == "resolver"


def test_oversized_data_uris_are_refused() -> None:
    from lite.loader_gltf import MAX_DATA_URI_BYTES

    doc = json.loads((FIXTURES / "rigged_figure.gltf").read_text(encoding="utf-8"))
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + "A" * (
        MAX_DATA_URI_BYTES * 4 // 3 + 8
    )
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(json.dumps(doc).encode())
    assert exc.value.code == "LITE-GLTF-006"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_folder_swapped_for_a_link_after_the_check_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race, made deterministic: the swap happens between the uri check and the open.
    path = _gltf_with_uri(tmp_path, "sub/figure.bin")
    (path.parent / "sub").mkdir()
    (path.parent / "sub" / "figure.bin").write_bytes(_bin())
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "figure.bin").write_bytes(_bin())
    checked = container._resolve_file_uri

    def check_then_swap(*args: object) -> Path:
        target = checked(*args)  # type: ignore[arg-type]
        os.rename(path.parent / "sub", tmp_path / "moved")
        os.symlink(tmp_path / "outside", path.parent / "sub")
        return target

    monkeypatch.setattr(container, "_resolve_file_uri", check_then_swap)
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path)
    assert exc.value.code == "LITE-GLTF-006"


def test_the_refused_folder_is_named_as_the_caller_gave_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _gltf_with_uri(tmp_path, "../outside.bin")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(Path("asset") / path.name)
    assert exc.value.code == "LITE-GLTF-006"
    assert "'asset'" in exc.value.message
    assert str(tmp_path) not in str(exc.value)


def _load_within(seconds: float, source: object, fifo: Path | None = None) -> BaseException:
    """Load ``source`` in a thread; fail (instead of hanging) if it does not return in time."""
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            lite.load_gltf(source)  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            outcome.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive() and fifo is not None:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # unblock the reader, then fail
        worker.join(seconds)
    assert not worker.is_alive(), f"loading {source} hung"
    assert outcome, f"loading {source} succeeded"
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_source_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "scene.gltf"
    os.mkfifo(fifo)
    exc = _load_within(10.0, fifo, fifo)
    assert isinstance(exc, GltfLoadError)
    assert exc.code == "LITE-GLTF-012"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_buffer_uri_is_refused_without_blocking(tmp_path: Path) -> None:
    path = _gltf_with_uri(tmp_path, "figure.bin")
    os.mkfifo(path.parent / "figure.bin")
    exc = _load_within(10.0, path, path.parent / "figure.bin")
    assert isinstance(exc, GltfLoadError)
    assert exc.code == "LITE-GLTF-006"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_source_is_refused_before_reading() -> None:
    exc = _load_within(10.0, "/dev/zero")
    assert isinstance(exc, GltfLoadError)
    assert exc.code == "LITE-GLTF-012"


def test_a_directory_source_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(tmp_path)
    assert exc.value.code in ("LITE-GLTF-012", "LITE-GLTF-001")  # Windows cannot open folders

"""Offscreen rendering (lite.tools.render): skinning, morphing, shading, images, CLI, no adapter.

Cases follow docs/architecture/render.md, "Test specification". Images are small (64-128 px)
so the suite stays fast on Mesa's CPU Vulkan driver.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from lite.errors import ERROR_CODES, LiteError, UnsupportedError
from lite.tools.images import contact_sheet, save_gif
from lite.tools.render import (
    DEFAULT_BACKGROUND,
    Camera,
    RenderMesh,
    animated_bounds,
    create_render_device,
    frame_camera,
    look_at,
    main_render,
    perspective,
    render_frames,
    sample_asset,
    smooth_normals,
)

FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "fixtures"
BG = np.round(np.array(DEFAULT_BACKGROUND) * 255).astype(np.uint8)


# --- geometry -------------------------------------------------------------------------------


def two_bone_box() -> RenderMesh:
    """A 2 x 0.4 x 0.4 box along +X, rings at x = 0, .5, 1, 1.5, 2.

    Rings at x <= 0.5 follow joint 0, x >= 1.5 joint 1, the middle ring half of each.
    """
    ring = [(-0.2, -0.2), (0.2, -0.2), (0.2, 0.2), (-0.2, 0.2)]  # (y, z)
    xs = [0.0, 0.5, 1.0, 1.5, 2.0]
    pos = np.array([(x, y, z) for x in xs for y, z in ring], np.float32)
    w1 = {0.0: 0.0, 0.5: 0.0, 1.0: 0.5, 1.5: 1.0, 2.0: 1.0}
    weights = np.array([(1 - w1[x], w1[x], 0, 0) for x in xs for _ in ring], np.float32)
    joints = np.tile(np.array([0, 1, 0, 0], np.uint32), (len(pos), 1))
    tris: list[int] = []
    for r in range(len(xs) - 1):
        a, b = 4 * r, 4 * (r + 1)
        for k in range(4):
            k2 = (k + 1) % 4
            tris += [a + k, a + k2, b + k2, a + k, b + k2, b + k]
    tris += [0, 2, 1, 0, 3, 2]  # caps
    e = 4 * (len(xs) - 1)
    tris += [e, e + 1, e + 2, e, e + 2, e + 3]
    return RenderMesh(
        positions=pos,
        indices=np.array(tris, np.uint32),
        joints=joints,
        weights=weights,
        base_color=(0.2, 0.8, 0.3, 1.0),
    )


def bend_palette(angles_deg: list[float]) -> np.ndarray:
    """(F, 2, 16) column-major palettes: joint 0 identity, joint 1 rotated about Z at x=1."""
    out = np.zeros((len(angles_deg), 2, 16), np.float32)
    for f, deg in enumerate(angles_deg):
        a = math.radians(deg)
        rot = np.eye(4)
        rot[:2, :2] = [[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]
        to_pivot = np.eye(4)
        to_pivot[0, 3] = 1.0
        from_pivot = np.eye(4)
        from_pivot[0, 3] = -1.0
        m = to_pivot @ rot @ from_pivot
        out[f, 0] = np.eye(4).T.reshape(16)
        out[f, 1] = m.T.reshape(16)
    return out


def quad(
    half: float = 0.5, z: float = 0.0, color: tuple[float, ...] = (1, 0, 0, 1)
) -> dict[str, Any]:
    pos = np.array(
        [[-half, -half, z], [half, -half, z], [half, half, z], [-half, half, z]], np.float32
    )
    return {
        "positions": pos,
        "indices": np.array([0, 1, 2, 0, 2, 3], np.uint32),
        "base_color": color,
    }


def front_camera(target: tuple[float, float, float] = (0.0, 0.0, 0.0), dist: float = 6.0) -> Camera:
    t = np.array(target, np.float64)
    eye = t + np.array([0.0, 0.0, dist])
    return Camera(
        view=look_at(eye, t, np.array([0.0, 1.0, 0.0])).astype(np.float32),
        projection=perspective(math.radians(40), 1.0, 0.1, 50.0).astype(np.float32),
        eye=eye.astype(np.float32),
    )


def object_mask(frame: np.ndarray) -> np.ndarray:
    return np.any(frame[..., :3] != BG[:3], axis=-1)


def centroid(frame: np.ndarray) -> tuple[float, float]:
    rows, cols = np.nonzero(object_mask(frame))
    return float(rows.mean()), float(cols.mean())


# --- 1. skinning ----------------------------------------------------------------------------


@pytest.mark.gpu
def test_bone_rotation_moves_the_pixels_up_and_left(render_device: Any) -> None:
    frames = render_frames(
        [two_bone_box()],
        [bend_palette([0, 45, 90])],
        None,
        front_camera((1, 0.3, 0)),
        (128, 128),
        device=render_device,
    )
    assert frames.shape == (3, 128, 128, 4) and frames.dtype == np.uint8
    assert not np.array_equal(frames[0], frames[2])
    (r0, c0), (r1, c1), (r2, c2) = (centroid(f) for f in frames)
    # Joint 1 swings the outer half from +X to +Y: up in the image (smaller rows), and left.
    assert r2 < r1 < r0 - 3
    assert c2 < c1 < c0 - 1 and c2 < c0 - 5


def test_animated_bounds_cover_every_frame() -> None:
    lo, hi = animated_bounds([two_bone_box()], [bend_palette([0, 90])], None)
    np.testing.assert_allclose(lo, [0.0, -0.2, -0.2], atol=1e-6)
    np.testing.assert_allclose(hi, [2.0, 1.0, 0.2], atol=1e-6)


# --- 2. morph targets -----------------------------------------------------------------------


@pytest.mark.gpu
def test_growing_morph_target_covers_more_pixels(render_device: Any) -> None:
    q = quad(0.5)
    q["morph_positions"] = q["positions"][None].copy()  # weight 1 doubles the quad
    frames = render_frames(
        [q],
        None,
        [np.array([[0.0], [0.5], [1.0]], np.float32)],
        front_camera(),
        (96, 96),
        device=render_device,
    )
    counts = [int(object_mask(f).sum()) for f in frames]
    assert counts[0] < counts[1] < counts[2]
    assert counts[2] > 3 * counts[0]  # twice the size: about four times the area


# --- 3. shading, background, depth, row alignment -------------------------------------------


@pytest.mark.gpu
def test_background_and_object_colours(render_device: Any) -> None:
    (frame,) = render_frames(
        [quad(0.5)], None, None, front_camera(), (64, 64), device=render_device
    )
    np.testing.assert_array_equal(frame[0, 0], BG)
    centre = frame[32, 32]
    assert centre[0] > 100 and centre[1] == 0 and centre[2] == 0 and centre[3] == 255
    assert 0.03 < object_mask(frame).mean() < 0.1  # a 1 x 1 quad fills ~5% of the view


@pytest.mark.gpu
def test_depth_buffer_keeps_the_nearer_surface(render_device: Any) -> None:
    near = quad(0.4, z=0.5, color=(1, 0, 0, 1))
    far = quad(0.8, z=-0.5, color=(0, 0, 1, 1))
    (frame,) = render_frames(
        [near, far], None, None, front_camera(), (64, 64), device=render_device
    )
    assert frame[32, 32, 0] > 0 and frame[32, 32, 2] == 0  # red in front, though drawn first
    assert frame[32, 6, 2] > 0 or frame[32, 8, 2] > 0  # the blue quad shows around it


@pytest.mark.gpu
def test_unaligned_row_width_reads_back_unskewed(render_device: Any) -> None:
    # 100 px * 4 B = 400 B per row, padded to 512 for the copy.
    (frame,) = render_frames(
        [quad(0.5)], None, None, front_camera(), (100, 60), device=render_device
    )
    assert frame.shape == (60, 100, 4)
    rows, cols = np.nonzero(object_mask(frame))
    assert abs(rows.mean() - 29.5) < 1.0 and abs(cols.mean() - 49.5) < 1.0
    assert rows.min() + rows.max() == 59 and cols.min() + cols.max() == 99


# --- 4. camera ------------------------------------------------------------------------------


def test_frame_camera_keeps_the_box_inside_the_view_from_three_quarters() -> None:
    lo, hi = np.array([-1.0, 0.0, -0.5]), np.array([1.0, 3.0, 0.5])
    cam = frame_camera(lo, hi, math.radians(40), aspect=1.5)
    corners = np.array(
        [[x, y, z, 1.0] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
    )
    clip = corners @ cam.view_projection.T
    ndc = clip[:, :3] / clip[:, 3:]
    assert np.all(clip[:, 3] > 0)
    assert np.all(np.abs(ndc[:, :2]) < 1.0) and np.all((ndc[:, 2] > 0) & (ndc[:, 2] < 1))
    centre = (lo + hi) / 2
    assert cam.eye[0] > centre[0] and cam.eye[1] > centre[1] and cam.eye[2] > centre[2]


def test_frame_camera_rejects_an_inverted_box() -> None:
    with pytest.raises(LiteError) as exc:
        frame_camera([1, 0, 0], [0, 1, 1])
    assert exc.value.code == "LITE-RENDER-001"


# --- 5. input validation --------------------------------------------------------------------


def test_malformed_inputs_raise_render_error() -> None:
    cam = front_camera()
    bad = quad()
    bad["indices"] = np.array([0, 1, 9], np.uint32)
    cases: list[tuple[Any, Any, Any]] = [
        ([], None, None),
        ([bad], None, None),
        ([{"positions": np.zeros((3, 2), np.float32), "indices": [0, 1, 2]}], None, None),
        ([two_bone_box()], None, None),  # skinned without a palette
        ([two_bone_box()], [np.zeros((2, 1, 16), np.float32)], None),  # joint 1 out of range
        ([quad()], [bend_palette([0])], None),  # a palette for an unskinned mesh
        ([quad()], None, [np.ones((2, 1), np.float32)]),  # weights without morph targets
    ]
    for meshes, palettes, weights in cases:
        with pytest.raises(LiteError) as exc:
            render_frames(meshes, palettes, weights, cam, (8, 8), device=object())
        assert exc.value.code == "LITE-RENDER-001"
    assert "LITE-RENDER-001" in ERROR_CODES


def test_frame_counts_must_agree() -> None:
    q = quad()
    q["morph_positions"] = q["positions"][None].copy()
    with pytest.raises(LiteError, match="frame count"):
        render_frames(
            [q, two_bone_box()],
            [None, bend_palette([0, 1, 2])],
            [np.zeros((2, 1), np.float32), None],
            front_camera(),
            device=object(),
        )


def test_smooth_normals_of_a_quad_face_plus_z() -> None:
    q = quad()
    np.testing.assert_allclose(smooth_normals(q["positions"], q["indices"]), [[0, 0, 1]] * 4)


# --- 6. images ------------------------------------------------------------------------------


def test_contact_sheet_dimensions() -> None:
    frames = np.zeros((5, 8, 10, 4), np.uint8)
    sheet = contact_sheet(frames, columns=2)
    assert sheet.size == (20, 24) and sheet.mode == "RGBA"
    assert contact_sheet(frames).size == (30, 16)  # ceil(sqrt(5)) = 3 columns
    assert contact_sheet(frames[:1], columns=4).size == (10, 8)


def test_contact_sheet_places_frames_row_major() -> None:
    frames = np.zeros((3, 2, 2, 4), np.uint8)
    for i in range(3):
        frames[i] = (10 * (i + 1), 0, 0, 255)
    px = np.asarray(contact_sheet(frames, columns=2))
    assert px[0, 0, 0] == 10 and px[0, 2, 0] == 20 and px[2, 0, 0] == 30
    np.testing.assert_array_equal(px[2, 2], frames[0, 0, 0])  # empty cell: the background
    px = np.asarray(contact_sheet(frames, columns=2, fill=(1, 2, 3, 0)))
    np.testing.assert_array_equal(px[3, 3], [1, 2, 3, 0])


def test_gif_has_one_frame_per_distinct_frame(tmp_path: Path) -> None:
    frames = np.zeros((4, 16, 16, 4), np.uint8)
    for i in range(4):
        frames[i, :, : 4 * (i + 1)] = (255, 255, 255, 255)
    path = tmp_path / "anim.gif"
    save_gif(frames, path, fps=10)
    with Image.open(path) as gif:
        assert gif.n_frames == 4
        assert gif.info["duration"] == 100 and gif.info["loop"] == 0


def test_gif_rejects_a_bad_rate(tmp_path: Path) -> None:
    with pytest.raises(LiteError) as exc:
        save_gif(np.zeros((1, 2, 2, 4), np.uint8), tmp_path / "x.gif", fps=0)
    assert exc.value.code == "LITE-RENDER-001"


# --- 7. glTF assets -------------------------------------------------------------------------


def test_sample_asset_collects_per_frame_palettes() -> None:
    from lite.loader_gltf import load_gltf

    scene = sample_asset(load_gltf(FIXTURES / "rigged_figure.glb"), "Walk", 4)
    assert scene.clip_name == "Walk" and scene.times.shape == (4,)
    pal = next(p for p in scene.palettes if p is not None)
    assert pal.shape[0] == 4 and not np.allclose(pal[0], pal[2])
    lo, hi = animated_bounds(scene.meshes, scene.palettes, scene.morph_weights)
    assert np.all(hi > lo)


def test_sample_asset_collects_morph_weights() -> None:
    from lite.loader_gltf import load_gltf

    scene = sample_asset(load_gltf(FIXTURES / "morph_figure.glb"), "Expressions", 5)
    weights = [w for w in scene.morph_weights if w is not None]
    assert weights and weights[0].shape == (5, 6)
    assert not np.allclose(weights[0][0], weights[0][2])


def test_sample_asset_unknown_clip_lists_the_known_ones() -> None:
    from lite.loader_gltf import load_gltf

    with pytest.raises(LiteError, match="Walk") as exc:
        sample_asset(load_gltf(FIXTURES / "rigged_figure.glb"), "Nope", 4)
    assert exc.value.code == "LITE-STATE-041"  # as bake and plot: no clip of that name


# --- 8. no adapter --------------------------------------------------------------------------


@pytest.fixture
def no_adapter(monkeypatch: pytest.MonkeyPatch) -> None:
    import wgpu

    monkeypatch.setattr(wgpu.gpu, "request_adapter_sync", lambda **_: None)


@pytest.mark.usefixtures("no_adapter")
def test_no_adapter_raises_unsupported_with_the_mesa_hint() -> None:
    with pytest.raises(UnsupportedError) as exc:
        create_render_device()
    assert exc.value.code == "LITE-GPU-001"  # the one no-adapter code (engine and render)
    assert "apt-get install mesa-vulkan-drivers" in exc.value.message
    assert "LITE-GPU-001" in ERROR_CODES


@pytest.mark.usefixtures("no_adapter")
def test_cli_without_adapter_prints_one_line_and_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main_render(
        [str(FIXTURES / "rigged_figure.glb"), "--frames", "2", "-o", str(tmp_path / "s.png")]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert len(err.splitlines()) == 1 and "mesa-vulkan-drivers" in err and "Traceback" not in err
    assert not (tmp_path / "s.png").exists()


# --- 9. command line ------------------------------------------------------------------------


def test_cli_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main_render([str(tmp_path / "nope.glb")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "nope.glb" in err


def test_cli_unknown_clip_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_render([str(FIXTURES / "rigged_figure.glb"), "--clip", "Nope"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "'Walk'" in err and "LITE-STATE-041" in err


def test_cli_bad_size_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_render([str(FIXTURES / "rigged_figure.glb"), "--size", "big"]) == 2
    assert "WxH" in capsys.readouterr().err


@pytest.mark.gpu
@pytest.mark.usefixtures("render_device")
def test_cli_writes_a_contact_sheet_and_a_gif(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    glb = str(FIXTURES / "rigged_figure.glb")
    sheet = tmp_path / "walk.png"
    args = [glb, "--clip", "Walk", "--frames", "4", "--size", "64x48"]
    assert main_render([*args, "--columns", "2", "-o", str(sheet)]) == 0
    with Image.open(sheet) as img:
        assert img.size == (128, 96)
        px = np.asarray(img)
    # Every cell shows some of the figure (the fixture is a rig of small triangles).
    cells = [px[48 * r : 48 * (r + 1), 64 * c : 64 * (c + 1)] for r in range(2) for c in range(2)]
    assert all(object_mask(cell).sum() > 10 for cell in cells)
    assert not np.array_equal(cells[0], cells[2])
    gif = tmp_path / "walk.gif"
    # Walk is symmetric in time; 4 samples (0, 1/4, 1/2, 3/4 of it) hold no consecutive
    # duplicates, which Pillow would merge.
    assert main_render([*args, "--gif", str(gif)]) == 0
    with Image.open(gif) as img:
        assert img.n_frames == 4
    assert "wrote" in capsys.readouterr().out

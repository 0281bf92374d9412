"""The glTF side of rendering (lite.tools.render_gltf) and what ``lite-anim render`` draws.

A small skinned, textured box is generated with pygltflib (no asset from outside the repo):
its base-colour texture is one known colour, so the rendered pixels can be checked by
statistics: the figure fills at least a third of each cell, a textured asset is not grey,
labels put text-coloured pixels in the top band. Tests that draw are marked ``gpu``.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pygltflib
import pytest
from PIL import Image

from lite.errors import ERROR_CODES, WARNING_CODES, LiteError, LiteWarning
from lite.loader_gltf import load_gltf
from lite.tools.images import LABEL_COLOR, label_band, label_frames
from lite.tools.render import (
    DEFAULT_BACKGROUND,
    RenderMesh,
    RenderTexture,
    animated_points,
    frame_points,
    load_base_color_textures,
    main_render,
    render_frames,
    sample_asset,
)

BG = np.round(np.array(DEFAULT_BACKGROUND) * 255).astype(np.uint8)
TEXTURE_RGB = (210, 60, 20)  # sRGB bytes of the fixture's texture: a saturated orange
FIGURE = Path(__file__).resolve().parents[3] / "lite" / "assets" / "figure.glb"


def _png(rgb: tuple[int, int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), rgb).save(buf, format="PNG")
    return buf.getvalue()


def textured_box_glb(
    path: Path, *, image: bytes | None = None, sampler: dict[str, int] | None = None
) -> Path:
    """A 1 x 2 x 0.5 box skinned to one joint that turns 90 degrees about Y over 1 s."""
    faces = []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            u, v = [a for a in range(3) if a != axis]
            quad = []
            for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = [0.0, 0.0, 0.0]
                p[axis], p[u], p[v] = sign, du, dv
                quad.append(p)
            faces.append(quad)
    pos = np.array(faces, np.float32).reshape(-1, 3) * np.array([0.5, 1.0, 0.25], np.float32)
    pos[:, 1] += 1.0
    uv = np.tile(np.array([[0, 1], [1, 1], [1, 0], [0, 0]], np.float32), (6, 1))
    idx = np.array([[4 * f, 4 * f + 1, 4 * f + 2, 4 * f, 4 * f + 2, 4 * f + 3] for f in range(6)])
    idx = idx.astype(np.uint16).reshape(-1)
    joints = np.zeros((24, 4), np.uint8)
    weights = np.tile(np.array([1, 0, 0, 0], np.float32), (24, 1))
    ibm = np.eye(4, dtype=np.float32).reshape(16)
    times = np.array([0.0, 1.0], np.float32)
    rots = np.array([[0, 0, 0, 1], [0, 0.70710677, 0, 0.70710677]], np.float32)
    blobs = [pos, uv, idx, joints, weights, ibm, times, rots]
    img = _png(TEXTURE_RGB) if image is None else image
    data = b""
    views = []
    for blob in [*(b.tobytes() for b in blobs), img]:
        views.append(pygltflib.BufferView(buffer=0, byteOffset=len(data), byteLength=len(blob)))
        data += blob + b"\0" * (-len(blob) % 4)
    acc = pygltflib.Accessor
    f32, u16, u8 = 5126, 5123, 5121
    accessors = [
        acc(bufferView=0, componentType=f32, count=24, type="VEC3",
            min=pos.min(0).tolist(), max=pos.max(0).tolist()),
        acc(bufferView=1, componentType=f32, count=24, type="VEC2"),
        acc(bufferView=2, componentType=u16, count=36, type="SCALAR"),
        acc(bufferView=3, componentType=u8, count=24, type="VEC4"),
        acc(bufferView=4, componentType=f32, count=24, type="VEC4"),
        acc(bufferView=5, componentType=f32, count=1, type="MAT4"),
        acc(bufferView=6, componentType=f32, count=2, type="SCALAR", min=[0.0], max=[1.0]),
        acc(bufferView=7, componentType=f32, count=2, type="VEC4"),
    ]  # fmt: skip
    gltf = pygltflib.GLTF2(
        scene=0,
        scenes=[pygltflib.Scene(nodes=[0, 1])],
        nodes=[pygltflib.Node(name="joint"), pygltflib.Node(name="box", mesh=0, skin=0)],
        meshes=[
            pygltflib.Mesh(
                primitives=[
                    pygltflib.Primitive(
                        attributes=pygltflib.Attributes(
                            POSITION=0, TEXCOORD_0=1, JOINTS_0=3, WEIGHTS_0=4
                        ),
                        indices=2,
                        material=0,
                    )
                ]
            )
        ],
        skins=[pygltflib.Skin(joints=[0], inverseBindMatrices=5)],
        materials=[
            pygltflib.Material(
                pbrMetallicRoughness=pygltflib.PbrMetallicRoughness(
                    baseColorTexture=pygltflib.TextureInfo(index=0)
                )
            )
        ],
        textures=[pygltflib.Texture(source=0, sampler=0)],
        samplers=[pygltflib.Sampler(**(sampler or {"magFilter": 9728, "minFilter": 9728}))],
        images=[pygltflib.Image(bufferView=8, mimeType="image/png")],
        animations=[
            pygltflib.Animation(
                name="Turn",
                samplers=[pygltflib.AnimationSampler(input=6, output=7)],
                channels=[
                    pygltflib.AnimationChannel(
                        sampler=0, target=pygltflib.AnimationChannelTarget(node=0, path="rotation")
                    )
                ],
            )
        ],
        accessors=accessors,
        bufferViews=views,
        buffers=[pygltflib.Buffer(byteLength=len(data))],
    )
    gltf.set_binary_blob(data)
    gltf.save_binary(str(path))
    return path


def object_mask(frame: np.ndarray) -> np.ndarray:
    return np.any(np.abs(frame[..., :3].astype(int) - BG[:3].astype(int)) > 6, axis=-1)


def bbox_fraction(frame: np.ndarray) -> float:
    """Area of the bounding box of the non-background pixels over the cell's area."""
    rows, cols = np.nonzero(object_mask(frame))
    if rows.size == 0:
        return 0.0
    box = (rows.max() - rows.min() + 1) * (cols.max() - cols.min() + 1)
    return float(box) / (frame.shape[0] * frame.shape[1])


# --- textures (no GPU) ----------------------------------------------------------------------


def test_base_color_texture_and_sampler_are_read(tmp_path: Path) -> None:
    glb = textured_box_glb(tmp_path / "box.glb", sampler={"wrapS": 33071, "wrapT": 33648})
    (tex, tex_coord), *rest = load_base_color_textures(glb).values()
    assert not rest and tex_coord == 0 and tex.srgb
    assert tex.pixels.shape == (4, 4, 4) and tuple(tex.pixels[0, 0, :3]) == TEXTURE_RGB
    assert (tex.wrap_u, tex.wrap_v) == ("clamp-to-edge", "mirror-repeat")
    # No filters in the sampler: linear, with a linear mip chain.
    assert (tex.mag_filter, tex.min_filter, tex.mipmap_filter) == ("linear", "linear", "linear")
    scene = sample_asset(load_gltf(glb), "Turn", 2)
    (mesh,) = scene.meshes
    assert mesh.texture is not None and mesh.texcoords is not None
    assert mesh.texcoords.shape == (24, 2)
    assert sample_asset(load_gltf(glb), "Turn", 2, textures=False).meshes[0].texture is None


def test_an_unreadable_image_warns_and_draws_the_factor(tmp_path: Path) -> None:
    glb = textured_box_glb(tmp_path / "bad.glb", image=b"not a png at all")
    with pytest.warns(LiteWarning) as caught:
        scene = sample_asset(load_gltf(glb), None, 1)
    assert [w.message.code for w in caught.list] == ["LITE-RENDER-W01"]  # type: ignore[union-attr]
    assert "images[0]" in str(caught.list[0].message)
    assert scene.meshes[0].texture is None
    assert "LITE-RENDER-W01" in WARNING_CODES and "LITE-RENDER-002" in ERROR_CODES


def test_skin_weights_are_normalized() -> None:
    scene = sample_asset(load_gltf(FIGURE), None, 1)
    for mesh in scene.meshes:
        if mesh.weights is not None:
            np.testing.assert_allclose(mesh.weights.sum(axis=1), 1.0, atol=1e-6)


def test_malformed_texture_inputs_raise_render_003() -> None:
    quad: dict[str, Any] = {
        "positions": np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0]], np.float32),
        "indices": np.array([0, 1, 2], np.uint32),
    }
    good = RenderTexture(np.zeros((2, 2, 4), np.uint8))
    cases = [
        {"texture": good},  # no texcoords
        {"texcoords": np.zeros((3, 3), np.float32), "texture": good},
        {"texcoords": np.zeros((3, 2)), "texture": RenderTexture(np.zeros((2, 2), np.uint8))},
        {"texcoords": np.zeros((3, 2)), "texture": RenderTexture(good.pixels, wrap_u="tile")},
        {"colors": np.ones((2, 4))},
    ]
    from lite.tools.render import frame_camera

    cam = frame_camera([0, 0, 0], [1, 1, 1])
    for extra in cases:
        with pytest.raises(LiteError) as exc:
            render_frames([{**quad, **extra}], None, None, cam, (8, 8), device=object())
        assert exc.value.code == "LITE-RENDER-002", extra


# --- framing (no GPU) -----------------------------------------------------------------------


def test_frame_points_fills_the_tighter_axis() -> None:
    scene = sample_asset(load_gltf(FIGURE), "walk", 8)
    points = animated_points(scene.meshes, scene.palettes, scene.morph_weights)
    cam = frame_points(points, aspect=1.0, margin=1.06, top_fraction=0.1)
    clip = np.c_[points, np.ones(len(points))] @ cam.view_projection.T
    ndc = clip[:, :2] / clip[:, 3:]
    assert np.all(clip[:, 3] > 0) and np.all(np.abs(ndc) <= 1.0 + 1e-9)
    assert ndc[:, 1].max() <= 0.8 + 1e-6  # below the top 10 % band
    span = ndc.max(axis=0) - ndc.min(axis=0)
    assert max(span[0] / 2.0, span[1] / 1.8) > 0.9  # the figure reaches the margin


def test_labels_write_text_in_the_top_band() -> None:
    frames = np.zeros((2, 64, 96, 4), np.uint8)
    frames[..., 3] = 255
    out = label_frames(frames, ["Walk  0.00 s  1/2", "Walk  0.50 s  2/2"])
    _, band = label_band(64)
    text = np.all(np.abs(out[..., :3].astype(int) - LABEL_COLOR) < 40, axis=-1)
    assert text[:, :band].sum(axis=(1, 2)).min() > 20
    assert text[:, band:].sum() == 0 and not np.array_equal(out[0], out[1])
    assert frames.max(axis=(0, 1, 2))[0] == 0  # the input is left alone


# --- pixels (gpu) ---------------------------------------------------------------------------


@pytest.mark.gpu
def test_texture_colour_shows_through_the_lighting(tmp_path: Path, render_device: Any) -> None:
    glb = textured_box_glb(tmp_path / "box.glb")
    scene = sample_asset(load_gltf(glb), "Turn", 2)
    points = animated_points(scene.meshes, scene.palettes, scene.morph_weights)
    cam = frame_points(points)
    frames = render_frames(
        scene.meshes, scene.palettes, scene.morph_weights, cam, (64, 64), device=render_device
    )
    for frame in frames:
        px = frame[object_mask(frame)][:, :3].astype(int)
        assert bbox_fraction(frame) > 1 / 3
        # Orange, like the texture: red well above green above blue, on every lit pixel.
        r, g, b = np.median(px, axis=0)
        assert r > 120 and r > g + 60 and g > b, (r, g, b)
    untextured = render_frames(
        [RenderMesh(m.positions, m.indices, joints=m.joints, weights=m.weights, model=m.model)
         for m in scene.meshes],
        scene.palettes, None, cam, (64, 64), device=render_device,
    )  # fmt: skip
    grey = untextured[0][object_mask(untextured[0])][:, :3].astype(int)
    assert np.abs(grey - grey.mean(axis=1, keepdims=True)).max() < 8  # grey (light tints only)


@pytest.mark.gpu
def test_msaa_softens_edges(render_device: Any) -> None:
    tri = {
        "positions": np.array([[-1, -1, 0], [1, -0.8, 0], [0, 1, 0]], np.float32),
        "indices": np.array([0, 1, 2], np.uint32),
        "base_color": (1.0, 1.0, 1.0, 1.0),
    }
    cam = frame_points(tri["positions"])
    one = render_frames([tri], None, None, cam, (48, 48), device=render_device, samples=1)[0]
    four = render_frames([tri], None, None, cam, (48, 48), device=render_device)[0]
    # Without MSAA a pixel is in or out; with 4 samples edge pixels take 3 levels between.
    assert len(set(one[..., 0].reshape(-1).tolist())) == 2
    assert len(set(four[..., 0].reshape(-1).tolist())) == 5


@pytest.mark.gpu
@pytest.mark.usefixtures("render_device")
def test_cli_sheet_cells_are_filled_textured_and_labelled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    glb = textured_box_glb(tmp_path / "box.glb")
    sheet = tmp_path / "turn.png"
    code = main_render([str(glb), "--frames", "4", "--size", "96x96", "--columns", "2",
                        "--no-progress", "-o", str(sheet)])  # fmt: skip
    assert code == 0
    captured = capsys.readouterr()
    assert "wrote" in captured.out and captured.err.strip() == ""
    px = np.asarray(Image.open(sheet))
    _, band = label_band(96)
    for r in range(2):
        for c in range(2):
            cell = px[96 * r : 96 * (r + 1), 96 * c : 96 * (c + 1)]
            body = cell[band:]
            assert bbox_fraction(body) > 1 / 3
            hue = body[object_mask(body)][:, :3].astype(int)
            assert np.median(hue[:, 0] - hue[:, 2]) > 60  # not grey
            text = np.all(np.abs(cell[:band, :, :3].astype(int) - LABEL_COLOR) < 40, axis=-1)
            assert text.sum() > 20


@pytest.mark.gpu
@pytest.mark.usefixtures("render_device")
def test_cli_renders_the_bundled_figure_large(tmp_path: Path) -> None:
    sheet = tmp_path / "figure.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code = main_render([str(FIGURE), "--frames", "2", "--size", "48x96", "--no-labels",
                            "--no-progress", "-o", str(sheet)])  # fmt: skip
    assert code == 0
    px = np.asarray(Image.open(sheet))
    for c in range(2):
        cell = px[:, 48 * c : 48 * (c + 1)]
        rows, _ = np.nonzero(object_mask(cell))
        # A standing figure (about 1 : 3) in a 1 : 2 cell: it spans the height and its box
        # covers well over a third of the cell.
        assert bbox_fraction(cell) > 1 / 3 and (rows.max() - rows.min() + 1) / 96 > 0.85

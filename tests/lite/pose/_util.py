"""Assets for the pose-graph tests: the bundled figure and the generated glTF fixtures."""

from __future__ import annotations

from pathlib import Path

import lite
from lite.assets import figure_path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
#: The bundled figure (walk, run, wave, blink, tint) and fixtures/generate.py's assets.
ASSETS = ("figure", "rigged_figure", "morph_figure", "two_skeletons")


def load(name: str) -> lite.GltfAsset:
    """A fresh copy of one of :data:`ASSETS`."""
    if name == "figure":
        return lite.load_gltf(figure_path())
    return lite.load_gltf(FIXTURES / f"{name}.glb")


def figure() -> lite.GltfAsset:
    return load("figure")


def clip(asset: lite.GltfAsset, name: str) -> lite.AnimationClip:
    return next(c for c in asset.animation_data.clips if c.name == name)

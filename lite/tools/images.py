"""Frame images for the render tool: per-frame labels, contact sheets (PIL) and looping GIFs.

Split from :mod:`lite.tools.render` (which renders the frames these take).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from lite.errors import LiteError

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["LABEL_COLOR", "contact_sheet", "label_band", "label_frames", "save_gif"]

#: Text colour of :func:`label_frames` (a dark shadow sits one pixel below and right).
LABEL_COLOR = (236, 236, 236)

U8Array = npt.NDArray[np.uint8]


def _bad(message: str, input_name: str, hint: str) -> LiteError:
    return LiteError("LITE-RENDER-001", message, hint=hint, input_name=input_name)


def _check_frames(frames: object) -> U8Array:
    arr = np.asarray(frames)
    if arr.ndim != 4 or arr.shape[0] == 0 or arr.shape[3] not in (3, 4) or arr.dtype != np.uint8:
        raise _bad(
            f"frames have shape {arr.shape} and dtype {arr.dtype}",
            "frames",
            "pass render_frames output: (F, H, W, 4) uint8",
        )
    return arr


def contact_sheet(
    frames: U8Array, columns: int | None = None, fill: Sequence[int] | None = None
) -> Image.Image:
    """Tile frames left to right, top to bottom, into one RGBA image.

    Parameters
    ----------
    frames
        ``(F, H, W, 4)`` (or ``3``) uint8.
    columns
        Frames per row; default ``ceil(sqrt(F))`` (at most ``F``).
    fill
        RGBA of the empty cells after the last frame; default the first frame's top-left
        pixel (the clear colour of a rendered frame).

    Returns
    -------
    PIL.Image.Image
        ``columns * W`` by ``ceil(F / columns) * H``, mode ``"RGBA"``.
    """
    from PIL import Image

    arr = _check_frames(frames)
    count, height, width = arr.shape[:3]
    cols = math.ceil(math.sqrt(count)) if columns is None else int(columns)
    if cols < 1:
        raise _bad(f"columns={columns!r}", "columns", "pass a positive integer")
    cols = min(cols, count)
    rows = -(-count // cols)
    sheet = np.empty((rows * height, cols * width, 4), dtype=np.uint8)
    if fill is None:
        sheet[...] = 255
        sheet[..., : arr.shape[3]] = arr[0, 0, 0]
    else:
        sheet[...] = np.asarray(fill, dtype=np.uint8).reshape(4)
    for i in range(count):
        r, c = divmod(i, cols)
        cell = sheet[r * height : (r + 1) * height, c * width : (c + 1) * width]
        cell[..., : arr.shape[3]] = arr[i]
        if arr.shape[3] == 3:
            cell[..., 3] = 255
    return Image.fromarray(sheet, mode="RGBA")


def save_gif(frames: U8Array, path: str | os.PathLike[str], fps: float = 12.0) -> None:
    """Write frames as a looping GIF (alpha dropped).

    Pillow merges identical consecutive frames into one longer frame, so a held pose keeps
    its timing but the file may hold fewer frames than given.

    Parameters
    ----------
    frames
        ``(F, H, W, 4)`` (or ``3``) uint8.
    path
        Output file.
    fps
        Frames per second, > 0 (GIF stores delays in 10 ms steps).
    """
    from PIL import Image

    arr = _check_frames(frames)
    if not (math.isfinite(fps) and fps > 0.0):
        raise _bad(f"fps={fps!r}", "fps", "pass a positive frame rate")
    images = [Image.fromarray(np.ascontiguousarray(f[..., :3]), mode="RGB") for f in arr]
    images[0].save(
        path,
        save_all=True,
        append_images=images[1:],
        duration=max(10, round(1000.0 / fps)),
        loop=0,
    )


def label_band(height: int) -> tuple[int, int]:
    """``(font size, band height)`` in pixels of the labels of a ``height``-pixel frame."""
    font = max(9, min(28, round(height * 0.055)))
    return font, font + max(4, font // 2)


def label_frames(frames: U8Array, labels: Sequence[str]) -> U8Array:
    """Write one line of text into the top band of each frame (a copy; ``frames`` is kept).

    The text is :data:`LABEL_COLOR` with a one-pixel dark shadow, Pillow's default font at
    :func:`label_band`'s size, starting a few pixels from the left; a label wider than the
    frame is cut at the right edge.

    Parameters
    ----------
    frames
        ``(F, H, W, 4)`` (or ``3``) uint8.
    labels
        ``F`` strings.

    Returns
    -------
    numpy.ndarray
        The labelled frames, same shape and dtype.
    """
    from PIL import Image, ImageDraw, ImageFont

    arr = _check_frames(frames)
    if len(labels) != arr.shape[0]:
        raise _bad(
            f"{len(labels)} labels for {arr.shape[0]} frames",
            "labels",
            "give one label per frame",
        )
    size, band = label_band(int(arr.shape[1]))
    font = ImageFont.load_default(size=size)
    out = np.empty_like(arr)
    pad = max(2, (band - size) // 2)
    for i, (frame, text) in enumerate(zip(arr, labels, strict=True)):
        img = Image.fromarray(np.ascontiguousarray(frame))
        draw = ImageDraw.Draw(img)
        draw.text((pad + 1, pad), str(text), font=font, fill=(0, 0, 0))
        draw.text((pad, pad - 1), str(text), font=font, fill=LABEL_COLOR)
        out[i] = np.asarray(img)
    return out

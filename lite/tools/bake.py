"""Progress bars for ``lite-anim bake`` (tqdm on stderr), around the library's :mod:`lite.bake`.

The runtime's bake functions report progress through callbacks and never import tqdm; this
module turns those callbacks into tqdm bars, with the command's default policy: a bar for
bakes of :data:`lite.bake.LONG_BAKE_FRAMES` frames or more, and one over files when several
are baked.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

from lite.bake import LONG_BAKE_FRAMES, FileProgress, FrameProgress, ProgressFactory

__all__ = ["file_progress", "frame_progress"]


def frame_progress(show: bool | None) -> ProgressFactory:
    """A ``bake_file(progress=...)`` factory: a tqdm bar per bake.

    Parameters
    ----------
    show
        True: always; False: never; None: only for bakes of ``LONG_BAKE_FRAMES`` frames or more.
    """

    def factory(total: int, desc: str) -> FrameProgress | None:
        if not (total >= LONG_BAKE_FRAMES if show is None else show):
            return None

        def wrap(frames: Iterable[int]) -> Iterable[int]:
            bar: Iterable[int] = tqdm(frames, total=total, desc=desc, unit="frame", file=sys.stderr)
            return bar

        return wrap

    return factory


class file_progress:  # noqa: N801 (used like a function: with file_progress(n) as callback)
    """A tqdm bar over files for ``bake_files(progress=...)``, as a context manager.

    ``with file_progress(len(files), show) as callback: bake_files(..., progress=callback)``;
    ``callback`` is None when ``show`` is False. The bar appears with the first finished file,
    so a bake refused before any work prints nothing but its error.
    """

    def __init__(self, total: int, show: bool = True) -> None:
        self._total = total
        self._show = show
        self._bar: tqdm | None = None

    def __enter__(self) -> FileProgress | None:
        if not self._show:
            return None

        def advance(done: int, total: int) -> None:
            if self._bar is None:
                self._bar = tqdm(total=total, desc="bake", unit="file", file=sys.stderr)
            self._bar.update(done - self._bar.n)

        return advance

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.close()

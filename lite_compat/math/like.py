"""Structural input types (Babylon.js ``IVector3Like`` & co.).

Port of ``@babylonjs/core`` 9.31 ``Maths/math.like.js``: any object with these attributes is
accepted where Babylon.js accepts a ``...Like``.
"""

from __future__ import annotations

from typing import Protocol

__all__ = [
    "IColor3Like",
    "IColor4Like",
    "ISizeLike",
    "IVector2Like",
    "IVector3Like",
    "IVector4Like",
    "IViewportLike",
]


class IVector2Like(Protocol):
    x: float
    y: float


class IVector3Like(Protocol):
    x: float
    y: float
    z: float


class IVector4Like(Protocol):
    x: float
    y: float
    z: float
    w: float


class IColor3Like(Protocol):
    r: float
    g: float
    b: float


class IColor4Like(Protocol):
    r: float
    g: float
    b: float
    a: float


class ISizeLike(Protocol):
    width: float
    height: float


class IViewportLike(Protocol):
    x: float
    y: float
    width: float
    height: float

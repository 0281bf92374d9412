"""JavaScript property access on Python objects: ``owner[name]`` read and write.

Port of the property walk Babylon.js 9.31 ``Animations/runtimeAnimation`` and
``animatable.core`` do on their targets (``target[path]``): a name is a Mapping key, a
sequence index (digit names) or an attribute, and an absent one is ``undefined``
(:data:`MISSING` here). Shared by the evaluator, the late-binding blend and the delegation
boundary.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, MutableSequence, Sequence
from typing import Any

import numpy as np

__all__ = ["MISSING", "clone", "get_property", "lookup", "set_property"]

#: JavaScript's ``undefined`` as :func:`lookup` returns it (a ``None`` value is ``null``).
MISSING: Any = object()


def lookup(owner: Any, name: str) -> Any:
    """``owner[name]`` with JavaScript's lenience: :data:`MISSING` for ``undefined``."""
    if isinstance(owner, Mapping):
        return owner.get(name, MISSING)
    if (
        isinstance(owner, Sequence | np.ndarray)
        and not isinstance(owner, str | bytes)
        and name.isdigit()
    ):
        index = int(name)
        return owner[index] if index < len(owner) else MISSING
    return getattr(owner, name, MISSING)


def get_property(owner: Any, name: str) -> Any:
    """``owner[name]``: a Mapping key, a sequence index (digit names) or an attribute.

    Returns ``None`` when the property does not exist.
    """
    value = lookup(owner, name)
    return None if value is MISSING else value


def set_property(owner: Any, name: str, value: Any) -> None:
    """``owner[name] = value`` on a Mapping, a sequence (digit names) or an attribute."""
    if isinstance(owner, MutableMapping):
        owner[name] = value
    elif isinstance(owner, MutableSequence | np.ndarray) and name.isdigit():
        owner[int(name)] = value
    else:
        setattr(owner, name, value)


def clone(value: Any) -> Any:
    """``value.clone()`` when the value has one (Babylon's math types), else ``value`` itself."""
    method = getattr(value, "clone", None)
    return method() if callable(method) else value

"""Babylon.js members lite_compat refuses on purpose, with a stable code per reason.

A member that only draws, reads user input or the DOM, or fetches from the network leaves no
state an animation script can observe, so lite_compat does not provide it; reading it raises
:class:`lite.UnsupportedError` naming the member and the reason (never an ``AttributeError``
for a name Babylon.js has). A refusal is a class attribute::

    class Scene:
        enableDepthRenderer = Refused(RENDERING, "a GPU depth pass")

Reading ``scene.enableDepthRenderer`` raises; on the class (``Scene.enableDepthRenderer``) the
descriptor itself is returned, so introspection (``dir``, ``inspect``, the surface manifest
test) keeps working, unless the member is a Babylon.js static (``static=True``), which raises
there too. :func:`refusal_of` finds the refusal of a member, for the manifest test and
docs/compat.md's "not provided" list.

==================  ==================  ===============================================
code                reason              what the member does in Babylon.js
==================  ==================  ===============================================
``LITE-COMPAT-021`` ``rendering``       draws, or drives a GPU pass / render target
``LITE-COMPAT-022`` ``input``           reads pointer / keyboard input or the DOM
``LITE-COMPAT-023`` ``network``         fetches from a URL or Babylon's snippet server
``LITE-COMPAT-025`` ``subsystem``       belongs to a subsystem lite_compat does not port
                                        (physics, audio, XR, particles, flow graphs...)
==================  ==================  ===============================================

Whole tables of refusals are attached with :func:`refuse_members` (a class) and
:func:`module_refusals` (a module's ``__getattr__``: the top-level ``BABYLON.X`` names of
Babylon.js subsystems, see :mod:`lite_compat._top_level`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, NoReturn

from lite.errors import UnsupportedError

__all__ = [
    "INPUT",
    "NETWORK",
    "REASONS",
    "RENDERING",
    "SUBSYSTEM",
    "ModuleRefusal",
    "RefusalReason",
    "Refused",
    "module_refusals",
    "refusal_of",
    "refuse_members",
]


@dataclass(frozen=True)
class RefusalReason:
    """Why a group of Babylon.js members is not provided (one stable code per reason)."""

    code: str
    name: str
    why: str
    hint: str


RENDERING: Final = RefusalReason(
    "LITE-COMPAT-021",
    "rendering",
    "it only draws or drives a GPU pass, and lite_compat has no renderer",
    "drop the call from the port; animation state does not depend on it",
)
INPUT: Final = RefusalReason(
    "LITE-COMPAT-022",
    "input",
    "it reads pointer/keyboard input or the DOM, which a headless Python process has not",
    "drive the scene from Python instead (set values, call the animation methods)",
)
NETWORK: Final = RefusalReason(
    "LITE-COMPAT-023",
    "network",
    "it fetches from a URL or Babylon's snippet server, which lite_compat never contacts",
    "save the data to a local file and load that (Animation.Parse, SceneLoader on a path)",
)
SUBSYSTEM: Final = RefusalReason(
    "LITE-COMPAT-025",
    "subsystem",
    "it belongs to a Babylon.js subsystem lite_compat does not port (physics, audio, XR, "
    "particles, sprites, flow graphs, node editors, GUI helpers...): lite_compat ports "
    "animation and the scene objects animations write",
    "keep that part of the script in Babylon.js; animation state does not depend on it",
)
#: Every reason, by name.
REASONS: Final = {r.name: r for r in (RENDERING, INPUT, NETWORK, SUBSYSTEM)}


class Refused:
    """A Babylon.js member that raises :class:`~lite.UnsupportedError` when read.

    Parameters
    ----------
    reason
        One of :data:`RENDERING`, :data:`INPUT`, :data:`NETWORK`.
    detail
        What the member does in Babylon.js (shown in the message).
    static
        ``True`` for a Babylon.js static: reading it on the class raises too.
    """

    def __init__(self, reason: RefusalReason, detail: str = "", *, static: bool = False) -> None:
        self.reason = reason
        self.detail = detail
        self.static = static
        self.owner = "?"
        self.name = "?"

    def __set_name__(self, owner: type, name: str) -> None:
        self.owner = owner.__name__
        self.name = name

    @property
    def member(self) -> str:
        """``"Class.member"``."""
        return f"{self.owner}.{self.name}"

    def error(self) -> UnsupportedError:
        """The error reading the member raises."""
        detail = f" ({self.detail})" if self.detail else ""
        return UnsupportedError(
            self.reason.code,
            f"Babylon.js member {self.member}{detail} is not provided by lite_compat: "
            f"{self.reason.why}",
            hint=self.reason.hint,
            input_name=self.member,
        )

    def __get__(self, obj: object, objtype: type | None = None) -> Refused:
        if obj is None and not self.static:
            return self
        raise self.error()

    def raise_(self) -> NoReturn:
        """Raise :meth:`error` (for callers that hold the descriptor)."""
        raise self.error()


def refusal_of(cls: type, name: str) -> Refused | None:
    """The :class:`Refused` that ``cls`` (or a base) declares for ``name``, else ``None``."""
    for klass in cls.__mro__:
        value = klass.__dict__.get(name)
        if value is not None:
            return value if isinstance(value, Refused) else None
    return None


def refuse_members(
    cls: type, table: Mapping[str, tuple[RefusalReason, str]], *, owner: str | None = None
) -> None:
    """Declare every ``name -> (reason, detail)`` of ``table`` as a :class:`Refused` member of
    ``cls`` (what writing ``name = Refused(reason, detail)`` in the class body does); the
    message names ``owner`` (the Babylon.js class a mixin serves) instead of ``cls``.

    A name ``cls`` already defines (itself or a base, other than as a refusal) is an error:
    a refusal must never hide a member that exists.
    """
    for name, (reason, detail) in table.items():
        for klass in cls.__mro__:
            value = klass.__dict__.get(name)
            if value is not None and not isinstance(value, Refused):
                raise TypeError(f"{cls.__name__}.{name} exists ({klass.__name__}): not refused")
        refused = Refused(reason, detail, static=name[:1].isupper())
        refused.__set_name__(cls, name)
        if owner is not None:
            refused.owner = owner
        setattr(cls, name, refused)


@dataclass(frozen=True)
class ModuleRefusal:
    """A refused top-level name of a module (``BABYLON.PhysicsEngine``)."""

    module: str
    name: str
    reason: RefusalReason
    detail: str

    def error(self) -> UnsupportedError:
        """The error reading the name raises."""
        detail = f" ({self.detail})" if self.detail else ""
        return UnsupportedError(
            self.reason.code,
            f"Babylon.js top-level name BABYLON.{self.name}{detail} is not provided by "
            f"{self.module}: {self.reason.why}",
            hint=self.reason.hint,
            input_name=f"BABYLON.{self.name}",
        )


def module_refusals(
    module: str, table: Mapping[str, tuple[RefusalReason, str]]
) -> tuple[Callable[[str], NoReturn], Callable[[str], ModuleRefusal | None]]:
    """A module ``__getattr__`` raising the refusal of each name of ``table`` (and
    ``AttributeError`` for any other missing name), and the lookup :func:`refusal_of` uses
    for modules.
    """
    refusals = {
        name: ModuleRefusal(module, name, reason, detail)
        for name, (reason, detail) in table.items()
    }

    def __getattr__(name: str) -> NoReturn:  # noqa: N807 - the module protocol's name
        refusal = refusals.get(name)
        if refusal is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        raise refusal.error()

    return __getattr__, refusals.get

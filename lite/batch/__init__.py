"""Batched evaluation: groups that play one clip evaluated together with array operations.

Python-only (no Babylon Lite counterpart); a stage of the group pipeline
(:mod:`lite.animation.animation_group_task`), installed by ``lite.create_animation_manager``.
:mod:`lite.batch.engine` holds the stage and its per-frame passes; :mod:`~lite.batch.plans`
the bind-time tables, :mod:`~lite.batch.scratch` the buffers, :mod:`~lite.batch.single` and
:mod:`~lite.batch.soa` the per-instance and component-major paths,
:mod:`~lite.batch.property_batch` property clips, :mod:`~lite.batch.members` the member
records, :mod:`~lite.batch.blend_batch` the weighted glTF mixer's batched path and
:mod:`~lite.batch.property_blend` the weighted property mixer's (both installed here).
"""

from lite.batch.blend_batch import install as _install_blend_batch
from lite.batch.property_blend import install as _install_property_blend

_install_blend_batch()
_install_property_blend()

"""Babylon.js motion beyond playback: root motion and retargeting, over groups and nodes.

Ports of ``Animations/rootMotion.js`` and ``Animations/animatorAvatar.js``.
"""

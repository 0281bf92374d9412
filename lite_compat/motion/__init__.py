"""Babylon.js motion beyond playback: root motion and retargeting (``Animations/rootMotion.js``,
``Animations/animatorAvatar.js``), over animation groups and transform nodes."""

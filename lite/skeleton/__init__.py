"""Skeletons: node pose and world matrices, joint palettes and morph weights, the glTF
animation controller, the weighted glTF mixer, and the GPU upload.

Port of Babylon Lite's src/skeleton (CPU half and GPU half). The weighted glTF mixer, which
Babylon Lite keeps in src/animation, sits here beside the controller whose pose it blends, so
``lite.animation`` never imports ``lite.skeleton``. Only :mod:`lite.skeleton.gpu_upload`
imports wgpu, and only when it is itself imported.
"""

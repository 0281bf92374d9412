"""Skeletons: pose and world matrices, joint palettes, morph weights, and the GPU upload.

Also the glTF animation controller and the weighted glTF mixer.

Port of Babylon Lite's src/skeleton (CPU half and GPU half). The weighted glTF mixer, which
Babylon Lite keeps in src/animation, sits here beside the controller whose pose it blends, so
``lite.animation`` never imports ``lite.skeleton``. Only :mod:`lite.skeleton.gpu_upload`
imports wgpu, and only when it is itself imported.
"""

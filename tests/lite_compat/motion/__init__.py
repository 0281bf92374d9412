"""Tests of lite_compat.motion."""

"""A fused multiply-add for the compiled loops: ``llvm.fma.f64`` as a numba intrinsic.

Imported only by :mod:`lite.batch.blend_jit` when it compiles (it imports numba). One
rounding of ``a * b + c``, as the BLAS kernels numpy's ``matmul`` calls on FMA machines.
Python-only; no Babylon Lite counterpart.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir  # type: ignore[import-untyped]  # numba's own dependency
from numba.core import types
from numba.extending import intrinsic

__all__ = ["fma"]


@intrinsic
def fma(typingctx: Any, a: Any, b: Any, c: Any) -> Any:
    """``a * b + c`` rounded once (float64)."""
    sig = types.float64(types.float64, types.float64, types.float64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        double = ir.DoubleType()
        fnty = ir.FunctionType(double, [double, double, double])
        fn = builder.module.declare_intrinsic("llvm.fma", [double], fnty)
        return builder.call(fn, args)

    return sig, codegen

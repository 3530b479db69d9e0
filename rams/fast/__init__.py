"""The compiled fast path (Numba): a deal as an int64 array, and the exact solver.

Import :mod:`rams.fast.core` only where NumPy and Numba are installed (``rams[bots]``).
"""

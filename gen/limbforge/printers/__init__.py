# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Printers: IR programs -> source text for one target."""


class CodegenError(Exception):
    """A program the printer cannot emit (out of registers, a carry it would
    destroy, an argument shape the ABI does not allow)."""

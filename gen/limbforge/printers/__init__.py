# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Printers: IR programs -> source text for one target."""

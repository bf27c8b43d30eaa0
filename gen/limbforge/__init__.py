# SPDX-License-Identifier: Apache-2.0 OR MIT
"""limbforge generator: straight-line word programs -> C and assembly."""
__version__ = "0.1.0"

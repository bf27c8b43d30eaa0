# SPDX-License-Identifier: Apache-2.0 OR MIT
from .cli import main

raise SystemExit(main())

# SPDX-License-Identifier: Apache-2.0 OR MIT
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
# the repository's tests/common: testenv.py, the one reader of LF_TEST_ITERS
# and LF_TEST_SEED (tests/common/README.md)
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "common"))

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Packaging of the generator (metadata: pyproject.toml).

`limbforge gen field` ships some of the library's C headers with every field
it writes (limbforge/support.py says which: the include closure of the
generated files).  An installed generator has no source tree to read them
from, so the build puts them in the package, as limbforge/support/<path>.

Why copied at build time rather than kept as a copy under gen/: a copy in
the repository is a second version of headers that other people edit, and
would go stale the first time one of them forgets to sync it.  Here the
package is always built from the tree it sits in (`pip install ./gen` builds
in place, so ../include and ../src are there), and the tree itself is used
when the generator runs from a checkout.  Two cases have no tree next to
gen/:
  * a wheel built from an sdist: the sdist carries the headers
    (sdist below), and the build takes them from there;
  * gen/ copied somewhere alone: the build fails with a message rather than
    making a package whose `gen field` cannot work.
"""
import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

HERE = Path(__file__).resolve().parent


def _support_module():
    # by file path: the package is not importable (nor installed) yet
    spec = importlib.util.spec_from_file_location("_limbforge_support", HERE / "limbforge" / "support.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def support_files() -> dict:
    """{output path: text} of the headers to ship: from the limbforge tree
    around gen/ if there is one, else from an sdist's limbforge/support/."""
    sup = _support_module()
    tree = HERE.parent
    if (tree / "include" / "limbforge" / "limbforge.h").is_file() and (tree / "src" / "field").is_dir():
        return sup.package_files(tree)
    shipped = HERE / "limbforge" / sup.PACKAGE_DIR
    if shipped.is_dir():
        return {p.relative_to(shipped).as_posix(): p.read_text()
                for p in sorted(shipped.rglob("*")) if p.is_file()}
    raise SystemExit("limbforge: build from a limbforge checkout (pip install <checkout>/gen) or from "
                     "its sdist: the library headers (../include, ../src) are not here")


def _put(base: Path, files: dict) -> None:
    dst = base / "limbforge" / _support_module().PACKAGE_DIR
    shutil.rmtree(dst, ignore_errors=True)  # no header left over from an older tree
    for rel, text in files.items():
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        (dst / rel).write_text(text)


class build_py(_build_py):
    def run(self):
        super().run()
        _put(Path(self.build_lib), support_files())


class sdist(_sdist):
    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        _put(Path(base_dir), support_files())


setup(cmdclass={"build_py": build_py, "sdist": sdist})

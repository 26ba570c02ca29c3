"""A package's public names imported when first used (PEP 562), so that importing the package stays cheap.

``import kit.widgets`` should not load networkx, numpy or scipy because a tree explorer *could* be
built: a kernel that shows a game table starts faster without them.  A package lists where each of its
public names lives; the first ``package.name`` (or ``from package import name``) imports that module and
keeps the value in the package, so later uses are plain attribute reads.

Examples
--------
>>> import sys
>>> __getattr__, __dir__ = lazy_exports("kit.core", {".seeding": ["derive_seed"]})
>>> __getattr__("derive_seed") is sys.modules["kit.core.seeding"].derive_seed
True
>>> __getattr__("nothing")
Traceback (most recent call last):
    ...
AttributeError: module 'kit.core' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Iterable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(package: str, where: Mapping[str, Iterable[str]]) -> tuple[Callable[[str], Any],
                                                                             Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package`` whose names ``where`` places.

    Parameters
    ----------
    package : str
        The package's ``__name__``.
    where : mapping
        ``{module: names}``: each module (relative to ``package``, ``".build"``, or absolute) and the
        public names to take from it.

    Returns
    -------
    tuple
        ``(__getattr__, __dir__)``, to assign at the package's top level.
    """
    home = {name: module for module, names in where.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)  # kept: the next use is a plain attribute
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(home))

    return __getattr__, __dir__

"""Installs the repository's three top-level folders under the one import name ``vmodgen``.

``engine/`` and ``art/`` stay where they are in the repository (the domain core and the art do
not live inside the command-line package), but install as ``vmodgen.engine`` and ``vmodgen.art``
so that the distribution claims no top-level name another PyPI project uses (``art`` is an
ASCII-art library). Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

FOLDERS = {"vmodgen": "vmodgen", "vmodgen.engine": "engine", "vmodgen.art": "art"}


def packages() -> list[str]:
    """Every package under each folder, named by where it installs."""
    names = []
    for name, folder in FOLDERS.items():
        names.append(name)
        names += [f"{name}.{sub}" for sub in find_packages(folder)]
    return names


setup(packages=packages(), package_dir=FOLDERS)

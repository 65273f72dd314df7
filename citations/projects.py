"""Folders a project generates or downloads, told from the project's own files.

A folder's name alone says little: ``target`` is Maven's, sbt's and
Cargo's output folder, and also a package of a rules engine
(``…/target/TargetSelector.java``). So a folder is taken for a build
tool's output only when it sits beside that tool's build file *and* holds
what the tool writes there (``classes/`` in Maven's ``target/``); a
dependency or cache folder only when it says what it is (``pyvenv.cfg``,
``CACHEDIR.TAG``) or has a name no tool uses for anything else
(``node_modules``, ``__pycache__``). Everything here is data: one entry
per tool, with the reason a report prints.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BUILD_OUTPUTS", "DEPENDENCY_FOLDERS", "BuildOutput", "generated_folder"]


@dataclass(frozen=True, slots=True)
class BuildOutput:
    """A build tool's output folder: beside ``build_files``, holding one of ``markers``.

    ``markers`` are glob patterns of entries the tool writes into the folder.
    """

    tool: str
    build_files: tuple[str, ...]
    folder: str
    markers: tuple[str, ...]


BUILD_OUTPUTS: tuple[BuildOutput, ...] = (
    BuildOutput(
        "Maven",
        ("pom.xml",),
        "target",
        (
            "classes",
            "test-classes",
            "maven-status",
            "maven-archiver",
            "generated-sources",
            "surefire-reports",
            "*.jar",
            "*.war",
        ),
    ),
    BuildOutput(
        "Gradle",
        ("build.gradle", "build.gradle.kts"),
        "build",
        ("classes", "libs", "tmp", "generated", "intermediates", "reports", "resources"),
    ),
    BuildOutput("sbt", ("build.sbt",), "target", ("streams", "scala-*", "global-logging")),
    BuildOutput("Cargo", ("Cargo.toml",), "target", ("debug", "release", ".rustc_info.json")),
    BuildOutput("setuptools", ("setup.py", "pyproject.toml"), "build", ("lib", "lib.*", "bdist.*")),
    BuildOutput("MSBuild", ("*.csproj", "*.fsproj", "*.vbproj"), "bin", ("Debug", "Release")),
    BuildOutput(
        "MSBuild", ("*.csproj", "*.fsproj", "*.vbproj"), "obj", ("project.assets.json", "Debug")
    ),
)

# folder names that only ever hold installed dependencies or caches
DEPENDENCY_FOLDERS = {
    "node_modules": "npm dependencies",
    "bower_components": "Bower dependencies",
    "__pycache__": "Python bytecode cache",
    "site-packages": "installed Python packages",
    "dist-packages": "installed Python packages",
}

# https://bford.info/cachedir/: the first bytes of a CACHEDIR.TAG file
_CACHEDIR_SIGNATURE = b"Signature: 8a477f597d28d172789f06886806bc55"
# Maven's <build><directory>, when a pom names its own output folder
_MAVEN_DIRECTORY = re.compile(
    r"<build>.*?<directory>\s*(?:\$\{(?:project\.)?basedir\}/)?([^<$]+?)\s*</directory>", re.S
)


def _has(folder: Path, patterns: tuple[str, ...]) -> bool:
    return any(next(folder.glob(p), None) is not None for p in patterns)


def _maven_folder(pom: Path) -> str:
    """The output folder a pom.xml names (``target`` unless it says otherwise)."""
    try:
        text = pom.read_text("utf-8", errors="replace")
    except OSError:
        return "target"
    m = _MAVEN_DIRECTORY.search(text)
    return m.group(1).strip("/") if m and "/" not in m.group(1).strip("/") else "target"


def _cache_tagged(folder: Path) -> bool:
    try:
        with open(folder / "CACHEDIR.TAG", "rb") as fh:
            return fh.read(len(_CACHEDIR_SIGNATURE)) == _CACHEDIR_SIGNATURE
    except OSError:
        return False


def generated_folder(folder: Path, siblings: Collection[str]) -> str | None:
    """Why ``folder`` holds generated or downloaded files, or None when it is the project's own.

    ``siblings`` are the names of the files beside it (a walk has them already).
    """
    name = folder.name
    if name in DEPENDENCY_FOLDERS:
        return DEPENDENCY_FOLDERS[name]
    if (folder / "pyvenv.cfg").is_file():
        return "a Python virtual environment (pyvenv.cfg)"
    if _cache_tagged(folder):
        return "a cache folder (CACHEDIR.TAG)"
    for out in BUILD_OUTPUTS:
        if name != out.folder and out.tool != "Maven":
            continue
        beside = sorted(f for p in out.build_files for f in fnmatch.filter(siblings, p))
        if not beside:
            continue
        build_file = folder.parent / beside[0]
        expected = _maven_folder(build_file) if out.tool == "Maven" else out.folder
        if name == expected and _has(folder, out.markers):
            return f"{out.tool} build output (beside {beside[0]})"
    return None

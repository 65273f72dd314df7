"""Which files a check reads: the project's own, each skip listed; standard input; exit codes.

Judged against the three invented editions of tests/data/check/library/
(see tests/test_check_judge.py): Scry is 701.2 on 2010-07-16 and 701.3 in
the latest edition, 2011-01-01.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import crdex_in as crdex
from crdex.citations import SourceWalk
from crdex.citations.ignore import parse_ignore_file, translate
from crdex.citations.projects import generated_folder


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def walked(root: Path) -> tuple[list[str], list[tuple[str, str, str]]]:
    walk = SourceWalk([str(root)])
    files = [Path(p).relative_to(root).as_posix() for p in walk]
    skipped = [(Path(s.path).relative_to(root).as_posix(), s.kind, s.reason) for s in walk.skipped]
    return files, skipped


def test_a_target_package_is_read_and_maven_output_is_skipped(tmp_path: Path) -> None:
    root = tree(
        tmp_path / "engine",
        {
            "pom.xml": "<project><modelVersion>4.0.0</modelVersion></project>\n",
            "src/main/java/org/example/target/TargetImpl.java": "// CR 601.2c\n",
            "target/classes/rules.properties": "cite=CR 601.2c\n",
            "target/maven-status/x.lst": "\n",
        },
    )
    files, skipped = walked(root)
    assert files == ["pom.xml", "src/main/java/org/example/target/TargetImpl.java"]
    assert skipped == [("target", "folder", "Maven build output (beside pom.xml)")]


def test_a_target_beside_a_pom_without_maven_output_is_read(tmp_path: Path) -> None:
    root = tree(tmp_path, {"pom.xml": "<project/>\n", "target/Notes.java": "// CR 601.2c\n"})
    assert walked(root) == (["pom.xml", "target/Notes.java"], [])


def test_a_pom_naming_its_own_output_folder(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "pom.xml": "<project><build><directory>${project.basedir}/out</directory></build></project>\n",
            "out/classes/a.txt": "CR 601.2c\n",
            "target/classes/b.txt": "CR 601.2c\n",
        },
    )
    files, skipped = walked(root)
    assert files == ["pom.xml", "target/classes/b.txt"]
    assert skipped == [("out", "folder", "Maven build output (beside pom.xml)")]


def test_gitignore_hidden_and_dependencies(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            ".gitignore": "# local files\n*.log\n/generated/\n!keep.log\nbuild/\n",
            "a.log": "CR 601.2c\n",
            "keep.log": "CR 601.2c\n",
            "generated/x.txt": "CR 601.2c\n",
            "src/generated/y.txt": "CR 601.2c\n",  # "/generated/" is anchored to the root
            "src/build/z.txt": "CR 601.2c\n",  # "build/" is not
            "node_modules/lib/index.js": "// CR 601.2c\n",
            "venv/pyvenv.cfg": "home = /usr/bin\n",
            ".idea/notes.txt": "CR 601.2c\n",
            "src/app.py": "# CR 601.2c\n",
        },
    )
    files, skipped = walked(root)
    assert files == ["keep.log", "src/app.py", "src/generated/y.txt"]
    gi = str(root / ".gitignore")
    assert skipped == [
        (".gitignore", "file", "hidden"),
        (".idea", "folder", "hidden"),
        ("a.log", "file", f"ignored by {gi}:2 (*.log)"),
        ("generated", "folder", f"ignored by {gi}:3 (/generated/)"),
        ("node_modules", "folder", "npm dependencies"),
        ("src/build", "folder", f"ignored by {gi}:5 (build/)"),
        ("venv", "folder", "a Python virtual environment (pyvenv.cfg)"),
    ]


def test_a_nested_gitignore_and_the_repository_above(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    tree(tmp_path, {".gitignore": "*.tmp\n", "project/sub/.gitignore": "!keep.tmp\nlocal/\n"})
    root = tree(
        tmp_path / "project",
        {
            "a.tmp": "x\n",
            "sub/keep.tmp": "x\n",
            "sub/b.tmp": "x\n",
            "sub/local/c.txt": "x\n",
            "local/d.txt": "x\n",
        },
    )
    files, skipped = walked(root)
    assert files == ["local/d.txt", "sub/keep.tmp"]
    assert [(p, reason.split(" (")[0].rsplit("/", 1)[-1]) for p, _, reason in skipped] == [
        ("a.tmp", ".gitignore:1"),
        ("sub/.gitignore", "hidden"),
        ("sub/b.tmp", ".gitignore:1"),
        ("sub/local", ".gitignore:2"),
    ]


def test_links_to_folders_are_listed_not_followed(tmp_path: Path) -> None:
    root = tree(tmp_path / "p", {"a.txt": "x\n"})
    (root / "loop").symlink_to(root)
    (root / "broken.txt").symlink_to(root / "gone.txt")
    (root / "alias.txt").symlink_to(root / "a.txt")
    files, skipped = walked(root)
    assert files == ["a.txt", "alias.txt"]
    assert skipped == [
        ("broken.txt", "file", "a broken link"),
        ("loop", "folder", "a link to a folder, not followed (name it to check it)"),
    ]


def test_a_named_folder_is_read_whatever_its_name(tmp_path: Path) -> None:
    root = tree(tmp_path, {"pom.xml": "<project/>\n", "target/classes/a.txt": "CR 601.2c\n"})
    walk = SourceWalk([str(root / "target")])
    assert [Path(p).name for p in walk] == ["a.txt"]


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("*.log", "a.log", True),
        ("*.log", "deep/dir/a.log", True),
        ("/a.log", "deep/a.log", False),
        ("doc/*.txt", "doc/x.txt", True),
        ("doc/*.txt", "doc/sub/x.txt", False),
        ("**/logs", "x/y/logs", True),
        ("logs/**", "logs/a/b", True),
        ("a/**/b", "a/b", True),
        ("a/**/b", "a/x/y/b", True),
        ("file[0-9].txt", "file7.txt", True),
        ("file[!0-9].txt", "file7.txt", False),
        ("?.c", "ab.c", False),
        ("\\#notes", "#notes", True),
    ],
)
def test_gitignore_patterns(pattern: str, path: str, matches: bool) -> None:
    import re

    body = pattern[1:] if pattern.startswith("\\") else pattern
    assert (re.match(translate(body), path) is not None) is matches


def test_gitignore_lines(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("# comment\n\n!keep\nlogs/   \n\\!bang\n", "utf-8")
    rules = parse_ignore_file(tmp_path / ".gitignore", tmp_path)
    assert [(r.pattern, r.negated, r.directory_only, r.line) for r in rules] == [
        ("!keep", True, False, 3),
        ("logs/", False, True, 4),
        ("\\!bang", False, False, 5),
    ]


def test_generated_folder_needs_the_build_file_and_its_output(tmp_path: Path) -> None:
    (tmp_path / "target" / "debug").mkdir(parents=True)
    assert generated_folder(tmp_path / "target", []) is None
    assert generated_folder(tmp_path / "target", ["Cargo.toml"]) == (
        "Cargo build output (beside Cargo.toml)"
    )
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "CACHEDIR.TAG").write_bytes(
        b"Signature: 8a477f597d28d172789f06886806bc55\n"
    )
    assert generated_folder(tmp_path / "cache", []) == "a cache folder (CACHEDIR.TAG)"


# -- the command line ---------------------------------------------------------------


def stdin_check(
    mini_home: Path, cwd: Path, text: str, *args: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crdex", "check", "-", "--home", str(mini_home), *args],
        input=text,
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        timeout=600,
    )


def test_standard_input(mini_home: Path, tmp_path: Path) -> None:
    done = stdin_check(mini_home, tmp_path, "x = 601.2  # 20100716 - 701.2\n")
    assert done.returncode == 1
    # as prose, unless named: "601.2" after "x =" is not a citation either way
    assert done.stdout == (
        "<stdin>:1:14: moved: 20100716 - 701.2: 701.2 as of 2010-07-16 is 701.3 in 2011-01-01 "
        "(Scry); 701.2 is now Attach\n"
    )
    done = stdin_check(mini_home, tmp_path, 's = "rule 701.9"\n', "--stdin-name", "src/a.py")
    assert done.returncode == 1
    assert done.stdout.startswith("src/a.py:1:6: does not exist: rule 701.9:")
    done = stdin_check(mini_home, tmp_path, "# 20100716 - 701.2\n", "--fix")
    assert done.returncode == 2
    assert done.stderr == (
        "Error: standard input cannot be fixed in place; use --dry-run for the diff\n"
    )


def test_dev_null_is_an_empty_input(mini_home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "check", "/dev/null", "--home", str(mini_home))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert (
        done.stderr.splitlines()[-1] == "0 citations in 1 file checked against 2011-01-01: all ok"
    )


def test_a_missing_path_is_a_usage_error(mini_home: Path, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("rule 701.3\n", encoding="utf-8")
    done = crdex(tmp_path, "check", "a.txt", "nope/b.txt", "--home", str(mini_home))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "Error: nope/b.txt: no such file or directory"
    assert done.stdout == ""


def test_skipped_folders_are_listed(mini_home: Path, tmp_path: Path) -> None:
    tree(
        tmp_path,
        {
            "pom.xml": "<project/>\n",
            "target/classes/a.txt": "CR 701.9\n",
            "src/target/Target.java": "// CR 701.3: scry\n",
            "blob.bin": "\x00\x01",
        },
    )
    done = crdex(tmp_path, "check", ".", "--home", str(mini_home))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr.splitlines()[1:] == [
        "skipped folder target: Maven build output (beside pom.xml)",
        "1 citation in 2 files checked against 2011-01-01: all ok; 1 folder skipped; "
        "1 file skipped (-v lists them)",
    ]
    done = crdex(tmp_path, "check", ".", "--home", str(mini_home), "--json")
    assert json.loads(done.stdout)["skipped"] == [
        {"path": "blob.bin", "kind": "file", "reason": "binary"},
        {"path": "target", "kind": "folder", "reason": "Maven build output (beside pom.xml)"},
    ]

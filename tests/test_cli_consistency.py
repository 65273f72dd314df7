"""One option name for one meaning, near matches wherever a name is unknown, long input cut.

The date a citation or a search is read at is ``--as-of`` in every command
that takes one, ``--at`` accepted too (``resolve`` long spelled it so).
Unknown rule numbers and terms get suggestions from ``show``, ``history``,
``resolve`` and ``glossary`` alike; a value echoed in a message is cut in
the middle when long. Expectations read in cr-2026-08-07.txt: 701.18
(3420), 701.9, 701.19, 701.29 and 702.18 are rules, 701.99 is none; Scry
(502.36 in cr-2005-02-01.txt 1623) is 701.22 (3457).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from conftest import MINI_LIBRARY, crdex_in, run_crdex
from crdex.commands.group import COMMANDS

corpus = pytest.mark.corpus


def crdex(home: Path, *args: str):
    return run_crdex(*args, "--home", str(home))


def test_every_date_option_is_as_of_and_at() -> None:
    for name in COMMANDS:
        helped = run_crdex(name, "--help").stdout
        if re.search(r"--(as-of|at)\b", helped):
            assert "--as-of, --at DATE" in helped, name


@corpus
def test_at_and_as_of_are_one_option(web_home: Path, tmp_path: Path) -> None:
    at = crdex(web_home, "resolve", "502.36", "--at", "2005-02-01", "--json")
    as_of = crdex(web_home, "resolve", "502.36", "--as-of", "2005-02-01", "--json")
    assert at.returncode == as_of.returncode == 0, at.stderr + as_of.stderr
    assert at.stdout == as_of.stdout
    assert json.loads(at.stdout)["number"] == "701.22"
    cited = tmp_path / "notes.txt"
    cited.write_text("See rule 502.36.\n")
    check_at = crdex(web_home, "check", str(cited), "--at", "2005-02-01", "--json")
    check_as_of = crdex(web_home, "check", str(cited), "--as-of", "2005-02-01", "--json")
    assert check_at.returncode == check_as_of.returncode == 1  # moved: a finding
    assert check_at.stdout == check_as_of.stdout
    missing = crdex(web_home, "resolve", "502.36")
    assert missing.returncode == 2
    assert "Missing option '--as-of' / '--at'" in missing.stderr


@corpus
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("show", "70l.18"),
            "Error: '70l.18' is neither a rule number (such as 7, 701, 701.22 or 704.5aa) "
            "nor a glossary term of 2026-08-07; did you mean 701.18, 702.18 or 701.18a?\n",
        ),
        (
            ("show", "701.99"),
            "Error: 2026-08-07 has no rule 701.99; did you mean 701.9, 701.19 or 701.29?\n",
        ),
        (
            ("history", "70l.18"),
            "Error: '70l.18' is not a rule number: rule numbers look like 7, 701, 701.22 "
            "or 704.5aa; did you mean 701.18, 702.18 or 701.18a?\n",
        ),
        (
            ("resolve", "70l.18", "--as-of", "2026-08-07"),
            "Error: '70l.18' is not a rule number: rule numbers look like 7, 701, 701.22 "
            "or 704.5aa; did you mean 701.18, 702.18 or 701.18a?\n",
        ),
        (
            ("show", "skry"),
            "Error: 'skry' is neither a rule number nor a glossary term of 2026-08-07; "
            "did you mean Scry?\n",
        ),
        (
            ("show", "701.22", "-e", "nope"),
            "Error: no edition 'nope' in the library: name an edition by its id (such as "
            "2026-08-07), by a date (YYYY-MM-DD), or 'latest'; did you mean latest or "
            "2026-08-07?\n",
        ),
    ],
)
def test_unknown_names_get_near_matches(
    web_home: Path, args: tuple[str, ...], message: str
) -> None:
    done = crdex(web_home, *args)
    assert done.returncode == 1
    assert done.stderr == message


@corpus
def test_long_input_is_echoed_cut(web_home: Path) -> None:
    long = "x" * 100_000
    shown = crdex(web_home, "show", long)
    assert shown.returncode == 1
    assert shown.stderr == (
        f"Error: {'x' * 29!r}…{'x' * 29!r} (100,000 characters) is neither a rule number "
        "nor a glossary term of 2026-08-07\n"
    )
    unknown = crdex(web_home, "show", "701.22", "-e", long)
    assert unknown.returncode == 1 and len(unknown.stderr) < 400
    # a search of 100 KB is refused before it is run (it held the command for seconds)
    searched = crdex(web_home, "search", "scry " * 20_000)
    assert searched.returncode == 1
    assert searched.stderr.splitlines()[-1] == (
        "Error: the query is 100000 characters long; a search takes at most 1000"
    )
    assert searched.stdout == ""


def test_the_build_summary_times_the_graph_by_itself(tmp_path: Path) -> None:
    done = crdex_in(tmp_path, "build", str(MINI_LIBRARY), "--home", str(tmp_path / "home"))
    assert done.returncode == 0, done.stderr
    graph = re.search(r"^identity graph built: .* \((\d+\.\d) s\)$", done.stdout, re.M)
    total = re.search(r"^build done in (\d+\.\d) s$", done.stdout, re.M)
    assert graph and total, done.stdout
    assert float(graph.group(1)) <= float(total.group(1))
    again = crdex_in(
        tmp_path, "build", str(MINI_LIBRARY), "--home", str(tmp_path / "home"), "--json"
    )
    data = json.loads(again.stdout)
    assert data["graph"]["rebuilt"] is False and data["graph_seconds"] == 0
    assert data["seconds"] > 0


def test_the_graph_time_is_the_matching_alone(tmp_path: Path, monkeypatch) -> None:
    # the graph built slowly and the search index more slowly still: the graph's time is
    # the matching's own, the rest counted in the build's time alone
    import crdex.api
    import crdex.index.library.building.matching as building

    matched: list[float] = []
    build_graph, index_search = building.build_graph, crdex.api._index_search

    def slow_graph(*args, **kwargs):
        start = time.perf_counter()
        time.sleep(0.3)
        graph = build_graph(*args, **kwargs)
        matched.append(time.perf_counter() - start)
        return graph

    def slow_index(*args, **kwargs):
        time.sleep(0.6)
        return index_search(*args, **kwargs)

    monkeypatch.setattr(building, "build_graph", slow_graph)
    monkeypatch.setattr(crdex.api, "_index_search", slow_index)
    report = crdex.api.build([MINI_LIBRARY], home=tmp_path / "home")
    assert report.graph_rebuilt and len(matched) == 1
    assert matched[0] <= report.graph_seconds < matched[0] + 0.1
    assert report.seconds >= report.graph_seconds + 0.6


@corpus
def test_underscore_italics_are_not_printed_as_underscores(web_home: Path) -> None:
    # cr-2009-07-11.txt 154: "100.1. These _Magic_ rules apply to any _Magic_ game …"
    shown = crdex(web_home, "show", "100.1", "-e", "2009-07-11")
    assert shown.returncode == 0, shown.stderr
    assert "These Magic rules apply to any Magic game" in " ".join(shown.stdout.split())
    raw = json.loads(crdex(web_home, "show", "100.1", "-e", "2009-07-11", "--json").stdout)
    assert raw["text"].startswith("These _Magic_ rules")  # the data keeps them

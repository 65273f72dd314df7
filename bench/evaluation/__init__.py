"""Measuring crdex against answers read by hand: kept in the checkout, not installed.

The benchmarks in ``bench/`` and the tests share these: ``search`` scores
ranking on question files with known answers, ``citations`` replays and
scores the citation checker on its adjudicated table, ``crosscheck`` (with
the pairs read one by one in ``crosscheck_notes``) compares the identity
graph with another project's edition-to-edition diffs. A benchmark run as
``python bench/x.py`` imports them as ``evaluation.*`` (its folder comes
first on the import path); the tests' ``conftest.py`` appends ``bench/`` to
the path for the same names.
"""

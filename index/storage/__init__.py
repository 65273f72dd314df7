"""How the library keeps itself: the machinery under every build and read.

:mod:`.generations` publishes a directory of generations (one writer behind a
lock, readers on the last complete one); :mod:`.packed` is the compressed
JSON of trees and snapshots; :mod:`.outputs` writes the files users name;
:mod:`.workers` runs a build's worker processes; :mod:`.faults` names the
points where a test may kill a build.
"""

__all__: list[str] = []

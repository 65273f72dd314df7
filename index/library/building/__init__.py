"""The phases of a library build, each a function of its own, run in order by :mod:`..build`.

:mod:`.state` holds what a build is asked and what its phases hand on;
:mod:`.reading` the first phases (the generation built upon, parsing, the
chain of editions), :mod:`.matching` the identity graph, :mod:`.writing`
the search index, the generation's files and publishing.
"""

"""What crdex adapts in Whoosh: the analyzer, BM25F with tabled field lengths, the trimmed imports, in-memory storage, and the bounds on a search's cost.

Nothing here imports the rest of search (``tests/test_search_layout.py``).
"""

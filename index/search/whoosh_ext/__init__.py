"""What crdex adapts in Whoosh: the analyzer, BM25F with tabled field lengths, the trimmed imports, in-memory storage, published indexes read from their memory map, and the bounds on a search's cost.

Nothing here imports the rest of search (``tests/test_search_layout.py``).
"""

"""The encoders: the sentence model (a BERT forward pass in numpy, its WordPiece tokenizer) and the static word vectors, found in their installed packages.

Nothing here imports the rest of search (``tests/test_search_layout.py``): a model is read and run, never told what an index is.
"""

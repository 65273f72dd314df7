"""Building a generation of the search index: its documents' segments written in workers, the sentence vectors read by the model, an index in memory."""

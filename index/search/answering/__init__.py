"""Answering questions: the query planned, the candidates found by the words and the vectors, fused, ranked and shown; the bounds of a search; rule numbers looked up."""

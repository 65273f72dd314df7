"""One module per ``crdex`` command; each lists its click commands in ``__all__``."""

"""What crdex learns from rulings pages beside the Comprehensive Rules.

``topics`` ties the topics of the 1999 rulings summary to the identities
of the rules they name.
"""

from .topics import TopicLink, TopicLinks, link_topics

__all__ = ["TopicLink", "TopicLinks", "link_topics"]

"""A planner that looks one combat ahead.

Blocks are chosen as CR 510.1c assigns damage; see also CR 601.2g.
"""

VERSION = "601.2"  # a version string, not a rule
THRESHOLD = 702.5  # a number


def assign_trample(damage):
    # 702.19b
    return damage


def mana(costs):
    # 20150717 - 601.2g
    return costs


def leave(player):
    # 800.4a/800.4d
    return player


def protection(permanent):
    # 20091005 - 702.14c
    return permanent


def old_protection(permanent):
    # 20091005 - 702.14c, 702.14d
    return permanent

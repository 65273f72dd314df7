"""Mulligans and the opening hand."""


def starting_life():
    # CR 103.4
    return 20


def mulligan(hand):
    # 20150717 - 103.4
    return hand[1:]


def opening_hand_size():
    # 20190712 - 103.4
    return 7

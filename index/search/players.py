"""The words players use for what the rules say otherwise: a thesaurus of Magic slang.

Players ask about "ETB triggers", "bouncing" a token or a "fog"; the rules
say "enters the battlefield", "return it to its owner's hand", "prevent all
combat damage". Each entry below maps a player's word to the rules' own
wording and names the public page that defines the player's word that way.
None comes from the questions search is measured on.

A rules phrase written ``a + b`` asks for both parts anywhere in a rule
(phrases in a rule's text are rarely contiguous: "exile target creature
you control, then return that card to the battlefield"). Every phrase is
wording some edition of the rules uses (a corpus test checks this).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PLAYER_TERMS", "PlayerTerm"]

MTG_WIKI = "https://mtg.fandom.com/wiki/"


@dataclass(frozen=True, slots=True)
class PlayerTerm:
    """``said``: what players type; ``means``: the rules' wording for it; ``source``: the page."""

    said: tuple[str, ...]
    means: tuple[str, ...]
    source: str


PLAYER_TERMS: tuple[PlayerTerm, ...] = (
    # "commonly abbreviated ETB"; "originally phrased as 'Comes into play' (abbreviated as CIP)"
    PlayerTerm(
        ("etb", "etbs", "cip"),
        ("enters the battlefield", "enters", "comes into play"),
        MTG_WIKI + "Enters_the_battlefield",
    ),
    # 'The phrase "leave the battlefield" (LTB)'; "leaves play" is the pre-2009 wording
    PlayerTerm(
        ("ltb",),
        ("leaves the battlefield", "leaves play"),
        "https://cyberpost.co/does-exile-trigger-leave-the-battlefield/",
    ),
    # "the nickname ... for exiling something, then returning it to the battlefield";
    # "sometimes also called blinking"
    PlayerTerm(
        ("flicker", "flickered", "flickering", "blink", "blinked", "blinking"),
        ("exile + return + battlefield", "removed from the game + return + play"),
        MTG_WIKI + "Flicker",
    ),
    # "returns a card that is on the battlefield to its owner's hand"
    PlayerTerm(
        ("bounce", "bounced", "bounces", "bouncing"),
        ("return + owner's hand",),
        MTG_WIKI + "Bounce",
    ),
    # "a Wrath effect is any effect that destroys all, or most, creatures"
    PlayerTerm(
        ("wrath", "wraths", "wrath effect"),
        ("destroy all creatures",),
        "https://mtg.wiki/page/Wrath_effect",
    ),
    # "Mass Creature Kill (aka Wrath of God or 'Wrath') ... Creature Sweeper Creatures"
    PlayerTerm(
        ("sweeper", "sweepers"),
        ("destroy all creatures",),
        "https://magic.wizards.com/en/articles/archive/sf/annihilation-and-creatures-who-love-it-2014-08-12",
    ),
    # "Board wipes ... typically, they destroy or exile all permanents of a specific type"
    PlayerTerm(
        ("board wipe", "board wipes", "boardwipe"),
        ("destroy all creatures", "destroy all"),
        "https://www.gameslearningsociety.org/wiki/how-does-board-wipes-work",
    ),
    # "spells that prevent all combat damage that would be dealt in a certain turn"
    PlayerTerm(
        ("fog", "fogs", "fogged"),
        ("prevent all combat damage",),
        "https://mtg.wiki/page/Fog",
    ),
    # "an informal term for the rule that a creature cannot attack or use activated
    # abilities with the tap or untap symbol if it has not been continuously controlled
    # ... since the beginning of that player's most recent turn"
    PlayerTerm(
        ("summoning sick", "summoning sickness"),
        ("summoning sickness", "continuously + most recent turn"),
        "https://mtg.gamepedia.com/Summoning_sickness",
    ),
    # "For a player to mill N cards, they put the top N cards from their library into
    # their graveyard"; a keyword action only since Core Set 2021
    PlayerTerm(
        ("mill", "mills", "milled", "milling"),
        ("mill", "top + library + graveyard"),
        "https://mtg.wiki/page/Milling",
    ),
    # "A Tutor is a spell which searches your library for another spell"
    PlayerTerm(
        ("tutor", "tutors", "tutored", "tutoring"),
        ("search + library",),
        "https://mtg.gamepedia.com/Tutor",
    ),
    # before Magic 2010, "all assignments of combat damage go on the stack as a single
    # object"; the Magic 2010 rules change took combat damage off the stack
    PlayerTerm(
        ("damage on the stack",),
        ("combat damage + stack",),
        "http://www.wizards.com/magic/magazine/Article.aspx?x=mtgcom/daily/bb50",
    ),
    # "used for when a spell or ability fails to resolve as a result of all its targets
    # being missing or illegal"; before Dominaria the rules said the spell "is
    # countered if all its targets ... are now illegal", since then it "doesn't resolve"
    PlayerTerm(
        ("fizzle", "fizzles", "fizzled", "fizzling"),
        ("doesn't resolve", "all its targets + illegal"),
        MTG_WIKI + "Fizzle",
    ),
    # "reanimation effects return cards from a graveyard directly unto the battlefield"
    PlayerTerm(
        ("reanimate", "reanimates", "reanimated", "reanimation", "reanimating"),
        ("graveyard + onto the battlefield", "graveyard + into play"),
        MTG_WIKI + "Reanimation",
    ),
    # "emptying the opponent's library ... takes advantage of the decking rule"
    PlayerTerm(
        ("decking", "decked", "deck out", "decked out"),
        ("library with no cards", "draw + more cards than + library"),
        "https://mtg.wiki/page/Milling",
    ),
    # "CMC: Stands for Converted Mana Cost, now officially called Mana Value"
    PlayerTerm(
        ("cmc",),
        ("converted mana cost", "mana value"),
        "https://casualplaneswalker.com/wiki",
    ),
    # "1v1: One versus one ... A two-player game."
    PlayerTerm(
        ("1v1", "one versus one", "one on one"),
        ("two-player game",),
        MTG_WIKI + "List_of_Magic_slang",
    ),
    # "Burn: A direct damage spell"; "Cantrip: A card that lets you draw another card
    # along when you cast it"
    PlayerTerm(
        ("burn", "burn spell"),
        ("deals + damage",),
        "https://www.angelfire.com/ga/eltsite/magicslang.html",
    ),
    PlayerTerm(
        ("cantrip", "cantrips"),
        ("draw a card",),
        "https://www.angelfire.com/ga/eltsite/magicslang.html",
    ),
    # Instants "have no timing restrictions"; "a subtype that grants 'instant speed'"
    PlayerTerm(
        ("instant speed",),
        ("any time they could cast an instant", "any time you could cast an instant"),
        MTG_WIKI + "Instant",
    ),
)

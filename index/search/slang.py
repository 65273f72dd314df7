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
# Wizards of the Coast's own primer of players' jargon (Magic Academy, 2006)
MAGIC_JARGON = "https://magic.wizards.com/en/articles/archive/magic-academy/magic-jargon-2006-09-09"


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
    # From here on, slang from the glossaries, alphabetical by the player's word (words
    # defined on one page kept together).
    # "Act of Treason: Any spell or ability that takes control of a creature for a single
    # turn"; "Anthem: A noncreature permanent that provides +1/+1 to creatures"
    PlayerTerm(
        ("act of treason",),
        ("gain control + until end of turn",),
        "https://themanabase.com/rant-of-valakut-a-glossary-of-magic-slang/",
    ),
    PlayerTerm(
        ("anthem", "anthems", "anthem effect", "anthem effects"),
        ("creatures you control get +1/+1", "creatures + get +1/+1"),
        "https://themanabase.com/rant-of-valakut-a-glossary-of-magic-slang/",
    ),
    # "Animals - Another word for creatures" (its "Men - Yet another nickname for
    # creatures" left out: the rules name Flying Men)
    PlayerTerm(
        ("animals",),
        ("creatures",),
        MAGIC_JARGON,
    ),
    # "Banish: A card that will exile something until the banishing card leaves the field"
    PlayerTerm(
        ("banish", "banished", "banishes", "banishing"),
        ("exile", "removed from the game"),
        "https://darkmatt717.neocities.org/mtg/terms.html",
    ),
    # "Bin - The graveyard. Also used as a verb to describe sending something to the
    # graveyard"; "Grumper - The graveyard"
    PlayerTerm(
        ("bin", "binned", "binning", "grumper"),
        ("graveyard",),
        MAGIC_JARGON,
    ),
    # "Bolt: Lightning Bolt. The nickname is sometimes extended to Chain Lightning and
    # other 3-damage burn spells"
    PlayerTerm(
        ("bolt", "bolted", "bolts", "bolting"),
        ("lightning bolt", "deals 3 damage"),
        "https://mtg.wiki/page/List_of_Magic_slang/Card_nicknames",
    ),
    # "Buff: Putting a +1/+1 counter on a creature, or giving that creature +1/+1";
    # "Fetch: to search your deck for a card and put it into your hand"
    PlayerTerm(
        ("buff", "buffs", "buffed"),
        ("+1/+1 counter", "gets +1/+1"),
        "https://dorcishlibrarian.blogspot.com/2026/01/magic-slang.html",
    ),
    PlayerTerm(
        ("fetch", "fetches", "fetched", "fetching"),
        ("search + library",),
        "https://dorcishlibrarian.blogspot.com/2026/01/magic-slang.html",
    ),
    # "Dork: a 1/1 creature" (a mana dork: see below)
    PlayerTerm(
        ("dork", "dorks"),
        ("creature",),
        "https://dorcishlibrarian.blogspot.com/2026/01/magic-slang.html",
    ),
    # "a creature assigned to block a larger attacker, which will ultimately die"
    PlayerTerm(
        (
            "chump",
            "chump block",
            "chump blocks",
            "chump blocked",
            "chump blocking",
            "chump blocker",
            "chump blockers",
        ),
        ("blocking creature", "blocked creature", "declare blockers"),
        MTG_WIKI + "Chump_blocker",
    ),
    # copy effects on creatures are "sometimes referred to as 'cloning'" (Clone is the card)
    PlayerTerm(
        ("clone", "clones", "cloned", "cloning", "clone effect"),
        ("becomes a copy", "copy of + creature"),
        "https://mtg.wiki/page/Cloning",
    ),
    # "A counterspell is a type of spell that can be cast in response to another spell
    # ... to negate the effects of the original spell, essentially 'countering' it"
    # ("countered" alone is stemmed as "counter": +1/+1 counters)
    PlayerTerm(
        ("counterspell", "counterspells"),
        ("counter target spell", "counter a spell"),
        "https://splicedonline.com/?p=527549",
    ),
    # "A death trigger is something that triggers off that": "'when a creature dies' or
    # 'is put into a graveyard from play'" ("dies" itself is stemmed as "die": dice rolls)
    PlayerTerm(
        ("death trigger", "death triggers"),
        ("put into a graveyard from the battlefield", "put into a graveyard from play"),
        "https://draftsim.com/mtg-when-creature-dies/",
    ),
    # "Dome - Used to describe a player's head or life total"
    PlayerTerm(
        ("dome",),
        ("life total", "player"),
        MAGIC_JARGON,
    ),
    # "spells that cause an opponent to take damage or lose life, while its controller
    # gains life" (bare "drain" left out: Drain Power is a card the rules name)
    PlayerTerm(
        ("drain effect", "drain effects", "drain life"),
        ("loses + life + you gain + life", "deals + damage + you gain + life"),
        MTG_WIKI + "Drain_life",
    ),
    # "wording that makes target players sacrifice a permanent"
    PlayerTerm(
        ("edict", "edicts", "edict effect", "edict effects"),
        ("sacrifices a creature",),
        "https://draftsim.com/mtg-edict-effect/",
    ),
    # "more commonly known as Elder Dragon Highlander (usually abbreviated to EDH)";
    # "EDH" itself is in the rules' glossary, and was the variant's name in 2009-2010
    PlayerTerm(
        ("elder dragon highlander",),
        ("commander", "edh"),
        "http://wiki.mtgsalvation.com/article/Commander_(format)",
    ),
    # "EOT - Shorthand for End of Turn" (the step was the "end of turn step" until the
    # Magic 2010 rules, the "end step" since)
    PlayerTerm(
        ("eot",),
        ("end of turn", "end step"),
        MAGIC_JARGON,
    ),
    # "Fatty/Fattie - This term is used to refer to creatures that would shop at the Big
    # and Tall shop ... 4/4 is generally the bare minimum to be considered a fatty"
    PlayerTerm(
        ("fatty", "fattie", "fatties"),
        ("creature",),
        MAGIC_JARGON,
    ),
    # "a legendary creature called General or Commander"; "Each player chooses a
    # legendary creature which is called their General". The rules' own Elder Dragon
    # Highlander variant (2009-2010) said so too: "each player puts his or her general
    # face up next to his or her library. The generals start the game in the command
    # zone"; since Commander (2011) the rules say "commander". Bare "general" left out:
    # the rules use it otherwise (the sections headed "General"; the Emperor variant's
    # "generals" are players), and a player's general is always someone's
    PlayerTerm(
        ("my general", "your general", "his general", "her general", "their general"),
        ("commander",),
        "http://wiki.mtgsalvation.com/article/Commander_(format)",
    ),
    # "Grip - The cards in a player's hand"
    PlayerTerm(
        ("grip",),
        ("hand",),
        MAGIC_JARGON,
    ),
    # "draw one or more cards, and then discard a number equal to what he or she drew";
    # "'red looting' or rummaging, where it discards before it draws" (bare "loot" left
    # out: Loot, the Pathfinder is a card the rules name)
    PlayerTerm(
        ("looting", "looted", "loots", "looter"),
        ("draw + then discard",),
        "https://mtg.gamepedia.com/Looting",
    ),
    PlayerTerm(
        ("rummage", "rummages", "rummaged", "rummaging"),
        ("discard + then draw",),
        "https://mtg.gamepedia.com/Looting",
    ),
    # "Artifacts that tap for mana ... normally referred to as 'mana rocks'";
    # "Mana Dorks: Creatures that tap for mana"
    PlayerTerm(
        ("mana rock", "mana rocks"),
        ("mana ability",),
        "https://edhwiki.com/wiki/Ramp",
    ),
    PlayerTerm(
        ("mana dork", "mana dorks"),
        ("creature + mana ability", "mana ability"),
        "https://edhwiki.com/wiki/Ramp",
    ),
    # "a slang term referring to any land card that can inherently turn itself into a
    # creature"; "officially referred as land creatures"
    PlayerTerm(
        ("manland", "manlands", "man-land", "man-lands", "creature land", "creature lands"),
        ("land creature", "land + becomes + creature"),
        MTG_WIKI + "Manland",
    ),
    # "Mull - Slang for mulligan"
    PlayerTerm(
        ("mull", "mulls", "mulled", "mulling"),
        ("mulligan",),
        MAGIC_JARGON,
    ),
    # "to 'Ping' something is to tap a permanent [and] have that permanent deal 1 damage
    # to any target"; "the MTG vernacular 'pinger'"
    PlayerTerm(
        ("ping", "pings", "pinged", "pinging"),
        ("deals 1 damage",),
        "https://tappedout.net/mtg-articles/2023/may/18/pattern-recognition-282-one-ping-only",
    ),
    PlayerTerm(
        ("pinger", "pingers"),
        ("deals 1 damage",),
        "https://www.manalotus.com/classifiers/removal/pinger",
    ),
    # "Pitch-Spells-A spell that can be cast for free if the caster does an ability
    # required by the card"; "Pump-To increase a creatures toughness or power"
    PlayerTerm(
        ("pitch", "pitched", "pitching", "pitch spell", "pitch spells"),
        ("alternative cost", "rather than pay + mana cost"),
        "https://www.angelfire.com/ga/eltsite/magicslang.html",
    ),
    PlayerTerm(
        ("pump", "pumps", "pumped", "pumping", "pump spell"),
        ("gets +x/+x", "gets +1/+1 until end of turn"),
        "https://www.angelfire.com/ga/eltsite/magicslang.html",
    ),
    # "Protection from Red, for example, means that your creature cannot be ...
    # Damaged ... Whipflare can't hurt your Crusader because Pro-red prevents the damage"
    PlayerTerm(
        ("pro",),
        ("protection from",),
        "https://blogs.magicjudges.org/rulestips/2012/03/what-protection-from-something-really-means/",
    ),
    # "increasing the amount of mana available to you, above that generated by playing
    # one land ... per turn"; "cards that allow you to play extra lands"
    PlayerTerm(
        ("ramp", "ramps", "ramped", "ramping"),
        ("play an additional land", "search + library + land card"),
        MTG_WIKI + "Ramp",
    ),
    # "cards or strategies that return cards from the graveyard to a player's hand"
    PlayerTerm(
        ("recursion",),
        ("from your graveyard to your hand", "graveyard to + hand"),
        "https://edhwiki.com/wiki/Recursion",
    ),
    # "a spell or ability that is used to remove permanents from play permanently"
    # (bare "removal" left out: the rules use it, "designated for removal")
    PlayerTerm(
        ("removal spell", "removal spells"),
        ("destroy target", "exile target"),
        MTG_WIKI + "Removal",
    ),
    # "Sacrifice, often shortened to sac"; "Sacrificing or saccing"
    PlayerTerm(
        ("sac", "sacs", "saccing", "sacced"),
        ("sacrifice",),
        MTG_WIKI + "Sacrifice",
    ),
    # players "use scoop to mean 'concede'"
    PlayerTerm(
        ("scoop", "scoops", "scooped", "scooping"),
        ("concede", "concedes"),
        "https://slang.net/meaning/scoop",
    ),
    # "Speed Bump - Depending on the person, this can mean either 'chump block' or 'to
    # block a creature with trample with no hope of trading nor any hope of absorbing
    # all the damage'"
    PlayerTerm(
        ("speed bump", "speed bumps"),
        ("blocking creature", "declare blockers"),
        MAGIC_JARGON,
    ),
    # "Stealing is the nickname for the mechanic that allows a player to gain control of
    # an opponent's permanent"
    PlayerTerm(
        ("steal", "steals", "stole", "stolen", "stealing"),
        ("gain control",),
        "https://mtg.gamepedia.com/Stealing",
    ),
    # "Swing - Slang for attacking"; "Bash - A more descriptive way of saying 'attack'";
    # "Smash - Yet another synonym for attack"
    PlayerTerm(
        ("swing", "swings", "swung", "swinging", "bash", "bashes", "smash", "smashes"),
        ("attack", "attacking"),
        MAGIC_JARGON,
    ),
    # "use topdeck to refer to a player drawing a card from their deck"
    PlayerTerm(
        ("topdeck", "topdecks", "topdecked", "topdecking", "top-deck", "top-decked"),
        ("top card of + library",),
        "https://slang.net/meaning/topdeck",
    ),
    # "Taplands is the nickname for lands that ... enter the battlefield tapped"
    PlayerTerm(
        ("tapland", "taplands", "tap land", "tap lands"),
        ("enters the battlefield tapped", "enters tapped", "comes into play tapped"),
        MTG_WIKI + "Tapland",
    ),
    # "to Tuck a card, you take that card and put it back into that player's library"
    PlayerTerm(
        ("tuck", "tucks", "tucked", "tucking"),
        ("into + owner's library", "on the bottom of + library"),
        "https://tappedout.net/mtg-articles/2021/mar/11/pattern-recognition-187-tuck/",
    ),
    # "Unmorphing: Revealing the True Form ... done by paying the morph cost"
    PlayerTerm(
        ("unmorph", "unmorphs", "unmorphed", "unmorphing"),
        ("turn + face up", "turned face up"),
        "https://www.gameslearningsociety.org/wiki/what-is-the-morph-rule",
    ),
    # "'Vanilla' is a slang term that refers to creatures with no rules text"; "'French
    # vanilla' refers to creatures that only have keyword abilities"
    PlayerTerm(
        ("vanilla", "vanilla creature", "vanilla creatures"),
        ("no abilities",),
        MTG_WIKI + "Vanilla",
    ),
    PlayerTerm(
        ("french vanilla",),
        ("keyword abilities",),
        MTG_WIKI + "Vanilla",
    ),
    # "an effect that causes each player to lose their hand and draw a completely new
    # one, usually seven cards" (bare "wheel" left out: the rules name Wheel cards)
    PlayerTerm(
        ("wheel effect", "wheel effects"),
        ("discards + hand + draws seven cards",),
        "https://mtg.gamepedia.com/Wheel_effect",
    ),
    # "X spells have at least one {X} in the mana cost"
    PlayerTerm(
        ("x spell", "x spells"),
        ("x in its mana cost", "value of x"),
        "https://draftsim.com/x-spell-mtg/",
    ),
)

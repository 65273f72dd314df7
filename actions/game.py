"""The game state and the primitive moves every keyword action is built from.

Primitive moves (move a card between zones, put a permanent onto the
battlefield, draw, gain and lose life, put counters, deal damage) live here
so that keyword actions only say what their rule says. Every move records an
event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .cards import Card, Zone
from .choices import Chooser, ScriptedChooser
from .errors import IllegalChoiceError, UnknownPlayer
from .events import EventLog
from .permanents import Permanent
from .players import Player
from .spells import StackItem

__all__ = ["EntryRestriction", "Game", "LeaveHook"]

T = TypeVar("T")

# (game, card, face_down) -> True when a rule or effect prohibits that entry
EntryRestriction = Callable[["Game", Card, "str | None"], bool]
# (game, permanent, destination) -> None, run after a permanent left the battlefield
LeaveHook = Callable[["Game", Permanent, Zone], None]


class Game:
    """Players in turn order, the shared zones, the chooser, a seeded RNG and the event log."""

    def __init__(
        self,
        players: Iterable[Player | str],
        *,
        chooser: Chooser | None = None,
        seed: int | None = 0,
        active: str | None = None,
    ) -> None:
        self.players: list[Player] = [p if isinstance(p, Player) else Player(p) for p in players]
        if not self.players:
            raise ValueError("a game needs at least one player")
        self.chooser: Chooser = chooser if chooser is not None else ScriptedChooser()
        self.rng = random.Random(seed)
        self.events = EventLog()
        self.battlefield: list[Permanent] = []
        self.stack: list[StackItem] = []
        self.active_player: str = active or self.players[0].name
        self.turn = 1
        self.phase = "precombat main"
        self.priority: str | None = self.active_player
        self.entry_restrictions: list[EntryRestriction] = []
        self.leave_hooks: list[LeaveHook] = []
        self.exiled_with_permission: dict[int, dict[str, Any]] = {}
        self.planar_controller: str | None = None  # Planechase (901.6): None = active player
        self.archenemy: str | None = None  # Archenemy (904)
        self._timestamp = 0
        for player in self.players:
            for zone in (
                Zone.LIBRARY,
                Zone.HAND,
                Zone.GRAVEYARD,
                Zone.EXILE,
                Zone.COMMAND,
                Zone.OUTSIDE,
            ):
                for card in player.zone(zone):
                    card.owner = card.owner or player.name
                    card.zone = zone

    # -- players ------------------------------------------------------------

    def player(self, who: Player | str) -> Player:
        if isinstance(who, Player):
            return who
        for player in self.players:
            if player.name == who:
                return player
        raise UnknownPlayer(f"no player named {who!r}")

    def opponents(self, who: Player | str) -> list[Player]:
        me = self.player(who)
        return [p for p in self.players if p is not me and (me.team is None or p.team != me.team)]

    def apnap(self, among: Iterable[Player | str] | None = None) -> list[Player]:
        """Rule 101.4: the active player first, then the others in turn order."""
        names = [p.name for p in self.players]
        start = names.index(self.active_player)
        order = self.players[start:] + self.players[:start]
        if among is None:
            return order
        wanted = {self.player(p).name for p in among}
        return [p for p in order if p.name in wanted]

    def turn_order_from(self, who: Player | str) -> list[Player]:
        names = [p.name for p in self.players]
        start = names.index(self.player(who).name)
        return self.players[start:] + self.players[:start]

    # -- choices ------------------------------------------------------------

    def choose(
        self,
        player: Player | str,
        decision: str,
        options: Sequence[T],
        minimum: int = 1,
        maximum: int = 1,
    ) -> list[T]:
        """Ask the chooser and check the answer: distinct options, within bounds."""
        name = self.player(player).name
        minimum = min(minimum, len(options))
        maximum = min(maximum, len(options))
        if maximum <= 0:
            return []
        picked = list(self.chooser.choose(name, decision, list(options), minimum, maximum))
        if not minimum <= len(picked) <= maximum:
            raise IllegalChoiceError(f"{decision}: chose {len(picked)}, needs {minimum}..{maximum}")
        for i, item in enumerate(picked):
            if not any(item is o for o in options) or any(item is p for p in picked[:i]):
                raise IllegalChoiceError(f"{decision}: {item!r} is not a legal choice")
        return picked

    def choose_one(self, player: Player | str, decision: str, options: Sequence[T]) -> T | None:
        picked = self.choose(player, decision, options, 1, 1)
        return picked[0] if picked else None

    def order(self, player: Player | str, decision: str, items: Sequence[T]) -> list[T]:
        items = list(items)
        if len(items) <= 1:
            return items
        ordered = list(self.chooser.order(self.player(player).name, decision, items))
        if len(ordered) != len(items) or any(not any(o is i for i in items) for o in ordered):
            raise IllegalChoiceError(f"{decision}: not an ordering of the given items")
        return ordered

    def confirm(self, player: Player | str, decision: str) -> bool:
        return bool(self.chooser.confirm(self.player(player).name, decision))

    # -- permanents ---------------------------------------------------------

    def next_timestamp(self) -> int:
        self._timestamp += 1
        return self._timestamp

    def permanents(
        self, controller: Player | str | None = None, *, creature: bool | None = None
    ) -> list[Permanent]:
        name = self.player(controller).name if controller is not None else None
        return [
            p
            for p in self.battlefield
            if (name is None or p.controller == name)
            and (creature is None or p.is_creature == creature)
        ]

    def creatures(self, controller: Player | str | None = None) -> list[Permanent]:
        return self.permanents(controller, creature=True)

    def permanent_of(self, card: Card) -> Permanent | None:
        for perm in self.battlefield:
            if any(c is card for c in perm.cards):
                return perm
        return None

    def is_on_battlefield(self, perm: Permanent) -> bool:
        return any(p is perm for p in self.battlefield)

    # -- zone changes -------------------------------------------------------

    def _zone_list(self, card: Card) -> list[Card] | None:
        if card.zone in (None, Zone.BATTLEFIELD, Zone.STACK):
            return None
        return self.player(card.owner).zone(card.zone)

    def remove_from_zone(self, card: Card) -> Zone | None:
        """Take ``card`` out of wherever it is (a permanent leaves silently); returns the zone it
        left. Callers record the event for whatever move they are making."""
        origin = card.zone
        if origin == Zone.BATTLEFIELD:
            perm = self.permanent_of(card)
            if perm is not None:
                self._remove_permanent(perm)
        elif origin == Zone.STACK:
            self.stack = [s for s in self.stack if s.card is not card]
        else:
            cards = self._zone_list(card)
            if cards is not None:
                for i, c in enumerate(cards):
                    if c is card:
                        del cards[i]
                        break
        card.zone = None
        card.revealed = False
        return origin

    def _remove_permanent(self, perm: Permanent) -> None:
        self.battlefield = [p for p in self.battlefield if p is not perm]
        perm.on_battlefield = False
        perm.attacking = perm.blocking = False
        for other in self.battlefield:  # 701.3d: things attached to it become unattached
            if other.attached_to is perm:
                other.attached_to = None
                self.events.record("unattached", other.controller, other, perm)
        if perm.attached_to is not None:
            self.events.record("unattached", perm.controller, perm, perm.attached_to)
            perm.attached_to = None

    def move_card(
        self,
        card: Card,
        to: Zone,
        *,
        position: str | int = "top",
        cause: str | None = None,
    ) -> Card | None:
        """Move a card to its owner's ``to`` zone (rule 400.3); tokens cease to exist (704.5d).

        ``position`` matters for the library: "top", "bottom" or an index.
        Returns the card, or None for a token that ceased to exist.
        """
        if to in (Zone.BATTLEFIELD, Zone.STACK):
            raise ValueError("use put_onto_battlefield / the stack helpers")
        origin = self.remove_from_zone(card)
        self.events.record("zone-change", card.owner, card, origin=origin, to=to, cause=cause)
        if card.token:
            return None
        card.zone = to
        cards = self.player(card.owner).zone(to)
        if position == "bottom":
            cards.append(card)
        elif position == "top":
            cards.insert(0, card)
        else:
            cards.insert(int(position), card)
        return card

    def can_enter(self, card: Card, face_down: str | None = None) -> bool:
        return not any(rule(self, card, face_down) for rule in self.entry_restrictions)

    def put_onto_battlefield(
        self,
        card: Card,
        controller: Player | str | None = None,
        *,
        tapped: bool = False,
        face_down: str | None = None,
        back_face_up: bool = False,
        melded_with: Card | None = None,
        cause: str | None = None,
    ) -> Permanent | None:
        """Put a card or token onto the battlefield; None if a restriction prohibits it."""
        if not self.can_enter(card, face_down):
            self.events.record("entry-prohibited", card.owner, card, face_down=face_down)
            return None
        origin = self.remove_from_zone(card)
        if melded_with is not None:
            self.remove_from_zone(melded_with)
            melded_with.zone = Zone.BATTLEFIELD
        card.zone = Zone.BATTLEFIELD
        perm = Permanent(
            card,
            self.player(controller).name if controller is not None else card.owner,
            tapped=tapped,
            face_down=face_down,
            back_face_up=back_face_up,
            melded_with=melded_with,
            timestamp=self.next_timestamp(),
        )
        self.battlefield.append(perm)
        self.events.record("enters", perm.controller, perm, origin=origin, cause=cause)
        return perm

    def leave_battlefield(
        self, perm: Permanent, to: Zone, *, position: str | int = "top", cause: str | None = None
    ) -> list[Card]:
        """Move every card representing ``perm`` to ``to``; returns the cards that arrived."""
        if not self.is_on_battlefield(perm):
            return []
        self._remove_permanent(perm)
        self.events.record("leaves-battlefield", perm.controller, perm, to=to, cause=cause)
        arrived: list[Card] = []
        for card in perm.cards:
            moved = self.move_card_from_battlefield(card, to, position=position, cause=cause)
            if moved is not None:
                arrived.append(moved)
        for hook in list(self.leave_hooks):
            hook(self, perm, to)
        return arrived

    def move_card_from_battlefield(
        self, card: Card, to: Zone, *, position: str | int = "top", cause: str | None = None
    ) -> Card | None:
        card.zone = None
        self.events.record(
            "zone-change", card.owner, card, origin=Zone.BATTLEFIELD, to=to, cause=cause
        )
        if card.token:
            return None
        if to == Zone.BATTLEFIELD:  # pragma: no cover - not a leave
            raise ValueError("a card leaving the battlefield can't go to the battlefield")
        card.zone = to
        cards = self.player(card.owner).zone(to)
        if position == "bottom":
            cards.append(card)
        elif position == "top":
            cards.insert(0, card)
        else:
            cards.insert(int(position), card)
        return card

    # -- life, cards, counters, damage --------------------------------------

    def draw(self, who: Player | str, count: int = 1) -> list[Card]:
        player = self.player(who)
        drawn: list[Card] = []
        for _ in range(count):
            if not player.library:
                self.events.record("draw-from-empty-library", player.name)
                continue
            card = player.library[0]
            self.move_card(card, Zone.HAND, cause="draw")
            self.events.record("draw", player.name, card)
            drawn.append(card)
        return drawn

    def gain_life(self, who: Player | str, amount: int) -> int:
        player = self.player(who)
        if amount <= 0 or not player.can_gain_life:
            return 0
        player.life += amount
        self.events.record("life-gain", player.name, amount=amount)
        return amount

    def lose_life(self, who: Player | str, amount: int) -> int:
        player = self.player(who)
        if amount <= 0 or not player.can_lose_life:
            return 0
        player.life -= amount
        self.events.record("life-loss", player.name, amount=amount)
        return amount

    def add_counters(self, target: Permanent | Player, kind: str, amount: int = 1) -> int:
        """Put ``amount`` counters of ``kind`` on a permanent on the battlefield or a player."""
        if amount <= 0:
            return 0
        if isinstance(target, Permanent) and not self.is_on_battlefield(target):
            return 0
        target.counters[kind] += amount
        who = target.controller if isinstance(target, Permanent) else target.name
        self.events.record("counters-put", who, target, kind=kind, amount=amount)
        return amount

    def remove_counters(self, target: Permanent | Player, kind: str, amount: int = 1) -> int:
        amount = min(amount, target.counters[kind])
        if amount <= 0:
            return 0
        target.counters[kind] -= amount
        if not target.counters[kind]:
            del target.counters[kind]
        who = target.controller if isinstance(target, Permanent) else target.name
        self.events.record("counters-removed", who, target, kind=kind, amount=amount)
        return amount

    def deal_damage(
        self,
        source: Permanent | Card | None,
        target: Permanent | Player,
        amount: int,
        *,
        combat: bool = False,
    ) -> int:
        """Damage to a permanent is marked on it; damage to a player makes them lose life."""
        if amount <= 0:
            return 0
        if isinstance(target, Permanent):
            if not self.is_on_battlefield(target):
                return 0
            target.damage += amount
            who = target.controller
        else:
            who = target.name
            self.lose_life(target, amount)
        self.events.record("damage", who, source, target, amount=amount, combat=combat)
        return amount

    def change_control(self, perm: Permanent, new_controller: Player | str) -> bool:
        """Give control of ``perm`` to another player; a Ring-bearer stops being one (701.54a)."""
        name = self.player(new_controller).name
        if not self.is_on_battlefield(perm) or perm.controller == name:
            return False
        previous = perm.controller
        perm.controller = name
        perm.timestamp = self.next_timestamp()
        perm.designations.discard("ring-bearer")
        perm.attacking = perm.blocking = False
        self.events.record("control-changed", name, perm, previous=previous)
        return True

    def tap(self, perm: Permanent, *, cause: str | None = None) -> bool:
        if perm.tapped or not self.is_on_battlefield(perm):
            return False
        perm.tapped = True
        self.events.record("tapped", perm.controller, perm, cause=cause)
        return True

    def untap(self, perm: Permanent, *, cause: str | None = None) -> bool:
        if not perm.tapped or not self.is_on_battlefield(perm):
            return False
        perm.tapped = False
        self.events.record("untapped", perm.controller, perm, cause=cause)
        return True

    def create_token(self, controller: Player | str, token: Card) -> Permanent | None:
        """Rule 111.2: the player who creates a token is its owner and controller."""
        token.token = True
        token.owner = self.player(controller).name
        perm = self.put_onto_battlefield(token, controller, cause="create")
        if perm is not None:
            self.events.record("token-created", perm.controller, perm)
        return perm

    # -- turns --------------------------------------------------------------

    def begin_turn(self, who: Player | str) -> None:
        """Start ``who``'s turn: end "until your next turn" effects, then the untap step."""
        player = self.player(who)
        self.active_player = player.name
        self.turn += 1
        self.phase = "untap"
        player.lands_played_this_turn = 0
        for perm in self.battlefield:
            perm.regeneration_shields = 0  # 701.19a: shields last "this turn"
            if player.name in perm.goaded_by:
                perm.goaded_by.discard(player.name)
                self.events.record("goad-ended", perm.controller, perm, by=player.name)
            if player.name in perm.detained_by:
                perm.detained_by.discard(player.name)
                self.events.record("detain-ended", perm.controller, perm, by=player.name)
        self.untap_step()
        self.phase = "upkeep"

    def untap_step(self) -> None:
        """Rule 502.3, with 701.43a: exerted permanents stay tapped, once."""
        for perm in list(self.battlefield):
            if perm.controller != self.active_player:
                continue
            if perm.exerted:
                perm.exerted = False
                self.events.record("exert-applied", perm.controller, perm)
                continue
            self.untap(perm, cause="untap step")

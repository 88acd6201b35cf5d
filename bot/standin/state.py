"""The stand-in's world: users, guilds, channels, messages, and their Discord JSON shapes."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

JSON = dict[str, Any]

# Discord's epoch (2015-01-01) so generated ids decode to sensible timestamps in discord.py.
_DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)
# The highest id handed out, so ids keep increasing after a restart even if the clock went back.
_last_id = 0

# Permissions granted to @everyone: view, send, embed, attach, read history, use app commands...
DEFAULT_PERMISSIONS = (
    (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 18) | (1 << 31) | (1 << 38)
)
MESSAGE_FLAG_EPHEMERAL = 1 << 6
MESSAGE_FLAG_LOADING = 1 << 7


def snowflake() -> str:
    """A fresh, strictly increasing snowflake id (as Discord sends them: a string)."""
    global _last_id
    ms = int(time.time() * 1000) - _DISCORD_EPOCH_MS
    _last_id = max((ms << 22) | (next(_counter) & 0x3FFFFF), _last_id + 1)
    return str(_last_id)


def ids_after(last: int) -> None:
    """Hand out only ids above `last` from now on (a world loaded from disk used them)."""
    global _last_id
    _last_id = max(_last_id, last)


def last_id() -> int:
    return _last_id


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class User:
    id: str
    name: str
    locale: str = "en-US"
    dms_closed: bool = False
    bot: bool = False

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "username": self.name,
            "global_name": None if self.bot else self.name.capitalize(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass
class Channel:
    id: str
    name: str
    guild_id: str | None = None
    recipient_id: str | None = None  # set for DM channels
    position: int = 0

    @property
    def is_dm(self) -> bool:
        return self.guild_id is None

    def to_json(self, users: dict[str, User] | None = None) -> JSON:
        if self.is_dm:
            recipients = []
            if users is not None and self.recipient_id in users:
                recipients = [users[self.recipient_id].to_json()]
            return {"id": self.id, "type": 1, "last_message_id": None, "flags": 0, "recipients": recipients}
        return {
            "id": self.id,
            "type": 0,
            "guild_id": self.guild_id,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }


@dataclass
class Guild:
    id: str
    name: str
    owner_id: str
    locale: str = "en-US"
    channel_ids: list[str] = field(default_factory=list)
    member_ids: list[str] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

    def everyone_role(self) -> JSON:
        return {
            "id": self.id,
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": 0,
            "permissions": str(DEFAULT_PERMISSIONS),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    def member_json(self, user: User) -> JSON:
        return {
            "user": user.to_json(),
            "nick": None,
            "avatar": None,
            "roles": [],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }

    def to_json(self, users: dict[str, User], channels: dict[str, Channel]) -> JSON:
        members = [self.member_json(users[uid]) for uid in self.member_ids]
        return {
            "id": self.id,
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": self.owner_id,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self.everyone_role()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": self.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "members": members,
            "channels": [channels[cid].to_json() for cid in self.channel_ids],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass
class Message:
    """One message as the stand-in holds it, with every edit already applied."""

    id: str
    channel_id: str
    author: User
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[JSON] = field(default_factory=list)
    flags: int = 0
    guild_id: str | None = None
    webhook_id: str | None = None
    interaction_metadata: JSON | None = None
    # For ephemeral messages: the only user who can see it.
    visible_to: str | None = None
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    # The raw bodies of the requests that created and edited it, oldest first.
    history: list[JSON] = field(default_factory=list)
    # Its place in the world's order of creation (1, 2, ...): how a person refers to it.
    number: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MESSAGE_FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & MESSAGE_FLAG_LOADING)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> JSON | None:
        for comp in iter_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def apply(self, body: JSON) -> None:
        """Apply a create/edit body; absent keys are left unchanged, as Discord does on PATCH."""
        self.history.append(body)
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = list(body["embeds"] or [])
        elif "embed" in body:
            self.embeds = [body["embed"]] if body["embed"] else []
        if "components" in body:
            self.components = [normalise_component(c) for c in body["components"] or []]
        if "flags" in body and body["flags"] is not None:
            # Only ephemeral and suppress flags can be set by a bot; loading is cleared by an edit.
            self.flags = (self.flags & MESSAGE_FLAG_EPHEMERAL) | (int(body["flags"]) & ~MESSAGE_FLAG_LOADING)

    def to_json(self) -> JSON:
        data: JSON = {
            "id": self.id,
            "type": 20 if self.interaction_metadata else 0,
            "channel_id": self.channel_id,
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": list(self.attachments),
            "embeds": list(self.embeds),
            "components": list(self.components),
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = self.guild_id
        if self.webhook_id is not None:
            data["webhook_id"] = self.webhook_id
            data["application_id"] = self.webhook_id
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        return data


@dataclass(frozen=True)
class Violation:
    """Something the bot sent that real Discord would reject or that breaks the spec."""

    kind: str  # "schema" | "limit" | "unknown_route" | "interaction"
    route: str
    message: str


def iter_components(components: list[JSON]) -> list[JSON]:
    """Every component in a tree (rows, containers, sections), depth first."""
    out: list[JSON] = []
    for comp in components:
        out.append(comp)
        out.extend(iter_components(comp.get("components") or []))
        if isinstance(comp.get("component"), dict):
            out.extend(iter_components([comp["component"]]))
        if isinstance(comp.get("accessory"), dict):
            out.extend(iter_components([comp["accessory"]]))
    return out


def normalise_component(comp: JSON) -> JSON:
    """Fill the defaults Discord adds when it echoes components back (ids, disabled...)."""
    out = dict(comp)
    if out.get("type") in (2, 3, 5, 6, 7, 8):
        out.setdefault("disabled", False)
    if "components" in out:
        out["components"] = [normalise_component(c) for c in out["components"] or []]
    return out

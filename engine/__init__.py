"""Pure, deterministic game engines: no Discord, no asyncio, no SQL."""

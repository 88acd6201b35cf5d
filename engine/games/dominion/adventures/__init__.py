"""Dominion: Adventures (first printing, optional later errata): Durations, Reserve cards and the
Tavern mat, Travellers, Events and player tokens, built on the base rules by overriding hooks."""

"""Everdell: Mistwood — Nightweave's Lair (an automated opponent) and the expansion's data."""

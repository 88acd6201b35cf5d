"""Nightweave inside the Everdell match engine: options, the table adapter, the game and modules."""

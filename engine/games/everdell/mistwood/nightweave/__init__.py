"""Nightweave, the automated opponent of Nightweave's Lair.

Her procedure is written as functions over a `Table` (what she needs to see and change of the
Everdell game) and an `Rng` (the d8 and shuffles). The match engine passes the base game and
the match RNG; a companion for a physical table can pass its own table and the dice it is told.
Decisions the rulebook leaves to a human ("your choice") are yielded as `Choice` requests.
"""

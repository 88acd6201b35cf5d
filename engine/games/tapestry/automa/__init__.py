"""Tapestry solo and 2-player: the official Automa and Shadow Empire as engine-run seats.

`game.AutomaGame` runs both bots inside the match (they are players 1 and 2 of a 3-player game
behind one human seat, or player 2 behind two humans); `deck`, `tracks`, `hexes`, `income` and
`benefits` hold the procedure of the Automa rulebook in our own words; `data` loads the 22
decision cards, the civilization sides and the level charts, and the open values a server may
replace (`datasets`).
"""

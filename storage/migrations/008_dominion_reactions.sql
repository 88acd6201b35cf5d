-- A standing Dominion reactions preference (/settings): "always" or "ask" becomes the player's
-- own choice in every lobby they join; NULL leaves each table's setting in charge.
ALTER TABLE user_prefs ADD COLUMN dominion_reactions TEXT;

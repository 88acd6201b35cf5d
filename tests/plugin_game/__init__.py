"""Lanterns: a small game that lives only in the test tree and joins the bot through the plug-in
interface alone (GAME_PLUGINS=tests.plugin_game): its rules in `rules.py`, its table UI in
`ui.py`, its words in `locales/`. Nothing outside this folder names it."""

"""One package per game's table UI (renderer, images, lobby fields, wording, catalogues), each
declaring itself as `UI = bot.plugins.GameUI(...)`. Only these packages import `engine.games`."""

"""Discord commands and components, one cog per concern. Thin: parse, call a service, render."""

"""What Everdell and the games built on its mechanics (Farshore) share: the seasons and their
limits, and the arithmetic of cost discounts."""

"""Learn to play: a guided first match of each game, played from the script beside its engine."""

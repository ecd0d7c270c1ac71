"""The daily deal: per game, one seeded deal a day that every player may play once against the
bot, and a results page that ranks everyone who played it (duplicate scoring)."""

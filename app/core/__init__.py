"""The vocabulary and infrastructure every package may use: settings, the clock, the database,
errors and statuses, the words players type. It imports no feature package."""

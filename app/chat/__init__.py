"""Match chat: short messages and preset reactions, stored and pushed to the table."""

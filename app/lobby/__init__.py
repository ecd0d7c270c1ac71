"""Tables before play: create, list, join, leave, ready, seats, start."""

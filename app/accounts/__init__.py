"""Players: guests with a bearer token, optional accounts signed in on many devices, admins."""

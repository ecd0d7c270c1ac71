"""Guest players, bearer tokens and the admin role."""

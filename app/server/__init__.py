"""The process: the app assembled (routers, middleware, the commit hook's listeners), its
lifespan, the CLI, migrations, startup checks and shutdown. Nothing imports it."""

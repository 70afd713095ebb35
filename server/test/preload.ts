// Loaded by bun test before every file (bunfig.toml): keep test output free of request logs.
process.env.LOG_LEVEL ??= "error";

// `npm start`: build the client if needed, then run the server (migrations and seeding happen there).
import { ensureClientBuilt } from "./build-client.ts";

await ensureClientBuilt();
await import("../server/src/index.ts");

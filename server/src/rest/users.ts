// GET /api/users/me and PUT /api/users/:id (Strapi users-permissions shape: bare objects, no envelope).
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { profileUpdateInput } from "@shared/schemas/auth.ts";
import type { AppEnv } from "../app-env.ts";
import { users } from "../db/schema/users.ts";
import * as usersService from "../services/accounts/users.ts";
import { restUser, parseBody } from "./auth.ts";
import { parseId, readBody } from "./envelope.ts";
import { RestError } from "./errors.ts";

const forbidden = () => new RestError(403, "ForbiddenError", "Forbidden");
/** Strapi's `me` answers `ctx.unauthorized()` to a caller that is not a user (an API token). */
const unauthorized = () => new RestError(401, "UnauthorizedError", "Unauthorized");

export function restUsers(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/users/me", (c) => {
    const { user, apiToken } = c.var.actor;
    if (!user) throw apiToken ? unauthorized() : forbidden();
    return c.json(restUser(user));
  });

  // Only one's own name and phone; role, status, email, password… are refused, never applied.
  app.put("/users/:id", async (c) => {
    const actor = c.var.actor;
    if (!actor.user) throw forbidden();
    const id = parseId(c.req.param("id"));
    if (id !== actor.user.id) throw forbidden();
    // Only the fields sent change, as in Strapi's user update.
    const input = parseBody(profileUpdateInput.partial(), await readBody(c));
    await usersService.updateProfile(c.var.deps.db, actor, input);
    const [row] = await c.var.deps.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new RestError(404, "NotFoundError", "Not Found");
    return c.json(restUser(row));
  });

  return app;
}

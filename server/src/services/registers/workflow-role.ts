import { workflowActorOf, type WorkflowActor } from "@shared/status.ts";
import { authorityOf, type Actor } from "../accounts/actor.ts";

/** The workflow role for showing actions, without refusing (null: may not act). */
export function workflowRoleOf(actor: Actor): WorkflowActor | null {
  switch (authorityOf(actor)) {
    case "admin":
      return "admin";
    case "read-all":
    case "anonymous":
      return null;
    case "user":
      return workflowActorOf(actor.user);
  }
}

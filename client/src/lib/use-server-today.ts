import { useSyncExternalStore } from "react";
import { todayIso } from "@shared/dates.ts";
import { onServerClockChange } from "./server-clock.ts";

/**
 * Today's date in WIB by the server's clock, for what a screen shows (a footer's year): rendered
 * again once the browser learns that clock from an answer, so a phone a year off shows the right one.
 */
export function useServerToday(): string {
  return useSyncExternalStore(onServerClockChange, () => todayIso());
}

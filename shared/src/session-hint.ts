/**
 * A cookie scripts may read, set and cleared with the session's (which scripts never see): it says
 * only that this browser signed in. A page loaded with it waits for the session before its first
 * paint, so a signed-in user never sees the public header swapped for their own; a visitor, without
 * it, gets the page at once. It grants nothing: the server reads the session cookie alone.
 */
export const SIGNED_IN_HINT_COOKIE = "pkk_signed_in";

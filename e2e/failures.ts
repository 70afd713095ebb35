// Failing tRPC calls in the browser, as a server fault or a dropped connection does, so a test can
// check what the screen says then and that its 'Coba lagi' asks again.
import type { Page } from "@playwright/test";

/** The tRPC procedures a request carries (a batch names several, comma-separated). */
function procedures(url: URL): string[] {
  const path = url.pathname.split("/trpc/")[1] ?? "";
  return path.split(",").map(decodeURIComponent);
}

/**
 * Every request carrying one of `names` fails: "500" answers the server's own internal-error shape for
 * each procedure of the batch, "network" aborts it as a lost connection does ("Failed to fetch").
 * Returns a function that lets the calls through again.
 */
export async function failCalls(page: Page, names: string[], kind: "500" | "network"): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname.includes("/trpc/") && procedures(url).some((name) => names.includes(name));
  await page.route(matches, async (route) => {
    if (kind === "network") return route.abort("failed");
    const paths = procedures(new URL(route.request().url()));
    const fault = (path: string) => ({
      error: {
        message: "Internal server error",
        code: -32603,
        data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path },
      },
    });
    // A batch that also carries other calls: those get the server's real answers.
    const others = paths.some((path) => !names.includes(path));
    const real: unknown[] = others ? await (await route.fetch()).json() : [];
    const body = paths.map((path, index) => (names.includes(path) ? fault(path) : real[index]));
    return route.fulfill({ status: others ? 207 : 500, contentType: "application/json", body: JSON.stringify(body) });
  });
  return () => page.unroute(matches);
}

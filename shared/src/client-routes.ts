// The client's route table for the server: the build reads the paths from TanStack Router's generated
// route tree and writes them beside index.html (client/vite.config.ts); the server answers a path no
// route matches with status 404 (the SPA still shows 'Halaman tidak ditemukan').

/** The file name the build writes into client/dist. */
export const CLIENT_ROUTES_FILE = "client-routes.json";

/** Full paths of every file route, read from the `FileRoutesByFullPath` interface of routeTree.gen.ts. */
export function routePathsFromRouteTree(source: string): string[] {
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1];
  if (block === undefined) throw new Error("routeTree.gen.ts has no FileRoutesByFullPath interface");
  const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
  if (paths.length === 0) throw new Error("routeTree.gen.ts lists no routes");
  return [...new Set(paths)].sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One path segment of a TanStack route as a regular expression ($param, {$param}, {-$optional}). */
function segmentSource(segment: string): string {
  if (segment.startsWith("$")) return "/[^/]+";
  const optional = /^\{-\$[^}]*\}$/.test(segment);
  if (optional) return "(?:/[^/]+)?";
  const parts = segment.split(/(\{-?\$[^}]*\})/);
  return `/${parts
    .map((part) => {
      if (part.startsWith("{-$")) return "[^/]*";
      if (part.startsWith("{$")) return "[^/]+";
      return escapeRegExp(part);
    })
    .join("")}`;
}

function routeRegExp(path: string): RegExp {
  const segments = path.split("/").filter((segment) => segment !== "");
  const splat = segments.at(-1) === "$";
  const fixed = splat ? segments.slice(0, -1) : segments;
  // TanStack Router matches case-insensitively unless a route opts in; so does this.
  return new RegExp(`^${fixed.map(segmentSource).join("")}${splat ? "(?:/.*)?" : ""}/?$`, "i");
}

/** A matcher for request paths against the route table (trailing slashes ignored, as the router does). */
export function clientRouteMatcher(paths: readonly string[]): (pathname: string) => boolean {
  const patterns = paths.map(routeRegExp);
  return (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return false;
    }
    const path = decoded === "/" ? "/" : decoded.replace(/\/+$/, "");
    return patterns.some((pattern) => pattern.test(path === "" ? "/" : path));
  };
}

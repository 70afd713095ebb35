import type { SignedInHeader } from "./signed-in-header.tsx";

// The signed-in header is its own chunk: visitors (most of the traffic, on phones) never download
// it. Pages behind a login wait for it with their session, so they never first paint with the public
// header and then jump down when the taller signed-in one arrives (a tap landing on the wrong row).
let loaded: typeof SignedInHeader | null = null;
let loading: Promise<typeof SignedInHeader> | null = null;

/** Starts loading the chunk (once); resolves when it is in. */
export function loadSignedInHeader(): Promise<typeof SignedInHeader> {
  loading ??= import("./signed-in-header.tsx").then((module) => {
    loaded = module.SignedInHeader;
    return loaded;
  });
  return loading;
}

/** The header once its chunk is in, else null (then render it through Suspense). */
export function signedInHeaderIfLoaded(): typeof SignedInHeader | null {
  return loaded;
}

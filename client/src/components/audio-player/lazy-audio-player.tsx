import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { trpc } from "../../lib/trpc.ts";

const AudioPlayer = lazy(() => import("./audio-player.tsx"));

/**
 * Mounts the player only after the page has painted and its configuration is known, from its own
 * chunk: the song never delays the landing page's first render.
 */
export function LazyAudioPlayer() {
  const config = useQuery(trpc.config.public.queryOptions());
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!painted || !config.data) return null;
  return (
    <Suspense fallback={null}>
      <AudioPlayer src={config.data.audio.url} title={config.data.audio.title} />
    </Suspense>
  );
}

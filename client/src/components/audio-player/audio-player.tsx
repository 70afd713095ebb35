import { useEffect, useRef, useState, type ReactNode } from "react";
import { formatClock } from "../../lib/format.ts";
import { useToast } from "../toast.tsx";
import { readVolume, storeVolume, VOLUME_STEP } from "./volume.ts";

export const AUTOPLAY_DELAY_MS = 1000;
export const LOAD_FAILED_MESSAGE = "Gagal memuat audio - Periksa koneksi internet Anda";

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      {children}
    </svg>
  );
}

const icons = {
  play: <path d="M8 5v14l11-7z" />,
  pause: <path d="M7 5h4v14H7zM13 5h4v14h-4z" />,
  restart: <path d="M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z" />,
  sound: <path d="M4 9v6h4l5 4V5L8 9zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" />,
  muted: (
    <path d="M4 9v6h4l5 4V5L8 9zm15.6 3 2.1-2.1-1.4-1.4-2.1 2.1-2.1-2.1-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4z" />
  ),
  minimise: <path d="M5 11h14v2H5z" />,
  music: <path d="M12 3v10.6A4 4 0 1 0 14 17V7h4V3z" />,
};

/**
 * The landing page's floating player (SPEC §2, §9): tries to start after one second, title, play,
 * mute, restart, seek, volume (remembered), minimise, and a notice when the song ends, when it
 * cannot load and when the browser blocks auto-play. Loaded lazily after the page has painted.
 */
export default function AudioPlayer({ src, title }: { src: string; title: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const { toast } = useToast();
  const [volume, setVolume] = useState(readVolume);
  const [muted, setMuted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
    storeVolume(volume);
  }, [volume]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);

  // Browsers may refuse sound without a tap; then we say so once instead of failing silently.
  useEffect(() => {
    const timer = setTimeout(() => {
      const audio = audioRef.current;
      if (!audio?.paused) return;
      audio.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === "NotAllowedError") {
          toast({
            title: "Pemutaran otomatis diblokir browser",
            description: "Tekan tombol Putar untuk mendengarkan lagu.",
          });
        }
      });
    }, AUTOPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  // Listeners first, then the source: a fast failure (or cached metadata) can never slip past us.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const sync = () => {
      setDuration(Number.isFinite(audio.duration) ? audio.duration : 0);
      setPosition(audio.currentTime);
    };
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onEnded = () => {
      setPlaying(false);
      toast({
        title: "Lagu selesai diputar",
        description: `${title} telah selesai. Tekan Ulangi untuk memutar lagi.`,
        variant: "success",
      });
    };
    const onError = () => {
      setPlaying(false);
      setFailed(true);
      toast({ title: LOAD_FAILED_MESSAGE, variant: "destructive" });
    };
    const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
      ["loadedmetadata", sync],
      ["durationchange", sync],
      ["timeupdate", sync],
      ["play", onPlay],
      ["pause", onPause],
      ["ended", onEnded],
      ["error", onError],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    audio.src = src;
    return () => {
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
    };
  }, [src, title, toast]);

  const play = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (failed) {
      setFailed(false);
      audio.load();
    }
    audio.play().catch(() => {
      // A load failure arrives through the error event, which tells the user.
    });
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) play();
    else audio.pause();
  };

  const restart = () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    setPosition(0);
    play();
  };

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setPosition(seconds);
  };

  const audioElement = <audio ref={audioRef} preload="metadata" />;

  // The <audio> element stays first and mounted in both states, so minimising never stops the song.
  return (
    <>
      {audioElement}
      {minimised ? (
        <button
          type="button"
          className="btn btn-circle btn-primary btn-lg fixed bottom-4 right-4 z-30 shadow-lg"
          aria-label={`Buka pemutar musik: ${title}`}
          onClick={() => setMinimised(false)}
        >
          <Icon>{icons.music}</Icon>
          {playing && <span className="sr-only">(sedang diputar)</span>}
        </button>
      ) : (
        <section
          aria-label="Pemutar musik"
          className="fixed bottom-4 right-4 z-30 w-[calc(100vw-2rem)] max-w-xs rounded-box border border-base-300 bg-base-100 p-3 shadow-xl"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-xs text-base-content/80">
                {playing ? "Sedang diputar" : failed ? "Audio tidak tersedia" : "Siap diputar"}
              </p>
              <p className="truncate font-semibold" title={title}>
                {title}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label="Perkecil pemutar"
              onClick={() => setMinimised(true)}
            >
              <Icon>{icons.minimise}</Icon>
            </button>
          </div>
          <label className="mt-2 block">
            <span className="sr-only">Posisi lagu</span>
            <input
              type="range"
              className="range range-primary range-xs w-full"
              min={0}
              max={Math.max(1, Math.ceil(duration))}
              step={1}
              value={Math.floor(position)}
              disabled={failed || duration === 0}
              aria-valuetext={`${formatClock(position)} dari ${formatClock(duration)}`}
              onChange={(event) => seek(Number(event.currentTarget.value))}
            />
          </label>
          <p className="flex justify-between text-xs text-base-content/80" aria-hidden="true">
            <span>{formatClock(position)}</span>
            <span>{formatClock(duration)}</span>
          </p>
          <div className="mt-1 flex items-center gap-1">
            <button
              type="button"
              className="btn btn-primary btn-sm btn-square"
              aria-label={playing ? "Jeda" : "Putar"}
              onClick={toggle}
            >
              <Icon>{playing ? icons.pause : icons.play}</Icon>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label="Ulangi dari awal"
              onClick={restart}
            >
              <Icon>{icons.restart}</Icon>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label="Bisukan"
              aria-pressed={muted}
              onClick={() => setMuted((value) => !value)}
            >
              <Icon>{muted ? icons.muted : icons.sound}</Icon>
            </button>
            <label className="flex min-w-0 flex-1 items-center gap-2">
              <span className="sr-only">Volume</span>
              <input
                type="range"
                className="range range-xs min-w-0 flex-1"
                min={0}
                max={1}
                step={VOLUME_STEP}
                value={volume}
                aria-valuetext={`${Math.round(volume * 100)}%`}
                onChange={(event) => setVolume(Number(event.currentTarget.value))}
              />
              <span className="w-9 text-right text-xs tabular-nums" aria-hidden="true">
                {Math.round(volume * 100)}%
              </span>
            </label>
          </div>
        </section>
      )}
    </>
  );
}

// The portal's own instrumental march, synthesised from the score below with plain arithmetic, so
// the landing page's player needs no third-party recording. 8-bit mono at 11,025 Hz keeps the file
// near 200 KB for phones on mobile data.

export const SAMPLE_RATE = 11_025;
const BEAT_SECONDS = 0.5; // 120 beats per minute, a march tempo

type Chord = "C" | "F" | "G";
// [MIDI note or null for a rest, length in beats]
type Note = [number | null, number];

// Eight bars of 4/4: an original tune in C major, one chord per bar.
const bars: Array<{ chord: Chord; melody: Note[] }> = [
  {
    chord: "C",
    melody: [
      [67, 1],
      [72, 1],
      [72, 0.5],
      [74, 0.5],
      [76, 1],
    ],
  },
  {
    chord: "C",
    melody: [
      [76, 1],
      [74, 0.5],
      [72, 0.5],
      [76, 1],
      [79, 1],
    ],
  },
  {
    chord: "G",
    melody: [
      [79, 1],
      [77, 0.5],
      [76, 0.5],
      [74, 1],
      [71, 1],
    ],
  },
  {
    chord: "C",
    melody: [
      [72, 3],
      [null, 1],
    ],
  },
  {
    chord: "F",
    melody: [
      [69, 1],
      [72, 1],
      [77, 1],
      [81, 1],
    ],
  },
  {
    chord: "C",
    melody: [
      [79, 1.5],
      [76, 0.5],
      [72, 1],
      [76, 1],
    ],
  },
  {
    chord: "G",
    melody: [
      [74, 1],
      [79, 1],
      [77, 0.5],
      [76, 0.5],
      [74, 1],
    ],
  },
  { chord: "C", melody: [[72, 4]] },
];

// Bass plays root on beats 1 and 3, the fifth on 2 and 4 ("oom-pah").
const bass: Record<Chord, [number, number]> = { C: [48, 55], F: [41, 48], G: [43, 50] };

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Attack, sustain and release so notes do not click. */
function envelope(t: number, length: number): number {
  const attack = 0.012;
  const release = Math.min(0.06, length / 3);
  if (t < attack) return t / attack;
  if (t > length - release) return Math.max(0, (length - t) / release);
  return 1 - 0.25 * Math.min(1, (t - attack) / length);
}

function addTone(
  buffer: Float32Array,
  start: number,
  length: number,
  midi: number,
  gain: number,
  brass: boolean,
): void {
  const f = frequency(midi);
  const first = Math.floor(start * SAMPLE_RATE);
  const count = Math.floor(length * SAMPLE_RATE);
  for (let i = 0; i < count && first + i < buffer.length; i += 1) {
    const t = i / SAMPLE_RATE;
    const phase = 2 * Math.PI * f * t;
    const wave = brass
      ? Math.sin(phase) + 0.45 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase) + 0.1 * Math.sin(4 * phase)
      : Math.sin(phase) + 0.2 * Math.sin(2 * phase);
    buffer[first + i] = (buffer[first + i] ?? 0) + gain * envelope(t, length) * wave;
  }
}

/** A short snare-like burst; the noise comes from a fixed linear congruential sequence. */
function addDrum(buffer: Float32Array, start: number, gain: number, seed: number): void {
  let state = seed;
  const first = Math.floor(start * SAMPLE_RATE);
  const count = Math.floor(0.09 * SAMPLE_RATE);
  for (let i = 0; i < count && first + i < buffer.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const noise = state / 1_073_741_824 - 1;
    buffer[first + i] = (buffer[first + i] ?? 0) + gain * noise * Math.exp((-i / SAMPLE_RATE) * 40);
  }
}

function render(): Float32Array {
  const beatsPerBar = 4;
  const tail = 1.5;
  const seconds = bars.length * beatsPerBar * BEAT_SECONDS + tail;
  const buffer = new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
  bars.forEach((bar, index) => {
    const barStart = index * beatsPerBar * BEAT_SECONDS;
    let offset = 0;
    for (const [midi, beats] of bar.melody) {
      const last = index === bars.length - 1;
      const length = beats * BEAT_SECONDS + (last ? tail : 0);
      if (midi !== null) addTone(buffer, barStart + offset * BEAT_SECONDS, length * 0.95, midi, 0.32, true);
      offset += beats;
    }
    const [root, fifth] = bass[bar.chord];
    for (let beat = 0; beat < beatsPerBar; beat += 1) {
      const start = barStart + beat * BEAT_SECONDS;
      addTone(buffer, start, BEAT_SECONDS * 0.6, beat % 2 === 0 ? root : fifth, 0.22, false);
      if (beat % 2 === 1) addDrum(buffer, start, 0.12, index * 4 + beat + 1);
    }
  });
  return buffer;
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
}

/** A RIFF/WAVE file, 8-bit unsigned PCM, mono. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length);
  const view = new DataView(bytes.buffer);
  writeAscii(view, 0, "RIFF");
  view.setUint32(4, 36 + samples.length, true);
  writeAscii(view, 8, "WAVE");
  writeAscii(view, 12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  writeAscii(view, 36, "data");
  view.setUint32(40, samples.length, true);
  const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0) || 1;
  const scale = 0.9 / peak;
  for (let i = 0; i < samples.length; i += 1) {
    bytes[44 + i] = Math.round(128 + 127 * (samples[i] ?? 0) * scale);
  }
  return bytes;
}

let cached: Uint8Array<ArrayBuffer> | undefined;

/** The instrumental as WAV bytes, rendered once per process. */
export function instrumentalWav(): Uint8Array<ArrayBuffer> {
  cached ??= encodeWav(render());
  return cached;
}

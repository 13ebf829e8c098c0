/** Decorative emoji that drift over the backdrop gallery; ranges from the spec. */
export const floatingEmojiRanges = {
  count: 11,
  topPercent: [5, 85],
  leftPercent: [10, 90],
  scale: [0.7, 1.2],
  delaySeconds: [0, 2],
  durationSeconds: [4, 8],
} as const;

const symbols = ["📸", "✨", "🎉", "💐", "🎓", "🎈", "💃", "🥂", "🌸", "🎀", "⭐"] as const;

export interface FloatingEmoji {
  symbol: string;
  top: number;
  left: number;
  scale: number;
  delay: number;
  duration: number;
}

/** mulberry32: a tiny seeded generator, so the server and the browser draw the same numbers. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, places: number) => Number(value.toFixed(places));

/** Eleven emoji at positions drawn from `seed`; the same seed always gives the same layout. */
export function floatingEmoji(seed: number): FloatingEmoji[] {
  const random = seededRandom(seed);
  const between = ([min, max]: readonly [number, number], places: number) => round(min + random() * (max - min), places);
  const r = floatingEmojiRanges;
  return Array.from({ length: r.count }, (_, index) => ({
    symbol: symbols[index % symbols.length]!,
    top: between(r.topPercent, 1),
    left: between(r.leftPercent, 1),
    scale: between(r.scale, 2),
    delay: between(r.delaySeconds, 2),
    duration: between(r.durationSeconds, 2),
  }));
}

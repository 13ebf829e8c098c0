/**
 * The fonts an invoice PDF embeds, read from the site's own static files (public/fonts/, see its
 * README for sources and licences) through the Worker's ASSETS binding. Noto Sans (Latin, Greek,
 * Cyrillic) goes into every invoice; the large CJK fonts are fetched only when a text needs them,
 * so the Worker bundle stays small and most invoices never load them.
 */

/** Reads one font file by its path under public/. */
export type FontFiles = (path: string) => Promise<ArrayBuffer>;

export const baseFonts = { regular: "/fonts/NotoSans-Regular.ttf", bold: "/fonts/NotoSans-Bold.ttf" } as const;

type Range = readonly [first: number, last: number];

/** A font loaded only for text in its Unicode ranges (like CSS `unicode-range`). */
export interface FallbackFont {
  path: string;
  ranges: readonly Range[];
}

export const fallbackFonts: readonly FallbackFont[] = [
  {
    path: "/fonts/DroidSansFallbackFull.ttf",
    ranges: [
      [0x2e80, 0x2fdf], // CJK radicals
      [0x3000, 0x30ff], // CJK punctuation, hiragana, katakana
      [0x31f0, 0x31ff], // katakana extensions
      [0x3400, 0x4dbf], // CJK extension A
      [0x4e00, 0x9fff], // CJK unified ideographs
      [0xf900, 0xfaff], // CJK compatibility ideographs
      [0xff00, 0xffef], // full-width and half-width forms
      [0x20000, 0x2fa1f], // CJK extensions B onwards
    ],
  },
  {
    path: "/fonts/NanumSquareR.ttf",
    ranges: [
      [0x1100, 0x11ff], // Hangul jamo
      [0x3130, 0x318f], // Hangul compatibility jamo
      [0xa960, 0xa97f], // Hangul jamo extended A
      [0xac00, 0xd7ff], // Hangul syllables and jamo extended B
    ],
  },
];

/** The fallback fonts whose ranges hold any of the characters in `text` that the base font lacks. */
export function fallbacksFor(text: string, base: ReadonlySet<number>): FallbackFont[] {
  const missing = Array.from(text, (char) => char.codePointAt(0)!).filter((code) => !base.has(code));
  return fallbackFonts.filter((font) => missing.some((code) => font.ranges.some(([first, last]) => code >= first && code <= last)));
}

// An isolate keeps the files it has read: fonts never change within a deployment. Only finished
// bytes are kept, never a pending fetch: a request that awaited another request's I/O would be
// cancelled by the Workers runtime as hung.
const cache = new Map<string, ArrayBuffer>();

/** Font files from the Worker's static assets, kept for the isolate's life. */
export function assetFontFiles(assets: Fetcher): FontFiles {
  return async (path) => {
    const cached = cache.get(path);
    if (cached) return cached;
    // The host is ignored by the assets binding; only the path selects the file.
    const response = await assets.fetch(`https://assets.invalid${path}`);
    if (!response.ok) throw new Error(`Font ${path} is missing from the static assets (${response.status})`);
    const file = await response.arrayBuffer();
    cache.set(path, file);
    return file;
  };
}

declare module "~/types/services" {
  interface Services {
    /** The invoice PDF's font files. */
    fonts: FontFiles;
  }
}

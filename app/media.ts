/**
 * Every image the pages show, by key. To use a real photo, put it in `public/images/photos/`
 * and point the entry at it (src, alt, and the photo's own width and height so nothing shifts
 * while it loads). See `public/images/README.md`.
 */
export interface MediaImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

const art = (file: string, alt: string, width: number, height: number): MediaImage => ({
  src: `/images/art/${file}`,
  alt,
  width,
  height,
});

export const media = {
  heroBooth: art("hero-booth.svg", "Two guests in party props posing in front of a photo booth camera and flash", 1200, 800),
  heroPrints: art("hero-prints.svg", "Three printed photo strips of smiling guests, with party props", 1200, 800),
  eventWedding: art("event-wedding.svg", "A bride and groom under a floral arch", 600, 400),
  eventBirthday: art("event-birthday.svg", "A birthday cake with candles between balloons", 600, 400),
  eventCorporate: art("event-corporate.svg", "Colleagues in front of a branded photo booth screen", 600, 400),
  eventUniversity: art("event-university.svg", "A university building on an open day", 600, 400),
  eventSchool: art("event-school.svg", "Graduates in gowns throwing their caps in the air", 600, 400),
  boothOpen: art("booth-open.svg", "An open photo booth: camera on a stand facing two guests at a backdrop", 600, 400),
  boothGlam: art("booth-glam.svg", "The glam booth camera between two flash lights and a black and white print", 600, 400),
  boothEnclosed: art("booth-enclosed.svg", "An enclosed photo booth with a curtain and three guests inside", 600, 400),
  backdropBlack: art("backdrop-black.svg", "A black draped backdrop", 600, 800),
  backdropWhite: art("backdrop-white.svg", "A white draped backdrop", 600, 800),
  backdropGraduation: art("backdrop-graduation.svg", "A dark backdrop scattered with gold graduation caps", 600, 800),
  backdropFloral: art("backdrop-floral.svg", "A lilac backdrop covered in flowers and leaves", 600, 800),
  imageNotFound: art("image-not-found.svg", "Image Not Found", 600, 400),
  // The picture shown when a page is shared; a raster file because card scrapers do not take SVG.
  socialCard: {
    src: "/images/social-card.png",
    alt: "Bluestone Photo Booths, photo booth hire in Melbourne's west: two guests, one in a party hat, framed in a photo booth print",
    width: 1200,
    height: 630,
  },
} satisfies Record<string, MediaImage>;

export type MediaKey = keyof typeof media;

/** Looping booth clips: poster shown until the clip plays, sources in order of preference. */
export interface MediaVideo {
  poster: string;
  sources: readonly { src: string; type: string }[];
  width: number;
  height: number;
  label: string;
}

export const videos = {
  boothOpen: {
    poster: "/images/art/booth-open.svg",
    sources: [
      { src: "/images/art/booth-open.webm", type: "video/webm" },
      { src: "/images/art/booth-open.mp4", type: "video/mp4" },
    ],
    width: 600,
    height: 400,
    label: "Short looping clip of the open booth's flash firing as guests pose",
  },
  boothEnclosed: {
    poster: "/images/art/booth-enclosed.svg",
    sources: [
      { src: "/images/art/booth-enclosed.webm", type: "video/webm" },
      { src: "/images/art/booth-enclosed.mp4", type: "video/mp4" },
    ],
    width: 600,
    height: 400,
    label: "Short looping clip of guests squeezing into the enclosed booth as the flash fires",
  },
} satisfies Record<string, MediaVideo>;

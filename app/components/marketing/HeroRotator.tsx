import type { CSSProperties } from "react";
import { timing } from "~/business";
import type { MediaKey } from "~/media";
import { MediaImg } from "./MediaImg";

/**
 * Two hero images stacked in one fixed-ratio box, cross-fading every `timing.heroRotationMs`
 * unless the visitor prefers reduced motion. The swap is a CSS animation (marketing.css), so it
 * runs from first paint, with or without JavaScript, and costs the page no script at all. Both
 * images keep their text alternatives: a screen reader hears what each slide shows.
 */
export function HeroRotator({ images }: { images: readonly [MediaKey, MediaKey] }) {
  const style = { "--hero-slide-ms": `${timing.heroRotationMs}ms` } as CSSProperties;
  return (
    <div className="hero-media" style={style}>
      {images.map((key, index) => (
        <MediaImg key={key} image={key} priority={index === 0} className="hero-slide" />
      ))}
    </div>
  );
}

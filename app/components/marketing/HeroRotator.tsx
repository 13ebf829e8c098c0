import { useEffect, useState } from "react";
import { timing } from "~/business";
import type { MediaKey } from "~/media";
import { MediaImg } from "./MediaImg";

type Mode = "static" | "rotating" | "still";

/**
 * Two hero images stacked in one fixed-ratio box: the server shows the first, and after
 * hydration they cross-fade every `timing.heroRotationMs`, unless the visitor prefers reduced
 * motion. The hidden image is hidden from assistive technology too.
 */
export function HeroRotator({ images }: { images: readonly [MediaKey, MediaKey] }) {
  const [active, setActive] = useState(0);
  const [mode, setMode] = useState<Mode>("static");

  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let timer: number | undefined;
    const update = () => {
      window.clearInterval(timer);
      if (reduced.matches) {
        setMode("still");
        return;
      }
      setMode("rotating");
      timer = window.setInterval(() => setActive((index) => (index + 1) % images.length), timing.heroRotationMs);
    };
    update();
    reduced.addEventListener("change", update);
    return () => {
      window.clearInterval(timer);
      reduced.removeEventListener("change", update);
    };
  }, [images.length]);

  return (
    <div className="hero-media" data-rotation={mode}>
      {images.map((key, index) => (
        <MediaImg
          key={key}
          image={key}
          priority={index === 0}
          className={index === active ? "hero-slide is-active" : "hero-slide"}
          aria-hidden={index === active ? undefined : true}
        />
      ))}
    </div>
  );
}

import type { CSSProperties } from "react";
import type { FloatingEmoji as Emoji } from "~/content/floating-emoji";

/** Decoration only: hidden from assistive technology, and still under reduced motion (CSS). */
export function FloatingEmoji({ items }: { items: readonly Emoji[] }) {
  return (
    <div className="floating-emoji" aria-hidden="true">
      {items.map((item, index) => (
        <span
          key={index}
          className="floating-emoji-item"
          style={
            {
              top: `${item.top}%`,
              left: `${item.left}%`,
              "--emoji-scale": item.scale,
              animationDelay: `${item.delay}s`,
              animationDuration: `${item.duration}s`,
            } as CSSProperties
          }
        >
          {item.symbol}
        </span>
      ))}
    </div>
  );
}

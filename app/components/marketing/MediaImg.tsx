import { forwardRef, type ImgHTMLAttributes } from "react";
import { media, type MediaImage, type MediaKey } from "~/media";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height"> & {
  image: MediaKey | MediaImage;
  /** The one above-the-fold image of a page: loaded eagerly and first. */
  priority?: boolean;
  /** Set when the text beside the image already says what it shows. */
  decorative?: boolean;
};

/** An image from the media registry, with its intrinsic size so nothing shifts while loading. */
export const MediaImg = forwardRef<HTMLImageElement, Props>(function MediaImg(
  { image, priority = false, decorative = false, ...rest },
  ref,
) {
  const entry = typeof image === "string" ? media[image] : image;
  // React 18 only passes the lower-case attribute through.
  const loading = priority ? { loading: "eager" as const, fetchpriority: "high" } : { loading: "lazy" as const };
  return (
    <img
      ref={ref}
      src={entry.src}
      alt={decorative ? "" : entry.alt}
      width={entry.width}
      height={entry.height}
      decoding="async"
      {...loading}
      {...rest}
    />
  );
});

import { videos } from "~/media";

/**
 * A short muted loop. preload="none" keeps it off the critical path: the poster shows first and
 * the clip only downloads once autoplay starts it.
 */
export function BoothVideo({ video }: { video: keyof typeof videos }) {
  const clip = videos[video];
  return (
    <video
      className="booth-video"
      autoPlay
      muted
      loop
      playsInline
      preload="none"
      poster={clip.poster}
      width={clip.width}
      height={clip.height}
      aria-label={clip.label}
    >
      {clip.sources.map((source) => (
        <source key={source.src} src={source.src} type={source.type} />
      ))}
    </video>
  );
}

import { useEffect } from "react";
import { hydratedEvent } from "~/hydration";

/** Tells the page's boot script that React now owns the page, so clicks and submits it held back can be replayed. */
export function useAnnounceHydration() {
  useEffect(() => {
    window.dispatchEvent(new Event(hydratedEvent));
  }, []);
}

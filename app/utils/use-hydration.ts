import { useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { hydratedEvent, type HydrationHandle } from "~/hydration";

/** Whether a route on the page asks to hydrate as soon as the page has loaded. */
export function useHydratesOnLoad(): boolean {
  return useMatches().some((match) => (match.handle as Partial<HydrationHandle> | undefined)?.hydrate === "load");
}

/** Tells the page's boot script that React now owns the page, so clicks and submits it held back can be replayed. */
export function useAnnounceHydration() {
  useEffect(() => {
    window.dispatchEvent(new Event(hydratedEvent));
  }, []);
}

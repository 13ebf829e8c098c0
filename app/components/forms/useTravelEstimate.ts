import { useEffect, useRef, useState } from "react";
import type { Travel } from "~/travel/fees";

/** Ask once the visitor pauses, not on every key. */
const debounceMs = 350;

/** undefined: nothing asked yet (or the answer did not come); null: no Victorian locality found. */
export type TravelEstimate = Travel | null | undefined;

/**
 * With JavaScript, the booking form asks `/api/travel` about the event location as the visitor
 * types; a newer question cancels an older one still under way. `initial`: what the server worked
 * out for the form it priced (`intent=price`).
 */
export function useTravelEstimate(initial: TravelEstimate = undefined) {
  const [estimate, setEstimate] = useState<TravelEstimate>(initial);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController } | null>(null);

  function cancel() {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.controller.abort();
    pending.current = null;
  }

  useEffect(() => cancel, []);

  function lookUp(place: string) {
    cancel();
    if (!place.trim()) {
      setEstimate(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/travel?place=${encodeURIComponent(place)}`, { signal: controller.signal });
        if (response.status === 404) setEstimate(null);
        else setEstimate(response.ok ? ((await response.json()) as Travel) : undefined);
      } catch {
        // Aborted or offline: the invoice will show the travel line anyway.
      }
    }, debounceMs);
    pending.current = { timer, controller };
  }

  function reset() {
    cancel();
    setEstimate(undefined);
  }

  return { estimate, lookUp, reset };
}

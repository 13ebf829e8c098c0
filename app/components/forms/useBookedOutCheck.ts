import { useRef, useState } from "react";
import type { BoothCounts } from "~/bookings/holds/fleet";
import { bookedOutMessage } from "~/bookings/holds/refusal";
import { boothTypes } from "~/pricing";

/**
 * With JavaScript, asks `/api/availability` about the chosen date and booth whenever either
 * changes, and makes a booked-out date invalid in the form (the browser will not send it). The
 * server still decides: this only saves the visitor a round trip.
 */
export function useBookedOutCheck() {
  const [message, setMessage] = useState("");
  const latest = useRef("");

  async function check(form: HTMLFormElement) {
    const dateInput = form.elements.namedItem("eventDate") as HTMLInputElement | null;
    const date = dateInput?.value ?? "";
    const booth = boothTypes.find((type) => type === (form.elements.namedItem("boothType") as HTMLSelectElement | null)?.value);
    const asked = `${date}|${booth ?? ""}`;
    if (asked === latest.current) return;
    latest.current = asked;
    let text = "";
    if (dateInput && booth && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
      const response = await fetch(`/api/availability?from=${date}&to=${date}`).catch(() => null);
      const free = response?.ok ? (await response.json<{ dates: Record<string, BoothCounts> }>()).dates[date] : undefined;
      if (free && free[booth] < 1) text = bookedOutMessage(date, booth, free);
    }
    // A later change may have answered first; only the newest question sets the field.
    if (latest.current !== asked || !dateInput) return;
    dateInput.setCustomValidity(text);
    setMessage(text);
  }

  return { bookedOut: message, checkAvailability: check };
}

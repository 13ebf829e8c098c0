import { useRef, useState } from "react";
import type { AvailabilityReport } from "~/bookings/holds/availability-report";
import type { BoothCounts } from "~/bookings/holds/fleet";
import { holdRefusal } from "~/bookings/holds/refusal";
import { goneItems, type ItemCounts } from "~/bookings/holds/stock";
import { addOnField } from "~/input/fields";
import { stockNeeded } from "~/prices/extras";
import { addOnIds, backdropNames, boothTypes } from "~/pricing";

/** The stocked add-ons and backdrop ticked in the form now (its `addOn-{id}` boxes and `backdrop` choice). */
function chosenItems(form: HTMLFormElement) {
  const ticked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.checked === true;
  const backdrop = (form.elements.namedItem("backdrop") as HTMLSelectElement | RadioNodeList | null)?.value;
  return stockNeeded({ extraHours: 0, addOns: addOnIds.filter((id) => ticked(addOnField(id))), backdrop: backdropNames.find((name) => name === backdrop) ?? null });
}

/**
 * With JavaScript, asks `/api/availability` about the chosen date whenever the date, booth or a
 * stocked add-on changes, and makes a booked-out date (or one where a chosen add-on is gone)
 * invalid in the form (the browser will not send it). `itemsLeft` says how many of each stocked
 * add-on and backdrop are left on the date, for the form to grey out what is gone, and
 * `boothsFree` how many booths of each type, for its booth choice. The server still decides: this
 * only saves the visitor a round trip. `boothField` is the form's booth select: the booking form's
 * `boothType`, the quote form's `service`.
 */
export function useBookedOutCheck(boothField: "boothType" | "service") {
  const [message, setMessage] = useState("");
  const [itemsLeft, setItemsLeft] = useState<ItemCounts | null>(null);
  const [boothsFree, setBoothsFree] = useState<BoothCounts | null>(null);
  const latest = useRef("");
  // The last date's answer: ticking an add-on asks nothing new of the server.
  const answered = useRef<{ date: string; report: AvailabilityReport } | null>(null);

  async function reportOn(date: string): Promise<AvailabilityReport | undefined> {
    if (answered.current?.date === date) return answered.current.report;
    const response = await fetch(`/api/availability?from=${date}&to=${date}`).catch(() => null);
    const report = response?.ok ? await response.json<AvailabilityReport>() : undefined;
    if (report) answered.current = { date, report };
    return report;
  }

  async function check(form: HTMLFormElement) {
    const dateInput = form.elements.namedItem("eventDate") as HTMLInputElement | null;
    const date = dateInput?.value ?? "";
    const booth = boothTypes.find((type) => type === (form.elements.namedItem(boothField) as HTMLSelectElement | null)?.value);
    const items = chosenItems(form);
    const asked = `${date}|${booth ?? ""}|${items.join(",")}`;
    if (asked === latest.current) return;
    latest.current = asked;
    let text = "";
    let left: ItemCounts | null = null;
    let free: BoothCounts | undefined;
    if (dateInput && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
      const report = await reportOn(date);
      free = report?.dates[date];
      left = report?.stock[date] ?? null;
      const gone = left ? goneItems(items, left) : [];
      if (free && booth && (free[booth] < 1 || gone.length)) text = holdRefusal(date, booth, { free, gone });
    }
    // A later change may have answered first; only the newest question sets the field.
    if (latest.current !== asked || !dateInput) return;
    dateInput.setCustomValidity(text);
    setMessage(text);
    setItemsLeft(left);
    setBoothsFree(free ?? null);
  }

  return { bookedOut: message, itemsLeft, boothsFree, checkAvailability: check };
}

import { expect } from "vitest";
import { postJson } from "./forms-support";
import type { TestWorker } from "./worker";

/** A booking made through the booking endpoint, and where to find it again. */
export interface Booked {
  invoiceNumber: string;
  eventDate: string;
  boothType: string;
  /** The KV key of its record. */
  recordKey: string;
  /** The booking page's site-relative address, its key included. */
  page: string;
  /** The key in the booking page's address. */
  secret: string;
}

/** Books `fields` (a whole booking: each test its own date and booth) and expects it taken. */
export async function bookThrough(worker: TestWorker, fields: { eventDate: string; boothType: string } & Record<string, unknown>): Promise<Booked> {
  const response = await postJson(worker, "/.netlify/functions/booking", fields);
  expect(response.status, await response.clone().text()).toBe(200);
  const { invoiceNumber, invoiceUrl } = (await response.json()) as { invoiceNumber: string; invoiceUrl: string };
  const url = new URL(invoiceUrl);
  return {
    invoiceNumber,
    eventDate: fields.eventDate,
    boothType: fields.boothType,
    recordKey: `booking:${fields.eventDate}:${invoiceNumber}`,
    page: `${url.pathname}${url.search}`,
    secret: url.searchParams.get("key")!,
  };
}

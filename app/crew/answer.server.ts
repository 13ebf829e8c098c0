/**
 * An attendant's answer to an assignment, from their own page (docs/product-decisions.md,
 * "Attendants"): decided by the crew book under the same rules as an assignment, against the event
 * as the booking has it now, and refused once the event has started or when the booking no longer
 * holds its date; the owner is e-mailed each answer that changes what was recorded.
 */
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import { queueMails } from "~/mail/queue.server";
import { attendantKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { crewEventOf } from "./assign.server";
import type { CrewOutcome } from "./attendants.server";
import type { Attendant } from "./crew";
import { answerOwnerMail } from "./mails.server";

export async function answerAssignment(
  services: Pick<Services, "kv" | "generations" | "crew" | "config" | "now" | "deliveries" | "mailQueue">,
  attendant: Attendant,
  invoiceNumber: string,
  answer: "accepted" | "declined",
): Promise<CrewOutcome> {
  const booking = (await findBooking(services.kv, invoiceNumber))?.booking;
  if (!booking || !holdsBooth(booking.status)) return { ok: false, said: "That event is not going ahead: there is nothing to answer." };
  const before = (await services.crew.ofEvent(invoiceNumber)).find((assignment) => assignment.attendantId === attendant.id);
  const at = services.now().toISOString();
  const decided = await services.crew.answer(attendant, crewEventOf(booking), answer, at);
  if (!decided.ok) return { ok: false, said: decided.reason };
  // Pressed again, the same answer is no news.
  if (before?.status !== answer) {
    const mail = answerOwnerMail(attendant, decided.assignment, await ownerPageAction(services, invoiceNumber), services.config.OWNER_EMAIL);
    await queueMails(services, { recordKey: attendantKey(attendant.id), mails: { [`answer-${invoiceNumber}-${at}`]: mail } });
  }
  return { ok: true, said: answer === "accepted" ? `You accepted ${invoiceNumber}. Thank you!` : `You declined ${invoiceNumber}; the owner will find someone else.` };
}

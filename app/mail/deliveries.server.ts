import { sendMail, type Delivery } from "~/mail/send.server";
import type { MailPair } from "~/mail/templates.server";
import type { Services } from "~/services.server";

export interface Deliveries {
  owner: Delivery;
  visitor: Delivery;
}

/**
 * Sends the owner's and the visitor's e-mail side by side. `note` is appended to the stored
 * record's one-line summary when something failed, so the owner spots it in a key listing.
 */
export async function deliverMails(services: Services, mails: MailPair): Promise<{ deliveries: Deliveries; note: string }> {
  const deps = { config: services.config, kv: services.kv, now: services.now };
  const [owner, visitor] = await Promise.all([sendMail(deps, mails.owner), sendMail(deps, mails.visitor)]);
  for (const [who, delivery] of [["owner", owner], ["visitor", visitor]] as const) {
    if (delivery.status === "failed") console.error(`E-mail to the ${who} failed: ${delivery.error}`);
  }
  const failed = owner.status === "failed" || visitor.status === "failed";
  return { deliveries: { owner, visitor }, note: failed ? " · E-MAIL FAILED" : "" };
}

/**
 * Sends after the answer has gone: the request waits only for what it stores. (The one place to
 * switch when e-mail moves to a queue.)
 */
export function deliverAfterResponse(waitUntil: (promise: Promise<unknown>) => void, services: Services, mails: MailPair): void {
  waitUntil(deliverMails(services, mails));
}

import { applyPayment, type PaidCheckout } from "../app/bookings/payments.server";
import type { Env } from "./load-context";

/**
 * One object per invoice number: the strongly consistent record of which checkout sessions have
 * been counted on that booking (see app/bookings/payments.server.ts for why KV cannot be).
 * `blockConcurrencyWhile` holds every other request to this object until a payment is fully
 * recorded, KV write included, so two deliveries of the same event cannot both count it.
 */
export class PaymentLedger implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const paid = await request.json<PaidCheckout>();
    const outcome = await this.state.blockConcurrencyWhile(() => applyPayment(this.state.storage, this.env.BOOKINGS, paid));
    return Response.json(outcome);
  }
}

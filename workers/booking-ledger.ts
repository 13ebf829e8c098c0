import { applyLedgerOperation } from "../app/bookings/ledger.server";
import type { Env } from "./load-context";

/**
 * One object per invoice number: every change to that booking after it is made (see
 * app/bookings/ledger.server.ts), and the strongly consistent record of which checkout sessions
 * were counted on it (app/bookings/payments.server.ts). `blockConcurrencyWhile` holds every
 * other request to this object until a change is fully made, KV write included.
 */
export class BookingLedger implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const operation: unknown = await request.json();
    // Caught inside: a callback that throws would reset the object.
    const outcome = await this.state.blockConcurrencyWhile(() =>
      applyLedgerOperation(this.state.storage, this.env.BOOKINGS, operation).then(
        (value) => ({ value }),
        (error: unknown) => ({ error: String(error) }),
      ),
    );
    return "error" in outcome ? new Response(outcome.error, { status: 500 }) : Response.json(outcome.value);
  }
}

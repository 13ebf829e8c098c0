import { applyClientChange } from "../app/bookings/client-changes.server";
import type { LedgerOperation } from "../app/bookings/ledger-protocol";
import { applyPayment } from "../app/bookings/payments.server";
import { applyStatusChange } from "../app/bookings/status-change.server";
import { updateMailDeliveries } from "../app/mail/deliveries.server";
import type { Env } from "../app/types/env";

/**
 * One object per invoice number: every change to that booking after it is made (the operations
 * of app/bookings/ledger-protocol.ts), and the strongly consistent record of which checkout
 * sessions were counted on it (app/bookings/payments.server.ts). `blockConcurrencyWhile` holds
 * every other request to this object until a change is fully made, KV write included.
 */
export class BookingLedger implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const operation = await request.json<LedgerOperation>();
    // Caught inside: a callback that throws would reset the object.
    const outcome = await this.state.blockConcurrencyWhile(() =>
      this.apply(operation).then(
        (value) => ({ value }),
        (error: unknown) => ({ error: String(error) }),
      ),
    );
    return "error" in outcome ? new Response(outcome.error, { status: 500 }) : Response.json(outcome.value);
  }

  private apply(operation: LedgerOperation): Promise<unknown> {
    const kv = this.env.BOOKINGS;
    switch (operation.op) {
      case "payment":
        return applyPayment(this.state.storage, kv, operation.paid);
      case "status":
        return applyStatusChange(kv, operation);
      case "deliveries":
        return updateMailDeliveries(kv, operation.recordKey, operation.change);
      case "client":
        return applyClientChange(kv, operation.invoiceNumber, operation.change);
    }
  }
}

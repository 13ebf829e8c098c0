import { applyClientChange } from "../app/bookings/changes/client-changes.server";
import { applyMove, finishPendingMove } from "../app/bookings/changes/date-move.server";
import { durableHolds } from "../app/bookings/holds/holds.server";
import type { LedgerOperation } from "../app/bookings/record/ledger-protocol";
import { applyPayment } from "../app/bookings/payments/payments.server";
import { applyRefund } from "../app/bookings/payments/refund-record.server";
import { currentBookingKey } from "../app/bookings/record/record.server";
import { applyStatusChange } from "../app/bookings/record/status-change.server";
import { updateMailDeliveries } from "../app/mail/deliveries.server";
import type { Env } from "../app/types/env";

/**
 * One object per invoice number: every change to that booking after it is made (the operations
 * of app/bookings/record/ledger-protocol.ts), and the strongly consistent record of which checkout
 * sessions were counted on it (app/bookings/payments/payments.server.ts). `blockConcurrencyWhile` holds
 * every other request to this object until a change is fully made, KV write included. A date
 * move cut short is finished before anything else (app/bookings/changes/date-move.server.ts).
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

  async alarm(): Promise<void> {
    await this.state.blockConcurrencyWhile(() => this.finishMove());
  }

  private finishMove(): Promise<void> {
    return finishPendingMove(this.state.storage, this.env.BOOKINGS, durableHolds(this.env.BOOKING_HOLDS));
  }

  private async apply(operation: LedgerOperation): Promise<unknown> {
    await this.finishMove();
    const kv = this.env.BOOKINGS;
    switch (operation.op) {
      case "payment":
        return applyPayment(this.state.storage, kv, operation.paid);
      case "status":
        return applyStatusChange(kv, operation);
      case "deliveries":
        return updateMailDeliveries(kv, await currentBookingKey(kv, operation.recordKey), operation.change);
      case "client":
        return applyClientChange(kv, operation.invoiceNumber, operation.change);
      case "move":
        return applyMove(this.state.storage, kv, durableHolds(this.env.BOOKING_HOLDS), operation);
      case "refund":
        return applyRefund(kv, operation.invoiceNumber, operation.refund);
    }
  }
}

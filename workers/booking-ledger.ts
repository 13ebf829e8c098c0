import { copyKey, loadCopy, type LedgerCopy } from "../app/bookings/ledger/copy.server";
import { followUpEntries, runFollowUps, type FollowUp } from "../app/bookings/ledger/follow-ups.server";
import { claimKey, decide, forgottenCheckouts, type LedgerDeps } from "../app/bookings/ledger/operations.server";
import { stripeClient } from "../app/bookings/payments/stripe.server";
import type { LedgerOperation } from "../app/bookings/record/ledger-protocol";
import type { ReleaseRequest } from "../app/bookings/holds/holds.server";
import type { Env } from "../app/types/env";
import { invoiceNumberOfKey } from "../app/storage-keys";
import { parseConfig } from "./load-context";
import { buildServices } from "./services";

/** Follow-ups tried again from the alarm wait twice as long after each failure, up to this. */
const longestRetryMs = 3_600_000;

function invoiceNumberOf(operation: Exclude<LedgerOperation, { op: "open" }>): string {
  switch (operation.op) {
    case "deliveries":
      return invoiceNumberOfKey(operation.recordKey);
    case "payment":
      return operation.paid.invoiceNumber;
    default:
      return operation.invoiceNumber;
  }
}

/**
 * One object per invoice number: the one place its booking changes after it is made
 * (app/bookings/ledger/README.md). It keeps its own copy of the booking and decides every
 * operation from it; each change is stored together with what must follow it, in one put, and the
 * follow-ups are carried out at once and, after any failure, from the alarm until done.
 * `blockConcurrencyWhile` holds every other request to this object until a change and its
 * follow-ups have been tried.
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
    await this.state.blockConcurrencyWhile(() => this.settle());
  }

  private deps(): LedgerDeps & { services: ReturnType<typeof buildServices> } {
    const config = parseConfig(this.env);
    return { storage: this.state.storage, services: buildServices(this.env, config), stripe: stripeClient(config) };
  }

  /** Stores a change with its follow-ups in one put, then carries them out. */
  private async commit(copy: LedgerCopy, followUps: FollowUp[]): Promise<void> {
    const { storage } = this.state;
    await storage.put({ [copyKey]: copy, ...(await followUpEntries(storage, followUps)) });
    const forgotten = forgottenCheckouts(followUps);
    if (forgotten.length) await storage.delete(forgotten);
  }

  private async finish(): Promise<void> {
    const deps = this.deps();
    const tries = await runFollowUps(deps);
    if (tries) await this.state.storage.setAlarm(Date.now() + Math.min(deps.services.config.LEDGER_RETRY_SECONDS * 1000 * 2 ** (tries - 1), longestRetryMs));
  }

  /**
   * The copy, once whatever an earlier run left is made good: a booth held for a move that was
   * never stored is given back, a move an earlier version of the ledger left half-done is
   * finished, and every follow-up still waiting is tried.
   */
  private async settle(invoiceNumber?: string): Promise<LedgerCopy | null> {
    const { storage } = this.state;
    const { services } = this.deps();
    const seeded = await loadCopy(storage, services.kv, invoiceNumber);
    const claim = await storage.get<ReleaseRequest>(claimKey);
    if (claim) {
      if (seeded?.copy.booking.holdId !== claim.holdId) await services.holds.release(claim);
      await storage.delete(claimKey);
    }
    if (seeded?.unfinishedMove) {
      const { oldKey, oldHold } = seeded.unfinishedMove;
      await this.commit(seeded.copy, [{ kind: "store" }, { kind: "point-index" }, { kind: "delete-key", key: oldKey }, { kind: "release-hold", ...oldHold }]);
    } else if (seeded?.fromKv) await storage.put(copyKey, seeded.copy);
    await this.finish();
    return seeded?.copy ?? null;
  }

  private async apply(operation: LedgerOperation): Promise<unknown> {
    // A new booking brings its record: nothing to seed from KV.
    const copy = await this.settle(operation.op === "open" ? undefined : invoiceNumberOf(operation));
    const decision = await decide(this.deps(), copy, operation);
    if (decision.change) {
      await this.commit(decision.change.copy, decision.change.followUps);
      // The claimed hold is the booking's hold now.
      if (operation.op === "move" || operation.op === "extras") await this.state.storage.delete(claimKey);
      // What may follow the answer waits for the alarm, which comes at once.
      if (decision.change.later) await this.state.storage.setAlarm(Date.now());
      else await this.finish();
    }
    return decision.answer;
  }
}


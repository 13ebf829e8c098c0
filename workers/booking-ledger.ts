import { copyKey, loadCopy, type LedgerCopy } from "../app/bookings/ledger/copy.server";
import { crewSteps, dateTakenSteps, followUpEntries, runFollowUps, type FollowUp } from "../app/bookings/ledger/follow-ups.server";
import { claimKey, decide, forgottenCheckouts, type Decision, type LedgerDeps } from "../app/bookings/ledger/operations.server";
import { unprovedHoldEnds, waitsForAddress } from "../app/bookings/record/address-proof";
import { askStripe, attemptPrefix, type RefundAttempt } from "../app/bookings/payments/refund-attempts.server";
import { stripeClient } from "../app/bookings/payments/stripe.server";
import type { BookingRecord } from "../app/bookings/record/booking";
import type { LedgerOperation } from "../app/bookings/record/ledger-protocol";
import type { ReleaseRequest } from "../app/bookings/holds/holds.server";
import type { Env } from "../app/types/env";
import { invoiceNumberOfKey } from "../app/storage-keys";
import { setAlarmBy } from "../app/utils/durable-alarm";
import { clockOf } from "./clock";
import { parseConfig } from "./load-context";
import { buildServices } from "./services";

/** Follow-ups tried again from the alarm wait twice as long after each failure, up to this. */
const longestRetryMs = 3_600_000;
/** A refund attempt whose answer was not recorded by then is asked of Stripe again (the same keys: Stripe makes each once). */
const attemptResumeMs = 60_000;

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
 * Operations, follow-ups and the alarm take turns through one queue (`inTurn`), so each decides
 * from the copy the one before it left. A card refund's Stripe calls are made between two turns
 * (written down first as an attempt, recorded after), so a slow Stripe holds up nobody else and
 * no section runs into the platform's 30-second limit on `blockConcurrencyWhile`.
 */
export class BookingLedger implements DurableObject {
  /** The end of the queue of turns. */
  private turns: Promise<unknown> = Promise.resolve();
  /** The site's clock (workers/clock.ts), read again at each request and alarm. */
  private now: () => Date = () => new Date();

  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const operation = await request.json<LedgerOperation>();
    try {
      this.now = await clockOf(parseConfig(this.env));
      const { answer, call } = await this.inTurn(() => this.apply(operation));
      if (!call || operation.op !== "refund") return Response.json(answer);
      return Response.json(await this.refundAtStripe(operation.invoiceNumber, call));
    } catch (error) {
      return new Response(String(error), { status: 500 });
    }
  }

  /**
   * Finishes what waits (follow-ups, a claim never stored, refund attempts Stripe was asked for when
   * the object stopped), and ends the hold of a booking whose address was not proved in time (or
   * sets the alarm for it); never throws, and tries again later.
   */
  async alarm(): Promise<void> {
    try {
      this.now = await clockOf(parseConfig(this.env));
      const copy = await this.inTurn(() => this.settle());
      if (!copy) return;
      for (const attempt of await this.unanswered()) await this.refundAtStripe(copy.booking.invoiceNumber, attempt);
      await this.endUnprovedHold(copy.booking.invoiceNumber);
    } catch (error) {
      console.error("Booking ledger: the alarm's work failed, to be tried again:", error);
      await this.state.storage.setAlarm(Date.now() + parseConfig(this.env).LEDGER_RETRY_SECONDS * 1000);
    }
  }

  /** A booking waiting for its address expires once its hold has ended; until then the alarm is set for that moment (one alarm serves every deadline). */
  private async endUnprovedHold(invoiceNumber: string): Promise<void> {
    const { booking } = (await this.state.storage.get<LedgerCopy>(copyKey)) ?? {};
    if (!booking || !waitsForAddress(booking)) return;
    if (unprovedHoldEnds(booking).getTime() > Date.now()) return this.alarmForHoldEnd(booking);
    await this.inTurn(() => this.apply({ op: "hold-ends", invoiceNumber, at: this.now().toISOString() }));
  }

  private async alarmForHoldEnd(booking: BookingRecord): Promise<void> {
    if (waitsForAddress(booking)) await setAlarmBy(this.state.storage, unprovedHoldEnds(booking).getTime());
  }

  /** Runs `work` once every turn before it has finished. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.turns.then(work, work);
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  /** Asks Stripe for an attempt's refunds outside any turn, then records the answers in one. */
  private async refundAtStripe(invoiceNumber: string, attempt: RefundAttempt): Promise<unknown> {
    const { stripe } = this.deps();
    const results = stripe ? await askStripe(stripe, invoiceNumber, attempt) : [];
    const { answer } = await this.inTurn(() => this.apply({ op: "refund-made", invoiceNumber, attempt: attempt.id, results }));
    return answer;
  }

  private async unanswered(): Promise<RefundAttempt[]> {
    return [...(await this.state.storage.list<RefundAttempt>({ prefix: attemptPrefix })).values()].filter((attempt) => !attempt.outcome);
  }

  private deps(): LedgerDeps & { services: ReturnType<typeof buildServices> } {
    const config = parseConfig(this.env);
    return { storage: this.state.storage, services: buildServices(this.env, config, this.now), stripe: stripeClient(config) };
  }

  /** Stores a change with its follow-ups (and any other entries of the decision) in one put, then carries them out. */
  private async commit(copy: LedgerCopy, followUps: FollowUp[], entries: Record<string, unknown> = {}): Promise<void> {
    const { storage } = this.state;
    const before = await storage.get<LedgerCopy>(copyKey);
    const steps = [...followUps, ...dateTakenSteps(before?.booking, copy.booking), ...crewSteps(before?.booking, copy.booking)];
    await storage.put({ ...entries, [copyKey]: copy, ...(await followUpEntries(storage, steps)) });
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
    } else if (seeded?.fromKv) {
      await storage.put(copyKey, seeded.copy);
      // A new booking its ledger could not take at once (create.server.ts) gets the alarm that ends its hold here.
      await this.alarmForHoldEnd(seeded.copy.booking);
    }
    await this.finish();
    // As the follow-ups left it (a PDF note, say), not as it was loaded.
    return (await storage.get<LedgerCopy>(copyKey)) ?? seeded?.copy ?? null;
  }

  private async apply(operation: LedgerOperation): Promise<Pick<Decision, "answer" | "call">> {
    // A new booking brings its record: nothing to seed from KV.
    const copy = await this.settle(operation.op === "open" ? undefined : invoiceNumberOf(operation));
    const decision = await decide(this.deps(), copy, operation);
    // Should the object stop while Stripe is asked, the alarm asks again with the same keys and records the answers.
    if (decision.call) await this.state.storage.setAlarm(Date.now() + attemptResumeMs);
    if (decision.change) {
      await this.commit(decision.change.copy, decision.change.followUps, decision.change.entries);
      // The claimed hold is the booking's hold now.
      if (operation.op === "move" || operation.op === "extras" || operation.op === "bank-payment") await this.state.storage.delete(claimKey);
      // What may follow the answer waits for the alarm, which comes at once.
      if (decision.change.later) await this.state.storage.setAlarm(Date.now());
      else await this.finish();
    }
    return { answer: decision.answer, call: decision.call };
  }
}


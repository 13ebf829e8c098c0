/**
 * What can happen to a booking paid by the monthly plan with autopay (issue 58), as fast-check
 * commands beside the model's others (commands.ts): the days its instalments (or their retries)
 * are charged come, the saved card starts failing (a soft decline, a hard one,
 * `authentication_required`, `expired_card`), a PayTo debit settles or fails days later, the bank
 * app cancels the mandate, the client turns autopay off, Stripe's answer to a charge is lost, the
 * queue's deliveries of a try run out, and the client cancels while the morning's charge is on the queue.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { detachSaved } from "~/bookings/payments/autopay-stripe.server";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import type { StripeFault } from "../../support/fake-stripe";
import { declines, type CardFailure } from "../../support/fake-stripe/test-cards";
import { BooksCommand, clientCancelled, clientCancelsOnPage, deliverNow, letTimePass, refundedOf } from "./commands";
import { holdsDate, paidCents, type BooksModel, type CardTrouble } from "./model";
import { autopayMorning, instalmentCharges, takeAutopayEvents, tryIdOf } from "./plan-charges";
import { failedCharge, nextChargeDay, stopAutopay, triesDueOn } from "./plan-model";
import { stripeApi } from "./plan-start";
import { ledgerReading, type Real } from "./real";

const charging = (model: Readonly<BooksModel>) => !!model.plan?.autopay && holdsDate(model);

/** The morning (07:00, after the 06:00 run) of the next day autopay has a try to make (tomorrow's for one due today after its run), or null when there is none to come. */
async function nextChargeMorning(model: BooksModel, real: Real): Promise<Date | null> {
  const now = real.clock.now();
  const day = nextChargeDay(model, melbourneToday(now), refundedOf((await ledgerReading(real)).booking));
  if (!day) return null;
  const at = melbourneInstant(day, "07:00");
  return at > now ? at : melbourneInstant(addDays(melbourneToday(now), 1), "07:00");
}

const hoursTo = (real: Real, at: Date) => Math.ceil((at.getTime() - real.clock.now().getTime()) / 3_600_000);

/**
 * Only the mornings of a long wait that matter to a plan: the day before a charge (nothing charged
 * early) and its day. The runs between are missed (a month of them would take the model minutes);
 * TimePasses runs every morning of its few days.
 */
const aroundCharge = (at: Date) => (day: string) => day === melbourneToday(at) || day === addDays(melbourneToday(at), -1);

/** Time passes to the next day an instalment, or a soft decline's retry, falls due, and that morning's run charges its tries. */
export class ChargeDayComes extends BooksCommand {
  check = charging;
  toString = () => "time passes to the next autopay charge";
  protected async step(model: BooksModel, real: Real) {
    const at = await nextChargeMorning(model, real);
    if (at) await letTimePass(model, real, hoursTo(real, at), aroundCharge(at));
  }
}

const troubles: Record<CardTrouble, CardFailure> = {
  insufficient_funds: declines.insufficientFunds,
  "hard decline": { ...declines.generic, advice_code: "do_not_try_again" },
  authentication_required: declines.authenticationRequired,
  expired_card: declines.expired,
};

/** The saved card's charges fail from now on (its account emptied, the bank asking for authentication, the card expired or reported). */
export class CardFails extends BooksCommand {
  constructor(private readonly trouble: CardTrouble) {
    super();
  }
  check = (model: Readonly<BooksModel>) => model.plan?.autopay === "card";
  toString = () => `the saved card fails from now: ${this.trouble}`;
  protected async step(model: BooksModel, real: Real) {
    const saved = (await ledgerReading(real)).booking.autopay?.saved;
    if (saved?.kind !== "card") return;
    real.stripe.autopay.cardFailsFromNow(saved.paymentMethod, troubles[this.trouble]);
    model.plan!.failing = this.trouble;
  }
}

/** The bank answers a PayTo debit still processing, days later: paid, or failed (autopay stops: nothing else is tried again). */
export class PayToSettles extends BooksCommand {
  constructor(
    private readonly outcome: "succeeded" | "failed",
    private readonly told: "at once" | "later",
  ) {
    super();
  }
  check = (model: Readonly<BooksModel>) => (model.plan?.processing.size ?? 0) > 0;
  toString = () => `a PayTo debit ${this.outcome} (told ${this.told})`;
  protected async step(model: BooksModel, real: Real) {
    const plan = model.plan!;
    const [paymentIntent] = [...plan.processing.keys()];
    if (!paymentIntent) return;
    real.stripe.autopay.settlePayTo(paymentIntent, this.outcome);
    plan.processing.delete(paymentIntent);
    const waitingFrom = real.events.length;
    // Paid, the model counts it once its event comes (`paid`); failed, autopay stops then.
    const instalment = Number(real.stripe.autopay.paymentIntents.find((intent) => intent.id === paymentIntent)?.metadata?.instalment);
    const failed = (heard: BooksModel) => {
      if (!heard.plan) return;
      failedCharge(heard.plan, instalment);
      stopAutopay(heard.plan, `the PayTo debit ${paymentIntent} failed`);
    };
    takeAutopayEvents(real, (type, intent) => (type === "payment_intent.payment_failed" && intent === paymentIntent ? { onFirstDelivery: failed } : {}));
    if (this.told === "at once") for (const event of real.events.slice(waitingFrom)) await deliverNow(model, real, event);
  }
}

/** The client pauses the agreement in their bank app: Stripe cancels the mandate and says so (`mandate.updated`), and autopay stops. */
export class MandateCancelledInBank extends BooksCommand {
  check = (model: Readonly<BooksModel>) => model.plan?.autopay === "payto";
  toString = () => "the client pauses the PayTo agreement in their bank app";
  protected async step(model: BooksModel, real: Real) {
    const saved = (await ledgerReading(real)).booking.autopay?.saved;
    if (saved?.kind !== "payto") return;
    real.stripe.autopay.cancelMandateInBank(saved.mandate);
    const created = Math.floor(real.clock.now().getTime() / 1000);
    for (const { type, object } of real.stripe.autopay.takeEvents()) {
      if (type === "mandate.updated") await deliverNow(model, real, { type, object, delivered: 0, created });
    }
    stopAutopay(model.plan!, "the mandate was cancelled in the bank app");
  }
}

/** The client turns autopay off on their page: the ledger stops it, and the saved method is detached at Stripe. */
export class AutopayOff extends BooksCommand {
  check = (model: Readonly<BooksModel>) => !!model.plan?.autopay;
  toString = () => "the client turns autopay off";
  protected async step(model: BooksModel, real: Real) {
    const consent = (await ledgerReading(real)).booking.autopay;
    await (await real.worker.ledger()).changeAutopay(real.booked.invoiceNumber, { kind: "off", why: "client", at: real.clock.now().toISOString() });
    if (consent) await detachSaved(stripeApi(real), consent.saved.paymentMethod);
    stopAutopay(model.plan!, "the client turned it off");
  }
}

/** The autopay queue's deliveries of a message: its first and its 10 retries (wrangler.toml, and the tests' Worker). */
const deliveries = 11;

/**
 * The autopay consumer cannot reach the booking's ledger through every delivery of the next
 * morning's try, and its message goes to the dead-letter queue, where the ledger answers: nothing is
 * charged so late, the try fails as a last one does. Only a morning with one try due: two tries'
 * deliveries would share the planned failures as the queue interleaves them (another morning, time
 * passes to it as ChargeDayComes does).
 */
export class AutopayDeliveriesRunOut extends BooksCommand {
  check = charging;
  toString = () => "every delivery of the next autopay try fails to reach the ledger";
  protected async step(model: BooksModel, real: Real) {
    const at = await nextChargeMorning(model, real);
    if (!at) return;
    const one = triesDueOn(model, melbourneToday(at), refundedOf((await ledgerReading(real)).booking)).length === 1;
    if (one) {
      await real.worker.failNext("ledger.autopay-try", deliveries);
      model.plan!.deliveriesFail = true;
    }
    await letTimePass(model, real, hoursTo(real, at), aroundCharge(at));
    if (one) expect(await real.worker.faultsLeft("ledger.autopay-try"), "every delivery failed, the dead letter's did not").toBe(0);
  }
}

/** Stripe's answer to the next charge is lost: made and the connection dropped, the SDK's retry unreachable; or Stripe down. */
export class ChargeAnswerLost extends BooksCommand {
  constructor(private readonly faults: StripeFault[]) {
    super();
  }
  check = charging;
  toString = () => `Stripe's next charges fail: ${this.faults.join(", ")}`;
  protected async step(_model: BooksModel, real: Real) {
    real.stripe.failNext("/v1/payment_intents", ...this.faults);
  }
}

/**
 * The client cancels on the morning of a charge, at the moment the schedule runs: the cancellation
 * reaches the ledger before the consumer asks it (no charge) or after the charge was made (recorded
 * once, owed back beyond the fee); either way nothing is charged after it.
 */
export class CancelRacesCharge extends BooksCommand {
  check = charging;
  toString = () => "the client cancels as the morning's charge is on the queue";
  protected async step(model: BooksModel, real: Real) {
    const at = await nextChargeMorning(model, real);
    if (!at) return;
    const morning = new Date(at.getTime() - 3_600_000);
    const hours = hoursTo(real, morning) - 1;
    if (hours > 0) await letTimePass(model, real, hours, aroundCharge(morning));
    await real.clock.set(morning);
    const { booking } = await ledgerReading(real);
    const kept = paidCents(model) - refundedOf(booking);
    const logsFrom = real.worker.logs.length;
    const triedBefore = model.plan!.tries.length;
    const [cancelled] = await Promise.all([clientCancelsOnPage(real), real.worker.scheduled(morning)]);
    expect(cancelled.status, "the cancellation's answer").toBeLessThan(400);
    await autopayMorning(model, real, morning, logsFrom);
    // The morning's tries were made only where the ledger said go before the cancellation reached it.
    const plan = model.plan!;
    const made = new Set(instalmentCharges(real).map((intent) => intent.metadata?.try));
    plan.tries = [...plan.tries.slice(0, triedBefore), ...plan.tries.slice(triedBefore).filter((one) => made.has(tryIdOf(real, one)))];
    clientCancelled(model, kept, morning, booking);
  }
}

const troubleKinds = fc.constantFrom<CardTrouble>("insufficient_funds", "insufficient_funds", "hard decline", "authentication_required", "expired_card");

/** The plan's commands, weighted towards the charging days. */
export const planCommands = [
  ...Array.from({ length: 4 }, () => fc.constant(new ChargeDayComes())),
  troubleKinds.map((trouble) => new CardFails(trouble)),
  ...Array.from({ length: 3 }, () => fc.tuple(fc.constantFrom<"succeeded" | "failed">("succeeded", "failed"), fc.constantFrom<"at once" | "later">("at once", "later")).map(([outcome, told]) => new PayToSettles(outcome, told))),
  fc.constant(new MandateCancelledInBank()),
  fc.constant(new AutopayOff()),
  fc.constantFrom<StripeFault[]>(["made-then-dropped", "unreachable"], ["down"]).map((faults) => new ChargeAnswerLost(faults)),
  fc.constant(new CancelRacesCharge()),
  fc.constant(new AutopayDeliveriesRunOut()),
];

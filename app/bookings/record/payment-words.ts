/** How each kind of payment and each payment state is named wherever a person reads it: one table, so they never differ. */
import type { PaymentKind, PaymentState } from "~/bookings/record/amounts";

export const paymentKindWords: Record<PaymentKind, { name: string; the: string; owing: string; button: string }> = {
  deposit: { name: "Deposit", the: "the deposit", owing: "Owing now (deposit)", button: "Pay the deposit by card" },
  balance: { name: "Balance", the: "the balance", owing: "Owing now (balance)", button: "Pay the balance by card" },
  full: { name: "Payment in full", the: "the full amount", owing: "Owing now (in full)", button: "Pay in full by card" },
  instalment: { name: "Instalment", the: "the instalment", owing: "Owing now (instalment)", button: "Pay the instalment by card" },
  cancellation: { name: "Cancellation charge", the: "the cancellation charge", owing: "Owing now (cancellation charge)", button: "Pay the cancellation charge by card" },
};

export const paymentStateWords: Record<PaymentState, string> = {
  unpaid: "Not paid yet",
  "deposit-paid": "Deposit paid",
  paid: "Paid in full",
  "partly-refunded": "Partly refunded",
  refunded: "Refunded",
};

/** How a payment was made, after its amount: absent on card payments recorded before bank payments were. */
export const paymentMethodWords = (method: "card" | "bank" | undefined): string => (method === "bank" ? "by bank transfer or PayID" : "by card");

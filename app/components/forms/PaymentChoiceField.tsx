import type { PaymentChoice } from "~/bookings/plans/choices";
import { paymentOptionField, type PaymentOption } from "~/input/fields";
import { RadioGroup } from "./Fields";

/** How the client pays, each way with what it pays when (the booking form and the booking page); nothing to choose when all is due at once. */
export function PaymentChoiceField({ choices, fallback, hint }: { choices: readonly PaymentChoice[]; fallback: PaymentOption; hint: string }) {
  if (!choices.length) return null;
  return (
    <RadioGroup
      name={paymentOptionField}
      label="How would you like to pay?"
      hint={hint}
      fallback={fallback}
      options={choices.map((choice) => ({ value: choice.option, label: choice.label, details: choice.pays }))}
    />
  );
}

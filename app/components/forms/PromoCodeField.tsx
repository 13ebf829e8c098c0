import { promoCodeLength } from "~/input/fields";
import { TextField } from "./Fields";

/** The optional promo code of the booking and quote forms; `hint` says what the form does with it. */
export function PromoCodeField({ hint }: { hint: string }) {
  return <TextField name="promoCode" label="Promo code (optional)" required={false} autoComplete="off" maxLength={promoCodeLength} hint={hint} />;
}

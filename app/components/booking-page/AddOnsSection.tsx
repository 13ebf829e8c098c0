import { Form, useLocation } from "@remix-run/react";
import { business, policy } from "~/business";
import { BookingExtras } from "~/components/forms/BookingExtras";
import { FieldProvider } from "~/components/forms/Fields";
import { FormStatus } from "~/components/forms/FormStatus";
import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";
import { intentField } from "~/input/fields";
import type { BookingPageRefusal } from "~/input/result";

/**
 * "Your add-ons": what the booking has, and the booking form's extras to change them until the
 * window closes. A refused change shows the choices as they were sent (a browser posts every
 * ticked box and chosen radio), so what was unticked stays unticked.
 */
export function AddOnsSection({ addOns, refusal }: { addOns: BookingPageView["addOns"]; refusal: BookingPageRefusal | null }) {
  const { pathname, search } = useLocation();
  return (
    <section id="add-ons" className="form-card booking-add-ons" aria-labelledby="add-ons-heading">
      <h2 id="add-ons-heading">Your add-ons</h2>
      <p>
        Your booking has: <strong>{addOns.now}</strong>.
      </p>
      {addOns.closed ? (
        <p>{addOns.closed}</p>
      ) : (
        <Form method="post" action={`${pathname}${search}`} replace preventScrollReset>
          <p className="form-hint">
            You can add or remove add-ons until {policy.extrasChangeClosesDaysBeforeEvent} days before the event. What you booked keeps the price you
            booked it at; what you add costs the price shown here, with the same date discount or surcharge and promo code as the rest of your booking.
            Your invoice follows: what you add is added to what you owe, and if you have paid more than the new total we refund the difference.
            Questions? Call <a href={business.phone.href}>{business.phone.display}</a>.
          </p>
          <FieldProvider idPrefix="add-ons" values={refusal?.values ?? addOns.values} errors={refusal?.fieldErrors ?? {}} requiredBy="native">
            <BookingExtras itemsLeft={addOns.itemsLeft} />
          </FieldProvider>
          <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
          <button type="submit" name={intentField} value="extras" className="button button-primary">
            Change my add-ons
          </button>
        </Form>
      )}
    </section>
  );
}

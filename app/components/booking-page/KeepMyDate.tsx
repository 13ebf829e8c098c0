import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";
import { lifecycle } from "~/business";
import { FormStatus } from "~/components/forms/FormStatus";

/**
 * While the booking waits for its client's address: until when the date is held and how to keep
 * it; on the page the booking e-mail's link opened, the "Keep my date" button (a plain form: it
 * works without JavaScript, and mail scanners that open links press no buttons).
 */
export function KeepMyDate({ keep }: { keep: BookingPageView["keep"] }) {
  if (keep.kind === "none") return null;
  if (keep.kind === "kept") {
    return (
      <p id="keep-my-date" className="booking-step booking-step-done" role="status">
        Thank you: your e-mail address is confirmed and your date is kept.
      </p>
    );
  }
  return (
    <section id="keep-my-date" className="form-card keep-my-date" aria-labelledby="keep-my-date-heading">
      <h2 id="keep-my-date-heading">Your date is held until {keep.ends}</h2>
      <p>
        That is Melbourne time: we hold a new booking&apos;s date for {lifecycle.unprovedHoldHours} hours until we know its e-mail address is yours. After
        that the date is free for others again, unless a payment has reached us.
      </p>
      <FormStatus
        status={keep.refused ? { tone: "error", text: "That did not keep your date: open \u201cKeep my date\u201d in the e-mail we sent you and press the button on the page it opens." } : null}
        withIcon
      />
      {keep.form ? (
        <form method="post" action={keep.form.action}>
          <input type="hidden" name="proof" value={keep.form.proof} />
          <button type="submit" className="button button-primary">
            Keep my date
          </button>
        </form>
      ) : (
        <p>
          To keep it, open &ldquo;Keep my date&rdquo; in the e-mail we sent to {keep.email} and press the button on the page it opens, or pay the deposit below.
        </p>
      )}
    </section>
  );
}

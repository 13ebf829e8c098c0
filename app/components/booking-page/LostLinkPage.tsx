import { business } from "~/business";
import { bookingLinkNotices, maxLength, type BookingLinkNotice } from "~/input/fields";
import { refusals } from "~/input/messages";
import { FieldProvider, TextField } from "~/components/forms/Fields";
import { FormStatus, type Status } from "~/components/forms/FormStatus";
import { Honeypot } from "~/components/forms/Honeypot";

const invalidAddress = "Please enter a valid email address.";

function statusOf(notice: BookingLinkNotice | null, invoiceNumber: string): Status | null {
  switch (notice) {
    case "sent":
      return { tone: "success", text: `If that address is on booking ${invoiceNumber}, we have e-mailed its link.`, detail: "Nothing after a few minutes? Look in your spam folder, or call us." };
    case "invalid":
      return { tone: "error", text: invalidAddress };
    case "limited":
      return { tone: "error", text: refusals.rateLimited };
    case "address-limited":
      return { tone: "error", text: refusals.addressLimited };
    default:
      return null;
  }
}

/** The notice named in the page's address after the form was sent, if it is one. */
export function bookingLinkNotice(value: string | null): BookingLinkNotice | null {
  return bookingLinkNotices.find((notice) => notice === value) ?? null;
}

/**
 * The booking page opened without its key, whatever the number (docs/product-decisions.md, "The
 * client's booking page"): it says nothing about the booking, and offers to e-mail the page's link
 * to the address on it. A plain form: it works without JavaScript.
 */
export function LostLinkPage({ invoiceNumber, notice }: { invoiceNumber: string; notice: BookingLinkNotice | null }) {
  return (
    <section className="container page-section form-page">
      <h1>{`Booking ${invoiceNumber}`}</h1>
      <p className="form-intro">
        A booking page opens only from the link we e-mailed when you booked: its address carries a private key. Lost that e-mail? Type the address you
        booked with and we will send the link to it again.
      </p>
      <div className="form-card">
        <form method="post" action={`/invoice/${invoiceNumber}/link`} aria-labelledby="lost-link-heading">
          <h2 id="lost-link-heading">Send me my booking link</h2>
          <FieldProvider idPrefix="lost-link" values={{}} errors={notice === "invalid" ? { email: invalidAddress } : {}} requiredBy="native">
            <TextField name="email" label="The e-mail address you booked with" type="email" autoComplete="email" maxLength={maxLength.email} />
          </FieldProvider>
          <Honeypot />
          <button type="submit" className="button button-primary">
            Send me my booking link
          </button>
          <FormStatus status={statusOf(notice, invoiceNumber)} />
        </form>
      </div>
      <p>
        Or call us on <a href={business.phone.href}>{business.phone.display}</a>.
      </p>
    </section>
  );
}

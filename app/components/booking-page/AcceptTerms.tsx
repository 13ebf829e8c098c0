import { Form, useLocation } from "@remix-run/react";
import { business } from "~/business";
import { FieldProvider, TextField } from "~/components/forms/Fields";
import { FormStatus } from "~/components/forms/FormStatus";
import { LegalArticle } from "~/components/prose/LegalArticle";
import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";
import { intentField, maxLength } from "~/input/fields";
import type { BookingPageRefusal } from "~/input/result";

/** The terms with this booking's figures, folded, and the form that accepts them; once accepted, who accepted and when. */
export function AcceptTerms({ terms, refusal }: { terms: BookingPageView["terms"]; refusal: BookingPageRefusal | null }) {
  const { pathname, search } = useLocation();
  const errors = refusal?.fieldErrors ?? {};
  return (
    <section id="terms" className="form-card booking-terms" aria-labelledby="terms-heading">
      <h2 id="terms-heading">Terms and Conditions</h2>
      {terms.accepted ? (
        <p className="booking-done">
          {terms.accepted.line}. <a href={terms.accepted.copyPath}>Read the terms as accepted</a>
        </p>
      ) : null}
      <details>
        <summary>Read the Terms and Conditions, with the figures for this booking</summary>
        <LegalArticle document={terms.document} nested />
      </details>
      {!terms.accepted && terms.canAccept ? (
        <Form method="post" action={`${pathname}${search}`} replace preventScrollReset>
          {/* Which text was read: the server refuses an acceptance of any other. */}
          <input type="hidden" name="termsSha256" value={terms.sha256} />
          <FieldProvider idPrefix="accept" values={refusal?.values ?? {}} errors={errors} requiredBy="native">
            <div className="form-field form-check">
              <input
                // New terms, a new box: a tick given for other terms does not carry over.
                key={terms.sha256}
                id="accept-accept"
                type="checkbox"
                name="accept"
                required
                defaultChecked={refusal?.values.accept === "on" && !errors.accept}
                aria-invalid={errors.accept ? true : undefined}
                aria-describedby={errors.accept ? "accept-accept-error" : undefined}
              />
              <label htmlFor="accept-accept">I have read and accept the Terms and Conditions</label>
              {errors.accept ? (
                <p id="accept-accept-error" className="field-error">
                  {errors.accept}
                </p>
              ) : null}
            </div>
            <TextField name="signature" label="Your full name, as your signature" autoComplete="name" maxLength={maxLength.name} />
          </FieldProvider>
          <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
          <button type="submit" name={intentField} value="accept" className="button button-primary">
            Accept the terms and confirm my booking
          </button>
        </Form>
      ) : null}
      {!terms.accepted && !terms.canAccept ? <p>This booking can no longer be confirmed online. Call us on {business.phone.display} if you have questions.</p> : null}
    </section>
  );
}

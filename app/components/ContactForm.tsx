import { useMatches } from "@remix-run/react";
import { maxLength } from "~/input/fields";
import type { FormResult } from "~/input/result";
import { FieldProvider, TextArea, TextField } from "./forms/Fields";
import { FormStatus } from "./forms/FormStatus";
import { Honeypot } from "./forms/Honeypot";
import { useFormSubmission } from "./forms/useFormSubmission";

export const contactRouteId = "routes/contact";

/**
 * The footer's contact form, also the body of /contact, where a submission without JavaScript
 * that needs correcting comes back with the message and what was typed (the footer copy then
 * stands aside so the page has one form).
 */
export function ContactForm({ placement = "footer", initial }: { placement?: "footer" | "page"; initial?: FormResult }) {
  const onContactPage = useMatches().some((match) => match.id === contactRouteId);
  const { formRef, onSubmit, status, fieldErrors, busy } = useFormSubmission({ action: "/contact", initial });
  if (placement === "footer" && onContactPage) return null;
  const headingId = `contact-heading-${placement}`;
  return (
    <form
      ref={formRef}
      method="post"
      action="/contact"
      onSubmit={onSubmit}
      className={`contact-form contact-form-${placement}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={placement === "footer" ? "footer-heading" : undefined}>
        Send us a message
      </h2>
      <FieldProvider idPrefix={`contact-${placement}`} values={initial && !initial.ok ? initial.values : {}} errors={fieldErrors} requiredBy="native">
        <TextField name="name" label="Name" autoComplete="name" maxLength={maxLength.name} />
        <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={maxLength.email} />
        <TextArea name="message" label="Message" rows={3} maxLength={maxLength.message} />
      </FieldProvider>
      <Honeypot />
      <button type="submit" className="button button-primary" disabled={busy}>
        Send
      </button>
      <FormStatus status={status} withIcon />
    </form>
  );
}

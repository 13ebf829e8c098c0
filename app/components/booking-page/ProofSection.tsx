import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldProvider, TextArea, TextField } from "~/components/forms/Fields";
import { FormStatus } from "~/components/forms/FormStatus";
import type { ProofView } from "~/bookings/proofs/proof-view";
import { intentField, maxLength } from "~/input/fields";
import type { BookingPageRefusal } from "~/input/result";

/** One answer's form: the version the page shows goes with it, so an answer never lands on a newer proof. */
function AnswerForm({ proof, intent, refusal, children, button }: { proof: ProofView; intent: string; refusal: BookingPageRefusal | null; children: ReactNode; button: string }) {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={`${pathname}${search}`} replace preventScrollReset className="proof-answer">
      <input type="hidden" name="proofVersion" value={proof.version} />
      <FieldProvider idPrefix={intent} values={refusal?.values ?? {}} errors={refusal?.fieldErrors ?? {}} requiredBy="native">
        {children}
      </FieldProvider>
      <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
      <button type="submit" name={intentField} value={intent} className="button button-primary">
        {button}
      </button>
    </Form>
  );
}

/** "Your print design": the latest proof, its version and note, the approve-by date, and the two answers while they are open. */
export function ProofSection({ proof, refusal }: { proof: ProofView | null; refusal: BookingPageRefusal | null }) {
  if (!proof) return null;
  const refusalOf = (intent: string) => (refusal?.intent === intent ? refusal : null);
  return (
    <section id="proof" className="form-card booking-proof" aria-labelledby="proof-heading">
      <h2 id="proof-heading">Your print design</h2>
      <p>{`Version ${proof.version}, sent on ${proof.uploadedOn}. Please approve it or ask for changes by ${proof.approveBy}.`}</p>
      {proof.note ? <p className="proof-note">{`Our note: ${proof.note}`}</p> : null}
      {proof.isImage ? (
        <p>
          <a href={proof.path}>
            <img src={proof.path} alt={`Proof of your print design, version ${proof.version}`} className="proof-image" loading="lazy" />
          </a>
        </p>
      ) : (
        <p>
          <a href={proof.path}>{`Open the proof (PDF, version ${proof.version})`}</a>
        </p>
      )}
      {proof.answer ? <p className="booking-done">{proof.answer}</p> : null}
      {proof.closed ? <p>{proof.closed}</p> : null}
      {proof.canAnswer ? (
        <>
          <AnswerForm proof={proof} intent="approve-proof" refusal={refusalOf("approve-proof")} button="Approve this design">
            <TextField name="approver" label="Your full name, to approve this design" autoComplete="name" maxLength={maxLength.name} />
          </AnswerForm>
          <AnswerForm proof={proof} intent="proof-changes" refusal={refusalOf("proof-changes")} button="Ask for changes">
            <TextArea name="comment" label="What should we change?" maxLength={maxLength.proofComment} rows={4} />
          </AnswerForm>
        </>
      ) : null}
    </section>
  );
}

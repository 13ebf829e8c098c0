import { Form, useLocation } from "@remix-run/react";
import { DetailList } from "~/components/DetailList";
import { FieldProvider, FileField, TextArea } from "~/components/forms/Fields";
import { FormStatus, type Status } from "~/components/forms/FormStatus";
import type { OwnerProofView } from "~/bookings/proofs/owner-proof.server";
import { maxLength, proofFileField } from "~/input/fields";
import type { FormRefusal } from "~/input/result";

const stateWords = { none: "No proof uploaded yet.", waiting: "Waiting for the client's answer.", "changes-asked": "The client asked for changes: upload the next version.", approved: "Approved: this is the one to print." } as const;

/** The owner's proof page: what the client asked to print, the versions so far, and the upload. */
export function ProofUploadPage({ view, refusal, uploaded }: { view: OwnerProofView; refusal: FormRefusal | null; uploaded: string | null }) {
  const { pathname, search } = useLocation();
  const status: Status | null = refusal ? { tone: "error", text: refusal.error } : uploaded ? { tone: "success", text: `Version ${uploaded} is on the client's booking page, and they have been e-mailed.` } : null;
  return (
    <section className="container page-section form-page">
      <h1>Print design proof for {view.invoiceNumber}</h1>
      <div className="form-card">
        <DetailList
          rows={[
            ["Client", view.fullName],
            ["Event date", view.eventDate],
            ["Approve by", view.approveBy],
            ["Print text", view.printLines.join(" / ") || "none given"],
            ["Where it stands", stateWords[view.state]],
          ]}
        />
        {view.logoPath ? (
          <p>
            <a href={view.logoPath}>
              <img src={view.logoPath} alt="The client's logo (opens full size)" className="proof-image" />
            </a>
          </p>
        ) : null}
      </div>
      {view.versions.length ? (
        <div className="form-card">
          <h2>Versions so far</h2>
          <ol reversed className="proof-versions">
            {view.versions.map((version) => (
              <li key={version.version}>
                {`Version ${version.version}, uploaded on ${version.uploadedOn}${version.note ? ` (note: ${version.note})` : ""}: ${version.answer}`}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="form-card">
        <h2>Upload a new version</h2>
        {view.open ? (
          <Form method="post" action={`${pathname}${search}`} encType="multipart/form-data" replace>
            <FieldProvider idPrefix="proof" values={refusal?.values ?? {}} errors={refusal?.fieldErrors ?? {}} requiredBy="native">
              <FileField name={proofFileField} label="The proof (PNG, JPEG or PDF, at most 10 MB)" accept="image/png,image/jpeg,application/pdf" />
              <TextArea name="note" label="A note to the client (optional)" required={false} maxLength={maxLength.proofNote} rows={3} />
            </FieldProvider>
            <FormStatus status={status} withIcon />
            <button type="submit" className="button button-primary">
              Upload and send to the client
            </button>
          </Form>
        ) : (
          <p>This booking no longer holds its date, so it takes no more proofs.</p>
        )}
      </div>
    </section>
  );
}

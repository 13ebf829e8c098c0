import type { ReactNode } from "react";
import type { OwnerPageView } from "~/bookings/owner-page.server";
import { maxLength } from "~/input/fields";
import { OwnerForm, RefundButtons } from "./OwnerForms";

function PageForm({ intent, children, label }: { intent: string; children: ReactNode; label: string }) {
  return (
    <OwnerForm keyName="sig" intent={intent} label={label}>
      {children}
    </OwnerForm>
  );
}

type Actions = OwnerPageView["actions"];

export function StatusActions({ actions }: { actions: Actions }) {
  const forms = [
    ["confirm", "Confirm the booking", actions.confirm],
    ["decline", "Decline the booking", actions.decline],
    ["cancel", "Cancel the booking", actions.cancel],
  ] as const;
  const open = forms.filter(([, , note]) => note);
  if (!open.length) return <p>Nothing to confirm, decline or cancel: the booking&rsquo;s status is settled.</p>;
  return (
    <>
      {open.map(([intent, label, note]) => (
        <PageForm key={intent} intent={intent} label={label}>
          <p className="owner-action-note">{note}</p>
          <button type="submit" className={intent === "confirm" ? "button button-primary" : "button button-secondary"}>
            {label}
          </button>
        </PageForm>
      ))}
    </>
  );
}

export function PaymentActions({ actions, invoiceNumber }: { actions: Actions; invoiceNumber: string }) {
  const { bank, refund } = actions;
  return (
    <>
      <h3>Record a bank transfer or PayID payment</h3>
      <p className="owner-action-note">{bank.owing}</p>
      <PageForm intent="bank" label="Record a bank payment">
        <input type="hidden" name="attempt" value={bank.attempt} />
        <label htmlFor="bank-amount">Amount received (AUD)</label>
        <input id="bank-amount" name="amount" inputMode="decimal" required defaultValue={bank.amount} autoComplete="off" />
        <label htmlFor="bank-received">Date received</label>
        <input id="bank-received" name="receivedOn" type="date" required defaultValue={bank.today} max={bank.today} />
        <label htmlFor="bank-reference">Reference on the statement</label>
        <input id="bank-reference" name="reference" maxLength={maxLength.bankReference} defaultValue={invoiceNumber} autoComplete="off" />
        <button type="submit" className="button button-primary">
          Record the payment and send a receipt
        </button>
      </PageForm>
      {bank.voidable.map((payment, index) => (
        <PageForm key={payment.id} intent="void" label={`Void the bank payment of ${payment.line}`}>
          <input type="hidden" name="paymentId" value={payment.id} />
          <label htmlFor={`void-reason-${index}`}>Void {payment.line}: why?</label>
          <input id={`void-reason-${index}`} name="reason" required maxLength={maxLength.voidReason} />
          <button type="submit" className="button button-secondary">
            Void this payment
          </button>
        </PageForm>
      ))}
      {refund ? (
        <>
          <h3>Refund</h3>
          <p className="owner-action-note">
            {`${refund.fullName} is owed back ${refund.owedBack}.${refund.byCard && refund.byCardAmount !== refund.owedBack ? ` The card payments can give back ${refund.byCardAmount}; the rest goes by bank transfer.` : ""}`}
          </p>
          <PageForm intent="refund" label="Refund what is owed back">
            <input type="hidden" name="attempt" value={refund.attempt} />
            <div className="button-row">
              <RefundButtons {...refund} />
            </div>
          </PageForm>
        </>
      ) : null}
    </>
  );
}

export function PhotosAction({ gallery }: { gallery: Actions["gallery"] }) {
  if (!gallery.open) return <p>{gallery.why}</p>;
  return (
    <PageForm intent="gallery" label="Post the photos' gallery link">
      <label htmlFor="gallery-url">The gallery&rsquo;s address (https)</label>
      <input id="gallery-url" name="galleryUrl" type="url" required defaultValue={gallery.current ?? ""} placeholder="https://" />
      <button type="submit" className="button button-primary">
        {gallery.current ? "Replace the link (the client is not e-mailed again)" : "Post the link and e-mail the client"}
      </button>
    </PageForm>
  );
}

export function DayNoteAction({ note }: { note: string }) {
  return (
    <PageForm intent="day-note" label="Note something for the day">
      <label htmlFor="day-note">A note for the day sheet (empty takes it off)</label>
      <textarea id="day-note" name="note" rows={3} maxLength={maxLength.dayNote} defaultValue={note} />
      <button type="submit" className="button button-secondary">
        Save the note
      </button>
    </PageForm>
  );
}

export function MailActions({ mails }: { mails: OwnerPageView["mails"] }) {
  return (
    <>
      <ul className="owner-mails">
        {mails.map((mail) => (
          <li key={mail.name}>
            <strong>{mail.name}</strong>
            {` to ${mail.to}: ${mail.detail}`}
            {mail.resendable ? (
              <PageForm intent="resend" label={`Send the e-mail ${mail.name} again`}>
                <input type="hidden" name="mail" value={mail.name} />
                <button type="submit" className="button button-secondary">
                  Send it again
                </button>
              </PageForm>
            ) : null}
          </li>
        ))}
      </ul>
      <PageForm intent="send-link" label="Send the client their booking link again">
        <button type="submit" className="button button-secondary">
          E-mail the client their booking page&rsquo;s link again
        </button>
      </PageForm>
    </>
  );
}

import { bankTransfer, policy } from "~/business";

/** The terms' non-card ways to pay, with the invoice number as the reference when there is one. */
export function BankTransferDetails({ invoiceNumber, headingLevel = 2 }: { invoiceNumber?: string; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="bank-details" aria-labelledby="bank-details-heading">
      <Heading id="bank-details-heading">Pay by bank transfer or PayID</Heading>
      <dl className="detail-list">
        <div>
          <dt>Account name</dt>
          <dd>{bankTransfer.accountName}</dd>
        </div>
        <div>
          <dt>Bank</dt>
          <dd>{bankTransfer.bank}</dd>
        </div>
        <div>
          <dt>BSB</dt>
          <dd>{bankTransfer.bsb}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd>{bankTransfer.accountNumber}</dd>
        </div>
        <div>
          <dt>PayID</dt>
          <dd>{bankTransfer.payId}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{invoiceNumber ?? "Your invoice number (PB-…)"}</dd>
        </div>
      </dl>
      <p className="form-hint">All payments are in {policy.currency}. We confirm by e-mail once the payment arrives.</p>
    </section>
  );
}

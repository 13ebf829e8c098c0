import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * One form of an owner's page: a plain POST to the page itself naming its intent, so it works
 * before and without JavaScript. Its address keeps only the page's own key (`sig` or `token`),
 * not the last answer's words.
 */
export function OwnerForm({ keyName, intent, label, children }: { keyName: "sig" | "token"; intent: string; label: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const key = new URLSearchParams(search).get(keyName) ?? "";
  return (
    <Form method="post" action={`${pathname}?${keyName}=${key}`} replace aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** What the owner's last press came to, or why it was refused. */
export function OwnerAnswer({ done, error }: { done: string | null; error: string | null }) {
  return (
    <>
      {done ? (
        <p role="status" className="form-status-text">
          {done}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The two ways to give back what is owed: by card as far as the card payments go, and a bank transfer the owner made for the rest. */
export function RefundButtons({ byCard, byCardAmount, byBankAmount }: { byCard: boolean; byCardAmount: string; byBankAmount: string | null }) {
  return (
    <>
      {byCard ? (
        <button type="submit" name="method" value="card" className="button button-primary">
          {`Refund ${byCardAmount} by card`}
        </button>
      ) : null}
      {byBankAmount ? (
        <button type="submit" name="method" value="bank" className="button button-secondary">
          {`I refunded ${byBankAmount} by bank transfer`}
        </button>
      ) : null}
    </>
  );
}

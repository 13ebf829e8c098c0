/** What a form's action answers to the browser, and the spec message for each failure. */
import type { BookingPageIntent, FieldErrors, FormValues } from "./fields";
import { messages } from "./messages";

export type FormKind = "quote" | "booking" | "contact";

export type FormResult =
  | { ok: true; redirectTo: string }
  | { ok: false; message: string; detail?: string; fieldErrors: FieldErrors; values: FormValues };

export interface Refusal {
  status: number;
  error: string;
  incomplete?: boolean;
  fieldErrors?: FieldErrors;
}

/** What a page shows beside a form the server refused: the message, each field's own, and what was typed. */
export interface FormRefusal {
  error: string;
  fieldErrors: FieldErrors;
  values: FormValues;
}

/** The booking page's refusal names which of its forms it answers. */
export interface BookingPageRefusal extends FormRefusal {
  intent: BookingPageIntent;
}

/** A step of handling a submission (reading the body, checking and acting on it): its value, or why it was refused. */
export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

/** The spec's message for a refusal; the server's own explanation goes in `detail` unless a field shows it. */
export function refusalMessage(kind: FormKind, refusal: Refusal): { message: string; detail?: string } {
  const detail = refusal.fieldErrors && Object.keys(refusal.fieldErrors).length > 0 ? undefined : refusal.error;
  switch (kind) {
    case "quote":
      return { message: refusal.incomplete ? messages.quote.incomplete : messages.quote.failed, detail };
    case "booking":
      return { message: `${messages.booking.errorPrefix}${refusal.error}` };
    case "contact":
      return { message: messages.contact.failed, detail };
  }
}

/** The spec's message when the request never got an answer (network) or got one that is not the action's. */
export function transportFailure(kind: FormKind, error: unknown): FormResult {
  const network = error instanceof TypeError;
  const message = {
    quote: network ? messages.quote.networkError : messages.quote.failed,
    booking: messages.booking.exception,
    contact: network ? messages.contact.networkError : messages.contact.failed,
  }[kind];
  return { ok: false, message, fieldErrors: {}, values: {} };
}

/** The shapes of an e-mail, shared by whoever writes one, the queue and the sender. */

export interface Address {
  email: string;
  name?: string;
}

export interface Mail {
  to: Address;
  replyTo: Address;
  subject: string;
  text: string;
  html: string;
  /** Headers beyond those the provider sets: a follow-up's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** One queued e-mail. `id` is stable (`{recordKey}#{name}`), so a redelivered message is recognised. */
export interface MailMessage {
  id: string;
  recordKey: string;
  /** The e-mail's name within its record, and its key in the record's `emailDelivery`. */
  name: string;
  mail: Mail;
}

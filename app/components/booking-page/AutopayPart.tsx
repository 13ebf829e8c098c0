import type { AutopayReturn, AutopayView } from "~/bookings/booking-page/autopay.server";
import { plainFormAttribute } from "~/hydration";
import { intentField } from "~/input/fields";

const returnNotes: Record<AutopayReturn, string> = {
  off: "Autopay is off: nothing more is charged by itself. Each instalment is owed by its date: pay it with the pay button, by bank transfer or PayID.",
  unavailable: "We could not reach our card processor just now, so nothing was charged or changed. Please try again in a few minutes.",
  refused: "Stripe would not start this just now, and nothing was charged. Please try again, or pay another way.",
  changed: "What autopay would charge changed since this page showed it, so nothing was started. Please read the agreement again below.",
  "not-offered": "Autopay is not offered for this booking as it stands now, and nothing was charged.",
};

const offerHeadings = { card: "Autopay by card", payto: "Autopay by PayTo, from your bank account" } as const;
const offerButtons = { card: (pays: string) => `Pay ${pays} by card and have the instalments charged to it by themselves`, payto: (pays: string) => `Pay ${pays} and approve a PayTo agreement in your bank app` } as const;

/**
 * Autopay in "How you pay": while it is on, what is charged to what, the instalments to come, and
 * "Turn autopay off" and "Change card"; otherwise each way to turn it on with the agreement's
 * words, read before the client goes to Stripe. Plain forms the browser posts itself, with or
 * without JavaScript, as the pay button is.
 */
export function AutopayPart({ autopay }: { autopay: AutopayView }) {
  const { path, returned, stopped, on, offers } = autopay;
  const plain = { method: "post", action: path ?? undefined, [plainFormAttribute]: "" };
  return (
    <>
      {returned ? (
        <p role="status" className={`checkout-note autopay-note-${returned}`}>
          {returnNotes[returned]}
        </p>
      ) : null}
      {stopped ? <p>{stopped}</p> : null}
      {on ? (
        <section className="autopay-on" aria-labelledby="autopay-on-heading">
          <h3 id="autopay-on-heading">Autopay is on</h3>
          <p>Your instalments are charged by themselves to your {on.chargedTo}. We e-mail you three days before each charge.</p>
          {on.instalments.length ? (
            <ul className="autopay-to-come">
              {on.instalments.map((instalment) => (
                <li key={instalment.due}>{`${instalment.amount} on ${instalment.due}`}</li>
              ))}
            </ul>
          ) : null}
          {on.agreementPath ? (
            <p>
              <a href={on.agreementPath}>The autopay agreement you read</a>
            </p>
          ) : null}
          {path ? (
            <div className="button-row">
              <form {...plain}>
                <input type="hidden" name="paymentMethod" value={on.paymentMethod} />
                <button type="submit" name={intentField} value="autopay-off" className="button button-secondary">
                  Turn autopay off
                </button>
              </form>
              {on.card ? (
                <form {...plain}>
                  <input type="hidden" name="paymentMethod" value={on.paymentMethod} />
                  <button type="submit" name={intentField} value="change-card" className="button button-secondary">
                    Change card
                  </button>
                </form>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : (
        offers.map((offer) => (
          <form key={offer.method} {...plain} className="autopay-offer" aria-labelledby={`autopay-${offer.method}-heading`}>
            <h3 id={`autopay-${offer.method}-heading`}>{offerHeadings[offer.method]}</h3>
            <p>
              <strong>{offer.title}</strong>
            </p>
            {offer.blocks.map((block, index) =>
              typeof block === "string" ? (
                <p key={index}>{block}</p>
              ) : (
                <ul key={index}>
                  {block.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
            <input type="hidden" name="method" value={offer.method} />
            <input type="hidden" name="agreementSha256" value={offer.sha256} />
            <button type="submit" name={intentField} value="autopay" className="button button-primary">
              {offerButtons[offer.method](offer.pays)}
            </button>
          </form>
        ))
      )}
    </>
  );
}

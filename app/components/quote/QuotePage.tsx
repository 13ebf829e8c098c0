import { business } from "~/business";
import { AvailabilityCalendar } from "~/components/availability/AvailabilityCalendar";
import { DetailList } from "~/components/DetailList";
import { FormStatus } from "~/components/forms/FormStatus";
import { Honeypot } from "~/components/forms/Honeypot";
import { plainFormAttribute } from "~/hydration";
import type { QuoteLinkNotice } from "~/input/fields";
import { refusals } from "~/input/messages";
import type { QuotePageView } from "~/quotes/quote-page.server";

/** The page's forms are plain posts React adds nothing to: a tap before the scripts arrive posts at once (workers/deferred-hydration.ts). */
const plainForm = { [plainFormAttribute]: "" };

function Amount({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <tr>
      <th scope="row">{strong ? <strong>{label}</strong> : label}</th>
      <td>{strong ? <strong>{amount}</strong> : amount}</td>
    </tr>
  );
}

const linkNotices: Record<QuoteLinkNotice, string> = {
  sent: "We have e-mailed your booking page's link to the address on the booking.",
  limited: "We sent it a short while ago: look for it in your mailbox (we send it at most once an hour and three times a day).",
  "connection-limited": refusals.rateLimited,
  "address-limited": refusals.addressLimited,
};

/**
 * Where the quote stands: open, booked, said no to, or past its date; and the date's availability.
 * Booked, it offers to e-mail the booking's link to the booking's address: this page's key is the
 * quote's, and whoever holds it (an old quote e-mail, a follow-up) must not get the booking's.
 */
function Status({ view, link }: { view: QuotePageView; link: string | null }) {
  if (view.booked) {
    const notice = link && Object.hasOwn(linkNotices, link) ? linkNotices[link as QuoteLinkNotice] : undefined;
    return (
      <section id="status" className="form-card" aria-labelledby="quote-booked-heading">
        <h2 id="quote-booked-heading">{`Booked as ${view.booked.invoiceNumber}`}</h2>
        <FormStatus status={notice ? { tone: link === "sent" ? "success" : "error", text: notice } : null} withIcon />
        <p>{"Your booking has its own page, whose link we e-mailed you when you booked. Lost it? We will send it again to the address on the booking."}</p>
        <form method="post" {...plainForm}>
          <input type="hidden" name="intent" value="booking-link" />
          <Honeypot />
          <button type="submit" className="button button-secondary">
            Send me my booking link
          </button>
        </form>
      </section>
    );
  }
  if (view.status === "declined") return <p id="status" className="booking-step">{"You told us no thanks to this quote. If you change your mind, ask us for a new one."}</p>;
  if (view.expired) return <p id="status" className="booking-step">{`This quote held its price until ${view.validUntil}. Ask us for a new one and we will price your date again.`}</p>;
  if (view.eventPassed) return <p id="status" className="booking-step">{"The date of this event has passed, so this quote can no longer be booked. Ask us for a new one for another date."}</p>;
  const { availability } = view;
  if (!availability) return null;
  if (availability.free) return <p id="status" className="booking-step booking-step-done">{"Your date is free right now for the booth and every add-on you asked about."}</p>;
  return (
    <section id="status" className="form-card" aria-labelledby="quote-taken-heading">
      <h2 id="quote-taken-heading">Your date is not free now</h2>
      <p>{availability.sentence}</p>
      {availability.calendar ? (
        <AvailabilityCalendar calendar={availability.calendar} keep={view.keep} fixedBooth nested dayPath="/quickquote" legend={{ free: "ask for a quote for that day" }} />
      ) : null}
      <p>{`Or call us on ${business.phone.display} and we will find something that works.`}</p>
    </section>
  );
}

/** The buttons: each a plain form post, so they work without JavaScript and a mail scanner opening the link presses none. */
function Actions({ view, error }: { view: QuotePageView; error: string | null }) {
  const { open } = view;
  return (
    <section className="form-card" aria-labelledby="quote-actions-heading">
      <h2 id="quote-actions-heading">{view.canBook ? "Book this quote" : "Your quote"}</h2>
      <FormStatus status={error ? { tone: "error", text: error } : null} withIcon />
      {view.canBook && view.priced ? (
        <form method="post" {...plainForm}>
          <p>{`Booking holds your date at these prices: ${view.priced.total.amount} in all, ${view.priced.deposit.amount} to pay to secure it. Your booking page comes next, with the terms and the payment.`}</p>
          <input type="hidden" name="intent" value="book" />
          <Honeypot />
          <button type="submit" className="button button-primary">
            Book this quote
          </button>
        </form>
      ) : null}
      {view.priced === null && open ? <p>{`We will confirm this quote's price ourselves, usually within a day. Any questions: call us on ${business.phone.display}.`}</p> : null}
      {open ? (
        <form method="post" {...plainForm}>
          <input type="hidden" name="intent" value="no-thanks" />
          <button type="submit" className="button button-secondary">
            No thanks
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** "Keep me posted": proves the address the quote e-mail reached, so its follow-ups may be sent. */
function FollowUps({ view, posted }: { view: QuotePageView; posted: string | null }) {
  const { open } = view;
  if (!open || !view.priced) return null;
  if (view.proved) {
    return (
      <p id="follow-ups" className="form-hint">
        {view.unsubscribed ? "You unsubscribed: we send no more e-mails about this quote." : "We will e-mail you if your date is booked by someone else, and once before this quote ends."}
      </p>
    );
  }
  return (
    <section id="follow-ups" className="form-card" aria-labelledby="follow-ups-heading">
      <h2 id="follow-ups-heading">Keep me posted</h2>
      <FormStatus status={posted === "no" ? { tone: "error", text: "That did not work: open the link in the quote e-mail we sent you and press the button on the page it opens." } : null} withIcon />
      <p>{"We can tell you at once if someone else books your date, and remind you the day before this quote ends. Each e-mail has a one-click unsubscribe."}</p>
      {view.proof ? (
        <form method="post" {...plainForm}>
          <input type="hidden" name="intent" value="keep-posted" />
          <input type="hidden" name="proof" value={view.proof} />
          <button type="submit" className="button button-secondary">
            Keep me posted
          </button>
        </form>
      ) : (
        <p>{"To say yes, open this page from the link in the quote e-mail we sent you and press the button there."}</p>
      )}
    </section>
  );
}

export function QuotePage({ view, error, posted, link }: { view: QuotePageView; error: string | null; posted: string | null; link: string | null }) {
  return (
    <section className="container page-section invoice-page">
      <h1>{`Your quote ${view.id}`}</h1>
      <p className="invoice-issuer">{`${business.name} · ${business.address.display} · valid until ${view.validUntil}`}</p>
      <Status view={view} link={link} />
      <p className="form-intro">{"This is your quote's page: keep its address private."}</p>
      <div className="invoice-layout">
        <section className="form-card" aria-labelledby="quote-summary-heading">
          <h2 id="quote-summary-heading">What you asked about</h2>
          <DetailList rows={view.asked} />
          {view.priced ? (
            <>
              <table className="price-table invoice-amounts">
                <caption>Your price</caption>
                <tbody>
                  {view.priced.lines.map((line) => (
                    <Amount key={line.label} {...line} />
                  ))}
                  <Amount {...view.priced.total} strong />
                  <Amount {...view.priced.deposit} />
                </tbody>
              </table>
              {view.priced.promoNote ? <p className="form-hint">{view.priced.promoNote}</p> : null}
              {view.priced.codeGone ? <p className="form-hint">{`${view.priced.codeGone} The price above is without it.`}</p> : null}
            </>
          ) : (
            <p>{"We price this one ourselves (a longer event, or a venue we need to look up) and will send you the price."}</p>
          )}
        </section>
        <Actions view={view} error={error} />
        <FollowUps view={view} posted={posted} />
      </div>
    </section>
  );
}

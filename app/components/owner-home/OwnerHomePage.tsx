import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { HomeRow, OwnerHomeView } from "~/agenda/owner-home.server";
import { lifecycle } from "~/business";
import { OwnerAnswer, OwnerForm } from "~/components/owner-page/OwnerForms";
import { maxLength, promoCodeLength } from "~/input/fields";

export function HomeForm({ intent, label, children }: { intent: string; label: string; children: ReactNode }) {
  return (
    <OwnerForm keyName="token" intent={intent} label={label}>
      {children}
    </OwnerForm>
  );
}

function Bookings({ rows, caption }: { rows: readonly HomeRow[]; caption: string }) {
  if (!rows.length) return <p>None.</p>;
  return (
    <div className="owner-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Client</th>
            <th scope="col">Booth</th>
            <th scope="col">Status</th>
            <th scope="col">Money</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.invoiceNumber}>
              <td>{row.date}</td>
              <td>{row.page ? <a href={row.page}>{`${row.client} (${row.invoiceNumber})`}</a> : `${row.client} (${row.invoiceNumber})`}</td>
              <td>{row.booth}</td>
              <td>{row.status}</td>
              <td>{row.owed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The owner's home: the coming weeks, a search over every booking, blocked dates and promo codes. */
export function OwnerHomePage({ view, done, error, crew }: { view: OwnerHomeView; done: string | null; error: string | null; crew: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  return (
    <section className="container page-section owner-page">
      <h1>Your bookings</h1>
      {view.numbers ? (
        <p>
          <a href={view.numbers}>Your numbers</a>: quotes, bookings, revenue and add-ons by month, beside the year before.
        </p>
      ) : null}
      {view.calendar ? (
        <p>
          <a href={view.calendar}>Your bookings calendar</a>: subscribe to it on your phone. It carries every client&rsquo;s name, phone and e-mail, so keep it to yourself.
        </p>
      ) : null}
      {view.xero ? (
        <p>
          Your books into Xero (import each with &ldquo;Amounts are tax inclusive&rdquo;):{" "}
          {view.xero.map(({ month, salesInvoices, creditNotes }, index) => (
            <span key={month}>
              {index ? "; " : ""}
              {month}: <a href={salesInvoices}>sales invoices</a> and <a href={creditNotes}>credit notes</a>
            </span>
          ))}
          .
        </p>
      ) : null}
      <OwnerAnswer done={done} error={error} />

      <section aria-labelledby="home-search" className="form-card">
        <h2 id="home-search">Find a booking</h2>
        <Form method="get" action={pathname} role="search">
          <input type="hidden" name="token" value={token} />
          <label htmlFor="search-text">Name, e-mail or invoice number (past bookings too)</label>
          <input id="search-text" name="q" type="search" defaultValue={view.search?.text ?? ""} autoComplete="off" />
          <button type="submit" className="button button-secondary">
            Search
          </button>
        </Form>
        {view.search ? (
          <>
            <Bookings rows={view.search.rows} caption={`Bookings matching “${view.search.text}”, latest event first`} />
            {view.search.rows.some((row) => !row.page) ? <p>{`A booking's page closes ${lifecycle.ownerLinkDaysAfterEvent} days after its event: older bookings are listed without it.`}</p> : null}
            {view.search.more ? <p>More bookings match: type more of the name to narrow it down.</p> : null}
          </>
        ) : null}
      </section>

      {view.autopayFailed.length ? (
        <section aria-labelledby="home-autopay" className="form-card">
          <h2 id="home-autopay">Autopay charges that failed</h2>
          <p>Each booking&rsquo;s page says which instalment, why, and whether autopay tries it again.</p>
          <Bookings rows={view.autopayFailed} caption="Bookings with an instalment whose autopay charge failed and is still owing" />
        </section>
      ) : null}

      <section aria-labelledby="home-coming" className="form-card">
        <h2 id="home-coming">{`The next ${view.weeks} weeks`}</h2>
        <Bookings rows={view.coming} caption={`Bookings with events in the next ${view.weeks} weeks`} />
      </section>

      <section id="blocks" aria-labelledby="home-blocks" className="form-card">
        <h2 id="home-blocks">Blocked dates</h2>
        {view.blocks.length ? (
          <ul>
            {view.blocks.map((block) => (
              <li key={block.key}>
                {`${block.date}: ${block.what}${block.reason ? ` (${block.reason})` : ""}`}
                <HomeForm intent="unblock" label={`Unblock ${block.date}: ${block.what}`}>
                  <input type="hidden" name="key" value={block.key} />
                  <button type="submit" className="button button-secondary">
                    Unblock
                  </button>
                </HomeForm>
              </li>
            ))}
          </ul>
        ) : (
          <p>No dates are blocked.</p>
        )}
        <HomeForm intent="block" label="Block a date">
          <label htmlFor="block-date">Date</label>
          <input id="block-date" name="date" type="date" required min={view.today} />
          <label htmlFor="block-what">What to block</label>
          <select id="block-what" name="what">
            {view.blockable.map((item) => (
              <option key={item.slug} value={item.slug}>
                {item.name}
              </option>
            ))}
          </select>
          <label htmlFor="block-reason">Why (for you only)</label>
          <input id="block-reason" name="reason" maxLength={maxLength.blockReason} />
          <button type="submit" className="button button-primary">
            Block it
          </button>
        </HomeForm>
      </section>

      {crew}

      <section id="take-back" aria-labelledby="home-take-back" className="form-card">
        <h2 id="home-take-back">Take back one booking&apos;s links</h2>
        <p>Sent an e-mail about a booking to the wrong person? Its links to your page of the booking, and the action links in it, stop working at once; every other booking&apos;s keep working.</p>
        <HomeForm intent="take-back-booking" label="Take back one booking's links">
          <label htmlFor="take-back-number">Invoice number</label>
          <input id="take-back-number" name="invoiceNumber" required placeholder="PB-20261122-473" autoCapitalize="characters" autoComplete="off" spellCheck={false} />
          <button type="submit" className="button button-secondary">
            Take its links back
          </button>
        </HomeForm>
      </section>

      <section id="promos" aria-labelledby="home-promos" className="form-card">
        <h2 id="home-promos">Promo codes</h2>
        {view.promos.length ? (
          <ul>
            {view.promos.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>No promo codes yet.</p>
        )}
        {view.endable.length ? (
          <HomeForm intent="end-promo" label="End a promo code">
            <label htmlFor="end-code">End a code</label>
            <select id="end-code" name="code">
              {view.endable.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
            <button type="submit" className="button button-secondary">
              End it
            </button>
          </HomeForm>
        ) : null}
        <HomeForm intent="add-promo" label="Add a promo code">
          <label htmlFor="promo-code">Code (letters, digits, - and _)</label>
          <input id="promo-code" name="code" required maxLength={promoCodeLength} autoCapitalize="characters" autoComplete="off" />
          <fieldset>
            <legend>Off</legend>
            <label>
              <input type="radio" name="off" value="percent" defaultChecked /> percent
            </label>
            <label>
              <input type="radio" name="off" value="dollars" /> dollars
            </label>
          </fieldset>
          <label htmlFor="promo-amount">How much off</label>
          <input id="promo-amount" name="amount" required inputMode="numeric" />
          <label htmlFor="promo-from">Events from (optional)</label>
          <input id="promo-from" name="from" type="date" />
          <label htmlFor="promo-to">Events to (optional)</label>
          <input id="promo-to" name="to" type="date" />
          <label>
            <input type="checkbox" name="weekdays" value="on" /> Monday to Thursday events only
          </label>
          <label htmlFor="promo-uses">How many bookings may use it (optional)</label>
          <input id="promo-uses" name="uses" inputMode="numeric" />
          <label htmlFor="promo-expires">Bookable until (optional)</label>
          <input id="promo-expires" name="expires" type="date" />
          <button type="submit" className="button button-primary">
            Add the code
          </button>
        </HomeForm>
      </section>
    </section>
  );
}

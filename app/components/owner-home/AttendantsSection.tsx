import type { CrewHome, HomeAttendant } from "~/crew/home.server";
import { attendantBoothField, maxLength } from "~/input/fields";
import { boothTypes } from "~/pricing";
import { HomeForm } from "./OwnerHomePage";

/** The fields of an attendant, empty to add one or filled to change one; each form's ids are its own. */
function AttendantFields({ attendant, prefix }: { attendant: HomeAttendant | null; prefix: string }) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <>
      {attendant ? <input type="hidden" name="id" value={attendant.id} /> : null}
      <label htmlFor={id("name")}>Name</label>
      <input id={id("name")} name="name" required maxLength={maxLength.name} autoComplete="off" defaultValue={attendant?.name} />
      <label htmlFor={id("phone")}>Phone</label>
      <input id={id("phone")} name="phone" type="tel" required maxLength={maxLength.phoneNumber} autoComplete="off" defaultValue={attendant?.phone} />
      <label htmlFor={id("email")}>E-mail</label>
      <input id={id("email")} name="email" type="email" required maxLength={maxLength.email} autoComplete="off" defaultValue={attendant?.email} />
      <fieldset>
        <legend>Booths they run</legend>
        {boothTypes.map((booth) => (
          <label key={booth}>
            <input type="checkbox" name={attendantBoothField(booth)} value="on" defaultChecked={attendant?.booths.includes(booth)} /> {booth}
          </label>
        ))}
      </fieldset>
      <label htmlFor={id("rate")}>Hourly rate (dollars)</label>
      <input id={id("rate")} name="rate" required inputMode="decimal" defaultValue={attendant?.rate} />
      <label htmlFor={id("wwcc")}>Working with Children Check number</label>
      <input id={id("wwcc")} name="wwccNumber" required maxLength={maxLength.wwccNumber} autoComplete="off" defaultValue={attendant?.wwccNumber} />
      <label htmlFor={id("wwcc-expires")}>Check expires on</label>
      <input id={id("wwcc-expires")} name="wwccExpires" type="date" required defaultValue={attendant?.wwccExpires} />
    </>
  );
}

/** The owner's crew on their home: the coming events that need one, each attendant's details to change, their page, a fresh link, removing them; and adding one. */
export function AttendantsSection({ crew: { attendants, unstaffed, hours } }: { crew: CrewHome }) {
  return (
    <section id="crew" aria-labelledby="home-crew" className="form-card">
      <h2 id="home-crew">Your attendants</h2>
      {unstaffed.length ? (
        <>
          <h3>Events in the next two weeks with no attendant</h3>
          <ul>
            {unstaffed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {attendants.length ? null : <p>No attendants yet.</p>}
      <h3>{`Hours in ${hours.month}`}</h3>
      {hours.rows.length ? (
        <div className="owner-table">
          <table>
            <caption>{`Paid hours in ${hours.month}: each accepted event's hours and an hour either side`}</caption>
            <thead>
              <tr>
                <th scope="col">Attendant</th>
                <th scope="col">Events</th>
                <th scope="col">Hours</th>
                <th scope="col">Pay</th>
              </tr>
            </thead>
            <tbody>
              {hours.rows.map((row) => (
                <tr key={row.name}>
                  <td>{row.name}</td>
                  <td>{row.events}</td>
                  <td>{row.hours}</td>
                  <td>{row.pay}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No hours worked yet this month.</p>
      )}
      {hours.csv ? (
        <p>
          <a href={hours.csv}>{`Download ${hours.month}'s hours (CSV)`}</a>: change the month in its address for another.
        </p>
      ) : null}
      {attendants.map((attendant) => (
        <details key={attendant.id}>
          <summary>{`${attendant.name}: ${attendant.booths.join(", ")}, $${attendant.rate} an hour${attendant.wwccWarning ? ` (${attendant.wwccWarning})` : ""}`}</summary>
          {attendant.page ? (
            <p>
              <a href={attendant.page}>{`${attendant.name}'s page`}</a>
              {": their events, for them alone."}
            </p>
          ) : null}
          <HomeForm intent="attendant" label={`Change ${attendant.name}'s details`}>
            <AttendantFields attendant={attendant} prefix={`attendant-${attendant.id}`} />
            <button type="submit" className="button button-primary">
              Save
            </button>
          </HomeForm>
          <HomeForm intent="fresh-link" label={`Send ${attendant.name} a fresh link`}>
            <input type="hidden" name="id" value={attendant.id} />
            <button type="submit" className="button button-secondary">
              Take back their link and e-mail a fresh one
            </button>
          </HomeForm>
          <HomeForm intent="fresh-feed" label={`Take back ${attendant.name}'s calendar address`}>
            <input type="hidden" name="id" value={attendant.id} />
            <button type="submit" className="button button-secondary">
              Take back their calendar address alone (shared by mistake: their page shows the new one)
            </button>
          </HomeForm>
          <HomeForm intent="remove-attendant" label={`Remove ${attendant.name}`}>
            <input type="hidden" name="id" value={attendant.id} />
            <button type="submit" className="button button-secondary">
              {`Remove ${attendant.name}`}
            </button>
          </HomeForm>
        </details>
      ))}
      <HomeForm intent="attendant" label="Add an attendant">
        <h3>Add an attendant</h3>
        <AttendantFields attendant={null} prefix="new-attendant" />
        <button type="submit" className="button button-primary">
          Add them
        </button>
      </HomeForm>
    </section>
  );
}

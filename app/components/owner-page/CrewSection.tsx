import type { BookingCrew } from "~/crew/assign.server";
import { OwnerForm } from "./OwnerForms";

const statusWords = { assigned: "not answered yet", accepted: "accepted", declined: "DECLINED: assign someone else" } as const;

/** Who works the event and whether they accepted; assigning one more, with why each who cannot be cannot (docs/product-decisions.md, "Attendants"). */
export function CrewSection({ crew }: { crew: BookingCrew }) {
  const free = crew.others.filter((other) => !other.refusal);
  return (
    <section id="crew" aria-labelledby="owner-crew" className="form-card">
      <h2 id="owner-crew">Attendants</h2>
      {crew.assigned.length ? (
        <ul>
          {crew.assigned.map((attendant) => (
            <li key={attendant.id}>
              {`${attendant.name}: ${statusWords[attendant.status]}`}
              <OwnerForm keyName="sig" intent="unassign" label={`Take ${attendant.name} off this event`}>
                <input type="hidden" name="attendant" value={attendant.id} />
                <button type="submit" className="button button-secondary">
                  {`Take ${attendant.name} off`}
                </button>
              </OwnerForm>
            </li>
          ))}
        </ul>
      ) : (
        <p>No attendant yet.</p>
      )}
      {crew.open && crew.others.length ? (
        <OwnerForm keyName="sig" intent="assign" label="Assign an attendant">
          <label htmlFor="crew-attendant">Assign</label>
          <select id="crew-attendant" name="attendant" defaultValue={free[0]?.id}>
            {crew.others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.refusal ? `${other.name} (not free: ${other.refusal})` : `${other.name} (free)`}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-primary">
            Assign
          </button>
        </OwnerForm>
      ) : null}
      {crew.open && !crew.others.length && !crew.assigned.length ? <p>Add attendants on your home to staff your events.</p> : null}
    </section>
  );
}

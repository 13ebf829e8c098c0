import type { OwnerAutopayView } from "~/bookings/owner-autopay.server";
import { OwnerForm } from "./OwnerForms";

/** The payment plan's instalments with what happened to each, autopay's state, its failures first, and the two autopay forms. */
export function PlanSection({ plan }: { plan: OwnerAutopayView }) {
  return (
    <section id="plan" aria-labelledby="owner-plan" className="form-card">
      <h2 id="owner-plan">Payment plan and autopay</h2>
      {plan.failures.map((failure) => (
        <p key={failure} role="alert" className="field-error">
          {failure}
        </p>
      ))}
      <p>{plan.state}</p>
      {plan.stop ? (
        <OwnerForm keyName="sig" intent="stop-autopay" label="Stop autopay">
          <p className="owner-action-note">{plan.stop}</p>
          <button type="submit" className="button button-secondary">
            Stop autopay
          </button>
        </OwnerForm>
      ) : null}
      <ol className="owner-history">
        {plan.instalments.map((instalment) => (
          <li key={instalment.number}>
            <strong>{`Instalment ${instalment.number}: ${instalment.amount} due ${instalment.due}`}</strong>
            {`, ${instalment.state}.`}
            {instalment.events.length ? (
              <ul>
                {instalment.events.map((event) => (
                  <li key={event}>{event}</li>
                ))}
              </ul>
            ) : null}
            {instalment.chargeNow ? (
              <OwnerForm keyName="sig" intent="charge-instalment" label={`Charge instalment ${instalment.number} now`}>
                <input type="hidden" name="instalment" value={instalment.number} />
                <button type="submit" className="button button-secondary">
                  Charge this instalment now
                </button>
              </OwnerForm>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

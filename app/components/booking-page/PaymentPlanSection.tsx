import { Form, useLocation } from "@remix-run/react";
import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";
import { FieldProvider } from "~/components/forms/Fields";
import { FormStatus } from "~/components/forms/FormStatus";
import { PaymentChoiceField } from "~/components/forms/PaymentChoiceField";
import { AutopayPart } from "~/components/booking-page/AutopayPart";
import { intentField, paymentOptionField } from "~/input/fields";
import type { BookingPageRefusal } from "~/input/result";

/**
 * "How you pay": the way chosen, a monthly plan's instalments (due, amount, paid or not), autopay
 * (on, or the ways to turn it on), and until anything is paid the ways to choose from, each with
 * what it pays when.
 */
export function PaymentPlanSection({ plan, autopay, refusal }: { plan: BookingPageView["plan"]; autopay: BookingPageView["autopay"]; refusal: BookingPageRefusal | null }) {
  const { pathname, search } = useLocation();
  return (
    <section id="plan" className="form-card booking-plan" aria-labelledby="plan-heading">
      <h2 id="plan-heading">How you pay</h2>
      <p>
        You chose: <strong>{plan.chosen}</strong>.
      </p>
      {plan.instalments.length ? (
        <table className="price-table plan-instalments">
          <caption>Your monthly instalments</caption>
          <thead>
            <tr>
              <th scope="col">Due</th>
              <th scope="col">Amount</th>
              <th scope="col">Paid</th>
            </tr>
          </thead>
          <tbody>
            {plan.instalments.map((instalment) => (
              <tr key={instalment.due}>
                <td>{instalment.due}</td>
                <td>{instalment.amount}</td>
                <td>{instalment.paid ? "Paid" : "Not yet"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <AutopayPart autopay={autopay} />
      {plan.choices.length ? (
        <Form method="post" action={`${pathname}${search}`} replace preventScrollReset>
          <FieldProvider idPrefix="plan" values={refusal?.values ?? { [paymentOptionField]: plan.option }} errors={refusal?.fieldErrors ?? {}} requiredBy="native">
            <PaymentChoiceField choices={plan.choices} fallback={plan.option} hint="You can change this until a payment is made." />
          </FieldProvider>
          <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
          <button type="submit" name={intentField} value="plan" className="button button-primary">
            Choose this way to pay
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * Choosing how to pay (docs/product-decisions.md, "Payment plans and autopay"; issue 58), with
 * JavaScript and without: the booking form offers "the deposit now, then monthly" for an event far
 * enough away, each instalment's date and amount shown before choosing (without JavaScript once
 * the form is priced with "Show my price"), the booking keeps the plan, and the booking page lists
 * the instalments and lets the client choose again until a payment is made. Each project books its
 * own day, so the two never race for a booth.
 */
import { formatDateInWords } from "../../app/utils/date-words";
import { addDays } from "../../app/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { expect, test, visit } from "./fixtures";
import { bookingForm, fillBooking } from "./form-filling";

test.describe.configure({ timeout: 90_000 });

const scriptsOn = () => test.info().project.use.javaScriptEnabled !== false;

test("a client books a Glam Booth with the deposit now, then monthly, sees each instalment first, and chooses again on their booking page", async ({ page }) => {
  const date = eventDate("paymentPlans", scriptsOn() ? 20 : 21);
  const balanceDue = formatDateInWords(addDays(date, -14));
  await visit(page, "/booking");
  const form = bookingForm(page);
  await fillBooking(form, { date, email: `plans-e2e-${scriptsOn() ? "js" : "nojs"}@example.com` });
  // Without scripts the ways to pay are worked out by the server, once the form is priced.
  if (!scriptsOn()) await form.getByRole("button", { name: "Show my price" }).click();

  const ways = form.getByRole("group", { name: "How would you like to pay?" });
  const monthly = ways.getByRole("radio", { name: "The deposit now, then monthly" });
  await expect(ways.getByRole("radio", { name: "The deposit now and the balance later" })).toBeChecked();
  await expect(ways.getByRole("radio", { name: "Pay it all now" })).toBeVisible();
  // Each instalment's date and amount, the last on the balance's due date, before the client chooses.
  await expect(monthly).toHaveAccessibleDescription(new RegExp(`deposit now.*\\$[\\d,]+\\.\\d{2} on ${balanceDue}$`));
  await monthly.check();
  await form.getByRole("button", { name: "Submit booking" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tax invoice PB-\d{8}-\d{3}$/);
  const plan = page.getByRole("region", { name: "How you pay" });
  await expect(plan).toContainText("You chose: The deposit now, then monthly.");
  const instalments = plan.getByRole("table", { name: "Your monthly instalments" });
  await expect(instalments.getByRole("row").last()).toContainText(balanceDue);
  await expect(instalments.getByRole("row").last()).toContainText("Not yet");
  // The terms to accept say what the plan is.
  await expect(page.getByRole("region", { name: "Terms and Conditions" })).toContainText("You chose to pay the deposit now, then the balance monthly.");

  // Nothing is paid yet, so the client can choose again.
  await plan.getByRole("radio", { name: "Pay it all now" }).check();
  await plan.getByRole("button", { name: "Choose this way to pay" }).click();
  await expect(page.getByRole("region", { name: "How you pay" })).toContainText("You chose: Pay it all now.");
  await expect(page.getByText("Owing now (in full)")).toBeVisible();
});

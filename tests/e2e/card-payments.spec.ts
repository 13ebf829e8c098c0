import { eventDate } from "../support/event-dates";
import { signedStripeEvent, type FakeSession } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { expect, test, visit } from "./fixtures";

// Enclosed Booth, 3 Hours: $535, so a $161 deposit (30%, rounded up to the dollar).
const depositCents = 16_100;

// Two pages checked with axe, a booking and a webhook on a shared machine: more than the default time.
test.describe.configure({ timeout: 90_000 });

test("the pay button goes to Stripe's checkout, and after the signed webhook the invoice shows the deposit paid", async ({ page }) => {
  // Its own day for each project (JavaScript on and off), so the two runs never share a date.
  // A Saturday and a Sunday: the table's price, with no date rule.
  const day = test.info().project.name === "js" ? 22 : 23;
  const booking = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Card Payer", eventDate: eventDate("payments", day), boothType: "Enclosed Booth", packageDuration: "3 Hours" },
  });
  expect(booking.status()).toBe(200);
  const { invoiceUrl, invoiceNumber } = (await booking.json()) as { invoiceUrl: string; invoiceNumber: string };
  const invoicePath = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;

  await visit(page, invoicePath);
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments).toContainText("Not paid yet");
  // Stripe's hosted checkout is another site: the stand-in for other sites answers it (third-parties.ts).
  await page.getByRole("button", { name: "Pay $161.00 now" }).click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/);
  await expect(page.getByRole("main")).toContainText("Pay A$161.00");
  const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;

  const session: FakeSession = {
    id: sessionId,
    object: "checkout.session",
    url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: depositCents,
    currency: "aud",
    client_reference_id: `${invoiceNumber}-deposit`,
    customer_email: validBooking.email,
    metadata: { invoiceNumber, kind: "deposit" },
  };
  const { body, signature } = signedStripeEvent("checkout.session.completed", session);
  const webhook = await page.request.post("/webhooks/stripe", { headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, data: body });
  expect(webhook.status()).toBe(200);

  // The webhook's 200 means the ledger has the payment; the page reads the copy the ledger writes just after,
  // so it may need a second look, as the page itself tells the client.
  await expect(async () => {
    await visit(page, `${invoicePath}&checkout=success`);
    await expect(payments).toContainText("Deposit paid", { timeout: 1_000 });
  }).toPass();
  await expect(payments).toContainText("Thank you: your card payment went through.");
  await expect(payments).toContainText("$161.00 AUD by card");
  await expect(page.getByRole("button", { name: "Pay $374.00 now" })).toBeVisible();
});

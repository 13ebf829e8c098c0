import { eventDate } from "../support/event-dates";
import { expect, test, visit } from "./fixtures";

test.describe.configure({ timeout: 60_000 });

test("a booking beyond 40 km shows the travel line and total, and its tax invoice the deposit, balance and GST", async ({ page }) => {
  const scriptsOn = test.info().project.use.javaScriptEnabled !== false;
  await visit(page, "/booking");
  const form = page.getByRole("form", { name: "Your booking" });
  await form.getByLabel("Full name").fill("Jane Citizen");
  await form.getByLabel("Email").fill("jane@example.com");
  await form.getByLabel("Phone number").fill("0491 570 110");
  // The two runs (scripts on and off) share one server, so each books its own date.
  await form.getByLabel("Event date").fill(eventDate("travel", scriptsOn ? 20 : 21));
  await form.getByLabel("Event location").fill("Deakin Waterfront, Geelong");
  await form.getByLabel("Booth type").selectOption("Open Booth");
  await form.getByLabel("Package duration").selectOption("3 Hours");
  if (scriptsOn) {
    await expect(form.getByText("Geelong 3220 is 46 km from Tarneit: travel $12")).toBeVisible();
    const summary = form.getByRole("region", { name: "Your price" });
    await expect(summary.getByRole("listitem").filter({ hasText: "Travel" })).toHaveText("Travel$12.00");
    await expect(summary).toContainText("Total (GST included): $547.00");
  }
  await form.getByRole("button", { name: "Submit booking" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tax invoice PB-\d{8}-\d{3}$/);
  await expect(page.getByText(/ABN 49 624 595 711/)).toBeVisible();
  const amounts = page.getByRole("table", { name: "Charges and payments" });
  await expect(amounts.getByRole("row", { name: /^Geelong 3220 is 46 km/ })).toContainText("$12.00");
  await expect(amounts.getByRole("row", { name: /^Total \(AUD\)/ })).toContainText("$547.00");
  await expect(amounts.getByRole("row", { name: /^Deposit, due by/ })).toContainText("$165.00");
  await expect(amounts.getByRole("row", { name: /^Balance, due by/ })).toContainText("$382.00");
  await expect(amounts).toContainText("Total includes GST of $49.73");
  await expect(page.getByRole("link", { name: "Add the event to your calendar" })).toHaveAttribute("href", /\/event\.ics\?key=/);
});

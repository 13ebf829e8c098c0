/**
 * The local runtime killed in the middle of the end-to-end run (issue 56): SIGKILL to the workerd
 * serving the site, as a crash would end it. The supervisor starts it again on the same port over
 * the same persisted data, so the run goes on, the booking made before the kill is there after it,
 * and the exit is recorded for the run's closing lines (as one on purpose, which the limit on
 * crashes does not count).
 */
import { validBooking } from "../support/form-data";
import { eventDate } from "../support/event-dates";
import { expect, test } from "./fixtures";
import { runtimeEvents } from "./runtime-crashes";

const control = (path: string) => new URL(path, process.env.E2E_CONTROL_URL).href;

test("the site survives its runtime being killed: served again on the same port with the booking made before @js-only", async ({ page }) => {
  const booked = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Trần Văn Khoa", eventDate: eventDate("runtime", 1), boothType: "Glam Booth" },
  });
  expect(booked.status()).toBe(200);
  const { invoiceUrl } = (await booked.json()) as { invoiceUrl: string };
  const bookingPage = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;

  const { pid } = (await (await page.request.post(control("/expect-kill"))).json()) as { pid: number };
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, "SIGKILL");

  // The supervisor records the exit and the restart; then the site answers on the same port.
  await expect.poll(() => runtimeEvents().some((event) => event.event === "exit" && event.pid === pid && event.deliberate), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => runtimeEvents().some((event) => event.event === "restart" && event.pid !== pid), { timeout: 30_000 }).toBe(true);
  const { pid: now } = (await (await page.request.get(control("/runtime"))).json()) as { pid: number };
  expect(now).not.toBe(pid);

  const again = await page.goto(bookingPage);
  expect(again?.status()).toBe(200);
  await expect(page.getByText("Trần Văn Khoa").first()).toBeVisible();
});

/**
 * The Cron Trigger (wrangler.toml `[triggers]`): every run does everything whose time has come,
 * whichever cron string fired it: expires stale requests, sends the reminders due today, puts the
 * autopay tries due today on their queue (once each), completes the bookings whose event was
 * yesterday (or in the days before, should a run have been missed), sends the quotes' follow-ups due today, and
 * sends the owner's morning e-mail unless an earlier run of the day got it onto the queue (a run
 * whose e-mail the queue refused fails, and the next sends it). Its clock is the time the run
 * was scheduled for, so a run can be made as of any moment (the tests, `npm run schedule`), and a
 * second run sends nothing twice.
 */
import { sendMorningEmail } from "../app/agenda/morning.server";
import { enqueueDueCharges } from "../app/bookings/autopay/enqueue.server";
import { completePastEvents, lapseUnpaidBookings } from "../app/bookings/lifecycle.server";
import { sendQuoteFollowUps } from "../app/quotes/follow-ups.server";
import { sendDueReminders } from "../app/reminders/run.server";
import type { Env } from "../app/types/env";
import { parseConfig } from "./load-context";
import { buildServices } from "./services";

export async function runSchedule(controller: Pick<ScheduledController, "scheduledTime" | "cron">, env: Env): Promise<void> {
  const services = buildServices(env, parseConfig(env), () => new Date(controller.scheduledTime));
  const list = (items: string[]) => `${items.length}${items.length ? ` (${items.join(", ")})` : ""}`;
  // In this order, so a lapsed booking gets no reminder; one job failing does not stop the next,
  // and the run still fails so the next one (an hour later, or tomorrow) does what is left.
  const jobs: [string, () => Promise<string>][] = [
    ["unpaid bookings lapsed", async () => list(await lapseUnpaidBookings(services))],
    ["reminders queued", async () => list(await sendDueReminders(services))],
    ["autopay tries queued", async () => list(await enqueueDueCharges(services))],
    ["past events completed or lapsed", async () => list(await completePastEvents(services))],
    ["quote follow-ups queued", async () => list(await sendQuoteFollowUps(services))],
    ["morning e-mail", () => sendMorningEmail(services)],
  ];
  const said: string[] = [];
  const failures: unknown[] = [];
  for (const [name, job] of jobs) {
    try {
      said.push(`${name}: ${await job()}`);
    } catch (error) {
      failures.push(error);
      said.push(`${name}: FAILED (${String(error)})`);
    }
  }
  console.log(`Scheduled run (${controller.cron}) as of ${new Date(controller.scheduledTime).toISOString()}: ${said.join("; ")}.`);
  if (failures.length) throw new AggregateError(failures, "A scheduled job failed");
}

/**
 * The Cron Trigger (wrangler.toml `[triggers]`): every run does everything whose time has come,
 * whichever cron string fired it: expires stale requests, sends the reminders due today, and
 * sends the owner's morning e-mail if this is the day's first run. Its clock is the time the run
 * was scheduled for, so a run can be made as of any moment (the tests, `npm run schedule`), and a
 * second run sends nothing twice.
 */
import { sendMorningEmail } from "../app/agenda/morning.server";
import { expireStaleRequests } from "../app/bookings/lifecycle.server";
import { sendDueReminders } from "../app/reminders/run.server";
import type { Env } from "../app/types/env";
import { parseConfig } from "./load-context";
import { buildServices } from "./services";

export async function runSchedule(controller: Pick<ScheduledController, "scheduledTime" | "cron">, env: Env): Promise<void> {
  const services = buildServices(env, parseConfig(env), () => new Date(controller.scheduledTime));
  const expired = await expireStaleRequests(services);
  const reminded = await sendDueReminders(services);
  const morning = await sendMorningEmail(services);
  const list = (items: string[]) => (items.length ? `: ${items.join(", ")}` : "");
  console.log(`Scheduled run (${controller.cron}): ${expired.length} request(s) expired${list(expired)}; ${reminded.length} reminder(s) queued${list(reminded)}; morning e-mail ${morning}.`);
}

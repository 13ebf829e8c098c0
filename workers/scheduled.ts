/**
 * The daily Cron Trigger (wrangler.toml `[triggers]`): expires stale booking requests. The clock
 * is the time the run was scheduled for, so a test (or `/__scheduled` locally) can run it "later".
 */
import { expireStaleRequests } from "../app/bookings/lifecycle.server";
import type { Env } from "../app/types/env";
import { parseConfig } from "./load-context";
import { buildServices } from "./services";

export async function runSchedule(controller: ScheduledController, env: Env): Promise<void> {
  const services = buildServices(env, parseConfig(env), () => new Date(controller.scheduledTime));
  const expired = await expireStaleRequests(services);
  console.log(`Scheduled run (${controller.cron}): ${expired.length} request(s) expired${expired.length ? `: ${expired.join(", ")}` : ""}.`);
}

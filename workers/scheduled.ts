/**
 * The daily Cron Trigger (wrangler.toml `[triggers]`): expires stale booking requests. The clock
 * is the time the run was scheduled for, so a test (or `/__scheduled` locally) can run it "later".
 */
import { expireStaleRequests } from "../app/bookings/lifecycle.server";
import { servicesFrom } from "../app/services.server";
import { createLoadContext, type Env } from "./load-context";

export async function runSchedule(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const services = servicesFrom(createLoadContext(env, ctx), () => new Date(controller.scheduledTime));
  const expired = await expireStaleRequests(services);
  console.log(`Scheduled run (${controller.cron}): ${expired.length} request(s) expired${expired.length ? `: ${expired.join(", ")}` : ""}.`);
}

#!/usr/bin/env node
/**
 * Runs the Cron Trigger's work as of a chosen moment, over the same local data as `npm start`
 * (stop the local site first: two processes must not open those files at once). wrangler dev's
 * `/__scheduled` always runs as of now; this runs as of `--at`:
 *
 *   npm run schedule -- --at 2026-12-01T06:00+11:00
 *
 * It builds the Worker, runs the scheduled handler with that time as its clock, waits until the
 * e-mails it queued are written (to the local outbox without a MailChannels key), and stops.
 */
import { parseArgs } from "node:util";
import { buildWorker, createLocalWorker } from "./lib/local-worker.mjs";
import { ownerSettings } from "./lib/owner-settings.mjs";

const { values } = parseArgs({ options: { at: { type: "string" } } });
const at = new Date(values.at ?? Date.now());
if (Number.isNaN(at.getTime())) {
  console.error(`Not a moment: ${values.at}. Give one like 2026-12-01T06:00+11:00.`);
  process.exit(1);
}

buildWorker({ quiet: true });
const lines = [];
const mf = createLocalWorker({ vars: ownerSettings(), localState: true, onLog: (line) => lines.push(line) });
await mf.ready;
try {
  const site = await mf.getWorker("photobooth-site");
  const { outcome } = await site.scheduled({ scheduledTime: at, cron: "manual" });
  const ran = lines.find((line) => line.includes("Scheduled run"));
  console.log(ran ?? "The scheduled run said nothing.");
  if (outcome !== "ok") {
    console.error(`The run ended with "${outcome}"; running it again does what is left.`);
    process.exitCode = 1;
  }
  // The queue sends in the background: wait until no record has an e-mail still waiting to go.
  const kv = await mf.getKVNamespace("BOOKINGS", "photobooth-site");
  const waiting = async () => {
    const records = await Promise.all(["booking:", "agenda:"].map(async (prefix) => (await kv.list({ prefix })).keys));
    const deliveries = await Promise.all(records.flat().map(async ({ name }) => Object.values((await kv.get(name, "json"))?.emailDelivery ?? {})));
    return deliveries.flat().filter((delivery) => delivery.status === "queued" || delivery.status === "retrying").length;
  };
  const deadline = Date.now() + 60_000;
  while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  for (const line of lines.filter((line) => line.includes("outbox:") || line.includes("FAILED"))) console.log(line);
} finally {
  await mf.dispose();
}

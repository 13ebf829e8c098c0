import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { discardUnread } from "../app/request-body.server";
import { crossSiteRefusal, isCrossSiteWrite } from "../app/security.server";
import type { Env } from "../app/types/env";
import { servePage } from "./edge-cache";
import { clockOf } from "./clock";
import { createLoadContext, parseConfig } from "./load-context";
import { queueConsumers, type QueueMessage } from "./queue-consumers";
import { runSchedule } from "./scheduled";
import { buildServices } from "./services";

export { BookingHolds } from "./booking-holds";
export { InvoiceNumberClaims } from "./invoice-number-claims";
export { BookingLedger } from "./booking-ledger";
export { BookingIndex } from "./booking-index";
export { PromoCodeUses } from "./promo-code-uses";
export { SubmissionLimits } from "./submission-limits";
export { QuoteBook } from "./quote-book";
export { CrewBook } from "./crew-book";
export { LinkGenerations } from "./link-generations";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  fetch(request, env, ctx) {
    // Only what a page from the edge cache does not answer builds the load context.
    const render = async () => {
      const context = await createLoadContext(env, ctx);
      const response = isCrossSiteWrite(request, [context.services.config.SITE_ORIGIN]) ? crossSiteRefusal() : await handleRemixRequest(request, context);
      await discardUnread(request);
      await context.services.config.TEST_TRACE?.fetch("https://trace/answered");
      return response;
    };
    return servePage(request, render, { buildId: build.assets.version, waitUntil: (promise) => ctx.waitUntil(promise) });
  },
  queue: async (batch, env) => {
    const consumer = queueConsumers[batch.queue];
    if (!consumer) throw new Error(`This Worker consumes no queue named ${batch.queue}`);
    const config = parseConfig(env);
    return consumer(batch, buildServices(env, config, await clockOf(config)));
  },
  scheduled: (controller, env) => runSchedule(controller, env),
} satisfies ExportedHandler<Env, QueueMessage>;

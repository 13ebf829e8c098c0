import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { crossSiteRefusal, isCrossSiteWrite, withSecurityHeaders } from "../app/security.server";
import type { MailMessage } from "../app/mail/queue.server";
import { handleEmailQueue } from "./email-queue";
import { servePage } from "./edge-cache";
import { createLoadContext, type Env } from "./load-context";
import { runSchedule } from "./scheduled";

export { BookingHolds } from "./booking-holds";
export { InvoiceNumberClaims } from "./invoice-number-claims";
export { BookingLedger } from "./booking-ledger";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const context = createLoadContext(env, ctx);
    if (isCrossSiteWrite(request, [context.config.SITE_ORIGIN])) {
      return withSecurityHeaders(crossSiteRefusal());
    }
    const render = () => handleRemixRequest(request, context);
    return withSecurityHeaders(await servePage(request, render, { buildId: build.assets.version, waitUntil: context.waitUntil }));
  },
  queue: (batch, env) => handleEmailQueue(batch, env),
  async scheduled(controller, env, ctx) {
    await runSchedule(controller, env, ctx);
  },
} satisfies ExportedHandler<Env, MailMessage>;

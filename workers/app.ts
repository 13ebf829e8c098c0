import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { crossSiteRefusal, isCrossSiteWrite, withSecurityHeaders } from "../app/security.server";
import { createLoadContext, type Env } from "./load-context";
import { runSchedule } from "./scheduled";

export { BookingHolds } from "./booking-holds";
export { InvoiceNumberClaims } from "./invoice-number-claims";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const context = createLoadContext(env, ctx);
    if (isCrossSiteWrite(request, [context.config.SITE_ORIGIN])) {
      return withSecurityHeaders(crossSiteRefusal());
    }
    return withSecurityHeaders(await handleRemixRequest(request, context));
  },
  async scheduled(controller, env, ctx) {
    await runSchedule(controller, env, ctx);
  },
} satisfies ExportedHandler<Env>;

import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { crossSiteRefusal, isCrossSiteWrite, withSecurityHeaders } from "../app/security.server";
import { createLoadContext, type Env } from "./load-context";

export { InvoiceNumberClaims } from "./invoice-number-claims";
export { PaymentLedger } from "./payment-ledger";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const context = createLoadContext(env, ctx);
    if (isCrossSiteWrite(request, [context.config.SITE_ORIGIN])) {
      return withSecurityHeaders(crossSiteRefusal());
    }
    return withSecurityHeaders(await handleRemixRequest(request, context));
  },
} satisfies ExportedHandler<Env>;

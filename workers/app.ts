import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { createLoadContext, type Env } from "./load-context";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    return handleRemixRequest(request, createLoadContext(env, ctx));
  },
} satisfies ExportedHandler<Env>;

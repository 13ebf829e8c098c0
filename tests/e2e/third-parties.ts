/**
 * Where the e2e browser's requests to other sites go: every host but the local ones resolves to one
 * local HTTPS server (Chromium's --host-resolver-rules, with the browser told to accept its
 * certificate), so no test reaches the internet. Playwright's page.route did this before, at a cost:
 * it turns the browser's cache off and stops every request, the site's own included, on its way
 * (docs/testing.md says what that cost). A frame's page is answered "204 No
 * Content", which leaves the frame as it is: a failed one commits an error page, and that commit
 * closes any alert the page has open. Stripe's hosted checkout gets a page of its own, which the tests
 * that pay land on. Anything else is refused, as a site out of reach is.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FakeSession, FakeSetupSession } from "../support/fake-stripe";

/** The browser's flag that sends every other site's requests to the stand-in on `port`. */
export const thirdPartiesTo = (port: number) => `--host-resolver-rules=MAP * 127.0.0.1:${port}, EXCLUDE 127.0.0.1, EXCLUDE localhost`;

/** A throwaway certificate for the stand-in: the browser accepts any (ignoreHTTPSErrors), so its name does not matter. */
function throwawayCertificate() {
  const folder = mkdtempSync(path.join(tmpdir(), "e2e-third-parties-"));
  try {
    const [key, cert] = [path.join(folder, "key.pem"), path.join(folder, "cert.pem")];
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=third-party.invalid", "-keyout", key, "-out", cert], { stdio: "ignore" });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** What Stripe's hosted checkout shows: the session's amount, or that there is no such session. */
const checkoutPage = (body: string) => `<!doctype html><html lang="en"><title>Checkout</title><main>${body}</main></html>`;

/**
 * Stripe's hosted checkout, where the pay buttons send the client (the test browser never reaches
 * the real one): it shows a session the fake Stripe made and is still open, and nothing else.
 */
function checkout(path: string, session: (id: string) => FakeSession | FakeSetupSession | undefined): [status: number, page: string] {
  const found = session(/^\/c\/pay\/([^/?#]+)/.exec(path)?.[1] ?? "");
  if (found?.status !== "open") return [404, checkoutPage("<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>")];
  if (found.mode === "setup") return [200, checkoutPage("<h1>Checkout</h1><p>Save your payment details</p>")];
  return [200, checkoutPage(`<h1>Checkout</h1><p>Pay A$${(found.amount_total / 100).toFixed(2)}</p>`)];
}

export async function startThirdParties({ port, checkoutSession }: { port: number; checkoutSession: Parameters<typeof checkout>[1] }) {
  const server = createServer(throwawayCertificate(), (request, response) => {
    const destination = request.headers["sec-fetch-dest"];
    if (destination === "document" && request.headers.host === "checkout.stripe.com") {
      const [status, page] = checkout(request.url ?? "/", checkoutSession);
      response.writeHead(status, { "Content-Type": "text/html" }).end(page);
    } else if (destination === "iframe" || destination === "document") response.writeHead(204).end();
    else request.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

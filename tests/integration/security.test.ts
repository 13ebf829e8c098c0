import { describe, expect, it } from "vitest";
import { baseSecurityHeaders } from "~/security.server";
import { workerForFile, testOrigin } from "./worker";

const worker = workerForFile();

function expectBaseHeaders(response: Response) {
  for (const [name, value] of Object.entries(baseSecurityHeaders)) {
    if (name === "Permissions-Policy") continue;
    expect(response.headers.get(name), name).toBe(value);
  }
}

describe("security headers", () => {
  it("gives pages a policy that allows their inline scripts by hash, with no nonce and no 'unsafe-inline'", async () => {
    const response = await worker.fetch("/");
    expectBaseHeaders(response);
    expect(response.headers.get("Permissions-Policy")).toBe(baseSecurityHeaders["Permissions-Policy"]);
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toMatch(/nonce-|script-src[^;]*'unsafe-inline'/);
  });

  it("gives the 404 page the same headers", async () => {
    const response = await worker.fetch("/missing-page");
    expect(response.status).toBe(404);
    expectBaseHeaders(response);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("gives static files the base headers from public/_headers", async () => {
    const response = await worker.fetch("/favicon.svg");
    expect(response.status).toBe(200);
    expectBaseHeaders(response);
  });
});

describe("cross-site posts", () => {
  it("refuses a form post from another site with 403 and a message", async () => {
    const response = await worker.fetch("/quickquote", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "fullName=x",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/only be sent from this site/);
  });

  it("refuses a JSON call from another site with 403", async () => {
    const response = await worker.fetch("/.netlify/functions/booking", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });

  it("does not refuse a post from the site itself", async () => {
    const response = await worker.fetch("/quickquote", {
      method: "POST",
      headers: { Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "fullName=x",
    });
    // Whatever the page then answers, the request must get past the cross-site check.
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });
});

// workerd closes a connection whose request body was left unread, and a sender still writing it gets a reset instead of the answer.
describe("a write answered without its body", () => {
  const upload = () => new Uint8Array(6 * 1024 * 1024);
  it.each([
    ["a forged refund link", "/owner/PB-20270101-0001/refund?sig=forged", {}, 404],
    ["a forged proof link", "/owner/PB-20270101-0001/proof?sig=forged", {}, 404],
    ["a forged owner's page of a booking", "/owner/booking/PB-20270101-0001?sig=forged", {}, 404],
    ["a post from another site", "/quickquote", { Origin: "https://evil.example" }, 403],
    ["an address that takes no post", "/no-such-page", {}, 405],
  ])("reads %s's upload through before answering, so the sender gets the answer", async (_name, path, headers, status) => {
    for (let round = 0; round < 3; round++) {
      const response = await worker.fetch(path, { method: "POST", headers: { "Content-Type": "application/octet-stream", ...headers }, body: upload() });
      expect(response.status).toBe(status);
      await response.text();
    }
  });
});

import { describe, expect, it } from "vitest";
import { bookingIn, validBooking, validContact, validQuote } from "../support/form-data";
import { newKeys, postForm } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

/** What a browser without JavaScript posts: every field as text, the spam trap empty. */
function browserPost(path: string, fields: Record<string, string | number>) {
  return postForm(worker, path, { ...fields, website: "" });
}

describe("forms posted without JavaScript", () => {
  it("a quote request is stored and answered with a 303 to /thankyou", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await browserPost("/quickquote", validQuote);
    });
    expect(response.status).toBe(303);
    // The spec's /thankyou, with the address of the client's quote page (docs/product-decisions.md, "Quotes").
    expect(response.headers.get("location")).toMatch(/^\/thankyou\?quote=Q-[A-Z0-9]{8}&key=[\w-]+$/);
    expect(added.filter((key) => key.startsWith("quote:"))).toHaveLength(1);
  });

  it("a quote with an empty field comes back with the message and what was typed, and nothing is stored", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await browserPost("/quickquote", { ...validQuote, eventLocation: "  " });
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("You have to complete all details.");
    expect(html).toContain('value="Jane Citizen"');
    expect(added).toEqual([]);
  });

  it("a booking is stored and answered with a 303 to its invoice page, priced by the server", async () => {
    const response = await browserPost("/booking", { ...validBooking, eventDate: bookingIn("forms", 20).eventDate, price: 0 });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/invoice\/PB-\d{8}-\d{3}\?key=[\w-]+$/);
    const page = await worker.fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("$580");
  });

  it("a refused booking shows 'Error: ' with the reason and stores nothing", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await browserPost("/booking", { ...validBooking, boothType: "Mirror Booth" });
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Error: Please choose a booth type from the list");
    expect(added).toEqual([]);
  });

  it("a contact message is stored and answered with a 303 to /thankyou", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await browserPost("/contact", validContact);
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/thankyou");
    expect(added.filter((key) => key.startsWith("contact:"))).toHaveLength(1);
  });

  it("a refused contact message comes back on the contact page with the typed text escaped", async () => {
    const response = await browserPost("/contact", { ...validContact, name: '<script>alert("x")</script>', email: "nope" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Failed to send. Please try again later.");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain('<script>alert("x")');
    expect(html.match(/aria-labelledby="contact-heading-/g)).toHaveLength(1);
  });

  it("a filled-in spam trap is refused with a clear message and nothing is stored", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postForm(worker, "/contact", { ...validContact, website: "https://spam.example" });
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("looks automated");
    expect(added).toEqual([]);
  });

  it("a form action refuses a body that is not a form with 415", async () => {
    const response = await worker.fetch("/quickquote", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(validQuote) });
    expect(response.status).toBe(415);
  });
});

describe("payment page", () => {
  it("without card settings offers bank transfer and PayID, with the invoice number as reference", async () => {
    const html = await (await worker.fetch("/pay?invoice=PB-20261122-123")).text();
    expect(html).toContain("Online card payment is not available right now.");
    expect(html).toContain("Paying invoice <strong>PB-20261122-123</strong>");
    expect(html).toContain("BSB");
    expect(html).not.toContain("<stripe-buy-button");
  });

  it("does not show an invoice number that is not well-formed", async () => {
    const html = await (await worker.fetch("/pay?invoice=PB-2026%3Cb%3E")).text();
    expect(html).not.toContain("Paying invoice");
  });
});

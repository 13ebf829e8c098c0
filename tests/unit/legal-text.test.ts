import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { business, policy } from "~/business";
import { documentText } from "~/content/legal-document";
import { privacyDocument } from "~/content/privacy.server";
import { termsDocument } from "~/content/terms.server";

const terms = documentText(termsDocument);
const privacy = documentText(privacyDocument);
const { cancellation } = policy;

describe("terms and conditions", () => {
  it("were last updated November 24, 2026, when acceptance on the booking page began", () => {
    expect(terms).toContain("Last updated November 24, 2026");
  });

  it.each([
    ["quotes are valid for 7 days", `valid for ${policy.quoteValidDays} days`],
    ["a booking is confirmed by accepting them on the booking page or by e-mail", "Your booking is confirmed when you accept these terms on your booking page, or reply to our confirmation e-mail"],
    ["the booking page shows the deposit or full payment due", "shows your invoice: the deposit or the full payment due"],
    ["prices are in AUD", policy.currency],
    ["the venue surface is flat and dry", "a flat, dry surface"],
    ["power is within 5 metres", `within ${policy.powerWithinMetres} metres`],
    ["the minimum space is 3m x 3m", `at least ${policy.minimumSpace}`],
    ["the recommended space is 4m x 4m", `recommend ${policy.recommendedSpace}`],
    ["the deposit is forfeited more than 30 days out", `More than ${cancellation.depositForfeitedBeyondDays} days before the event: the deposit is forfeited`],
    ["half the fee is due 14 to 30 days out", `${cancellation.halfFeeFromDays} to ${cancellation.depositForfeitedBeyondDays} days before the event: ${cancellation.halfFeePercent}% of the total fee is due`],
    ["the full amount is due under 14 days with no refund", `Less than ${cancellation.halfFeeFromDays} days before the event: the full amount is due and there is no refund`],
    ["a deposit moves to a date within 6 months", `new date within ${policy.depositTransferMonths} months`],
    ["photos and videos are kept 6 months to 1 year", policy.mediaRetention],
    ["privacy requests are answered within one month", `privacy requests ${policy.privacyResponse}`],
    ["changes need 30 days' notice", `${policy.termsChangeNoticeDays} days' notice`],
    ["the service is not aimed at under-18s", `not aimed at people under ${policy.minimumAge}`],
    ["delivery is free within 40 km", `free within ${policy.freeDeliveryKm} km`],
    ["the service radius is about 50 km", `about ${policy.serviceRadiusKm} km around ${policy.serviceRadiusCentre}`],
    ["there are no travel fees in the Melbourne metro", "no travel fees within the Melbourne metropolitan area"],
    ["multi-hour bookings get discounts", "Discounts are available for multi-hour bookings"],
    ["the e-mail address", business.email],
    ["the phone number", business.phone.display],
  ])("say that %s", (_rule, text) => {
    expect(terms).toContain(text);
  });

  it("accept every payment method of the spec", () => {
    for (const method of ["Bank transfer", "PayID", "Credit card", "PayPal"]) expect(terms).toContain(method);
  });
});

describe("privacy policy", () => {
  it.each([
    ["when it was last updated", `Last updated ${policy.privacyLastUpdated}`],
    ["what the quote form collects", "Quick quote: your full name, e-mail address, phone number, event date"],
    ["what the booking form collects", "Booking: your full name"],
    ["what the contact form collects", "Contact form (in the footer): your name, e-mail address and message"],
    ["why the details are used", "We use your details to"],
    ["where the details are stored", "Cloudflare"],
    ["which e-mail provider delivers mail", "MailChannels"],
    ["the visitor's rights", "to correct them, or to delete them"],
    ["how fast requests are answered", `privacy request ${policy.privacyResponse}`],
    ["how long event photos are kept", policy.mediaRetention],
    ["that under-18s are not the audience", `not aimed at people under ${policy.minimumAge}`],
    ["the notice for changes", `${policy.termsChangeNoticeDays} days' notice`],
    ["how to reach the business", business.email],
  ])("states %s", (_topic, text) => {
    expect(privacy).toContain(text);
  });
});

describe("legal text sources", () => {
  it.each(["terms.server.ts", "privacy.server.ts"])("%s types no number of its own: every figure comes from business.ts", (file) => {
    const source = readFileSync(new URL(`../../app/content/${file}`, import.meta.url), "utf8");
    expect(source).not.toMatch(/\d/);
  });
});

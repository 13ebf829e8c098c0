import { describe, expect, it } from "vitest";
import { bootScript, deferHydration } from "../../workers/deferred-hydration";
import { formatLineCents, priceSheet } from "../../app/prices/price-sheet";
import { bookingDurations, boothTypes } from "../../app/pricing";

const remixScripts =
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>' +
  '<script>window.__remixContext = {};</script>' +
  '<script type="module" async="">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>';

describe("hydration on the visitor's first intent", () => {
  it("holds back the module preloads and turns Remix's module script into an inert block, its text unchanged", () => {
    const html = deferHydration(remixScripts);
    expect(html).toContain('<link rel="modulepreload" media="not all" href="/build/entry.client.js"/>');
    expect(html).toContain('<link rel="modulepreload" media="not all" href="/build/root.js"/>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<script type="text/x-deferred-module">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>',
    );
  });

  it("adds the boot script, which starts the module script, just before Remix's context script", () => {
    const html = deferHydration(remixScripts);
    expect(html).toContain(`<script>${bootScript}</script><script>window.__remixContext = {};</script>`);
    // Within one script: the boot script never closes it early.
    expect(bootScript).not.toContain("</script");
    expect(bootScript).toContain("text/x-deferred-module");
    // Everything the boot script needs arrives as its argument (the price sheet's functions too), so it runs on its own in the page.
    expect(() => new Function(bootScript)).not.toThrow();
  });

  it("leaves a page without Remix's scripts as it is", () => {
    const page = "<html><body><p>Hello</p></body></html>";
    expect(deferHydration(page)).toBe(page);
  });
});

/** A control of a fake form: what the boot script reads of one. */
function control(tagName: string, name: string, value: string, more: { type?: string; checked?: boolean } = {}) {
  const type = more.type ?? (tagName === "SELECT" ? "select-one" : tagName === "TEXTAREA" ? "textarea" : "text");
  return { tagName, name, value, type, checked: more.checked ?? false, matches: () => false };
}

describe("the price before React loads", () => {
  const sheet = priceSheet((id) => `addon-${id}`);
  const addOn = Object.values(sheet.addOns)[0]!;
  const choice = { boothType: boothTypes[0], packageDuration: bookingDurations[0] };

  /** Runs the boot script on a booking form with a textarea, a calendar's day button, a checked and an unchecked add-on; returns the total it writes. */
  function bootOnBookingForm(addOnChecked: boolean) {
    const controls = [
      control("SELECT", "boothType", choice.boothType),
      control("SELECT", "packageDuration", choice.packageDuration),
      control("INPUT", addOn.field, "yes", { type: "checkbox", checked: addOnChecked }),
      // A Friday, no holiday: no rule on the price.
      control("INPUT", "eventDate", "2031-06-13"),
      // The calendar's day buttons share the date field's name, and a form sends one only when
      // pressed: read, this Thursday would take a weekday's 10% off.
      control("BUTTON", "eventDate", "2031-06-12", { type: "submit" }),
      control("TEXTAREA", "message", "Hello"),
    ];
    const total = { textContent: "" };
    const due = { textContent: "" };
    const form = {
      elements: {
        namedItem: (name: string) => {
          const named = controls.filter((c) => c.name === name);
          return named.length > 1 ? Object.assign(named, { item: (i: number) => named[i] }) : (named[0] ?? null);
        },
      },
      querySelectorAll: (selector: string) => (selector.includes("data-price-total") ? [total] : selector.includes("data-price-due") ? [due] : []),
    };
    const summary = {
      getAttribute: () => JSON.stringify({ sheet, rules: { special: [], weekday: { label: "Weekday", percent: -10 } }, due: { today: "2030-01-01", depositPercent: 30, fullWithinDays: 14 }, travel: [] }),
      closest: () => form,
      querySelectorAll: () => [],
    };
    const document = { querySelectorAll: (selector: string) => (selector.includes("data-price-summary") ? [summary] : []), documentElement: { setAttribute() {} } };
    // What `new FormData(form)` costs in a browser: it lays the page out first (a textarea's value
    // needs it), and the boot script runs while the page is still being parsed.
    class FormData {
      constructor() {
        throw new Error("new FormData(form) lays the page out");
      }
    }
    new Function("document", "addEventListener", "FormData", bootScript)(document, () => {}, FormData);
    return { total: total.textContent, due: due.textContent };
  }

  const booth = sheet.booths[`${choice.boothType}|${choice.packageDuration}`]!;

  it("reads the fields the price sheet names, not the whole form, which would lay a page still being parsed out", () => {
    expect(bootOnBookingForm(false).total).toBe(formatLineCents(booth));
  });

  it("counts a checked add-on and not an unchecked one, as the form would send them", () => {
    expect(bootOnBookingForm(true).total).toBe(formatLineCents(booth + addOn.cents));
  });
});

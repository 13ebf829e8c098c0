import {
  afterLoadScriptAttribute,
  computedFromAttribute,
  holdClickAttribute,
  hydratedAttribute,
  hydratedEvent,
  imageFrameAttribute,
  imageMissingAttribute,
  lookupAttribute,
  plainFormAttribute,
  priceSlotAttribute,
  priceDueAttribute,
  priceSummaryAttribute,
  priceTotalAttribute,
  showOnFocusAttribute,
  showWhenNearAttribute,
} from "../app/hydration";
import {
  depositCents,
  dueNowText,
  formatLineCents,
  paidWholeWhenBooked,
  sheetChoice,
  sheetRule,
  sheetSold,
  withRule,
  type DateRules,
  type DueTerms,
  type PriceLine,
  type PriceSheet,
} from "../app/prices/price-sheet";

/**
 * Hydration when the visitor means to interact. Remix's <Scripts> preloads every module of the
 * page and runs them at once: on a phone, ~100 KB of JavaScript downloads alongside the hero
 * image, and evaluating it and hydrating blocks the main thread for a few hundred milliseconds
 * just as the visitor starts to read. Nothing on a page needs JavaScript to be seen or used
 * (every form also works without it), so the Worker rewrites the rendered page:
 *
 * - the module preloads get `media="not all"`, so the browser does not fetch them;
 * - Remix's module script becomes an inert data block;
 * - a boot script, just before Remix's own context script, turns it back into a module script at
 *   the visitor's first touch, key press, pointer movement, focus or change of a field, and holds
 *   back a form submission or a click on a button or an enhanced link made before React is ready,
 *   replaying it once React has hydrated, so the first tap does what it does with JavaScript;
 * - from the first byte, the boot script also does the little that must not wait for React: it
 *   marks an image that failed (so the 'Image Not Found' placeholder shows) and fills in fields
 *   worked out from others (the booking's price, and its summary line by line with the price
 *   sheet's own functions until React takes over), whichever way their inputs were set;
 * - after the page has loaded, the boot script also adds third-party scripts a page names (the
 *   card button's) and shows content kept back until the visitor nears it (the footer's map),
 *   so neither competes with first paint and neither waits for React;
 * - content a form's visitor needs only while filling it in (the location field's suggestions)
 *   is shown when they focus one of its fields.
 *
 * The scripts' text is unchanged (so the page's policy still finds them the site's own, see
 * app/security.server.ts) and only attributes change, which React's hydration leaves alone. If
 * Remix's markup ever changes, nothing matches here and the policy no longer finds Remix's
 * scripts the site's own: the page is then never hydrated (it works as without JavaScript), and
 * the tests that hold a page's policy to its scripts (tests/integration/edge-cache.test.ts) fail.
 */
const preloadTag = '<link rel="modulepreload"';
const moduleScriptTag = '<script type="module" async="">';
const deferredType = "text/x-deferred-module";
const contextScriptStart = "<script>window.__remixContext = ";

interface BootOptions {
  deferredType: string;
  hydratedEvent: string;
  hydratedAttribute: string;
  showWhenNearAttribute: string;
  showOnFocusAttribute: string;
  afterLoadScriptAttribute: string;
  holdClickAttribute: string;
  plainFormAttribute: string;
  imageFrameAttribute: string;
  imageMissingAttribute: string;
  computedFromAttribute: string;
  lookupAttribute: string;
  priceSummaryAttribute: string;
  priceSlotAttribute: string;
  priceTotalAttribute: string;
  priceDueAttribute: string;
  /** After this long without React, held-back submissions go ahead as plain form posts. */
  giveUpMs: number;
}

/** The price sheet's functions (app/prices/price-sheet.ts), inlined with the boot script. */
interface Pricing {
  sheetChoice: typeof sheetChoice;
  sheetSold: typeof sheetSold;
  withRule: typeof withRule;
  sheetRule: typeof sheetRule;
  formatLineCents: typeof formatLineCents;
  depositCents: typeof depositCents;
  paidWholeWhenBooked: typeof paidWholeWhenBooked;
  dueNowText: typeof dueNowText;
}

/**
 * Runs in the browser before the page's other scripts. It is inlined with `toString()`, so it
 * must use nothing from outside itself but what it is given.
 */
function bootPage(options: BootOptions, pricing: Pricing) {
  // A field changed by the browser (restored, autofilled) or by assistive technology is intent too.
  const intents = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "input", "change"];
  let state: "waiting" | "loading" | "hydrated" | "failed" = "waiting";
  // One replay per form or button: a second press while waiting must not send twice.
  const heldBack = new Map<Element, () => void>();

  function settle(outcome: "hydrated" | "failed") {
    // React may arrive after the page gave up on it (a slow network): it handles the page from then on.
    if (outcome === "hydrated") document.documentElement.setAttribute(options.hydratedAttribute, "");
    if (state === "hydrated" || state === "failed") return;
    state = outcome;
    const replays = [...heldBack.values()];
    heldBack.clear();
    replays.forEach((replay) => replay());
  }

  function hydrate() {
    if (state !== "waiting") return;
    state = "loading";
    intents.forEach((type) => removeEventListener(type, hydrate, true));
    // What Remix's scroll restoration script did on every load: React Router saves positions by
    // this key, so each history entry needs its own before React starts (see ScrollRestoration).
    if (!history.state?.key) history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    document.querySelectorAll('link[rel="modulepreload"][media="not all"]').forEach((link) => link.removeAttribute("media"));
    const script = document.querySelector<HTMLScriptElement>(`script[type="${options.deferredType}"]`);
    if (!script) return settle("failed");
    // A module that fails to load fires "error" at the script; a stalled network fires nothing.
    script.addEventListener("error", () => settle("failed"));
    setTimeout(() => settle("failed"), options.giveUpMs);
    script.type = "module";
    script.async = true;
    // Re-inserted, the script runs: an element whose type was not JavaScript never started.
    script.parentNode?.insertBefore(script, script.nextSibling);
  }

  function holdBack(event: Event, target: Element, replay: () => void) {
    event.preventDefault();
    event.stopImmediatePropagation();
    heldBack.set(target, replay);
    hydrate();
  }

  intents.forEach((type) => addEventListener(type, hydrate, { capture: true, passive: true }));
  addEventListener(options.hydratedEvent, () => settle("hydrated"));
  addEventListener(
    "submit",
    (event) => {
      if (state === "hydrated" || state === "failed") return;
      const form = event.target as HTMLFormElement;
      if (form.hasAttribute(options.plainFormAttribute)) return;
      const submitter = (event as SubmitEvent).submitter;
      holdBack(event, form, () => form.requestSubmit(submitter));
    },
    true,
  );
  addEventListener(
    "click",
    (event) => {
      if (state === "hydrated" || state === "failed") return;
      const control = (event.target as Element).closest<HTMLElement>(`button[type="button"], [${options.holdClickAttribute}]`);
      // A link clicked with a modifier key opens in a new tab or window: nothing to wait for.
      const modified = event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
      if (control && !(control instanceof HTMLAnchorElement && modified)) holdBack(event, control, () => control.click());
    },
    true,
  );

  function markIfBroken(image: EventTarget | null) {
    if (!(image instanceof HTMLImageElement) || !image.complete || image.naturalWidth > 0) return;
    image.closest(`[${options.imageFrameAttribute}]`)?.setAttribute(options.imageMissingAttribute, "");
  }
  // "error" does not bubble, but it passes the window on its way down; images that failed before
  // this script ran are found by looking.
  addEventListener("error", (event) => markIfBroken(event.target), true);
  document.querySelectorAll(`[${options.imageFrameAttribute}] img`).forEach(markIfBroken);

  /**
   * A field's value as the form would send it ("" when it sends none). Not `new FormData(form)`:
   * Chrome lays the page out first to read a textarea for it, and the price below is worked out
   * while the page is still being parsed; on /booking that forced layout was its longest task.
   */
  function sentValue(form: HTMLFormElement, name: string): string {
    const found = form.elements.namedItem(name);
    const controls = !found ? [] : "tagName" in found ? [found] : [...(found as RadioNodeList)];
    const sent = (controls as HTMLInputElement[]).find(
      (field) =>
        field.name === name &&
        !["submit", "image", "reset", "button", "file", "fieldset", "output"].includes(field.type) &&
        (!["checkbox", "radio"].includes(field.type) || field.checked) &&
        !field.matches(":disabled"),
    );
    return sent?.value ?? "";
  }

  // Written only when it changes: an unchanged write still makes the browser lay the text out again.
  function setText(element: Element | undefined, text: string) {
    if (element && element.textContent !== text) element.textContent = text;
  }

  function computeFields() {
    document.querySelectorAll<HTMLInputElement>(`input[${options.computedFromAttribute}]`).forEach((field) => {
      const table = JSON.parse(field.getAttribute(options.lookupAttribute) ?? "{}") as Record<string, string | number>;
      const key = (field.getAttribute(options.computedFromAttribute) ?? "")
        .split(" ")
        .map((name) => (field.form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "")
        .join("|");
      const value = String(table[key] ?? 0);
      if (field.value !== value) field.value = value;
    });
  }
  // Once React has hydrated, the summary is React's: it also knows travel.
  function priceSummaries() {
    if (state === "hydrated") return;
    document.querySelectorAll<HTMLElement>(`[${options.priceSummaryAttribute}]`).forEach((summary) => {
      const form = summary.closest("form");
      if (!form) return;
      const { sheet, rules, due, travel } = JSON.parse(summary.getAttribute(options.priceSummaryAttribute) ?? "{}") as {
        sheet: PriceSheet;
        rules: DateRules;
        due: DueTerms;
        travel: PriceLine[];
      };
      const choice = pricing.sheetChoice(sheet, (name) => sentValue(form, name));
      const sold = pricing.withRule(pricing.sheetSold(sheet, choice), pricing.sheetRule(rules, choice.eventDate));
      if (!sold.length) return;
      const lines = [...sold, ...travel];
      const left = [...lines];
      summary.querySelectorAll<HTMLElement>(`[${options.priceSlotAttribute}]`).forEach((slot) => {
        const index = left.findIndex((line) => line.kind === slot.getAttribute(options.priceSlotAttribute));
        const line = index < 0 ? undefined : left.splice(index, 1)[0];
        if (slot.hidden !== !line) slot.hidden = !line;
        const [label, amount] = slot.children;
        setText(label, line?.label ?? "");
        setText(amount, line ? pricing.formatLineCents(line.cents) : "");
      });
      const total = lines.reduce((sum, line) => sum + line.cents, 0);
      const whole = pricing.paidWholeWhenBooked(choice.eventDate, due);
      const dueNow = pricing.dueNowText(pricing.formatLineCents(whole ? total : pricing.depositCents(total, due.depositPercent)), whole);
      // The compact summary at the foot of the form shows the same figures.
      form.querySelectorAll(`[${options.priceTotalAttribute}]`).forEach((element) => setText(element, pricing.formatLineCents(total)));
      form.querySelectorAll(`[${options.priceDueAttribute}]`).forEach((element) => setText(element, dueNow));
    });
  }

  function computeAll() {
    computeFields();
    priceSummaries();
  }
  // On every change, and once the browser has restored the form (after Back) or autofilled it.
  ["input", "change"].forEach((type) => addEventListener(type, computeAll, true));
  ["DOMContentLoaded", "load", "pageshow"].forEach((type) => addEventListener(type, computeAll));
  computeAll();

  function showCopy(box: Element) {
    const copy = box.querySelector(":scope > noscript");
    // With scripts on, a noscript element holds its markup as text.
    if (copy) box.innerHTML = copy.textContent ?? "";
  }

  function showWhenNear() {
    const observer = new IntersectionObserver(
      (entries) =>
        entries.forEach(({ isIntersecting, target }) => {
          if (!isIntersecting) return;
          observer.unobserve(target);
          showCopy(target);
        }),
      { rootMargin: "50% 0px" },
    );
    document.querySelectorAll(`[${options.showWhenNearAttribute}]`).forEach((box) => observer.observe(box));
  }

  // Not once only: a form React renders later (another page, a re-render) brings its own copy.
  addEventListener(
    "focusin",
    (event) => {
      const form = event.target instanceof Element ? event.target.closest("form") : null;
      form?.querySelectorAll(`[${options.showOnFocusAttribute}]`).forEach(showCopy);
    },
    true,
  );

  function addAfterLoadScripts() {
    document.querySelectorAll(`[${options.afterLoadScriptAttribute}]`).forEach((element) => {
      const src = new URL(element.getAttribute(options.afterLoadScriptAttribute) ?? "", location.href).href;
      // React may have added it already, if the visitor touched the page before it loaded.
      if ([...document.scripts].some((script) => script.src === src)) return;
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    });
  }

  addEventListener("load", () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        addAfterLoadScripts();
        showWhenNear();
      }),
    ),
  );
}

const bootOptions: BootOptions = {
  deferredType,
  hydratedEvent,
  hydratedAttribute,
  showWhenNearAttribute,
  showOnFocusAttribute,
  afterLoadScriptAttribute,
  holdClickAttribute,
  plainFormAttribute,
  imageFrameAttribute,
  imageMissingAttribute,
  computedFromAttribute,
  lookupAttribute,
  priceSummaryAttribute,
  priceSlotAttribute,
  priceTotalAttribute,
  priceDueAttribute,
  giveUpMs: 15_000,
};
// The Worker's bundle keeps function names through esbuild's `__name` helper, which the browser
// does not have: the page gets a stand-in that leaves each function as it is.
const pricingFunctions: Pricing = { sheetChoice, sheetSold, withRule, sheetRule, formatLineCents, depositCents, paidWholeWhenBooked, dueNowText };
const pricingScript = `{${Object.entries(pricingFunctions).map(([name, fn]) => `${name}:${fn.toString()}`).join(",")}}`;
export const bootScript = `(function(__name){(${bootPage.toString()})(${JSON.stringify(bootOptions)},${pricingScript})})(function(f){return f});`;

export function deferHydration(html: string): string {
  if (!html.includes(moduleScriptTag) || !html.includes(contextScriptStart)) return html;
  return html
    .replaceAll(preloadTag, `${preloadTag} media="not all"`)
    .replace(moduleScriptTag, `<script type="${deferredType}">`)
    .replace(contextScriptStart, `<script>${bootScript}</script>${contextScriptStart}`);
}

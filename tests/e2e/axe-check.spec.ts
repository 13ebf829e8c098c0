import axe, { type AxeResults } from "axe-core";
import { analyzeCopy, expect, expectNoAxeViolations, hydrate, test } from "./fixtures";

// The check itself (fixtures.ts) runs axe on a copy of the page in a page of its own: these prove the
// copy carries what axe reads, the markup and the styles, with and without the page's scripts.
test("the accessibility check fails a page with an unnamed image and text too faint to read, as it stands in the browser", async ({ page }) => {
  await page.route("**/packages", async (route) => {
    const response = await route.fetch();
    const faults = '<img src="/favicon.svg" width="20" height="20"><p style="color:#f4f4f4;background:#fff">Κρατήσεις 預約 Đặt chỗ</p>';
    await route.fulfill({ response, body: (await response.text()).replace("</main>", `${faults}</main>`) });
  });
  await page.goto("/packages");
  await expect(page.getByText("Κρατήσεις 預約 Đặt chỗ")).toBeVisible();
  const check = expectNoAxeViolations(page);
  await expect(check).rejects.toThrow(/image-alt/);
  await expect(check).rejects.toThrow(/color-contrast/);
  // The page every test ends on is checked too: end on the page as the site sends it.
  await page.unroute("**/packages");
  await page.goto("/packages");
});

test("the copy the check runs axe on gives what axe gives in the page itself", { tag: "@js-only" }, async ({ page }) => {
  test.slow();
  const rules = (results: AxeResults["passes"]) => results.map((rule) => `${rule.id}: ${rule.nodes.length}`).sort();
  // The colours axe read text in, which only the page's stylesheets give.
  const colours = ({ passes }: AxeResults) => [
    ...new Set(
      passes
        .filter((rule) => rule.id === "color-contrast")
        .flatMap((rule) => rule.nodes.map((node) => node.any[0]?.data as { fgColor?: string; bgColor?: string } | undefined))
        .map((data) => `${data?.fgColor} on ${data?.bgColor}`),
    ),
  ].sort();
  const found = (results: AxeResults) => ({ violations: rules(results.violations), passes: rules(results.passes), incomplete: rules(results.incomplete), colours: colours(results) });
  for (const path of ["/", "/booking"]) {
    await page.goto(path);
    await hydrate(page);
    const copied = found(await analyzeCopy(page));
    await page.evaluate(axe.source);
    const own = found(await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { iframes: false })));
    expect(copied, path).toEqual(own);
    expect(own.passes.length, path).toBeGreaterThan(10);
    expect(own.colours.length, path).toBeGreaterThan(2);
  }
});

/**
 * Writes the Victorian public holidays the price rules use (app/prices/victorian-holidays.json,
 * committed) from the `date-holidays` package, which knows the state's own days: Melbourne Cup day
 * and the AFL Grand Final Friday. A table rather than the package at run time: the booking form
 * prices a date in the browser before React loads, and the package's every-country data would
 * weigh on each page. Run by `npm run build`; deterministic; `--check` fails when the file is stale.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import Holidays from "date-holidays";

/** Bookings are taken up to five years ahead; the table reaches well past that (a unit test keeps it so). */
export const years = { from: 2024, to: 2040 };
const output = fileURLToPath(new URL("../app/prices/victorian-holidays.json", import.meta.url));

export function victorianHolidays() {
  const calendar = new Holidays("AU", "VIC");
  const table = {};
  for (let year = years.from; year <= years.to; year++) {
    for (const holiday of calendar.getHolidays(year)) {
      if (holiday.type !== "public") continue;
      const date = holiday.date.slice(0, 10);
      table[date] ??= holiday.name;
    }
  }
  return table;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = `${JSON.stringify(victorianHolidays(), null, 1)}\n`;
  const current = await readFile(output, "utf8").catch(() => "");
  if (process.argv.includes("--check")) {
    if (current !== text) {
      console.error(`${output} is stale: run node scripts/build-holidays.mjs`);
      process.exit(1);
    }
  } else if (current !== text) {
    await writeFile(output, text);
    console.log(`Wrote ${output}`);
  }
}

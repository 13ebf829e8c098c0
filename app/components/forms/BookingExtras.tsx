import { addOnDescriptions, backdropChoiceDescription, extraHoursDescription } from "~/content/add-ons";
import { addOnField } from "~/input/fields";
import type { ItemCounts } from "~/bookings/holds/stock";
import type { StockItem } from "~/prices/extras";
import { addOnIds, addOns, backdropNames, backdropPrices, extraHourPrice, formatAud, maxExtraHours } from "~/pricing";
import { CheckField, RadioGroup } from "./Fields";

const goneNote = "None left on your date.";

function priceWords(dollars: number): string {
  return dollars ? `+${formatAud(dollars)}` : "included";
}

const hourPrices = [...new Set(Object.values(extraHourPrice))].map(formatAud).join(" or ");

/**
 * The booking form's extras (and the booking page's): each add-on with its price and what it is,
 * the backdrop and extra hours, in the order a visitor decides. Plain fields, so a post without
 * JavaScript carries them; an item out of stock on the chosen date is greyed out with a note, and
 * the server refuses it too.
 */
export function BookingExtras({ itemsLeft }: { itemsLeft: ItemCounts }) {
  const gone = (item: StockItem) => (itemsLeft[item] ?? Infinity) <= 0;
  return (
    <fieldset className="form-extras">
      <legend>Add-ons (optional)</legend>
      {addOnIds.map((id) => (
        <CheckField
          key={id}
          name={addOnField(id)}
          label={`${addOns[id].name} (${priceWords(addOns[id].price)})`}
          hint={gone(id) ? `${addOnDescriptions[id]} ${goneNote}` : addOnDescriptions[id]}
          disabled={gone(id)}
        />
      ))}
      <RadioGroup
        name="backdrop"
        label="Backdrop"
        hint={backdropChoiceDescription}
        fallback=""
        options={[
          { value: "", label: "No backdrop" },
          ...backdropNames.map((name) => ({
            value: name,
            label: `${name} (${priceWords(backdropPrices[name].price)})${gone(`backdrop:${name}`) ? `: ${goneNote}` : ""}`,
            disabled: gone(`backdrop:${name}`),
          })),
        ]}
      />
      <RadioGroup
        name="extraHours"
        label="Extra hours after the package"
        hint={`${extraHoursDescription} ${hourPrices} an hour, depending on the booth.`}
        fallback="0"
        options={Array.from({ length: maxExtraHours + 1 }, (_, hours) => ({ value: String(hours), label: hours ? `${hours} extra hour${hours > 1 ? "s" : ""}` : "None" }))}
      />
    </fieldset>
  );
}

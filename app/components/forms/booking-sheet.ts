import { addOnField } from "~/input/fields";
import { priceSheet } from "~/prices/price-sheet";

/** The price sheet as the booking and quote forms name their fields: what they price a choice with, in React and in the boot script alike. */
export const bookingSheet = priceSheet(addOnField);

import type { BookingLedger } from "~/bookings/record/ledger-protocol";
import { findBooking } from "~/bookings/record/record.server";
import { readMailDeliveries, updateMailDeliveries, type RecordDeliveries } from "~/mail/deliveries.server";
import { invoiceNumberOfKey, keyPrefix } from "~/storage-keys";

/**
 * E-mail state: a booking's changed by its ledger and read wherever the booking now is (a move
 * changes its key after its e-mails were queued); any other record's (quotes, messages) in KV.
 */
export function recordDeliveries(kv: KVNamespace, ledger: BookingLedger): RecordDeliveries {
  const isBooking = (recordKey: string) => recordKey.startsWith(keyPrefix.booking);
  return {
    update: (recordKey, change) => (isBooking(recordKey) ? ledger.updateDeliveries(recordKey, change) : updateMailDeliveries(kv, recordKey, change)),
    async read(recordKey) {
      if (!isBooking(recordKey)) return readMailDeliveries(kv, recordKey);
      const found = await findBooking(kv, invoiceNumberOfKey(recordKey));
      if (!found) throw new Error(`No stored booking for ${recordKey}`);
      return found.booking.emailDelivery ?? {};
    },
  };
}

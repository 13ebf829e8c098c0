import type { BookingLedger } from "~/bookings/ledger-protocol";
import { updateMailDeliveries, type RecordDeliveries } from "~/mail/deliveries.server";
import { keyPrefix } from "~/storage-keys";

/** E-mail state: a booking's changed by its ledger, any other record's (quotes, messages) straight in KV. */
export function recordDeliveries(kv: KVNamespace, ledger: BookingLedger): RecordDeliveries {
  return {
    update: (recordKey, change) => (recordKey.startsWith(keyPrefix.booking) ? ledger.updateDeliveries(recordKey, change) : updateMailDeliveries(kv, recordKey, change)),
  };
}

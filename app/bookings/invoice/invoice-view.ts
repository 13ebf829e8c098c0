import type { BookingRecord } from "~/bookings/record/booking";
import { invoiceStatement, type Statement } from "~/bookings/invoice/invoice-statement";

/** The parts of a booking its invoice page shows (the secret and e-mail status stay on the server). */
export type InvoiceView = Pick<
  BookingRecord,
  | "invoiceNumber"
  | "issuedOn"
  | "fullName"
  | "email"
  | "phoneNumber"
  | "eventDate"
  | "eventLocation"
  | "boothType"
  | "packageDuration"
  | "service"
  | "price"
  | "message"
> & { statement: Statement };

export function invoiceView(booking: BookingRecord): InvoiceView {
  const { invoiceNumber, issuedOn, fullName, email, phoneNumber, eventDate, eventLocation, boothType, packageDuration, service, price, message } = booking;
  return {
    invoiceNumber,
    issuedOn,
    fullName,
    email,
    phoneNumber,
    eventDate,
    eventLocation,
    boothType,
    packageDuration,
    service,
    price,
    message,
    statement: invoiceStatement(booking),
  };
}

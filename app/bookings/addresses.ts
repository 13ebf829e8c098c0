/** The client's private addresses of a booking: each carries the booking's secret as its key. */

export function invoicePath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}?key=${encodeURIComponent(secret)}`;
}

export function invoicePdfPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/pdf?key=${encodeURIComponent(secret)}`;
}

export function invoiceCalendarPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/event.ics?key=${encodeURIComponent(secret)}`;
}

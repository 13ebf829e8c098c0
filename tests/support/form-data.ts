import { boothTypes, type BoothType } from "../../app/pricing";
import { eventDate, type DateArea } from "./event-dates";

/** Valid submissions for every form, with an event date safely in the future. */
export const futureDate = `${new Date().getFullYear() + 1}-06-15`;

export const validQuote = {
  fullName: "Jane Citizen",
  email: "jane@example.com",
  phoneNumber: "0491 570 110",
  eventDate: futureDate,
  eventLocation: "Werribee Park Mansion",
  packageDuration: "3hrs",
  service: "Glam Booth",
  message: "Birthday for about 60 guests.",
};

export const validContact = {
  name: "Sam Lee",
  email: "sam@example.com",
  message: "Do you travel to Ballarat?",
};

export const validBooking = {
  fullName: "Jane Citizen",
  email: "jane@example.com",
  phoneNumber: "0491 570 110",
  eventDate: futureDate,
  eventLocation: "Werribee Park Mansion",
  boothType: "Glam Booth",
  packageDuration: "3 Hours",
  service: "Photobooth",
  price: 1,
  message: "Start 7pm, finish 10pm, parking at the rear.",
};

/**
 * The `index`-th distinct (event date, booth type) of a test area: the three booth types on day 1,
 * then on day 2, and so on. A booking holds its booth on its date, so tests that book take a slot each.
 */
export function bookingSlot(area: DateArea, index: number): { eventDate: string; boothType: BoothType } {
  return { eventDate: eventDate(area, 1 + Math.floor(index / boothTypes.length)), boothType: boothTypes[index % boothTypes.length]! };
}

/** A valid booking in its own slot (see `bookingSlot`). */
export function bookingIn(area: DateArea, index: number) {
  return { ...validBooking, ...bookingSlot(area, index) };
}

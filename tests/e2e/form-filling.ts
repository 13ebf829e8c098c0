/** The site's three forms, found and filled in as a visitor does (the forms and first-tap specs share them). */
import type { Locator, Page } from "@playwright/test";
import { futureDate } from "../support/form-data";

export function quoteForm(page: Page) {
  return page.getByRole("form", { name: "Your event" });
}

export function bookingForm(page: Page) {
  return page.getByRole("form", { name: "Your booking" });
}

export function footerForm(page: Page) {
  return page.getByRole("contentinfo").getByRole("form", { name: "Send us a message" });
}

export async function fillQuote(form: Locator, { email = "jane@example.com", message = "About 60 guests.", name = "Jane Citizen", date = futureDate } = {}) {
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone number").fill("0491 570 110");
  await form.getByLabel("Event date").fill(date);
  await form.getByLabel("Event location").fill("Werribee Park");
  await form.getByLabel("Package duration").selectOption("3hrs");
  await form.getByLabel("Service").selectOption("Glam Booth");
  await form.getByLabel("Message").fill(message);
}

export async function fillBooking(form: Locator, { email = "jane@example.com", date = futureDate } = {}) {
  await form.getByLabel("Full name").fill("Jane Citizen");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone number").fill("0491 570 110");
  await form.getByLabel("Event date").fill(date);
  await form.getByLabel("Event location").fill("Werribee Park");
  await form.getByLabel("Booth type").selectOption("Glam Booth");
  await form.getByLabel("Package duration").selectOption("3 Hours");
  await form.getByLabel("Message (optional)").fill("Start 7pm, finish 10pm, parking at the rear.");
}

/** The suggestions the browser offers as the event location is typed: the options of the field's datalist. */
export function locationSuggestions(form: Locator): Promise<string[]> {
  return form.getByLabel("Event location").evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
}

export async function fillContact(form: Locator, { email = "sam@example.com" } = {}) {
  await form.getByLabel("Name").fill("Sam Lee");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill("Do you travel to Ballarat?");
}


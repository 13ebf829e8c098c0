import { business } from "~/business";
/** The visitor-facing messages of docs/product-spec.md, section 8, character for character. */
export const messages = {
  sending: "Sending...",
  quote: {
    incomplete: "You have to complete all details.",
    failed: "Failed to send your request. Please try again later.",
    networkError: "An error occurred. Please try again.",
    success: "Thank you! Your quote request has been sent successfully.",
  },
  booking: {
    success: "Booking submitted! Booking confirmation sent.",
    errorPrefix: "Error: ",
    exception: "Something went wrong. Please try again.",
  },
  contact: {
    failed: "Failed to send. Please try again later.",
    networkError: "An error occurred. Please try again.",
  },
} as const;

/** Explanations the server gives with a refusal (shown after the spec's message, and as the JSON `error`). */
export const refusals = {
  incomplete: "Please fill in every required field.",
  spam: "This request looks automated, so it was not sent. Please leave the field marked \u201cLeave this empty\u201d blank.",
  rateLimited: "Too many requests from your connection. Please wait a few minutes and try again.",
  addressLimited: "Too many requests for this e-mail address. Please wait a few minutes and try again.",
  changesPaused: `This booking has made that change many times in a short while, so it is paused for now, and nothing was changed. Please try again in an hour, or call us on ${business.phone.display}.`,
  storageDown: `We could not save your request just now, so nothing was sent. Please try again in a minute or call us on ${business.phone.display}.`,
  tooLarge: "The request is too large.",
  wrongContentType: "Send the request as JSON (Content-Type: application/json).",
  wrongFormContentType: "Send the form as application/x-www-form-urlencoded.",
  malformedJson: "The request body is not valid JSON.",
  notAnObject: "The request body must be a JSON object.",
  wrongUploadContentType: "Send the form as multipart/form-data, application/x-www-form-urlencoded or JSON.",
  malformedForm: "The form could not be read.",
  methodNotAllowed: "Use POST.",
  planNotOffered: "Monthly payments are offered when the balance falls due two months or more from today: please choose another way to pay.",
  unknownShape: "Send either a quote request (fullName, email, phoneNumber, eventDate, eventLocation, packageDuration, service, message) or a contact message (name, email, message).",
} as const;

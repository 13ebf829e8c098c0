import { business, policy } from "~/business";
import { cancellationStages } from "./cancellation.server";
import type { LegalDocument } from "./legal-document";

/** The Terms and Conditions (the rules of the spec's validation and constants sections); every number comes from business.ts. */
export const termsDocument: LegalDocument = {
  title: "Terms and Conditions",
  lastUpdated: policy.termsLastUpdated,
  intro: `These terms apply to every quote and booking with ${business.name}, a photo booth hire business based in ${business.address.display}. We have kept them short and in plain language. By confirming a booking you agree to them. Nothing in them limits your rights under the Australian Consumer Law.`,
  sections: [
    {
      heading: "Quotes",
      blocks: [
        `A quote is valid for ${policy.quoteValidDays} days from the day we send it. After that, prices and availability may change, so please ask us for a fresh quote.`,
        `All prices are in Australian dollars (${policy.currency}).`,
      ],
    },
    {
      heading: "How a booking is confirmed",
      blocks: [
        "Your booking is confirmed when you accept these terms on your booking page, or reply to our confirmation e-mail.",
        "Your booking page (the link in our e-mails) shows your invoice: the deposit or the full payment due, when it is due and how to pay it.",
      ],
    },
    {
      heading: "Payment",
      blocks: [
        `You can pay by any of these methods, all in ${policy.currency}:`,
        policy.paymentMethods,
        "Please use your invoice number as the payment reference so we can match your payment to your booking.",
      ],
    },
    {
      heading: "Cancellations",
      blocks: [
        "If you need to cancel, please tell us in writing by e-mail. What you owe depends on how long before the event you cancel:",
        cancellationStages,
      ],
    },
    {
      heading: "Changing your date",
      blocks: [
        `If your plans change, we can move your deposit to a new date within ${policy.depositTransferMonths} months, as long as we are free on that date. Just e-mail us as early as you can.`,
      ],
    },
    {
      heading: "The venue and set-up",
      blocks: [
        "So that we can set up safely, the place where the booth will stand needs:",
        [
          "a flat, dry surface (for outdoor events, a covered area protected from rain and wind);",
          `a standard power point within ${policy.powerWithinMetres} metres of the booth;`,
          `a space of at least ${policy.minimumSpace}.`,
        ],
        `We recommend ${policy.recommendedSpace} so that groups and props fit comfortably. Please arrange access and any permission the venue needs for us to set up before the start time.`,
      ],
    },
    {
      heading: "Delivery and travel",
      blocks: [
        `Delivery, set-up and pack-down are free within ${policy.freeDeliveryKm} km of our base, and there are no travel fees within the Melbourne metropolitan area. We serve an area of about ${policy.serviceRadiusKm} km around ${policy.serviceRadiusCentre}; for events further away, any travel cost is shown on your quote before you book.`,
        "Discounts are available for multi-hour bookings; they are shown on your quote.",
      ],
    },
    {
      heading: "On the day",
      blocks: [
        "Our attendant sets up before your start time, looks after the booth for the whole package and packs down at the end. Our attendants hold a Working with Children Check.",
        "For everyone's safety, the attendant may pause the booth if the equipment or guests are at risk.",
      ],
    },
    {
      heading: "Photos and videos",
      blocks: [
        `You receive your event's photos and videos on a USB drive or as a digital copy. We keep a copy for ${policy.mediaRetention} so you can ask for another one, and then delete it. We do not publish your photos without your permission.`,
      ],
    },
    {
      heading: "Age",
      blocks: [
        `Our service is not aimed at people under ${policy.minimumAge}. Bookings must be made by an adult aged ${policy.minimumAge} or over, who is responsible for the booking.`,
      ],
    },
    {
      heading: "Privacy",
      blocks: [
        `Our Privacy Policy explains what we do with the details you give us. We answer privacy requests ${policy.privacyResponse}.`,
      ],
    },
    {
      heading: "Changes to these terms",
      blocks: [
        `We give at least ${policy.termsChangeNoticeDays} days' notice on this page before any change to these terms takes effect. A booking that is already confirmed keeps the terms that applied when it was confirmed.`,
      ],
    },
    {
      heading: "Contact us",
      blocks: ["Questions about these terms or your booking? We are happy to help."],
      withContact: true,
    },
  ],
};

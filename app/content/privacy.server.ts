import { business, policy } from "~/business";
import type { LegalDocument } from "./legal-document";

/** The Privacy Policy; retention and response times come from business.ts. */
export const privacyDocument: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: policy.privacyLastUpdated,
  intro: `${business.name} respects your privacy. This policy explains what we collect through this website, why, where it is kept and the choices you have. It follows the Australian Privacy Principles.`,
  sections: [
    {
      heading: "What the forms collect",
      blocks: [
        "We only collect what you type into our three forms:",
        [
          "Quick quote: your full name, e-mail address, phone number, event date, event location, package length, the booth you are interested in and your message.",
          "Booking: your full name, e-mail address, phone number, event date, event location, booth type, package length and message, plus the price and invoice number we work out for the booking.",
          "Contact form (in the footer): your name, e-mail address and message.",
        ],
        "To protect the forms from spam, the network address a request comes from is used for a short time to limit how many requests can be sent, and for nothing else.",
      ],
    },
    {
      heading: "Why we use it",
      blocks: [
        "We use your details to answer your question, prepare your quote, confirm and run your booking, send your invoice and contact you about your event. We do not sell your details, and we do not add you to a mailing list.",
      ],
    },
    {
      heading: "Where it is stored",
      blocks: [
        "This website runs on Cloudflare. Your quote, booking and contact requests are stored in Cloudflare's data storage, and invoices are kept there as PDF files. Cloudflare may process data on servers outside Australia; access is limited to us.",
      ],
    },
    {
      heading: "E-mail",
      blocks: [
        "When you send a form, we e-mail your request to ourselves and send you a confirmation. These e-mails are delivered by MailChannels, an e-mail delivery service, which handles them only to deliver them.",
      ],
    },
    {
      heading: "Other services on this site",
      blocks: [
        "The map in the footer is provided by Google Maps, and the payment page loads the card payment provider's button; their own privacy policies apply to what they receive. We do not use advertising or analytics cookies.",
      ],
    },
    {
      heading: "Event photos and videos",
      blocks: [
        `Photos and videos taken at your event are stored for ${policy.mediaRetention}, so we can send you another copy if you need one, and then deleted. We do not publish them without your permission.`,
      ],
    },
    {
      heading: "How long we keep your details",
      blocks: [
        "Booking records and invoices are kept for as long as Australian tax law requires. Quote and contact requests that do not lead to a booking are deleted once we no longer need them to answer you.",
      ],
    },
    {
      heading: "Your rights",
      blocks: [
        "You can ask us to show you the details we hold about you, to correct them, or to delete them when we no longer need to keep them. You can also ask us any question about how we handle your details.",
        `We answer every privacy request ${policy.privacyResponse}. If you are not happy with our answer, you can complain to the Office of the Australian Information Commissioner (OAIC).`,
      ],
    },
    {
      heading: "Children",
      blocks: [
        `Our service is not aimed at people under ${policy.minimumAge}, and we do not knowingly collect details from them through this website.`,
      ],
    },
    {
      heading: "Changes to this policy",
      blocks: [
        `We give at least ${policy.termsChangeNoticeDays} days' notice on this page before any change to this policy takes effect.`,
      ],
    },
    {
      heading: "Contact us",
      blocks: ["To make a privacy request or ask a question, contact us:"],
      withContact: true,
    },
  ],
};

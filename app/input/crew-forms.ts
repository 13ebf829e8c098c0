/**
 * The attendant's form on their own page (app/crew/attendant-page.server.ts): accept or decline
 * one of their events.
 */
import * as z from "zod";
import { isInvoiceNumber } from "./invoice-number";

export const crewAnswerSchema = z.object({
  invoiceNumber: z.string().refine(isInvoiceNumber, "Which event?"),
  answer: z.enum(["accepted", "declined"], { error: "Accept or decline?" }),
});

import { ownerLink } from "../support/links";
import { testVars, type TestWorker } from "./worker";

export interface TestFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** A PNG's signature followed by `size` bytes in all. */
export function pngFile(size = 4096, name = "proof.png"): TestFile {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { bytes, name, type: "image/png" };
}

export function pdfFile(name = "proof.pdf"): TestFile {
  return { bytes: new TextEncoder().encode("%PDF-1.7\n%proof\n"), name, type: "application/pdf" };
}

/** The owner's signed proof page of a booking, as its e-mails link it. */
export function ownerProofPath(invoiceNumber: string, secret = testVars.OWNER_LINK_SECRET): Promise<string> {
  return ownerLink(secret, invoiceNumber, "proof");
}

/** Posts the owner's upload as a browser sends it: multipart, the file, the note, then the button. */
export async function postProof(worker: TestWorker, path: string, file: TestFile | null, note = "") {
  const form = new FormData();
  if (file) form.set("proof", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  form.set("note", note);
  const encoded = new Request("https://encode.test/", { method: "POST", body: form });
  return worker.fetch(path, { method: "POST", body: await encoded.arrayBuffer(), headers: { "Content-Type": encoded.headers.get("Content-Type")! }, redirect: "manual" });
}

/** Uploads a proof through the owner's signed page and expects it taken. */
export async function uploadProofThrough(worker: TestWorker, invoiceNumber: string, file: TestFile = pngFile(), note = "") {
  const response = await postProof(worker, await ownerProofPath(invoiceNumber), file, note);
  if (response.status !== 303) throw new Error(`The proof upload answered ${response.status}: ${await response.text()}`);
  return response;
}

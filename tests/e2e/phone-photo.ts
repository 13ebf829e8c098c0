import { writeFile } from "node:fs/promises";
import { noisePng } from "../support/png";
import { test } from "./fixtures";

/** A phone photo as a logo: 2400 by 1600 pixels of noise, about 11 MB as a PNG, over five times the limit. */
let photo: Buffer | undefined;

/**
 * The photo as a file in the test's output folder, named `name`, for `setInputFiles`: a browser on
 * this machine is handed a file's path, where a buffer is copied through Playwright's protocol
 * (13 to 14 s for these 11 MB, each time).
 */
export async function phonePhotoFile(name = "photo.png"): Promise<string> {
  photo ??= noisePng(2400, 1600);
  const file = test.info().outputPath(name);
  await writeFile(file, photo);
  return file;
}

/**
 * A photo scaled down in the browser until it fits a size, so a phone photo given as the logo goes
 * through (docs/architecture.md, "The client's booking page"). It keeps its aspect, and its type when the
 * site takes it (a PNG keeps its transparency); anything else becomes a JPEG.
 */
const keptTypes = ["image/png", "image/jpeg", "image/webp"];

/** Each try that is still too large shrinks the sides by this much. */
const step = 0.8;
const tries = 8;

function encoded(bitmap: ImageBitmap, scale: number, type: string): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

/** The file itself when it fits; else a smaller copy, or null when the browser cannot read or shrink it. */
export async function fitImage(file: File, maxBytes: number): Promise<File | null> {
  if (file.size <= maxBytes) return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  const type = keptTypes.includes(file.type) ? file.type : "image/jpeg";
  // The encoded size goes roughly with the number of pixels: the first try aims just under the limit.
  let scale = Math.min(1, Math.sqrt(maxBytes / file.size));
  try {
    for (let attempt = 0; attempt < tries; attempt++, scale *= step) {
      const blob = await encoded(bitmap, scale, type);
      // A browser that cannot write the type (WebP in older Safari) writes a PNG, which the site also takes.
      if (blob && blob.size <= maxBytes && keptTypes.includes(blob.type)) return new File([blob], file.name, { type: blob.type });
    }
    return null;
  } finally {
    bitmap.close();
  }
}

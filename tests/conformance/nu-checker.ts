import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const vnuJar = fileURLToPath(new URL("../../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url));

export interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  message: string;
  lastLine?: number;
  extract?: string;
  url: string;
}

/**
 * Checks HTML files (and `.css` files, as CSS) with the W3C Nu checker in ONE Java run, because the
 * JVM's start costs seconds. Returns each file's errors; warnings (`info`) are left out.
 */
export async function nuErrors(files: readonly string[]): Promise<Map<string, string[]>> {
  const { stdout } = await promisify(execFile)(
    "java",
    ["-jar", vnuJar, "--also-check-css", "--exit-zero-always", "--format", "json", "--stdout", ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(stdout) as { messages: NuMessage[] };
  const errors = new Map(files.map((file) => [file, [] as string[]]));
  for (const message of messages) {
    if (message.type === "info") continue;
    const file = fileURLToPath(message.url);
    const list = errors.get(file);
    if (!list) throw new Error(`The Nu checker reported on a file it was not given: ${message.url}`);
    list.push(`line ${message.lastLine ?? "?"}: ${message.message}${message.extract ? ` (${message.extract.trim()})` : ""}`);
  }
  return errors;
}


/** 160 random bits, URL-safe: a secret for an address (a booking page's key, an e-mail's one-time proof). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

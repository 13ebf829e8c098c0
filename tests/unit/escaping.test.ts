import { describe, expect, it } from "vitest";
import { contactMails } from "~/requests/mails.server";
import { escapeHtml } from "~/utils/escape-html";
import { constantTimeEqual } from "~/utils/constant-time";

describe("escaping visitor text", () => {
  it("escapes every character that matters in HTML text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("keeps visitor text out of the e-mail's HTML markup but intact in the plain text", () => {
    const mails = contactMails(
      { name: "Eve <script>", email: "eve@example.com", message: "</td><img src=x onerror=alert(1)>" },
      { ownerEmail: "owner@example.com" },
    );
    expect(mails.owner.html).not.toMatch(/<script|<img/);
    expect(mails.owner.html).toContain("&lt;/td&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(mails.owner.text).toContain("</td><img src=x onerror=alert(1)>");
    // The visitor's acknowledgement repeats none of it (tests/integration/mail-powers.test.ts).
    expect(`${mails.visitor.text}${mails.visitor.html}`).not.toMatch(/Eve|img|script/);
    expect(mails.owner.replyTo).toEqual({ email: "eve@example.com", name: "Eve <script>" });
  });
});

describe("comparing secrets", () => {
  it("is true only for identical strings", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual("", "a")).toBe(false);
    expect(constantTimeEqual("a", "")).toBe(false);
  });
});

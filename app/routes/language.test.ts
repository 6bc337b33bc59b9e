import { describe, expect, it } from "vitest";
import { action, loader } from "./language";

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  action({
    request: new Request("http://localhost/language", {
      method: "POST",
      headers: { Origin: "http://localhost", ...headers },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
  });

const thrown = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected a thrown response");
};

describe("the language switch (POST /language)", () => {
  it("remembers the language for a year and goes back to the same page", async () => {
    const response = await post({ lang: "sw", returnTo: "/pay/pay_123?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/pay/pay_123?x=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^onehop_lang=sw; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain("Secure");
  });

  it("marks the cookie Secure over HTTPS", async () => {
    const response = await post({ lang: "en", returnTo: "/" }, { "X-Forwarded-Proto": "https" });
    expect(response.headers.get("Set-Cookie")).toContain("; Secure");
  });

  it("never leaves the site, and turns an unknown language into English", async () => {
    const away = await post({ lang: "xx", returnTo: "//evil.example/phish" });
    expect(away.headers.get("Location")).toBe("/");
    expect(away.headers.get("Set-Cookie")).toMatch(/^onehop_lang=en;/);
    const missing = await post({});
    expect(missing.headers.get("Location")).toBe("/");
  });

  it("refuses a post from another site", async () => {
    const refused = await thrown(
      post({ lang: "sw", returnTo: "/" }, { Origin: "https://evil.example" }),
    );
    expect(refused.status).toBe(403);
  });

  it("sends a GET home", async () => {
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

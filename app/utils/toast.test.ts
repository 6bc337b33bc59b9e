import { describe, expect, it } from "vitest";
import { cookiesFrom, get } from "../../tests/setup/requests";
import { getToast, redirectWithSuccess } from "./toast.server";

describe("reading the flash (the root loader, on every page)", () => {
  it("a request without the flash cookie gets no flash and no Set-Cookie", async () => {
    const { toast, headers } = await getToast(
      get("/merchant/dashboard", { cookie: "onehop_session=abc; theme=dark" }),
    );
    expect(toast).toBeUndefined();
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("a flash set by a redirect is shown once, and the answer clears it", async () => {
    const redirect = await redirectWithSuccess("/merchant/dashboard", "Payment created");
    const cookie = cookiesFrom(redirect);
    expect(cookie).toMatch(/^onehop_flash=/);
    const { toast, headers } = await getToast(get("/merchant/dashboard", { cookie }));
    expect(toast).toMatchObject({ message: "Payment created", type: "success" });
    const next = cookiesFrom(new Response(null, { headers }), cookie);
    expect((await getToast(get("/merchant/dashboard", { cookie: next }))).toast).toBeUndefined();
  });
});

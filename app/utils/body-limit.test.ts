import { describe, expect, it } from "vitest";
import {
  BODY_POLICIES,
  bodyPolicyFor,
  BodyTooLargeError,
  checkDeclaredBody,
  isBodyTooLarge,
  KB,
  limitFor,
  MB,
  readBodyWithin,
  screenBody,
  type DeclaredBody,
} from "./body-limit.server";
import type { Refusal } from "./refusals.server";

const ORIGIN = "http://localhost:3000";

/** A body that arrives in `chunks` pieces of `size` bytes, with no declared length (chunked). */
function streamOf(chunks: number, size: number) {
  let sent = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1;
      if (sent >= chunks) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, pulledChunks: () => pulled };
}

/** `first` then `second`, read lazily. */
function concatStreams(first: ReadableStream<Uint8Array>, second: ReadableStream<Uint8Array>) {
  const readers = [first.getReader(), second.getReader()];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (readers.length > 0) {
        const { done, value } = await readers[0]!.read();
        if (!done) return controller.enqueue(value);
        readers.shift();
      }
      controller.close();
    },
  });
}

const declared = (overrides: Partial<DeclaredBody>): DeclaredBody => ({
  method: "POST",
  pathname: "/get-started",
  contentType: "application/x-www-form-urlencoded",
  contentLength: "10",
  chunked: false,
  accept: "text/html",
  ...overrides,
});

const post = (path: string, body: BodyInit | null, headers: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

const asRefusal = (value: Request | Refusal) => {
  expect(value).not.toBeInstanceOf(Request);
  return value as Refusal;
};

describe("the body limits table", () => {
  it("forms get 64 KB, webhooks 1 MB; the longest prefix wins and unknown paths are forms", () => {
    expect(bodyPolicyFor("/merchant-signin.data").maxBytes).toBe(64 * KB);
    expect(bodyPolicyFor("/webhooks/mpesa/b2c/result").maxBytes).toBe(1 * MB);
    expect(bodyPolicyFor("/webhooks/custody").accepts).toBe("any");
    expect(bodyPolicyFor("/anything/else").accepts).toEqual([
      "application/x-www-form-urlencoded",
      "multipart/form-data",
    ]);
    // Bodies read whole stay small; only streamed uploads may be larger.
    expect(BODY_POLICIES.every((policy) => limitFor(policy, "text/plain") <= 1 * MB)).toBe(true);
  });

  it("the application takes 3 documents of 5 MB plus its fields as multipart, 64 KB otherwise", () => {
    const policy = bodyPolicyFor("/get-started");
    expect(bodyPolicyFor("/get-started.data")).toBe(policy);
    expect(limitFor(policy, "multipart/form-data; boundary=x")).toBe(16 * MB);
    expect(limitFor(policy, "application/x-www-form-urlencoded")).toBe(64 * KB);
    expect(policy.accepts).toEqual(["application/x-www-form-urlencoded", "multipart/form-data"]);
  });
});

describe("checkDeclaredBody (headers only, nothing read)", () => {
  it("refuses a declared length over the limit with 413: a page for browsers, JSON for webhooks and JSON callers", () => {
    const page = checkDeclaredBody(declared({ contentLength: String(20 * MB) }));
    expect(page).toMatchObject({ status: 413, code: "payload_too_large", json: false });
    expect(page?.body).toContain("<h1>Request too large</h1>");
    expect(page?.body).toContain('href="/"');
    const webhook = checkDeclaredBody(
      declared({
        pathname: "/webhooks/custody",
        contentType: "application/json",
        contentLength: String(2 * MB),
      }),
    );
    expect(webhook?.status).toBe(413);
    expect(JSON.parse(webhook!.body)).toEqual({
      error: { code: "payload_too_large", message: expect.stringContaining("1 MB") },
    });
    const jsonCaller = checkDeclaredBody(
      declared({ contentLength: String(65 * KB), accept: "application/json" }),
    );
    expect(JSON.parse(jsonCaller!.body).error.code).toBe("payload_too_large");
  });

  it("lets a form at the limit through, and a 1 MB webhook", () => {
    expect(checkDeclaredBody(declared({ contentLength: String(64 * KB) }))).toBeUndefined();
    expect(
      checkDeclaredBody(declared({ contentType: "multipart/form-data; boundary=x" })),
    ).toBeUndefined();
    expect(
      checkDeclaredBody(
        declared({
          pathname: "/webhooks/custody",
          contentType: "application/json",
          contentLength: String(1 * MB),
        }),
      ),
    ).toBeUndefined();
  });

  it("refuses JSON, text/plain and a missing type on a form address with 415, saying what it takes", () => {
    for (const contentType of ["application/json", "text/plain", "application/xml", undefined]) {
      const refused = checkDeclaredBody(declared({ contentType }));
      expect(refused?.status, String(contentType)).toBe(415);
      expect(refused?.code).toBe("unsupported_media_type");
    }
    expect(checkDeclaredBody(declared({ contentType: "text/plain" }))?.body).toContain(
      "This address accepts application/x-www-form-urlencoded or multipart/form-data, not text/plain.",
    );
    expect(
      JSON.parse(checkDeclaredBody(declared({ contentType: "application/json" }))!.body).error.code,
    ).toBe("unsupported_media_type");
  });

  it("passes an empty post without a type (a bare button), bodyless methods and webhooks of any type", () => {
    expect(
      checkDeclaredBody(declared({ contentType: undefined, contentLength: "0" })),
    ).toBeUndefined();
    expect(
      checkDeclaredBody(declared({ contentType: undefined, contentLength: undefined })),
    ).toBeUndefined();
    expect(
      checkDeclaredBody(
        declared({ method: "GET", contentType: undefined, contentLength: undefined }),
      ),
    ).toBeUndefined();
    expect(
      checkDeclaredBody(
        declared({ pathname: "/webhooks/mpesa/b2c/result", contentType: "application/json" }),
      ),
    ).toBeUndefined();
    expect(
      checkDeclaredBody(
        declared({ pathname: "/simulator/market", contentType: "application/json" }),
      ),
    ).toBeUndefined();
  });

  it("a chunked body without a type is refused too (it has a body)", () => {
    expect(
      checkDeclaredBody(
        declared({ contentType: undefined, contentLength: undefined, chunked: true }),
      )?.status,
    ).toBe(415);
  });
});

describe("the application form's upload limit (headers only)", () => {
  const multipart = "multipart/form-data; boundary=x";

  it("lets a multipart application of 3 x 5 MB through, refuses one over 16 MB with 413", () => {
    expect(
      checkDeclaredBody(
        declared({ contentType: multipart, contentLength: String(15 * MB + 60 * KB) }),
      ),
    ).toBeUndefined();
    const refused = checkDeclaredBody(
      declared({ contentType: multipart, contentLength: String(16 * MB + 1) }),
    );
    expect(refused?.status).toBe(413);
    expect(refused?.body).toContain("at most 16 MB");
  });

  it("still takes a urlencoded application, within 64 KB", () => {
    expect(checkDeclaredBody(declared({ contentLength: String(64 * KB) }))).toBeUndefined();
    const refused = checkDeclaredBody(declared({ contentLength: String(64 * KB + 1) }));
    expect(refused?.status).toBe(413);
    expect(refused?.body).toContain("at most 64 KB");
  });

  it("other form pages still refuse a 1 MB multipart post", () => {
    expect(
      checkDeclaredBody(
        declared({
          pathname: "/merchant-signin",
          contentType: multipart,
          contentLength: "1048576",
        }),
      )?.status,
    ).toBe(413);
  });
});

describe("readBodyWithin", () => {
  it("returns the bytes of a body within the limit", async () => {
    const { stream } = streamOf(4, 1000);
    expect((await readBodyWithin(stream, 4000))?.byteLength).toBe(4000);
  });

  it("answers as soon as a chunked body passes the limit, long before its end", async () => {
    const { stream, pulledChunks } = streamOf(2000, 16 * KB); // 32 MB if read whole
    const [bytes, pulledWhenAnswered] = await readBodyWithin(stream, 64 * KB).then(
      (result) => [result, pulledChunks()] as const,
    );
    expect(bytes).toBeUndefined();
    // 4 chunks fit, the fifth passes the limit
    expect(pulledWhenAnswered).toBeGreaterThanOrEqual(5);
    expect(pulledWhenAnswered).toBeLessThan(20);
  });
});

describe("screenBody (in front of Remix)", () => {
  it("passes a form on as a new request with the same bytes", async () => {
    const screened = await screenBody(
      post("/get-started", "a=1&b=2", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(screened).toBeInstanceOf(Request);
    expect(Object.fromEntries(await (screened as Request).formData())).toEqual({ a: "1", b: "2" });
  });

  it("passes a multipart form, refuses a broken one with 400", async () => {
    const form = new FormData();
    form.set("username", "demo");
    const good = new Request(`${ORIGIN}/merchant-signin`, { method: "POST", body: form });
    const screened = await screenBody(good);
    expect((await (screened as Request).formData()).get("username")).toBe("demo");
    for (const [type, body] of [
      ["multipart/form-data; boundary=abc", "this is not multipart"],
      ["multipart/form-data", "--abc\r\n"],
    ] as const) {
      const refused = asRefusal(
        await screenBody(post("/merchant-signin", body, { "Content-Type": type })),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("The form data could not be read");
    }
  });

  it("refuses a chunked body over the limit with 413 without reading it whole", async () => {
    const { stream } = streamOf(1280, 16 * KB); // 20 MB
    const refused = asRefusal(
      await screenBody(
        post("/get-started", stream, { "Content-Type": "application/x-www-form-urlencoded" }),
      ),
    );
    expect(refused.status).toBe(413);
    expect(refused.body).toContain("at most 64 KB");
  });

  it("streams a multipart application on unread, and fails the read past 16 MB", async () => {
    const { stream: rest, pulledChunks } = streamOf(1100, 16 * KB); // 17.2 MB, chunked
    const opening = new TextEncoder().encode("--x\r\n");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(opening);
        controller.close();
      },
    });
    const body = concatStreams(stream, rest);
    const screened = await screenBody(
      post("/get-started", body, { "Content-Type": "multipart/form-data; boundary=x" }),
    );
    expect(screened).toBeInstanceOf(Request);
    // Nothing was read in front of the route.
    expect(pulledChunks()).toBeLessThan(5);
    const reader = (screened as Request).body!.getReader();
    let read = 0;
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        read += value.byteLength;
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BodyTooLargeError);
    expect(isBodyTooLarge(failure)).toBe(true);
    expect(read).toBeLessThanOrEqual(16 * MB);
  });

  it("turns an empty post without a type into an empty form (Remix's formData() would throw)", async () => {
    const screened = (await screenBody(post("/merchant/signout", null, {}))) as Request;
    expect([...(await screened.formData()).keys()]).toEqual([]);
  });

  it("gives a webhook its raw JSON body unchanged", async () => {
    const json = JSON.stringify({ Result: { ResultCode: 0 } });
    const screened = (await screenBody(
      post("/webhooks/mpesa/b2c/result?token=t", json, { "Content-Type": "application/json" }),
    )) as Request;
    expect(await screened.text()).toBe(json);
  });
});

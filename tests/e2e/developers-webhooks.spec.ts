/**
 * Developers › Webhooks (issue 13, item 4): an owner adds a test-mode endpoint pointing at a
 * receiver this test starts on 127.0.0.1 (the loopback allowance of PROVIDER_MODE=simulator), sees
 * the signing secret once, sends a test event from the endpoint's page, and finds it in the
 * delivery log as delivered; the receiver got a `ping` whose signature checks out with that secret.
 * Runs with JavaScript on and off (projects "js" and "no-js").
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { verifyWebhookSignature } from "../../app/core/api/webhooks/signature.server";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectJsState, expectToast } from "./helpers";

test("an owner adds an endpoint, sees its secret once, and sends a test event", async ({
  page,
}, testInfo) => {
  const hits: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("received");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/onehop/webhooks`;
  try {
    await signInAsMerchant(page, await createTestMerchant());
    await page.goto("/merchant/developers/webhooks");
    await expectJsState(page, testInfo);
    await expect(
      page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Webhooks" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No endpoints yet")).toBeVisible();

    // A live endpoint must be https: refused with a message, nothing added.
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("radio", { name: "Live" }).check();
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(page.getByText("Live endpoints must use https://")).toBeVisible();

    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("Description (optional)").fill("Duka till");
    await page.getByRole("radio", { name: "Test" }).check();
    await expect(page.getByRole("checkbox", { name: /All events/ })).toBeChecked();
    await page.getByRole("button", { name: "Add Endpoint" }).click();

    await expectToast(page, testInfo, "Endpoint added");
    await expect(
      page.getByRole("heading", { name: "Your new endpoint's signing secret" }),
    ).toBeVisible();
    const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const row = page.getByRole("table", { name: "Webhook endpoints" }).getByRole("row", {
      name: /Duka till/,
    });
    await expect(row).toContainText("Test");
    await expect(row).toContainText("All events");
    await expect(row).toContainText("Enabled");

    // Shown once: the page loaded again does not carry it.
    await page.goto("/merchant/developers/webhooks");
    await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("link", { name: url }).click();
    await expect(page.getByRole("heading", { level: 2, name: url })).toBeVisible();
    await expect(page.getByText("Nothing sent yet")).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, testInfo, "Test event sent");

    const log = page.getByRole("region", { name: "Delivery log" });
    await expect(async () => {
      await page.reload();
      await expect(log.getByText("ping", { exact: true })).toBeVisible({ timeout: 500 });
      await expect(log.getByText("Delivered")).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await log.getByText("Attempts").click();
    await expect(log).toContainText("HTTP 200");
    await expect(log).toContainText("received");

    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit!.headers["onehop-event-type"]).toBe("ping");
    expect(JSON.parse(hit!.body)).toMatchObject({ type: "ping", livemode: false });
    expect(
      verifyWebhookSignature({
        header: hit!.headers["onehop-signature"] as string,
        rawBody: hit!.body,
        secrets: [secret],
      }).ok,
    ).toBe(true);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

import { describe, expect, it } from "vitest";
import { describeDevice, deviceKey } from "./device";

const agents = {
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  firefoxWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68",
  operaAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/85.0.0.0",
  samsung:
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1",
  chromeLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
};

describe("describeDevice", () => {
  it.each([
    [agents.chromeAndroid, "Chrome on Android"],
    [agents.firefoxWindows, "Firefox on Windows"],
    [agents.safariIphone, "Safari on iPhone"],
    [agents.safariMac, "Safari on macOS"],
    [agents.edgeWindows, "Edge on Windows"],
    [agents.operaAndroid, "Opera on Android"],
    [agents.samsung, "Samsung Internet on Android"],
    [agents.chromeIos, "Chrome on iPhone"],
    [agents.chromeLinux, "Chrome on Linux"],
    [agents.chromebook, "Chrome on ChromeOS"],
    ["curl/8.5.0", "Unknown device"],
    [null, "Unknown device"],
    ["", "Unknown device"],
  ])("%s -> %s", (agent, expected) => {
    expect(describeDevice(agent)).toBe(expected);
  });

  it("treats a browser update as the same device, and another browser as another", () => {
    const older = agents.chromeAndroid.replace("Chrome/130", "Chrome/128");
    expect(deviceKey(older)).toBe(deviceKey(agents.chromeAndroid));
    expect(deviceKey(agents.samsung)).not.toBe(deviceKey(agents.chromeAndroid));
    expect(deviceKey(agents.firefoxWindows)).not.toBe(deviceKey(agents.edgeWindows));
  });
});

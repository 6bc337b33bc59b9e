import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS_COUNT, COMMON_PASSWORDS_TEXT } from "~/content/common-passwords";
import {
  checkNewPassword,
  isCommonPassword,
  passwordPolicyMessages as messages,
} from "./password-policy.server";

const refused = (message: string) => ({ ok: false, message });

describe("checkNewPassword", () => {
  it("refuses fewer than 12 characters and accepts 12", () => {
    expect(checkNewPassword("kettle-mint")).toEqual(refused(messages.tooShort)); // 11
    expect(messages.tooShort).toBe("Use at least 12 characters.");
    expect(checkNewPassword("kettle-mints")).toEqual({ ok: true }); // 12
  });

  it("counts characters, not UTF-16 units", () => {
    // 11 characters, 22 UTF-16 code units.
    expect(checkNewPassword("🦒".repeat(11))).toEqual(refused(messages.tooShort));
    expect(checkNewPassword("🦒".repeat(12))).toEqual({ ok: true });
  });

  it("refuses more than 256 characters", () => {
    expect(checkNewPassword("a quiet river ".repeat(18).slice(0, 256))).toEqual({ ok: true });
    expect(checkNewPassword("a quiet river ".repeat(19).slice(0, 257))).toEqual(
      refused(messages.tooLong),
    );
  });

  it("refuses a common password of 12+ characters whatever its case", () => {
    for (const password of ["qwerty123456", "QWERTY123456", "1Q2w3E4r5T6y", "LeaveMeAlone"]) {
      expect(checkNewPassword(password)).toEqual(
        refused("This password is too common. Choose one that is hard to guess."),
      );
    }
  });

  it("refuses a password equal to or containing the username", () => {
    const context = { username: "wanjiku_k" };
    expect(checkNewPassword("Wanjiku_K123", context)).toEqual(refused(messages.containsUsername));
    expect(checkNewPassword("my name is wanjiku k!", context)).toEqual(
      refused(messages.containsUsername),
    );
    expect(checkNewPassword("wanjikukamau99", { username: "WanjikuKamau99" })).toEqual(
      refused(messages.containsUsername),
    );
  });

  it("refuses a password containing the e-mail address or its local part", () => {
    const context = { email: "otieno.b@example.co.ke" };
    expect(checkNewPassword("otieno.b@example.co.ke", context)).toEqual(
      refused(messages.containsEmail),
    );
    expect(checkNewPassword("Otieno-B-likes-tea", context)).toEqual(
      refused(messages.containsEmail),
    );
  });

  it("refuses a password containing the business name", () => {
    expect(
      checkNewPassword("mama mboga supplies 2024", { businessName: "Mama Mboga Supplies" }),
    ).toEqual(refused(messages.containsBusinessName));
  });

  it("accepts a good passphrase that shares nothing with the account", () => {
    expect(
      checkNewPassword("tilapia lanterns over Naivasha", {
        username: "wanjiku_k",
        email: "wanjiku@example.co.ke",
        businessName: "Mama Mboga Supplies",
      }),
    ).toEqual({ ok: true });
  });
});

describe("the common-password list", () => {
  it("holds distinct lower-case passwords of 12+ characters, most common first", () => {
    const entries = COMMON_PASSWORDS_TEXT.split("\n");
    expect(entries).toHaveLength(COMMON_PASSWORDS_COUNT);
    expect(COMMON_PASSWORDS_COUNT).toBe(308);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.slice(0, 2)).toEqual(["123qweasdzxc", "1qaz2wsx3edc"]);
    expect(entries.every((entry) => entry === entry.toLowerCase())).toBe(true);
    expect(entries.every((entry) => [...entry.normalize("NFKC")].length >= 12)).toBe(true);
  });

  it("matches case-insensitively", () => {
    expect(isCommonPassword("QAZwsxEDCrfv")).toBe(true);
    expect(isCommonPassword("tilapia lanterns over Naivasha")).toBe(false);
  });

  it("refuses passwords that pass the length rule but are on the list", () => {
    for (const password of ["123456qwerty", "finalfantasy", "qwerasdfzxcv", "112233445566"]) {
      expect(checkNewPassword(password)).toEqual(refused(messages.tooCommon));
    }
  });
});

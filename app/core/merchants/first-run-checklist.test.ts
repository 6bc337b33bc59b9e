import { describe, expect, it } from "vitest";
import { firstRunSteps } from "~/content/dashboard";
import { permissions } from "~/core/accounts/permissions";
import { firstRunChecklist, type FirstRunFacts } from "./first-run-checklist";

const nothingDone: FirstRunFacts = {
  settlement: false,
  team: false,
  twoFactor: false,
  firstPayment: false,
  apiKey: false,
};
const everythingDone: FirstRunFacts = {
  settlement: true,
  team: true,
  twoFactor: true,
  firstPayment: true,
  apiKey: true,
};

const labels = (role: string, facts: FirstRunFacts) =>
  firstRunChecklist(role, facts)?.steps.map((step) => step.label);

describe("the first-run checklist", () => {
  it("gives an owner the five steps in order, each with where it is done", () => {
    const checklist = firstRunChecklist("owner", nothingDone);
    expect(checklist?.steps.map((s) => [s.label, s.to, s.done])).toEqual([
      ["Add your settlement number", "/merchant/settings", false],
      ["Invite your team", "/merchant/team", false],
      ["Turn on two-factor sign-in", "/merchant/security/two-factor", false],
      ["Take your first payment", "/merchant/payments/new", false],
      ["Create an API key", "/merchant/developers", false],
    ]);
    expect(checklist).toMatchObject({ done: 0, total: 5 });
  });

  it("counts the steps done ('2 of 5 done')", () => {
    const checklist = firstRunChecklist("owner", {
      ...nothingDone,
      settlement: true,
      twoFactor: true,
    });
    expect(checklist).toMatchObject({ done: 2, total: 5 });
    expect(checklist?.steps.filter((s) => s.done).map((s) => s.id)).toEqual([
      "settlement",
      "twoFactor",
    ]);
  });

  it("shows each role only the steps it may do", () => {
    // A Cashier cannot add a payout number, invite anyone or make keys.
    expect(labels("cashier", nothingDone)).toEqual([
      "Turn on two-factor sign-in",
      "Take your first payment",
    ]);
    expect(labels("admin", nothingDone)).toEqual([
      "Turn on two-factor sign-in",
      "Take your first payment",
      "Create an API key",
    ]);
    expect(labels("developer", nothingDone)).toEqual([
      "Turn on two-factor sign-in",
      "Take your first payment",
      "Create an API key",
    ]);
    expect(labels("viewer", nothingDone)).toEqual(["Turn on two-factor sign-in"]);
    expect(labels("nobody", nothingDone)).toEqual(["Turn on two-factor sign-in"]);
  });

  it("is hidden once every step the role may do is done", () => {
    expect(firstRunChecklist("owner", everythingDone)).toBeNull();
    // A cashier's two steps done: the owner's steps left undone do not keep it up.
    expect(
      firstRunChecklist("cashier", { ...nothingDone, twoFactor: true, firstPayment: true }),
    ).toBeNull();
    expect(firstRunChecklist("cashier", { ...nothingDone, twoFactor: true })).toMatchObject({
      done: 1,
      total: 2,
    });
  });

  it("names only permissions the role table knows", () => {
    for (const step of firstRunSteps)
      if (step.permission) expect(permissions).toContain(step.permission);
  });
});

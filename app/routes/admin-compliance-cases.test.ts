/**
 * /admin/compliance/cases (issue 31, item 4): compliance officers (and administrators) see the
 * queue with overdue cases marked, read a case with its evidence, add a note, take it and decide
 * it once; reviewers and curators may not; a merchant never reaches it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openCase } from "~/core/compliance/cases.server";
import { auditTrail } from "~/core/audit.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { loader as queueLoader } from "./admin.compliance.cases._index";
import { action, loader } from "./admin.compliance.cases.$id";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
const store = testStore(db);

async function newCase(now: number, title = "Deposit to pay_x from a listed address") {
  return store.write((q) =>
    openCase(q, {
      kind: "sanctions_hit",
      severity: "critical",
      title,
      merchantId: "MRC-CASE22",
      evidence: { address: "0xabc" },
      holds: [{ target: "payment", targetId: "pay_notreal0001" }],
      now,
    }),
  );
}

const at = (id: string) => `/admin/compliance/cases/${id}`;
const caseArgs = (request: Request, id: string) => ({ request, params: { id }, context: {} });

describe("the case queue", () => {
  it("lists open cases by due date with the overdue ones marked, for compliance officers only", async () => {
    const overdue = await newCase(Date.now() - 3 * 24 * 3_600_000, "An old case");
    const fresh = await newCase(Date.now(), "A new case");
    const { cookie } = await signedInOperator(db, "compliance");
    const page = (await respond(() =>
      queueLoader({ request: get("/admin/compliance/cases", { cookie }), params: {}, context: {} }),
    )) as Response;
    const { open } = (await page.json()) as {
      open: { id: string; overdue: boolean; holds: number }[];
    };
    const ids = open.map((row) => row.id);
    expect(ids.indexOf(overdue)).toBeLessThan(ids.indexOf(fresh));
    expect(open.find((row) => row.id === overdue)).toMatchObject({ overdue: true, holds: 1 });
    expect(open.find((row) => row.id === fresh)).toMatchObject({ overdue: false });

    for (const role of ["reviewer", "curator"] as const) {
      const other = await signedInOperator(db, role);
      const refused = await respond(() =>
        queueLoader({
          request: get("/admin/compliance/cases", { cookie: other.cookie }),
          params: {},
          context: {},
        }),
      );
      expect(refused.status).toBe(403);
    }
  });
});

describe("a case", () => {
  it("takes a note, then one decision (audited); a second decision is refused", async () => {
    const id = await newCase(Date.now());
    const { cookie, operator } = await signedInOperator(db, "compliance");
    const empty = await respond(() =>
      action(caseArgs(formPost(at(id), { intent: "note", note: "" }, { cookie }), id)),
    );
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      form: "note",
      errors: { note: "Write a note, or take the case" },
    });
    const noted = await respond(() =>
      action(
        caseArgs(
          formPost(
            at(id),
            { intent: "note", note: "Checked the exchange", take: "on" },
            { cookie },
          ),
          id,
        ),
      ),
    );
    expect(noted.status).toBe(302);
    expect(await toastOf(noted)).toMatchObject({ message: "Note added." });

    const noReason = await respond(() =>
      action(caseArgs(formPost(at(id), { intent: "decide", decision: "clear" }, { cookie }), id)),
    );
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { errors: Record<string, string> }).errors.reason).toBe(
      "Say why: the reason is kept with the decision",
    );

    const decided = await respond(() =>
      action(
        caseArgs(
          formPost(
            at(id),
            { intent: "decide", decision: "hold", reason: "Confirmed match" },
            { cookie },
          ),
          id,
        ),
      ),
    );
    expect(decided.status).toBe(302);
    expect(await toastOf(decided)).toMatchObject({ message: "Case decided: kept on hold." });
    const again = await respond(() =>
      action(
        caseArgs(
          formPost(
            at(id),
            { intent: "decide", decision: "clear", reason: "Changed my mind" },
            { cookie },
          ),
          id,
        ),
      ),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      form: "decide",
      errors: { form: "This case is already decided." },
    });

    const page = (await respond(() => loader(caseArgs(get(at(id), { cookie }), id)))) as Response;
    const body = (await page.json()) as {
      case: { status: string; ownerId: string };
      events: { type: string; body: string }[];
      holds: { status: string }[];
    };
    expect(body.case).toMatchObject({ status: "held", ownerId: operator.id });
    expect(body.events.map((event) => event.type)).toEqual(["opened", "note", "decided"]);
    expect(body.holds).toMatchObject([{ status: "kept" }]);
    const audit = await auditTrail(store, "compliance_case", id);
    expect(audit.map((row) => row.action)).toEqual([
      "compliance_case.hold",
      "compliance_case.noted",
    ]);
  });

  it("answers 404 for a case that does not exist", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const missing = await respond(() =>
      loader(caseArgs(get(at("case_nothinghere"), { cookie }), "case_nothinghere")),
    );
    expect(missing.status).toBe(404);
  });
});

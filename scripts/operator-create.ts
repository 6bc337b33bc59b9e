/**
 * Create an operator: `npm run operator:create -- --email a@b.co --name "Jane" --role admin`. The
 * password is read from the OPERATOR_PASSWORD environment variable or typed at the prompt (never an
 * argument, so it stays out of shell history). DATABASE_URL: a SQLite file or PostgreSQL (ADR
 * 0046), migrated first; one that cannot be used: one line, exit code 1.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { operatorRoles } from "../app/core/operator-roles";
import { createOperator, findOperatorByEmail } from "../app/core/operators.server";
import { onDatabase } from "./on-database";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "admin" },
  },
});

const input = z
  .object({
    email: z.string().email("--email must be an e-mail address"),
    name: z.string().min(1, "--name is required"),
    role: z.enum(operatorRoles, {
      errorMap: () => ({ message: `--role must be one of ${operatorRoles.join(", ")}` }),
    }),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((issue) => issue.message).join("\n"));
  process.exit(2);
}

let password = process.env.OPERATOR_PASSWORD ?? "";
if (!password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  password = await prompt.question("Password (at least 12 characters): ");
  prompt.close();
}
if (password.length < 12) {
  console.error("The password must be at least 12 characters.");
  process.exit(2);
}

const created = await onDatabase(async (store) =>
  (await findOperatorByEmail(store, input.data.email))
    ? null
    : createOperator(store, { ...input.data, password }),
);
if (!created) {
  console.error(`An operator with e-mail ${input.data.email} already exists.`);
  process.exit(1);
}
console.log(
  `Created operator ${created.email} (${created.role}). Sign in at /admin/signin: the console ` +
    "then asks for two-factor sign-in to be set up (an authenticator app) before anything else.",
);

/**
 * Create an operator: `npm run operator:create -- --email a@b.co --name "Jane" --role admin`. The
 * password is read from the OPERATOR_PASSWORD environment variable or typed at the prompt (never an
 * argument, so it stays out of shell history).
 */
import { createInterface } from "node:readline/promises";
import { sqliteStore } from "../app/db/sqlite-store.server";
import { parseArgs } from "node:util";
import { z } from "zod";
import { operatorRoles } from "../app/core/operator-roles";
import { createOperator, findOperatorByEmail } from "../app/core/operators.server";
import { openDatabase } from "../app/db/sqlite-connection.server";
import { env } from "../app/utils/env.server";

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

const db = openDatabase(env.DATABASE_URL);
if (await findOperatorByEmail(sqliteStore(db), input.data.email)) {
  console.error(`An operator with e-mail ${input.data.email} already exists.`);
  process.exit(1);
}
const operator = await createOperator(sqliteStore(db), { ...input.data, password });
console.log(
  `Created operator ${operator.email} (${operator.role}). Sign in at /admin/signin: the console ` +
    "then asks for two-factor sign-in to be set up (an authenticator app) before anything else.",
);
db.$client.close();

import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperator } from "~/utils/operator-auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, ["admin", "reviewer", "curator"]);
  throw redirect(operator.role === "curator" ? "/admin/ingest" : "/admin/applications");
}

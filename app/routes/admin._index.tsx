import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperator } from "~/utils/operator-auth.server";
import { paths } from "~/utils/paths";

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, ["admin", "reviewer", "curator"]);
  throw redirect(operator.role === "curator" ? paths.adminIngest : paths.adminApplications);
}

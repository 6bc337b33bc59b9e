import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperator } from "~/utils/operator-auth.server";
import { operatorHome } from "~/content/app-navigation";
import { operatorRoles } from "~/core/operator-roles";

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  throw redirect(operatorHome(operator.role));
}

/** /merchant is the app's front door: the dashboard. */
import { redirect } from "@remix-run/node";
import * as paths from "~/utils/paths";

export const loader = () => redirect(paths.merchantDashboard);

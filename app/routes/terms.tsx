import { legalPage } from "~/components/legal/legal-page";
import { terms } from "~/content/legal/terms";

const page = legalPage(terms);
export const headers = page.headers;
export const meta = page.meta;
export default page.Page;
